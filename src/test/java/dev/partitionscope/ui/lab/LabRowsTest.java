package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.partition.ModelSnapshot;
import dev.partitionscope.lab.partition.ModelSnapshot.PartitionView;
import dev.partitionscope.lab.partition.ModelSnapshot.ResourceView;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The partition list's rows: texts with units, heat, sections, key names; no toolkit. */
class LabRowsTest {
    private static final long HALF = Long.MIN_VALUE; // 2^63 as an unsigned hash

    private static PartitionView partition(int n, long lo, long hi, double writeLoad, double writeTokens) {
        return new PartitionView(
                n, lo, hi, 3000, 1000, 0, writeLoad, 3000, writeTokens, 0, false, OptionalLong.empty());
    }

    private static ResourceView provisioned(String name, boolean index, List<PartitionView> parts) {
        return new ResourceView(
                name, "arn:" + name, index, false, 2000, 2000, 5000, 4000, 0, 1000, Double.NaN, Double.NaN, 0, parts);
    }

    private static ModelSnapshot snapshot(ResourceView table, ResourceView... gsis) {
        return new ModelSnapshot(table.name(), 0, ModelParams.defaults(), table, List.of(gsis));
    }

    @Test
    void describesEachPartitionsKeyRangeLoadAndTokensWithUnits() {
        ModelSnapshot s = snapshot(
                provisioned("orders", false, List.of(partition(0, 0, HALF, 1000, 0), partition(1, HALF, 0, 0, 1000))));

        List<LabRow> rows = LabRows.build(s, LabRows.KeyNames.NONE, false);

        assertThat(rows).hasSize(3).first().isInstanceOf(LabRow.Section.class);
        LabRow.Part first = (LabRow.Part) rows.get(1);
        assertThat(first.rangeText()).isEqualTo("0.0 %–50.0 %");
        assertThat(first.writeText()).isEqualTo("1,000 / 1,000 WCU/s");
        assertThat(first.readText()).isEqualTo("0 / 3,000 RCU/s");
        assertThat(first.tokensText()).isEqualTo("0 WCU · 3,000 RCU");
        assertThat(first.hotText()).isEqualTo("—");
        LabRow.Part last = (LabRow.Part) rows.get(2);
        assertThat(last.rangeText()).as("hi 0 on the last partition is 2^64").isEqualTo("50.0 %–100.0 %");
        assertThat(last.end()).isEqualTo(1.0);
    }

    @Test
    void aPartitionAtItsCeilingIsMarkedAndCountedOnItsSection() {
        ModelSnapshot s = snapshot(provisioned(
                "orders",
                false,
                List.of(
                        partition(0, 0, 1L << 62, 1000, 500),
                        partition(1, 1L << 62, HALF, 969, 40),
                        partition(2, HALF, 3L << 62, 969, 1000),
                        partition(3, 3L << 62, 0, 500, 1000))));

        List<LabRow> rows = LabRows.build(s, LabRows.KeyNames.NONE, false);

        assertThat(rows.stream().filter(LabRow.Part.class::isInstance).map(r -> ((LabRow.Part) r).writeHeat()))
                .as("100 %; 97 % with a drained bucket; 97 % with tokens left; 50 %")
                .containsExactly(LabRow.Heat.AT_CEILING, LabRow.Heat.AT_CEILING, LabRow.Heat.NEAR, LabRow.Heat.WARM);
        LabRow.Section section = (LabRow.Section) rows.get(0);
        assertThat(section.atCeiling()).isEqualTo(2);
        assertThat(((LabRow.Part) rows.get(1)).asText()).contains("AT CEILING");
    }

    @Test
    void aPartitionNearItsCeilingWhileItsTableThrottlesForAKeyRangeIsAtTheCeiling() {
        ModelSnapshot s = snapshot(provisioned(
                "orders", false, List.of(partition(0, 0, HALF, 867, 226), partition(1, HALF, 0, 300, 1000))));

        List<LabRow> rows = LabRows.build(s, LabRows.KeyNames.NONE, (resource, write) -> write, false);

        assertThat(((LabRow.Part) rows.get(1)).writeHeat())
                .as("87 % while throttled")
                .isEqualTo(LabRow.Heat.AT_CEILING);
        assertThat(((LabRow.Part) rows.get(2)).writeHeat())
                .as("30 %: not this one")
                .isEqualTo(LabRow.Heat.WARM);
        assertThat(((LabRow.Part) LabRows.build(s, LabRows.KeyNames.NONE, false).get(1)).writeHeat())
                .as("no throttling: just near")
                .isEqualTo(LabRow.Heat.NEAR);
    }

