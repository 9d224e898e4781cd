package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.TreeMap;

/**
 * Items of a table or of one index, grouped by partition key and sorted inside each partition. Not thread-safe: the
 * owning {@link LabTable} guards it with its lock.
 *
 * <p>The partitions are kept by key (a hash map, for point lookups: a GetItem or a write finds its partition with one
 * probe instead of a walk down a tree of a million partitions) and their keys once more in Scan order (a
 * {@link PartitionOrder}, for Scan and for resuming after a start key). {@link StoreKey.Partition}'s equality agrees
 * with its order, so both hold the same partitions. A partition is its items sorted by position; in a table without a
 * sort key, whose partitions hold one item at {@link StoreKey.Sort#NONE}, it is that item's
 * {@link StoredItem.Slot}, which the writes replacing the item write over in place (readers get copies). Items are kept as
 * {@link StoredItem}s: plain values as bytes, the others as value objects sharing their partition's key string. Every
 * stored item lives as long as the table, so each object it costs is one more for the collector to copy and each byte
 * one more the heap must grow by: under wrk's PutItem load (src/jmh/wrk) a key-only table's item held 738 bytes of
 * heap with a map per item and a tree per partition, about 400 with an object per value, and the heap left after a
 * young collection halved again (720 → 391 MB) once plain values were kept as bytes.
 */
final class OrderedStore {
    /** A size not known to the caller: the store measures the item itself. */
    static final long UNKNOWN_SIZE = -1;

    /** The items of a partition with positions, by position. */
    private static final class Positions extends TreeMap<StoreKey.Sort, Map<String, AttrValue>> {
        private static final long serialVersionUID = 1L;

        Positions() {
            super(StoreKey.Sort.ORDER);
        }
    }

    /** Partition key → its {@link Positions}, or the {@link StoredItem.Slot} of its one item when it has no positions. */
    private final HashMap<StoreKey.Partition, Object> byKey = new HashMap<>();
    /** The same partition keys in Scan order. */
    private final PartitionOrder scanOrder = new PartitionOrder();
    /**
     * The last partition key made, reused when the same value object comes again: a write looks its key up and then
     * stores it, one MD5 instead of two. One reference (to an immutable record), so readers sharing the read lock
     * always see a whole key.
     */
    private StoreKey.Partition lastKey;
    /** The names of the items stored lately, shared by the items that have them. */
    private final StoredItem.Shapes shapes = new StoredItem.Shapes();

    private long itemCount;
    private long sizeBytes;

    static StoreKey.Partition partition(AttrValue pk) {
        return new StoreKey.Partition(ScanOrder.of(pk), pk);
    }

    @SuppressWarnings("ReferenceEquality") // identity: the same value object has the same hash
    private StoreKey.Partition key(AttrValue pk) {
        StoreKey.Partition k = lastKey;
        if (k != null && k.value() == pk) {
            return k;
        }
        k = partition(pk);
        lastKey = k;
        return k;
    }

    /** The one item of a partition without positions (a value of {@link #byKey} that is not Positions). */
    private static Map<String, AttrValue> single(Object partition) {
        return ((StoredItem.Slot) partition).item();
    }

    Map<String, AttrValue> get(AttrValue pk, StoreKey.Sort sort) {
        return get(key(pk), sort);
    }

    /**
     * As {@link #get(AttrValue, StoreKey.Sort)} with the partition's key made by the caller ({@link #partition} of the
     * partition key value): a write makes it before it takes the table's lock, so that the digest is not computed
     * while the other writers wait.
     */
    Map<String, AttrValue> get(StoreKey.Partition key, StoreKey.Sort sort) {
        Object p = byKey.get(key);
        if (p instanceof Positions positions) {
            return positions.get(sort);
        }
        return p != null && sort.equals(StoreKey.Sort.NONE) ? single(p) : null;
    }

