package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The order in which the Lab stores and returns items, chosen to reproduce DynamoDB's observable order: Scan
 * returns items in the order of an MD5 digest of the string {@code "Outliers"} followed by the key's bytes (UTF-8 for
 * S, DynamoDB's internal number encoding for N, raw bytes for B), Scan segments are the digest's first 12 bits cut
 * into {@code TotalSegments} runs, and items sharing a GSI key come back in the digest order of their table keys.
 * This is the hash dynalite reverse-engineered from real DynamoDB answers (DynamoDB itself does not document it); the
 * Lab's order and segments match it, so tests that see an order see DynamoDB's.
 *
 * <p>Which partition of the throughput model a key lands on is a separate question, answered by
 * {@link dev.partitionscope.lab.partition.KeyHash}.
 */
final class ScanOrder {
    private static final byte[] SALT = "Outliers".getBytes(StandardCharsets.US_ASCII);
    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every Java runtime", e);
        }
    });

    private ScanOrder() {}

    /** The hash of a partition key value. */
    static long of(AttrValue key) {
        return digest(bytes(key), null);
    }

    /** The hash of a table key (partition and sort key; {@code sort} may be null): orders GSI entries that tie. */
    static long of(AttrValue partition, AttrValue sort) {
        return digest(bytes(partition), sort == null ? null : bytes(sort));
    }

    private static long digest(byte[] a, byte[] b) {
        MessageDigest md = MD5.get();
        md.reset();
        md.update(SALT);
        md.update(a);
        if (b != null) {
            md.update(b);
        }
        byte[] d = md.digest();
        long h = 0;
        for (int i = 0; i < 8; i++) {
            h = h << 8 | (d[i] & 0xff);
        }
        return h;
    }

    /** A key value's bytes as the hash reads them. */
    static byte[] bytes(AttrValue key) {
        return switch (key.type()) {
            case S -> ((AttrValue.S) key).value().getBytes(StandardCharsets.UTF_8);
            case N -> number(((AttrValue.N) key).value());
            case B -> ((AttrValue.B) key).value();
            default -> throw new IllegalArgumentException("Key values are S, N or B, not " + key.type());
        };
    }

    /**
     * DynamoDB's internal encoding of a number: an exponent byte (base 100, offset 64, inverted for negatives), then
     * the digits two per byte (each pair + 1; for negatives 101 − pair, followed by 102 when short).
     */
    static byte[] number(BigDecimal value) {
        if (value.signum() == 0) {
            return new byte[] {(byte) 0x80};
        }
        BigDecimal s = value.stripTrailingZeros();
        String digits = s.unscaledValue().abs().toString();
        boolean negative = s.signum() < 0;
        int exponent = s.precision() - s.scale(); // Big.js's e + 1
        int appendZero = Math.floorMod(exponent, 2) == 1 ? 1 : 0;
        int length = (digits.length() + appendZero + 1) / 2;
        int[] out = new int[length < 20 && negative ? length + 2 : length + 1];
        if (out.length == length + 2) {
            out[length + 1] = 102;
        }
        out[0] = Math.floorDiv(exponent + appendZero, 2) - 64;
        if (negative) {
            out[0] ^= 0xffffffff;
        }
        // The digits, with a leading zero when the exponent is odd, paired into bytes.
        String padded = appendZero == 1 ? "0" + digits : digits;
        for (int i = 0; i < padded.length(); i += 2) {
            int hi = padded.charAt(i) - '0';
            int pair = i + 1 < padded.length() ? hi * 10 + (padded.charAt(i + 1) - '0') : hi * 10;
            out[i / 2 + 1] = negative ? 101 - pair : pair + 1;
        }
        byte[] bytes = new byte[out.length];
        for (int i = 0; i < out.length; i++) {
            bytes[i] = (byte) out[i];
        }
        return bytes;
    }

    /** The Scan segment (0-based) of a hash: its first 12 bits, cut into {@code totalSegments} runs. */
    static int segment(long hash, int totalSegments) {
        long bucket = hash >>> 52;
        return (int) (bucket * totalSegments / 4096);
    }

    /** The smallest hash in a Scan segment. */
    static long segmentStart(int segment, int totalSegments) {
        long bucket = (4096L * segment + totalSegments - 1) / totalSegments;
        return bucket >= 4096 ? -1L : bucket << 52;
    }
}
