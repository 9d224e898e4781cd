package dev.partitionscope.core.heat;

import dev.partitionscope.core.item.Capacity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Per-key write heat accumulated from DynamoDB stream records, without keeping a record: each shard reader fills its
 * own {@link Shard} (not thread-safe, one per reader thread) and hands it to {@link #merge}, which is. Records are
 * counted per key per second in primitive arrays (an open-addressing table of {@code key id × second → writes,
 * units}, about 32 bytes per distinct key-second while reading), so the busiest second of a key is exact whatever
 * the matrix's resolution; the matrices are bucketed from those seconds when {@link #writes()} or
 * {@link #writeUnits()} builds them.
 *
 * <p>Write units of a record: {@link #writeUnits(long, long)} — the larger of the old and the new image, per started
 * KB ({@link Capacity#writeUnits}); an image that is absent counts 0 bytes, so a REMOVE with its OLD_IMAGE costs its
 * old size, and a record with no image at all (a REMOVE on a NEW_IMAGE stream, an INSERT on an OLD_IMAGE stream)
 * costs the minimum of 1 unit — a lower bound, since the item's size is not in the stream. Under KEYS_ONLY no record
 * has an image and units are not counted at all ({@link #writeUnits()} is null, totals NaN).
 *
 * <p>Records outside [start, end) are skipped (and not counted in {@link #records()}).
 */
public final class StreamHeat {
    private final String table;
    private final String index;
    private final long startMillis;
    private final long endMillis;
    private final int resolutionSeconds;
    private final int columns;
    private final boolean keysOnly;
    private final Shard total;
    private Instant availableFrom;
    private String unavailableReason;

    /**
     * @param resolutionSeconds the matrices' bucket width; the last bucket is cut short when it does not divide the
     *                          window, and its rate is then taken over its full width, as everywhere else
     * @param keysOnly          true for a KEYS_ONLY stream: writes only, no write units
     */
    public StreamHeat(String table, String index, Instant start, Instant end, int resolutionSeconds, boolean keysOnly) {
        this.table = Objects.requireNonNull(table, "table");
        this.index = index;
        this.startMillis = start.toEpochMilli();
        this.endMillis = end.toEpochMilli();
        if (resolutionSeconds <= 0) {
            throw new IllegalArgumentException("resolutionSeconds must be positive: " + resolutionSeconds);
        }
        if (endMillis <= startMillis) {
            throw new IllegalArgumentException("The window [" + start + ", " + end + ") is empty");
        }
        long seconds = (endMillis - startMillis + 999) / 1000;
        if (seconds > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("The window is too long: " + seconds + " s");
        }
        this.resolutionSeconds = resolutionSeconds;
        this.columns = (int) ((seconds + resolutionSeconds - 1) / resolutionSeconds);
        this.keysOnly = keysOnly;
        this.total = new Shard(this);
    }

    /** The write units of one record from its images' sizes in bytes, -1 for an absent image; at least 1. */
    public static int writeUnits(long oldImageBytes, long newImageBytes) {
        return (int) Capacity.writeUnits(Math.max(0, Math.max(oldImageBytes, newImageBytes)));
    }

    /** A new, empty accumulator for one reader thread. */
    public Shard shard() {
        return new Shard(this);
    }

    /** Adds a shard reader's counts; thread-safe. The shard may be reused after it is merged only if cleared. */
    public void merge(Shard shard) {
        if (shard.owner != this) {
            throw new IllegalArgumentException("a shard of another StreamHeat");
        }
        synchronized (total) {
            total.addAll(shard);
        }
    }

    /**
     * Marks the columns wholly before {@code from} as missing in the matrices (the stream no longer holds them, or
     * did not exist yet), with {@code reason}.
     */
    public synchronized void availableFrom(Instant from, String reason) {
        this.availableFrom = from;
        this.unavailableReason = reason;
    }

    public boolean keysOnly() {
        return keysOnly;
    }

    public int columns() {
        return columns;
    }

    /** Records merged so far (inside the window). */
    public long records() {
        synchronized (total) {
            return total.records;
        }
    }

    /** Writes per key per bucket, divided by the bucket's seconds ({@link MatrixUnit#WRITES_PER_SECOND}). */
    public KeyTimeMatrix writes() {
        return matrix(false);
    }

    /** Write units per key per bucket per second ({@link MatrixUnit#WRITE_UNITS_PER_SECOND}); null under KEYS_ONLY. */
    public KeyTimeMatrix writeUnits() {
        return keysOnly ? null : matrix(true);
    }

    private KeyTimeMatrix matrix(boolean units) {
        Instant start = Instant.ofEpochMilli(startMillis);
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                start,
                resolutionSeconds,
                columns,
                units ? MatrixUnit.WRITE_UNITS_PER_SECOND : MatrixUnit.WRITES_PER_SECOND,
                Provenance.DYNAMODB_STREAM);
        synchronized (this) {
            if (availableFrom != null && availableFrom.toEpochMilli() > startMillis) {
                long firstWhole = (availableFrom.toEpochMilli() - startMillis) / 1000 / resolutionSeconds;
                b.markMissing(0, (int) Math.min(columns, firstWhole), unavailableReason);
            }
        }
        synchronized (total) {
            Sorted s = total.sorted();
            double per = resolutionSeconds;
            for (int k = 0; k < s.keyOrder.length; k++) {
                int key = s.keyOrder[k];
                RowKey row = RowKey.of(table, index, total.keys.get(key));
                int from = s.keyStart[key];
                int to = s.keyStart[key + 1];
                int i = from;
                while (i < to) {
                    int column = s.second(i) / resolutionSeconds;
                    long sum = 0;
                    for (; i < to && s.second(i) / resolutionSeconds == column; i++) {
                        sum += units ? total.units[s.slot[i]] : total.writes[s.slot[i]];
                    }
                    b.add(row, column, sum / per);
                }
            }
        }
        return b.build();
    }

    /** Per-key totals, by writes descending, then key. */
    public List<StreamKeyTotal> keys() {
        synchronized (total) {
            Sorted s = total.sorted();
            List<StreamKeyTotal> out = new ArrayList<>(total.keys.size());
            for (int key = 0; key < total.keys.size(); key++) {
                long writes = 0;
                long units = 0;
                int peak = 0;
                for (int i = s.keyStart[key]; i < s.keyStart[key + 1]; i++) {
                    writes += total.writes[s.slot[i]];
                    int u = total.units[s.slot[i]];
                    units += u;
                    peak = Math.max(peak, u);
                }
                out.add(new StreamKeyTotal(
                        total.keys.get(key), writes, keysOnly ? Double.NaN : units, keysOnly ? Double.NaN : peak));
            }
            out.sort(KEY_ORDER);
            return out;
        }
    }

    /** Writes descending, then key. */
    public static final Comparator<StreamKeyTotal> KEY_ORDER =
            Comparator.comparingLong(StreamKeyTotal::writes).reversed().thenComparing(StreamKeyTotal::partitionKey);

    /** The table's cells grouped by key, seconds ascending: positions into the table's slots. */
    private static final class Sorted {
        final int[] slot; // slot of the i-th cell in key, second order
        final long[] packed; // the i-th cell's key << 32 | second
        final int[] keyStart; // cells of key k are [keyStart[k], keyStart[k + 1])
        final int[] keyOrder; // keys in any order (the builder sorts rows)

        Sorted(int[] slot, long[] packed, int[] keyStart, int keys) {
            this.slot = slot;
            this.packed = packed;
            this.keyStart = keyStart;
            this.keyOrder = new int[keys];
            Arrays.setAll(keyOrder, k -> k);
        }

        int second(int i) {
            return (int) packed[i];
        }
    }

    /**
     * One reader's counts: keys as ids into a list of their strings, and an open-addressing table from
     * {@code (key id << 32 | second)} to the writes and units of that key in that second. Not thread-safe.
     */
    public static final class Shard {
        private static final long FREE = -1;

        private final StreamHeat owner;
        private final Map<String, Integer> ids = new HashMap<>();
        private final List<String> keys = new ArrayList<>();
        private long[] slots = newSlots(1024);
        private int[] writes = new int[1024];
        private int[] units = new int[1024];
        private int used;
        private long records;
        private long skipped;

        private Shard(StreamHeat owner) {
            this.owner = owner;
        }

        private static long[] newSlots(int n) {
            long[] s = new long[n];
            Arrays.fill(s, FREE);
            return s;
        }

        /**
         * Counts one stream record.
         *
         * @param writeUnits the record's write units ({@link StreamHeat#writeUnits(long, long)}); ignored under
         *                   KEYS_ONLY (pass NaN or anything)
         * @return false when the record is outside the window (skipped)
         */
        public boolean add(String partitionKey, long epochMillis, double writeUnits) {
            if (epochMillis < owner.startMillis || epochMillis >= owner.endMillis) {
                skipped++;
                return false;
            }
            int second = (int) ((epochMillis - owner.startMillis) / 1000);
            int units = owner.keysOnly || Double.isNaN(writeUnits) ? 0 : (int) Math.ceil(writeUnits);
            put(id(partitionKey), second, 1, units);
            records++;
            return true;
        }

        /** Records counted (inside the window). */
        public long records() {
            return records;
        }

        /** Records seen outside the window. */
        public long skipped() {
            return skipped;
        }

        /** Forgets everything counted, keeping the arrays. */
        public void clear() {
            ids.clear();
            keys.clear();
            Arrays.fill(slots, FREE);
            Arrays.fill(writes, 0);
            Arrays.fill(units, 0);
            used = 0;
            records = 0;
            skipped = 0;
        }

        private int id(String key) {
            Integer id = ids.get(key);
            if (id == null) {
                id = keys.size();
                ids.put(key, id);
                keys.add(key);
            }
            return id;
        }

        private void put(int key, int second, int w, int u) {
            if ((used + 1) * 2L > slots.length) {
                grow();
            }
            long packed = (long) key << 32 | second;
            int mask = slots.length - 1;
            int at = mix(packed) & mask;
            while (slots[at] != FREE && slots[at] != packed) {
                at = (at + 1) & mask;
            }
            if (slots[at] == FREE) {
                slots[at] = packed;
                used++;
            }
            writes[at] += w;
            units[at] += u;
        }

        private static int mix(long v) {
            long h = v * 0x9E3779B97F4A7C15L;
            return (int) (h ^ (h >>> 32));
        }

        private void grow() {
            long[] oldSlots = slots;
            int[] oldWrites = writes;
            int[] oldUnits = units;
            int n = oldSlots.length * 2;
            slots = newSlots(n);
            writes = new int[n];
            units = new int[n];
            used = 0;
            for (int i = 0; i < oldSlots.length; i++) {
                if (oldSlots[i] != FREE) {
                    long p = oldSlots[i];
                    put((int) (p >>> 32), (int) p, oldWrites[i], oldUnits[i]);
                }
            }
        }

        private void addAll(Shard other) {
            int[] map = new int[other.keys.size()];
            for (int k = 0; k < map.length; k++) {
                map[k] = id(other.keys.get(k));
            }
            for (int i = 0; i < other.slots.length; i++) {
                long p = other.slots[i];
                if (p != FREE) {
                    put(map[(int) (p >>> 32)], (int) p, other.writes[i], other.units[i]);
                }
            }
            records += other.records;
            skipped += other.skipped;
        }

        private Sorted sorted() {
            long[] packed = new long[used];
            int n = 0;
            for (int i = 0; i < slots.length; i++) {
                if (slots[i] != FREE) {
                    packed[n++] = slots[i];
                }
            }
            Arrays.sort(packed);
            int[] slot = new int[n];
            int[] keyStart = new int[keys.size() + 1];
            int mask = slots.length - 1;
            for (int i = 0; i < n; i++) {
                int at = mix(packed[i]) & mask;
                while (slots[at] != packed[i]) {
                    at = (at + 1) & mask;
                }
                slot[i] = at;
                keyStart[(int) (packed[i] >>> 32) + 1]++;
            }
            for (int k = 0; k < keys.size(); k++) {
                keyStart[k + 1] += keyStart[k];
            }
            return new Sorted(slot, packed, keyStart, keys.size());
        }
    }
}
