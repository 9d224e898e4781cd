package dev.partitionscope.core.scatter;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Merges per-shard streams that each arrive sorted by the sort key (pages, in the requested direction) into one
 * stream in that order, with early termination at a limit. Thread-safe: shard readers offer pages concurrently.
 *
 * <p>An item is emitted only once every shard that may still contribute has a buffered head (or has ended), so the
 * output is exactly what sorting the union would give. A shard needs another page ({@link #needsMore}) only when its
 * buffer is empty, it has not ended and the merge is not done — so once the limit is reached, or while a shard still
 * holds items that sort after the others' heads, nothing more is fetched from it. Equal sort keys are emitted in
 * shard order; without a sort key the shards are concatenated in shard order. The next item comes from a heap of
 * the shards' heads (log k per item: 64 shards × 500 items merge in a few ms, not after a scan of every shard per
 * item).
 */
public final class KWayMerge {
    private final int shards;
    private final String sortKey;
    private final Comparator<AttrValue> order;
    private final int limit;
    private final List<ArrayDeque<Map<String, AttrValue>>> buffers = new ArrayList<>();
    private final boolean[] ended;
    private final boolean[] abandoned;
    private final List<Map<String, AttrValue>> out = new ArrayList<>();
    private final int[] emittedPerShard;
    private final List<String> dedupeBy;
    private final java.util.Set<List<AttrValue>> seen = new java.util.HashSet<>();
    private int duplicates;
    /** Shards with a buffered head, by head (then shard index): the next item to emit is the top's head. */
    private final java.util.PriorityQueue<Integer> heads;
    /** Shards that have not ended and have nothing buffered: while any, nothing is certain. */
    private int missing;

    /**
     * @param sortKey   the attribute to merge by, or null to concatenate
     * @param ascending the order the shard streams arrive in and the output is wanted in
     * @param limit     stop after this many items (Integer.MAX_VALUE for none)
     */
    public KWayMerge(int shards, String sortKey, boolean ascending, int limit) {
        this(shards, sortKey, ascending, limit, List.of());
    }

    /**
     * @param dedupeBy attributes identifying an item across shards: an item whose values of these equal an already
     *                 emitted one's is dropped and counted ({@link #duplicates}); empty for none
     */
    public KWayMerge(int shards, String sortKey, boolean ascending, int limit, List<String> dedupeBy) {
        if (shards < 1) {
            throw new IllegalArgumentException("at least one shard");
        }
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be ≥ 0");
        }
        this.shards = shards;
        this.sortKey = sortKey;
        this.order = ascending ? KeyOrder.INSTANCE : KeyOrder.INSTANCE.reversed();
        this.limit = limit;
        this.dedupeBy = List.copyOf(dedupeBy);
        this.ended = new boolean[shards];
        this.abandoned = new boolean[shards];
        this.emittedPerShard = new int[shards];
        for (int i = 0; i < shards; i++) {
            buffers.add(new ArrayDeque<>());
        }
        this.missing = shards;
        this.heads = new java.util.PriorityQueue<>((a, b) -> {
            int c = compare(buffers.get(a).peekFirst(), buffers.get(b).peekFirst());
            return c != 0 ? c : Integer.compare(a, b);
        });
    }

    /** Adds one page of shard {@code shard} (items in the requested order); {@code last} when the shard has ended. */
    public synchronized void offer(int shard, List<Map<String, AttrValue>> page, boolean last) {
        if (ended[shard]) {
            throw new IllegalStateException("shard " + shard + " already ended");
        }
        ArrayDeque<Map<String, AttrValue>> b = buffers.get(shard);
        boolean wasEmpty = b.isEmpty();
        b.addAll(page);
        ended[shard] = last;
        if (wasEmpty && (!b.isEmpty() || last)) {
            missing--;
        }
        if (sortKey != null && wasEmpty && !b.isEmpty()) {
            heads.add(shard);
        }
        drain();
    }

    /**
     * Gives up on a shard (failed or cancelled): the merge goes on without it and its buffered items stay usable.
     * The caller must report the result as incomplete.
     */
    public synchronized void abandon(int shard) {
        if (!ended[shard] && buffers.get(shard).isEmpty()) {
            missing--;
        }
        ended[shard] = true;
        abandoned[shard] = true;
        drain();
    }

    /** True when shard {@code shard} must be read further for the merge to go on. */
    public synchronized boolean needsMore(int shard) {
        return !done() && !ended[shard] && buffers.get(shard).isEmpty();
    }

    /** True when the limit is reached or every shard ended and was emitted. */
    public synchronized boolean done() {
        if (out.size() >= limit) {
            return true;
        }
        for (int i = 0; i < shards; i++) {
            if (!ended[i] || !buffers.get(i).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** True when every shard ended and everything buffered was emitted (or dropped): nothing more to read. */
    public synchronized boolean exhausted() {
        for (int i = 0; i < shards; i++) {
            if (!ended[i] || !buffers.get(i).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** True when shard {@code shard} has ended (read to its end, or abandoned). */
    public synchronized boolean ended(int shard) {
        return ended[shard];
    }

    /** Items still wanted before the limit: no shard can usefully return more than this in one page. */
    public synchronized int remaining() {
        return Math.max(0, limit - out.size());
    }

    /** The merged items so far, in order. */
    public synchronized List<Map<String, AttrValue>> merged() {
        return List.copyOf(out);
    }

    /** Merged items that came from shard {@code shard}. */
    public synchronized int emitted(int shard) {
        return emittedPerShard[shard];
    }

    /**
     * Emits whatever is now certain. With a limit and some shards abandoned, what is emitted after an abandon is
     * still ordered, but may lack the abandoned shards' items: the caller labels the result incomplete.
     */
    private void drain() {
        if (sortKey != null) {
            while (out.size() < limit && missing == 0 && !heads.isEmpty()) {
                int best = heads.poll();
                ArrayDeque<Map<String, AttrValue>> b = buffers.get(best);
                Map<String, AttrValue> item = b.pollFirst();
                if (dedupeBy.isEmpty() || seen.add(identity(item))) {
                    out.add(item);
                    emittedPerShard[best]++;
                } else {
                    duplicates++;
                }
                if (!b.isEmpty()) {
                    heads.add(best);
                } else if (!ended[best]) {
                    missing++;
                }
            }
            return;
        }
        while (out.size() < limit) {
            int best = -1;
            for (int i = 0; i < shards; i++) {
                ArrayDeque<Map<String, AttrValue>> b = buffers.get(i);
                if (b.isEmpty()) {
                    if (!ended[i]) {
                        return; // shard i may still hold something that sorts first
                    }
                    continue;
                }
                if (sortKey == null) {
                    best = i;
                    break;
                }
                if (best < 0 || compare(b.peekFirst(), buffers.get(best).peekFirst()) < 0) {
                    best = i;
                }
            }
            if (best < 0) {
                return;
            }
            Map<String, AttrValue> item = buffers.get(best).pollFirst();
            if (!dedupeBy.isEmpty() && !seen.add(identity(item))) {
                duplicates++;
                continue;
            }
            out.add(item);
            emittedPerShard[best]++;
        }
    }

    private int compare(Map<String, AttrValue> a, Map<String, AttrValue> b) {
        AttrValue x = a.get(sortKey);
        AttrValue y = b.get(sortKey);
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : 1) : -1; // items lacking the key (a sparse index) go last
        }
        return order.compare(x, y);
    }

    private List<AttrValue> identity(Map<String, AttrValue> item) {
        List<AttrValue> id = new ArrayList<>(dedupeBy.size());
        for (String a : dedupeBy) {
            id.add(item.get(a));
        }
        return id;
    }

    /** Items dropped because an item with the same {@code dedupeBy} values was already emitted. */
    public synchronized int duplicates() {
        return duplicates;
    }

    /** Merged items from position {@code from} on (what a live view has not shown yet). */
    public synchronized List<Map<String, AttrValue>> mergedFrom(int from) {
        return from >= out.size() ? List.of() : List.copyOf(out.subList(from, out.size()));
    }

    /** Items merged so far. */
    public synchronized int mergedCount() {
        return out.size();
    }

    /** True when shard {@code shard} was abandoned. */
    public synchronized boolean abandoned(int shard) {
        return abandoned[shard];
    }
}
