package dev.partitionscope.ui.sharding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.heat.HeatGrid;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Try it in the Lab" end to end: three simulated minutes of 2,000 writes/s of 1 KB, on PENDING as it is and with
 * hash:8, each in its own Lab read back through the SDK. Before throttles (twice the per-key ceiling); after spreads
 * over PENDING#1 … #8 and does not.
 */
class LabTrialTest {
    @Test
    void theSameLoadThrottlesOnOneKeyAndNotOnEightHashShards() {
        List<String> steps = new ArrayList<>();
        LabTrial.Result r = LabTrial.run(
                "PENDING",
                "hash:8",
                2_000,
                1_000,
                Duration.ofMinutes(3),
                java.time.Instant.now(),
                () -> false,
                steps::add);
        assertThat(steps).containsExactly("before", "after");
        assertThat(r.before().requests()).isGreaterThan(300_000);
        assertThat(r.before().throttledShare())
                .as("2,000 WCU/s on one key: about half throttled")
                .isBetween(0.3, 0.6);
        assertThat(r.after().throttled()).isZero();
        HeatGrid before = r.before().heat().grid();
        assertThat(keys(before)).contains("PENDING");
        assertThat(before.rowThrottles(keys(before).indexOf("PENDING"))).isPositive();
        HeatGrid after = r.after().heat().grid();
        assertThat(keys(after)).contains("PENDING#1", "PENDING#4", "PENDING#8").doesNotContain("PENDING");
        assertThat(sum(r.after().heat().keyRange())).isZero();
        assertThat(sum(r.before().heat().keyRange())).isPositive();
    }

    @Test
    void aTrialNeedsARate() {
        assertThatThrownBy(() -> LabTrial.run(
                        "PENDING",
                        "hash:8",
                        0,
                        1_000,
                        Duration.ofMinutes(1),
                        java.time.Instant.now(),
                        () -> false,
                        s -> {}))
                .hasMessage("Type a peak write rate above 0 to replay in the Lab");
    }

    private static List<String> keys(HeatGrid g) {
        return g.keys().stream()
                .map(k -> k.other() ? "(other)" : k.partitionKey())
                .toList();
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v == null ? new double[0] : v) {
            s += x;
        }
        return s;
    }
}
