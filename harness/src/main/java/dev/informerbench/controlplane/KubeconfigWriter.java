package dev.informerbench.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;

/**
 * Writes the kubeconfig of a local control plane: one cluster, one user (the admin unless
 * told otherwise) with an embedded client certificate, one context. Both client-java and
 * kubectl read it. It is only ever written to the control plane's own run folder, never to
 * ~/.kube/config.
 */
final class KubeconfigWriter {
    static final String CONTEXT = "informer-bench-local";

    private KubeconfigWriter() {}

    static Path write(Path file, String serverUrl, Certificates certificates) {
        return write(file, serverUrl, certificates.ca(), Certificates.ADMIN_USER, certificates.admin());
    }

    /** The same for another user, authenticated by {@code client}, a certificate of the same CA. */
    static Path write(Path file, String serverUrl, Certificates.Issued ca, String user, Certificates.Issued client) {
        String yaml = """
                apiVersion: v1
                kind: Config
                clusters:
                - name: %1$s
                  cluster:
                    server: %2$s
                    certificate-authority-data: %3$s
                users:
                - name: %4$s
                  user:
                    client-certificate-data: %5$s
                    client-key-data: %6$s
                contexts:
                - name: %1$s
                  context:
                    cluster: %1$s
                    user: %4$s
                    namespace: default
                current-context: %1$s
                """.formatted(CONTEXT, serverUrl, base64(ca.certificatePem()), user, base64(client.certificatePem()),
                base64(client.keyPem()));
        try {
            Files.writeString(file, yaml, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String base64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.US_ASCII));
    }
}
