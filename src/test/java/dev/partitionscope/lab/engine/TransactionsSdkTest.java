package dev.partitionscope.lab.engine;

import static dev.partitionscope.lab.engine.Av.item;
import static dev.partitionscope.lab.engine.Av.n;
import static dev.partitionscope.lab.engine.Av.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.testing.LabFixture;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * TransactWriteItems and TransactGetItems through the real SDK (sync and async): all or nothing, the cancellation
 * reasons in action order, transactional prices (2 WCU per KB per item, 2 RCU per 4 KB), ClientRequestToken
 * idempotency, DynamoDB's refusals, and what the meter sees.
 */
class TransactionsSdkTest {
    private static LabFixture lab;
    private static DynamoDbClient db;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        db = lab.client();
        db.createTable(b -> b.tableName("accounts")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S))
                .keySchema(Av.hash("pk")));
        db.createTable(b -> b.tableName("orders")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        Av.attr("pk", ScalarAttributeType.S),
                        Av.attr("sk", ScalarAttributeType.S),
                        Av.attr("status", ScalarAttributeType.S))
                .keySchema(Av.keys("pk", "sk"))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                        .indexName("by-status")
                        .keySchema(Av.hash("status"))
                        .projection(Projection.builder()
                                .projectionType(ProjectionType.KEYS_ONLY)
                                .build())
                        .build()));
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static TransactWriteItem put(String table, Map<String, AttributeValue> item) {
        return TransactWriteItem.builder()
                .put(p -> p.tableName(table).item(item))
                .build();
    }

    private static TransactWriteItem update(String table, Map<String, AttributeValue> key, String expression) {
        return TransactWriteItem.builder()
                .update(u -> u.tableName(table).key(key).updateExpression(expression))
                .build();
    }

    private static Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
        return db.getItem(b -> b.tableName(table).key(key).consistentRead(true)).item();
    }

    private static TransactionCanceledException cancelled(Consumer<TransactWriteItemsRequest.Builder> request) {
        return catchThrowableOfType(TransactionCanceledException.class, () -> db.transactWriteItems(request));
    }

    private static List<String> codes(TransactionCanceledException e) {
        return e.cancellationReasons().stream().map(CancellationReason::code).toList();
    }

    /**
     * The Developer Guide's example (transaction-example.html): a customer must exist, the product goes from IN_STOCK
     * to SOLD, the order is created once; the same transaction again fails on the product and the order.
     */
    @Test
    void theDeveloperGuidesOrderProcessingExample() {
        for (String[] t :
                new String[][] {{"Customers", "CustomerId"}, {"ProductCatalog", "ProductId"}, {"Orders", "OrderId"}}) {
            db.createTable(b -> b.tableName(t[0])
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(Av.attr(t[1], ScalarAttributeType.S))
                    .keySchema(Av.hash(t[1])));
        }
        db.putItem(b -> b.tableName("Customers").item(item("CustomerId", s("09e8e9c8-ec48"))));
        db.putItem(b ->
                b.tableName("ProductCatalog").item(item("ProductId", s("1e4e3f22"), "ProductStatus", s("IN_STOCK"))));
        Consumer<TransactWriteItemsRequest.Builder> placeOrder = b -> b.transactItems(
                TransactWriteItem.builder()
                        .conditionCheck(c -> c.tableName("Customers")
                                .key(item("CustomerId", s("09e8e9c8-ec48")))
                                .conditionExpression("attribute_exists(CustomerId)"))
                        .build(),
                TransactWriteItem.builder()
                        .update(u -> u.tableName("ProductCatalog")
                                .key(item("ProductId", s("1e4e3f22")))
                                .updateExpression("SET ProductStatus = :new_status")
                                .conditionExpression("ProductStatus = :expected_status")
                                .expressionAttributeValues(
                                        Map.of(":new_status", s("SOLD"), ":expected_status", s("IN_STOCK"))))
                        .build(),
                TransactWriteItem.builder()
                        .put(p -> p.tableName("Orders")
                                .item(item(
                                        "OrderId", s("ord-1"),
                                        "ProductId", s("1e4e3f22"),
                                        "OrderStatus", s("CONFIRMED"),
                                        "OrderTotal", n(100)))
                                .conditionExpression("attribute_not_exists(OrderId)"))
                        .build());

        db.transactWriteItems(placeOrder);

        var read = db.transactGetItems(b -> b.transactItems(
                TransactGetItem.builder()
                        .get(g -> g.tableName("Orders").key(item("OrderId", s("ord-1"))))
                        .build(),
                TransactGetItem.builder()
                        .get(g -> g.tableName("ProductCatalog")
                                .key(item("ProductId", s("1e4e3f22")))
                                .projectionExpression("ProductStatus"))
                        .build()));
        assertThat(read.responses().get(0).item()).containsEntry("OrderStatus", s("CONFIRMED"));
        assertThat(read.responses().get(1).item()).isEqualTo(item("ProductStatus", s("SOLD")));
        assertThat(codes(cancelled(placeOrder)))
                .containsExactly("None", "ConditionalCheckFailed", "ConditionalCheckFailed");
    }

    @Test
    void twoSmallItemsConsumeFourWriteUnitsAndLandTogether() {
        TransactWriteItemsResponse r = db.transactWriteItems(b -> b.transactItems(
                        put("accounts", item("pk", s("small-1"), "v", n(1))),
                        put("accounts", item("pk", s("small-2"), "v", n(2))))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));

        assertThat(r.consumedCapacity()).hasSize(1);
        ConsumedCapacity c = r.consumedCapacity().get(0);
        assertThat(c.tableName()).isEqualTo("accounts");
        assertThat(c.capacityUnits()).isEqualTo(4.0);
        assertThat(get("accounts", item("pk", s("small-1")))).containsEntry("v", n(1));
        assertThat(get("accounts", item("pk", s("small-2")))).containsEntry("v", n(2));
    }

    @Test
    void aTwoKilobyteItemCostsFourUnitsAndItsIndexWriteOneMore() {
        TransactWriteItemsResponse r = db.transactWriteItems(b -> b.transactItems(put(
                        "orders", item("pk", s("o-big"), "sk", s("1"), "status", s("OPEN"), "blob", s(Av.ascii(1500)))))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));

        ConsumedCapacity c = r.consumedCapacity().get(0);
        // 1.5 KB rounds up to 2 KB: 2 × 2 = 4 WCU on the table; the KEYS_ONLY index entry is an ordinary 1 WCU write.
        assertThat(c.table().capacityUnits()).isEqualTo(4.0);
        assertThat(c.globalSecondaryIndexes().get("by-status").capacityUnits()).isEqualTo(1.0);
        assertThat(c.capacityUnits()).isEqualTo(5.0);
        assertThat(c.writeCapacityUnits()).isEqualTo(5.0);
        assertThat(c.table().writeCapacityUnits()).isEqualTo(4.0);
    }

    @Test
    void aFailedConditionCancelsEverythingAndListsReasonsInOrder() {
        db.putItem(b -> b.tableName("accounts").item(item("pk", s("locked"), "state", s("LOCKED"))));

        TransactionCanceledException e = cancelled(b -> b.transactItems(
                put("accounts", item("pk", s("cancel-new"), "v", n(1))),
                TransactWriteItem.builder()
                        .conditionCheck(c -> c.tableName("accounts")
                                .key(item("pk", s("locked")))
                                .conditionExpression("#s = :open")
                                .expressionAttributeNames(Map.of("#s", "state"))
                                .expressionAttributeValues(Map.of(":open", s("OPEN")))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                        .build(),
                TransactWriteItem.builder()
                        .update(u -> u.tableName("orders")
                                .key(item("pk", s("cancel-order"), "sk", s("1")))
                                .updateExpression("SET amount = :a")
                                .expressionAttributeValues(Map.of(":a", n(10))))
                        .build()));

        assertThat(codes(e)).containsExactly("None", "ConditionalCheckFailed", "None");
        assertThat(e.cancellationReasons().get(1).item()).containsEntry("state", s("LOCKED"));
        assertThat(e.cancellationReasons().get(1).message()).isEqualTo("The conditional request failed");
        assertThat(e.getMessage())
                .startsWith("Transaction cancelled, please refer cancellation reasons for specific reasons"
                        + " [None, ConditionalCheckFailed, None]");
        assertThat(get("accounts", item("pk", s("cancel-new")))).isEmpty();
        assertThat(get("orders", item("pk", s("cancel-order"), "sk", s("1")))).isEmpty();
    }

    @Test
    void anUpdateThatCannotApplyIsAValidationErrorReason() {
        db.putItem(b -> b.tableName("accounts").item(item("pk", s("text-balance"), "balance", s("ten"))));

        TransactionCanceledException e = cancelled(b -> b.transactItems(
                put("accounts", item("pk", s("validation-new"))),
                TransactWriteItem.builder()
                        .update(u -> u.tableName("accounts")
                                .key(item("pk", s("text-balance")))
                                .updateExpression("ADD balance :one")
                                .expressionAttributeValues(Map.of(":one", n(1))))
                        .build()));

        assertThat(codes(e)).containsExactly("None", "ValidationError");
        assertThat(e.cancellationReasons().get(1).message()).contains("operand");
        assertThat(get("accounts", item("pk", s("validation-new")))).isEmpty();
    }

    @Test
    void updateWithAttributeExistsOnAMissingItemCreatesNoGhost() {
        TransactionCanceledException e = cancelled(b -> b.transactItems(TransactWriteItem.builder()
                .update(u -> u.tableName("accounts")
                        .key(item("pk", s("ghost")))
                        .updateExpression("ADD hits :one")
                        .conditionExpression("attribute_exists(pk)")
                        .expressionAttributeValues(Map.of(":one", n(1))))
                .build()));

        assertThat(codes(e)).containsExactly("ConditionalCheckFailed");
        assertThat(e.cancellationReasons().get(0).item()).isEmpty();
        assertThat(get("accounts", item("pk", s("ghost")))).isEmpty();
    }

    @Test
    void aRepeatedClientRequestTokenAppliesOnceAndAnotherRequestWithItIsRefused() {
        String token = "token-counter-1";
        Consumer<TransactWriteItemsRequest.Builder> increment = b -> b.clientRequestToken(token)
                .transactItems(TransactWriteItem.builder()
                        .update(u -> u.tableName("accounts")
                                .key(item("pk", s("idempotent")))
                                .updateExpression("ADD hits :one")
                                .expressionAttributeValues(Map.of(":one", n(1))))
                        .build())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);

        TransactWriteItemsResponse first = db.transactWriteItems(increment);
        TransactWriteItemsResponse again = db.transactWriteItems(increment);

        assertThat(get("accounts", item("pk", s("idempotent")))).containsEntry("hits", n(1));
        assertThat(first.consumedCapacity().get(0).capacityUnits()).isEqualTo(2.0);
        // The repeat writes nothing; DynamoDB reports the read of the item instead (a strongly consistent 4 KB read).
        assertThat(again.consumedCapacity().get(0).capacityUnits()).isEqualTo(1.0);

        IdempotentParameterMismatchException mismatch = catchThrowableOfType(
                IdempotentParameterMismatchException.class,
                () -> db.transactWriteItems(b -> b.clientRequestToken(token)
                        .transactItems(put("accounts", item("pk", s("idempotent"), "hits", n(99))))));
        assertThat(mismatch.statusCode()).isEqualTo(400);
        assertThat(get("accounts", item("pk", s("idempotent")))).containsEntry("hits", n(1));
    }

    @Test
    void aCancelledTransactionsTokenCanBeRetried() {
        db.putItem(b -> b.tableName("accounts").item(item("pk", s("retry-gate"), "open", Av.bool(false))));
        Consumer<TransactWriteItemsRequest.Builder> guarded = b -> b.clientRequestToken("token-retry")
                .transactItems(
                        TransactWriteItem.builder()
                                .conditionCheck(c -> c.tableName("accounts")
                                        .key(item("pk", s("retry-gate")))
                                        .conditionExpression("#o = :t")
                                        .expressionAttributeNames(Map.of("#o", "open"))
                                        .expressionAttributeValues(Map.of(":t", Av.bool(true))))
                                .build(),
                        put("accounts", item("pk", s("retry-target"))));

        assertThat(codes(cancelled(guarded))).containsExactly("ConditionalCheckFailed", "None");
        db.putItem(b -> b.tableName("accounts").item(item("pk", s("retry-gate"), "open", Av.bool(true))));
        db.transactWriteItems(guarded);

        assertThat(get("accounts", item("pk", s("retry-target")))).isNotEmpty();
    }

    @Test
    void refusalsAreDynamoDbs() {
        DynamoDbException twice = catchThrowableOfType(
                DynamoDbException.class,
                () -> db.transactWriteItems(b -> b.transactItems(
                        put("accounts", item("pk", s("twice"))),
                        update("accounts", item("pk", s("twice")), "REMOVE x"))));
        assertThat(twice.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
        assertThat(twice.awsErrorDetails().errorMessage())
                .isEqualTo("Transaction request cannot include multiple operations on one item");

        ResourceNotFoundException missing = catchThrowableOfType(
                ResourceNotFoundException.class,
                () -> db.transactWriteItems(b -> b.transactItems(put("no-such-table", item("pk", s("x"))))));
        assertThat(missing.awsErrorDetails().errorMessage()).isEqualTo("Requested resource not found");

        DynamoDbException tooMany = catchThrowableOfType(
                DynamoDbException.class,
                () -> db.transactWriteItems(b -> b.transactItems(java.util.stream.IntStream.range(0, 101)
                        .mapToObj(i -> put("accounts", item("pk", s("many-" + i))))
                        .toList())));
        assertThat(tooMany.awsErrorDetails().errorMessage())
                .contains("Member must have length less than or equal to 100");

        DynamoDbException wrongKey = catchThrowableOfType(
                DynamoDbException.class,
                () -> db.transactWriteItems(b -> b.transactItems(put("accounts", item("pk", n(1))))));
        assertThat(wrongKey.awsErrorDetails().errorMessage())
                .isEqualTo("The provided key element does not match the schema");

        DynamoDbException keyUpdate = catchThrowableOfType(
                DynamoDbException.class,
                () -> db.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                        .update(u -> u.tableName("accounts")
                                .key(item("pk", s("k")))
                                .updateExpression("SET pk = :v")
                                .expressionAttributeValues(Map.of(":v", s("other"))))
                        .build())));
        assertThat(keyUpdate.awsErrorDetails().errorMessage())
                .isEqualTo("One or more parameter values were invalid: Cannot update attribute pk. This attribute is"
                        + " part of the key");
    }

    @Test
    void aTableArnNamesTheTable() {
        String arn = db.describeTable(b -> b.tableName("accounts")).table().tableArn();
        db.transactWriteItems(b -> b.transactItems(put(arn, item("pk", s("by-arn")))));
        assertThat(get("accounts", item("pk", s("by-arn")))).isNotEmpty();
    }

    @Test
    void transactGetItemsReadsInOrderAtTwiceTheConsistentPrice() {
        db.putItem(b -> b.tableName("accounts").item(item("pk", s("read-1"), "v", n(1), "big", s(Av.ascii(5000)))));
        db.putItem(b -> b.tableName("orders").item(item("pk", s("read-2"), "sk", s("a"), "status", s("OPEN"))));

        var r = db.transactGetItems(b -> b.transactItems(
                        TransactGetItem.builder()
                                .get(g -> g.tableName("accounts")
                                        .key(item("pk", s("read-1")))
                                        .projectionExpression("v"))
                                .build(),
                        TransactGetItem.builder()
                                .get(g -> g.tableName("accounts").key(item("pk", s("read-missing"))))
                                .build(),
                        TransactGetItem.builder()
                                .get(g -> g.tableName("orders").key(item("pk", s("read-2"), "sk", s("a"))))
                                .build())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));

        assertThat(r.responses())
                .extracting(ItemResponse::item)
                .containsExactly(item("v", n(1)), Map.of(), item("pk", s("read-2"), "sk", s("a"), "status", s("OPEN")));
        // A 5 KB item is two 4 KB units, times 2; a missing item still costs one unit, times 2; so does the small one.
        assertThat(r.consumedCapacity())
                .extracting(ConsumedCapacity::tableName, ConsumedCapacity::capacityUnits)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("accounts", 6.0),
                        org.assertj.core.groups.Tuple.tuple("orders", 2.0));
        assertThat(r.consumedCapacity().get(0).readCapacityUnits())
                .as("TOTAL has no read/write split")
                .isNull();
    }

    @Test
    void theAsyncClientGetsTheSameCancellation() {
        db.putItem(b -> b.tableName("accounts").item(item("pk", s("async-existing"))));

        Throwable t = catchThrowableOfType(CompletionException.class, () -> lab.asyncClient()
                        .transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                                .put(p -> p.tableName("accounts")
                                        .item(item("pk", s("async-existing")))
                                        .conditionExpression("attribute_not_exists(pk)"))
                                .build()))
                        .join())
                .getCause();

        assertThat(t).isInstanceOf(TransactionCanceledException.class);
        assertThat(codes((TransactionCanceledException) t)).containsExactly("ConditionalCheckFailed");
    }

    @Test
    void everyItemIsMeteredOnItsOwnKeyAtTheTransactionalPrice() {
        lab.clearRecords();
        db.transactWriteItems(b ->
                b.transactItems(put("accounts", item("pk", s("meter-1"))), put("accounts", item("pk", s("meter-2")))));

        List<RequestRecord> records = lab.records();
        assertThat(records)
                .extracting(RequestRecord::operation, RequestRecord::partitionKey, RequestRecord::writeUnits)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("TransactWriteItems", "meter-1", 2.0),
                        org.assertj.core.groups.Tuple.tuple("TransactWriteItems", "meter-2", 2.0));
    }
}
