package dev.partitionscope.core.scatter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The pieces behind the console's comparisons: the brute-force answer equals what the k-way merge produces on the
 * same data (with de-duplication of items written under the legacy key and a shard), a result diff names what
 * differs, and a scheme is read off the keys a table holds.
 */
class ScatterCompareTest {

    private static Map<String, AttrValue> item(String pk, String sk, int v) {
        return Map.of("pk", AttrValue.s(pk), "sk", AttrValue.s(sk), "v", AttrValue.n(v));
    }

    @Test
    void bruteForceEqualsTheMergeWithAndWithoutDeduplication() {
        Random r = new Random(7);
        for (int round = 0; round < 300; round++) {
            List<String> keys = new ArrayList<>(List.of("P"));
            int n = 1 + r.nextInt(8);
            for (int s = 1; s <= n; s++) {
                keys.add("P#" + s);
            }
            List<Map<String, AttrValue>> table = new ArrayList<>();
            List<List<Map<String, AttrValue>>> perKey = new ArrayList<>();
            for (int k = 0; k < keys.size(); k++) {
                perKey.add(new ArrayList<>());
            }
            for (int i = 0; i < r.nextInt(80); i++) {
                String sk = String.format("%05d", r.nextInt(500));
                int shard = r.nextInt(keys.size());
                var it = item(keys.get(shard), sk, i);
                if (perKey.get(shard).stream().noneMatch(x -> x.get("sk").equals(it.get("sk")))) {
                    perKey.get(shard).add(it);
                    table.add(it);
                }
                if (shard > 0
                        && r.nextInt(4) == 0
                        && perKey.get(0).stream().noneMatch(x -> x.get("sk")
                                .equals(it.get("sk")))) { // written under the legacy key too (a migration)
                    var legacy = item("P", sk, i);
                    perKey.get(0).add(legacy);
                    table.add(legacy);
                }
            }
            table.add(item("OTHER", "00001", 1)); // not one of the keys: never in the answer
            boolean asc = r.nextBoolean();
            boolean dedupe = r.nextBoolean();
            int limit = r.nextInt(3) == 0 ? 0 : r.nextInt(30);
            ScatterPlan plan = ScatterPlan.of("t", null, "pk", "sk", KeyType.S, keys)
                    .withOrder(asc)
                    .withLimit(limit)
                    .withDedupeBy(dedupe ? List.of("sk") : List.of());
            KWayMerge merge =
                    new KWayMerge(keys.size(), "sk", asc, limit == 0 ? Integer.MAX_VALUE : limit, plan.dedupeBy());
            for (int s = 0; s < keys.size(); s++) {
                List<Map<String, AttrValue>> stream = new ArrayList<>(perKey.get(s));
                stream.sort(
                        (a, b) -> a.get("sk").toString().compareTo(b.get("sk").toString()));
                if (!asc) {
                    Collections.reverse(stream);
                }
                merge.offer(s, stream, true);
            }
            Collections.shuffle(table, r);
            assertThat(BruteForce.answer(plan, table)).as("round %d", round).isEqualTo(merge.merged());
            if (dedupe) {
                assertThat(merge.merged().stream()
                                .map(m -> m.get("sk"))
                                .distinct()
                                .count())
                        .isEqualTo(merge.merged().size());
            }
        }
    }

    @Test
    void bruteForceAppliesTheSortCondition() {
        ScatterPlan plan = ScatterPlan.of("t", null, "pk", "sk", KeyType.S, List.of("A#1", "A#2"))
                .withSortCondition(SortCondition.parse("begins_with 2026-06", KeyType.S));
        var answer = BruteForce.answer(
                plan,
                List.of(
                        item("A#1", "2026-06-02", 1),
                        item("A#2", "2026-05-30", 2),
                        item("A#2", "2026-06-01", 3),
                        item("B", "2026-06-01", 4)));
        assertThat(answer).extracting(m -> m.get("v")).containsExactly(AttrValue.n(3), AttrValue.n(1));
    }

