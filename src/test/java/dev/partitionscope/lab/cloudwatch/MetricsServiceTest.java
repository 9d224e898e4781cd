package dev.partitionscope.lab.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Lab's AWS/DynamoDB metrics, protocol-independent: a known workload on a simulated clock gives the sums, counts
 * and statistics AWS documents, and no datapoint where AWS would have none.
 *
 * <p>Workload: minute 0 — 1,500 puts of one partition key within one second (1,000 pass at the 1,000 WCU/s
 * ceiling, 500 are throttled with TableWriteKeyRangeThroughputExceeded), then 10 puts of another key; minute 1 —
 * idle; minute 2 — 20 strongly consistent GetItems and 5 consistent Queries returning 10 items each.
 */
class MetricsServiceTest {
    private CwLab f;
    private CloudWatchService cw;

    @BeforeEach
    void setUp() {
        f = CwLab.inProcess();
        cw = new CloudWatchService(f.lab);
        f.at(0);
        assertThat(f.puts("PENDING", 1500)).isEqualTo(1000);
        f.at(1);
        assertThat(f.puts("SHIPPED", 10)).isEqualTo(10);
        f.at(125);
        for (int i = 0; i < 20; i++) {
            f.get("SHIPPED", "missing-" + i);
        }
        for (int i = 0; i < 5; i++) {
            assertThat(f.query("SHIPPED").get("Count").asInt()).isEqualTo(10);
        }
        f.at(150);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    static String metricStat(String id, String metric, String stat, int period, String... dims) {
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < dims.length; i += 2) {
            d.append(i == 0 ? "" : ",")
                    .append("{\"Name\":\"")
                    .append(dims[i])
                    .append("\",\"Value\":\"")
                    .append(dims[i + 1])
                    .append("\"}");
        }
        return "{\"Id\":\"" + id + "\",\"MetricStat\":{\"Metric\":{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":\""
                + metric + "\",\"Dimensions\":[" + d + "]},\"Period\":" + period + ",\"Stat\":\"" + stat + "\"}}";
    }

