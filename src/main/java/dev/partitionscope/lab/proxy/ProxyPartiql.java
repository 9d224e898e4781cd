package dev.partitionscope.lab.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.engine.EngineMeter;
import dev.partitionscope.lab.partiql.ExpressionWriter;
import dev.partitionscope.lab.partiql.Statement;
import dev.partitionscope.lab.partiql.StatementKeys;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PartiQL through the proxy. Each statement is read with the Lab's own parser and placed on the item it names — INSERT
 * by the key in its VALUE, UPDATE and DELETE by the equalities on the key attributes in WHERE, SELECT (and a
 * transaction's EXISTS) when WHERE fixes the full primary key — and estimated as the item operation it stands for
 * (PutItem, UpdateItem, DeleteItem, GetItem; see {@link Estimate}), then admitted by the partition model before the
 * upstream sees it, exactly as that item operation would be. The request the upstream gets is the caller's PartiQL,
 * never the item operation: that is built only to estimate.
 *
 * <ul>
 *   <li>ExecuteStatement: a throttled statement is refused as the item operation would be and never forwarded; an
 *       admitted one is forwarded and metered under ExecuteStatement with its key (the meter keeps PartiQL out of
 *       Contributor Insights, as AWS does). A statement that cannot be placed on a key is forwarded without admission
 *       and metered from the upstream's ConsumedCapacity, without a key.
 *   <li>ExecuteTransaction: every statement at transactional price on its own partition, all or nothing, as {@link
 *       ProxyTransact} does for TransactWriteItems and TransactGetItems.
 *   <li>BatchExecuteStatement: each statement admitted on its own; a throttled one is answered in its place in
 *       Responses with ThrottlingError (on-demand) or ProvisionedThroughputExceeded (provisioned) and not forwarded;
 *       the others are forwarded in one call and their answers spliced back in statement order.
 * </ul>
 */
final class ProxyPartiql {
    static final String EXECUTE = "ExecuteStatement";
    static final String BATCH = "BatchExecuteStatement";
    static final String TRANSACTION = "ExecuteTransaction";

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final ProxyHandler proxy;
    private final TableCatalog catalog;
    private final EngineMeter meter;

    ProxyPartiql(ProxyHandler proxy, TableCatalog catalog, EngineMeter meter) {
        this.proxy = proxy;
        this.catalog = catalog;
        this.meter = meter;
    }

    /**
     * A statement placed on its item: its table, the item operation it stands for and that operation's request
     * (only for {@link Estimate}), and whether it reads.
     */
    record Placed(TableCatalog.Entry table, String operation, ObjectNode single, boolean read) {
        Estimate estimate() {
            return Estimate.of(operation, single, table);
        }
    }

    /**
     * Where a statement lands, or null when the proxy cannot say: it does not parse or bind, its table is unknown to
     * the upstream, or it is a SELECT that is a Query or a Scan. The upstream then answers for it.
     */
    Placed place(Upstream.Call call, JsonNode statement) {
        String text = statement.path("Statement").asText(null);
        if (text == null) {
            return null;
        }
        try {
            StatementKeys.Bound b = StatementKeys.bind(text, statement.get("Parameters"));
            Statement s = b.statement();
            TableCatalog.Entry table = catalog.entry(call, s.table());
            List<String> keyNames = table.key().sortKey() == null
                    ? List.of(table.key().partitionKey().name())
                    : List.of(
                            table.key().partitionKey().name(),
                            table.key().sortKey().name());
            ExpressionWriter w = new ExpressionWriter(b.parameters());
            ObjectNode single = F.objectNode().put("TableName", s.table());
            if (s instanceof Statement.Insert ins) {
                if (!(w.bind(ins.item()) instanceof AttrValue.M item)
                        || !item.values().keySet().containsAll(keyNames)) {
                    return null;
                }
                single.set("Item", AttrJson.toJson(item.values()));
                return new Placed(table, "PutItem", single, false);
            }
            Statement.Select select =
                    s instanceof Statement.Select sel ? sel : s instanceof Statement.Exists ex ? ex.select() : null;
            if (select != null && select.index() != null) {
                return null; // a read of an index: a Query or a Scan
            }
            var where = select != null
                    ? select.where()
                    : s instanceof Statement.Update u ? u.where() : ((Statement.Delete) s).where();
            single.set(
                    "Key",
                    AttrJson.toJson(StatementKeys.target(where, keyNames, w).key()));
            if (s instanceof Statement.Select) {
                single.put("ConsistentRead", statement.path("ConsistentRead").asBoolean(false));
                return new Placed(table, "GetItem", single, true);
            }
            // EXISTS is a transaction's condition check: a write of at least one unit, as ConditionCheck.
            return new Placed(table, s instanceof Statement.Delete ? "DeleteItem" : "UpdateItem", single, false);
        } catch (LabException | ClassCastException | IndexOutOfBoundsException unplaceable) {
            // Refused by the parser, unbound parameters, a table the upstream does not know, a SELECT without the
            // full key: the upstream says what is wrong, or runs it as a Query or Scan.
            return null;
        }
    }

    // ExecuteStatement ----------------------------------------------------------------------------------------------

    ObjectNode execute(Upstream.Call call, ObjectNode request) {
        long start = System.nanoTime();
        Placed placed = place(call, request);
        String asked = request.path("ReturnConsumedCapacity").asText("NONE");
        request.put("ReturnConsumedCapacity", "INDEXES");
        if (placed == null) {
            // Not throttled before it runs: a Query or Scan's cost (or a bad statement's) is unknown until the
            // upstream has run it, so it is metered afterwards from the ConsumedCapacity the upstream reports.
            ObjectNode answer = proxy.forward(call, request);
            meterUnplaced(call, answer, start);
            ProxyHandler.restoreCapacity(answer, asked);
            return answer;
        }
        TableCatalog.Entry table = placed.table();
        Estimate estimate = placed.estimate();
        Decision d = table.gate().acquire(estimate.charge());
        if (!d.allowed()) {
            meter.record(ProxyHandler.record(table, EXECUTE, estimate, 0, 0, d, start, 0));
            throw LabException.throttled(d.exceptionName(), d.reasons());
        }
        ObjectNode answer;
        try {
            answer = proxy.forward(call, request);
        } catch (LabException e) {
            if (e.name().equals("ConditionalCheckFailedException") || e.name().equals("DuplicateItemException")) {
                // A failed condition (or an INSERT of an existing key) still consumed its write on DynamoDB.
                meter.record(ProxyHandler.record(
                        table, EXECUTE, estimate, 0, estimate.charge().writeUnits(), d, start, 0));
            }
            throw e;
        }
        double[] units = ProxyHandler.actualUnits(placed.operation(), answer, estimate);
        ProxyHandler.settle(table, estimate, units);
        int returned = placed.read() ? answer.path("Items").size() : 0;
        meter.record(ProxyHandler.record(table, EXECUTE, estimate, units[0], units[1], d, start, returned));
        ProxyHandler.restoreCapacity(answer, asked);
        return answer;
    }

    /** A statement run without admission: its table and units from the upstream's ConsumedCapacity, no key. */
    private void meterUnplaced(Upstream.Call call, ObjectNode answer, long start) {
        JsonNode cc = answer.get("ConsumedCapacity");
        String tableName = cc == null ? null : cc.path("TableName").asText(null);
        if (tableName == null) {
            return;
        }
        TableCatalog.Entry table;
        try {
            table = catalog.entry(call, tableName);
        } catch (LabException unknown) {
            return;
        }
        double read = cc.path("ReadCapacityUnits").asDouble(0);
        double write = cc.path("WriteCapacityUnits").asDouble(0);
        if (read == 0 && write == 0) {
            read = cc.path("CapacityUnits").asDouble(0);
        }
        // Taken on the table's first partition, as a Scan is admitted (its spread over partitions is unknown).
        Charge charge = new Charge(null, 0, read, write, List.of());
        table.gate().consume(charge);
        Estimate e = new Estimate(charge, null, null, false);
        meter.record(ProxyHandler.record(
                table,
                EXECUTE,
                e,
                read,
                write,
                Decision.ALLOWED,
                start,
                answer.path("Items").size()));
    }

    // ExecuteTransaction --------------------------------------------------------------------------------------------

    ObjectNode transaction(Upstream.Call call, JsonNode request) {
        long start = System.nanoTime();
        List<Placed> placed = new ArrayList<>();
        for (JsonNode statement : request.path("TransactStatements")) {
            Placed p = place(call, statement);
            if (p == null) {
                // Every statement of a transaction names one item; one that does not is refused by the upstream.
                return proxy.forward(call, request);
            }
            placed.add(p);
        }
        List<ProxyTransact.Action> actions = new ArrayList<>();
        for (Placed p : placed) {
            actions.add(ProxyTransact.Action.admit(p.table(), p.operation(), p.single()));
        }
        boolean write = placed.stream().noneMatch(Placed::read);
        return new ProxyTransact(proxy, catalog, meter).settle(call, request, actions, write, start);
    }

    // BatchExecuteStatement -----------------------------------------------------------------------------------------

    ObjectNode batch(Upstream.Call call, ObjectNode request) {
        long start = System.nanoTime();
        List<JsonNode> statements = new ArrayList<>();
        request.path("Statements").forEach(statements::add);
        int n = statements.size();
        Placed[] placed = new Placed[n];
        Estimate[] estimates = new Estimate[n];
        Decision[] decisions = new Decision[n];
        ArrayNode forwarded = F.arrayNode();
        List<Integer> forwardedIndex = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            placed[i] = place(call, statements.get(i));
            if (placed[i] != null) {
                estimates[i] = placed[i].estimate();
                decisions[i] = placed[i].table().gate().acquire(estimates[i].charge());
            }
            if (decisions[i] == null || decisions[i].allowed()) {
                // An unplaced statement is no item's: the upstream refuses it in its place (batches name items).
                forwarded.add(statements.get(i));
                forwardedIndex.add(i);
            }
        }
        ObjectNode answer;
        if (forwarded.isEmpty()) {
            answer = F.objectNode();
        } else {
            ObjectNode sent = request.deepCopy();
            sent.set("Statements", forwarded);
            answer = proxy.forward(call, sent);
        }
        ObjectNode response = answer.deepCopy();
        ArrayNode responses = response.putArray("Responses");
        JsonNode upstream = answer.path("Responses");
        Map<String, int[]> perTable = new LinkedHashMap<>();
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (next < forwardedIndex.size() && forwardedIndex.get(next) == i) {
                JsonNode r = upstream.path(next);
                responses.add(r.isObject() ? r.deepCopy() : F.objectNode());
                next++;
            } else {
                ObjectNode out = responses.addObject();
                TableCatalog.Entry table = placed[i].table();
                out.put("TableName", table.name());
                LabException e = LabException.throttled(decisions[i].exceptionName(), decisions[i].reasons());
                out.putObject("Error")
                        .put(
                                "Code",
                                LabException.throttledItem(table.config().onDemand())
                                        .get("Code")
                                        .asText())
                        .put("Message", e.getMessage());
            }
            if (placed[i] != null) {
                meterBatchStatement(placed[i], estimates[i], decisions[i], responses.get(i), start, perTable);
            }
        }
        long latency = System.nanoTime() - start;
        perTable.forEach((table, c) -> meter.recordCall(table, BATCH, c[1] == c[0], latency, c[2]));
        return response;
    }

    /**
     * One statement of a batch under its key: throttled with no units; admitted at its estimate, a read settled from
     * the item the upstream returned. {@code perTable}: statements, throttled, items returned.
     */
    private void meterBatchStatement(
            Placed p, Estimate e, Decision d, JsonNode response, long start, Map<String, int[]> perTable) {
        int[] counts = perTable.computeIfAbsent(p.table().name(), t -> new int[3]);
        counts[0]++;
        if (!d.allowed()) {
            counts[1]++;
            meter.recordItem(ProxyHandler.record(p.table(), BATCH, e, 0, 0, d, start, 0));
            return;
        }
        double read = e.charge().readUnits();
        double write = e.charge().writeUnits();
        int returned = 0;
        JsonNode item = response.get("Item");
        if (p.read() && item != null && item.isObject()) {
            returned = 1;
            double actual = Capacity.readUnits(ItemSize.of(AttrJson.item(item, "item")), e.consistent());
            if (actual > read) {
                p.table()
                        .gate()
                        .consume(Charge.read(e.charge().index(), e.charge().keyHash(), actual - read));
                read = actual;
            }
        }
        counts[2] += returned;
        meter.recordItem(ProxyHandler.record(p.table(), BATCH, e, read, write, d, start, returned));
    }
}
