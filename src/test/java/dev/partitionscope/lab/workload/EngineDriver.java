package dev.partitionscope.lab.workload;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.partition.ThrottleReason;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reference for fast-forward: the same plan, the same request instants, sent as DynamoDB JSON through the Lab's
 * engine (which stores every item and charges what it really reads). Tests compare the two.
 */
final class EngineDriver {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    long requests;
    long throttled;
    long unprocessed;
    final Map<String, Long> reasons = new TreeMap<>();

    void run(Plan plan, Lab lab, SimulatedClock clock) {
        for (TableDef t : plan.tables().values()) {
            EngineTables.ensure(lab.engine(), t);
        }
        Draws d = plan.draws(0);
        long total = (long) Math.floor(plan.rate() * plan.duration().toNanos() / 1e9);
        long start = clock.nanoTime();
        double step = 1e9 / plan.rate();
        for (long i = 0; i < total; i++) {
            long at = start + (long) (i * step);
            if (at > clock.nanoTime()) {
                clock.advanceNanos(at - clock.nanoTime());
            }
            d.next(clock.epochMillis());
            Step s = plan.pick(d);
            String table = s.table.name();
            switch (s.def.type()) {
                case PUT_ITEM ->
                    send(
                            lab,
                            "PutItem",
                            F.objectNode().put("TableName", table).set("Item", AttrJson.toJson(s.item(d))));
                case UPDATE_ITEM -> {
                    ObjectNode req = F.objectNode().put("TableName", table);
                    req.set("Key", AttrJson.toJson(s.item(d)));
                    addExpression(req, s);
                    send(lab, "UpdateItem", req);
                }
                case GET_ITEM -> {
                    Map<String, AttrValue> key = s.keyWithoutPartition(d);
                    for (String pk : s.readKeys(d)) {
                        Map<String, AttrValue> k = new java.util.LinkedHashMap<>(key);
                        k.put(s.names[s.pk], new AttrValue.S(pk));
                        send(
                                lab,
                                "GetItem",
                                F.objectNode().put("TableName", table).set("Key", AttrJson.toJson(k)));
                    }
                }
                case QUERY -> {
                    for (String pk : s.readKeys(d)) {
                        ObjectNode req = F.objectNode()
                                .put("TableName", table)
                                .put("KeyConditionExpression", "#k = :k")
                                .put("Limit", s.def.limit())
                                .put("ScanIndexForward", s.def.forward());
                        if (s.def.index() != null) {
                            req.put("IndexName", s.def.index());
                        }
                        req.putObject("ExpressionAttributeNames").put("#k", s.names[s.readKey]);
                        req.putObject("ExpressionAttributeValues")
                                .putObject(":k")
                                .put("S", pk);
                        send(lab, "Query", req);
                    }
                }
                case TRANSACT_WRITE -> {
                    ObjectNode req = F.objectNode();
                    var items = req.putArray("TransactItems");
                    for (Step a : s.actions) {
                        if (a.def.type() == OpDef.Type.PUT_ITEM) {
                            items.addObject()
                                    .putObject("Put")
                                    .put("TableName", a.table.name())
                                    .set("Item", AttrJson.toJson(a.item(d)));
                        } else {
                            ObjectNode u = items.addObject().putObject("Update").put("TableName", a.table.name());
                            u.set("Key", AttrJson.toJson(a.item(d)));
                            addExpression(u, a);
                        }
                    }
                    send(lab, "TransactWriteItems", req);
                }
                case BATCH_WRITE -> {
                    var items = F.arrayNode();
                    for (int b = 0; b < s.def.batch(); b++) {
                        if (b > 0) {
                            d.next(d.now);
                        }
                        items.addObject().putObject("PutRequest").set("Item", AttrJson.toJson(s.item(d)));
                    }
                    ObjectNode req = F.objectNode();
                    req.putObject("RequestItems").set(table, items);
                    ObjectNode out = send(lab, "BatchWriteItem", req);
                    if (out != null && out.path("UnprocessedItems").has(table)) {
                        unprocessed += out.path("UnprocessedItems").path(table).size();
                    }
                }
            }
        }
        long end = start + plan.duration().toNanos();
        if (clock.nanoTime() < end) {
            clock.advanceNanos(end - clock.nanoTime());
        }
    }

    /** {@code ADD #a0 :a0, …} of an UpdateItem step, with its names and values, into {@code req}. */
    private static void addExpression(ObjectNode req, Step s) {
        StringBuilder expr = new StringBuilder("ADD ");
        ObjectNode names = req.putObject("ExpressionAttributeNames");
        ObjectNode values = req.putObject("ExpressionAttributeValues");
        int n = 0;
        for (Map.Entry<String, Long> e : s.def.add().entrySet()) {
            expr.append(n == 0 ? "" : ", ").append("#a").append(n).append(" :a").append(n);
            names.put("#a" + n, e.getKey());
            values.putObject(":a" + n).put("N", Long.toString(e.getValue()));
            n++;
        }
        req.put("UpdateExpression", expr.toString());
    }

    private ObjectNode send(Lab lab, String op, ObjectNode req) {
        requests++;
        try {
            return lab.engine().handle(op, req);
        } catch (LabException e) {
            if (e.name().equals("TransactionCanceledException")) {
                // Counted as a run counts it: throttled when an action was, by each throttled action's code.
                boolean throttledAction = false;
                for (com.fasterxml.jackson.databind.JsonNode r : e.extra().path("CancellationReasons")) {
                    String code = r.path("Code").asText();
                    if (SdkCalls.throttleCode(code)) {
                        throttledAction = true;
                        reasons.merge(SdkCalls.cancelledReason(code), 1L, Long::sum);
                    }
                }
                if (!throttledAction) {
                    throw e;
                }
                throttled++;
                return null;
            }
            if (e.reasons().isEmpty()) {
                throw e;
            }
            throttled++;
            for (ThrottleReason r : e.reasons()) {
                reasons.merge(r.wire(), 1L, Long::sum);
            }
            return null;
        }
    }
}