    @Test
    void diffSaysSameOrNamesWhatDiffers() {
        var a = List.of(item("P#1", "a", 1), item("P#2", "b", 2), item("P#1", "c", 3));
        var same = List.of(item("P", "a", 1), item("P", "b", 2), item("P", "c", 3));
        ResultDiff d = ResultDiff.of(a, same, List.of("sk"));
        assertThat(d.identical()).isTrue();
        assertThat(d.summary()).isEqualTo("Same 3 items in the same order (matched by sk)");

        var other = List.of(item("P", "b", 2), item("P", "a", 1), item("P", "z", 9));
        ResultDiff x = ResultDiff.of(a, other, List.of("sk"));
        assertThat(x.identical()).isFalse();
        assertThat(x.onlyLeftCount()).isEqualTo(1);
        assertThat(x.onlyLeft()).containsExactly("c");
        assertThat(x.onlyRight()).containsExactly("z");
        assertThat(x.firstOrderDifference()).isZero();
        assertThat(x.summary())
                .isEqualTo("Differs (matched by sk): 1 only in the sharded read [c]; 1 only in this"
                        + " read [z]; common items first differ in order at #1");
        assertThatThrownBy(() -> ResultDiff.of(a, a, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void guessesTheSchemeFromTheKeys() {
        List<String> keys = new ArrayList<>(List.of("SHIPPED#1", "SHIPPED#2", "DELIVERED", "PENDING"));
        for (int i = 1; i <= 8; i++) {
            keys.add("PENDING#" + i);
        }
        SchemeGuess g = SchemeGuess.of("PENDING", "#", keys);
        assertThat(g.spec()).isEqualTo("hash:8");
        assertThat(g.shardKeys()).isEqualTo(8);
        assertThat(g.explanation()).startsWith("8 keys of the form PENDING#…: hash:8 (the keys cannot show");

        assertThat(SchemeGuess.of("OPS_LOG", "#", List.of("OPS_LOG#2026-06-21", "OPS_LOG#2026-06-22", "OPS_LOG"))
                        .spec())
                .isEqualTo("day");
        assertThat(SchemeGuess.of(
                                "THREAT#abc",
                                "#",
                                List.of("THREAT#abc#2026-05", "THREAT#abc#2026-06", "THREAT#xyz#2026-06"))
                        .spec())
                .isEqualTo("month");
        assertThat(SchemeGuess.of("X", ".", List.of("X.2026-06-22.1", "X.2026-06-22.4", "X.2026-06-23.2"))
                        .spec())
                .isEqualTo("day+hash:4");
        SchemeGuess zero = SchemeGuess.of("PRODUCT_INDEX", "#", List.of("PRODUCT_INDEX#0", "PRODUCT_INDEX#9"));
        assertThat(zero.spec()).isEqualTo("hash:9");
        assertThat(zero.explanation()).contains("numbered from 0");
        SchemeGuess none = SchemeGuess.of("BRAND_INDEX", "#", List.of("BRAND_INDEX", "PRODUCT#1"));
        assertThat(none.spec()).isNull();
        assertThat(none.explanation()).startsWith("No key starting with BRAND_INDEX# was seen in 2 keys sampled");
        SchemeGuess mixed = SchemeGuess.of("A", "#", List.of("A#1", "A#2026-06-01"));
        assertThat(mixed.spec()).isNull();
        assertThat(mixed.explanation()).contains("do not share one shape");
    }

    @Test
    void filterInputMapsNamesInfersValuesAndSaysWhatIsWrong() {
        FilterInput f =
                FilterInput.parse("#total > :min AND #state = :s AND #ok = :t", ":min=100; :s=PENDING\n" + ":t=true");
        assertThat(f.names())
                .containsEntry("#total", "total")
                .containsEntry("#state", "state")
                .containsEntry("#ok", "ok");
        assertThat(f.values())
                .containsEntry(":min", AttrValue.n(100))
                .containsEntry(":s", AttrValue.s("PENDING"))
                .containsEntry(":t", AttrValue.Bool.TRUE);
        assertThat(FilterInput.parse("#a = :v", ":v=\"42\"").values()).containsEntry(":v", AttrValue.s("42"));
        assertThat(FilterInput.parse("#a = :v", ":v=S:42").values()).containsEntry(":v", AttrValue.s("42"));
        assertThat(FilterInput.parse(" ", "").isEmpty()).isTrue();
        assertThatThrownBy(() -> FilterInput.parse("#a > :min", ""))
                .hasMessage("The filter uses :min but no value"
                        + " is given for it: add :min=… to the filter values (e.g. :min=N:40)");
        assertThatThrownBy(() -> FilterInput.parse("#a > :min", ":min=1; :max=2"))
                .hasMessageStartingWith("The filter" + " value :max is not used");
        assertThatThrownBy(() -> FilterInput.parse("", ":min=1"))
                .hasMessageStartingWith("Filter values are given" + " but no filter expression");
        assertThatThrownBy(() -> FilterInput.parse("#sk > :v", ":v=1")).hasMessageStartingWith("#sk is reserved");
        assertThatThrownBy(() -> FilterInput.parse("#a > :v", ":v=N:ten"))
                .hasMessage("':v=N:ten': ten is not a" + " number");
        assertThatThrownBy(() -> FilterInput.parse("#a > :v", "v=1"))
                .hasMessageStartingWith("'v=1': give" + " :NAME=TYPE:VALUE");
    }
}
