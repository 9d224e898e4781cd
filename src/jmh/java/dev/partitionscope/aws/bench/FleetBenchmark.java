package dev.partitionscope.aws.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.FleetReader;
import dev.partitionscope.core.fleet.FleetRow;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The fleet view's target: 1,000 tables read in at most 10 s against the Lab. Setup (not timed): a Lab on a simulated
 * clock with 1,000 tables — every tenth with a GSI, so 1,100 resources and 13,100 CloudWatch series — and an hour of
 * traffic: each table takes a put every minute, and every fiftieth table a burst of 1,500 puts to one key in one
 * second (500 KeyRange-throttled). Each shot is one {@code FleetReader.read} of that hour through the real SDK
 * clients and HTTP, as the CLI's {@code fleet} and the fleet view do: ListTables (10 pages), 1,000 DescribeTable on
 * 16 threads, ListContributorInsights, 27 GetMetricData calls of up to 500 series.
 *
 * <pre>mvn -o -Pbench -DskipTests package && java -jar target/benchmarks.jar FleetBenchmark</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class FleetBenchmark {
    static final Instant START = Instant.parse("2026-06-22T00:00:00Z");
    static final int TABLES = 1_000;
    static final int MINUTES = 60;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Lab lab;
    private SimulatedClock clock;
    private Connection connection;

    @Setup(Level.Trial)
    public void fill() throws IOException {
        long t0 = System.nanoTime();
        clock = new SimulatedClock(START);
        lab = Lab.start(Lab.Options.defaults().withClock(clock));
        for (int t = 0; t < TABLES; t++) {
            ObjectNode create = F.objectNode().put("TableName", name(t)).put("BillingMode", "PROVISIONED");
            create.putObject("ProvisionedThroughput")
                    .put("ReadCapacityUnits", 100)
                    .put("WriteCapacityUnits", 2_000);
            var attrs = create.putArray("AttributeDefinitions");
            attrs.addObject().put("AttributeName", "id").put("AttributeType", "S");
            create.putArray("KeySchema").addObject().put("AttributeName", "id").put("KeyType", "HASH");
            if (t % 10 == 0) {
                attrs.addObject().put("AttributeName", "status").put("AttributeType", "S");
                ObjectNode g =
                        create.putArray("GlobalSecondaryIndexes").addObject().put("IndexName", "byStatus");
                g.putArray("KeySchema")
                        .addObject()
                        .put("AttributeName", "status")
                        .put("KeyType", "HASH");
                g.putObject("Projection").put("ProjectionType", "KEYS_ONLY");
                g.putObject("ProvisionedThroughput")
                        .put("ReadCapacityUnits", 100)
                        .put("WriteCapacityUnits", 2_000);
            }
            lab.engine().handle("CreateTable", create);
        }
        long throttled = 0;
        for (int m = 0; m < MINUTES; m++) {
            clock.advanceNanos(TimeUnit.MINUTES.toNanos(1));
            for (int t = 0; t < TABLES; t++) {
                put(t, "k" + m, "SHIPPED");
            }
            if (m == 30) {
                for (int t = 0; t < TABLES; t += 50) {
                    for (int i = 0; i < 1_500; i++) {
                        try {
                            put(t, "hot", "PENDING");
                        } catch (RuntimeException e) {
                            throttled++;
                        }
                    }
                }
            }
        }
        clock.advanceNanos(TimeUnit.MINUTES.toNanos(1));
        Path home = Files.createTempDirectory("partitionscope-bench");
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        connection = new ConnectionFactory(none)
                .open(ConnectionSpec.lab().withEndpoint(lab.endpoint().orElseThrow()));
        FleetReader.Result r = read();
        FleetRow first = r.rows().get(0);
        if (r.rows().size() != TABLES + TABLES / 10
                || first.keyRangeThrottles() == null
                || first.keyRangeThrottles() == 0) {
            throw new IllegalStateException("the fleet is not what the benchmark means: "
                    + r.rows().size() + " rows, first " + first + ", " + r.status());
        }
        System.out.printf(
                "%nSetup: %d tables, %d rows, %d throttled puts, %d GetMetricData calls, status %s, first %s; filled in %.1f s%n",
                r.tables(),
                r.rows().size(),
                throttled,
                r.metricCalls(),
                r.status().state(),
                first,
                (System.nanoTime() - t0) / 1e9);
        if (r.status().state() != DataState.DATA) {
            throw new IllegalStateException(r.status().message());
        }
    }

    private static String name(int t) {
        return String.format("table-%04d", t);
    }

    private void put(int t, String id, String status) {
        ObjectNode item = F.objectNode();
        item.putObject("id").put("S", id);
        item.putObject("status").put("S", status);
        lab.engine().handle("PutItem", F.objectNode().put("TableName", name(t)).set("Item", item));
    }

    private FleetReader.Result read() {
        return new FleetReader(connection)
                .read(
                        START,
                        START.plusSeconds(MINUTES * 60L + 60),
                        Instant.ofEpochMilli(clock.epochMillis()),
                        () -> false,
                        new FleetReader.Listener() {});
    }

    @Benchmark
    public FleetReader.Result fleet() {
        return read();
    }

    @TearDown(Level.Trial)
    public void close() {
        connection.close();
        lab.close();
    }
}
