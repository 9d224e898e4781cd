package dev.partitionscope.aws.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.aws.KeyAuditTest;
import dev.partitionscope.core.time.TimeRange;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A real audit of the order-status table (Lab, through the SDK) survives the trip through JSON, minus its sample. */
class AuditJsonTest {
    private static KeyAudit.Result audit;

    @BeforeAll
    static void audit() throws Exception {
        // a capped audit: partial, with a checkpoint holding item keys, which must stay out
        audit = KeyAuditTest.onScenario("order-status", "before", c -> new KeyAudit(c)
                .run(
                        "order-status-index",
                        new KeyAudit.Options(
                                AuditSampler.Options.defaults()
                                        .withBudget(AuditSampler.Budget.unlimited())
                                        .withItemCap(40),
                                true,
                                TimeRange.last(TimeRange.Preset.LAST_1H),
                                true),
                        () -> false,
                        KeyAudit.Listener.NONE));
    }

    @Test
    void whatTheScreenShowsRoundTrips() throws Exception {
        // through text, as a snapshot file carries it
        ObjectMapper json = new ObjectMapper();
        KeyAudit.Result back = AuditJson.fromJson(json.readTree(json.writeValueAsString(AuditJson.toJson(audit))));

        assertThat(back.advice()).isEqualTo(audit.advice());
        assertThat(back.shape()).isEqualTo(audit.shape());
        assertThat(back.profiles()).isEqualTo(audit.profiles());
        assertThat(back.loadNote()).isEqualTo(audit.loadNote());
        assertThat(back.complete()).isEqualTo(audit.complete()).isFalse();
        assertThat(back.pending()).isEqualTo(audit.pending());
        assertThat(back.consumedRcu()).isEqualTo(audit.consumedRcu());
        assertThat(back.resources()).hasSameSizeAs(audit.resources());
        for (int i = 0; i < audit.resources().size(); i++) {
            KeyAudit.ResourceAudit a = audit.resources().get(i);
            KeyAudit.ResourceAudit b = back.resources().get(i);
            assertThat(b.label()).isEqualTo(a.label());
            assertThat(b.patterns()).isEqualTo(a.patterns());
            assertThat(b.load()).isEqualTo(a.load());
            assertThat(b.itemsSampled()).isEqualTo(a.itemsSampled());
            assertThat(b.sampling().summary()).isEqualTo(a.sampling().summary());
            assertThat(a.sample()).isNotNull();
            assertThat(b.sample()).as("the sketches stay out").isNull();
            assertThat(a.sampling().checkpoint()).isNotNull();
            assertThat(b.sampling().checkpoint())
                    .as("the checkpoint's item keys stay out")
                    .isNull();
        }
        assertThat(back.advice().findings())
                .anySatisfy(f -> assertThat(f.message()).contains("PENDING"));
    }

    @Test
    void noItemKeyOfTheCheckpointIsWritten() throws Exception {
        String text = new ObjectMapper().writeValueAsString(AuditJson.toJson(audit));
        assertThat(text).doesNotContain("checkpoint").doesNotContain("startKey").doesNotContain("\"sample\"");
    }

    @Test
    void aForeignOrDamagedAuditIsRefusedWithASentence() throws Exception {
        ObjectMapper json = new ObjectMapper();
        assertThatThrownBy(() -> AuditJson.fromJson(json.readTree("{\"version\":9,\"result\":{}}")))
                .hasMessageContaining("format this version does not read (version 9)");
        assertThatThrownBy(() -> AuditJson.fromJson(json.readTree("{\"version\":1,\"result\":{\"shape\":7}}")))
                .hasMessageStartingWith("the saved key audit is");
        assertThatThrownBy(() -> AuditJson.fromJson(null)).hasMessageContaining("format");
    }
}
