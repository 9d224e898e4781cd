package dev.partitionscope.core.scheme;

import java.nio.charset.StandardCharsets;

/**
 * MurmurHash3 x86_32 (Austin Appleby's public-domain reference), the hash behind the {@code hash:N} scheme. Chosen
 * because every language has it with the same results — Python's {@code mmh3.hash(id, signed=False)}, Guava's
 * {@code murmur3_32_fixed}, the npm {@code murmurhash3js} — so an application can compute the same suffix as
 * PartitionScope without copying code, and it costs a few nanoseconds per id (SHA-256 would cost a microsecond).
 *
 * <p>Kept hand-written (issue 19, item 4; {@code Murmur3Benchmark} in src/jmh): the code generators emit this same
 * MurmurHash3 x86_32 in Java, TypeScript and Python ({@code core/codegen}), and their tests run the generated code
 * against {@link Suffixes} on 10,000 ids of every UTF-8 length class ({@code KeyCases}), so this class is the
 * reference the three copies are read against, line for line. commons-codec 1.19's {@code MurmurHash3.hash32x86}
 * and {@code hash128x64(..)[0]} give the same bits (checked on a million random byte strings of 0..69 bytes) and
 * {@code hash32x86} runs as fast (about 21 ns for a 14-byte id, 41–47 ns for 42 bytes), but {@code hash128x64}
 * allocates a {@code long[2]} per call (several times slower on the audit's per-key path), and a 375 KB dependency
 * for these hundred lines would still leave the generated copies to be kept in step by hand.
 */
public final class Murmur3 {
    private static final int C1 = 0xcc9e2d51;
    private static final int C2 = 0x1b873593;

    private Murmur3() {}

    /** The hash of a string's UTF-8 bytes with seed 0, as an unsigned value in [0, 2^32). */
    public static long unsigned(String text) {
        return Integer.toUnsignedLong(hash32(text.getBytes(StandardCharsets.UTF_8), 0));
    }

    /**
     * The first 64 bits of MurmurHash3 x64_128 of a string's UTF-8 bytes with seed 0 — what Guava's
     * {@code murmur3_128().hashString(s, UTF_8).asLong()} and Python's {@code mmh3.hash64(s)[0]} give. For sketches
     * that need a well-mixed 64-bit value per key (a HyperLogLog over millions of keys): 32 bits would collide
     * about once per 65,000 keys at a million and bias the count.
     */
    public static long hash64(String text) {
        return hash64(text.getBytes(StandardCharsets.UTF_8), 0);
    }

    /** The first 64 bits ({@code h1}) of MurmurHash3 x64_128 of {@code data}. */
    public static long hash64(byte[] data, long seed) {
        long h1 = seed;
        long h2 = seed;
        int blocks = data.length >>> 4;
        for (int i = 0; i < blocks; i++) {
            int at = i << 4;
            long k1 = littleEndian(data, at, 8);
            long k2 = littleEndian(data, at + 8, 8);
            h1 ^= mixK1(k1);
            h1 = Long.rotateLeft(h1, 27);
            h1 += h2;
            h1 = h1 * 5 + 0x52dce729;
            h2 ^= mixK2(k2);
            h2 = Long.rotateLeft(h2, 31);
            h2 += h1;
            h2 = h2 * 5 + 0x38495ab5;
        }
        int tail = blocks << 4;
        int rest = data.length & 15;
        if (rest > 8) {
            h2 ^= mixK2(littleEndian(data, tail + 8, rest - 8));
        }
        if (rest > 0) {
            h1 ^= mixK1(littleEndian(data, tail, Math.min(rest, 8)));
        }
        h1 ^= data.length;
        h2 ^= data.length;
        h1 += h2;
        h2 += h1;
        h1 = fmix64(h1);
        h2 = fmix64(h2);
        return h1 + h2;
    }

    private static final long C1_64 = 0x87c37b91114253d5L;
    private static final long C2_64 = 0x4cf5ad432745937fL;

    private static long mixK1(long k) {
        return Long.rotateLeft(k * C1_64, 31) * C2_64;
    }

    private static long mixK2(long k) {
        return Long.rotateLeft(k * C2_64, 33) * C1_64;
    }

    private static long littleEndian(byte[] data, int from, int bytes) {
        long v = 0;
        for (int i = bytes - 1; i >= 0; i--) {
            v = v << 8 | (data[from + i] & 0xffL);
        }
        return v;
    }

    /** MurmurHash3's 64-bit finalizer: every input bit flips each output bit with probability about 1/2. */
    public static long fmix64(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }

    public static int hash32(byte[] data, int seed) {
        int h = seed;
        int blocks = data.length >>> 2;
        for (int i = 0; i < blocks; i++) {
            int at = i << 2;
            int k = (data[at] & 0xff)
                    | (data[at + 1] & 0xff) << 8
                    | (data[at + 2] & 0xff) << 16
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
