package dev.partitionscope.core.scatter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one model of a shard's Query: what every rendering (SDK, generated code, AWS CLI) starts from. */
class ShardQueryTest {
    private static final ScatterPlan PLAN =
            ScatterPlan.of("orders", "byStatus", "status", "created", KeyType.N, List.of("PENDING#1", "PENDING#2"));

    @Test
    void aBareReadIsTheKeyConditionOnly() {
        ShardQuery q = ShardQuery.of(PLAN, "PENDING#2");

        assertThat(q.table()).isEqualTo("orders");
        assertThat(q.index()).isEqualTo("byStatus");
        assertThat(q.keyCondition()).isEqualTo("#pk = :pk");
        assertThat(q.names()).containsExactly(Map.entry("#pk", "status"));
        assertThat(q.values()).containsExactly(Map.entry(":pk", AttrValue.s("PENDING#2")));
        assertThat(q.partitionKeyValue()).isEqualTo(AttrValue.s("PENDING#2"));
        assertThat(q.sharedValues()).isEmpty();
        assertThat(q.filter()).isNull();
        assertThat(q.projection()).isNull();
        assertThat(q.consistentRead()).isFalse();
        assertThat(q.scanIndexForward()).isTrue();
        assertThat(q.limit()).isZero();
    }

    @Test
    void conditionFilterAndProjectionInAFixedOrder() {
        ScatterPlan p = PLAN.withSortCondition(SortCondition.of(SortCondition.Op.GE, AttrValue.n(10)))
                .withFilter(
                        "#total > :min AND #a <> :x",
                        Map.of("#total", "total", "#a", "a"),
                        Map.of(":x", AttrValue.s("x"), ":min", AttrValue.n(3)))
                .withProjection(List.of("note", "total"))
                .withOrder(false)
                .withLimit(25)
                .withConsistent(true);

        ShardQuery q = ShardQuery.of(p, "PENDING#1");

        assertThat(q.keyCondition()).isEqualTo("#pk = :pk AND #sk >= :sk1");
        assertThat(q.names())
                .containsExactly(
                        Map.entry("#pk", "status"),
                        Map.entry("#sk", "created"),
                        Map.entry("#a", "a"),
                        Map.entry("#total", "total"),
                        Map.entry("#p0", "note"));
        assertThat(q.values().keySet()).containsExactly(":pk", ":sk1", ":min", ":x");
        assertThat(q.sharedValues().keySet()).containsExactly(":sk1", ":min", ":x");
        assertThat(q.filter()).isEqualTo("#total > :min AND #a <> :x");
        assertThat(q.projection())
                .as("an attribute the filter names keeps its placeholder")
                .isEqualTo("#p0, #total, #pk, #sk");
        assertThat(q.scanIndexForward()).isFalse();
        assertThat(q.consistentRead()).isTrue();
        assertThat(q.limit()).isEqualTo(25);
        assertThat(ShardQuery.of(p, "PENDING#1")).isEqualTo(q);
    }

    @Test
    void theProjectionCarriesTheDedupeAttributesTheMergeNeeds() {
        ShardQuery q =
                ShardQuery.of(PLAN.withProjection(List.of("note")).withDedupeBy(List.of("orderId")), "PENDING#1");

        assertThat(q.projection()).isEqualTo("#p0, #pk, #p1, #p2");
        assertThat(q.names()).containsEntry("#p1", "created").containsEntry("#p2", "orderId");
    }

    @Test
    void projectionPlaceholdersNeverOverwriteTheFilters() {
        ScatterPlan p = PLAN.withFilter("#p0 = :v", Map.of("#p0", "kind"), Map.of(":v", AttrValue.s("a")))
                .withProjection(List.of("note"));

        ShardQuery q = ShardQuery.of(p, "PENDING#1");

        assertThat(q.names())
                .containsEntry("#p0", "kind")
                .containsEntry("#p1", "note")
                .containsEntry("#p2", "created");
        assertThat(q.projection()).isEqualTo("#p1, #pk, #p2");
    }

    @Test
    void shardKeysAreTypedByThePartitionKey() {
        ScatterPlan numbers = PLAN.withShardKeys(List.of("4201", "1.50")).withPartitionKeyType(KeyType.N);
        assertThat(ShardQuery.of(numbers, "1.50").partitionKeyValue()).isEqualTo(AttrValue.n("1.5"));
        ScatterPlan bytes = PLAN.withShardKeys(List.of("AP8=")).withPartitionKeyType(KeyType.B);
        assertThat(ShardQuery.of(bytes, "AP8=").partitionKeyValue()).isEqualTo(AttrValue.B.ofBase64("AP8="));

        assertThatThrownBy(() -> PLAN.withPartitionKeyType(KeyType.N))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the partition key is a number; the shard key \"PENDING#1\" is not");
        assertThatThrownBy(() -> PLAN.withShardKeys(List.of("not base64!")).withPartitionKeyType(KeyType.B))
                .hasMessageContaining("is not base64");
    }

    @Test
    void aFilterMayNotTakeTheKeyConditionsPlaceholders() {
        assertThatThrownBy(() -> PLAN.withFilter("#pk = :v", Map.of("#pk", "other"), Map.of(":v", AttrValue.s("a"))))
                .hasMessageStartingWith("the filter's #pk is the key condition's placeholder");
        assertThatThrownBy(() -> PLAN.withFilter("#s = :sk1", Map.of("#s", "s"), Map.of(":sk1", AttrValue.s("a"))))
                .hasMessageStartingWith("the filter's :sk1 is the key condition's placeholder");
    }
}
