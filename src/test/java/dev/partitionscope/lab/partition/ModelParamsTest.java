package dev.partitionscope.lab.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelParamsTest {

    @Test
    void defaultsFollowTheFactsFile() {
        ModelParams p = ModelParams.DEFAULTS;

        assertThat(p.partitionReadCeiling()).isEqualTo(3000);
        assertThat(p.partitionWriteCeiling()).isEqualTo(1000);
        assertThat(p.burstSeconds()).isEqualTo(300);
        assertThat(p.adaptiveCapacity()).isTrue();
        assertThat(p.splitForHeat()).isTrue();
        assertThat(p.onDemandInitialWrite()).isEqualTo(4000);
        assertThat(p.onDemandInitialRead()).isEqualTo(12_000);
        assertThat(p.onDemandPeakMultiplier()).isEqualTo(2);
        assertThat(p.onDemandPeakWindowSeconds()).isEqualTo(1800);
        assertThat(p.tableReadQuota()).isEqualTo(40_000);
        assertThat(p.tableWriteQuota()).isEqualTo(40_000);
    }

    @Test
    void describeListsEveryParameterWithItsSource() {
        List<ModelParams.Parameter> described =
                ModelParams.DEFAULTS.withBurstSeconds(0).describe();

        assertThat(described)
                .extracting(ModelParams.Parameter::name)
                .containsExactlyElementsOf(ModelParams.DEFAULTS.toMap().keySet());
        assertThat(described).hasSize(ModelParams.class.getRecordComponents().length);
        ModelParams.Parameter burst = described.stream()
                .filter(d -> d.name().equals("burst-seconds"))
                .findFirst()
                .orElseThrow();
        assertThat(burst.value()).isEqualTo("0");
        assertThat(burst.defaultValue()).isEqualTo("300");
        assertThat(burst.source()).isEqualTo(ModelParams.Source.AWS_DOCUMENTED);
        assertThat(burst.flag()).isEqualTo("--burst-seconds");
        assertThat(described)
                .filteredOn(d -> d.source() == ModelParams.Source.ASSUMPTION)
                .extracting(ModelParams.Parameter::name)
                .contains("split-seconds", "split-utilization");
        assertThat(described).allSatisfy(d -> assertThat(d.meaning()).isNotBlank());
    }

    @Test
    void anyParameterCanBeSetByItsFlagName() {
        ModelParams p = ModelParams.DEFAULTS
                .with("adaptive", "off")
                .with("burst-seconds", "0")
                .with("split-seconds", "30");

        assertThat(p.adaptiveCapacity()).isFalse();
        assertThat(p.burstSeconds()).isZero();
        assertThat(p.splitSeconds()).isEqualTo(30);
        assertThat(ModelParams.fromMap(p.toMap())).isEqualTo(p);
        assertThat(ModelParams.fromMap(Map.of())).isEqualTo(ModelParams.DEFAULTS);
    }

    @Test
    void badValuesAreRefusedWithTheParameterName() {
        assertThatThrownBy(() -> ModelParams.DEFAULTS.with("adaptive", "maybe")).hasMessageContaining("adaptive");
        assertThatThrownBy(() -> ModelParams.DEFAULTS.with("burst-seconds", "-1"))
                .hasMessageContaining("burst");
        assertThatThrownBy(() -> ModelParams.DEFAULTS.with("nope", "1")).hasMessageContaining("nope");
        assertThatThrownBy(() -> ModelParams.DEFAULTS.with("split-seconds", "x"))
                .hasMessageContaining("whole");
    }

    @Test
    void initialPartitionsFollowTheStatedFormula() {
        ModelParams p = ModelParams.DEFAULTS;

        assertThat(p.initialPartitions(false, 5, 5)).isEqualTo(1);
        assertThat(p.initialPartitions(false, 3000, 0)).isEqualTo(1);
        assertThat(p.initialPartitions(false, 3001, 0)).isEqualTo(2);
        assertThat(p.initialPartitions(false, 3000, 1000)).isEqualTo(2);
        assertThat(p.initialPartitions(false, 12_000, 400)).isEqualTo(5);
        assertThat(p.initialPartitions(false, 0, 40_000)).isEqualTo(40);
        assertThat(p.initialPartitions(true, -1, -1)).isEqualTo(8);
        assertThat(p.with("max-partitions", "16").initialPartitions(false, 0, 40_000))
                .isEqualTo(16);
    }
}
