package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Items of a table or of one index, grouped by partition key and sorted inside each partition. Not thread-safe: the
 * owning {@link LabTable} guards it with its lock.
 *
 * <p>The partitions are kept twice: in Scan order (a tree, for Scan and for resuming after a start key) and by key
 * (a hash map, for point lookups: a GetItem or a write finds its partition with one probe instead of a walk down a
 * tree of a million partitions). {@link StoreKey.Partition}'s equality agrees with its order, so both hold the same
 * partitions.
 */
final class OrderedStore {
    /** A size not known to the caller: the store measures the item itself. */
    static final long UNKNOWN_SIZE = -1;

    private final TreeMap<StoreKey.Partition, NavigableMap<StoreKey.Sort, Map<String, AttrValue>>> partitions =
            new TreeMap<>();
    private final HashMap<StoreKey.Partition, NavigableMap<StoreKey.Sort, Map<String, AttrValue>>> byKey =
            new HashMap<>();
    /**
     * The last partition key made, reused when the same value object comes again: a write looks its key up and then
     * stores it, one MD5 instead of two. One reference (to an immutable record), so readers sharing the read lock
     * always see a whole key.
     */
    private StoreKey.Partition lastKey;

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

    Map<String, AttrValue> get(AttrValue pk, StoreKey.Sort sort) {
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p = byKey.get(key(pk));
        return p == null ? null : p.get(sort);
    }

    /** Stores the item at the position, returning what was there. */
    Map<String, AttrValue> put(AttrValue pk, StoreKey.Sort sort, Map<String, AttrValue> item) {
        return put(pk, sort, item, UNKNOWN_SIZE, null, UNKNOWN_SIZE);
    }

    /**
     * As {@link #put(AttrValue, StoreKey.Sort, Map)}, with sizes the caller has already measured: {@code size} of the
     * item and {@code oldSize} of {@code old}, the item the caller expects to replace (either size may be
     * {@link #UNKNOWN_SIZE}).
     */
    @SuppressWarnings("ReferenceEquality") // identity: the caller's size is of that very item
    Map<String, AttrValue> put(
            AttrValue pk,
            StoreKey.Sort sort,
            Map<String, AttrValue> item,
            long size,
            Map<String, AttrValue> expectedOld,
            long oldSize) {
        StoreKey.Partition key = key(pk);
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p = byKey.get(key);
        if (p == null) {
            p = new TreeMap<>(StoreKey.Sort.ORDER);
            byKey.put(key, p);
            partitions.put(key, p);
        }
        Map<String, AttrValue> old = p.put(sort, item);
        if (old != null) {
            sizeBytes -= old == expectedOld && oldSize >= 0 ? oldSize : ItemSize.of(old);
        } else {
            itemCount++;
        }
        sizeBytes += size >= 0 ? size : ItemSize.of(item);
        return old;
    }

    Map<String, AttrValue> remove(AttrValue pk, StoreKey.Sort sort) {
        return remove(pk, sort, null, UNKNOWN_SIZE);
    }

    /** As {@link #remove(AttrValue, StoreKey.Sort)}, with the size of the item the caller expects to remove. */
    @SuppressWarnings("ReferenceEquality") // identity: the caller's size is of that very item
    Map<String, AttrValue> remove(AttrValue pk, StoreKey.Sort sort, Map<String, AttrValue> expectedOld, long oldSize) {
        StoreKey.Partition key = key(pk);
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p = byKey.get(key);
        if (p == null) {
            return null;
        }
        Map<String, AttrValue> old = p.remove(sort);
        if (old != null) {
            itemCount--;
            sizeBytes -= old == expectedOld && oldSize >= 0 ? oldSize : ItemSize.of(old);
            if (p.isEmpty()) {
                byKey.remove(key);
                partitions.remove(key);
            }
        }
        return old;
    }

    /** The sorted items of one partition key (empty when none). */
    NavigableMap<StoreKey.Sort, Map<String, AttrValue>> partitionItems(AttrValue pk) {
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p = byKey.get(key(pk));
        return p == null ? new TreeMap<>(StoreKey.Sort.ORDER) : p;
    }

    /** All partitions in Scan order. */
    NavigableMap<StoreKey.Partition, NavigableMap<StoreKey.Sort, Map<String, AttrValue>>> partitions() {
        return partitions;
    }

    long itemCount() {
        return itemCount;
    }

    long sizeBytes() {
        return sizeBytes;
    }

    void clear() {
        partitions.clear();
        byKey.clear();
        itemCount = 0;
        sizeBytes = 0;
    }
}