    @Test
    void sectionsGiveBillingLimitsConsumptionAndSplitsForTheTableAndEachGsi() {
        ResourceView table = provisioned("orders", false, List.of(partition(0, 0, 0, 0, 1000)));
        ResourceView gsi = new ResourceView(
                "by-status",
                "arn:gsi",
                true,
                true,
                -1,
                -1,
                12000,
                4000,
                2.5,
                0,
                4000,
                0,
                3,
                List.of(partition(0, 0, 0, 0, 1000)));

        List<LabRow> rows = LabRows.build(snapshot(table, gsi), LabRows.KeyNames.NONE, false);

        LabRow.Section t = (LabRow.Section) rows.get(0);
        assertThat(t.kind()).isEqualTo("table");
        assertThat(t.billing()).isEqualTo("Provisioned");
        assertThat(t.limitsText()).isEqualTo("2,000 RCU/s · 2,000 WCU/s provisioned");
        assertThat(t.consumedText()).isEqualTo("0 RCU/s · 1,000 WCU/s");
        assertThat(t.availableText()).isEqualTo("5,000 RCU · 4,000 WCU");
        assertThat(t.partitionsText()).isEqualTo("1 partition · 0 splits so far");
        LabRow.Section g = (LabRow.Section) rows.get(2);
        assertThat(g.kind()).isEqualTo("GSI");
        assertThat(g.billing()).isEqualTo("On-demand");
        assertThat(g.limitsText()).isEqualTo("no maximum set · takes 4,000 WCU/s at once");
        assertThat(g.consumedText()).isEqualTo("2.5 RCU/s · 0 WCU/s");
        assertThat(g.partitionsText()).isEqualTo("1 partition · 3 splits so far");
    }

    @Test
    void anIsolatedKeyIsOneHashNamedFromTheMeter() {
        long hash = 0x9000_0000_0000_0000L;
        PartitionView isolated =
                new PartitionView(4, hash, hash + 1, 3000, 1000, 0, 1000, 3000, 0, 12, true, OptionalLong.of(hash));
        ModelSnapshot s = snapshot(provisioned("orders", false, List.of(isolated)));

        LabRow.Part row = (LabRow.Part) LabRows.build(s, (resource, h) -> h == hash ? "PENDING" : null, false)
                .get(1);

        assertThat(row.isolated()).isTrue();
        assertThat(row.keyText()).isEqualTo("PENDING");
        assertThat(row.rangeText()).isEqualTo("one key at 56.250 %");
        assertThat(row.hotText()).isEqualTo("12 s");
        LabRow.Part unnamed =
                (LabRow.Part) LabRows.build(s, LabRows.KeyNames.NONE, false).get(1);
        assertThat(unnamed.keyText()).isEqualTo("hash 9000000000000000");
    }

    @Test
    void busyOnlyKeepsSectionsAndHidesIdlePartitions() {
        ModelSnapshot s = snapshot(
                provisioned("orders", false, List.of(partition(0, 0, HALF, 0, 1000), partition(1, HALF, 0, 10, 1000))));

        List<LabRow> rows = LabRows.build(s, LabRows.KeyNames.NONE, true);

        assertThat(rows).hasSize(2);
        assertThat(((LabRow.Part) rows.get(1)).number()).isEqualTo(1);
        assertThat(((LabRow.Section) rows.get(0)).shown()).isEqualTo(1);
    }

    @Test
    void narrowRangesGetMoreDecimalsAndUnitsKeepFractions() {
        assertThat(LabRows.range(0.5, 0.5 + 1e-4, false)).isEqualTo("50.000 %–50.010 %");
        assertThat(LabRows.units(0.5)).isEqualTo("0.5");
        assertThat(LabRows.units(1234.4)).isEqualTo("1,234");
        assertThat(LabRows.units(-1)).isEqualTo("—");
    }
}
