package dev.partitionscope.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The store's two shapes of partition (one item, or items by position) and the packed items it keeps. */
class OrderedStoreTest {
    private static Map<String, AttrValue> item(String pk, Object... more) {
        Map<String, AttrValue> m = new LinkedHashMap<>();
        m.put("pk", AttrValue.s(pk));
        for (int i = 0; i < more.length; i += 2) {
            m.put((String) more[i], (AttrValue) more[i + 1]);
        }
        return m;
    }

    private static StoreKey.Sort at(String sk) {
        return new StoreKey.Sort(AttrValue.s(sk), null, null);
    }

    private static List<Map<String, AttrValue>> all(Iterator<Map<String, AttrValue>> it) {
        List<Map<String, AttrValue>> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    @Test
    void aKeyOnlyTableKeepsOneItemPerPartitionAndReplacesIt() {
        OrderedStore store = new OrderedStore();
        Map<String, AttrValue> first = item("a", "v", AttrValue.n(1));
        Map<String, AttrValue> second = item("a", "v", AttrValue.n(2), "w", AttrValue.s("x"));

        assertThat(store.put(AttrValue.s("a"), StoreKey.Sort.NONE, first)).isNull();
        Map<String, AttrValue> replaced = store.put(AttrValue.s("a"), StoreKey.Sort.NONE, second);

        assertThat(replaced).isEqualTo(first);
        assertThat(store.get(AttrValue.s("a"), StoreKey.Sort.NONE)).isEqualTo(second);
        assertThat(store.get(AttrValue.s("a"), at("x"))).isNull();
        assertThat(store.itemCount()).isEqualTo(1);
        assertThat(store.sizeBytes()).isEqualTo(ItemSize.of(second));
        assertThat(store.partitionItems(AttrValue.s("a"))).containsOnlyKeys(StoreKey.Sort.NONE);

        assertThat(store.remove(AttrValue.s("a"), StoreKey.Sort.NONE)).isEqualTo(second);
        assertThat(store.get(AttrValue.s("a"), StoreKey.Sort.NONE)).isNull();
        assertThat(store.partitionKeys(null).hasNext()).isFalse();
        assertThat(store.itemCount()).isZero();
        assertThat(store.sizeBytes()).isZero();
    }

    /**
     * A stored item remembers its size (measured by the store, or told by a write that measured it), so that replacing
     * it and reading it need not measure it again; the store's byte count stays the sum of what it holds.
     */
    @Test
    void storedItemsRememberTheirSize() {
        OrderedStore store = new OrderedStore();
        Map<String, AttrValue> first = item("a", "v", AttrValue.s("héllo"), "n", AttrValue.n("1.50"));
        Map<String, AttrValue> second = item("a", "v", AttrValue.s("x"));
        Map<String, AttrValue> other = item("b", "l", new AttrValue.L(List.of(AttrValue.n(1), AttrValue.Bool.TRUE)));

        store.put(AttrValue.s("a"), StoreKey.Sort.NONE, first);
        store.put(
                OrderedStore.partition(AttrValue.s("b")),
                other.get("pk"),
                StoreKey.Sort.NONE,
                other,
                ItemSize.of(other),
                null,
                OrderedStore.UNKNOWN_SIZE);
        Map<String, AttrValue> storedFirst = store.get(AttrValue.s("a"), StoreKey.Sort.NONE);
        Map<String, AttrValue> storedOther = store.get(OrderedStore.partition(AttrValue.s("b")), StoreKey.Sort.NONE);

        assertThat(storedFirst).isInstanceOf(StoredItem.class);
        assertThat(StoredItem.sizeOf(storedFirst)).isEqualTo(ItemSize.of(first));
        assertThat(StoredItem.sizeOf(storedOther)).isEqualTo(ItemSize.of(other));
        assertThat(store.sizeBytes()).isEqualTo(ItemSize.of(first) + ItemSize.of(other));

        // Replaced without the caller knowing the old item: the store takes the old size the item remembers.
        store.put(AttrValue.s("a"), StoreKey.Sort.NONE, second);
        assertThat(store.sizeBytes()).isEqualTo(ItemSize.of(second) + ItemSize.of(other));
        store.remove(AttrValue.s("b"), StoreKey.Sort.NONE);
        assertThat(store.sizeBytes()).isEqualTo(ItemSize.of(second));
        // A map that is not a stored item is measured.
        assertThat(StoredItem.sizeOf(other)).isEqualTo(ItemSize.of(other));
    }

    @Test
    void itemsComeInScanOrderWhateverTheShapeOfTheirPartition() {
        OrderedStore keyOnly = new OrderedStore();
        OrderedStore sorted = new OrderedStore();
        for (int i = 0; i < 200; i++) {
            keyOnly.put(AttrValue.s("k" + i), StoreKey.Sort.NONE, item("k" + i));
            sorted.put(AttrValue.s("k" + i), at("2"), item("k" + i, "sk", AttrValue.s("2")));
            sorted.put(AttrValue.s("k" + i), at("1"), item("k" + i, "sk", AttrValue.s("1")));
        }
        List<Map<String, AttrValue>> a = all(keyOnly.items());
        List<Map<String, AttrValue>> b = all(sorted.items());

        assertThat(a).hasSize(200);
        assertThat(b).hasSize(400);
        List<StoreKey.Partition> order = new ArrayList<>();
        keyOnly.partitionKeys(null).forEachRemaining(order::add);
        for (int i = 0; i < 200; i++) {
            assertThat(a.get(i).get("pk")).isEqualTo(order.get(i).value());
            assertThat(b.get(2 * i).get("pk")).isEqualTo(order.get(i).value());
            assertThat(b.get(2 * i).get("sk")).isEqualTo(AttrValue.s("1"));
            assertThat(b.get(2 * i + 1).get("sk")).isEqualTo(AttrValue.s("2"));
        }
        for (int i = 1; i < order.size(); i++) {
            assertThat(Long.compareUnsigned(
                            order.get(i - 1).hash(), order.get(i).hash()))
                    .isNegative();
        }
    }

    @Test
    void resumingAfterTheOnlyItemOfAPartitionGivesNothingMore() {
        OrderedStore store = new OrderedStore();
        store.put(AttrValue.s("a"), StoreKey.Sort.NONE, item("a"));
        StoreKey.Partition a = store.partitionKeys(null).next();

        assertThat(all(store.items(a, null))).containsExactly(item("a"));
        assertThat(all(store.items(a, StoreKey.Sort.NONE))).isEmpty();

        OrderedStore sorted = new OrderedStore();
        for (String sk : List.of("1", "2", "3")) {
            sorted.put(AttrValue.s("a"), at(sk), item("a", "sk", AttrValue.s(sk)));
        }
        assertThat(all(sorted.items(sorted.partitionKeys(null).next(), at("1"))))
                .extracting(m -> m.get("sk"))
                .containsExactly(AttrValue.s("2"), AttrValue.s("3"));
    }

    @Test
    void storedItemsKeepTheirOrderAndEqualTheMapsTheyCameFrom() {
        Map<String, AttrValue> source =
                item("a", "z", AttrValue.n(1), "b", AttrValue.s("x"), "m", AttrValue.Null.INSTANCE);
        Map<String, AttrValue> stored = StoredItem.of(source);

        assertThat(stored).isInstanceOf(StoredItem.class);
        assertThat(stored.keySet()).containsExactly("pk", "z", "b", "m");
        assertThat(stored).isEqualTo(source);
        assertThat(source).isEqualTo(stored);
        assertThat(stored.hashCode()).isEqualTo(source.hashCode());
        assertThat(stored.get("b")).isEqualTo(AttrValue.s("x"));
        assertThat(stored.get("nope")).isNull();
        assertThat(stored.containsKey("m")).isTrue();
        assertThat(stored.get(null)).isNull();
        assertThat(StoredItem.of(stored)).isSameAs(stored);
        assertThatThrownBy(() -> stored.put("q", AttrValue.s("q"))).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> stored.entrySet().iterator().next().setValue(AttrValue.s("q")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void wideItemsAreKeptAsTheyCame() {
        Map<String, AttrValue> wide = item("a");
        for (int i = 0; i < StoredItem.MAX_PACKED; i++) {
            wide.put("a" + i, AttrValue.n(i));
        }
        assertThat(wide).hasSize(StoredItem.MAX_PACKED + 1);
        assertThat(StoredItem.of(wide)).isSameAs(wide);

        Map<String, AttrValue> widest = new LinkedHashMap<>(wide);
        widest.remove("pk");
        assertThat(StoredItem.of(widest)).isInstanceOf(StoredItem.class).isEqualTo(widest);
    }

    /**
     * Items whose values are all strings, numbers, binaries, booleans and nulls are kept as bytes: every value comes
     * back equal, with a number's text and a string's characters as they were — beyond ASCII and beyond the Basic
     * Multilingual Plane too. A string holding half a surrogate pair alone (JSON can carry one, UTF-8 cannot) keeps
     * its item as value objects.
     */
    @Test
    void valuesKeptAsBytesComeBackAsTheyWere() {
        Map<String, AttrValue> item = new LinkedHashMap<>();
        item.put("pk", AttrValue.s("key-1"));
        item.put("empty", AttrValue.s(""));
        item.put("text", AttrValue.s("Zoë ☺ 𝄞 \u0000 ✓ " + "x".repeat(300)));
        item.put("long", AttrValue.s("y".repeat(100_000) + "é")); // a length of three bytes
        item.put("int", AttrValue.n("-12345678901234567890123456789012345678"));
        item.put("frac", AttrValue.n("-0012.5000"));
        item.put("big", AttrValue.n("1.5E+125"));
        item.put("tiny", AttrValue.n("1E-130"));
        item.put("bin", new AttrValue.B(new byte[] {0, -1, 127, -128}));
        item.put("none", new AttrValue.B(new byte[0]));
        item.put("yes", AttrValue.Bool.TRUE);
        item.put("no", new AttrValue.Bool(false));
        item.put("nil", AttrValue.Null.INSTANCE);

        OrderedStore store = new OrderedStore();
        store.put(AttrValue.s("key-1"), StoreKey.Sort.NONE, item);
        Map<String, AttrValue> stored = store.get(AttrValue.s("key-1"), StoreKey.Sort.NONE);

        assertThat(stored).isInstanceOf(StoredItem.class).isEqualTo(item);
        assertThat(stored.keySet()).containsExactlyElementsOf(item.keySet());
        item.forEach((name, v) -> {
            assertThat(stored.get(name)).as(name).isEqualTo(v);
            assertThat(stored.get(name).toString()).as(name).isEqualTo(v.toString());
        });
        List<AttrValue> inOrder = new ArrayList<>();
        stored.forEach((name, v) -> inOrder.add(v));
        assertThat(inOrder).containsExactlyElementsOf(item.values());
        assertThat(((AttrValue.N) stored.get("frac")).text()).isEqualTo("-12.5");
        assertThat(((AttrValue.N) stored.get("big")).value()).isEqualByComparingTo("1.5E+125");
        // A decoded binary is a copy: changing it changes nothing stored.
        ((AttrValue.B) stored.get("bin")).value()[0] = 9;
        assertThat(stored.get("bin")).isEqualTo(new AttrValue.B(new byte[] {0, -1, 127, -128}));

        for (String lone : List.of("a\ud800b", "\udc00", "x\ud83d")) {
            Map<String, AttrValue> odd = item("key-2", "s", AttrValue.s(lone));
            store.put(AttrValue.s("key-2"), StoreKey.Sort.NONE, odd);
            Map<String, AttrValue> kept = store.get(AttrValue.s("key-2"), StoreKey.Sort.NONE);
            assertThat(((AttrValue.S) kept.get("s")).value()).isEqualTo(lone);
            assertThat(kept.get("s")).isSameAs(odd.get("s"));
        }
    }

    /** Items with the same names in the same order share one names array; the names stay each item's own. */
    @Test
    void itemsOfOneShapeShareTheirNames() {
        OrderedStore store = new OrderedStore();
        for (int i = 0; i < 20; i++) {
            store.put(
                    AttrValue.s("k" + i),
                    StoreKey.Sort.NONE,
                    item("k" + i, "v", AttrValue.n(i), "w", AttrValue.s("w")));
        }
        store.put(AttrValue.s("odd"), StoreKey.Sort.NONE, item("odd", "w", AttrValue.s("w"), "v", AttrValue.n(1)));
        assertThat(store.get(AttrValue.s("k3"), StoreKey.Sort.NONE).keySet()).containsExactly("pk", "v", "w");
        assertThat(store.get(AttrValue.s("odd"), StoreKey.Sort.NONE).keySet()).containsExactly("pk", "w", "v");
        assertThat(store.get(AttrValue.s("k19"), StoreKey.Sort.NONE).get("v")).isEqualTo(AttrValue.n(19));
    }

    /**
     * An item kept as value objects (it holds a set, list or map) keeps its partition's key object rather than one
     * more equal copy per write.
     */
    @Test
    void writesToAPartitionKeepItsKeyStringOnce() {
        AttrValue list = new AttrValue.L(List.of(AttrValue.n(1)));
        OrderedStore keyOnly = new OrderedStore();
        keyOnly.put(AttrValue.s("a"), StoreKey.Sort.NONE, item("a", "v", list));
        AttrValue first = keyOnly.get(AttrValue.s("a"), StoreKey.Sort.NONE).get("pk");
        Map<String, AttrValue> second = item("a", "v", list);
        keyOnly.put(second.get("pk"), StoreKey.Sort.NONE, second);

        Map<String, AttrValue> stored = keyOnly.get(AttrValue.s("a"), StoreKey.Sort.NONE);
        assertThat(stored).isEqualTo(second);
        assertThat(stored.get("pk")).isSameAs(first).isNotSameAs(second.get("pk"));

        OrderedStore sorted = new OrderedStore();
        Map<String, AttrValue> one = item("a", "sk", AttrValue.s("1"), "l", list);
        Map<String, AttrValue> two = item("a", "sk", AttrValue.s("2"), "l", list);
        sorted.put(one.get("pk"), at("1"), one);
        sorted.put(two.get("pk"), at("2"), two);
        assertThat(sorted.get(AttrValue.s("a"), at("2")).get("pk")).isSameAs(one.get("pk"));
        assertThat(sorted.get(AttrValue.s("a"), at("2"))).isEqualTo(two);
    }

    /**
     * A key-only table's item is written over in place by the writes that replace it, so what a reader was given must
     * be a copy: random writes, deletes and reads on a few partitions (plain items growing and shrinking, items that
     * must be kept as objects, other names and orders) against a plain map, every item read kept and checked again at
     * the end, the store's byte count always the sum of its items' sizes.
     */
    @Test
    void aKeyOnlyTablesItemsAreWrittenOverWithoutChangingWhatReadersHold() {
        java.util.Random random = new java.util.Random(23);
        OrderedStore store = new OrderedStore();
        Map<String, Map<String, AttrValue>> model = new java.util.HashMap<>();
        List<Map.Entry<Map<String, AttrValue>, Map<String, AttrValue>>> held = new ArrayList<>();
        for (int op = 0; op < 5_000; op++) {
            String pk = "k" + random.nextInt(4);
            int what = random.nextInt(10);
            if (what < 6) {
                Map<String, AttrValue> item = randomItem(random, pk);
                long size = random.nextBoolean() ? ItemSize.of(item) : OrderedStore.UNKNOWN_SIZE;
                if (random.nextBoolean()) {
                    assertThat(store.put(AttrValue.s(pk), StoreKey.Sort.NONE, item))
                            .isEqualTo(model.get(pk));
                } else {
                    store.put(null, AttrValue.s(pk), StoreKey.Sort.NONE, item, size, null, OrderedStore.UNKNOWN_SIZE);
                }
                model.put(pk, new LinkedHashMap<>(item));
            } else if (what < 7) {
                assertThat(store.remove(AttrValue.s(pk), StoreKey.Sort.NONE)).isEqualTo(model.remove(pk));
            } else {
                Map<String, AttrValue> read = store.get(AttrValue.s(pk), StoreKey.Sort.NONE);
                assertThat(read).isEqualTo(model.get(pk));
                if (read != null) {
                    assertThat(read.keySet())
                            .containsExactlyElementsOf(model.get(pk).keySet());
                    held.add(Map.entry(read, model.get(pk)));
                }
            }
            assertThat(store.itemCount()).isEqualTo(model.size());
            assertThat(store.sizeBytes())
                    .isEqualTo(model.values().stream().mapToLong(ItemSize::of).sum());
        }
        assertThat(held).hasSizeGreaterThan(1_000);
        for (Map.Entry<Map<String, AttrValue>, Map<String, AttrValue>> h : held) {
            assertThat(h.getKey()).isEqualTo(h.getValue());
        }
        List<Map<String, AttrValue>> scanned = all(store.items());
        assertThat(scanned).containsExactlyInAnyOrderElementsOf(model.values());
    }

    /** Plain values of several lengths (so that a write sometimes needs more bytes than the one before), or a list. */
    private static Map<String, AttrValue> randomItem(java.util.Random random, String pk) {
        Map<String, AttrValue> item = item(pk);
        List<String> names = new ArrayList<>(List.of("a", "b", "c"));
        java.util.Collections.shuffle(names, random);
        for (String name : names.subList(0, random.nextInt(4))) {
            item.put(
                    name,
                    switch (random.nextInt(5)) {
                        case 0 -> AttrValue.s("v".repeat(random.nextInt(40)));
                        case 1 -> AttrValue.n(random.nextLong() >> random.nextInt(64));
                        case 2 -> new AttrValue.B(new byte[random.nextInt(20)]);
                        case 3 -> AttrValue.Bool.TRUE;
                        default -> new AttrValue.L(List.of(AttrValue.n(random.nextInt(9))));
                    });
        }
        return item;
    }

    /**
     * A slot writes a replacing item into the array it has when the bytes fit (a counter one digit longer too), and
     * takes a smaller one when a large item is replaced by a small one, rather than keep 100 KB for a few bytes.
     */
    @Test
    void aSlotKeepsItsArrayWhenTheItemFitsAndLetsALargeOneGo() {
        StoredItem.Shapes shapes = new StoredItem.Shapes();
        StoredItem.Slot slot = new StoredItem.Slot(item("a", "n", AttrValue.n(99)), -1, shapes);
        int held = slot.bytesHeld();
        slot.set(item("a", "n", AttrValue.n(100)), AttrValue.s("a"), -1, shapes);
        assertThat(slot.bytesHeld()).isEqualTo(held);
        assertThat(slot.item()).isEqualTo(item("a", "n", AttrValue.n(100)));

        slot.set(item("a", "big", AttrValue.s("x".repeat(100_000))), AttrValue.s("a"), -1, shapes);
        assertThat(slot.bytesHeld()).isGreaterThan(100_000);
        slot.set(item("a", "n", AttrValue.n(1)), AttrValue.s("a"), -1, shapes);
        assertThat(slot.bytesHeld()).isLessThan(100);
        assertThat(slot.item()).isEqualTo(item("a", "n", AttrValue.n(1)));
        assertThat(slot.size()).isEqualTo(ItemSize.of(item("a", "n", AttrValue.n(1))));
    }
}