    /** Stores the item at the position, returning what was there. */
    Map<String, AttrValue> put(AttrValue pk, StoreKey.Sort sort, Map<String, AttrValue> item) {
        return store(null, pk, sort, item, UNKNOWN_SIZE, null, UNKNOWN_SIZE, true);
    }

    /**
     * As {@link #put(AttrValue, StoreKey.Sort, Map)} without answering the item replaced, with the partition's key made
     * by the caller ({@code made}: {@link #partition} of {@code pk}, or null for the store to make it) and sizes the
     * caller has already measured: {@code size} of the item and {@code oldSize} of {@code expectedOld}, the item the
     * caller expects to replace (either size may be {@link #UNKNOWN_SIZE}).
     */
    void put(
            StoreKey.Partition made,
            AttrValue pk,
            StoreKey.Sort sort,
            Map<String, AttrValue> item,
            long size,
            Map<String, AttrValue> expectedOld,
            long oldSize) {
        store(made, pk, sort, item, size, expectedOld, oldSize, false);
    }

    /**
     * Stores the item; answers the item replaced when {@code answerOld} (null when there was none), else null: a
     * partition without positions keeps its item in a slot written over in place, so the item it held is copied out
     * only for a caller that wants it.
     */
    @SuppressWarnings("ReferenceEquality") // identity: the caller's size is of that very item
    private Map<String, AttrValue> store(
            StoreKey.Partition made,
            AttrValue pk,
            StoreKey.Sort sort,
            Map<String, AttrValue> item,
            long size,
            Map<String, AttrValue> expectedOld,
            long oldSize,
            boolean answerOld) {
        StoreKey.Partition key = made != null ? made : key(pk);
        long itemSize = size >= 0 ? size : ItemSize.of(item);
        boolean none = sort.equals(StoreKey.Sort.NONE);
        Object p = byKey.get(key);
        Map<String, AttrValue> old = null;
        long replacedSize = -1; // the size of the item replaced; -1 when none was
        if (p == null) {
            scanOrder.add(key);
            if (none) {
                byKey.put(key, new StoredItem.Slot(item, itemSize, shapes));
            } else {
                Positions positions = new Positions();
                positions.put(sort, StoredItem.of(item, null, null, itemSize, shapes));
                byKey.put(key, positions);
            }
        } else if (p instanceof Positions positions) {
            old = positions.put(
                    sort,
                    StoredItem.of(
                            item, pk, samePartitionKey(positions.firstEntry().getValue(), pk), itemSize, shapes));
            if (old != null) {
                replacedSize = old == expectedOld && oldSize >= 0 ? oldSize : StoredItem.sizeOf(old);
            }
        } else {
            StoredItem.Slot only = (StoredItem.Slot) p;
            if (none) {
                old = answerOld ? only.item() : null;
                replacedSize = only.size();
                only.set(item, pk, itemSize, shapes);
            } else { // an item without a position, joined by one with a position
                Positions positions = new Positions();
                positions.put(StoreKey.Sort.NONE, only.item());
                positions.put(sort, StoredItem.of(item, pk, only.valueEqualTo(pk), itemSize, shapes));
                byKey.put(key, positions);
            }
        }
        if (replacedSize >= 0) {
            sizeBytes -= replacedSize;
        } else {
            itemCount++;
        }
        sizeBytes += itemSize;
        return answerOld ? old : null;
    }

    /**
     * The string in {@code stored} (an item of the partition) equal to {@code pk}, the partition key of an item joining
     * or replacing it, for the new item to keep instead of its own copy: the partition's key object lives as long as the
     * partition, and each write to it would otherwise keep one more equal string. Null when there is none to share
     * (only strings are shared: a number's text may differ from an equal number's).
     */
    private static AttrValue samePartitionKey(Map<String, AttrValue> stored, AttrValue pk) {
        if (pk instanceof AttrValue.S && stored instanceof StoredItem packed) {
            return packed.valueEqualTo(pk);
        }
        return null;
    }

    Map<String, AttrValue> remove(AttrValue pk, StoreKey.Sort sort) {
        return remove(pk, sort, null, UNKNOWN_SIZE);
    }

