package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The packed row keys behind {@link KeyTimeMatrix#row} and {@link KeyTimeMatrix#indexOf}. */
class RowKeysTest {

    private static KeyTimeMatrix.Builder builder() {
        return KeyTimeMatrix.builder(
                Instant.parse("2026-06-22T10:00:00Z"),
                60,
                4,
                MatrixUnit.CONSUMED_UNITS_PER_MINUTE,
                Provenance.LAB_METER);
    }

    @Test
    void keysWithNonAsciiCharactersComeBackEqualFromTheMatrix() {
        List<RowKey> keys = List.of(
                RowKey.of("orders", null, "plain"),
                RowKey.of("orders", null, "café"), // Latin-1: one byte a character
                RowKey.of("orders", null, "注文#42", "東京"), // beyond Latin-1: two bytes a character
                RowKey.of("orders", null, "emoji 🔥", "ü"), // surrogate pairs
                RowKey.of("orders", null, "lone \uD800 surrogate"), // not valid UTF-16, still a Java String
                RowKey.of("orders", null, "", ""), // empty, not null
                RowKey.of("orders", null, "x".repeat(300), "y"), // a header longer than one byte
                RowKey.of("orders", "by-städte", "ÿ\u0100"),
                RowKey.other("orders", null),
                RowKey.other("orders", "by-städte"),
                RowKey.of("accounts", null, "a"));
        KeyTimeMatrix.Builder b = builder();
        for (int i = 0; i < keys.size(); i++) {
            b.add(keys.get(i), i % 4, i + 1);
        }
        KeyTimeMatrix m = b.build();

        Set<RowKey> back = new HashSet<>();
        for (int r = 0; r < m.rowCount(); r++) {
            RowKey key = m.row(r);
            assertThat(m.indexOf(key)).isEqualTo(r);
            back.add(key);
        }
        assertThat(back).containsExactlyInAnyOrderElementsOf(keys);
        for (RowKey key : keys) {
            int r = m.indexOf(key);
            assertThat(r).as("%s", key).isNotNegative();
            assertThat(m.row(r)).isEqualTo(key);
            assertThat(m.row(r).partitionKey()).isEqualTo(key.partitionKey());
            assertThat(m.row(r).sortKey()).isEqualTo(key.sortKey());
        }
        assertThat(m.indexOf(RowKey.of("orders", null, "", null))).isEqualTo(-1); // null sort key is not ""
        assertThat(m.indexOf(RowKey.of("orders", null, "cafe"))).isEqualTo(-1);
        assertThat(m.indexOf(RowKey.of("orders", "by-städte", "plain"))).isEqualTo(-1);
        assertThat(m.indexOf(RowKey.other("accounts", null))).isEqualTo(-1);
        assertThat(m.indexOf(null)).isEqualTo(-1);
    }

    @Test
    void keysWhoseHashesCollideAreAllFound() {
        // "Aa" and "BB" share a String hash, so every word of ten such blocks does: 1,024 keys with one hash.
        List<RowKey> keys = new ArrayList<>();
        for (int bits = 0; bits < 1 << 10; bits++) {
            StringBuilder pk = new StringBuilder();
            for (int i = 0; i < 10; i++) {
                pk.append((bits >>> i & 1) == 0 ? "Aa" : "BB");
            }
            keys.add(RowKey.of("orders", null, pk.toString()));
        }
        assertThat(keys.stream().mapToInt(RowKey::hashCode).distinct().count()).isEqualTo(1);
        KeyTimeMatrix.Builder b = builder();
        for (int i = 0; i < keys.size(); i += 2) { // half of them go in
            b.add(keys.get(i), 0, 1 + i);
        }
        KeyTimeMatrix m = b.build();

        for (int i = 0; i < keys.size(); i++) {
            int r = m.indexOf(keys.get(i));
            if (i % 2 == 0) {
                assertThat(r).as("key %d", i).isNotNegative();
                assertThat(m.row(r)).isEqualTo(keys.get(i));
                assertThat(m.value(r, 0)).isEqualTo(1 + i);
            } else {
                assertThat(r).as("key %d", i).isEqualTo(-1);
            }
        }
    }

    @Test
    void anEmptyMatrixFindsNothing() {
        KeyTimeMatrix m = builder().build();

        assertThat(m.indexOf(RowKey.of("orders", null, "a"))).isEqualTo(-1);
        assertThat(m.indexOf(RowKey.other("orders", null))).isEqualTo(-1);
    }

    @Test
    void tablesAndIndexesAreSharedPerResourceAndRowsStayInOrder() {
        KeyTimeMatrix m = builder()
                .add(RowKey.of("b", "i2", "k"), 0, 1)
                .add(RowKey.of("a", null, "k"), 0, 2)
                .add(RowKey.of("b", null, "k"), 0, 3)
                .add(RowKey.of("b", "i1", "k"), 0, 4)
                .ensureRow(RowKey.other("b", "i1"))
                .build();

        List<String> rows = new ArrayList<>();
        for (int r = 0; r < m.rowCount(); r++) {
            rows.add(m.row(r).resourceLabel() + ":" + m.row(r).label());
        }
        assertThat(rows).containsExactly("a:k", "b:k", "b · i1:k", "b · i1:(other keys)", "b · i2:k");
    }
}
