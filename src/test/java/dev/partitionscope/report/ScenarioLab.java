package dev.partitionscope.report;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * A Lab on a loopback port that has played one of the seeds' scenarios fast-forwarded (as {@code KeyAuditTest}
 * does): its tables hold the items, its CloudWatch and Contributor Insights saw the traffic, and its clock stands at
 * the run's end — "now" for anything that asks it.
 */
final class ScenarioLab implements AutoCloseable {
    static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    private final Lab lab;

    private ScenarioLab(Lab lab) {
        this.lab = lab;
    }

    static ScenarioLab played(String scenario, String variant, Duration duration) throws IOException {
        SimulatedClock clock = new SimulatedClock(START);
        Lab lab = Lab.start(Lab.Options.defaults().withClock(clock));
        try {
            var s = ScenarioCatalog.load(null).get(scenario);
            new FastForward(Plan.of(s, variant, RunSettings.defaults().withDuration(duration)), lab, clock, 2_000)
                    .run();
        } catch (RuntimeException e) {
            lab.close();
            throw e;
        }
        return new ScenarioLab(lab);
    }

    String endpoint() {
        return lab.endpoint().orElseThrow();
    }

    Instant now() {
        return Instant.ofEpochMilli(lab.clock().epochMillis());
    }

    /** An SDK connection to this Lab, as the app opens one (no profiles read from this machine). */
    Connection connect() throws IOException {
        Path home = Files.createTempDirectory("report-test");
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        return new ConnectionFactory(none).open(ConnectionSpec.lab().withEndpoint(endpoint()));
    }

    @Override
    public void close() {
        lab.close();
    }
}
