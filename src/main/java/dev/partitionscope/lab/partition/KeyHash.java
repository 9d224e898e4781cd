package dev.partitionscope.lab.partition;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scheme.Murmur3;
import java.nio.charset.StandardCharsets;

/**
 * Where a partition key value lands in the Lab's hash space. DynamoDB does not document its hash, so the Lab uses
 * its own, stated here: FNV-1a 64 over a type tag and the value's canonical bytes (UTF-8 for S, DynamoDB's canonical
 * text for N, raw bytes for B), finished with MurmurHash3's fmix64 so neighbouring keys ({@code PENDING-1},
 * {@code PENDING-2}) scatter across partitions. The result is treated as unsigned: partitions own ranges of
 * [0, 2^64). (The order in which a Scan returns items is another matter, DynamoDB's own: see the engine's
 * {@code ScanOrder}.)
 */
public final class KeyHash {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private KeyHash() {}

    public static long of(AttrValue key) {
        return switch (key.type()) {
            case S -> ofString(((AttrValue.S) key).value());
            case N -> ofBytes((byte) 'N', ((AttrValue.N) key).text().getBytes(StandardCharsets.US_ASCII));
            case B -> ofBytes((byte) 'B', ((AttrValue.B) key).value());
            default -> throw new IllegalArgumentException("Key values are S, N or B, not " + key.type());
        };
    }

    /** {@link #ofBytes} of a string's UTF-8 bytes; an ASCII string (the usual key) is read from its chars, unencoded. */
    private static long ofString(String s) {
        long h = FNV_OFFSET;
        h = (h ^ 'S') * FNV_PRIME;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                return ofBytes((byte) 'S', s.getBytes(StandardCharsets.UTF_8));
            }
            h = (h ^ c) * FNV_PRIME;
        }
        return Murmur3.fmix64(h);
    }

    static long ofBytes(byte tag, byte[] bytes) {
        long h = FNV_OFFSET;
        h = (h ^ (tag & 0xff)) * FNV_PRIME;
        for (byte b : bytes) {
            h = (h ^ (b & 0xff)) * FNV_PRIME;
        }
        return Murmur3.fmix64(h);
    }

    /** The slice (0-based) of a hash when the space is cut into {@code n} equal slices. */
    public static int slice(long hash, int n) {
        // floor(hash_unsigned * n / 2^64), computed with a 128-bit product.
        long hi = Math.multiplyHigh(hash, n);
        if (hash < 0) {
            hi += n; // correct the signed product for an unsigned hash
        }
        return (int) hi;
    }
}
