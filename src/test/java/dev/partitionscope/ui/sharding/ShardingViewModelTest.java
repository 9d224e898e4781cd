package dev.partitionscope.ui.sharding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.core.codegen.GeneratedFile;
import dev.partitionscope.core.codegen.Language;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The designer's ViewModel on a same-thread runner: inputs → previews, the N calculator, errors, hand-over, code. */
class ShardingViewModelTest {
    private final DirectTaskRunner tasks = new DirectTaskRunner();
    private final MainViewModel main = new MainViewModel(
            tasks,
            new ConnectService(new ConnectionFactory(
                    AwsProfiles.from(Path.of("/nonexistent/a"), Path.of("/nonexistent/b"), Map.of()))));
    private final ShardingViewModel vm = new ShardingViewModel(main);

    @AfterEach
    void stop() {
        main.shutdown();
    }

    private ShardingViewModel.Outcome outcome() {
        vm.recompute();
        return vm.outcomeProperty().get();
    }

    @Test
    void previewsEverySchemeAndRecommendsSeed002sTenSuffixes() {
        ShardingViewModel.Outcome o = outcome();
        assertThat(o.inputError()).isNull();
        assertThat(o.results())
                .extracting(ShardingViewModel.Result::spec)
                .containsExactly("hash:8", "random:8", "sum:8", "product:200");
        ShardingViewModel.Result hash = o.results().get(0);
        assertThat(hash.error()).isNull();
        assertThat(hash.preview().ids()).isEqualTo(ShardingViewModel.DEFAULT_IDS);
        assertThat(hash.preview().distinctShards()).isEqualTo(8);
        assertThat(hash.preview().maxShare()).isBetween(0.12, 0.14);
        // 4,000 writes/s of 1 KB on one key: 4× the ceiling before, half of it throttled; ~500/s per shard after.
        assertThat(hash.prediction().writesBefore().peakOfCeiling()).isEqualTo(4.0);
        assertThat(hash.prediction().writesBefore().throttledShare()).isEqualTo(0.75);
        assertThat(hash.prediction().writesAfter().throttledShare()).isZero();
        assertThat(o.recommendation().shards()).isEqualTo(10);
        assertThat(o.recommendation().text()).contains("400");
        assertThat(hash.readCost().queries()).isEqualTo(8);
        assertThat(hash.readCost().pointReads()).isTrue();
        assertThat(o.results().get(1).readCost().pointReads())
                .as("random suffixes cannot be recomputed")
                .isFalse();
        // The predicted heatmap: an hour at the typed rate, one key at 4× the ceiling vs eight below it.
        assertThat(o.heat().before().rowCount()).isEqualTo(1);
        assertThat(o.heat().before().columns()).isEqualTo(60);
        assertThat(o.heat().before().value(0, 0)).isEqualTo(3 * 4_000 * 60);
        assertThat(o.heat().before().rowThrottles(0)).isPositive();
        assertThat(o.heat().after().rowCount()).isEqualTo(8);
        assertThat(o.heat().after().rowThrottles(0)).isZero();
    }

    @Test
    void aBadSpecOrRateIsNamedAndTheOtherSchemesStillPreview() {
        vm.specs().get(1).set("hash:0");
        vm.specs().get(2).set("bogus:3");
        ShardingViewModel.Outcome o = outcome();
        assertThat(o.results().get(0).error()).isNull();
        assertThat(o.results().get(1).error()).contains("hash");
        assertThat(o.results().get(2).error()).contains("bogus");
        vm.writesPerSecondProperty().set("lots");
        assertThat(outcome().inputError()).isEqualTo("The writes/s must be a number ≥ 0, not \"lots\"");
        vm.writesPerSecondProperty().set("4,000");
        vm.baseKeyProperty().set(" ");
        assertThat(outcome().inputError()).startsWith("Type the hot key");
    }

    @Test
    void idsFromTextTakeTimestampsAndBadLinesAreNamed() {
        vm.setIds("o-1, 2026-06-22T10:00:00Z\no-2\t1782122400000\n\no-3\n", "paste");
        assertThat(vm.ids()).containsExactly("o-1", "o-2", "o-3");
        assertThat(vm.idsSourceProperty().get()).isEqualTo("3 ids from paste");
        vm.specs().get(0).set("day+hash:4");
        ShardingViewModel.Result day = outcome().results().get(0);
        assertThat(day.error()).isNull();
        assertThat(day.preview().shards()).extracting(s -> s.key()).anyMatch(k -> k.startsWith("PENDING#2026-06-22#"));
        assertThatThrownBy(() -> vm.setIds("x, yesterday", "paste"))
                .hasMessage("Line 1: \"yesterday\" is not a"
                        + " timestamp (ISO-8601 such as 2026-06-22T10:00:00Z, or epoch milliseconds)");
        assertThatThrownBy(() -> vm.setIds("\n\n", "paste")).hasMessageStartingWith("No ids");
        assertThat(vm.ids()).as("the previous ids stay").containsExactly("o-1", "o-2", "o-3");
    }

    @Test
    void theHeatmapHandsAKeyOver() {
        main.openInDesigner("OPS_LOG");
        assertThat(main.screenProperty().get()).isEqualTo(Screen.SHARDING);
        assertThat(vm.baseKeyProperty().get()).isEqualTo("OPS_LOG");
        assertThat(vm.handedOverProperty().get()).isEqualTo("From the heatmap: OPS_LOG");
        assertThat(vm.outcomeProperty()
                        .get()
                        .results()
                        .get(0)
                        .preview()
                        .shards()
                        .get(0)
                        .key())
                .startsWith("OPS_LOG#");
    }

    @Test
    void exportsTheFirstWorkingSchemeAsCodeWithNDocumented() {
        vm.specs().get(0).set("hash:0");
        outcome();
        List<GeneratedFile> java = vm.code(Language.JAVA);
        assertThat(java).hasSize(1);
        assertThat(java.get(0).content()).contains("random", "SHARDS = 8").contains("4,000");
        assertThat(vm.code(Language.PYTHON)).extracting(GeneratedFile::path).containsExactly("keys.py", "reader.py");
    }

    @Test
    void theHeatmapsMinutesAndOtherValuesPredictOverTimeAndSuggestHotValuesOnly() {
        main.openInDesigner(new dev.partitionscope.ui.session.DesignerHandOver(
                "PENDING",
                1_500,
                "peak ≈ 1,500" + " writes/s",
                new double[] {500, 1_500, 800},
                Map.of("SHIPPED", 200.0, "DELIVERED", 5.0)));
        assertThat(vm.writesPerSecondProperty().get()).isEqualTo("1500");
        ShardingViewModel.Outcome o = vm.outcomeProperty().get();
        assertThat(o.before().throttledMinutes())
                .as("only the 1,500/s minute is over 1,000 WCU/s")
                .isEqualTo(1);
        assertThat(o.results().get(0).overTime().throttledMinutes()).isZero();
        assertThat(o.results().get(0).overTime().peak().writesPerSecond()).isEqualTo(1_500);
        assertThat(o.hotValues().spec()).isEqualTo("PENDING:hash:4");
        vm.baseKeyProperty().set("SHIPPED");
        assertThat(outcome().before()).as("the minutes belong to PENDING").isNull();
    }
}
