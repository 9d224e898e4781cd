package dev.partitionscope.lab.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.workload.ScenarioCatalog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every story's workloads, played minute by minute in simulated time as the guided demo plays them: the before
 * variant throttles on a key range (the story's problem is real), the last variant does not (the fix works).
 */
class StoryLabTest {

    static List<Story> stories() {
        return Stories.all();
    }

    @ParameterizedTest
    @MethodSource("stories")
    void beforeThrottlesOnAKeyRangeAndTheFinalVariantDoesNot(Story story) throws Exception {
        try (StoryLab lab = new StoryLab(story, ScenarioCatalog.load(null), Instant.parse("2026-06-22T10:00:00Z"))) {
            List<String> variants = new ArrayList<>();
            List<Integer> minutes = new ArrayList<>();
            for (Story.Step step : story.steps()) {
                if (step.kind() == Story.Kind.RUN) {
                    String v = step.arg("variant", null);
                    variants.add(v);
                    lab.play(
                            v,
                            Integer.parseInt(step.arg("minutes", "0")),
                            (m, of, t) -> minutes.add(m),
                            () -> false,
                            () -> false);
                }
            }
            assertThat(variants.get(0)).isEqualTo("before");
            StoryLab.Tally before = lab.tally("before").orElseThrow();
            assertThat(before.keyRangeThrottles())
                    .as("before throttles on a key range: %s", before)
                    .isGreaterThan(before.requests() / 100);
            StoryLab.Tally last = lab.tally(variants.get(variants.size() - 1)).orElseThrow();
            assertThat(last.requests()).isGreaterThan(0);
            assertThat(last.keyRangeThrottles()).as("the fix: %s", last).isZero();
            assertThat(lab.minutesPlayed())
                    .isEqualTo(StoryLab.totalMinutes(story))
                    .isEqualTo(minutes.size());
            assertThat(lab.clock().epochMillis()).isEqualTo(lab.end().toEpochMilli());
            assertThat(lab.resolve("PEDIDOS#{date}")).isEqualTo("PEDIDOS#2026-06-22");
        }
    }
}
