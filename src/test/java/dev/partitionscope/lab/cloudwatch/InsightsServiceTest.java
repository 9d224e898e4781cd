package dev.partitionscope.lab.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
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
 * Contributor Insights through the Lab's CloudWatch, protocol-independent: rules exist while insights are enabled,
 * reports rank keys by consumed throughput units (3 × write + read) or throttle counts, and hold only data from the
 * rule's creation on.
 */
class InsightsServiceTest {
    private CwLab f;
    private CloudWatchService cw;

    @BeforeEach
    void setUp() {
        f = CwLab.inProcess();
        cw = new CloudWatchService(f.lab);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    ObjectNode call(String op, String json) {
        try {
            return cw.handle(op, CwLab.JSON.readTree(json));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    List<String> ruleNames() {
        List<String> out = new ArrayList<>();
        call("DescribeInsightRules", "{}")
                .get("InsightRules")
                .forEach(r -> out.add(r.get("Name").asText()));
        return out;
    }

    String rule(String kind) {
        return ruleNames().stream()
                .filter(n -> n.startsWith("DynamoDBContributorInsights-" + kind + "-orders-"))
                .findFirst()
                .orElseThrow();
    }

    ObjectNode report(String rule, long fromSeconds, long toSeconds, int period, String extra) {
        return call(
                "GetInsightRuleReport",
                "{\"RuleName\":\"" + rule + "\",\"StartTime\":" + CwLab.t(fromSeconds) / 1000 + ",\"EndTime\":"
                        + CwLab.t(toSeconds) / 1000 + ",\"Period\":" + period + extra + "}");
    }

    /** Contributors as "key[,key] = aggregate". */
    static List<String> contributors(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : report.get("Contributors")) {
            List<String> keys = new ArrayList<>();
            c.get("Keys").forEach(k -> keys.add(k.asText()));
            out.add(String.join(",", keys) + " = "
                    + c.get("ApproximateAggregateValue").asDouble());
        }
        return out;
    }

    /** A contributor's datapoints: seconds after T0 → value. */
    static Map<Long, Double> datapoints(JsonNode report, int contributor) {
        Map<Long, Double> out = new LinkedHashMap<>();
        for (JsonNode d : report.get("Contributors").get(contributor).get("Datapoints")) {
            out.put(
                    (EpochTime.millisOf(d.get("Timestamp")) - CwLab.t(0)) / 1000,
                    d.get("ApproximateValue").asDouble());
        }
        return out;
    }

    @Test
    void disabledInsightsHaveNoRulesAndNoReports() {
        f.puts("PENDING", 10);
        assertThat(ruleNames()).isEmpty();
        CloudWatchError e = catchThrowableOfType(
                CloudWatchError.class, () -> report("DynamoDBContributorInsights-PKC-orders-1", 0, 600, 60, ""));
        assertThat(e.type()).isEqualTo("ResourceNotFoundException");
        assertThat(e.status()).isEqualTo(404);

        f.insights("ENABLE", null, null);
        assertThat(ruleNames()).hasSize(4);
        f.insights("DISABLE", null, null);
        assertThat(ruleNames()).isEmpty();
    }

    @Test
    void enablingCreatesAwsNamedManagedRulesPerModeAndResource() throws IOException {
        f.at(7);
        f.insights("ENABLE", null, null);
        f.insights("ENABLE", "byCustomer", "THROTTLED_KEYS");
        long created = CwLab.t(7);
        assertThat(ruleNames())
                .containsExactly(
                        "DynamoDBContributorInsights-PKC-orders-" + created,
                        "DynamoDBContributorInsights-PKT-orders-" + created,
                        "DynamoDBContributorInsights-PKT-orders-byCustomer-" + created,
                        "DynamoDBContributorInsights-SKC-orders-" + created,
                        "DynamoDBContributorInsights-SKT-orders-" + created);
        JsonNode first = call("DescribeInsightRules", "{}").get("InsightRules").get(0);
        assertThat(first.get("State").asText()).isEqualTo("ENABLED");
        assertThat(first.get("ManagedRule").asBoolean()).isTrue();
        assertThat(first.get("Schema").asText()).isEqualTo("{\"Name\":\"ServiceLogRule\",\"Version\":1}");
        JsonNode definition = CwLab.JSON.readTree(first.get("Definition").asText());
        assertThat(definition.get("AggregateOn").asText()).isEqualTo("Sum");
        assertThat(definition.at("/Contribution/ValueOf").asText()).isEqualTo("$.ConsumedThroughputUnits");
        assertThat(definition.at("/Contribution/Keys")).hasSize(1);
        assertThat(definition.at("/ResourceArns/0").asText())
                .isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/orders");

        // Paging: two at a time, every rule once.
        List<String> paged = new ArrayList<>();
        String token = null;
        do {
            ObjectNode page = call(
                    "DescribeInsightRules",
                    "{\"MaxResults\":2" + (token == null ? "" : ",\"NextToken\":\"" + token + "\"") + "}");
            assertThat(page.get("InsightRules").size()).isLessThanOrEqualTo(2);
            page.get("InsightRules").forEach(r -> paged.add(r.get("Name").asText()));
            token = page.has("NextToken") ? page.get("NextToken").asText() : null;
        } while (token != null);
        assertThat(paged).isEqualTo(ruleNames());
    }

    @Test
    void mostAccessedKeysAreWeightedThreeTimesForWritesAndMostThrottledCountThrottles() {
        f.insights("ENABLE", null, null);
        f.at(0);
        assertThat(f.puts("PENDING", 1500)).isEqualTo(1000); // 3,000 units, 500 throttles
        f.at(1);
        assertThat(f.puts("WRITES", 100)).isEqualTo(100); // 100 requests, 300 units
        for (int i = 0; i < 250; i++) {
            f.get("READS", "r" + i); // 250 requests, 250 units: more requests, yet less than WRITES
        }
        f.at(200);
        ObjectNode pkc = report(
                rule("PKC"),
                0,
                600,
                60,
                ",\"MaxContributorCount\":3,"
                        + "\"Metrics\":[\"MaxContributorValue\",\"Maximum\",\"UniqueContributors\"]");
        assertThat(contributors(pkc)).containsExactly("PENDING = 3000.0", "WRITES = 300.0", "READS = 250.0");
        assertThat(datapoints(pkc, 0)).containsExactly(Map.entry(0L, 3000.0));
        assertThat(pkc.get("KeyLabels").size()).isEqualTo(1);
        assertThat(pkc.get("AggregationStatistic").asText()).isEqualTo("Sum");
        assertThat(pkc.get("AggregateValue").asDouble()).isEqualTo(3550.0);
        assertThat(pkc.get("ApproximateUniqueCount").asLong()).isEqualTo(3);
        JsonNode minute = pkc.get("MetricDatapoints").get(0);
        assertThat(pkc.get("MetricDatapoints")).hasSize(1);
        assertThat(minute.get("MaxContributorValue").asDouble()).isEqualTo(3000.0);
        assertThat(minute.get("Maximum").asDouble()).isEqualTo(3.0); // one 1-WCU write: 3 units
        assertThat(minute.get("UniqueContributors").asDouble()).isEqualTo(3.0);
        assertThat(minute.has("Sum")).isFalse(); // only the metrics asked for

        ObjectNode pkt = report(rule("PKT"), 0, 600, 60, "");
        assertThat(contributors(pkt)).containsExactly("PENDING = 500.0");
        assertThat(pkt.get("AggregationStatistic").asText()).isEqualTo("Count");

        ObjectNode skc = report(rule("SKC"), 0, 600, 60, ",\"MaxContributorCount\":25");
        assertThat(skc.get("KeyLabels").size()).isEqualTo(2);
        assertThat(skc.get("Contributors").get(0).get("Keys")).hasSize(2);
        assertThat(skc.get("Contributors")).hasSize(25);
    }

    @Test
    void orderByMaximumRanksByTheLargestPeriodAndDatapointsAreOnlyWhereAKeyAppeared() {
        f.insights("ENABLE", null, null);
        for (int m = 0; m < 3; m++) { // STEADY: 100 units in each of minutes 0, 1, 2 (sum 300, max 100)
            f.at(m * 60L + 1);
            for (int i = 0; i < 100; i++) {
                f.get("STEADY", "s" + i);
            }
        }
        f.at(4 * 60 + 1); // BURST: 250 units in minute 4 only (sum 250, max 250)
        for (int i = 0; i < 250; i++) {
            f.get("BURST", "b" + i);
        }
        f.at(600);
        ObjectNode bySum = report(rule("PKC"), 0, 600, 60, ",\"OrderBy\":\"Sum\"");
        assertThat(contributors(bySum)).containsExactly("STEADY = 300.0", "BURST = 250.0");
        assertThat(datapoints(bySum, 0))
                .containsExactly(Map.entry(0L, 100.0), Map.entry(60L, 100.0), Map.entry(120L, 100.0));
        assertThat(datapoints(bySum, 1)).containsExactly(Map.entry(240L, 250.0));
        ObjectNode byMax = report(rule("PKC"), 0, 600, 60, ",\"OrderBy\":\"Maximum\"");
        assertThat(contributors(byMax)).containsExactly("BURST = 250.0", "STEADY = 300.0");
        ObjectNode fiveMinutes = report(rule("PKC"), 0, 600, 300, "");
        assertThat(datapoints(fiveMinutes, 0)).containsExactly(Map.entry(0L, 300.0));
    }

    @Test
    void reportsHoldOnlyDataFromTheRulesCreationOn() {
        f.at(0);
        f.puts("BEFORE", 50); // not enabled yet
        f.at(130);
        f.insights("ENABLE", null, null); // during minute 2: the report starts with minute 2
        f.puts("DURING", 5);
        f.at(185);
        f.puts("AFTER", 20);
        f.at(600);
        ObjectNode r = report(rule("PKC"), 0, 600, 60, "");
        assertThat(contributors(r)).containsExactly("AFTER = 60.0", "DURING = 15.0");
        assertThat(datapoints(r, 0)).containsExactly(Map.entry(180L, 60.0));
        assertThat(datapoints(r, 1)).containsExactly(Map.entry(120L, 15.0));
        assertThat(r.get("AggregateValue").asDouble()).isEqualTo(75.0);
        assertThat(r.get("MetricDatapoints")).hasSize(2);
        // A range that ends before the rule existed has no data at all.
        assertThat(report(rule("PKC"), 0, 120, 60, "").get("Contributors")).isEmpty();

        // Disabled again: the rules are gone, and with them the reports.
        f.insights("DISABLE", null, null);
        assertThat(ruleNames()).isEmpty();
    }

    @Test
    void throttledKeysModeHasOnlyThrottleRules() {
        f.insights("ENABLE", null, "THROTTLED_KEYS");
        assertThat(ruleNames()).hasSize(2).allMatch(n -> n.contains("-PKT-") || n.contains("-SKT-"));
    }

    @Test
    void reportParametersAreCheckedAsCloudWatchDoes() {
        f.insights("ENABLE", null, null);
        f.puts("K", 3);
        String pkc = rule("PKC");
        CloudWatchError tooMany = catchThrowableOfType(
                CloudWatchError.class, () -> report(pkc, 0, 600, 60, ",\"MaxContributorCount\":26"));
        assertThat(tooMany.type()).isEqualTo("InvalidParameterValueException");
        assertThat(tooMany.code()).isEqualTo("InvalidParameterValue");
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(report(pkc, 0, 600, 60, ",\"MaxContributorCount\":25").get("Contributors"))
                .hasSize(1);
        assertThat(catchThrowableOfType(
                                CloudWatchError.class, () -> report(pkc, 0, 600, 60, ",\"OrderBy\":\"Average\""))
                        .code())
                .isEqualTo("InvalidParameterValue");
        assertThat(catchThrowableOfType(
                                CloudWatchError.class, () -> report(pkc, 0, 600, 60, ",\"Metrics\":[\"Median\"]"))
                        .code())
                .isEqualTo("InvalidParameterValue");
        assertThat(catchThrowableOfType(CloudWatchError.class, () -> report(pkc, 600, 0, 60, ""))
                        .code())
                .isEqualTo("InvalidParameterValue");
        assertThat(catchThrowableOfType(
                                CloudWatchError.class,
                                () -> call("GetInsightRuleReport", "{\"StartTime\":1,\"EndTime\":2,\"Period\":60}"))
                        .code())
                .isEqualTo("MissingParameter");
    }
}