    /** As {@link #remove(AttrValue, StoreKey.Sort)}, with the size of the item the caller expects to remove. */
    Map<String, AttrValue> remove(AttrValue pk, StoreKey.Sort sort, Map<String, AttrValue> expectedOld, long oldSize) {
        return remove(null, pk, sort, expectedOld, oldSize);
    }

    /**
     * As {@link #remove(AttrValue, StoreKey.Sort, Map, long)} with the partition's key made by the caller ({@code made},
     * {@link #partition} of {@code pk}), or null for the store to make it.
     */
    @SuppressWarnings("ReferenceEquality") // identity: the caller's size is of that very item
    Map<String, AttrValue> remove(
            StoreKey.Partition made,
            AttrValue pk,
            StoreKey.Sort sort,
            Map<String, AttrValue> expectedOld,
            long oldSize) {
        StoreKey.Partition key = made != null ? made : key(pk);
        Object p = byKey.get(key);
        Map<String, AttrValue> old = null;
        long removedSize = 0;
        boolean emptied = false;
        if (p instanceof Positions positions) {
            old = positions.remove(sort);
            emptied = positions.isEmpty();
            if (old != null) {
                removedSize = old == expectedOld && oldSize >= 0 ? oldSize : StoredItem.sizeOf(old);
            }
        } else if (p != null && sort.equals(StoreKey.Sort.NONE)) {
            StoredItem.Slot only = (StoredItem.Slot) p;
            old = only.item();
            removedSize = only.size();
            emptied = true;
        }
        if (old != null) {
            itemCount--;
            sizeBytes -= removedSize;
            if (emptied) {
                byKey.remove(key);
                scanOrder.remove(key);
            }
        }
        return old;
    }

    /** The sorted items of one partition key (empty when none). */
    NavigableMap<StoreKey.Sort, Map<String, AttrValue>> partitionItems(AttrValue pk) {
        return positions(byKey.get(key(pk)));
    }

    private static NavigableMap<StoreKey.Sort, Map<String, AttrValue>> positions(Object p) {
        if (p instanceof Positions positions) {
            return positions;
        }
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> one = new TreeMap<>(StoreKey.Sort.ORDER);
        if (p != null) {
            one.put(StoreKey.Sort.NONE, single(p));
        }
        return one;
    }

    /** The partition keys in Scan order from {@code from} on (inclusive); all of them when it is null. */
    Iterator<StoreKey.Partition> partitionKeys(StoreKey.Partition from) {
        return scanOrder.from(from);
    }

    /** The items of a partition (one of {@link #partitionKeys}) in order, those after {@code after} when not null. */
    Iterator<Map<String, AttrValue>> items(StoreKey.Partition partition, StoreKey.Sort after) {
        Object p = byKey.get(partition);
        if (p instanceof Positions positions) {
            return (after == null ? positions : positions.tailMap(after, false))
                    .values()
                    .iterator();
        }
        boolean included = p != null && (after == null || StoreKey.Sort.ORDER.compare(StoreKey.Sort.NONE, after) > 0);
        return included ? Collections.singletonList(single(p)).iterator() : Collections.emptyIterator();
    }

    /** Every item, in Scan order. */
    Iterator<Map<String, AttrValue>> items() {
        Iterator<StoreKey.Partition> parts = scanOrder.from(null);
        return new Iterator<>() {
            private Iterator<Map<String, AttrValue>> inner = Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!inner.hasNext()) {
                    if (!parts.hasNext()) {
                        return false;
                    }
                    inner = items(parts.next(), null);
                }
                return true;
            }

            @Override
            public Map<String, AttrValue> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return inner.next();
            }
        };
    }

    long itemCount() {
        return itemCount;
    }

    long sizeBytes() {
        return sizeBytes;
    }

    void clear() {
        byKey.clear();
        scanOrder.clear();
        itemCount = 0;
        sizeBytes = 0;
    }
}
