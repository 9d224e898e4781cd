package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.lab.api.DynamoDbApi.ApiRequest;
import dev.partitionscope.lab.api.RequestExpressions;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * TransactWriteItems and TransactGetItems: all or nothing across tables, each item charged at the transactional price
 * (2 write units per KB, 2 read units per 4 KB) on its own partition and throttled like any request, cancellations
 * answered with {@code CancellationReasons} in action order, {@code ClientRequestToken} idempotency for 10 minutes.
 *
 * <p>DynamoDB does not lock items during a transaction: a transaction prepares its items, then commits them, and a
 * plain write to one of them in between wins — the transaction is cancelled with {@code TransactionConflict}; a second
 * transaction or a TransactGetItems meeting an item being committed is cancelled the same way. The Lab prepares and
 * commits under the tables' write locks; with a {@link #setWindowMillis commit window} it releases them between the
 * two phases for that long, so that such races can be shown (and tested) as they happen on DynamoDB.
 */
final class TransactOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** How long a ClientRequestToken makes a transaction idempotent (10 minutes). */
    static final long TOKEN_MILLIS = 10 * 60 * 1000L;

    private final LabEngine engine;
    /** Items between prepare and commit, with the transaction that holds them. */
    private final ConcurrentHashMap<ItemRef, Pending> pending = new ConcurrentHashMap<>();

    private final ConcurrentHashMap<String, Token> tokens = new ConcurrentHashMap<>();
    private volatile long windowMillis;

    TransactOps(LabEngine engine) {
        this.engine = engine;
    }

    /** One item of one table. */
    record ItemRef(String table, Map<String, AttrValue> key) {
        ItemRef {
            key = new TreeMap<>(key);
        }
    }

    /** A transaction between its two phases: which of its actions a plain write has overtaken. */
    private static final class Pending {
        final Set<Integer> overtaken = ConcurrentHashMap.newKeySet();
        final Map<ItemRef, Integer> positions = new LinkedHashMap<>();
    }

    /** A ClientRequestToken: the request it was first used with, and whether that one has finished. */
    private static final class Token {
        private final JsonNode fingerprint;
        private final boolean done;
        private final long expiresMillis;

        Token(JsonNode fingerprint, boolean done, long expiresMillis) {
            this.fingerprint = fingerprint;
            this.done = done;
            this.expiresMillis = expiresMillis;
        }

        JsonNode fingerprint() {
            return fingerprint;
        }

        boolean done() {
            return done;
        }

        long expiresMillis() {
            return expiresMillis;
        }
    }

    enum Kind {
        CONDITION_CHECK,
        PUT,
        DELETE,
        UPDATE
    }

    /** One action of a TransactWriteItems request, checked against its table. */
    private record Action(
            int position,
            Kind kind,
            LabTable table,
            ItemRef ref,
            Map<String, AttrValue> key,
            Map<String, AttrValue> item,
            RequestExpressions expressions,
            boolean oldOnFailure) {}

    /** What preparing one action found: its reason code, the item it would write, its cost. */
    private record Prepared(
            Action action,
            String code,
            String message,
            Map<String, AttrValue> old,
            Map<String, AttrValue> next,
            ItemOps.WriteCost cost,
            double units,
            Decision decision) {}

    /**
     * How long a transaction holds its prepared items before committing, in wall-clock milliseconds (0, the default:
     * both phases in one step, nothing can come between them).
     */
    void setWindowMillis(long millis) {
        this.windowMillis = Math.max(0, millis);
    }

    // TransactWriteItems

    ObjectNode write(ApiRequest r) {
        return write(r.data(), "TransactWriteItems");
    }

    /** Runs a checked TransactWriteItems request, metered under {@code operation}. */
    ObjectNode write(JsonNode d, String operation) {
        long start = System.nanoTime();
        List<Action> actions = actions(d);
        RequestOptions.ConsumedCapacity rcc = Items.returnConsumedCapacity(d);
        String token = d.path("ClientRequestToken").asText(null);
        if (token == null) {
            return run(actions, d, rcc, operation, start);
        }
        ObjectNode fingerprint = d.deepCopy();
        fingerprint.remove("ClientRequestToken");
        fingerprint.remove("ReturnConsumedCapacity");
        long now = engine.clock().epochMillis();
        Token mine = new Token(fingerprint, false, Long.MAX_VALUE);
        Token seen = tokens.compute(token, (k, old) -> old == null || old.expiresMillis() <= now ? mine : old);
        if (seen != mine) {
            if (!seen.fingerprint().equals(fingerprint)) {
                throw LabException.idempotentParameterMismatch();
            }
            if (!seen.done()) {
                throw LabException.transactionInProgress();
            }
            return replay(actions, rcc, operation, start);
        }
        try {
            ObjectNode out = run(actions, d, rcc, operation, start);
            tokens.put(token, new Token(fingerprint, true, engine.clock().epochMillis() + TOKEN_MILLIS));
            purgeTokens(now);
            return out;
        } catch (RuntimeException e) {
            tokens.remove(token, mine);
            throw e;
        }
    }

    private void purgeTokens(long now) {
        if (tokens.size() > 10_000) {
            tokens.values().removeIf(t -> t.done() && t.expiresMillis() <= now);
        }
    }

    /**
     * A repeated request with its token: nothing is written again; the answer reports the read units DynamoDB spends
     * reading the items (as its documentation says).
     */
    private ObjectNode replay(List<Action> actions, RequestOptions.ConsumedCapacity rcc, String operation, long start) {
        Map<String, double[]> capacity = new LinkedHashMap<>();
        for (Action a : actions) {
            LabTable t = a.table();
            Map<String, AttrValue> item = t.read(() -> t.get(a.key()));
            double units = Capacity.readUnits(item == null ? 0 : StoredItem.sizeOf(item), true);
            t.gate.consume(Charge.read(null, t.hashOf(a.key()), units));
            Items.meterBatchItem(engine, t, operation, a.key(), Decision.ALLOWED, units, 0, List.of(), start, 0);
            capacity.computeIfAbsent(t.name, n -> new double[1])[0] += units;
        }
        long latency = System.nanoTime() - start;
        capacity.keySet().forEach(table -> engine.meter().recordCall(table, operation, false, latency, 0));
        ObjectNode out = F.objectNode();
        addCapacity(out, rcc, capacity, Map.of(), Map.of(), "ReadCapacityUnits");
        return out;
    }

    /** The actions checked against their tables, in DynamoDB's order: tables, keys, then one action per item. */
    private List<Action> actions(JsonNode d) {
        List<Action> actions = new ArrayList<>();
        int position = 0;
        for (JsonNode element : d.get("TransactItems")) {
            Kind kind;
            JsonNode a;
            if (element.hasNonNull("Put")) {
                kind = Kind.PUT;
                a = element.get("Put");
            } else if (element.hasNonNull("Update")) {
                kind = Kind.UPDATE;
                a = element.get("Update");
            } else if (element.hasNonNull("Delete")) {
                kind = Kind.DELETE;
                a = element.get("Delete");
            } else {
                kind = Kind.CONDITION_CHECK;
                a = element.get("ConditionCheck");
            }
            LabTable t = engine.activeTable(tableName(a.get("TableName").asText()));
            RequestExpressions ex = RequestExpressions.of(a);
            Map<String, AttrValue> item = null;
            Map<String, AttrValue> key;
            if (kind == Kind.PUT) {
                item = AttrJson.item(a.get("Item"), "item");
                Items.validateItemInBatch(t, item);
                key = t.key.keyOf(item);
            } else {
                key = Items.key(t, a.get("Key"));
                if (kind == Kind.UPDATE) {
                    Items.checkUpdate(t, ex);
                }
            }
            boolean oldOnFailure = "ALL_OLD"
                    .equals(a.path("ReturnValuesOnConditionCheckFailure").asText(null));
            actions.add(new Action(position++, kind, t, new ItemRef(t.name, key), key, item, ex, oldOnFailure));
        }
        Set<ItemRef> seen = new HashSet<>();
        for (Action a : actions) {
            if (!seen.add(a.ref())) {
                throw LabException.validation("Transaction request cannot include multiple operations on one item");
            }
        }
        return actions;
    }

    /** A table named by name or by ARN ({@code arn:aws:dynamodb:region:account:table/name}). */
    static String tableName(String nameOrArn) {
        int i = nameOrArn.startsWith("arn:") ? nameOrArn.indexOf(":table/") : -1;
        return i < 0 ? nameOrArn : nameOrArn.substring(i + ":table/".length());
    }

    private ObjectNode run(
            List<Action> actions, JsonNode d, RequestOptions.ConsumedCapacity rcc, String operation, long start) {
        Set<LabTable> tables = new LinkedHashSet<>();
        actions.forEach(a -> tables.add(a.table()));
        long window = windowMillis;
        Pending txn = new Pending();
        List<Prepared> prepared = LabTable.writeAll(tables, () -> {
            List<Prepared> p = prepare(actions, operation, start);
            if (allNone(p)) {
                if (window == 0) {
                    commit(p);
                } else {
                    for (Prepared each : p) {
                        txn.positions.put(each.action().ref(), each.action().position());
                        pending.put(each.action().ref(), txn);
                    }
                }
            }
            return p;
        });
        if (allNone(prepared) && window > 0) {
            sleep(window);
            LabTable.writeAll(tables, () -> {
                txn.positions.keySet().forEach(ref -> pending.remove(ref, txn));
                if (txn.overtaken.isEmpty()) {
                    commit(prepared);
                }
                return null;
            });
        }
        boolean throttled = prepared.stream().anyMatch(p -> !p.decision().allowed());
        long latency = System.nanoTime() - start;
        for (LabTable t : tables) {
            engine.meter().recordCall(t.name, operation, throttled, latency, 0);
        }
        if (!allNone(prepared) || !txn.overtaken.isEmpty()) {
            throw cancelled(prepared, txn.overtaken);
        }
        ObjectNode out = F.objectNode();
        addWriteCapacity(out, rcc, prepared);
        if ("SIZE".equals(d.path("ReturnItemCollectionMetrics").asText(null))) {
            ObjectNode metrics = F.objectNode();
            for (Prepared p : prepared) {
                LabTable t = p.action().table();
                if (p.action().kind() != Kind.CONDITION_CHECK && !t.localIndexes.isEmpty()) {
                    ObjectNode m = t.read(
                            () -> Items.itemCollectionMetrics(t, p.action().key()));
                    (metrics.has(t.name) ? (ArrayNode) metrics.get(t.name) : metrics.putArray(t.name)).add(m);
                }
            }
            if (!metrics.isEmpty()) {
                out.set("ItemCollectionMetrics", metrics);
            }
        }
        return out;
    }

    private static boolean allNone(List<Prepared> prepared) {
        return prepared.stream().allMatch(p -> p.code() == null);
    }

    /**
     * Every action in order: an item held by another transaction is a conflict; otherwise its condition, the item it
     * would write (an update that cannot apply is a validation error), and its charge at twice a write's price on its
     * own partition. Caller holds the tables' write locks.
     */
    private List<Prepared> prepare(List<Action> actions, String operation, long start) {
        List<Prepared> out = new ArrayList<>(actions.size());
        for (Action a : actions) {
            LabTable t = a.table();
            if (pending.containsKey(a.ref())) {
                out.add(new Prepared(
                        a,
                        "TransactionConflict",
                        "Transaction is ongoing for the item",
                        null,
                        null,
                        null,
                        0,
                        Decision.ALLOWED));
                continue;
            }
            Map<String, AttrValue> old = t.get(a.key());
            String code = null;
            String message = null;
            Map<String, AttrValue> next = old;
            RequestExpressions ex = a.expressions();
            if (ex.hasCondition() && !ex.conditionHolds(old == null ? Map.of() : old)) {
                code = "ConditionalCheckFailed";
                message = "The conditional request failed";
            } else {
                try {
                    next = switch (a.kind()) {
                        case PUT -> a.item();
                        case DELETE -> null;
                        case CONDITION_CHECK -> old;
                        case UPDATE -> updated(t, a, old);
                    };
                } catch (LabException e) {
                    code = "ValidationError";
                    message = e.getMessage();
                    next = old;
                }
            }
            ItemOps.WriteCost cost = ItemOps.WriteCost.of(t, old, a.kind() == Kind.CONDITION_CHECK ? old : next);
            boolean writes = code == null && a.kind() != Kind.CONDITION_CHECK;
            // Transactional writes cost twice a plain write; the index updates they cause are ordinary writes.
            double units = 2 * (writes ? cost.tableUnits() : Capacity.writeUnits(cost.oldSize()));
            Decision decision = t.gate.acquire(Charge.write(
                    t.hashOf(a.key()), units, writes ? cost.effect().gsiWrites() : null));
            Items.meterBatchItem(
                    engine,
                    t,
                    operation,
                    a.key(),
                    decision,
                    0,
                    units,
                    writes ? cost.effect().metered() : List.of(),
                    start,
                    0);
            if (!decision.allowed()) {
                ObjectNode reason = LabException.throttledItem(t.onDemand);
                code = reason.get("Code").asText();
                message = reason.get("Message").asText();
            }
            out.add(new Prepared(a, code, message, old, next, cost, units, decision));
        }
        return out;
    }

    private static Map<String, AttrValue> updated(LabTable t, Action a, Map<String, AttrValue> old) {
        Set<String> keyNames =
                t.key.hasSortKey() ? Set.of(t.key.partitionKey(), t.key.sortKey()) : Set.of(t.key.partitionKey());
        Map<String, AttrValue> base = old == null ? new LinkedHashMap<>(a.key()) : old;
        Map<String, AttrValue> item = new LinkedHashMap<>(a.expressions().applyUpdate(base, keyNames));
        Items.validateUpdatedItem(t, item, true);
        return item;
    }

    /** Applies every prepared write. Caller holds the tables' write locks. */
    private static void commit(List<Prepared> prepared) {
        for (Prepared p : prepared) {
            Action a = p.action();
            if (a.kind() != Kind.CONDITION_CHECK && (p.next() != null || p.old() != null)) {
                a.table().apply(p.old(), p.next(), a.key());
            }
        }
    }

    private static LabException cancelled(List<Prepared> prepared, Set<Integer> overtaken) {
        ArrayNode reasons = F.arrayNode();
        for (Prepared p : prepared) {
            ObjectNode r = reasons.addObject();
            String code = p.code();
            String message = p.message();
            if (code == null && overtaken.contains(p.action().position())) {
                code = "TransactionConflict";
                message = "Transaction is ongoing for the item";
            }
            if (code == null) {
                r.put("Code", "None");
                continue;
            }
            r.put("Code", code);
            r.put("Message", message);
            if (code.equals("ConditionalCheckFailed") && p.action().oldOnFailure() && p.old() != null) {
                r.set("Item", AttrJson.toJson(p.old()));
            }
        }
        return LabException.transactionCanceled(reasons);
    }

    private static void addWriteCapacity(ObjectNode out, RequestOptions.ConsumedCapacity rcc, List<Prepared> prepared) {
        Map<String, double[]> capacity = new LinkedHashMap<>();
        Map<String, Map<String, Double>> gsi = new LinkedHashMap<>();
        Map<String, Map<String, Double>> lsi = new LinkedHashMap<>();
        for (Prepared p : prepared) {
            String table = p.action().table().name;
            capacity.computeIfAbsent(table, n -> new double[1])[0] += p.units();
            if (p.action().kind() == Kind.CONDITION_CHECK) {
                continue;
            }
            p.cost().effect().gsiUnitsByName().forEach((index, units) -> {
                capacity.get(table)[0] += units;
                gsi.computeIfAbsent(table, n -> new LinkedHashMap<>()).merge(index, units, Double::sum);
            });
            p.cost().effect().lsiUnitsByName().forEach((index, units) -> lsi.computeIfAbsent(
                            table, n -> new LinkedHashMap<>())
                    .merge(index, 2 * units, Double::sum));
        }
        addCapacity(out, rcc, capacity, gsi, lsi, "WriteCapacityUnits");
    }

    /**
     * ConsumedCapacity per table, as DynamoDB answers a transaction: TOTAL the table's total; INDEXES that total split
     * into read or write units ({@code unitsName}), the table's own share and each index's.
     */
    private static void addCapacity(
            ObjectNode out,
            RequestOptions.ConsumedCapacity rcc,
            Map<String, double[]> capacity,
            Map<String, Map<String, Double>> gsi,
            Map<String, Map<String, Double>> lsi,
            String unitsName) {
        if (!rcc.wanted()) {
            return;
        }
        ArrayNode list = out.putArray("ConsumedCapacity");
        capacity.forEach((table, units) -> {
            ObjectNode c = list.addObject().put("TableName", table).put("CapacityUnits", units[0]);
            if (rcc == RequestOptions.ConsumedCapacity.INDEXES) {
                c.put(unitsName, units[0]);
                Map<String, Double> gsis = gsi.getOrDefault(table, Map.of());
                Map<String, Double> lsis = lsi.getOrDefault(table, Map.of());
                double own = units[0]
                        - gsis.values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum()
                        - lsis.values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum();
                c.putObject("Table").put("CapacityUnits", own).put(unitsName, own);
                if (!gsis.isEmpty()) {
                    ObjectNode g = c.putObject("GlobalSecondaryIndexes");
                    gsis.forEach((name, u) ->
                            g.putObject(name).put("CapacityUnits", u).put(unitsName, u));
                }
                if (!lsis.isEmpty()) {
                    ObjectNode l = c.putObject("LocalSecondaryIndexes");
                    lsis.forEach((name, u) ->
                            l.putObject(name).put("CapacityUnits", u).put(unitsName, u));
                }
            }
        });
    }

    /** Called after every plain write: a write to an item a transaction has prepared overtakes that transaction. */
    void overtake(LabTable t, Map<String, AttrValue> key) {
        if (pending.isEmpty()) {
            return;
        }
        ItemRef ref = new ItemRef(t.name, key);
        Pending txn = pending.get(ref);
        if (txn != null) {
            Integer position = txn.positions.get(ref);
            if (position != null) {
                txn.overtaken.add(position);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // TransactGetItems

    ObjectNode get(ApiRequest r) {
        return get(r.data(), "TransactGetItems");
    }

    /** Runs a checked TransactGetItems request, metered under {@code operation}. */
    ObjectNode get(JsonNode d, String operation) {
        long start = System.nanoTime();
        record Get(LabTable table, ItemRef ref, Map<String, AttrValue> key, RequestExpressions expressions) {}
        List<Get> gets = new ArrayList<>();
        for (JsonNode element : d.get("TransactItems")) {
            JsonNode g = element.get("Get");
            LabTable t = engine.activeTable(tableName(g.get("TableName").asText()));
            Map<String, AttrValue> key = Items.key(t, g.get("Key"));
            RequestExpressions ex = RequestExpressions.of(g);
            Items.checkKeyPaths(t, ex.projectedNestedHeads());
            gets.add(new Get(t, new ItemRef(t.name, key), key, ex));
        }
        Set<ItemRef> seen = new HashSet<>();
        for (Get g : gets) {
            if (!seen.add(g.ref())) {
                throw LabException.validation("Transaction request cannot include multiple operations on one item");
            }
        }
        RequestOptions.ConsumedCapacity rcc = Items.returnConsumedCapacity(d);
        Set<LabTable> tables = new LinkedHashSet<>();
        gets.forEach(g -> tables.add(g.table()));
        ArrayNode reasons = F.arrayNode();
        ArrayNode responses = F.arrayNode();
        Map<String, double[]> capacity = new LinkedHashMap<>();
        boolean[] cancelled = {false, false};
        LabTable.readAll(tables, () -> {
            for (Get g : gets) {
                LabTable t = g.table();
                ObjectNode reason = reasons.addObject();
                if (pending.containsKey(g.ref())) {
                    reason.put("Code", "TransactionConflict").put("Message", "Transaction is ongoing for the item");
                    cancelled[0] = true;
                    continue;
                }
                Map<String, AttrValue> item = t.get(g.key());
                double units = 2 * Capacity.readUnits(item == null ? 0 : StoredItem.sizeOf(item), true);
                Decision decision = t.gate.acquire(Charge.read(null, t.hashOf(g.key()), units));
                Items.meterBatchItem(
                        engine, t, operation, g.key(), decision, units, 0, List.of(), start, item == null ? 0 : 1);
                capacity.computeIfAbsent(t.name, n -> new double[1])[0] += decision.allowed() ? units : 0;
                if (!decision.allowed()) {
                    reason.setAll(LabException.throttledItem(t.onDemand));
                    cancelled[0] = true;
                    cancelled[1] = true;
                    continue;
                }
                reason.put("Code", "None");
                ObjectNode response = responses.addObject();
                if (item != null) {
                    response.set("Item", AttrJson.toJson(g.expressions().project(item)));
                }
            }
            return null;
        });
        long latency = System.nanoTime() - start;
        for (LabTable t : tables) {
            engine.meter().recordCall(t.name, operation, cancelled[1], latency, 0);
        }
        if (cancelled[0]) {
            for (JsonNode reason : reasons) {
                if (reason.path("Code").asText().equals("None")) {
                    ((ObjectNode) reason).remove("Message");
                }
            }
            throw LabException.transactionCanceled(reasons);
        }
        ObjectNode out = F.objectNode();
        addCapacity(out, rcc, capacity, Map.of(), Map.of(), "ReadCapacityUnits");
        out.set("Responses", responses);
        return out;
    }
}
