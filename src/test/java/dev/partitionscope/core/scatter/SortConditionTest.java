package dev.partitionscope.core.scatter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.table.KeyType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SortConditionTest {

    @Test
    void rendersEachOperatorWithPlaceholders() {
        assertThat(SortCondition.parse("= 5", KeyType.N).expression()).isEqualTo("#sk = :sk1");
        assertThat(SortCondition.parse("<5", KeyType.N).expression()).isEqualTo("#sk < :sk1");
        assertThat(SortCondition.parse("<= 5", KeyType.N).expression()).isEqualTo("#sk <= :sk1");
        assertThat(SortCondition.parse("≤ 5", KeyType.N).op()).isEqualTo(SortCondition.Op.LE);
        assertThat(SortCondition.parse("> 5", KeyType.N).expression()).isEqualTo("#sk > :sk1");
        assertThat(SortCondition.parse(">= 5", KeyType.N).expression()).isEqualTo("#sk >= :sk1");
        assertThat(SortCondition.parse("≥ 5", KeyType.N).op()).isEqualTo(SortCondition.Op.GE);
        SortCondition between = SortCondition.parse("between 2 and 7", KeyType.N);
        assertThat(between.expression()).isEqualTo("#sk BETWEEN :sk1 AND :sk2");
        assertThat(between.values()).isEqualTo(Map.of(":sk1", AttrValue.n(2), ":sk2", AttrValue.n(7)));
        SortCondition begins = SortCondition.parse("begins_with 2026-06", KeyType.S);
        assertThat(begins.expression()).isEqualTo("begins_with(#sk, :sk1)");
        assertThat(begins.values()).isEqualTo(Map.of(":sk1", AttrValue.s("2026-06")));
    }

    @Test
    void testMatchesDynamoDbSemantics() {
        assertThat(SortCondition.parse("between 2 and 7", KeyType.N).test(AttrValue.n(7)))
                .isTrue();
        assertThat(SortCondition.parse("between 2 and 7", KeyType.N).test(AttrValue.n(8)))
                .isFalse();
        assertThat(SortCondition.parse("< 10", KeyType.N).test(AttrValue.n(9))).isTrue();
        assertThat(SortCondition.parse("< 10", KeyType.S).test(AttrValue.s("9")))
                .isFalse(); // strings by bytes
        assertThat(SortCondition.parse("begins_with ab", KeyType.S).test(AttrValue.s("abc")))
                .isTrue();
    }

    @Test
    void badInputIsNamed() {
        assertThatThrownBy(() -> SortCondition.parse("~ 5", KeyType.N)).hasMessageContaining("cannot read");
        assertThatThrownBy(() -> SortCondition.parse("= x", KeyType.N)).hasMessageContaining("is not");
        assertThatThrownBy(() -> SortCondition.parse("begins_with 1", KeyType.N))
                .hasMessageContaining("begins_with");
        assertThatThrownBy(() -> SortCondition.parse("between 9 and 1", KeyType.N))
                .hasMessageContaining("lower");
    }

    @Test
    void timeBucketWindowListsEveryBucket() {
        long from = Instant.parse("2026-06-21T13:00:00Z").toEpochMilli();
        long to = Instant.parse("2026-06-23T00:00:00Z").toEpochMilli();
        List<String> keys = ScatterPlan.shardKeys(KeyScheme.parse("day+hash:2"), "LOG", "#", from, to);
        assertThat(keys)
                .containsExactly("LOG#2026-06-21#1", "LOG#2026-06-21#2", "LOG#2026-06-22#1", "LOG#2026-06-22#2");
        assertThat(ScatterPlan.shardKeys(KeyScheme.parse("hash:3"), "P", "#", 0, 0))
                .containsExactly("P#1", "P#2", "P#3");
        assertThatThrownBy(() -> ScatterPlan.shardKeys(KeyScheme.parse("day"), "L", "#", to, from))
                .hasMessageContaining("empty");
    }
}
