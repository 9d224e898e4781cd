package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import java.util.Comparator;

/**
 * Positions in an {@link OrderedStore}. Partitions are ordered by the unsigned key hash (the Lab's Scan order, like
 * DynamoDB's) and then by key value; items inside a partition by sort key, and in an index by the index sort key
 * followed by the table's key (index keys need not be unique).
 */
final class StoreKey {
    private StoreKey() {}

    /** A partition key value with its hash. */
    record Partition(long hash, AttrValue value) implements Comparable<Partition> {
        @Override
        public int compareTo(Partition o) {
            int c = Long.compareUnsigned(hash, o.hash);
            return c != 0 ? c : KeyOrder.INSTANCE.compare(value, o.value);
        }

        /**
         * Equal exactly when {@link #compareTo} says 0 (same hash, same key value in key order), so that a hash map of
         * partitions agrees with the ordered one: a number equals itself at any scale, binary compares by content.
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Partition p
                    && p.hash == hash
                    && p.value.type() == value.type()
                    && KeyOrder.INSTANCE.compare(value, p.value) == 0;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(hash);
        }
    }

    /**
     * Position of an item inside its partition: sort key (null when none), then — for index entries, whose index keys
     * need not be unique — the hash of the table key (DynamoDB's order for entries that tie), then the table key.
     */
    record Sort(AttrValue sort, AttrValue tablePk, AttrValue tableSk, long tableHash) {
        Sort(AttrValue sort, AttrValue tablePk, AttrValue tableSk) {
            this(sort, tablePk, tableSk, tablePk == null ? 0 : ScanOrder.of(tablePk, tableSk));
        }

        /** The one position in a partition of a table without a sort key. */
        static final Sort NONE = new Sort(null, null, null, 0);

        static final Comparator<Sort> ORDER = (a, b) -> {
            int c = nullableCompare(a.sort, b.sort);
            if (c != 0) {
                return c;
            }
            c = Long.compareUnsigned(a.tableHash, b.tableHash);
            if (c != 0) {
                return c;
            }
            c = nullableCompare(a.tablePk, b.tablePk);
            return c != 0 ? c : nullableCompare(a.tableSk, b.tableSk);
        };

        private static int nullableCompare(AttrValue x, AttrValue y) {
            if (x == null || y == null) {
                return x == y ? 0 : x == null ? -1 : 1;
            }
            return KeyOrder.INSTANCE.compare(x, y);
        }
    }
}
