package dev.informerbench.controlplane;

/**
 * Started in a background JVM by {@link ControlPlaneServiceIT}: what the CLI's
 * {@code controlplane serve --port N} does, without the CLI, which sits above this package.
 */
public final class ServeControlPlane {
    public static void main(String[] args) throws InterruptedException {
        System.exit(ControlPlaneService.serve(Integer.parseInt(args[0])));
    }
}
