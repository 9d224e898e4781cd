package dev.partitionscope.aws.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The log's bounds: identical calls keep only the newest answer, the oldest answers go first when the budget is
 * spent, and item reads have a budget of their own so they never push the metrics out; throttles are not kept.
 */
class ExchangeLogTest {
    private static Exchange exchange(String operation, String table, int bytes) {
        ObjectNode request = JsonNodeFactory.instance.objectNode().put("TableName", table);
        return Exchange.of("DynamoDb", operation, request, 200, Map.of(), new byte[bytes]);
    }

    @Test
    void theNewestAnswerToACallReplacesTheOlder() {
        ExchangeLog log = ExchangeLog.recording(1 << 20, 1 << 20);
        log.add(exchange("DescribeTable", "a", 10));
        log.add(exchange("DescribeTable", "a", 20));
        assertThat(log.exchanges(true)).hasSize(1).first().satisfies(e -> assertThat(e.body())
                .hasSize(20));
    }

    @Test
    void theOldestAnswersGoFirstAndItemReadsHaveTheirOwnBudget() {
        ExchangeLog log = ExchangeLog.recording(10_000, 5_000);
        for (int i = 0; i < 20; i++) {
            log.add(exchange("DescribeTable", "t" + i, 1_000));
        }
        for (int i = 0; i < 50; i++) {
            log.add(exchange("Scan", "t" + i, 1_000));
        }
        assertThat(log.exchanges(false))
                .hasSizeBetween(8, 9)
                .allMatch(e -> !e.itemContents())
                .last()
                .satisfies(
                        e -> assertThat(e.request().path("TableName").asText()).isEqualTo("t19"));
        assertThat(log.itemExchanges()).isBetween(3, 4);
        assertThat(log.exchanges(true))
                .filteredOn(Exchange::itemContents)
                .last()
                .satisfies(
                        e -> assertThat(e.request().path("TableName").asText()).isEqualTo("t49"));
    }

    @Test
    void throttlesAndServerFailuresAreNotKept() {
        byte[] throttled = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException\"}"
                .getBytes(StandardCharsets.UTF_8);
        byte[] notFound = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException\"}"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(ExchangeLog.keepable(400, throttled)).isFalse();
        assertThat(ExchangeLog.keepable(500, new byte[0])).isFalse();
        assertThat(ExchangeLog.keepable(400, notFound)).isTrue();
        assertThat(ExchangeLog.keepable(200, new byte[0])).isTrue();
    }
}
