package dev.partitionscope.lab.bench;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.ContributorReport;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.meter.ResourceId;
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
 * The query side of the meter, for the Lab's GetInsightRuleReport (part 2's target: 24 h of per-minute data for
 * 100,000 metered keys in at most 200 ms). The meter holds 24 simulated hours in which every minute's sketch is
 * full (3,000 requests a minute over 100,000 Zipf-distributed keys), and each call ranks the top 25 over all of it:
 * the meter alone, through the Lab's CloudWatch service, and from CBOR request bytes to CBOR answer bytes.
 *
 * <pre>java -jar target/benchmarks.jar InsightReportBenchmark</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
public class InsightReportBenchmark {
    private static final long START = 1_750_000_000_000L;
    private static final ResourceId ORDERS = ResourceId.table("Orders");

    @Param({"60", "300"})
    public int periodSeconds;

    private Meter meter;
    private dev.partitionscope.lab.cloudwatch.CloudWatchService service;
    private dev.partitionscope.lab.cloudwatch.CloudWatchRoute route;
    private com.fasterxml.jackson.databind.JsonNode request;
    private byte[] cborRequest;

    @Setup(Level.Trial)
    public void fill() {
        SimulatedClock clock = new SimulatedClock(START);
        meter = new Meter(clock);
        int keys = 100_000;
        String[] names = new String[keys];
        double[] cdf = new double[keys];
        double acc = 0;
        for (int i = 0; i < keys; i++) {
            names[i] = "customer#" + i;
            acc += 1.0 / Math.pow(i + 1, 0.8);
            cdf[i] = acc;
        }
        Random rnd = new Random(1);
        int perMinute = 3000;
        for (int m = 0; m < 24 * 60; m++) {
            for (int i = 0; i < perMinute; i++) {
                int k = java.util.Arrays.binarySearch(cdf, rnd.nextDouble() * acc);
                String pk = names[k < 0 ? Math.min(keys - 1, -k - 1) : k];
                meter.record(new RequestRecord("Orders", null, "PutItem", pk, null, 0, 1, List.of(), List.of(),
                        1_000_000, 0));
                clock.advanceNanos(60_000_000_000L / perMinute);
            }
        }
        // The same question through the Lab's CloudWatch: the service (request tree in, answer tree out) and the
        // CBOR route (bytes in, bytes out, as the SDK's CloudWatchClient sends them; no HTTP).
        Meter m = meter;
        String rule = "DynamoDBContributorInsights-PKC-Orders-" + START;
        dev.partitionscope.lab.cloudwatch.InsightRule insightRule = new dev.partitionscope.lab.cloudwatch.InsightRule(
                rule, "Orders", null, dev.partitionscope.lab.cloudwatch.InsightRule.Kind.PKC, START);
        service = new dev.partitionscope.lab.cloudwatch.CloudWatchService(
                new dev.partitionscope.lab.cloudwatch.MetricsSource() {
                    public Meter meter() {
                        return m;
                    }

                    public dev.partitionscope.lab.clock.LabClock clock() {
                        return clock;
                    }

                    public List<dev.partitionscope.lab.partition.CapacityConfig> tables() {
                        return List.of();
                    }

                    public List<dev.partitionscope.lab.cloudwatch.InsightRule> insightRules() {
                        return List.of(insightRule);
                    }

                    public String region() {
                        return "us-east-1";
                    }
                });
        route = new dev.partitionscope.lab.cloudwatch.CloudWatchRoute(service);
        com.fasterxml.jackson.databind.node.ObjectNode r = com.fasterxml.jackson.databind.node.JsonNodeFactory
                .instance.objectNode().put("RuleName", rule).put("StartTime", START / 1000)
                .put("EndTime", START / 1000 + 24 * 3600).put("Period", periodSeconds).put("MaxContributorCount", 25)
                .put("OrderBy", "Sum");
        r.putArray("Metrics").add("MaxContributorValue").add("Maximum");
        request = r;
        try {
            cborRequest = new com.fasterxml.jackson.databind.ObjectMapper(
                    new com.fasterxml.jackson.dataformat.cbor.CBORFactory()).writeValueAsBytes(r);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
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
        return route.answer(dev.partitionscope.lab.cloudwatch.CloudWatchRoute.CBOR_PATH + "GetInsightRuleReport",
                new com.sun.net.httpserver.Headers(), cborRequest);
    }

    @Benchmark
    public ContributorReport top25Over24Hours() {
        return meter.topContributors(ORDERS, KeyKind.PARTITION_KEY, InsightMetric.CONSUMED_THROUGHPUT_UNITS, START,
                START + Duration.ofHours(24).toMillis(), Duration.ofSeconds(periodSeconds), 25, OrderBy.SUM);
    }
}
