package dev.informerbench.controlplane;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The PKI of one local control plane: a throw-away CA, the API server's serving
 * certificate for the loopback names, an admin client certificate in
 * {@code system:masters}, and the service-account signing key. Everything lives only
 * as long as the control plane's run folder.
 */
public final class Certificates {
    /** The user the kubeconfig authenticates as; {@code system:masters} makes it cluster-admin. */
    public static final String ADMIN_USER = "informer-bench-admin";

    private static final X500Name CA_NAME = new X500Name("CN=informer-bench-ca");
    private static final Duration VALIDITY = Duration.ofDays(7);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Issued ca;
    private final Issued server;
    private final Issued admin;
    private final KeyPair serviceAccountKey;

    /** A certificate with its private key. */
    public record Issued(X509Certificate certificate, PrivateKey key) {
        public String certificatePem() {
            return pem(certificate);
        }

        public String keyPem() {
            return pem(key);
        }
    }

    private Certificates(Issued ca, Issued server, Issued admin, KeyPair serviceAccountKey) {
        this.ca = ca;
        this.server = server;
        this.admin = admin;
        this.serviceAccountKey = serviceAccountKey;
    }

    /** Generates a fresh CA and the certificates it signs. */
    public static Certificates generate() {
        try {
            KeyPair caKeys = rsa();
            X500Name caName = CA_NAME;
            X509Certificate caCert = sign(caName, caKeys, caName, caKeys, builder -> {
                builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
                builder.addExtension(Extension.keyUsage, true,
                        new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign | KeyUsage.digitalSignature));
            });
            Issued ca = new Issued(caCert, caKeys.getPrivate());

            KeyPair serverKeys = rsa();
            X509Certificate serverCert = sign(new X500Name("CN=kube-apiserver"), serverKeys, caName, caKeys,
                    builder -> {
                builder.addExtension(Extension.keyUsage, true,
                        new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
                builder.addExtension(Extension.extendedKeyUsage, false,
                        new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
                // Loopback only: the server never answers on any other name or address.
                builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                    new GeneralName(GeneralName.iPAddress, "::1"),
                    new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.dNSName, "kubernetes"),
                    new GeneralName(GeneralName.dNSName, "kubernetes.default"),
                    new GeneralName(GeneralName.dNSName, "kubernetes.default.svc"),
                }));
            });

            Issued admin = client(ADMIN_USER, List.of("system:masters"), ca);

            return new Certificates(ca, new Issued(serverCert, serverKeys.getPrivate()), admin, rsa());
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("could not generate the control plane's certificates", e);
        }
    }

    public Issued ca() {
        return ca;
    }

    public Issued admin() {
        return admin;
    }

    /**
     * A client certificate of this CA for {@code user} in {@code groups} (the API server reads
     * CN as the user, each O as a group). Outside {@code system:masters} it has no rights until
     * RBAC grants some, and API Priority and Fairness applies to it: the admin is exempt.
     */
    public Issued issueClient(String user, List<String> groups) {
        try {
            return client(user, groups, ca);
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("could not issue a client certificate for " + user, e);
        }
    }

    private static Issued client(String user, List<String> groups, Issued ca)
            throws GeneralSecurityException, OperatorCreationException, IOException {
        X500NameBuilder subject = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, user);
        groups.forEach(group -> subject.addRDN(BCStyle.O, group));
        KeyPair keys = rsa();
        X509Certificate cert = sign(subject.build(), keys, CA_NAME,
                new KeyPair(ca.certificate().getPublicKey(), ca.key()), builder -> {
                    builder.addExtension(Extension.keyUsage, true,
                            new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
                    builder.addExtension(Extension.extendedKeyUsage, false,
                            new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
                });
        return new Issued(cert, keys.getPrivate());
    }

    /** The files kube-apiserver reads, written into {@code dir}. */
    public record ApiServerFiles(Path caCert, Path serverCert, Path serverKey, Path serviceAccountKey,
            Path serviceAccountPublicKey) {}

    public ApiServerFiles writeTo(Path dir) {
        try {
            Files.createDirectories(dir);
            ApiServerFiles files = new ApiServerFiles(dir.resolve("ca.crt"), dir.resolve("apiserver.crt"),
                    dir.resolve("apiserver.key"), dir.resolve("sa.key"), dir.resolve("sa.pub"));
            write(files.caCert(), ca.certificatePem());
            write(files.serverCert(), server.certificatePem());
            write(files.serverKey(), server.keyPem());
            write(files.serviceAccountKey(), pem(serviceAccountKey.getPrivate()));
            write(files.serviceAccountPublicKey(), pem(serviceAccountKey.getPublic()));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** TLS for talking to the API server as the admin user, trusting only this CA. */
    public SSLContext adminSslContext() {
        try {
            char[] password = new char[0];
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("admin", admin.key(), password, new X509Certificate[] {admin.certificate()});
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, password);

            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("ca", ca.certificate());
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);

            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), RANDOM);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("could not build a TLS context from the generated certificates", e);
        }
    }

    private interface Extensions {
        void add(X509v3CertificateBuilder builder) throws IOException;
    }

    private static X509Certificate sign(X500Name subject, KeyPair subjectKeys, X500Name issuer, KeyPair issuerKeys,
            Extensions extensions) throws GeneralSecurityException, OperatorCreationException, IOException {
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, new BigInteger(64, RANDOM).abs(),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(VALIDITY)), subject,
                subjectKeys.getPublic());
        JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
        builder.addExtension(Extension.subjectKeyIdentifier, false,
                utils.createSubjectKeyIdentifier(subjectKeys.getPublic()));
        builder.addExtension(Extension.authorityKeyIdentifier, false,
                utils.createAuthorityKeyIdentifier(issuerKeys.getPublic()));
        extensions.add(builder);
        return new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(issuerKeys.getPrivate())));
    }

    private static KeyPair rsa() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048, RANDOM);
        return generator.generateKeyPair();
    }

    static String pem(Object object) {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void write(Path path, String content) throws IOException {
        Files.writeString(path, content, StandardCharsets.US_ASCII);
        // Private keys readable by their owner only, as kubectl and ssh users expect.
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(
                path.toString().endsWith(".key") ? "rw-------" : "rw-r--r--"));
    }
}
