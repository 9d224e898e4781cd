package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.lab.cloudwatch.CwLab;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.RecordingProxy;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code partitionscope metrics} in-process against a Lab on a simulated clock, with the CloudWatch readers' known
 * workload on {@code orders} (5,000 WCU, GSI {@code byCustomer} fed by every item, Contributor Insights on both):
 * second 1 — 1,500 puts of PENDING, 1,000 pass at the per-key ceiling and 500 are KeyRange-throttled; second 2 —
 * 10 puts of SHIPPED. Table {@code quiet} has a little traffic and Contributor Insights off. The Lab's clock then
 * stands at T0 + 10 min; the Lab says so in every answer, and {@code --now} overrides it.
 */
class MetricsCommandTest {
    private static final Instant T0 = CwLab.T0;
    private static final String LAB_NOW = T0.plusSeconds(600).toString();

    private static CwLab lab;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void start() throws Exception {
        lab = CwLab.started();
        lab.at(0);
        lab.insights("ENABLE", null, null);
        lab.insights("ENABLE", "byCustomer", null);
        lab.ddb("CreateTable", """
                {"TableName": "quiet", "BillingMode": "PAY_PER_REQUEST",
                 "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                 "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}""");
        lab.at(1);
        assertThat(lab.puts("PENDING", 1_500)).isEqualTo(1_000);
        lab.at(2);
        assertThat(lab.puts("SHIPPED", 10)).isEqualTo(10);
        for (int i = 0; i < 4; i++) {
            lab.ddb("PutItem", "{\"TableName\": \"quiet\", \"Item\": {\"id\": {\"S\": \"q" + i + "\"}}}");
        }
        lab.at(600);
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private int run(String... args) {
        return RootCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private JsonNode json(String... args) throws Exception {
        String[] all = new String[args.length + 3];
        all[0] = "metrics";
        all[1] = "--endpoint";
        all[2] = lab.endpoint();
        System.arraycopy(args, 0, all, 3, args.length);
        assertThat(run(all)).as(out + "\n" + err).isZero();
        assertThat(err.toString()).isEmpty();
        return new ObjectMapper().readTree(out.toString());
    }

    @Test
    void jsonNamesTheHotPartitionWithTheWorkloadsNumbers() throws Exception {
        JsonNode doc = json("--table", "orders", "--from", T0.toString(), "--to", LAB_NOW, "--now", LAB_NOW, "--json");

        assertThat(doc.path("table").asText()).isEqualTo("orders");
        assertThat(doc.path("start").asText()).isEqualTo(T0.toString());
        assertThat(doc.path("end").asText()).isEqualTo(LAB_NOW);
        assertThat(doc.path("periodSeconds").asInt()).isEqualTo(60);
        assertThat(doc.path("metrics").path("state").asText()).isEqualTo("DATA");

        JsonNode verdict = doc.path("verdict");
        assertThat(verdict.path("kind").asText()).isEqualTo("HOT_PARTITION");
        assertThat(verdict.path("headline").asText())
                .isEqualTo("Hot partition: 500 KeyRange write throttles while"
                        + " the table used < 1 % of its provisioned 5,000 WCU/s");
        assertThat(verdict.path("resource").path("table").asText()).isEqualTo("orders");
        assertThat(verdict.path("resource").path("index").isNull()).isTrue();
        assertThat(verdict.path("direction").asText()).isEqualTo("WRITE");
        assertThat(verdict.path("events").path("KEY_RANGE").asLong()).isEqualTo(500);
        assertThat(verdict.path("events").path("PROVISIONED").asLong()).isZero();
        // 1,010 WCU in the throttled minute against 5,000 WCU/s × 60 s.
        assertThat(verdict.path("utilization").asDouble()).isCloseTo(1_010.0 / 60 / 5_000 * 100, within(1e-4));

        JsonNode table = doc.path("resources").get(0);
        assertThat(table.path("index").isNull()).isTrue();
        assertThat(table.path("consumedWrite").isIntegralNumber()).isTrue();
        assertThat(table.path("consumedWrite").asLong()).isEqualTo(1_010);
        assertThat(table.path("consumedRead").asLong()).isZero();
        assertThat(table.path("peakWritePerSecond").asDouble()).isCloseTo(1_010.0 / 60, within(1e-6));
        assertThat(table.path("throttles").path("KEY_RANGE").path("write").asLong())
                .isEqualTo(500);
        assertThat(table.path("throttles").path("TOTAL").path("write").asLong()).isEqualTo(500);
        assertThat(table.path("throttles").path("PROVISIONED").path("write").asLong())
                .isZero();
        JsonNode gsi = doc.path("resources").get(1);
        assertThat(gsi.path("index").asText()).isEqualTo("byCustomer");
        assertThat(gsi.path("consumedWrite").asLong()).isEqualTo(1_010);
        assertThat(doc.path("resources")).hasSize(2);

        assertThat(doc.path("throttledRequests").path("PutItem").asLong()).isEqualTo(500);
        assertThat(doc.path("throttledRequests").has("GetItem")).isFalse();

        JsonNode insights = doc.path("insights");
        assertThat(insights.path("state").asText()).isEqualTo("DATA");
        assertThat(insights.path("resource").path("index").isNull()).isTrue();
        JsonNode keys = insights.path("topKeys");
        assertThat(keys).hasSize(2);
        JsonNode pending = keys.get(0);
        assertThat(pending.path("partitionKey").asText()).isEqualTo("PENDING");
        assertThat(pending.path("throttles").asLong()).isEqualTo(500);
        assertThat(pending.path("total").asLong()).isEqualTo(3_000); // 3 × 1,000 WCU
        assertThat(pending.path("share").asDouble()).isCloseTo(3_000.0 / 3_030, within(1e-6));
        assertThat(pending.path("peakPerMinute").asLong()).isEqualTo(3_000);
        assertThat(pending.path("peakPercentOfCeiling").asDouble()).isCloseTo(3_000.0 / 180_000 * 100, within(1e-6));
        assertThat(keys.get(1).path("partitionKey").asText()).isEqualTo("SHIPPED");
        assertThat(keys.get(1).path("throttles").asLong()).isZero();
    }

    @Test
    void textLeadsWithTheVerdictThenCapacityThrottledRequestsAndTopKeys() {
        assertThat(run(
                        "metrics",
                        "--endpoint",
                        lab.endpoint(),
                        "--table",
                        "orders",
                        "--from",
                        T0.toString(),
                        "--to",
                        LAB_NOW,
                        "--now",
                        LAB_NOW))
                .as(err.toString())
                .isZero();
        String text = out.toString();
        assertThat(text)
                .startsWith("orders · 2026-06-22 01:00 → 2026-06-22 01:10 UTC · 1 min periods\n\n"
                        + "Hot partition: 500 KeyRange write throttles while the table used < 1 % of its provisioned 5,000"
                        + " WCU/s\n  One partition key value can take at most 1,000 WCU/s");
        assertThat(text)
                .containsPattern("orders \\(table\\) +0 +1,010 +0 +16\\.8 +500 KeyRange write\n")
                .containsPattern("byCustomer \\(GSI\\) +0 +1,010 +0 +16\\.8 +none\n")
                .containsPattern("PutItem +500\n")
                .contains("Top keys · orders (table) · Contributor Insights: Data\n")
                .containsPattern("1 +PENDING +99\\.0 % +3,000 +1\\.7 % +500\n")
                .containsPattern("2 +SHIPPED +1\\.0 % +30 +< 0\\.1 % +0\n");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void rangeCountsBackFromTheEndpointsNow() throws Exception {
        JsonNode doc = json(
                "--table",
                "orders",
                "--range",
                "1h",
                "--now",
                T0.plusSeconds(1_800).toString(),
                "--no-insights",
                "--json");
        assertThat(doc.path("start").asText()).isEqualTo(T0.minusSeconds(1_800).toString());
        assertThat(doc.path("end").asText()).isEqualTo(T0.plusSeconds(1_800).toString());
        assertThat(doc.path("verdict").path("kind").asText()).isEqualTo("HOT_PARTITION");
        assertThat(doc.path("insights").isNull()).isTrue();
    }

    @Test
    void withoutNowTheRangeCountsBackFromTheLabsOwnClock() throws Exception {
        JsonNode doc = json("--table", "orders", "--range", "1h", "--no-insights", "--json");
        // The Lab's simulated clock stands at T0 + 10 min (June), not at this machine's time.
        assertThat(doc.path("end").asText()).isEqualTo(T0.plusSeconds(600).toString());
        assertThat(doc.path("periodSeconds").asInt()).isEqualTo(60);
        assertThat(doc.path("verdict").path("kind").asText()).isEqualTo("HOT_PARTITION");
    }

    @Test
    void indexShowsTheTopKeysOfThatGsi() throws Exception {
        JsonNode doc = json(
                "--table",
                "orders",
                "--index",
                "byCustomer",
                "--from",
                T0.toString(),
                "--to",
                LAB_NOW,
                "--now",
                LAB_NOW,
                "--top",
                "3",
                "--json");
        JsonNode insights = doc.path("insights");
        assertThat(insights.path("resource").path("index").asText()).isEqualTo("byCustomer");
        // 1,010 customers in one minute: a report lists 25, so the rest are "other keys".
        assertThat(insights.path("state").asText()).isEqualTo("TRUNCATED");
        assertThat(insights.path("topKeys")).hasSize(3);
        assertThat(insights.path("topKeys").get(0).path("partitionKey").asText())
                .startsWith("c-");
        assertThat(insights.path("topKeys").get(0).path("total").asLong()).isEqualTo(3);
    }

    @Test
    void contributorInsightsOffIsNotEnabledAndAnUnthrottledTableIsSaidSo() throws Exception {
        JsonNode doc = json("--table", "quiet", "--from", T0.toString(), "--to", LAB_NOW, "--now", LAB_NOW, "--json");
        assertThat(doc.path("verdict").path("kind").asText()).isEqualTo("NO_THROTTLING");
        assertThat(doc.path("resources").get(0).path("consumedWrite").asLong()).isEqualTo(4);
        assertThat(doc.path("throttledRequests").size()).isZero();
        assertThat(doc.path("insights").path("state").asText()).isEqualTo("NOT_ENABLED");
        assertThat(doc.path("insights").path("detail").asText()).contains("off for quiet (table)");
        assertThat(doc.path("insights").path("topKeys")).isEmpty();
    }

    @Test
    void anUnknownTableIsAMessageAndExitCodeOne() {
        assertThat(run("metrics", "--endpoint", lab.endpoint(), "--table", "nope"))
                .isEqualTo(1);
        assertThat(err.toString())
                .startsWith("error: Table 'nope' not found at " + lab.endpoint())
                .contains("what to do:", "partitionscope tables")
                .doesNotContain("Exception", "\tat ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void anUnknownIndexListsTheTablesGsis() {
        assertThat(run("metrics", "--endpoint", lab.endpoint(), "--table", "orders", "--index", "byStatus"))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith("error: Table 'orders' has no global secondary index 'byStatus'.")
                .contains("Its GSIs: byCustomer.");
    }

    @Test
    void aRangeOutsideThePresetsIsAUsageError() {
        assertThat(run("metrics", "--endpoint", lab.endpoint(), "--table", "orders", "--range", "2h"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("Invalid value for option '--range': '2h' is not a range: use 1h, 3h," + " 12h, 1d or 1w")
                .doesNotContain("\tat ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void fromAfterToIsAUsageError() {
        assertThat(run(
                        "metrics",
                        "--endpoint",
                        lab.endpoint(),
                        "--table",
                        "orders",
                        "--from",
                        LAB_NOW,
                        "--to",
                        T0.toString()))
                .isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo(
                        "error: --from 2026-06-22T01:10:00Z is not before --to"
                                + " 2026-06-22T01:00:00Z.\n  what to do: The window is [--from, --to); swap them or widen it.\n");
    }

    @Test
    void otherBadTimesAreUsageErrorsToo() {
        assertThat(run("metrics", "--table", "orders", "--from", "yesterday")).isEqualTo(2);
        assertThat(err.toString()).contains("'yesterday' is not an ISO-8601 time with a zone");
        err.getBuffer().setLength(0);
        assertThat(run("metrics", "--table", "orders", "--range", "1h", "--from", T0.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("error: --range and --from/--to both give the window");
        err.getBuffer().setLength(0);
        assertThat(run("metrics", "--table", "orders", "--to", T0.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("error: --to needs --from.");
        err.getBuffer().setLength(0);
        assertThat(run("metrics", "--table", "orders", "--top", "0")).isEqualTo(2);
        assertThat(err.toString()).startsWith("error: --top must be at least 1, not 0.");
    }

    @Test
    @ExtendWith(Dynalite.Required.class)
    void anEndpointWithoutCloudWatchOrContributorInsightsSaysSoAndStillExitsZero() throws Exception {
        String table = Dynalite.createTableWithGsi("cli-metrics");
        assertThat(run(
                        "metrics",
                        "--endpoint",
                        Dynalite.endpoint(),
                        "--access-key",
                        Dynalite.ACCESS_KEY,
                        "--table",
                        table,
                        "--json"))
                .as(err.toString())
                .isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.path("metrics").path("state").asText()).isEqualTo("NOT_SUPPORTED");
        assertThat(doc.path("verdict").path("kind").asText()).isEqualTo("UNAVAILABLE");
        assertThat(doc.path("verdict").path("events").path("KEY_RANGE").isNull())
                .isTrue();
        assertThat(doc.path("resources").get(0).path("consumedWrite").isNull()).isTrue();
        assertThat(doc.path("resources")
                        .get(0)
                        .path("throttles")
                        .path("KEY_RANGE")
                        .path("write")
                        .isNull())
                .isTrue();
        assertThat(doc.path("insights").path("state").asText()).isEqualTo("NOT_SUPPORTED");
        assertThat(doc.path("insights").path("detail").asText()).contains("does not implement Contributor Insights");

        out.getBuffer().setLength(0);
        assertThat(run(
                        "metrics",
                        "--endpoint",
                        Dynalite.endpoint(),
                        "--access-key",
                        Dynalite.ACCESS_KEY,
                        "--table",
                        table))
                .isZero();
        assertThat(out.toString())
                .contains(
                        "No verdict: metrics are unavailable",
                        "Metrics: Not supported by this" + " endpoint",
                        "Contributor Insights: Not supported by this endpoint");
    }

    /**
     * A role that may call GetMetricData but not read these metrics gets every series back as Forbidden, with HTTP
     * 200. That is not "no throttling": the command gives no verdict, names the refusal and the permission, and
     * leaves every count unknown (null), while Contributor Insights, which was allowed, still answers.
     */
    @Test
    void throughAFrontThatRefusesEverySeriesThereIsNoVerdictAndTheRefusalIsNamed() throws Exception {
        try (RecordingProxy front = RecordingProxy.to(lab.endpoint()).refuseEverySeries()) {
            assertThat(run(
                            "metrics",
                            "--endpoint",
                            front.endpoint(),
                            "--table",
                            "orders",
                            "--from",
                            T0.toString(),
                            "--to",
                            LAB_NOW,
                            "--now",
                            LAB_NOW,
                            "--json"))
                    .as(err.toString())
                    .isZero();
            JsonNode doc = new ObjectMapper().readTree(out.toString());

            assertThat(doc.path("metrics").path("state").asText()).isEqualTo("ACCESS_DENIED");
            assertThat(doc.path("metrics").path("detail").asText())
                    .contains("refused (Forbidden)")
                    .contains("cloudwatch:GetMetricData");
            JsonNode verdict = doc.path("verdict");
            assertThat(verdict.path("kind").asText()).isEqualTo("UNAVAILABLE");
            assertThat(verdict.path("headline").asText()).startsWith("No verdict");
            verdict.path("events").forEach(n -> assertThat(n.isNull()).isTrue());
            JsonNode table = doc.path("resources").get(0);
            assertThat(table.path("consumedWrite").isNull()).isTrue();
            assertThat(table.path("throttles").path("KEY_RANGE").path("write").isNull())
                    .isTrue();
            assertThat(doc.path("unansweredSeries"))
                    .isNotEmpty()
                    .allMatch(n -> n.path("answer").asText().equals("FORBIDDEN"));
            assertThat(doc.path("throttledRequests")).isEmpty();
            assertThat(doc.path("insights").path("state").asText()).isEqualTo("DATA");
        }
    }
}
