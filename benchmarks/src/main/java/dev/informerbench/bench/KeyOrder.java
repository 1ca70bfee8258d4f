package dev.informerbench.bench;

import dev.informerbench.fixtures.FixtureNames;
import java.util.SplittableRandom;

/**
 * A precomputed random order of fixture names, so a read benchmark neither walks the keys
 * in insertion order nor spends its time in a random number generator. The length is a
 * power of two: the next key is one AND away.
 */
final class KeyOrder {
    private static final int LENGTH = 1 << 16;

    final String[] keys = new String[LENGTH];
    final int mask = LENGTH - 1;

    KeyOrder(int objects, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < LENGTH; i++) {
            keys[i] = FixtureNames.name(random.nextInt(objects));
        }
    }
}
