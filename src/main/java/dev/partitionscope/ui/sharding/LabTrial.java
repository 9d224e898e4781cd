package dev.partitionscope.ui.sharding;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.aws.TrafficLoader;
import dev.partitionscope.core.heat.HeatMetric;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.lab.workload.ScenarioReader;
import dev.partitionscope.lab.workload.WorkloadProgress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * "Try it in the Lab": the designer's load replayed in simulated time, once on the hot key as it is and once with the
 * scheme, each in a fresh in-process Lab with the default partition model; each Lab is then served on a free port
 * and read through the real SDK (CloudWatch metrics and Contributor Insights), exactly as the heatmap reads AWS. The
 * result holds what the Lab metered — throttles and the key × time view — to set beside the prediction. The ids are
 * generated UUIDs at the designer's rate and item size.
 */
final class LabTrial {
    static final String TABLE = "designer-trial";
    static final Duration DEFAULT_DURATION = Duration.ofMinutes(10);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SAMPLE_ITEMS = 500;

    /** One variant's run: what the workload saw and what the heatmap of it shows. */
    record Run(WorkloadProgress progress, HeatPipeline.Result heat) {
        long requests() {
            return progress.requests();
        }

        long throttled() {
            return progress.throttled();
        }

        double throttledShare() {
            return progress.requests() == 0 ? 0 : (double) progress.throttled() / progress.requests();
        }
    }

    record Result(String key, String spec, Run before, Run after) {}

    private LabTrial() {}

    /**
     * Runs both variants (blocking; seconds for ten simulated minutes at a few thousand writes/s).
     *
     * @param end      where the replayed minutes end: "now" on the connected endpoint's clock, so the trial's window is
     *                 the designer's predicted window (a fast-forwarded Lab's day, not this machine's)
     * @param progress told "before" / "after" as each starts
     */
    static Result run(
            String key,
            String spec,
            double writesPerSecond,
            long itemBytes,
            Duration duration,
            Instant end,
            BooleanSupplier cancelled,
            Consumer<String> progress) {
        if (!(writesPerSecond > 0)) {
            throw new IllegalArgumentException("Type a peak write rate above 0 to replay in the Lab");
        }
        Scenario scenario = ScenarioReader.read(
                "designer-trial.json", scenarioJson(key, spec, writesPerSecond, itemBytes, duration));
        progress.accept("before");
        Run before = one(scenario, "before", writesPerSecond, itemBytes, duration, end, cancelled);
        if (cancelled.getAsBoolean()) {
            return null;
        }
        progress.accept("after");
        Run after = one(scenario, "after", writesPerSecond, itemBytes, duration, end, cancelled);
        return cancelled.getAsBoolean() ? null : new Result(key, spec, before, after);
    }

    /** A two-variant scenario: PutItem on the key as it is, and on the key with the scheme applied to the id. */
    static String scenarioJson(String key, String spec, double rate, long itemBytes, Duration duration) {
        ObjectNode root = JSON.createObjectNode();
        root.put("version", ScenarioReader.VERSION)
                .put("name", "designer-trial")
                .put("title", "Designer trial: " + key)
                .put("seed", "designer")
                .put("summary", "The sharding designer's load on " + key + ", as it is and with " + spec + ".");
        root.putObject("defaults")
                .put("rate", rate)
                .put("duration", duration.toSeconds())
                .put("itemSize", Math.max(1, itemBytes));
        root.putObject("generators").putObject("id").put("type", "uuid");
        root.putObject("tables")
                .putObject(TABLE)
                .put("partitionKey", "PK")
                .put("sortKey", "SK")
                .put("billing", "PAY_PER_REQUEST");
        ObjectNode variants = root.putObject("variants");
        ObjectNode b = variants.putObject("before").put("caption", "Every write on " + key + ".");
        ObjectNode bi = b.putArray("operations")
                .addObject()
                .put("op", "PutItem")
                .put("table", TABLE)
                .put("weight", 1)
                .putObject("item");
        bi.put("PK", key).put("SK", "{id}");
        ObjectNode a = variants.putObject("after").put("caption", "Every write on " + key + " with " + spec + ".");
        ObjectNode ai = a.putArray("operations")
                .addObject()
                .put("op", "PutItem")
                .put("table", TABLE)
                .put("weight", 1)
                .putObject("item");
        ai.putObject("PK").put("s", key).put("scheme", spec).put("id", "{id}");
        ai.put("SK", "{id}");
        try {
            return JSON.writeValueAsString(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Run one(
            Scenario scenario,
            String variant,
            double rate,
            long itemBytes,
            Duration duration,
            Instant end,
            BooleanSupplier cancelled) {
        Plan plan = Plan.of(
                scenario,
                variant,
                RunSettings.defaults().withRate(rate).withDuration(duration).withItemSize((int)
                        Math.max(1, itemBytes)));
        SimulatedClock clock = new SimulatedClock(end.minus(duration));
        try (Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock))) {
            FastForward f = new FastForward(plan, lab, clock, SAMPLE_ITEMS);
            WorkloadProgress p = f.run();
            if (cancelled.getAsBoolean() || p.state() != WorkloadProgress.State.FINISHED) {
                return new Run(p, null);
            }
            lab.listen("127.0.0.1", 0, 0);
            String endpoint = lab.endpoint().orElseThrow();
            AwsProfiles none =
                    AwsProfiles.from(Path.of("/nonexistent/config"), Path.of("/nonexistent/credentials"), Map.of());
            try (Connection c = new ConnectionFactory(none)
                    .open(ConnectionSpec.custom("designer trial", endpoint, "us-east-1", "trial"))) {
                TableShape shape = new TableGateway(c).describe(TABLE);
                Instant now = Instant.ofEpochMilli(clock.epochMillis());
                TimeRange range = TimeRange.custom(now.minus(duration).minusSeconds(60), now.plusSeconds(60), true);
                TrafficLoader.Traffic t =
                        new TrafficLoader(c, 24).load(shape, range, now, cancelled, new TrafficLoader.Listener() {});
                if (t.insights() == null) {
                    return new Run(p, null);
                }
                HeatPipeline.Result heat = HeatPipeline.build(
                        t.insights().partitionKeys(),
                        t.snapshot(),
                        new HeatPipeline.Spec(
                                List.of(Resource.table(TABLE)),
                                HeatMetric.THROUGHPUT,
                                false,
                                Set.of(),
                                null,
                                null,
                                RowBucketing.DEFAULT_ROWS));
                return new Run(p, heat);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("The trial Lab could not be served: " + e.getMessage(), e);
        }
    }
}
