package dev.partitionscope.lab.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.clock.LabClock;
import dev.partitionscope.lab.engine.CapacityGate;
import dev.partitionscope.lab.engine.EngineMeter;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.CapacityConfig;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.server.Headers;
import dev.partitionscope.lab.server.LabServer;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The Lab in front of a real local engine (LocalStack, DynamoDB Local, dynalite): every data-plane request is first
 * admitted by the same partition model as in the Lab — a throttled request never reaches the upstream, so nothing is
 * written — then forwarded (item operations, batches per item, transactions all or nothing at twice the price, see
 * {@link ProxyTransact}; PartiQL statements as the item operations they stand for, see {@link #partiql}); keys are
 * metered from the request and capacity from the upstream's answer. The proxy asks the upstream for ConsumedCapacity
 * and removes it from the reply when the caller did not ask, and computes capacity from item sizes when the upstream
 * reports none. An upstream that is down gives a DynamoDB-shaped 503; the proxy
 * keeps serving.
 */
public final class ProxyHandler implements LabServer.RequestHandler {
    static final Set<String> ITEM_OPS = Set.of("PutItem", "GetItem", "DeleteItem", "UpdateItem", "Query", "Scan");
    /** PartiQL's data-plane calls: see {@link #partiql}. */
    static final Set<String> PARTIQL_OPS = Set.of("ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI upstream;
    private final HttpClient http;
    private final TableCatalog catalog;
    private final EngineMeter meter;
    private final ProxyInsights insights;

    public ProxyHandler(
            String upstream,
            LabClock clock,
            String region,
            Function<CapacityConfig, CapacityGate> gates,
            EngineMeter meter) {
        this.upstream = URI.create(upstream.replaceAll("/+$", "") + "/");
        this.http = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(3))
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        this.catalog = new TableCatalog(this::forward, gates);
        this.meter = meter;
        this.insights = new ProxyInsights(catalog, clock);
    }

    @Override
    public ObjectNode handle(String operation, JsonNode request) {
        return handle(operation, request, new Headers());
    }

    @Override
    public ObjectNode handle(String operation, JsonNode request, Headers headers) {
        Upstream.Call call = new Upstream.Call(operation, headers);
        if (ITEM_OPS.contains(operation)) {
            return item(call, (ObjectNode) request.deepCopy());
        }
        if (ProxyInsights.handles(operation)) {
            return insights.handle(call, request);
        }
        if (operation.equals("BatchWriteItem")) {
            return new ProxyBatch(this, catalog, meter).write(call, (ObjectNode) request.deepCopy());
        }
        if (operation.equals("BatchGetItem")) {
            return new ProxyBatch(this, catalog, meter).get(call, (ObjectNode) request.deepCopy());
        }
        if (operation.equals("TransactWriteItems")) {
            return new ProxyTransact(this, catalog, meter).write(call, request);
        }
        if (operation.equals("TransactGetItems")) {
            return new ProxyTransact(this, catalog, meter).get(call, request);
        }
        if (PARTIQL_OPS.contains(operation)) {
            return partiql(call, request);
        }
        ObjectNode answer = forward(call, request);
        if (operation.equals("CreateTable") || operation.equals("UpdateTable") || operation.equals("DeleteTable")) {
            catalog.forget(call, request.path("TableName").asText());
        }
        return answer;
    }

    /** Capacity settings of the upstream tables the proxy has seen (for the Provisioned* metrics). */
    public List<CapacityConfig> tables() {
        return catalog.configs();
    }

    /** Contributor Insights rules the proxy serves for upstream tables (the upstream usually has none). */
    public List<dev.partitionscope.lab.cloudwatch.InsightRule> insightRules() {
        return insights.rules();
    }

    /** Forgets every table's model; they are rebuilt (with the Lab's current parameters) on next use. */
    public void resetModels() {
        catalog.clear();
    }

    /** The partition model of an upstream table the proxy has seen (any access key), for the Lab screen. */
    public java.util.Optional<dev.partitionscope.lab.partition.ModelSnapshot> snapshot(String table) {
        return catalog.any(table).flatMap(e -> e.gate().snapshot());
    }

    /** One item operation: estimate, admit, forward, meter the actual cost. */
    private ObjectNode item(Upstream.Call call, ObjectNode request) {
        long start = System.nanoTime();
        String tableName = request.path("TableName").asText(null);
        if (tableName == null) {
            return forward(call, request); // the upstream explains what is missing
        }
        TableCatalog.Entry table = catalog.entry(call, tableName);
        Estimate estimate = Estimate.of(call.operation(), request, table);
        Decision d = table.gate().acquire(estimate.charge());
        if (!d.allowed()) {
            meter.record(record(table, call.operation(), estimate, 0, 0, d, start, 0));
            throw LabException.throttled(d.exceptionName(), d.reasons());
        }
        String asked = request.path("ReturnConsumedCapacity").asText("NONE");
        request.put("ReturnConsumedCapacity", "INDEXES");
        ObjectNode answer;
        try {
            answer = forward(call, request);
        } catch (LabException e) {
            if (e.name().equals("ConditionalCheckFailedException")) {
                // A failed condition still consumed its write on DynamoDB: metered at the estimate.
                meter.record(record(
                        table, call.operation(), estimate, 0, estimate.charge().writeUnits(), d, start, 0));
            }
            throw e;
        }
        double[] units = actualUnits(call.operation(), answer, estimate);
        settle(table, estimate, units);
        int returned = answer.has("Items") ? answer.get("Items").size() : answer.has("Item") ? 1 : 0;
        meter.record(record(table, call.operation(), estimate, units[0], units[1], d, start, returned));
        restoreCapacity(answer, asked);
        return answer;
    }

    /** Takes from the gate what the request cost beyond its estimate ({@code units}: read, write). */
    static void settle(TableCatalog.Entry table, Estimate estimate, double[] units) {
        double readExtra = units[0] - estimate.charge().readUnits();
        double writeExtra = units[1] - estimate.charge().writeUnits();
        if (readExtra > 0 || writeExtra > 0) {
            table.gate()
                    .consume(new Charge(
                            estimate.charge().index(),
                            estimate.charge().keyHash(),
                            Math.max(0, readExtra),
                            Math.max(0, writeExtra),
                            List.of()));
        }
    }

    /**
     * PartiQL (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction), see {@link ProxyPartiql}: each statement
     * is placed on the item it names and admitted as the item operation it stands for before it is forwarded — a
     * throttled statement never reaches the upstream — and metered under the PartiQL operation's name, which
     * CloudWatch counts and Contributor Insights does not (as on AWS). A SELECT that is a Query or Scan (or a
     * statement the parser refuses) is forwarded without admission, its cost being unknown until it has run, and
     * metered from the upstream's ConsumedCapacity without a key.
     */
    private ObjectNode partiql(Upstream.Call call, JsonNode request) {
        ProxyPartiql p = new ProxyPartiql(this, catalog, meter);
        return switch (call.operation()) {
            case ProxyPartiql.EXECUTE -> p.execute(call, (ObjectNode) request.deepCopy());
            case ProxyPartiql.TRANSACTION -> p.transaction(call, request);
            default -> p.batch(call, (ObjectNode) request.deepCopy());
        };
    }

    /** Read and write units the request really cost: the upstream's figure, or sizes when it reports none. */
    static double[] actualUnits(String operation, ObjectNode answer, Estimate estimate) {
        JsonNode cc = answer.get("ConsumedCapacity");
        double reported = cc == null ? 0 : cc.path("CapacityUnits").asDouble(0);
        boolean write = operation.equals("PutItem") || operation.equals("DeleteItem") || operation.equals("UpdateItem");
        if (reported > 0) {
            return write ? new double[] {0, reported} : new double[] {reported, 0};
        }
        if (write) {
            return new double[] {0, estimate.charge().writeUnits()};
        }
        long bytes = 0;
        if (answer.has("Item")) {
            bytes = ItemSize.of(AttrJson.item(answer.get("Item"), "item"));
        }
        for (JsonNode item : answer.path("Items")) {
            bytes += ItemSize.of(AttrJson.item(item, "item"));
        }
        return new double[] {Capacity.readUnits(bytes, estimate.consistent()), 0};
    }

    /** Gives the caller the ConsumedCapacity it asked for (none, TOTAL or INDEXES). */
    static void restoreCapacity(ObjectNode answer, String asked) {
        if (asked.equals("NONE")) {
            answer.remove("ConsumedCapacity");
            return;
        }
        if (asked.equals("TOTAL")) {
            JsonNode cc = answer.get("ConsumedCapacity");
            List<ObjectNode> entries = new ArrayList<>();
            if (cc instanceof ObjectNode o) {
                entries.add(o);
            } else if (cc instanceof ArrayNode a) {
                a.forEach(e -> entries.add((ObjectNode) e));
            }
            for (ObjectNode e : entries) {
                e.remove(List.of("Table", "GlobalSecondaryIndexes", "LocalSecondaryIndexes"));
            }
        }
    }

    static RequestRecord record(
            TableCatalog.Entry table,
            String operation,
            Estimate e,
            double read,
            double write,
            Decision d,
            long start,
            int returned) {
        return new RequestRecord(
                table.name(),
                e.charge().index(),
                operation,
                e.partitionKey(),
                e.sortKey(),
                read,
                write,
                List.of(),
                d.reasons(),
                System.nanoTime() - start,
                returned);
    }

    /** Forwards a request as the caller sent it (same target and Authorization) and parses the answer. */
    ObjectNode forward(Upstream.Call call, JsonNode request) {
        HttpRequest.Builder b = HttpRequest.newBuilder(upstream)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", LabServer.DYNAMODB_PREFIX + call.operation())
                .POST(HttpRequest.BodyPublishers.ofString(request.toString()));
        for (String h : List.of("Authorization", "X-Amz-Date", "X-Amz-Security-Token")) {
            String v = call.headers().getFirst(h);
            if (v != null) {
                b.header(h, v);
            }
        }
        if (call.headers().getFirst("Authorization") == null) {
            // Engines want a signature-shaped header; an unsigned caller gets the Lab's dummy identity.
            b.header(
                    "Authorization",
                    "AWS4-HMAC-SHA256 Credential=lab/20260101/us-east-1/dynamodb/aws4_request,"
                            + " SignedHeaders=host, Signature=0");
        }
        HttpResponse<byte[]> response;
        try {
            response = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new LabException(
                    "ServiceUnavailable",
                    "The Lab proxy cannot reach its upstream " + upstream
                            + " (" + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage())
                            + "). Is it running?",
                    503,
                    List.of(),
                    null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(
                    "ServiceUnavailable", "Interrupted while calling the upstream", 503, List.of(), null);
        }
        JsonNode body;
        try {
            body = response.body().length == 0 ? JSON.createObjectNode() : JSON.readTree(response.body());
        } catch (IOException e) {
            throw new LabException(
                    "InternalServerError",
                    "The upstream " + upstream + " answered HTTP " + response.statusCode()
                            + " with a body that is not JSON",
                    502,
                    List.of(),
                    null);
        }
        if (response.statusCode() >= 300) {
            throw upstreamError(response.statusCode(), body);
        }
        return body instanceof ObjectNode o ? o : JSON.createObjectNode();
    }

    private static LabException upstreamError(int status, JsonNode body) {
        String type = body.path("__type").asText("com.amazonaws.dynamodb.v20120810#InternalServerError");
        boolean capital = !body.has("message") && body.has("Message");
        String message = body.has("message")
                ? body.get("message").asText()
                : body.path("Message").asText(null);
        ObjectNode extra = JSON.createObjectNode();
        for (Map.Entry<String, JsonNode> f : body.properties()) {
            if (!Set.of("__type", "message", "Message").contains(f.getKey())) {
                extra.set(f.getKey(), f.getValue());
            }
        }
        return LabException.upstream(type, message, capital, status, extra.isEmpty() ? null : extra);
    }

    /** Parses an item from a request field (used by estimates). */
    static Map<String, AttrValue> item(JsonNode node) {
        return node == null || node.isNull() ? null : AttrJson.item(node, "item");
    }
}
