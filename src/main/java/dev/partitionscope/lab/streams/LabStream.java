package dev.partitionscope.lab.streams;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.partition.ModelSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One DynamoDB stream of a Lab table: its shards follow the table's partitions (one open shard per partition; a split
 * closes the parent and opens children naming it), an open shard rolls over to a child with the same range after
 * about four hours, and records and drained closed shards are trimmed after 24 hours — all on the Lab's clock,
 * lazily, when the stream is written or read. Appends are cheap (they run under the table's write lock): a record
 * holds references to the engine's immutable item maps; JSON is made only by GetRecords.
 */
public final class LabStream {
    public static final long RETENTION_MILLIS = 24L * 3_600_000;
    public static final long ROLLOVER_MILLIS = 4L * 3_600_000;
    /** Shards roll over up to this much later than {@link #ROLLOVER_MILLIS}, each by its own amount, as on AWS. */
    static final long ROLLOVER_STAGGER_MILLIS = 10L * 60_000;

    /** What a stream record carries besides the keys. */
    public enum ViewType {
        KEYS_ONLY,
        NEW_IMAGE,
        OLD_IMAGE,
        NEW_AND_OLD_IMAGES;

        boolean keepsNew() {
            return this == NEW_IMAGE || this == NEW_AND_OLD_IMAGES;
        }

        boolean keepsOld() {
            return this == OLD_IMAGE || this == NEW_AND_OLD_IMAGES;
        }
    }

    /** The base table's partitions, as the stream sees them. */
    public interface Partitions {
        /** Partitions now; cheap, asked on every append. */
        int count();

        /** The partition model, when the table has one (empty: one partition over the whole hash range). */
        Optional<ModelSnapshot> snapshot();
    }

    private final StreamRegistry registry;
    private final String arn;
    private final String tableName;
    private final String partitionKey;
    private final String sortKey;
    private final ViewType viewType;
    private final long createdMillis;
    private final Partitions partitions;

    /** Every shard still kept, in the order they opened. */
    private final List<Shard> shards = new ArrayList<>();
    /** The open shards, by hash range. */
    private List<Shard> open = new ArrayList<>();

    private int partitionCount;
    private boolean disabled;
    private long disabledMillis;
    private long nextMaintenanceMillis;

    LabStream(
            StreamRegistry registry,
            String tableArn,
            String tableName,
            String partitionKey,
            String sortKey,
            ViewType viewType,
            long createdMillis,
            Partitions partitions) {
        this.registry = registry;
        this.arn = tableArn + "/stream/" + labelWithMillis(createdMillis);
        this.tableName = tableName;
        this.partitionKey = partitionKey;
        this.sortKey = sortKey;
        this.viewType = viewType;
        this.createdMillis = createdMillis;
        this.partitions = partitions;
        synchronized (this) {
            reconcile(createdMillis);
        }
    }

    /** ISO-8601 with exactly three fraction digits, as DynamoDB labels streams ({@code 2026-12-01T23:47:29.120}). */
    static String labelWithMillis(long millis) {
        return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS")
                .withZone(java.time.ZoneOffset.UTC)
                .format(java.time.Instant.ofEpochMilli(millis));
    }

    public String arn() {
        return arn;
    }

    /** The stream's label: its ARN's last part, the Lab time it was enabled at. */
    public String label() {
        return labelWithMillis(createdMillis);
    }

    public String tableName() {
        return tableName;
    }

    public ViewType viewType() {
        return viewType;
    }

    String partitionKey() {
        return partitionKey;
    }

    String sortKey() {
        return sortKey;
    }

    long createdMillis() {
        return createdMillis;
    }

    public synchronized boolean enabled() {
        return !disabled;
    }

    synchronized long disabledMillis() {
        return disabled ? disabledMillis : Long.MAX_VALUE;
    }

    /** Disables the stream (stream disabled on the table, or the table deleted): every shard closes. */
    public synchronized void disable(long nowMillis) {
        if (disabled) {
            return;
        }
        maintain(nowMillis);
        for (Shard s : open) {
            s.close(nowMillis);
        }
        open = new ArrayList<>();
        disabled = true;
        disabledMillis = nowMillis;
    }

    // Appending

    /**
     * Records one change of an item through the engine (caller holds the table's write lock). {@code oldItem} null
     * is an INSERT, {@code newItem} null a REMOVE; nothing is recorded when they are equal or the stream is disabled.
     */
    public void record(
            long hash,
            Map<String, AttrValue> keys,
            Map<String, AttrValue> oldItem,
            Map<String, AttrValue> newItem,
            boolean byTimeToLive,
            long nowMillis) {
        if (java.util.Objects.equals(oldItem, newItem)) {
            return;
        }
        byte event =
                oldItem == null ? StreamRecord.INSERT : newItem == null ? StreamRecord.REMOVE : StreamRecord.MODIFY;
        append(hash, event, keys, oldItem, newItem, byTimeToLive, nowMillis);
    }

    /**
     * Records a write that fast-forward modelled without the engine (its items are not stored): an INSERT with the
     * item as its new image when {@code modify} is false, else a MODIFY whose new image is {@code newItem} (for a
     * counter update, just its keys).
     */
    public void recordModelled(long hash, Map<String, AttrValue> newItem, boolean modify, long nowMillis) {
        Map<String, AttrValue> keys = null;
        if (!viewType.keepsNew()) {
            keys = new java.util.LinkedHashMap<>(2);
            keys.put(partitionKey, newItem.get(partitionKey));
            if (sortKey != null && newItem.containsKey(sortKey)) {
                keys.put(sortKey, newItem.get(sortKey));
            }
        }
        // A generated item is held only by its record: kept as an immutable compact map (one array, about a third of
        // a LinkedHashMap's bytes), since a fast-forwarded hour holds millions of them.
        Map<String, AttrValue> image = viewType.keepsNew() ? Map.copyOf(newItem) : newItem;
        append(hash, modify ? StreamRecord.MODIFY : StreamRecord.INSERT, keys, null, image, false, nowMillis);
    }

    private synchronized void append(
            long hash,
            byte event,
            Map<String, AttrValue> keys,
            Map<String, AttrValue> oldItem,
            Map<String, AttrValue> newItem,
            boolean ttl,
            long nowMillis) {
        if (disabled) {
            return;
        }
        if (nowMillis >= nextMaintenanceMillis || partitions.count() != partitionCount) {
            maintain(nowMillis);
        }
        Map<String, AttrValue> keptNew = viewType.keepsNew() ? newItem : null;
        Map<String, AttrValue> keptOld = viewType.keepsOld() ? oldItem : null;
        boolean keysCarried = (keptNew != null && keptNew.containsKey(partitionKey))
                || (keptOld != null && keptOld.containsKey(partitionKey));
        shardOf(hash)
                .add(new StreamRecord(
                        registry.nextSeq(), nowMillis, event, ttl, keysCarried ? null : keys, keptNew, keptOld));
    }

    private Shard shardOf(long hash) {
        List<Shard> o = open;
        int a = 0;
        int b = o.size() - 1;
        while (a < b) { // the last shard whose lo is at most the hash
            int m = (a + b + 1) >>> 1;
            if (Long.compareUnsigned(o.get(m).lo, hash) <= 0) {
                a = m;
            } else {
                b = m - 1;
            }
        }
        return o.get(a);
    }

    // Upkeep

    /** Follows the partitions, rolls shards over and trims what retention has passed. Caller holds the lock. */
    void maintain(long nowMillis) {
        long cutoff = nowMillis - RETENTION_MILLIS;
        for (java.util.Iterator<Shard> it = shards.iterator(); it.hasNext(); ) {
            Shard s = it.next();
            s.trim(cutoff);
            if (s.closed() && s.size() == 0 && s.closedMillis() <= cutoff) {
                it.remove();
            }
        }
        if (disabled) {
            nextMaintenanceMillis = Long.MAX_VALUE;
            return;
        }
        if (partitions.count() != partitionCount) {
            reconcile(nowMillis);
        }
        long next = nowMillis + 60_000;
        List<Shard> now = new ArrayList<>(open.size());
        boolean rolled = false;
        for (Shard s : open) {
            long due = s.createdMillis + ROLLOVER_MILLIS + stagger(s);
            if (nowMillis >= due) {
                s.close(nowMillis);
                Shard child = newShard(s.lo, s.hi, s.id, nowMillis);
                now.add(child);
                rolled = true;
                next = Math.min(next, child.createdMillis + ROLLOVER_MILLIS + stagger(child));
            } else {
                now.add(s);
                next = Math.min(next, due);
            }
        }
        if (rolled) {
            open = now;
        }
        nextMaintenanceMillis = next;
    }

    private static long stagger(Shard s) {
        return Math.floorMod(s.id.hashCode(), ROLLOVER_STAGGER_MILLIS / 1000) * 1000L;
    }

    /** Matches the open shards to the partitions: a shard whose range is no longer one partition closes. */
    private void reconcile(long nowMillis) {
        partitionCount = partitions.count();
        List<long[]> ranges = new ArrayList<>();
        Optional<ModelSnapshot> snapshot = partitions.snapshot();
        if (snapshot.isPresent()) {
            for (ModelSnapshot.PartitionView p : snapshot.get().table().partitions()) {
                ranges.add(new long[] {p.lo(), p.hi()});
            }
            partitionCount = snapshot.get().table().partitions().size();
        }
        if (ranges.isEmpty()) {
            ranges.add(new long[] {0, 0});
        }
        ranges.sort((x, y) -> Long.compareUnsigned(x[0], y[0]));
        List<Shard> closedNow = new ArrayList<>();
        Map<String, Shard> kept = new java.util.HashMap<>();
        for (Shard s : open) {
            boolean still = ranges.stream().anyMatch(r -> r[0] == s.lo && r[1] == s.hi);
            if (still) {
                kept.put(s.lo + "/" + s.hi, s);
            } else {
                s.close(nowMillis);
                closedNow.add(s);
            }
        }
        List<Shard> next = new ArrayList<>(ranges.size());
        for (long[] r : ranges) {
            Shard k = kept.get(r[0] + "/" + r[1]);
            if (k != null) {
                next.add(k);
                continue;
            }
            String parent = null;
            for (Shard c : closedNow) {
                if (c.contains(r[0])) {
                    parent = c.id;
                    break;
                }
            }
            next.add(newShard(r[0], r[1], parent, nowMillis));
        }
        open = next;
    }

    private Shard newShard(long lo, long hi, String parentId, long nowMillis) {
        long seq = registry.nextSeq();
        String id = String.format(
                "shardId-%020d-%08x", nowMillis, (int) StreamRegistry.mix(seq ^ arn.hashCode()) & 0xffffffffL);
        Shard s = new Shard(id, parentId, lo, hi, nowMillis, seq);
        shards.add(s);
        return s;
    }

    // Reading (the service)

    /** The shards kept now, after upkeep. */
    synchronized List<Shard> shards(long nowMillis) {
        maintain(nowMillis);
        return List.copyOf(shards);
    }

    /** A kept shard by id, or null. */
    synchronized Shard shard(String id, long nowMillis) {
        maintain(nowMillis);
        for (Shard s : shards) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        return null;
    }

    /** The records of a shard from sequence number {@code from}, at most {@code max} (after upkeep). */
    synchronized List<StreamRecord> read(Shard s, long from, int max) {
        int i = s.indexFrom(from);
        int n = Math.min(max, s.size() - i);
        List<StreamRecord> out = new ArrayList<>(Math.max(0, n));
        for (int k = 0; k < n; k++) {
            out.add(s.get(i + k));
        }
        return out;
    }

    /** The newest sequence number handed out so far (a LATEST iterator reads what comes after it). */
    synchronized long latestSeq() {
        return registry.currentSeq();
    }

    /** The base table's key schema, as DescribeStream lists it. */
    List<String[]> keySchema() {
        List<String[]> k = new ArrayList<>();
        k.add(new String[] {partitionKey, "HASH"});
        if (sortKey != null) {
            k.add(new String[] {sortKey, "RANGE"});
        }
        return k;
    }

    /** Records the stream holds now (every shard, after trimming what retention has passed). */
    public synchronized long recordCount(long nowMillis) {
        maintain(nowMillis);
        long n = 0;
        for (Shard s : shards) {
            n += s.size();
        }
        return n;
    }

    synchronized boolean drained(long nowMillis) {
        return disabled && shards.isEmpty() && disabledMillis <= nowMillis - RETENTION_MILLIS;
    }

    @Override
    public String toString() {
        return arn;
    }
}