    ObjectNode call(String op, String json) {
        try {
            return cw.handle(op, CwLab.JSON.readTree(json));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    ObjectNode getMetricData(long fromSeconds, long toSeconds, String extra, String... queries) {
        return call(
                "GetMetricData",
                "{\"MetricDataQueries\":[" + String.join(",", queries) + "],\"StartTime\":"
                        + CwLab.t(fromSeconds) / 1000 + ",\"EndTime\":" + CwLab.t(toSeconds) / 1000 + extra + "}");
    }

    /** One query's datapoints: timestamp (seconds after T0) → value. */
    static Map<Long, Double> points(JsonNode answer, String id) {
        Map<Long, Double> out = new LinkedHashMap<>();
        for (JsonNode r : answer.get("MetricDataResults")) {
            if (r.get("Id").asText().equals(id)) {
                for (int i = 0; i < r.get("Timestamps").size(); i++) {
                    out.put(
                            (EpochTime.millisOf(r.get("Timestamps").get(i)) - CwLab.t(0)) / 1000,
                            r.get("Values").get(i).asDouble());
                }
            }
        }
        return out;
    }

    @Test
    void consumedWriteUnitsSumPerMinuteWithAwsStatistics() {
        String[] t = {"TableName", "orders"};
        ObjectNode a = getMetricData(
                0,
                600,
                ",\"ScanBy\":\"TimestampAscending\"",
                metricStat("sum", "ConsumedWriteCapacityUnits", "Sum", 60, t),
                metricStat("avg", "ConsumedWriteCapacityUnits", "Average", 60, t),
                metricStat("n", "ConsumedWriteCapacityUnits", "SampleCount", 60, t),
                metricStat("max", "ConsumedWriteCapacityUnits", "Maximum", 60, t));
        // Minute 0 only: minutes 1-9 had no writes, and idle minutes have no datapoint.
        assertThat(points(a, "sum")).containsExactly(Map.entry(0L, 1010.0));
        assertThat(points(a, "avg")).containsExactly(Map.entry(0L, 1.0));
        assertThat(points(a, "n")).containsExactly(Map.entry(0L, 1010.0));
        assertThat(points(a, "max")).containsExactly(Map.entry(0L, 1.0));
        assertThat(a.get("MetricDataResults").get(0).get("StatusCode").asText()).isEqualTo("Complete");
        assertThat(a.get("MetricDataResults").get(0).get("Label").asText()).isEqualTo("ConsumedWriteCapacityUnits Sum");
        assertThat(a.has("NextToken")).isFalse();
    }

    @Test
    void readsLandInTheirMinuteAndTableNameAloneExcludesTheGsi() {
        ObjectNode a = getMetricData(
                0,
                600,
                "",
                metricStat("r", "ConsumedReadCapacityUnits", "Sum", 60, "TableName", "orders"),
                metricStat("rn", "ConsumedReadCapacityUnits", "SampleCount", 60, "TableName", "orders"),
                metricStat(
                        "gw",
                        "ConsumedWriteCapacityUnits",
                        "Sum",
                        60,
                        "TableName",
                        "orders",
                        "GlobalSecondaryIndexName",
                        "byCustomer"),
                metricStat(
                        "gr",
                        "ConsumedReadCapacityUnits",
                        "Sum",
                        60,
                        "TableName",
                        "orders",
                        "GlobalSecondaryIndexName",
                        "byCustomer"),
                metricStat("five", "ConsumedWriteCapacityUnits", "Sum", 300, "TableName", "orders"));
        assertThat(points(a, "r")).containsExactly(Map.entry(120L, 25.0)); // 20 GetItems + 5 Queries, 1 RCU each
        assertThat(points(a, "rn")).containsExactly(Map.entry(120L, 25.0));
        assertThat(points(a, "gw")).containsExactly(Map.entry(0L, 1010.0)); // the GSI's own write units
        assertThat(points(a, "gr")).isEmpty();
        assertThat(points(a, "five")).containsExactly(Map.entry(0L, 1010.0));
    }

    @Test
    void throttleMetricsCountEventsAndRequestsByCauseAndOperation() {
        String[] t = {"TableName", "orders"};
        ObjectNode a = getMetricData(
                0,
                600,
                "",
                metricStat("wte", "WriteThrottleEvents", "Sum", 60, t),
                metricStat("wten", "WriteThrottleEvents", "SampleCount", 60, t),
                metricStat("kr", "WriteKeyRangeThroughputThrottleEvents", "Sum", 60, t),
                metricStat("prov", "WriteProvisionedThroughputThrottleEvents", "Sum", 60, t),
                metricStat("rte", "ReadThrottleEvents", "Sum", 60, t),
                metricStat("tr", "ThrottledRequests", "Sum", 60, "TableName", "orders", "Operation", "PutItem"),
                metricStat("trg", "ThrottledRequests", "Sum", 60, "TableName", "orders", "Operation", "GetItem"),
                metricStat(
                        "gsi",
                        "WriteThrottleEvents",
                        "Sum",
                        60,
                        "TableName",
                        "orders",
                        "GlobalSecondaryIndexName",
                        "byCustomer"));
        assertThat(points(a, "wte")).containsExactly(Map.entry(0L, 500.0));
        assertThat(points(a, "wten")).containsExactly(Map.entry(0L, 500.0));
        assertThat(points(a, "kr")).containsExactly(Map.entry(0L, 500.0));
        assertThat(points(a, "tr")).containsExactly(Map.entry(0L, 500.0));
        // Where nothing was throttled there is no datapoint at all (not a zero).
        assertThat(points(a, "prov")).isEmpty();
        assertThat(points(a, "rte")).isEmpty();
        assertThat(points(a, "trg")).isEmpty();
        assertThat(points(a, "gsi")).isEmpty();
    }

    @Test
    void operationMetricsGiveLatencySamplesAndReturnedItems() {
        ObjectNode a = getMetricData(
                0,
                600,
                "",
                metricStat("qi", "ReturnedItemCount", "Sum", 60, "TableName", "orders", "Operation", "Query"),
                metricStat("qn", "ReturnedItemCount", "SampleCount", 60, "TableName", "orders", "Operation", "Query"),
                metricStat("qa", "ReturnedItemCount", "Average", 60, "TableName", "orders", "Operation", "Query"),
                metricStat(
                        "pl",
                        "SuccessfulRequestLatency",
                        "SampleCount",
                        60,
                        "TableName",
                        "orders",
                        "Operation",
                        "PutItem"),
                metricStat(
                        "gl",
                        "SuccessfulRequestLatency",
                        "SampleCount",
                        60,
                        "TableName",
                        "orders",
                        "Operation",
                        "GetItem"),
                metricStat("pr", "ReturnedItemCount", "Sum", 60, "TableName", "orders", "Operation", "PutItem"));
        assertThat(points(a, "qi")).containsExactly(Map.entry(120L, 50.0));
        assertThat(points(a, "qn")).containsExactly(Map.entry(120L, 5.0));
        assertThat(points(a, "qa")).containsExactly(Map.entry(120L, 10.0));
        assertThat(points(a, "pl")).containsExactly(Map.entry(0L, 1010.0)); // successful requests only
        assertThat(points(a, "gl")).containsExactly(Map.entry(120L, 20.0));
        assertThat(points(a, "pr")).isEmpty(); // AWS publishes ReturnedItemCount for Query/Scan/ExecuteStatement
    }

    @Test
    void provisionedCapacityIsOneSamplePerFiveMinutesForTableAndGsi() {
        f.at(660);
        ObjectNode a = getMetricData(
                0,
                660,
                ",\"ScanBy\":\"TimestampAscending\"",
                metricStat("pw", "ProvisionedWriteCapacityUnits", "Average", 60, "TableName", "orders"),
                metricStat("pwn", "ProvisionedWriteCapacityUnits", "SampleCount", 600, "TableName", "orders"),
                metricStat(
                        "gr",
                        "ProvisionedReadCapacityUnits",
                        "Maximum",
                        300,
                        "TableName",
                        "orders",
                        "GlobalSecondaryIndexName",
                        "byCustomer"));
        assertThat(points(a, "pw"))
                .containsExactly(Map.entry(0L, 5000.0), Map.entry(300L, 5000.0), Map.entry(600L, 5000.0));
        assertThat(points(a, "pwn")).containsExactly(Map.entry(0L, 2.0), Map.entry(600L, 1.0));
        assertThat(points(a, "gr"))
                .containsExactly(Map.entry(0L, 5000.0), Map.entry(300L, 5000.0), Map.entry(600L, 5000.0));
    }

    @Test
    void anOnDemandTableHasNoProvisionedMetrics() {
        f.ddb("CreateTable", """
                {"TableName": "ondemand", "BillingMode": "PAY_PER_REQUEST",
                 "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                 "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}""");
        f.ddb("PutItem", "{\"TableName\": \"ondemand\", \"Item\": {\"pk\": {\"S\": \"a\"}}}");
        ObjectNode a = getMetricData(
                0,
                600,
                "",
                metricStat("p", "ProvisionedWriteCapacityUnits", "Average", 60, "TableName", "ondemand"),
                metricStat("c", "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "ondemand"));
        assertThat(points(a, "p")).isEmpty();
        assertThat(points(a, "c")).containsExactly(Map.entry(120L, 1.0));
    }

    @Test
    void whatTheLabDoesNotPublishHasNoDataRatherThanAnError() {
        ObjectNode a = getMetricData(
                0,
                600,
                "",
                metricStat("ns", "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "nope"),
                metricStat(
                        "extra",
                        "ConsumedWriteCapacityUnits",
                        "Sum",
                        60,
                        "TableName",
                        "orders",
                        "Operation",
                        "PutItem"),
                metricStat("unknown", "CPUUtilization", "Sum", 60, "TableName", "orders"),
                metricStat("pct", "SuccessfulRequestLatency", "p99", 60, "TableName", "orders", "Operation", "PutItem"),
                "{\"Id\":\"unit\",\"MetricStat\":{\"Metric\":{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":"
                        + "\"ConsumedWriteCapacityUnits\",\"Dimensions\":[{\"Name\":\"TableName\",\"Value\":"
                        + "\"orders\"}]},\"Period\":60,\"Stat\":\"Sum\",\"Unit\":\"Bytes\"}}");
        for (String id : List.of("ns", "extra", "unknown", "pct", "unit")) {
            assertThat(points(a, id)).as(id).isEmpty();
        }
        assertThat(a.get("MetricDataResults")
                        .get(3)
                        .get("Messages")
                        .get(0)
                        .get("Code")
                        .asText())
                .isEqualTo("Unsupported");
    }

    @Test
    void fiveHundredQueriesAreServedAndFiveHundredAndOneRefused() {
        List<String> queries = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            queries.add(metricStat("q" + i, "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "orders"));
        }
        ObjectNode a = getMetricData(0, 600, "", queries.toArray(new String[0]));
        assertThat(a.get("MetricDataResults")).hasSize(500);
        assertThat(points(a, "q499")).containsExactly(Map.entry(0L, 1010.0));

        queries.add(metricStat("q500", "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "orders"));
        CloudWatchError e = catchThrowableOfType(
                CloudWatchError.class, () -> getMetricData(0, 600, "", queries.toArray(new String[0])));
        assertThat(e.type()).isEqualTo("InvalidParameterValueException");
        assertThat(e.code()).isEqualTo("InvalidParameterValue");
        assertThat(e.getMessage()).isEqualTo("The collection MetricDataQueries must not have a size greater than 500.");
    }

    @Test
    void invalidQueriesAreValidationErrorsListingEveryProblem() {
        CloudWatchError e = catchThrowableOfType(
                CloudWatchError.class,
                () -> getMetricData(
                        0,
                        600,
                        "",
                        metricStat("Bad-Id", "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "orders"),
                        metricStat("ok", "ConsumedWriteCapacityUnits", "Avg", 60, "TableName", "orders"),
                        metricStat("p", "ConsumedWriteCapacityUnits", "Sum", 45, "TableName", "orders"),
                        "{\"Id\":\"m\",\"Expression\":\"SUM(METRICS())\"}"));
        assertThat(e.code()).isEqualTo("ValidationError");
        assertThat(e.type()).isEqualTo("ValidationException");
        assertThat(e.getMessage().split("\n"))
                .containsExactly(
                        "The value Bad-Id for parameter MetricDataQueries.member.1.Id is not matching the expected pattern"
                                + " ^[a-z][a-zA-Z0-9_]*$.",
                        "The value Avg for parameter MetricDataQueries.member.2.MetricStat.Stat is not a valid statistic.",
                        "The value 45 for parameter MetricDataQueries.member.3.MetricStat.Period is not a valid period: it"
                                + " must be 1, 5, 10, 20, 30 or a multiple of 60.",
                        "The Lab's CloudWatch does not evaluate metric math: MetricDataQueries.member.4.Expression is not"
                                + " supported; use MetricStat queries.");

        CloudWatchError order = catchThrowableOfType(
                CloudWatchError.class,
                () -> getMetricData(
                        600, 0, "", metricStat("a", "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "orders")));
        assertThat(order.getMessage()).isEqualTo("The parameter StartTime must be less than the parameter EndTime.");
        CloudWatchError missing = catchThrowableOfType(
                CloudWatchError.class, () -> call("GetMetricData", "{\"StartTime\": 1, \"EndTime\": 2}"));
        assertThat(missing.code()).isEqualTo("MissingParameter");
        assertThat(missing.getMessage()).isEqualTo("The parameter MetricDataQueries is required.");
    }

    @Test
    void pagingReturnsEveryDatapointExactlyOnceInBothScanOrders() {
        for (int m = 3; m < 40; m++) { // one write a minute for 37 minutes, a read every other minute
            f.at(m * 60 + 5);
            f.put("TICK", "t" + m);
            if (m % 2 == 0) {
                f.get("TICK", "t" + m);
            }
        }
        f.at(45 * 60);
        String[] queries = {
            metricStat("w", "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "orders"),
            metricStat("none", "ReadThrottleEvents", "Sum", 60, "TableName", "orders"),
            metricStat("r", "ConsumedReadCapacityUnits", "Sum", 60, "TableName", "orders"),
            metricStat("p", "ProvisionedWriteCapacityUnits", "Sum", 60, "TableName", "orders")
        };
        for (String scan : List.of("TimestampAscending", "TimestampDescending")) {
            ObjectNode whole = getMetricData(0, 45 * 60, ",\"ScanBy\":\"" + scan + "\"", queries);
            assertThat(whole.has("NextToken")).isFalse();
            Map<String, List<String>> all = collect(whole, new LinkedHashMap<>());
            assertThat(all.get("w")).hasSize(38); // minute 0 + 37 ticks
            assertThat(all.get("r")).hasSize(1 + 18); // minute 2's reads + the ticks of minutes 4, 6, ..., 38
            assertThat(all.get("p")).hasSize(9);
            assertThat(all.get("none")).isEmpty();

            Map<String, List<String>> paged = new LinkedHashMap<>();
            String token = null;
            int pages = 0;
            do {
                ObjectNode page = getMetricData(
                        0,
                        45 * 60,
                        ",\"ScanBy\":\"" + scan + "\",\"MaxDatapoints\":7"
                                + (token == null ? "" : ",\"NextToken\":\"" + token + "\""),
                        queries);
                int n = 0;
                for (JsonNode r : page.get("MetricDataResults")) {
                    n += r.get("Values").size();
                }
                assertThat(n).isLessThanOrEqualTo(7);
                collect(page, paged);
                token = page.has("NextToken") ? page.get("NextToken").asText() : null;
                pages++;
            } while (token != null);
            assertThat(pages).isEqualTo(10); // 66 datapoints, 7 a page
            assertThat(paged).as(scan).isEqualTo(all);
        }
    }

    /** Appends each query's "timestamp=value" entries in page order. */
    private static Map<String, List<String>> collect(JsonNode answer, Map<String, List<String>> into) {
        for (JsonNode r : answer.get("MetricDataResults")) {
            List<String> list = into.computeIfAbsent(r.get("Id").asText(), k -> new ArrayList<>());
            for (int i = 0; i < r.get("Timestamps").size(); i++) {
                list.add(EpochTime.millisOf(r.get("Timestamps").get(i)) + "="
                        + r.get("Values").get(i).asDouble());
            }
            String status = r.get("StatusCode").asText();
            assertThat(status).isIn("Complete", "PartialData");
        }
        return into;
    }

    @Test
    void aForeignOrStaleNextTokenIsInvalidNextToken() {
        String q = metricStat("w", "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "orders");
        for (String token : List.of("garbage!", "djF8eHx4fHg")) {
            CloudWatchError e = catchThrowableOfType(
                    CloudWatchError.class, () -> getMetricData(0, 600, ",\"NextToken\":\"" + token + "\"", q));
            assertThat(e.type()).isEqualTo("InvalidNextToken");
        }
    }

    @Test
    void getMetricStatisticsGivesEachRequestedStatisticPerPeriod() {
        ObjectNode a = call(
                "GetMetricStatistics",
                "{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":"
                        + "\"ConsumedWriteCapacityUnits\",\"Dimensions\":[{\"Name\":\"TableName\",\"Value\":\"orders\"}],"
                        + "\"StartTime\":" + CwLab.t(0) / 1000 + ",\"EndTime\":" + CwLab.t(600) / 1000
                        + ",\"Period\":60,"
                        + "\"Statistics\":[\"Sum\",\"SampleCount\",\"Average\",\"Minimum\"]}");
        assertThat(a.get("Label").asText()).isEqualTo("ConsumedWriteCapacityUnits");
        ArrayNode dps = (ArrayNode) a.get("Datapoints");
        assertThat(dps).hasSize(1);
        JsonNode d = dps.get(0);
        assertThat(EpochTime.millisOf(d.get("Timestamp"))).isEqualTo(CwLab.t(0));
        assertThat(d.get("Sum").asDouble()).isEqualTo(1010.0);
        assertThat(d.get("SampleCount").asDouble()).isEqualTo(1010.0);
        assertThat(d.get("Average").asDouble()).isEqualTo(1.0);
        assertThat(d.get("Minimum").asDouble()).isEqualTo(1.0);
        assertThat(d.has("Maximum")).isFalse();
        assertThat(d.get("Unit").asText()).isEqualTo("Count");

        // A start inside a minute is rounded down to it; 1,441 datapoints are too many; Statistics XOR Extended.
        ObjectNode rounded = call(
                "GetMetricStatistics",
                "{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":"
                        + "\"ConsumedReadCapacityUnits\",\"Dimensions\":[{\"Name\":\"TableName\",\"Value\":\"orders\"}],"
                        + "\"StartTime\":" + CwLab.t(150) / 1000 + ",\"EndTime\":" + CwLab.t(600) / 1000
                        + ",\"Period\":60,"
                        + "\"Statistics\":[\"Sum\"]}");
        assertThat(EpochTime.millisOf(rounded.get("Datapoints").get(0).get("Timestamp")))
                .isEqualTo(CwLab.t(120));
        CloudWatchError tooMany = catchThrowableOfType(
                CloudWatchError.class,
                () -> call(
                        "GetMetricStatistics",
                        "{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":\"ConsumedReadCapacityUnits\",\"StartTime\":0,"
                                + "\"EndTime\":86460,\"Period\":60,\"Statistics\":[\"Sum\"]}"));
        assertThat(tooMany.code()).isEqualTo("InvalidParameterCombination");
        assertThat(tooMany.getMessage())
                .isEqualTo("You have requested up to 1441 datapoints, which exceeds the limit"
                        + " of 1440. You may reduce the datapoints requested by increasing Period, or decreasing the time"
                        + " range.");
        CloudWatchError both = catchThrowableOfType(
                CloudWatchError.class,
                () -> call(
                        "GetMetricStatistics",
                        "{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":\"ConsumedReadCapacityUnits\",\"StartTime\":0,"
                                + "\"EndTime\":600,\"Period\":60}"));
        assertThat(both.getMessage()).isEqualTo("Must specify either Statistics or ExtendedStatistics, but not both.");
        CloudWatchError noName = catchThrowableOfType(
                CloudWatchError.class,
                () -> call(
                        "GetMetricStatistics",
                        "{\"Namespace\":\"AWS/DynamoDB\",\"StartTime\":0,\"EndTime\":600,\"Period\":60}"));
        assertThat(noName.type()).isEqualTo("MissingRequiredParameterException");
    }

    @Test
    void listMetricsListsExactlyTheMetricsWithData() {
        List<String> all = names(call("ListMetrics", "{}"));
        assertThat(all)
                .containsExactlyInAnyOrder(
                        "ConsumedReadCapacityUnits TableName=orders",
                        "ConsumedWriteCapacityUnits TableName=orders",
                        "ProvisionedReadCapacityUnits TableName=orders",
                        "ProvisionedWriteCapacityUnits TableName=orders",
                        "WriteThrottleEvents TableName=orders",
                        "WriteKeyRangeThroughputThrottleEvents TableName=orders",
                        "ThrottledRequests TableName=orders Operation=PutItem",
                        "SuccessfulRequestLatency TableName=orders Operation=PutItem",
                        "SuccessfulRequestLatency TableName=orders Operation=GetItem",
                        "SuccessfulRequestLatency TableName=orders Operation=Query",
                        "ReturnedItemCount TableName=orders Operation=Query",
                        "ConsumedWriteCapacityUnits TableName=orders GlobalSecondaryIndexName=byCustomer",
                        "ProvisionedReadCapacityUnits TableName=orders GlobalSecondaryIndexName=byCustomer",
                        "ProvisionedWriteCapacityUnits TableName=orders GlobalSecondaryIndexName=byCustomer");
        assertThat(names(call("ListMetrics", "{\"MetricName\":\"ThrottledRequests\"}")))
                .containsExactly("ThrottledRequests TableName=orders Operation=PutItem");
        assertThat(names(call(
                        "ListMetrics",
                        "{\"Namespace\":\"AWS/DynamoDB\",\"Dimensions\":[{\"Name\":"
                                + "\"GlobalSecondaryIndexName\",\"Value\":\"byCustomer\"}]}")))
                .hasSize(3);
        assertThat(names(call("ListMetrics", "{\"Dimensions\":[{\"Name\":\"Operation\"}]}")))
                .hasSize(5);
        assertThat(names(call("ListMetrics", "{\"Dimensions\":[{\"Name\":\"TableName\",\"Value\":\"x\"}]}")))
                .isEmpty();
        assertThat(names(call("ListMetrics", "{\"Namespace\":\"AWS/EC2\"}"))).isEmpty();
        // Two weeks later nothing has had data for 14 days: only the provisioned settings remain.
        f.at(15 * 24 * 3600);
        assertThat(names(call("ListMetrics", "{}"))).allMatch(n -> n.startsWith("Provisioned"));
    }

    static List<String> names(JsonNode listMetrics) {
        List<String> out = new ArrayList<>();
        for (JsonNode m : listMetrics.get("Metrics")) {
            assertThat(m.get("Namespace").asText()).isEqualTo("AWS/DynamoDB");
            StringBuilder s = new StringBuilder(m.get("MetricName").asText());
            m.get("Dimensions").forEach(d -> s.append(' ')
                    .append(d.get("Name").asText())
                    .append('=')
                    .append(d.get("Value").asText()));
            out.add(s.toString());
        }
        return out;
    }
}
