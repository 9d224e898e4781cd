package dev.partitionscope.core.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Key streams for the sketch comparisons: the Lab's meter sees Zipf-distributed partition keys (the Insight report
 * benchmark uses s = 0.8 over 100,000 customers), the key audit sees every sampled key once or a few times.
 */
final class KeyStreams {
    private KeyStreams() {}

    /** Key names {@code customer#0 ..}, made once so the stream's strings share them (as a Lab's hot keys do). */
    static String[] names(int keys) {
        String[] names = new String[keys];
        for (int i = 0; i < keys; i++) {
            names[i] = "customer#" + i;
        }
        return names;
    }

    /** {@code events} key indexes in [0, keys), key i drawn with probability ∝ 1 / (i + 1)^s. */
    static int[] zipf(int keys, double s, int events, long seed) {
        double[] cdf = new double[keys];
        double acc = 0;
        for (int i = 0; i < keys; i++) {
            acc += 1.0 / Math.pow(i + 1, s);
            cdf[i] = acc;
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] out = new int[events];
        for (int e = 0; e < events; e++) {
            int k = Arrays.binarySearch(cdf, rnd.nextDouble() * acc);
            out[e] = k < 0 ? Math.min(keys - 1, -k - 1) : k;
        }
        return out;
    }

    /** The exact weight of each key index in a stream of unit weights. */
    static long[] truth(int keys, int[] stream) {
        long[] t = new long[keys];
        for (int k : stream) {
            t[k]++;
        }
        return t;
    }
}
