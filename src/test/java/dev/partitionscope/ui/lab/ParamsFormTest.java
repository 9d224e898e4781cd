package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.partition.ModelParams;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Editing, validating and applying the model parameters; no toolkit. */
class ParamsFormTest {
    private final List<ModelParams> applied = new ArrayList<>();
    private final ParamsForm form = new ParamsForm(ModelParams.defaults(), applied::add);

    @Test
    void listsEveryParameterWithDefaultSourceAndMeaning() {
        assertThat(form.fields()).hasSize(ModelParams.defaults().describe().size());
        ParamsForm.Field burst = form.field("burst-seconds");
        assertThat(burst.valueProperty().get()).isEqualTo("300");
        assertThat(burst.defaultValue()).isEqualTo("300");
        assertThat(burst.source()).isEqualTo(ModelParams.Source.AWS_DOCUMENTED);
        assertThat(burst.meaning()).contains("burst");
        assertThat(form.field("adaptive").toggle()).isTrue();
        assertThat(form.field("split-seconds").toggle()).isFalse();
    }

    @Test
    void anInvalidValueIsReportedOnItsFieldAndNothingIsApplied() {
        form.field("split-seconds").valueProperty().set("0");

        assertThat(form.field("split-seconds").errorProperty().get()).isEqualTo("split-seconds must be >= 1");
        assertThat(form.errorsProperty().get()).isEqualTo(1);
        assertThat(form.apply()).isFalse();
        assertThat(applied).isEmpty();
        assertThat(form.messageIsErrorProperty().get()).isTrue();

        form.field("split-seconds").valueProperty().set("ten");
        assertThat(form.field("split-seconds").errorProperty().get())
                .isEqualTo("split-seconds must be a whole number, not 'ten'");
        form.field("split-seconds").valueProperty().set("");
        assertThat(form.field("split-seconds").errorProperty().get()).contains("needs a value");
    }

    @Test
    void applyingSendsEveryEditAtOnceAndSaysPartitionStateRestarted() {
        form.field("burst-seconds").valueProperty().set("0");
        form.field("adaptive").valueProperty().set("off");
        assertThat(form.changesProperty().get()).isEqualTo(2);

        assertThat(form.apply()).isTrue();

        assertThat(applied).singleElement().satisfies(p -> {
            assertThat(p.burstSeconds()).isZero();
            assertThat(p.adaptiveCapacity()).isFalse();
        });
        assertThat(form.changesProperty().get()).isZero();
        assertThat(form.messageProperty().get())
                .contains("burst-seconds 300 → 0", "adaptive on → off", "partition state restarted");
        assertThat(form.field("burst-seconds").nonDefaultProperty().get()).isTrue();
        assertThat(form.cliCommand())
                .isEqualTo("partitionscope lab --port 8000 --demo-tables --set burst-seconds=0 --set adaptive=off");
    }

    @Test
    void theSameValueWrittenDifferentlyIsNoChange() {
        form.field("burst-seconds").valueProperty().set("300.0");
        assertThat(form.changesProperty().get()).isZero();
        assertThat(form.field("burst-seconds").errorProperty().get()).isNull();
    }

    @Test
    void resetToDefaultsAppliesTheDefaultsAndRevertDropsEdits() {
        form.field("split-seconds").valueProperty().set("3");
        form.apply();
        form.field("max-partitions").valueProperty().set("64");

        form.revert();
        assertThat(form.field("max-partitions").valueProperty().get()).isEqualTo("1024");
        assertThat(form.atDefaultsProperty().get()).isFalse();

        assertThat(form.resetToDefaults()).isTrue();
        assertThat(applied).last().isEqualTo(ModelParams.defaults());
        assertThat(form.field("split-seconds").valueProperty().get()).isEqualTo("10");
        assertThat(form.atDefaultsProperty().get()).isTrue();
    }

    @Test
    void aChangeMadeElsewhereShowsUpWithoutLosingEditsInProgress() {
        form.field("max-partitions").valueProperty().set("64");

        form.sync(ModelParams.defaults().withBurstSeconds(0));

        assertThat(form.field("burst-seconds").valueProperty().get()).isEqualTo("0");
        assertThat(form.field("max-partitions").valueProperty().get()).isEqualTo("64");
        assertThat(form.changesProperty().get()).isEqualTo(1);
    }

    @Test
    void aLabThatRefusesTheValuesSaysWhy() {
        ParamsForm refusing = new ParamsForm(ModelParams.defaults(), p -> {
            throw new IllegalStateException("the Lab is not running; connect to it first");
        });
        refusing.field("burst-seconds").valueProperty().set("0");

        assertThat(refusing.apply()).isFalse();
        assertThat(refusing.messageProperty().get()).contains("the Lab is not running");
        assertThat(refusing.changesProperty().get()).as("the edit is kept").isEqualTo(1);
    }
}
