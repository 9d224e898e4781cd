package dev.partitionscope.core.scheme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The scheme grammar: parsing, hot values, combinations, keys, and clear messages for bad specs. */
class KeySchemeTest {
    private static final long T = Instant.parse("2026-06-22T01:30:00Z").toEpochMilli();

    @Test
    void parsesEverySingleSchemeAndPrintsItBack() {
        for (String spec : List.of("random:10", "sum:10", "product:200", "hash:8", "hour", "day", "month")) {
            KeyScheme s = KeyScheme.parse(spec);
            assertThat(s.toString()).isEqualTo(spec);
            assertThat(s.hotValues()).isEmpty();
            assertThat(KeyScheme.parse(s.toString())).isEqualTo(s);
        }
        assertThat(KeyScheme.parse(" Hash:8 ").toString())
                .as("case and blanks are forgiven")
                .isEqualTo("hash:8");
    }

    @Test
    void combinationsAddOneSuffixPerPartInOrder() {
        KeyScheme s = KeyScheme.parse("day+hash:8");
        assertThat(s.parts())
                .containsExactly(
                        new KeyScheme.Timed(KeyScheme.Bucket.DAY), new KeyScheme.Numbered(KeyScheme.Method.HASH, 8));
        assertThat(s.shards()).isEqualTo(8);
        assertThat(s.bucket()).isEqualTo(KeyScheme.Bucket.DAY);
        String key = s.apply("OPS_LOG", "call-17", T, new Random(1), "#");
        assertThat(key).isEqualTo("OPS_LOG#2026-06-22#" + Suffixes.hash("call-17", 8));
        assertThat(s.keysAt("OPS_LOG", T, "#")).hasSize(8).first().isEqualTo("OPS_LOG#2026-06-22#1");
        assertThat(KeyScheme.parse("month+random:4+hash:2").shards()).isEqualTo(8);
    }

    @Test
    void hotValuesOnlyWidenTheListedValues() {
        KeyScheme s = KeyScheme.parse("PENDING,SHIPPED:hash:8");
        assertThat(s.hotValues()).containsExactly("PENDING", "SHIPPED");
        assertThat(s.toString()).isEqualTo("PENDING,SHIPPED:hash:8");
        assertThat(s.apply("PENDING", "o-1", T, null, "#")).matches("PENDING#[1-8]");
        assertThat(s.apply("DELIVERED", "o-1", T, null, "#")).isEqualTo("DELIVERED");
        assertThat(s.keysAt("SHIPPED", T, "#"))
                .containsExactly(
                        "SHIPPED#1",
                        "SHIPPED#2",
                        "SHIPPED#3",
                        "SHIPPED#4",
                        "SHIPPED#5",
                        "SHIPPED#6",
                        "SHIPPED#7",
                        "SHIPPED#8");
        assertThat(s.keysAt("CANCELLED", T, "#")).containsExactly("CANCELLED");
        // Values may contain '#' or even ':' and may be named like a scheme part.
        assertThat(KeyScheme.parse("TENANT#acme:hash:8").hotValues()).containsExactly("TENANT#acme");
        assertThat(KeyScheme.parse("a:b:random:4").hotValues()).containsExactly("a:b");
        assertThat(KeyScheme.parse("day,night:hash:4").hotValues()).containsExactly("day", "night");
        assertThat(KeyScheme.parse("hash:hash:8").hotValues()).containsExactly("hash");
    }

    @Test
    void theSeparatorIsTheCallersChoice() {
        KeyScheme s = KeyScheme.parse("sum:10");
        assertThat(s.apply("PEDIDOS#2026-09-06", "P123456", T, null, "."))
                .isEqualTo("PEDIDOS#2026-09-06." + Suffixes.sum("P123456", 10));
        assertThat(KeyScheme.parse("random:200").keysAt("2014-07-09", T, "."))
                .hasSize(200)
                .startsWith("2014-07-09.1", "2014-07-09.2")
                .endsWith("2014-07-09.200");
    }

