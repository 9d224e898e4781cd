package dev.partitionscope.lab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.cloudwatch.CloudWatchRoute;
import dev.partitionscope.lab.cloudwatch.CloudWatchService;
import dev.partitionscope.lab.cloudwatch.InsightRule;
import dev.partitionscope.lab.meter.ContributorReport;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.server.Headers;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Part 2's target: GetInsightRuleReport over 24 h of per-minute data for 100,000 metered keys in at most 200 ms.
 * An in-process Lab on a simulated clock gets a table {@code Orders} (on demand, partition key {@code customer})
 * through CreateTable and Contributor Insights through UpdateContributorInsights, as a client would; then 24
 * simulated hours of PutItem traffic are metered into the Lab's own meter (the RequestRecord the engine makes for a
 * PutItem under 1 KB), 3,000 requests a minute over 100,000 Zipf-distributed (s = 0.8) customer keys, so every
 * minute's sketch is full (1,000 counters: 1,440 minutes, 1.44 M entries) and about 100,000 distinct keys appear
 * over the day (setup checks all of it and prints it). The clock stays in the day's last minute, so the report over
 * {@code [start, start + 24 h)} covers 1,440 retained minutes (the last one live). Each call ranks the top 25 by Sum
 * with the MaxContributorValue and Maximum datapoints, for the table's PKC rule as DescribeInsightRules names it:
 * <ul>
 *   <li>{@code serviceTop25Over24Hours}: {@code CloudWatchService.handle("GetInsightRuleReport", request)} on the
 *       Lab — the figure to compare with 200 ms;</li>
 *   <li>{@code cborRouteTop25Over24Hours}: the same from CBOR request bytes to CBOR answer bytes (the route the
 *       SDK's CloudWatchClient reaches; no HTTP);</li>
 *   <li>{@code top25Over24Hours}: the meter's query alone.</li>
 * </ul>
 * Periods of 60 s (1,440 datapoints per contributor) and 300 s.
 *
 * <pre>java -jar target/benchmarks.jar InsightReportBenchmark</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
public class InsightReportBenchmark {
    /** 2026-06-22T00:00:00Z: minute-aligned, so the 24 h are exactly 1,440 metered minutes. */
    private static final long START = 1_782_086_400_000L;

    private static final String TABLE = "Orders";
    private static final ResourceId ORDERS = ResourceId.table(TABLE);
    static final int KEYS = 100_000;
    static final int PER_MINUTE = 3000;

    @Param({"60", "300"})
    public int periodSeconds;

    private Lab lab;
    private Meter meter;
    private CloudWatchService service;
    private CloudWatchRoute route;
    private JsonNode request;
    private byte[] cborRequest;

    @Setup(Level.Trial)
    public void fill() throws java.io.IOException {
        if (START % 60_000 != 0) {
            throw new IllegalStateException("START must be minute-aligned");
        }
        SimulatedClock clock = new SimulatedClock(START);
        lab = Lab.inProcess(Lab.Options.defaults().withClock(clock));
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode create = f.objectNode().put("TableName", TABLE).put("BillingMode", "PAY_PER_REQUEST");
        create.putArray("KeySchema")
                .addObject()
                .put("AttributeName", "customer")
                .put("KeyType", "HASH");
        create.putArray("AttributeDefinitions")
                .addObject()
                .put("AttributeName", "customer")
                .put("AttributeType", "S");
        lab.engine().handle("CreateTable", create);
        lab.engine()
                .handle(
                        "UpdateContributorInsights",
                        f.objectNode().put("TableName", TABLE).put("ContributorInsightsAction", "ENABLE"));
        meter = lab.meter();

        String[] names = new String[KEYS];
        double[] cdf = new double[KEYS];
        double acc = 0;
        for (int i = 0; i < KEYS; i++) {
            names[i] = "customer#" + i;
            acc += 1.0 / Math.pow(i + 1, 0.8);
            cdf[i] = acc;
        }
        Random rnd = new Random(1);
        long step = 60_000_000_000L / PER_MINUTE;
        for (int m = 0; m < 24 * 60; m++) {
            for (int i = 0; i < PER_MINUTE; i++) {
                if (m > 0 || i > 0) {
                    clock.advanceNanos(step); // the last request is in the day's last minute, and so is the clock
                }
                int k = java.util.Arrays.binarySearch(cdf, rnd.nextDouble() * acc);
                String pk = names[k < 0 ? Math.min(KEYS - 1, -k - 1) : k];
                // What the engine meters for a PutItem of an item under 1 KB on an on-demand table.
                meter.record(
                        new RequestRecord(TABLE, null, "PutItem", pk, null, 0, 1, List.of(), List.of(), 1_000_000, 0));
            }
        }

        service = new CloudWatchService(lab);
        route = new CloudWatchRoute(service);
        String rule = lab.insightRules().stream()
                .filter(r -> r.table().equals(TABLE) && r.index() == null && r.kind() == InsightRule.Kind.PKC)
                .findFirst()
                .orElseThrow()
                .name();
        ObjectNode r = f.objectNode()
                .put("RuleName", rule)
                .put("StartTime", START / 1000)
                .put("EndTime", START / 1000 + 24 * 3600)
                .put("Period", periodSeconds)
                .put("MaxContributorCount", 25)
                .put("OrderBy", "Sum");
        r.putArray("Metrics").add("MaxContributorValue").add("Maximum");
        request = r;
        cborRequest = new ObjectMapper(new CBORFactory()).writeValueAsBytes(r);

        // What is measured: 1,440 full minutes, ~100,000 keys, 25 contributors.
        ContributorReport report = top25Over24Hours();
        long periods = report.metricDatapoints().size();
        var minutes = meter.exportState().resources().get(0).sketches().get("PARTITION_KEY/CONSUMED_THROUGHPUT_UNITS");
        long entries = minutes.stream().mapToLong(m -> m.pks().length).sum();
        JsonNode answer = service.handle("GetInsightRuleReport", request);
        System.out.printf(
                "%n  rule %s: %,d minutes with %,d sketch entries, %d periods with data, %,.0f units,"
                        + " ApproximateUniqueCount %,d, %d contributors, %d MetricDatapoints%n",
                rule,
                minutes.size(),
                entries,
                periods,
                answer.path("AggregateValue").asDouble(),
                answer.path("ApproximateUniqueCount").asLong(),
                answer.path("Contributors").size(),
                answer.path("MetricDatapoints").size());
        if (answer.path("Contributors").size() != 25
                || periods != 24 * 3600 / periodSeconds
                || minutes.size() != 24 * 60
                || entries != 24L * 60 * 1000
                || answer.path("ApproximateUniqueCount").asLong() < 90_000) {
            throw new IllegalStateException("the Lab's report does not cover what this benchmark means to measure");
        }
    }

    /** GetInsightRuleReport through the Lab's CloudWatch service: validation, the meter's report, the answer tree. */
    @Benchmark
    public Object serviceTop25Over24Hours() {
        return service.handle("GetInsightRuleReport", request);
    }

    /** The same from CBOR request bytes to CBOR answer bytes (the route the SDK's CloudWatchClient reaches). */
    @Benchmark
    public Object cborRouteTop25Over24Hours() {
        return route.answer(CloudWatchRoute.CBOR_PATH + "GetInsightRuleReport", new Headers(), cborRequest);
    }

    /** The meter's query alone. */
    @Benchmark
    public ContributorReport top25Over24Hours() {
        return meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                START,
                START + Duration.ofHours(24).toMillis(),
                Duration.ofSeconds(periodSeconds),
                25,
                OrderBy.SUM);
    }
}
