package dev.partitionscope.lab.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.engine.EngineMeter;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TransactWriteItems and TransactGetItems through the proxy, admitted by the partition model before the upstream sees
 * them. Each action is estimated as its single-item twin would be ({@link Estimate}: a Put's item size and GSI entries,
 * the minimum for Update, Delete and ConditionCheck, a strongly consistent read for Get) and charged at DynamoDB's
 * transactional price, twice that — 2 WCU per KB written, 2 RCU per 4 KB read (GSI entries at the plain price, as the
 * engine charges them) — on its own partition of its own table's gate.
 *
 * <p>All or nothing: when any action is throttled the transaction is refused with TransactionCanceledException, whose
 * CancellationReasons name, in action order, ThrottlingError (on-demand table) or
 * ProvisionedThroughputExceeded (provisioned, see {@link LabException#throttledItem}) for each throttled action and {@code None} for the others, and nothing
 * is forwarded: the upstream never sees it, so nothing is written. Capacity the partitions of the admitted actions
 * gave before the refusal stays taken (the model has no refunds), and is metered. Otherwise the transaction is
 * forwarded as sent and each action metered under its key, operation TransactWriteItems / TransactGetItems, so the
 * Lab's metrics and Contributor Insights count transactional traffic at its real cost. ExecuteTransaction takes the same
 * path ({@link ProxyPartiql}): its statements are admitted as {@link Action}s and settled by {@link #settle}.
 */
final class ProxyTransact {
    /** DynamoDB's price of a transactional item over a plain one. */
    static final double TRANSACTION_FACTOR = 2;

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final ProxyHandler proxy;
    private final TableCatalog catalog;
    private final EngineMeter meter;

    ProxyTransact(ProxyHandler proxy, TableCatalog catalog, EngineMeter meter) {
        this.proxy = proxy;
        this.catalog = catalog;
        this.meter = meter;
    }

    /** One action: its table, its estimate at transactional price, the model's decision. */
    record Action(TableCatalog.Entry table, Estimate estimate, Decision decision) {
        /**
         * Admits one item of a transaction at transactional price: {@code operation} and {@code single} are the
         * item operation the action stands for and its request (Put → Item, the others → Key).
         */
        static Action admit(TableCatalog.Entry table, String operation, JsonNode single) {
            Estimate estimate = transactional(Estimate.of(operation, single, table));
            return new Action(table, estimate, table.gate().acquire(estimate.charge()));
        }
    }

    ObjectNode write(Upstream.Call call, JsonNode request) {
        return run(call, request, true);
    }

    ObjectNode get(Upstream.Call call, JsonNode request) {
        return run(call, request, false);
    }

    private ObjectNode run(Upstream.Call call, JsonNode request, boolean write) {
        long start = System.nanoTime();
        JsonNode items = request.path("TransactItems");
        List<Action> actions = new ArrayList<>();
        for (JsonNode action : items) {
            Map.Entry<String, JsonNode> only =
                    action.properties().stream().findFirst().orElse(null);
            String tableName =
                    only == null ? null : only.getValue().path("TableName").asText(null);
            if (tableName == null) {
                return proxy.forward(call, request); // malformed: the upstream says what is wrong
            }
            TableCatalog.Entry table = catalog.entry(call, tableName);
            actions.add(Action.admit(table, singleOperation(only.getKey()), single(only)));
        }
        return settle(call, request, actions, write, start);
    }

    /**
     * All or nothing over admitted actions (in the request's order): refused with TransactionCanceledException and
     * not forwarded when any was throttled, else forwarded as sent; each metered under {@code call}'s operation.
     * Reads' units are settled from the upstream's {@code Responses[i].Item}.
     */
    ObjectNode settle(Upstream.Call call, JsonNode request, List<Action> actions, boolean write, long start) {
        String operation = call.operation();
        if (actions.stream().anyMatch(a -> !a.decision().allowed())) {
            meterAll(operation, actions, null, start, true);
            throw canceled(actions);
        }
        ObjectNode answer;
        try {
            answer = proxy.forward(call, request);
        } catch (LabException e) {
            if (e.name().equals("TransactionCanceledException")) {
                // Cancelled by a condition upstream: DynamoDB still consumed the transaction's capacity.
                meterAll(operation, actions, null, start, false);
            }
            throw e;
        }
        meterAll(operation, actions, write ? null : answer.path("Responses"), start, false);
        return answer;
    }

    /** The action's body as its single-item request (Put → Item, the others → Key, Get strongly consistent). */
    private static ObjectNode single(Map.Entry<String, JsonNode> action) {
        ObjectNode single = F.objectNode();
        JsonNode body = action.getValue();
        if (action.getKey().equals("Put")) {
            single.set("Item", body.path("Item"));
        } else {
            single.set("Key", body.path("Key"));
        }
        if (action.getKey().equals("Get")) {
            single.put("ConsistentRead", true);
        }
        return single;
    }

    private static String singleOperation(String action) {
        return switch (action) {
            case "Put" -> "PutItem";
            case "Get" -> "GetItem";
            case "Delete" -> "DeleteItem";
            // Update and ConditionCheck: a write of at least one unit on the item's partition.
            default -> "UpdateItem";
        };
    }

    /**
     * The estimate at transactional price: the item's units counted twice, as the engine ({@code TransactOps}) counts
     * them; the GSI entries a transactional put causes are ordinary writes there, and here.
     */
    static Estimate transactional(Estimate e) {
        Charge c = e.charge();
        return new Estimate(
                new Charge(
                        c.index(),
                        c.keyHash(),
                        TRANSACTION_FACTOR * c.readUnits(),
                        TRANSACTION_FACTOR * c.writeUnits(),
                        c.indexWrites()),
                e.partitionKey(),
                e.sortKey(),
                true);
    }

    /**
     * One record per action under its key (throttled ones with their reasons and no units), then one call per table.
     * A read's units are settled from the item the upstream returned (2 RCU per 4 KB), the excess taken from the gate.
     */
    private void meterAll(String operation, List<Action> actions, JsonNode responses, long start, boolean canceled) {
        Map<String, int[]> perTable = new LinkedHashMap<>();
        for (int i = 0; i < actions.size(); i++) {
            Action a = actions.get(i);
            Charge c = a.estimate().charge();
            double read = a.decision().allowed() ? c.readUnits() : 0;
            double write = a.decision().allowed() ? c.writeUnits() : 0;
            int returned = 0;
            if (responses != null && a.decision().allowed()) {
                JsonNode item = responses.path(i).get("Item");
                if (item != null && item.isObject()) {
                    returned = 1;
                    double actual =
                            TRANSACTION_FACTOR * Capacity.readUnits(ItemSize.of(AttrJson.item(item, "item")), true);
                    if (actual > read) {
                        a.table().gate().consume(Charge.read(c.index(), c.keyHash(), actual - read));
                        read = actual;
                    }
                }
            }
            meter.recordItem(ProxyHandler.record(
                    a.table(), operation, a.estimate(), read, write, a.decision(), start, returned));
            perTable.computeIfAbsent(a.table().name(), n -> new int[2])[0] += returned;
        }
        long latency = System.nanoTime() - start;
        perTable.forEach((table, counts) -> meter.recordCall(table, operation, canceled, latency, counts[0]));
    }

    /** DynamoDB's TransactionCanceledException, one reason per action in action order (the engine's wording). */
    private static LabException canceled(List<Action> actions) {
        ArrayNode reasons = F.arrayNode();
        for (Action a : actions) {
            if (a.decision().allowed()) {
                reasons.addObject().put("Code", "None");
            } else {
                reasons.add(LabException.throttledItem(a.table().config().onDemand()));
            }
        }
        return LabException.transactionCanceled(reasons);
    }
}
