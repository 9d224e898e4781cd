package dev.partitionscope.lab.bench;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.ScenarioReader;
import dev.partitionscope.lab.workload.WorkloadProgress;
import java.time.Duration;
import java.time.Instant;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Fast-forward's target: one simulated hour of a 10,000 requests/s workload over 10,000 keys in at most 10 s of
 * wall time. Each shot runs a whole hour (36,000,000 operations) through {@link FastForward} into a fresh
 * in-process Lab (table created and Contributor Insights enabled by the runner, 1,000 sample items stored):
 * <ul>
 *   <li>{@code uniform-on-demand}: an on-demand table, PutItem (90 %) and GetItem (10 %) with a partition key drawn
 *       uniformly from 10,000 keys ({@code "type": "keys", "count": 10000});</li>
 *   <li>{@code uniform-provisioned}: the same on a provisioned table (10,000 WCU / 10,000 RCU);</li>
 *   <li>{@code order-status}: the bundled scenario's {@code before} variant at 10,000 ops/s (four status keys,
 *       99.5 % PutItem with a UUID sort key, 0.5 % Query; heavy hot-key throttling).</li>
 * </ul>
 * Setup (Lab, plan, CreateTable) is outside the timed shot; the first shot after warm-up is the figure to compare
 * with 10 s, the warm-up shot shows a cold JVM.
 *
 * <pre>java -jar target/benchmarks.jar FastForwardBenchmark</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class FastForwardBenchmark {
    static final Instant START = Instant.parse("2026-06-22T01:00:00Z");
    static final double RATE = 10_000;
    static final Duration HOUR = Duration.ofHours(1);
    static final int SAMPLE_ITEMS = 1000;

    /** One table, 90 % PutItem / 10 % GetItem, partition keys uniform over 10,000 keys. */
    public static String uniformScenario(boolean provisioned) {
        String billing = provisioned
                ? "\"billing\": \"PROVISIONED\", \"readCapacity\": 10000, \"writeCapacity\": 10000"
                : "\"billing\": \"PAY_PER_REQUEST\"";
        String ops = """
                [ { "op": "PutItem", "table": "bench-items", "weight": 90,
                    "item": { "pk": "{key}", "amount": { "n": "{amount}" } } },
                  { "op": "GetItem", "table": "bench-items", "weight": 10, "key": { "pk": "{key}" } } ]""";
        return """
                { "version": 1, "name": "bench-uniform", "title": "10,000 uniform keys",
                  "defaults": { "rate": 10000, "duration": 3600, "itemSize": 1000 },
                  "generators": {
                    "key": { "type": "keys", "count": 10000, "prefix": "user#", "width": 5 },
                    "amount": { "type": "number", "min": 1, "max": 1000 } },
                  "tables": { "bench-items": { "partitionKey": "pk", %s } },
                  "variants": { "before": { "operations": %s }, "after": { "operations": %s } } }
                """.formatted(billing, ops, ops);
    }

    @Param({"uniform-on-demand", "uniform-provisioned", "order-status"})
    public String workload;

    private Plan plan;
    private FastForward run;
    private WorkloadProgress last;

    @Setup(Level.Trial)
    public void plan() {
        Scenario scenario =
                switch (workload) {
                    case "uniform-on-demand" -> ScenarioReader.read("bench-uniform.json", uniformScenario(false));
                    case "uniform-provisioned" -> ScenarioReader.read("bench-uniform.json", uniformScenario(true));
                    case "order-status" -> ScenarioCatalog.load(null).get("order-status");
                    default -> throw new IllegalArgumentException(workload);
                };
        plan = Plan.of(scenario, "before", RunSettings.defaults().withRate(RATE).withDuration(HOUR));
    }

    /** A fresh Lab for every shot (not timed): the runner creates the table and enables Contributor Insights. */
    @Setup(Level.Iteration)
    public void lab() {
        SimulatedClock clock = new SimulatedClock(START);
        Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock));
        run = new FastForward(plan, lab, clock, SAMPLE_ITEMS);
    }

    @Benchmark
    public WorkloadProgress oneHourAt10kPerSecond() {
        last = run.run();
        return last;
    }

    @TearDown(Level.Iteration)
    public void check() {
        if (last == null
                || last.state() != WorkloadProgress.State.FINISHED
                || last.operations() != (long) (RATE * HOUR.toSeconds())) {
            throw new IllegalStateException("the run did not cover the hour: " + last);
        }
        System.out.printf(
                "%n  [%s] %,d operations, %,d requests, %,d throttled %s%n",
                workload, last.operations(), last.requests(), last.throttled(), last.throttlesByReason());
    }
}
