package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.partition.KeyHash;
import dev.partitionscope.lab.wire.LabException;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.shell.MainViewModel;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Lab screen's state and data, run synchronously (no toolkit) against a real Lab on a simulated clock, so a
 * hot second is exactly reproducible.
 */
class LabViewModelTest {
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));
    private final LabHost labHost = new LabHost(Lab.Options.defaults().withClock(clock));
    private final AtomicLong wall = new AtomicLong(1_000_000);
    private final MainViewModel main = LabSessions.on(labHost);
    private final LabViewModel vm = new LabViewModel(main, labHost, wall::get);

    @AfterEach
    void close() {
        main.shutdown();
        labHost.close();
    }

    private void laterSecond() {
        clock.advanceSeconds(1);
        wall.addAndGet(1000);
        vm.tick();
    }

    @Test
    void notConnectedToTheLabUntilAskedThenReadyWithItsEndpoint() {
        assertThat(vm.stateProperty().get()).isEqualTo(LabViewModel.State.NOT_CONNECTED);
        assertThat(labHost.running())
                .as("the screen does not start the Lab by itself")
                .isEmpty();

        vm.connectToLab();

        assertThat(vm.stateProperty().get()).isEqualTo(LabViewModel.State.READY);
        assertThat(vm.endpointProperty().get()).startsWith("http://127.0.0.1:").isEqualTo(labHost.endpoint());
        assertThat(vm.snippets().cliExample())
                .isEqualTo("aws dynamodb list-tables --endpoint-url " + labHost.endpoint() + " --region us-east-1");
        assertThat(vm.snippets().clientHint()).contains("endpoint override " + labHost.endpoint(), "any access key");
        assertThat(vm.tableStateProperty().get()).isEqualTo(LabViewModel.TableState.NO_TABLE);
        assertThat(vm.labTables()).contains(DemoTables.APP, DemoTables.ORDER_STATUS, DemoTables.PEDIDOS);
    }

    @Test
    void followsTheSelectedTableWithTheTableAndEachGsiAsSections() {
        vm.connectToLab();
        vm.selectTable(DemoTables.APP);

        assertThat(vm.tableStateProperty().get()).isEqualTo(LabViewModel.TableState.SHOWING);
        List<LabRow.Section> sections = vm.currentRows().stream()
                .filter(LabRow.Section.class::isInstance)
                .map(LabRow.Section.class::cast)
                .toList();
        assertThat(sections).extracting(LabRow.Section::resource).containsExactly("app", "GSI1");
        assertThat(sections.get(0).billing()).isEqualTo("On-demand");
        assertThat(sections.get(0).partitionsText()).isEqualTo("8 partitions · 0 splits so far");
        assertThat(vm.currentRows()).hasSize(2 + 8 + 8);

        vm.selectTable(DemoTables.ORDER_STATUS);
        assertThat(vm.currentRows()).hasSize(1 + 3);
        assertThat(((LabRow.Section) vm.currentRows().get(0)).limitsText())
                .isEqualTo("2,000 RCU/s · 2,000 WCU/s provisioned");
    }

    @Test
    void aHammeredKeyPutsItsPartitionAtTheCeilingAndTheThrottleReasonIsNamed() {
        vm.connectToLab();
        vm.selectTable(DemoTables.ORDER_STATUS);
        laterSecond();
        Lab lab = labHost.lab();
        int throttled = 0;
        for (int i = 0; i < 1500; i++) {
            ObjectNode item = JsonNodeFactory.instance.objectNode();
            item.putObject("status").put("S", "PENDING");
            item.putObject("orderId").put("S", "hammer-" + i);
            try {
                lab.engine()
                        .handle(
                                "PutItem",
                                JsonNodeFactory.instance
                                        .objectNode()
                                        .put("TableName", DemoTables.ORDER_STATUS)
                                        .set("Item", item));
            } catch (LabException e) {
                throttled++;
            }
        }
        assertThat(throttled).as("one second's worth of tokens, then throttles").isEqualTo(500);

        laterSecond();

        int number = lab.snapshot(DemoTables.ORDER_STATUS)
                .orElseThrow()
                .table()
                .partitionOf(KeyHash.of(new AttrValue.S("PENDING")))
                .number();
        LabRow.Part hot = vm.currentRows().stream()
                .filter(LabRow.Part.class::isInstance)
                .map(LabRow.Part.class::cast)
                .filter(p -> p.number() == number)
                .findFirst()
                .orElseThrow();
        assertThat(hot.writeText()).isEqualTo("1,000 / 1,000 WCU/s");
        assertThat(hot.atCeiling()).isTrue();
        assertThat(hot.keyText()).as("named from the meter's top keys").isEqualTo("PENDING");
        assertThat(vm.currentRows().stream()
                        .filter(LabRow.Part.class::isInstance)
                        .map(LabRow.Part.class::cast)
                        .filter(LabRow.Part::atCeiling))
                .hasSize(1);
        assertThat(((LabRow.Section) vm.currentRows().get(0)).atCeiling()).isEqualTo(1);
        ThrottleSummary t = vm.throttlesProperty().get();
        assertThat(t.writeEvents()).isEqualTo(500);
        assertThat(t.reasons())
                .extracting(ThrottleSummary.Reason::reason)
                .containsExactly("TableWriteKeyRangeThroughputExceeded");
    }

    @Test
    void refreshesAtMostOncePerSecondAndOnlyWhenTheLabSecondTurns() {
        vm.connectToLab();
        vm.selectTable(DemoTables.ORDER_STATUS);
        laterSecond();
        String first = vm.updatedProperty().get();

        clock.advanceSeconds(5);
        wall.addAndGet(100);
        vm.tick();
        vm.tick();
        assertThat(vm.updatedProperty().get()).as("refreshed 100 ms ago: wait").isEqualTo(first);

        wall.addAndGet(800);
        vm.tick();
        String second = vm.updatedProperty().get();
        assertThat(second).isNotEqualTo(first).isEqualTo("Updated 10:00:06 · every second while this screen is open");

        wall.addAndGet(5000);
        vm.tick();
        assertThat(vm.updatedProperty().get())
                .as("same Lab second: nothing new to show")
                .isEqualTo(second);
    }

    @Test
    void applyingParametersChangesTheLabAndAnInvalidOneDoesNot() {
        vm.connectToLab();
        ParamsForm form = vm.params();

        form.field("split-seconds").valueProperty().set("-2");
        assertThat(form.apply()).isFalse();
        assertThat(labHost.lab().params().splitSeconds()).isEqualTo(10);

        form.field("split-seconds").valueProperty().set("3");
        assertThat(form.apply()).isTrue();
        assertThat(labHost.lab().params().splitSeconds()).isEqualTo(3);
    }

    @Test
    void switchingToAnotherConnectionShowsTheNotConnectedState() {
        vm.connectToLab();
        main.disconnect();
        assertThat(vm.stateProperty().get()).isEqualTo(LabViewModel.State.NOT_CONNECTED);
        assertThat(vm.currentRows()).isEmpty();
        assertThat(vm.endpointProperty().get())
                .as("the Lab keeps running for a reconnect")
                .isEqualTo(labHost.endpoint());
    }
}