    @Test
    void randomSuffixesCoverOneToN() {
        KeyScheme s = KeyScheme.parse("random:10");
        Random r = new Random(7);
        Set<String> seen = new java.util.TreeSet<>();
        for (int i = 0; i < 2_000; i++) {
            seen.add(s.apply("PRODUCT_INDEX", null, T, r, "#"));
        }
        assertThat(seen)
                .hasSize(10)
                .contains("PRODUCT_INDEX#1", "PRODUCT_INDEX#10")
                .doesNotContain("PRODUCT_INDEX#0", "PRODUCT_INDEX#11");
        assertThat(s.recomputable()).isFalse();
        assertThat(KeyScheme.parse("day+sum:4").recomputable()).isTrue();
        assertThat(KeyScheme.parse("hash:4").needsId()).isTrue();
        assertThat(KeyScheme.parse("day+random:4").needsId()).isFalse();
    }

    /**
     * Property over the whole grammar: every combination of hot values (none, one, two), a time bucket (none, or
     * each unit before or after the numbered parts) and zero to two numbered parts of every method, with shard counts
     * at the edges (1, 8, 200, 10,000 where the product allows), prints canonically and parses back to the same
     * parts and values.
     */
    @Test
    void everyCombinationOfTheGrammarRoundTrips() {
        List<List<String>> valueSets = List.of(List.of(), List.of("PENDING"), List.of("PENDING", "SHIPPED"));
        List<KeyScheme.Part> numbered = new java.util.ArrayList<>();
        for (KeyScheme.Method m : KeyScheme.Method.values()) {
            for (int n : new int[] {1, 8, 200, 10_000}) {
                numbered.add(new KeyScheme.Numbered(m, n));
            }
        }
        List<List<KeyScheme.Part>> numberedLists = new java.util.ArrayList<>();
        numberedLists.add(List.of());
        for (KeyScheme.Part a : numbered) {
            numberedLists.add(List.of(a));
            for (KeyScheme.Part b : numbered) {
                if ((long) ((KeyScheme.Numbered) a).shards() * ((KeyScheme.Numbered) b).shards()
                        <= KeyScheme.MAX_SHARDS) {
                    numberedLists.add(List.of(a, b));
                }
            }
        }
        int checked = 0;
        List<KeyScheme.Bucket> buckets = new java.util.ArrayList<>();
        buckets.add(null); // no time part
        buckets.addAll(List.of(KeyScheme.Bucket.values()));
        for (List<String> values : valueSets) {
            for (List<KeyScheme.Part> nums : numberedLists) {
                for (KeyScheme.Bucket bucket : buckets) {
                    for (boolean timeFirst : new boolean[] {true, false}) {
                        List<KeyScheme.Part> parts = new java.util.ArrayList<>(nums);
                        if (bucket != null) {
                            parts.add(timeFirst ? 0 : parts.size(), new KeyScheme.Timed(bucket));
                        } else if (!timeFirst) {
                            continue;
                        }
                        if (parts.isEmpty()) {
                            continue;
                        }
                        StringBuilder spec = new StringBuilder(values.isEmpty() ? "" : String.join(",", values) + ":");
                        for (int i = 0; i < parts.size(); i++) {
                            spec.append(i == 0 ? "" : "+").append(parts.get(i));
                        }
                        KeyScheme s = KeyScheme.parse(spec.toString());
                        assertThat(s.parts()).as(spec.toString()).isEqualTo(parts);
                        assertThat(s.hotValues()).as(spec.toString()).containsExactlyElementsOf(values);
                        assertThat(s.toString()).isEqualTo(spec.toString());
                        assertThat(KeyScheme.parse(s.toString())).isEqualTo(s);
                        assertThat(KeyScheme.parse(spec.toString()
                                        .toUpperCase(java.util.Locale.ROOT)
                                        .replace("+", " + ")))
                                .as("upper case, blanks: " + spec)
                                .extracting(KeyScheme::parts)
                                .isEqualTo(parts);
                        checked++;
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(3_000);
        assertThat(KeyScheme.parse("PENDING,SHIPPED:hash:8").toString()).isEqualTo("PENDING,SHIPPED:hash:8");
        assertThat(KeyScheme.parse("day+hash:8").toString()).isEqualTo("day+hash:8");
    }

    @Test
    void badSpecsSayWhatIsWrongAndWhatToWrite() {
        assertThatThrownBy(() -> KeyScheme.parse(""))
                .isInstanceOf(SchemeException.class)
                .hasMessageContaining("empty")
                .hasMessageContaining("hash:8");
        assertThatThrownBy(() -> KeyScheme.parse("hash")).hasMessage("'hash': hash needs a shard count, e.g. hash:8");
        assertThatThrownBy(() -> KeyScheme.parse("hash:0"))
                .hasMessage("'hash:0': hash:0 — the shard count must be a whole number from 1 to 10000, e.g. hash:8");
        assertThatThrownBy(() -> KeyScheme.parse("random:-1"))
                .hasMessage("'random:-1': random:-1 — the shard count must be a whole number from 1 to 10000,"
                        + " e.g. random:8");
        assertThatThrownBy(() -> KeyScheme.parse("product:"))
                .hasMessage("'product:': product: has no shard count after the colon; write e.g. product:8");
        assertThatThrownBy(() -> KeyScheme.parse("random:x")).hasMessageContaining("random:x — the shard count");
        assertThatThrownBy(() -> KeyScheme.parse("random:10001"))
                .hasMessageContaining("more than 10000 shards")
                .hasMessageContaining("from 1 to 10000");
        assertThatThrownBy(() -> KeyScheme.parse("hash:99999999999")).hasMessageContaining("more than 10000");
        assertThat(KeyScheme.parse("random:10000").shards())
                .isEqualTo(KeyScheme.MAX_SHARDS)
                .isEqualTo(10_000);
        assertThatThrownBy(() -> KeyScheme.parse("hash:200+random:51"))
                .hasMessageContaining("the parts multiply to more than 10000 keys per value");
        assertThatThrownBy(() -> KeyScheme.parse("shard:8"))
                .hasMessage("'shard:8': 'shard:8' is not a scheme; use random:N, sum:N, product:N, hash:N, hour, day"
                        + " or month, optionally after hot values (PENDING,SHIPPED:hash:8)");
        assertThatThrownBy(() -> KeyScheme.parse("day:7"))
                .hasMessage("'day:7': day takes no shard count (write day, not day:7)");
        assertThatThrownBy(() -> KeyScheme.parse("day+month"))
                .hasMessage("'day+month': one time bucket at most (hour, day or month)");
        assertThatThrownBy(() -> KeyScheme.parse("day+"))
                .hasMessage("'day+': '+' joins two parts, but one side is empty");
        assertThatThrownBy(() -> KeyScheme.parse("day+rand:4"))
                .hasMessageContaining("'rand:4' is not a scheme part; use random:N, sum:N, product:N, hash:N");
        assertThatThrownBy(() -> KeyScheme.parse("PENDING:hsh:8"))
                .hasMessageStartingWith("'PENDING:hsh:8': 'hsh:8' is not a scheme");
        assertThatThrownBy(() -> KeyScheme.parse("PENDING,,SHIPPED:hash:8"))
                .hasMessageContaining("hot-value list before the scheme has an empty value");
        assertThatThrownBy(() -> KeyScheme.parse("PENDING,SHIPPED")).hasMessageContaining("is not a scheme");
        assertThatThrownBy(() -> KeyScheme.parse("hash:8").apply("PENDING", null, T, null, "#"))
                .hasMessageContaining("hash:8 needs an id");
    }
}
