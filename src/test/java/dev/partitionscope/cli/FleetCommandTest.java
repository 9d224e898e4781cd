package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.lab.cloudwatch.CwLab;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code partitionscope fleet} against a Lab on a simulated clock: {@code orders} (5,000 WCU, GSI {@code
 * byCustomer}, Contributor Insights on) takes 1,500 puts of PENDING in one second, 500 of them KeyRange-throttled;
 * {@code quiet} (on-demand, a stream on) takes four puts; {@code zzz-idle} takes nothing. The throttled table comes
 * first with the count {@code metrics} reports, the rest follow by name.
 */
class FleetCommandTest {
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
        lab.ddb("CreateTable", """
                {"TableName": "quiet", "BillingMode": "PAY_PER_REQUEST",
                 "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                 "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
                 "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}}""");
        lab.ddb("CreateTable", """
                {"TableName": "zzz-idle", "BillingMode": "PROVISIONED",
                 "ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 10},
                 "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                 "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}""");
        lab.at(1);
        assertThat(lab.puts("PENDING", 1_500)).isEqualTo(1_000);
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

    private JsonNode json(String command, String... args) throws Exception {
        String[] all = new String[args.length + 3];
        all[0] = command;
        all[1] = "--endpoint";
        all[2] = lab.endpoint();
        System.arraycopy(args, 0, all, 3, args.length);
        out.getBuffer().setLength(0);
        assertThat(run(all)).as(out + "\n" + err).isZero();
        assertThat(err.toString()).isEmpty();
        return new ObjectMapper().readTree(out.toString());
    }

    @Test
    void theThrottledTableComesFirstWithTheKeyRangeCountMetricsReports() throws Exception {
        JsonNode fleet = json("fleet", "--from", T0.toString(), "--to", LAB_NOW, "--json");
        JsonNode metrics = json("metrics", "--table", "orders", "--from", T0.toString(), "--to", LAB_NOW, "--json");

        assertThat(fleet.path("start").asText()).isEqualTo(T0.toString());
        assertThat(fleet.path("end").asText()).isEqualTo(LAB_NOW);
        assertThat(fleet.path("status").asText()).isEqualTo("DATA");
        JsonNode tables = fleet.path("tables");
        assertThat(tables).hasSize(4);

        JsonNode orders = tables.get(0);
        assertThat(orders.path("table").asText()).isEqualTo("orders");
        assertThat(orders.path("index").isNull()).isTrue();
        assertThat(orders.path("keyRangeThrottles").asLong())
                .isEqualTo(500)
                .isEqualTo(
                        metrics.path("verdict").path("events").path("KEY_RANGE").asLong());
        assertThat(orders.path("otherThrottles").asLong()).isZero();
        assertThat(orders.path("consumedWriteUnits").asDouble()).isEqualTo(1_000.0);
        assertThat(orders.path("consumedReadUnits").asDouble()).isZero();
        // 1,000 WCU in the busiest minute against the provisioned 5,000 WCU/s.
        assertThat(orders.path("peakPercentOfCapacity").asDouble()).isCloseTo(1_000.0 / 60 / 5_000 * 100, within(1e-6));
        assertThat(orders.path("contributorInsights").asText()).isEqualTo("ENABLED");
        assertThat(orders.path("stream").asText()).isEqualTo("DISABLED");

        // The GSI: no throttles of its own, so it sorts after the throttled table and before "quiet" by name.
        JsonNode gsi = tables.get(1);
        assertThat(gsi.path("table").asText()).isEqualTo("orders");
        assertThat(gsi.path("index").asText()).isEqualTo("byCustomer");
        assertThat(gsi.path("keyRangeThrottles").asLong()).isZero();
        assertThat(gsi.path("stream").isNull()).isTrue();

        JsonNode quiet = tables.get(2);
        assertThat(quiet.path("table").asText()).isEqualTo("quiet");
        assertThat(quiet.path("keyRangeThrottles").asLong()).isZero();
        assertThat(quiet.path("consumedWriteUnits").asDouble()).isEqualTo(4.0);
        assertThat(quiet.path("stream").asText()).isEqualTo("KEYS_ONLY");
        assertThat(quiet.path("contributorInsights").asText()).isEqualTo("DISABLED");
        // On-demand without a maximum: measured against the default 40,000 WCU/s.
        assertThat(quiet.path("peakPercentOfCapacity").asDouble()).isCloseTo(4.0 / 60 / 40_000 * 100, within(1e-9));

        JsonNode idle = tables.get(3);
        assertThat(idle.path("table").asText()).isEqualTo("zzz-idle");
        assertThat(idle.path("consumedWriteUnits").asDouble()).isZero();
        assertThat(idle.path("peakPercentOfCapacity").asDouble()).isZero();
    }

    @Test
    void textSaysUnitsAndWhatAQuestionMarkMeans() {
        assertThat(run("fleet", "--endpoint", lab.endpoint(), "--from", T0.toString(), "--to", LAB_NOW))
                .as(err.toString())
                .isZero();
        String text = out.toString();
        assertThat(text).contains("KeyRange", "consumed WCU", "peak %", "orders · byCustomer");
        assertThat(text.lines().filter(l -> l.startsWith("orders ")).findFirst().orElseThrow())
                .contains("500");
        assertThat(text).contains("unknown, not 0");
    }

    @Test
    void badWindowIsAUsageErrorBeforeConnecting() {
        assertThat(run("fleet", "--endpoint", "http://127.0.0.1:9", "--range", "1h", "--from", T0.toString()))
                .isEqualTo(CliSupport.USAGE);
        assertThat(err.toString()).contains("--range and --from/--to both give the window");
    }
}
