package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Items of a table or of one index, grouped by partition key and sorted inside each partition. Not thread-safe: the
 * owning {@link LabTable} guards it with its lock.
 */
final class OrderedStore {
    private final TreeMap<StoreKey.Partition, NavigableMap<StoreKey.Sort, Map<String, AttrValue>>> partitions =
            new TreeMap<>();
    private long itemCount;
    private long sizeBytes;

    static StoreKey.Partition partition(AttrValue pk) {
        return new StoreKey.Partition(ScanOrder.of(pk), pk);
    }

    Map<String, AttrValue> get(AttrValue pk, StoreKey.Sort sort) {
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p = partitions.get(partition(pk));
        return p == null ? null : p.get(sort);
    }

    /** Stores the item at the position, returning what was there. */
    Map<String, AttrValue> put(AttrValue pk, StoreKey.Sort sort, Map<String, AttrValue> item) {
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p =
                partitions.computeIfAbsent(partition(pk), k -> new TreeMap<>(StoreKey.Sort.ORDER));
        Map<String, AttrValue> old = p.put(sort, item);
        if (old != null) {
            sizeBytes -= ItemSize.of(old);
        } else {
            itemCount++;
        }
        sizeBytes += ItemSize.of(item);
        return old;
    }

    Map<String, AttrValue> remove(AttrValue pk, StoreKey.Sort sort) {
        StoreKey.Partition key = partition(pk);
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p = partitions.get(key);
        if (p == null) {
            return null;
        }
        Map<String, AttrValue> old = p.remove(sort);
        if (old != null) {
            itemCount--;
            sizeBytes -= ItemSize.of(old);
            if (p.isEmpty()) {
                partitions.remove(key);
            }
        }
        return old;
    }

    /** The sorted items of one partition key (empty when none). */
    NavigableMap<StoreKey.Sort, Map<String, AttrValue>> partitionItems(AttrValue pk) {
        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p = partitions.get(partition(pk));
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
        itemCount = 0;
        sizeBytes = 0;
    }
}
