package dev.partitionscope.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The runs of partition keys agree with a tree set through adds, removes, splits and reads from any key. */
class PartitionOrderTest {
    private static List<StoreKey.Partition> list(Iterator<StoreKey.Partition> it) {
        List<StoreKey.Partition> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    @Test
    void agreesWithATreeSetThroughRandomAddsAndRemoves() {
        Random random = new Random(23);
        PartitionOrder order = new PartitionOrder();
        TreeSet<StoreKey.Partition> expected = new TreeSet<>();
        for (int step = 0; step < 40_000; step++) {
            // A small key space, so that adds find keys already there and removes find keys to remove.
            StoreKey.Partition k = OrderedStore.partition(AttrValue.s("k" + random.nextInt(3_000)));
            if (random.nextInt(3) == 0) {
                assertThat(order.remove(k)).isEqualTo(expected.remove(k));
            } else {
                assertThat(order.add(k)).isEqualTo(expected.add(k));
            }
            assertThat(order.size()).isEqualTo(expected.size());
            if (step % 2_000 == 0) {
                assertThat(list(order.from(null))).containsExactlyElementsOf(expected);
            }
        }
        assertThat(expected.size()).isGreaterThan(PartitionOrder.RUN * 4); // split many times
        assertThat(list(order.from(null))).containsExactlyElementsOf(expected);
        for (int i = 0; i < 300; i++) {
            // From keys in the set and between them (a start key's partition may be gone).
            StoreKey.Partition from = OrderedStore.partition(AttrValue.s("k" + random.nextInt(4_000)));
            assertThat(list(order.from(from))).containsExactlyElementsOf(expected.tailSet(from, true));
        }
        StoreKey.Partition before = new StoreKey.Partition(0, AttrValue.s(""));
        StoreKey.Partition after = new StoreKey.Partition(-1L, AttrValue.s("\uffff"));
        assertThat(list(order.from(before))).containsExactlyElementsOf(expected);
        assertThat(list(order.from(after))).isEmpty();
    }

    /**
     * Runs are searched by their keys' digests and look at the keys only when digests tie: keys sharing a few digests
     * (the extremes of unsigned order among them), hundreds per digest so that runs split inside a tie, still agree
     * with the keys' own order.
     */
    @Test
    void keysWhoseDigestsTieAreOrderedByValue() {
        Random random = new Random(5);
        long[] digests = {0L, 7L, Long.MAX_VALUE, Long.MIN_VALUE, -1L};
        PartitionOrder order = new PartitionOrder();
        TreeSet<StoreKey.Partition> expected = new TreeSet<>();
        for (int step = 0; step < 20_000; step++) {
            StoreKey.Partition k = new StoreKey.Partition(
                    digests[random.nextInt(digests.length)], AttrValue.s("v" + random.nextInt(600)));
            if (random.nextInt(4) == 0) {
                assertThat(order.remove(k)).isEqualTo(expected.remove(k));
            } else {
                assertThat(order.add(k)).isEqualTo(expected.add(k));
            }
        }
        assertThat(expected.size()).isGreaterThan(PartitionOrder.RUN * 8);
        assertThat(list(order.from(null))).containsExactlyElementsOf(expected);
        for (long d : digests) {
            StoreKey.Partition from = new StoreKey.Partition(d, AttrValue.s("v3"));
            assertThat(list(order.from(from))).containsExactlyElementsOf(expected.tailSet(from, true));
        }
    }

    @Test
    void emptiesAndRefills() {
        PartitionOrder order = new PartitionOrder();
        List<StoreKey.Partition> keys = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            keys.add(OrderedStore.partition(AttrValue.n(i)));
        }
        keys.forEach(order::add);
        keys.forEach(k -> assertThat(order.remove(k)).isTrue());
        assertThat(order.isEmpty()).isTrue();
        assertThat(order.from(null).hasNext()).isFalse();
        assertThat(order.remove(keys.get(0))).isFalse();
        order.add(keys.get(5));
        assertThat(list(order.from(null))).containsExactly(keys.get(5));
        order.clear();
        assertThat(order.size()).isZero();
    }
}
