package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.KeyOrder;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.api.DynamoDbApi.ApiRequest;
import dev.partitionscope.lab.api.RequestExpressions;
import dev.partitionscope.lab.expr.Comparison;
import dev.partitionscope.lab.expr.SortKeyCondition;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.partition.KeyHash;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;

/**
 * Query and Scan with DynamoDB's checks against the table (index, start key, key conditions, filter on keys) and its
 * paging: at most Limit items evaluated and about 1 MB read per page, the filter applied after reading (filtered items
 * still cost), capacity summed over the page and rounded up once. A local secondary index asked for ALL_ATTRIBUTES
 * that it does not project fetches the items from the table, and both reads are charged.
 */
final class QueryOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    static final long PAGE_BYTES = 1024 * 1024;
    private static final String BAD_START = "The provided starting key is invalid";

    private final LabEngine engine;

    QueryOps(LabEngine engine) {
        this.engine = engine;
    }

    /** The request's read settings, resolved against the table. */
    private record ReadSpec(
            LabTable table,
            IndexDef index,
            KeyDef keys,
            OrderedStore store,
            Integer limit,
            boolean consistent,
            RequestOptions.Select select,
            RequestOptions.ConsumedCapacity rcc,
            RequestExpressions ex,
            boolean fetchFromTable,
            List<String> startKeyNames,
            Map<String, AttrValue> startKey) {}

    /** Index, consistency and start-key shape: what Query and Scan check first, in DynamoDB's order. */
    private ReadSpec spec(JsonNode d, RequestExpressions ex) {
        LabTable t = engine.activeTable(d.get("TableName").asText());
        String indexName = d.path("IndexName").asText(null);
        boolean consistent = d.path("ConsistentRead").asBoolean(false);
        RequestOptions.Select select = RequestOptions.Select.of(d);
        // Index and its store together under the table's lock: UpdateTable may be creating or deleting the index.
        Object[] found = t.read(() -> {
            IndexDef i = indexName == null ? null : t.index(indexName);
            return new Object[] {i, i == null ? t.base : t.indexStores.get(i.name())};
        });
        IndexDef index = (IndexDef) found[0];
        OrderedStore store = (OrderedStore) found[1];
        if (indexName != null && index == null) {
            throw LabException.validation("The table does not have the specified index: " + indexName);
        }
        if (index != null && index.global() && consistent) {
            throw LabException.validation("Consistent reads are not supported on global secondary indexes");
        }
        if (index != null && index.global() && !"ACTIVE".equals(index.status())) {
            throw LabException.validation("Cannot read from backfilling global secondary index: " + index.name());
        }
        KeyDef keys = index == null ? t.key : index.key();
        List<String> startKeyNames = new ArrayList<>();
        startKeyNames.add(t.key.partitionKey());
        if (t.key.hasSortKey()) {
            startKeyNames.add(t.key.sortKey());
        }
        if (index != null) {
            for (String k :
                    new String[] {index.key().partitionKey(), index.key().sortKey()}) {
                if (k != null && !startKeyNames.contains(k)) {
                    startKeyNames.add(k);
                }
            }
        }
        boolean fetch = index != null
                && select == RequestOptions.Select.ALL_ATTRIBUTES
                && !index.projectionType().equals("ALL");
        Integer limit = d.has("Limit") ? d.get("Limit").asInt() : null;
        Map<String, AttrValue> startKey =
                d.has("ExclusiveStartKey") ? AttrJson.item(d.get("ExclusiveStartKey"), "exclusiveStartKey") : null;
        return new ReadSpec(
                t,
                index,
                keys,
                store,
                limit,
                consistent,
                select,
                Items.returnConsumedCapacity(d),
                ex,
                fetch,
                startKeyNames,
                startKey);
    }

    ObjectNode query(ApiRequest r) {
        long start = System.nanoTime();
        ReadSpec s = spec(r.data(), r.expressions());
        Map<String, Comparison> conditions = r.expressions().keyConditions();
        if (s.startKey() != null && s.startKey().size() != s.startKeyNames().size()) {
            throw LabException.validation(BAD_START);
        }
        String hashKey = s.keys().partitionKey();
        String rangeKey = s.keys().sortKey();
        checkKeyConditions(s, conditions, hashKey, true);
        if (rangeKey != null) {
            checkKeyConditions(s, conditions, rangeKey, false);
        }
        Comparison hashCondition = conditions.get(hashKey);
        AttrValue hashValue = hashCondition.values().get(0);
        Comparison rangeCondition = rangeKey == null ? null : conditions.get(rangeKey);
        if (s.startKey() != null) {
            checkTableStartKey(s);
            boolean sameHash = hashValue.equals(s.startKey().get(hashKey));
            if (rangeCondition == null) {
                if (!sameHash) {
                    throw LabException.validation(
                            "The provided starting key is outside query boundaries based on" + " provided conditions");
                }
            } else {
                if (!rangeCondition.holds(s.startKey().get(rangeKey))) {
                    throw LabException.validation("The provided starting key does not match the range key predicate");
                }
                if (!sameHash) {
                    throw LabException.validation("The query can return at most one row and cannot be restarted");
                }
            }
        }
        Items.checkKeyPaths(s.table(), s.ex().projectedNestedHeads());
        checkFilterKeys(s);
        checkSelect(s);
        Items.checkKeyPaths(s.table(), s.ex().filterNestedHeads());
        SortKeyCondition sort = rangeCondition == null ? null : rangeCondition.toSortKeyCondition();
        boolean forward = r.data().path("ScanIndexForward").asBoolean(true);

        Page page = s.table().read(() -> {
            NavigableMap<StoreKey.Sort, Map<String, AttrValue>> partition =
                    s.store().partitionItems(hashValue);
            NavigableMap<StoreKey.Sort, Map<String, AttrValue>> view = forward ? partition : partition.descendingMap();
            if (s.startKey() != null) {
                StoreKey.Sort from = s.index() == null
                        ? s.table().sortOf(s.startKey())
                        : s.table().indexSortOf(s.index(), s.startKey());
                view = view.tailMap(from, false);
            }
            final NavigableMap<StoreKey.Sort, Map<String, AttrValue>> range = view;
            Iterator<Map<String, AttrValue>> items = new Iterator<>() {
                final Iterator<Map<String, AttrValue>> it = range.values().iterator();
                Map<String, AttrValue> next = advance();
                boolean entered;

                private Map<String, AttrValue> advance() {
                    while (it.hasNext()) {
                        Map<String, AttrValue> item = it.next();
                        if (sort == null || sort.matches(item.get(rangeKey))) {
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
            return read(s, items);
        });
        String gsi = s.index() != null && s.index().global() ? s.index().name() : null;
        double units = page.units(s.consistent());
        Decision decision = s.table().gate.acquire(Charge.read(gsi, KeyHash.of(hashValue), units));
        Items.meterAndThrow(
                engine,
                s.table(),
                gsi,
                r.meteredAs(),
                Items.keyString(hashValue),
                null,
                decision,
                units,
                0,
                List.of(),
                start,
                page.items.size());
        return respond(s, page);
    }

    /** One key attribute's condition against the schema, with the start key's piece checked first. */
    private static void checkKeyConditions(ReadSpec s, Map<String, Comparison> conditions, String attr, boolean hash) {
        KeyType type = hash ? s.keys().partitionType() : s.keys().sortType();
        if (s.startKey() != null) {
            if (!s.startKey().containsKey(attr)) {
                throw LabException.validation(BAD_START);
            }
            Items.checkKeyPiece(s.startKey(), attr, type, hash, "");
        }
        if (hash && !s.keys().hasSortKey() && conditions.size() > 1) {
            throw LabException.validation("Query key condition not supported");
        }
        Comparison c = conditions.get(attr);
        if (c == null) {
            if (hash || conditions.size() > 1) {
                throw LabException.validation("Query condition missed key schema element: " + attr);
            }
            return;
        }
        if (!c.indexable()) {
            throw LabException.validation("Attempted conditional constraint is not an indexable operation");
        }
        for (AttrValue v : c.values()) {
            if (!KeyDef.typed(v, type)) {
                throw LabException.validation("One or more parameter values were invalid: Condition parameter type does"
                        + " not match schema type");
            }
        }
        if (hash && c.operator() != Comparison.Operator.EQ) {
            throw LabException.validation("Query key condition not supported");
        }
    }

    /** The table's own key inside a start key, checked as a Key is. */
    private static void checkTableStartKey(ReadSpec s) {
        Map<String, AttrValue> tableKey = new LinkedHashMap<>();
        KeyDef k = s.table().key;
        putIfPresent(tableKey, s.startKey(), k.partitionKey());
        if (k.hasSortKey()) {
            putIfPresent(tableKey, s.startKey(), k.sortKey());
        }
        Items.checkKey(tableKey, k, BAD_START + ": ");
    }

    private static void putIfPresent(Map<String, AttrValue> to, Map<String, AttrValue> from, String attr) {
        AttrValue v = from.get(attr);
        if (v != null) {
            to.put(attr, v);
        }
    }

    /** A Query's filter may not name the queried keys. */
    private static void checkFilterKeys(ReadSpec s) {
        if (!s.ex().hasFilter()) {
            return;
        }
        Set<String> names = s.ex().filterAttributes();
        for (String key : new String[] {s.keys().partitionKey(), s.keys().sortKey()}) {
            if (key != null && names.contains(key)) {
                throw LabException.validation(s.ex().filterName() + " can only contain non-primary key attributes:"
                        + " Primary key attribute: " + key);
            }
        }
    }

    /** Select's rules: ALL_ATTRIBUTES from a GSI needs ALL projected; the other combinations DynamoDB refuses. */
    private static void checkSelect(ReadSpec s) {
        if (s.fetchFromTable() && s.index().global()) {
            throw LabException.validation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is"
                    + " not supported for global secondary index " + s.index().name() + " because its projection type"
                    + " is not ALL");
        }
        RequestOptions.Select select = s.select();
        if (select == RequestOptions.Select.SPECIFIC_ATTRIBUTES && !s.ex().hasProjection()) {
            throw LabException.validation("Must specify the AttributesToGet or ProjectionExpression when choosing to"
                    + " get SPECIFIC_ATTRIBUTES");
        }
        if (select != null && select != RequestOptions.Select.SPECIFIC_ATTRIBUTES && s.ex().hasProjection()) {
            throw LabException.validation("Cannot specify the " + s.ex().projectionName() + " when choosing to get "
                    + (select == RequestOptions.Select.COUNT ? "only the Count" : select.name()));
        }
        if (select == RequestOptions.Select.ALL_PROJECTED_ATTRIBUTES && s.index() == null) {
            throw LabException.validation(
                    "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an" + " IndexName");
        }
    }

    ObjectNode scan(ApiRequest r) {
        long start = System.nanoTime();
        JsonNode d = r.data();
        ReadSpec s = spec(d, r.expressions());
        int segments = d.has("TotalSegments") ? d.get("TotalSegments").asInt() : 1;
        int seg = d.has("Segment") ? d.get("Segment").asInt() : 0;
        if (s.startKey() != null && s.startKey().size() != s.startKeyNames().size()) {
            throw LabException.validation(
                    s.index() != null ? BAD_START : BAD_START + ": The provided key element does not match the schema");
        }
        if (s.index() != null && s.startKey() != null) {
            for (String attr : new String[] {s.keys().partitionKey(), s.keys().sortKey()}) {
                if (attr == null) {
                    continue;
                }
                if (!s.startKey().containsKey(attr)) {
                    throw LabException.validation(BAD_START);
                }
                boolean hash = attr.equals(s.keys().partitionKey());
                Items.checkKeyPiece(
                        s.startKey(),
                        attr,
                        hash ? s.keys().partitionType() : s.keys().sortType(),
                        hash,
                        "");
            }
        }
        if (s.fetchFromTable() && s.index().global()) {
            checkSelect(s);
        }
        if (s.startKey() != null) {
            checkTableStartKey(s);
            AttrValue pk = s.startKey().get(s.keys().partitionKey());
            if (segments > 1 && ScanOrder.segment(ScanOrder.of(pk), segments) != seg) {
                throw LabException.validation(BAD_START + ": Invalid ExclusiveStartKey. Please use ExclusiveStartKey"
                        + " with correct Segment. TotalSegments: " + segments + " Segment: " + seg);
            }
        }
        Items.checkKeyPaths(s.table(), s.ex().projectedNestedHeads());
        Items.checkKeyPaths(s.table(), s.ex().filterNestedHeads());
        checkSelect(s);

        Page page = s.table().read(() -> {
            OrderedStore store = s.store();
            Iterator<StoreKey.Partition> view;
            StoreKey.Sort resumeAfter = null;
            if (s.startKey() != null) {
                AttrValue pk = s.startKey().get(s.keys().partitionKey());
                view = store.partitionKeys(OrderedStore.partition(pk));
                resumeAfter = s.index() == null
                        ? s.table().sortOf(s.startKey())
                        : s.table().indexSortOf(s.index(), s.startKey());
            } else {
                view = store.partitionKeys(new StoreKey.Partition(
                        segmentStart(seg, segments), minimum(s.keys().partitionType())));
            }
            final StoreKey.Sort after = resumeAfter;
            final AttrValue resumePk =
                    s.startKey() == null ? null : s.startKey().get(s.keys().partitionKey());
            Iterator<Map<String, AttrValue>> items = new Iterator<>() {
                final Iterator<StoreKey.Partition> parts = view;
                Iterator<Map<String, AttrValue>> inner = java.util.Collections.emptyIterator();

                @Override
                public boolean hasNext() {
                    while (!inner.hasNext()) {
                        if (!parts.hasNext()) {
                            return false;
                        }
                        StoreKey.Partition p = parts.next();
                        if (ScanOrder.segment(p.hash(), segments) != seg) {
                            return false; // past this segment's slice of the hash space
                        }
                        inner = store.items(p, after != null && p.value().equals(resumePk) ? after : null);
                    }
                    return true;
                }

                @Override
                public Map<String, AttrValue> next() {
                    return inner.next();
                }
            };
            Page p = read(s, items);
            // The model charges a Scan page to the partition of the first key it read (any, when it read none).
            p.firstHash = p.first == null ? 0 : KeyHash.of(p.first.get(s.keys().partitionKey()));
            return p;
        });
        double units = page.units(s.consistent());
        String gsi = s.index() != null && s.index().global() ? s.index().name() : null;
        // A Scan page reads consecutive partitions; the model charges it to the first one it touched.
        Decision decision = s.table().gate.acquire(Charge.read(gsi, page.firstHash, units));
        Items.meterAndThrow(
                engine,
                s.table(),
                gsi,
                r.meteredAs(),
                (String) null,
                null,
                decision,
                units,
                0,
                List.of(),
                start,
                page.items.size());
        return respond(s, page);
    }

    /** Smallest position (in Scan order) of a segment. */
    static long segmentStart(int segment, int total) {
        return ScanOrder.segmentStart(segment, total);
    }

    private static AttrValue minimum(KeyType type) {
        return switch (type) {
            case S -> new AttrValue.S("");
            case N -> AttrValue.N.parse("-9.9999999999999999999999999999999999999E+125");
            case B -> new AttrValue.B(new byte[0]);
        };
    }

    /** The evaluated page: items after the filter, bytes read, and the last evaluated item (for the next page). */
    private static final class Page {
        final List<Map<String, AttrValue>> items = new ArrayList<>();
        /** Bytes read from the table or index queried, and (LSI fetches) from the table. */
        long bytes;

        long fetchedBytes;
        boolean fetched;
        int scanned;
        Map<String, AttrValue> first;
        Map<String, AttrValue> last;
        boolean truncated;
        long firstHash;

        /** All capacity the page consumed (the queried index or table, plus the table for LSI fetches). */
        double units(boolean consistent) {
            return indexUnits(consistent) + tableUnits(consistent);
        }

        double indexUnits(boolean consistent) {
            return Capacity.readUnits(bytes, consistent);
        }

        double tableUnits(boolean consistent) {
            return fetched ? Capacity.readUnits(fetchedBytes, consistent) : 0;
        }
    }

    private static Page read(ReadSpec s, Iterator<Map<String, AttrValue>> items) {
        Page page = new Page();
        page.fetched = s.fetchFromTable();
        RequestExpressions ex = s.ex();
        while (items.hasNext()) {
            if ((s.limit() != null && page.scanned >= s.limit()) || page.bytes >= PAGE_BYTES) {
                page.truncated = true;
                break;
            }
            Map<String, AttrValue> item = items.next();
            page.scanned++;
            page.bytes += StoredItem.sizeOf(item);
            if (page.first == null) {
                page.first = item;
            }
            page.last = item;
            Map<String, AttrValue> full = item;
            if (s.fetchFromTable()) {
                full = s.table().get(item);
                page.fetchedBytes += full == null ? 0 : StoredItem.sizeOf(full);
            }
            if (full != null && ex.filterKeeps(full)) {
                page.items.add(full);
            }
        }
        if (!page.truncated && s.limit() != null && page.scanned >= s.limit()) {
            page.truncated = true; // DynamoDB returns a LastEvaluatedKey whenever the limit was reached
        }
        return page;
    }

    private static ObjectNode respond(ReadSpec s, Page page) {
        ObjectNode out = F.objectNode();
        if (s.select() != RequestOptions.Select.COUNT) {
            ArrayNode a = out.putArray("Items");
            for (Map<String, AttrValue> item : page.items) {
                a.add(AttrJson.toJson(s.ex().project(item)));
            }
        }
        out.put("Count", page.items.size());
        out.put("ScannedCount", page.scanned);
        if (page.truncated && page.last != null) {
            Map<String, AttrValue> lek = new LinkedHashMap<>();
            for (String name : s.startKeyNames()) {
                AttrValue v = page.last.get(name);
                if (v != null) {
                    lek.put(name, v);
                }
            }
            out.set("LastEvaluatedKey", AttrJson.toJson(lek));
        }
        if (s.index() == null) {
            Items.addReadCapacity(out, s.table(), s.rcc(), page.indexUnits(s.consistent()), 0, null);
        } else {
            Items.addReadCapacity(
                    out,
                    s.table(),
                    s.rcc(),
                    page.tableUnits(s.consistent()),
                    page.indexUnits(s.consistent()),
                    s.index());
        }
        return out;
    }

    static int compare(AttrValue a, AttrValue b) {
        return KeyOrder.INSTANCE.compare(a, b);
    }
}
