package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.core.item.KeyOrder;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.partition.KeyHash;
import dev.partitionscope.lab.wire.AttrJson;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Query and Scan with DynamoDB's paging: at most Limit items evaluated and about 1 MB read per page, filter applied
 * after reading (filtered items still cost), capacity summed over the page and rounded up once.
 */
final class QueryOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    static final long PAGE_BYTES = 1024 * 1024;

    private final LabEngine engine;

    QueryOps(LabEngine engine) {
        this.engine = engine;
    }

    /** The request's common read settings. */
    private record ReadSpec(LabTable table, IndexDef index, KeyDef keys, OrderedStore store, Integer limit,
                            boolean consistent, String select, String rcc, Predicate<Map<String, AttrValue>> filter,
                            Function<Map<String, AttrValue>, Map<String, AttrValue>> projection,
                            Map<String, AttrValue> startKey) {
    }

    private ReadSpec spec(JsonNode req, Expressions ex) {
        LabTable t = engine.table(Req.tableName(req));
        String indexName = Req.optString(req, "IndexName");
        IndexDef index = null;
        OrderedStore store;
        // Index and its store together under the table's lock: UpdateTable may be creating or deleting the index.
        t.lock.readLock().lock();
        try {
            if (indexName != null) {
                index = t.index(indexName);
                if (index == null) {
                    throw LabException.validation("The table does not have the specified index: " + indexName);
                }
            }
            store = index == null ? t.base : t.indexStores.get(index.name());
        } finally {
            t.lock.readLock().unlock();
        }
        boolean consistent = Req.bool(req, "ConsistentRead", false);
        if (consistent && index != null && index.global()) {
            throw LabException.validation("Consistent reads are not supported on global secondary indexes");
        }
        Integer limit = Req.optInt(req, "Limit", 1, Integer.MAX_VALUE, "limit");
        String select = Req.optEnum(req, "Select", "select", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES",
                "SPECIFIC_ATTRIBUTES", "COUNT");
        String projectionExpr = Req.optString(req, "ProjectionExpression");
        if ("SPECIFIC_ATTRIBUTES".equals(select) && projectionExpr == null) {
            throw LabException.validation("1 validation error detected: Value SPECIFIC_ATTRIBUTES at 'select' needs"
                    + " a ProjectionExpression");
        }
        if (select != null && !select.equals("SPECIFIC_ATTRIBUTES") && projectionExpr != null) {
            throw LabException.validation("Cannot specify the ProjectionExpression when choosing to get "
                    + select);
        }
        if ("ALL_PROJECTED_ATTRIBUTES".equals(select) && index == null) {
            throw LabException.validation("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an"
                    + " IndexName");
        }
        var filter = ex.condition("FilterExpression", Req.optString(req, "FilterExpression"));
        var projection = ex.projection(projectionExpr);
        KeyDef keys = index == null ? t.key : index.key();
        Map<String, AttrValue> startKey = startKey(req, t, index);
        return new ReadSpec(t, index, keys, store, limit, consistent, select, Items.returnConsumedCapacity(req),
                filter, projection, startKey);
    }

    /** ExclusiveStartKey: the table key plus, for an index, the index key. */
    private static Map<String, AttrValue> startKey(JsonNode req, LabTable t, IndexDef index) {
        JsonNode node = req.get("ExclusiveStartKey");
        if (node == null || node.isNull()) {
            return null;
        }
        Map<String, AttrValue> key = AttrJson.item(node, "exclusiveStartKey");
        List<String> required = new ArrayList<>();
        required.add(t.key.partitionKey());
        if (t.key.hasSortKey()) {
            required.add(t.key.sortKey());
        }
        if (index != null) {
            required.add(index.key().partitionKey());
            if (index.key().hasSortKey()) {
                required.add(index.key().sortKey());
            }
        }
        for (String attr : required) {
            if (!key.containsKey(attr)) {
                throw LabException.validation("The provided starting key is invalid: The provided key element does"
                        + " not match the schema");
            }
        }
        // Key values of the declared types only: the store orders and hashes them, and cannot compare a BOOL or S
        // with an N sort key.
        if (!required.containsAll(key.keySet()) || !t.key.coveredBy(key)
                || index != null && !index.key().coveredBy(key)) {
            throw LabException.validation("The provided starting key is invalid: The provided key element does not"
                    + " match the schema");
        }
        return key;
    }

    ObjectNode query(JsonNode req) {
        long start = System.nanoTime();
        if (req.has("KeyConditions")) {
            throw LabException.validation("The Lab supports KeyConditionExpression, not the legacy KeyConditions"
                    + " parameter");
        }
        String keyExpr = Req.optString(req, "KeyConditionExpression");
        if (keyExpr == null) {
            throw LabException.validation("Either the KeyConditions or KeyConditionExpression parameter must be"
                    + " specified in the request.");
        }
        Expressions ex = Expressions.of(req);
        ReadSpec s = spec(req, ex);
        Expressions.KeyCond kc = ex.keyCondition(keyExpr, s.keys());
        ex.checkAllUsed();
        boolean forward = Req.bool(req, "ScanIndexForward", true);

        Page page;
        s.table().lock.readLock().lock();
        try {
            NavigableMap<StoreKey.Sort, Map<String, AttrValue>> partition = s.store().partitionItems(kc.partition());
            NavigableMap<StoreKey.Sort, Map<String, AttrValue>> view = forward ? partition : partition.descendingMap();
            if (s.startKey() != null) {
                if (!kc.partition().equals(s.startKey().get(s.keys().partitionKey()))) {
                    throw LabException.validation("The provided starting key is outside query boundaries based on"
                            + " provided conditions");
                }
                StoreKey.Sort from = s.index() == null ? s.table().sortOf(s.startKey())
                        : s.table().indexSortOf(s.index(), s.startKey());
                view = view.tailMap(from, false);
            }
            String sortName = s.keys().sortKey();
            final NavigableMap<StoreKey.Sort, Map<String, AttrValue>> range = view;
            Iterator<Map<String, AttrValue>> items = new Iterator<>() {
                final Iterator<Map<String, AttrValue>> it = range.values().iterator();
                Map<String, AttrValue> next = advance();
                boolean entered;

                private Map<String, AttrValue> advance() {
                    while (it.hasNext()) {
                        Map<String, AttrValue> item = it.next();
                        if (sortName == null || kc.sortMatches().test(item.get(sortName))) {
                            entered = true;
                            return item;
                        }
                        if (entered) {
                            return null; // sorted: once out of range again, nothing further matches
                        }
                    }
                    return null;
                }

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public Map<String, AttrValue> next() {
                    Map<String, AttrValue> current = next;
                    next = advance();
                    return current;
                }
            };
            page = read(s, items);
        } finally {
            s.table().lock.readLock().unlock();
        }
        double units = Capacity.readUnits(page.bytes, s.consistent());
        String gsi = s.index() != null && s.index().global() ? s.index().name() : null;
        Decision d = s.table().gate.acquire(Charge.read(gsi, KeyHash.of(kc.partition()), units));
        Items.meterAndThrow(engine, s.table(), gsi, "Query", Items.keyString(kc.partition()), null, d, units, 0,
                List.of(), start, page.items.size());
        return respond(s, page, units);
    }

    ObjectNode scan(JsonNode req) {
        long start = System.nanoTime();
        if (req.has("ScanFilter")) {
            throw LabException.validation("The Lab supports FilterExpression, not the legacy ScanFilter parameter");
        }
        Integer segment = Req.optInt(req, "Segment", 0, 999_999, "segment");
        Integer total = Req.optInt(req, "TotalSegments", 1, 1_000_000, "totalSegments");
        if (segment != null && total == null) {
            throw LabException.validation("The TotalSegments parameter is required but was not present in the request"
                    + " when parameter Segment is present");
        }
        if (total != null && segment == null) {
            throw LabException.validation("The Segment parameter is required but was not present in the request when"
                    + " parameter TotalSegments is present");
        }
        if (segment != null && segment >= total) {
            throw LabException.validation("The Segment parameter is zero-based and must be less than parameter"
                    + " TotalSegments: Segment: " + segment + " is not less than TotalSegments: " + total);
        }
        Expressions ex = Expressions.of(req);
        ReadSpec s = spec(req, ex);
        ex.checkAllUsed();
        int seg = segment == null ? 0 : segment;
        int segments = total == null ? 1 : total;

        Page page;
        long firstHash;
        s.table().lock.readLock().lock();
        try {
            NavigableMap<StoreKey.Partition, TreeMap<StoreKey.Sort, Map<String, AttrValue>>> partitions =
                    s.store().partitions();
            NavigableMap<StoreKey.Partition, TreeMap<StoreKey.Sort, Map<String, AttrValue>>> view;
            StoreKey.Sort resumeAfter = null;
            if (s.startKey() != null) {
                AttrValue pk = s.startKey().get(s.keys().partitionKey());
                view = partitions.tailMap(OrderedStore.partition(pk), true);
                resumeAfter = s.index() == null ? s.table().sortOf(s.startKey())
                        : s.table().indexSortOf(s.index(), s.startKey());
            } else {
                view = partitions.tailMap(new StoreKey.Partition(segmentStart(seg, segments),
                        minimum(s.keys().partitionType())), true);
            }
            final StoreKey.Sort after = resumeAfter;
            final AttrValue resumePk = s.startKey() == null ? null : s.startKey().get(s.keys().partitionKey());
            Iterator<Map<String, AttrValue>> items = new Iterator<>() {
                final Iterator<Map.Entry<StoreKey.Partition, TreeMap<StoreKey.Sort, Map<String, AttrValue>>>> parts =
                        view.entrySet().iterator();
                Iterator<Map<String, AttrValue>> inner = java.util.Collections.emptyIterator();

                @Override
                public boolean hasNext() {
                    while (!inner.hasNext()) {
                        if (!parts.hasNext()) {
                            return false;
                        }
                        var e = parts.next();
                        if (KeyHash.segment(e.getKey().hash(), segments) != seg) {
                            return false; // past this segment's slice of the hash space
                        }
                        NavigableMap<StoreKey.Sort, Map<String, AttrValue>> p = e.getValue();
                        if (after != null && e.getKey().value().equals(resumePk)) {
                            p = p.tailMap(after, false);
                        }
                        inner = p.values().iterator();
                    }
                    return true;
                }

                @Override
                public Map<String, AttrValue> next() {
                    return inner.next();
                }
            };
            page = read(s, items);
            firstHash = page.items.isEmpty() && page.last == null ? segmentStart(seg, segments)
                    : KeyHash.of((page.first).get(s.keys().partitionKey()));
        } finally {
            s.table().lock.readLock().unlock();
        }
        double units = Capacity.readUnits(page.bytes, s.consistent());
        String gsi = s.index() != null && s.index().global() ? s.index().name() : null;
        // A Scan page reads consecutive partitions; the model charges it to the first one it touched.
        Decision d = s.table().gate.acquire(Charge.read(gsi, firstHash, units));
        Items.meterAndThrow(engine, s.table(), gsi, "Scan", (String) null, null, d, units, 0, List.of(), start,
                page.items.size());
        return respond(s, page, units);
    }

    /** Smallest unsigned hash in a segment: ceil(segment × 2^64 / total). */
    static long segmentStart(int segment, int total) {
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        BigInteger[] qr = BigInteger.valueOf(segment).multiply(two64).divideAndRemainder(BigInteger.valueOf(total));
        BigInteger start = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
        return start.longValue();
    }

    private static AttrValue minimum(dev.partitionscope.core.table.KeyType type) {
        return switch (type) {
            case S -> new AttrValue.S("");
            case N -> AttrValue.N.parse("-9.9999999999999999999999999999999999999E+125");
            case B -> new AttrValue.B(new byte[0]);
        };
    }

    /** The evaluated page: items after the filter, bytes read, and the last evaluated item (for the next page). */
    private static final class Page {
        final List<Map<String, AttrValue>> items = new ArrayList<>();
        long bytes;
        int scanned;
        Map<String, AttrValue> first;
        Map<String, AttrValue> last;
        boolean truncated;
    }

    private static Page read(ReadSpec s, Iterator<Map<String, AttrValue>> items) {
        Page page = new Page();
        while (items.hasNext()) {
            if (s.limit() != null && page.scanned >= s.limit() || page.bytes >= PAGE_BYTES) {
                page.truncated = true;
                break;
            }
            Map<String, AttrValue> item = items.next();
            page.scanned++;
            page.bytes += ItemSize.of(item);
            if (page.first == null) {
                page.first = item;
            }
            page.last = item;
            if (s.filter() == null || s.filter().test(item)) {
                page.items.add(item);
            }
        }
        if (!page.truncated && s.limit() != null && page.scanned >= s.limit()) {
            page.truncated = true; // DynamoDB returns a LastEvaluatedKey whenever the limit was reached
        }
        return page;
    }

    private ObjectNode respond(ReadSpec s, Page page, double units) {
        ObjectNode out = F.objectNode();
        if (!"COUNT".equals(s.select())) {
            ArrayNode a = out.putArray("Items");
            for (Map<String, AttrValue> item : page.items) {
                a.add(AttrJson.toJson(s.projection() == null ? item : s.projection().apply(item)));
            }
        }
        out.put("Count", page.items.size());
        out.put("ScannedCount", page.scanned);
        if (page.truncated && page.last != null) {
            Map<String, AttrValue> lek = new LinkedHashMap<>(s.table().key.keyOf(page.last));
            if (s.index() != null) {
                lek.putAll(s.index().key().keyOf(page.last));
            }
            out.set("LastEvaluatedKey", AttrJson.toJson(lek));
        }
        Items.addReadCapacity(out, s.table(), s.rcc(), units, s.index());
        return out;
    }

    static int compare(AttrValue a, AttrValue b) {
        return KeyOrder.INSTANCE.compare(a, b);
    }
}
