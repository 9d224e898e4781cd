package dev.partitionscope.core.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KWayMergeTest {

    private static Map<String, AttrValue> item(int shard, long sk) {
        return Map.of("pk", AttrValue.s("K#" + shard), "sk", AttrValue.n(sk));
    }

    /** Random shards (some empty), fed page by page in random interleaving, only when the merge asks for more. */
    @Test
    void equalsNaiveSortOnRandomData() {
        Random r = new Random(42);
        for (int round = 0; round < 500; round++) {
            int n = 1 + r.nextInt(9);
            boolean asc = r.nextBoolean();
            List<List<Map<String, AttrValue>>> streams = new ArrayList<>();
            List<Map<String, AttrValue>> all = new ArrayList<>();
            long unique = 0;
            for (int s = 0; s < n; s++) {
                int size = r.nextInt(4) == 0 ? 0 : r.nextInt(30);
                List<Map<String, AttrValue>> items = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    unique += 1 + r.nextInt(5);
                    items.add(item(s, unique * 7919 % 100_003));
                }
                Comparator<Map<String, AttrValue>> bySk = Comparator.comparing(m -> m.get("sk"), KeyOrder.INSTANCE);
                items.sort(asc ? bySk : bySk.reversed());
                streams.add(items);
                all.addAll(items);
            }
            Comparator<Map<String, AttrValue>> bySk = Comparator.comparing(m -> m.get("sk"), KeyOrder.INSTANCE);
            all.sort(asc ? bySk : bySk.reversed());
            int limit = r.nextInt(3) == 0 ? Integer.MAX_VALUE : r.nextInt(40);
            List<Map<String, AttrValue>> expected = all.subList(0, Math.min(limit, all.size()));

            KWayMerge merge = new KWayMerge(n, "sk", asc, limit);
            int[] pos = new int[n];
            int fetchedItems = 0;
            while (!merge.done()) {
                List<Integer> wanting = new ArrayList<>();
                for (int s = 0; s < n; s++) {
                    if (merge.needsMore(s)) {
                        wanting.add(s);
                    }
                }
                assertThat(wanting)
                        .as("a merge that is not done must want some shard")
                        .isNotEmpty();
                int s = wanting.get(r.nextInt(wanting.size()));
                int page = 1 + r.nextInt(6);
                List<Map<String, AttrValue>> stream = streams.get(s);
                int end = Math.min(stream.size(), pos[s] + page);
                merge.offer(s, stream.subList(pos[s], end), end == stream.size());
                fetchedItems += end - pos[s];
                pos[s] = end;
            }
            assertThat(merge.merged())
                    .as("round %d asc=%s limit=%d", round, asc, limit)
                    .isEqualTo(expected);
            if (limit != Integer.MAX_VALUE) {
                // early termination: at most one extra page (≤ 6 items) per shard beyond what was emitted
                assertThat(fetchedItems).isLessThanOrEqualTo(expected.size() + 6 * n);
            }
        }
    }

    @Test
    void stopsAskingOnceTheLimitIsReached() {
        KWayMerge merge = new KWayMerge(2, "sk", true, 2);
        merge.offer(0, List.of(item(0, 1), item(0, 2), item(0, 3)), false);
        assertThat(merge.needsMore(1)).isTrue();
        assertThat(merge.merged()).isEmpty(); // shard 1 may still hold something smaller
        merge.offer(1, List.of(item(1, 10)), false);
        assertThat(merge.done()).isTrue();
        assertThat(merge.merged()).extracting(m -> m.get("sk")).containsExactly(AttrValue.n(1), AttrValue.n(2));
        assertThat(merge.needsMore(0)).isFalse();
        assertThat(merge.needsMore(1)).isFalse();
    }

    @Test
    void aShardWithBufferedItemsIsNotFetched() {
        KWayMerge merge = new KWayMerge(2, "sk", false, Integer.MAX_VALUE);
        merge.offer(0, List.of(item(0, 5)), false);
        merge.offer(1, List.of(item(1, 9), item(1, 8)), false);
        // descending: 9, 8 need shard 0's next head? No: shard 0's head is 5, so 9 and 8 are certain.
        assertThat(merge.merged()).extracting(m -> m.get("sk")).containsExactly(AttrValue.n(9), AttrValue.n(8));
        assertThat(merge.needsMore(0)).isFalse();
        assertThat(merge.needsMore(1)).isTrue();
    }

    @Test
    void abandonedShardLetsTheOthersFinish() {
        KWayMerge merge = new KWayMerge(3, "sk", true, Integer.MAX_VALUE);
        merge.offer(0, List.of(item(0, 1), item(0, 4)), true);
        merge.offer(2, List.of(), true);
        assertThat(merge.merged()).isEmpty();
        merge.abandon(1);
        assertThat(merge.done()).isTrue();
        assertThat(merge.merged()).hasSize(2);
        assertThat(merge.abandoned(1)).isTrue();
    }

    @Test
    void withoutSortKeyConcatenatesInShardOrder() {
        KWayMerge merge = new KWayMerge(2, null, true, Integer.MAX_VALUE);
        merge.offer(1, List.of(item(1, 1)), true);
        assertThat(merge.merged()).isEmpty();
        merge.offer(0, List.of(item(0, 9)), true);
        assertThat(merge.merged()).extracting(m -> m.get("sk")).containsExactly(AttrValue.n(9), AttrValue.n(1));
    }

    @Test
    void zeroLimitIsDoneAtOnce() {
        KWayMerge merge = new KWayMerge(1, "sk", true, 0);
        assertThat(merge.done()).isTrue();
        assertThat(merge.needsMore(0)).isFalse();
    }
}
