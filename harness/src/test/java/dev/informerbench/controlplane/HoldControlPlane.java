package dev.informerbench.controlplane;

/**
 * Started in a child JVM by {@link CrashRecoveryIT}: holds a local control plane and
 * prints its process ids, then waits to be killed.
 */
public final class HoldControlPlane {
    public static void main(String[] args) throws InterruptedException {
        LocalControlPlane cp = LocalControlPlane.start(LocalControlPlane.Options.defaults());
        StringBuilder line = new StringBuilder("READY " + cp.runDirectory());
        cp.processes().forEach(p -> line.append(' ').append(p.pid()));
        System.out.println(line);
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
