package dev.informerbench.servercost;

import dev.informerbench.client.ClientConnection;
import dev.informerbench.fixtures.FixtureNames;
import java.util.Base64;
import java.util.SplittableRandom;

/**
 * Makes a fixture's ConfigMaps larger: each gets a {@value #KEY} value of {@code kib} KiB, so a
 * LIST of them is the size WatchList's memory claim is about (KEP-3157: large objects). The bytes
 * are random (base64 of a seeded generator, the same every run): the server gzips large answers
 * to clients that ask, and a repeated character would make the wire and the compression cost
 * nothing.
 */
public final class Padding {
    public static final String KEY = "padding";

    private Padding() {}

    /** The value of {@code kib} KiB object {@code index} gets. */
    static String value(int index, int kib) {
        byte[] bytes = new byte[kib * 1024 * 3 / 4 + 3];
        new SplittableRandom(index).nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes).substring(0, kib * 1024);
    }

    /** Pads each of the {@code objects} ConfigMaps of {@code namespace} to {@code kib} KiB more; 0 leaves them. */
    public static void pad(ClientConnection writer, String namespace, int objects, int kib) throws Exception {
        for (int i = 0; kib > 0 && i < objects; i++) {
            writer.update(namespace, FixtureNames.name(i), KEY, value(i, kib));
        }
    }
}
