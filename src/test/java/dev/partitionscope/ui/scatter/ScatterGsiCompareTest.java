package dev.partitionscope.ui.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.lab.LabViewModel;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.shell.MainViewModel;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's OPS_LOG fix in the console: writes go to day buckets (OPS_LOG#2026-06-21, OPS_LOG#2026-06-22) and GSI1
 * keeps them under one GSI1PK "OPS_LOG". The two-day scatter-gather on the table and one Query on GSI1 ("shard
 * writes, unify reads on a GSI") return the same entries in the same order; "both patterns" also reads the legacy
 * OPS_LOG key that the demo table still holds, once each.
 */
class ScatterGsiCompareTest {
    private final LabHost labHost = new LabHost(Lab.Options.defaults());
    private MainViewModel main;

    @AfterEach
    void close() {
        if (main != null) {
            main.shutdown();
        }
        labHost.close();
    }

    @Test
    void dayBucketsOnTheTableEqualOneQueryOnTheUnifyingGsi() throws Exception {
        main = LabSessions.on(labHost);
        new LabViewModel(main, labHost).connectToLab();
        main.selectedTableProperty().set("app");
        assertThat(main.tableShapeProperty().get().name()).isEqualTo("app");
        ObjectMapper json = new ObjectMapper();
        Instant t = Instant.parse("2026-06-21T20:00:00Z");
        for (int i = 0; i < 90; i++) { // 20:00 on the 21st to about 05:00 on the 22nd: both day buckets
            String ts = t.plusSeconds(i * 360L).toString();
            String day = ts.substring(0, 10);
            labHost.lab().engine().handle("PutItem", (ObjectNode) json.readTree("{\"TableName\":\"app\",\"Item\":{"
                    + "\"PK\":{\"S\":\"OPS_LOG#" + day + "\"},\"SK\":{\"S\":\"" + ts + "#agent" + (i % 3) + "\"},"
                    + "\"GSI1PK\":{\"S\":\"OPS_LOG\"},\"GSI1SK\":{\"S\":\"" + ts + "\"},\"n\":{\"N\":\"" + i
                    + "\"}}}"));
        }
        main.timeRangeProperty()
                .set(TimeRange.custom(
                        Instant.parse("2026-06-21T00:00:00Z"), Instant.parse("2026-06-23T00:00:00Z"), true));
        ScatterViewModel vm = new ScatterViewModel(main);
        vm.baseKeyProperty().set("OPS_LOG");
        vm.schemeProperty().set("day");
        vm.descendingProperty().set(true);
        vm.limitProperty().set("50");
        assertThat(vm.planProperty().get().shardKeys()).containsExactly("OPS_LOG#2026-06-21", "OPS_LOG#2026-06-22");
        vm.run();
        ScatterResult r = vm.resultProperty().get();
        assertThat(r.complete()).isTrue();
        assertThat(r.items()).hasSize(50);
        assertThat(PlainValues.text(r.items().get(0).get("n"))).isEqualTo("89");

        assertThat(vm.gsiNames()).containsExactly("GSI1");
        vm.compare(ScatterViewModel.CompareKind.GSI, "GSI1");
        ScatterViewModel.Comparison gsi = vm.comparisonProperty().get();
        assertThat(gsi.how()).isEqualTo("1 Query of OPS_LOG on app · GSI1");
        assertThat(gsi.requests()).isEqualTo(1);
        assertThat(gsi.diff().identical()).as(gsi.diff().summary()).isTrue();
        assertThat(gsi.diff().summary()).isEqualTo("Same 50 items in the same order (matched by SK)");

        // The legacy key still holds the demo table's 160 older entries (2026-06-22T01:00 on, no day suffix):
        // both patterns interleaves them with the day buckets, newest first.
        vm.compare(ScatterViewModel.CompareKind.BOTH, null);
        ScatterViewModel.Comparison both = vm.comparisonProperty().get();
        assertThat(both.requests()).isGreaterThanOrEqualTo(3);
        assertThat(both.items()).hasSize(50);
        assertThat(both.items()).extracting(m -> PlainValues.text(m.get("PK"))).contains("OPS_LOG");
        assertThat(both.diff().identical()).isFalse();

        vm.gsiKeyProperty().set("NOPE");
        vm.compare(ScatterViewModel.CompareKind.GSI, "GSI1");
        assertThat(vm.comparisonProperty().get().items()).isEmpty();
        assertThat(vm.comparisonProperty().get().diff().summary())
                .startsWith("Differs (matched by SK): 50 only in" + " the sharded read");
    }

    @Test
    void theQueryReadsTheResourceTheChooserSelected() {
        main = LabSessions.on(labHost);
        new LabViewModel(main, labHost).connectToLab();
        main.selectedTableProperty().set("app");
        assertThat(main.resourceOptions()).startsWith(TableResource.BASE_TABLE).contains(TableResource.gsi("GSI1"));
        assertThat(main.selectedResource()).isEqualTo(TableResource.BASE_TABLE);
        ScatterViewModel vm = new ScatterViewModel(main);
        vm.baseKeyProperty().set("OPS_LOG");
        vm.schemeProperty().set("day");
        assertThat(vm.planProperty().get().index()).isNull();
        assertThat(vm.planProperty().get().partitionKey()).isEqualTo("PK");

        main.selectedResourceProperty()
                .set(main.resourceOptions().get(main.resourceOptions().indexOf(TableResource.gsi("GSI1"))));
        assertThat(main.selectedResource()).isEqualTo(new TableResource.Index("GSI1", IndexShape.Kind.GLOBAL));
        assertThat(main.selectedResource().indexName()).isEqualTo("GSI1");
        assertThat(vm.planProperty().get().index()).isEqualTo("GSI1");
        assertThat(vm.planProperty().get().partitionKey()).isEqualTo("GSI1PK");

        main.selectedResourceProperty().set(TableResource.BASE_TABLE);
        assertThat(vm.planProperty().get().index()).isNull();
        assertThat(vm.planProperty().get().partitionKey()).isEqualTo("PK");
    }
}
