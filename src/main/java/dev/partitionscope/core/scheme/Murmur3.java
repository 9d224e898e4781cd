package dev.partitionscope.core.scheme;

import java.nio.charset.StandardCharsets;

/**
 * MurmurHash3 x86_32 (Austin Appleby's public-domain reference), the hash behind the {@code hash:N} scheme. Chosen
 * because every language has it with the same results — Python's {@code mmh3.hash(id, signed=False)}, Guava's
 * {@code murmur3_32_fixed}, the npm {@code murmurhash3js} — so an application can compute the same suffix as
 * PartitionScope without copying code, and it costs a few nanoseconds per id (SHA-256 would cost a microsecond).
 */
public final class Murmur3 {
    private static final int C1 = 0xcc9e2d51;
    private static final int C2 = 0x1b873593;

    private Murmur3() {
    }

    /** The hash of a string's UTF-8 bytes with seed 0, as an unsigned value in [0, 2^32). */
    public static long unsigned(String text) {
        return Integer.toUnsignedLong(hash32(text.getBytes(StandardCharsets.UTF_8), 0));
    }

    public static int hash32(byte[] data, int seed) {
        int h = seed;
        int blocks = data.length >>> 2;
        for (int i = 0; i < blocks; i++) {
            int at = i << 2;
            int k = (data[at] & 0xff) | (data[at + 1] & 0xff) << 8 | (data[at + 2] & 0xff) << 16
                    | (data[at + 3] & 0xff) << 24;
            k *= C1;
            k = Integer.rotateLeft(k, 15);
            k *= C2;
            h ^= k;
            h = Integer.rotateLeft(h, 13);
            h = h * 5 + 0xe6546b64;
        }
        int tail = blocks << 2;
        int rest = data.length & 3;
        if (rest > 0) {
            int k = 0;
            if (rest == 3) {
                k ^= (data[tail + 2] & 0xff) << 16;
            }
            if (rest >= 2) {
                k ^= (data[tail + 1] & 0xff) << 8;
            }
            k ^= data[tail] & 0xff;
            k *= C1;
            k = Integer.rotateLeft(k, 15);
            k *= C2;
            h ^= k;
        }
        h ^= data.length;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
