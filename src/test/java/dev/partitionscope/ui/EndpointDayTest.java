package dev.partitionscope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.design.SchemePreview;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.ui.lab.LabViewModel;
import dev.partitionscope.ui.scatter.ScatterViewModel;
import dev.partitionscope.ui.sharding.ShardingViewModel;
import dev.partitionscope.ui.shell.MainViewModel;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A Lab whose clock is half a year behind this machine's: the scatter console and the sharding designer compute
 * day-bucketed keys on the Lab's day (the day its data lives in), never on this machine's.
 */
class EndpointDayTest {
    private static final Instant LAB_NOW = Instant.parse("2026-06-22T10:00:00Z");
    private static final String LAB_DAY = "2026-06-22";

    private final SimulatedClock clock = new SimulatedClock(LAB_NOW);
    private final LabHost labHost = new LabHost(Lab.Options.defaults().withClock(clock));
    private MainViewModel main;

    @BeforeEach
    void connectToTheLab() {
        assertThat(LocalDate.now(ZoneOffset.UTC).toString())
                .as("this test needs the machine's day to differ from the Lab's")
                .isNotEqualTo(LAB_DAY);
        main = LabSessions.on(labHost);
        new LabViewModel(main, labHost).connectToLab();
        assertThat(main.getConnection()).isNotNull();
        main.selectedTableProperty().set(DemoTables.APP);
        assertThat(main.tableShapeProperty().get()).isNotNull();
        main.timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_1H));
    }

    @AfterEach
    void close() {
        if (main != null) {
            main.shutdown();
        }
        labHost.close();
    }

    @Test
    void theScatterConsolesWindowAndPointReadKeyAreOnTheLabsDay() {
        ScatterViewModel vm = new ScatterViewModel(main);
        vm.baseKeyProperty().set("OPS_LOG");
        vm.schemeProperty().set("day+hash:4");
        assertThat(vm.planErrorProperty().get()).isNull();
        assertThat(vm.planProperty().get().shardKeys()).isNotEmpty().allSatisfy(k -> assertThat(k)
                .startsWith("OPS_LOG#" + LAB_DAY + "#"));

        vm.pointIdProperty().set("order-42");
        vm.readPoint();
        assertThat(vm.pointReadProperty().get())
                .as(String.valueOf(vm.errorProperty().get()))
                .isNotNull();
        assertThat(vm.pointReadProperty().get().key().values())
                .first()
                .asString()
                .startsWith("OPS_LOG#" + LAB_DAY + "#");
    }

    @Test
    void theDesignerStampsIdsAndPredictsOnTheLabsDay() {
        ShardingViewModel vm = new ShardingViewModel(main);
        vm.baseKeyProperty().set("OPS_LOG");
        vm.setIds("a\nb\nc\nd\n", "typed");
        vm.specs().get(0).set("day+hash:4");
        vm.recompute();
        ShardingViewModel.Outcome o = vm.outcomeProperty().get();
        assertThat(o).isNotNull();
        assertThat(o.inputError()).isNull();
        SchemePreview preview = o.results().get(0).preview();
        assertThat(preview.shards()).isNotEmpty().allSatisfy(s -> assertThat(s.key())
                .startsWith("OPS_LOG#" + LAB_DAY + "#"));
        assertThat(o.heat()).as("the predicted heatmap").isNotNull();
        assertThat(o.heat().after().start()).isBefore(LAB_NOW).isAfter(LAB_NOW.minus(Duration.ofDays(1)));
    }
}
