package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ShardQuery;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.table.KeyType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** The SDK rendering of a {@link ShardQuery}: the run sends the model, field for field, plus its paging. */
class ScatterGatherRequestTest {

    @Test
    void theRequestIsTheModelPlusThePage() {
        ScatterPlan plan = ScatterPlan.of("orders", "byStatus", "status", "created", KeyType.N, List.of("P#1"))
                .withSortCondition(SortCondition.between(AttrValue.n(1), AttrValue.n(9)))
                .withFilter("#t > :min", Map.of("#t", "total"), Map.of(":min", AttrValue.n(3)))
                .withProjection(List.of("note"))
                .withDedupeBy(List.of("orderId"))
                .withOrder(false)
                .withConsistent(true)
                .withLimit(10);
        ShardQuery q = ShardQuery.of(plan, "P#1");
        Map<String, AttributeValue> start = Map.of("status", AttributeValue.fromS("P#1"));

        QueryRequest r = ScatterGather.request(q, 4, start);

        assertThat(r.tableName()).isEqualTo("orders");
        assertThat(r.indexName()).isEqualTo("byStatus");
        assertThat(r.keyConditionExpression()).isEqualTo(q.keyCondition());
        assertThat(r.filterExpression()).isEqualTo("#t > :min");
        assertThat(r.projectionExpression()).isEqualTo("#p0, #pk, #sk, #p1").isEqualTo(q.projection());
        assertThat(r.expressionAttributeNames()).isEqualTo(q.names());
        assertThat(SdkAttr.toCore(r.expressionAttributeValues())).isEqualTo(q.values());
        assertThat(r.scanIndexForward()).isFalse();
        assertThat(r.consistentRead()).isTrue();
        assertThat(r.returnConsumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
        assertThat(r.limit()).as("this page's Limit").isEqualTo(4);
        assertThat(r.exclusiveStartKey()).isEqualTo(start);
    }

    @Test
    void whatTheModelLeavesOutIsNotSent() {
        ShardQuery q = ShardQuery.of(ScatterPlan.of("t", null, "pk", null, null, List.of("k")), "k");

        QueryRequest r = ScatterGather.request(q, Integer.MAX_VALUE, null);

        assertThat(r.indexName()).isNull();
        assertThat(r.filterExpression()).isNull();
        assertThat(r.projectionExpression()).isNull();
        assertThat(r.consistentRead()).as("eventually consistent: left out").isNull();
        assertThat(r.limit()).isNull();
        assertThat(r.scanIndexForward()).isTrue();
        assertThat(r.hasExclusiveStartKey()).isFalse();
        assertThat(r.expressionAttributeNames()).containsExactly(Map.entry("#pk", "pk"));
    }
}
