package dev.partitionscope.core.scheme;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The suffix formulas against their definitions: AWS's product, seed 002's sum, MurmurHash3 and time buckets. */
class SuffixesTest {

    /** The formula as AWS words it, with arbitrary precision: the product, then modulo, then + 1. */
    private static int awsProduct(String id, int n) {
        BigInteger product = BigInteger.ONE;
        for (int cp : id.codePoints().toArray()) {
            product = product.multiply(BigInteger.valueOf(cp));
        }
        return product.mod(BigInteger.valueOf(n)).intValue() + 1;
    }

    /** Seed 002's TypeScript, transcribed: ([...id].reduce((a, c) => a + c.codePointAt(0)!, 0) % SUFIJOS) + 1. */
    private static int sufijo(String id, int sufijos) {
        int a = 0;
        for (int cp : id.codePoints().toArray()) {
            a += cp;
        }
        return a % sufijos + 1;
    }

    @Test
    void productMatchesAwsFormulaOnTheDocumentationsExampleIds() {
        // AWS's example: orders of the day 2014-07-09, suffixes 1..200 computed from the OrderId.
        for (String id : List.of("2014-07-09", "ORDER-1", "A1", "abc", "OrderId-7781", "P123456", "x")) {
            assertThat(Suffixes.product(id, 200)).as(id).isEqualTo(awsProduct(id, 200));
        }
        assertThat(Suffixes.product("A1", 200)).isEqualTo(65 * 49 % 200 + 1);
        assertThat(Suffixes.product("abc", 200)).isEqualTo(95);
        assertThat(Suffixes.product("anything", 1)).isEqualTo(1);
    }

    @Test
    void productCollapsesOnUuidsWhichIsWhyTheProductOffersHash() {
        Random r = new Random(3);
        int onOne = 0;
        for (int i = 0; i < 1_000; i++) {
            String id = new UUID(r.nextLong(), r.nextLong()).toString();
            assertThat(Suffixes.product(id, 200)).isEqualTo(awsProduct(id, 200));
            onOne += Suffixes.product(id, 200) == 1 ? 1 : 0;
        }
        assertThat(onOne).as("UUIDs on suffix 1 with product:200").isEqualTo(1_000);
    }

    @Test
    void sumMatchesSeed002sSufijoIncludingItsPlusOne() {
        for (String id : List.of("P123456", "P100000", "P999999", "pedido-ñ", "😀-42", "")) {
            assertThat(Suffixes.sum(id, 10)).as(id).isEqualTo(sufijo(id, 10));
        }
        assertThat(Suffixes.sum("A", 10)).isEqualTo(65 % 10 + 1).isEqualTo(6);
        assertThat(Suffixes.sum("", 10)).as("never 0: suffixes are 1..N").isEqualTo(1);
        // Code points, not UTF-16 units: the emoji counts once, as 0x1F600.
        assertThat(Suffixes.sum("😀", 1_000_000)).isEqualTo(0x1F600 + 1);
    }

    @Test
    void hashIsMurmur3WithKnownVectorsAndSpreadsEvenly() {
        // Published vectors (Python mmh3, Guava murmur3_32_fixed).
        assertThat(Murmur3.unsigned("foo")).isEqualTo(4_138_058_784L);
        assertThat(Murmur3.unsigned("hello")).isEqualTo(613_153_351L);
        assertThat(Murmur3.hash32("foo".getBytes(java.nio.charset.StandardCharsets.UTF_8), 42))
                .isEqualTo(-1_322_301_282);
        assertThat(Murmur3.unsigned("")).isZero();
        assertThat(Suffixes.hash("foo", 8)).isEqualTo((int) (4_138_058_784L % 8) + 1);

        int[] counts = new int[9];
        Random r = new Random(11);
        int n = 80_000;
        for (int i = 0; i < n; i++) {
            counts[Suffixes.hash(new UUID(r.nextLong(), r.nextLong()).toString(), 8)]++;
        }
        assertThat(counts[0]).isZero();
        for (int s = 1; s <= 8; s++) {
            assertThat(counts[s]).as("shard %d of 8", s).isBetween(n / 8 - 400, n / 8 + 400);
        }
        // Neighbouring ids land on different shards (no sequential clumping).
        assertThat(java.util.stream.IntStream.range(0, 16)
                        .map(i -> Suffixes.hash("order-" + i, 8))
                        .distinct()
                        .count())
                .isGreaterThanOrEqualTo(6);
    }

    @Test
    void timeBucketsAreUtcSlicesOfTheIsoTimestamp() {
        long t = Instant.parse("2026-06-22T01:59:59.999Z").toEpochMilli();
        assertThat(Suffixes.bucket(KeyScheme.Bucket.HOUR, t)).isEqualTo("2026-06-22T01");
        assertThat(Suffixes.bucket(KeyScheme.Bucket.DAY, t)).isEqualTo("2026-06-22");
        assertThat(Suffixes.bucket(KeyScheme.Bucket.MONTH, t)).isEqualTo("2026-06");
        assertThat(Suffixes.bucket(KeyScheme.Bucket.DAY, t + 1))
                .as("next hour, same day")
                .isEqualTo("2026-06-22");
        assertThat(Suffixes.bucket(KeyScheme.Bucket.HOUR, t + 1)).isEqualTo("2026-06-22T02");
        long newYear = Instant.parse("2026-12-31T23:30:00Z").toEpochMilli();
        assertThat(Suffixes.bucket(KeyScheme.Bucket.MONTH, newYear + 3_600_000)).isEqualTo("2027-01");
        assertThat(Suffixes.bucketStart(KeyScheme.Bucket.DAY, t))
                .isEqualTo(Instant.parse("2026-06-22T00:00:00Z").toEpochMilli());
        assertThat(Suffixes.bucket(KeyScheme.Bucket.DAY, Suffixes.bucketBefore(KeyScheme.Bucket.DAY, t, 6)))
                .isEqualTo("2026-06-16");
        assertThat(Suffixes.bucket(KeyScheme.Bucket.MONTH, Suffixes.bucketBefore(KeyScheme.Bucket.MONTH, t, 6)))
                .isEqualTo("2025-12");
    }
}
