package dev.partitionscope.lab.engine;

import static dev.partitionscope.lab.engine.Av.ascii;
import static dev.partitionscope.lab.engine.Av.attr;
import static dev.partitionscope.lab.engine.Av.b;
import static dev.partitionscope.lab.engine.Av.bool;
import static dev.partitionscope.lab.engine.Av.item;
import static dev.partitionscope.lab.engine.Av.keys;
import static dev.partitionscope.lab.engine.Av.l;
import static dev.partitionscope.lab.engine.Av.m;
import static dev.partitionscope.lab.engine.Av.n;
import static dev.partitionscope.lab.engine.Av.ns;
import static dev.partitionscope.lab.engine.Av.nul;
import static dev.partitionscope.lab.engine.Av.s;
import static dev.partitionscope.lab.engine.Av.ss;
import static dev.partitionscope.lab.engine.Av.throughput;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.partitionscope.testing.LabFixture;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsMode;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsStatus;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsSummary;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The real AWS SDK for Java v2 against the Lab's HTTP endpoint, for every operation the Lab serves. Every test runs
 * twice: through the sync client (Apache 5) and through the async client (Netty).
 */
class LabSdkTest {
    private static final ScalarAttributeType S = ScalarAttributeType.S;
    private static final ScalarAttributeType N = ScalarAttributeType.N;
    private static LabFixture lab;

    enum Client {
        SYNC,
        ASYNC
    }

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    static Ddb db(Client c) {
        return c == Client.SYNC ? Ddb.sync(lab.client()) : Ddb.async(lab.asyncClient());
    }

    static String errorCode(Throwable t) {
        assertThat(t).isInstanceOf(DynamoDbException.class);
        return ((DynamoDbException) t).awsErrorDetails().errorCode();
    }

    static void assertValidation(Runnable call, String messagePart) {
        Throwable t = catchThrowableOfType(RuntimeException.class, call::run);
        assertThat(t).as("expected a ValidationException").isNotNull();
        assertThat(errorCode(t)).isEqualTo("ValidationException");
        assertThat(((DynamoDbException) t).statusCode()).isEqualTo(400);
        assertThat(((DynamoDbException) t).awsErrorDetails().errorMessage()).contains(messagePart);
    }

    /**
     * The orders table: pk (S) + sk (N), provisioned 5/5; GSI byStatus on status (S) + amount (N) projecting note
     * (INCLUDE), 3/3; LSI byCreated on pk + created (S), KEYS_ONLY.
     */
    static String createOrders(Ddb db, String prefix) {
        String name = LabFixture.uniqueName(prefix);
        db.createTable(ordersTable(name));
        return name;
    }

    static Consumer<CreateTableRequest.Builder> ordersTable(String name) {
        return b -> b.tableName(name)
                .attributeDefinitions(
                        attr("pk", S), attr("sk", N), attr("status", S), attr("amount", N), attr("created", S))
                .keySchema(keys("pk", "sk"))
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(throughput(5, 5))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                        .indexName("byStatus")
                        .keySchema(keys("status", "amount"))
                        .projection(Projection.builder()
                                .projectionType(ProjectionType.INCLUDE)
                                .nonKeyAttributes("note")
                                .build())
                        .provisionedThroughput(throughput(3, 4))
                        .build())
                .localSecondaryIndexes(LocalSecondaryIndex.builder()
                        .indexName("byCreated")
                        .keySchema(keys("pk", "created"))
                        .projection(Projection.builder()
                                .projectionType(ProjectionType.KEYS_ONLY)
                                .build())
                        .build());
    }

    static String createSimple(
            Ddb db, String prefix, String pk, ScalarAttributeType pkType, String sk, ScalarAttributeType skType) {
        String name = LabFixture.uniqueName(prefix);
        db.createTable(b -> {
            b.tableName(name).keySchema(keys(pk, sk)).billingMode(BillingMode.PAY_PER_REQUEST);
            if (sk == null) {
                b.attributeDefinitions(attr(pk, pkType));
            } else {
                b.attributeDefinitions(attr(pk, pkType), attr(sk, skType));
            }
        });
        return name;
    }

    /** The named placeholders of an expression picked from a pool: DynamoDB refuses unused ones. */
    static Map<String, AttributeValue> valuesFor(String expression, Map<String, AttributeValue> pool) {
        Map<String, AttributeValue> out = new HashMap<>();
        Matcher m = Pattern.compile(":[A-Za-z0-9_]+").matcher(expression);
        while (m.find()) {
            out.put(m.group(), pool.get(m.group()));
        }
        return out;
    }

    static Map<String, String> namesFor(String expression, Map<String, String> pool) {
        Map<String, String> out = new HashMap<>();
        Matcher m = Pattern.compile("#[A-Za-z0-9_]+").matcher(expression);
        while (m.find()) {
            out.put(m.group(), pool.get(m.group()));
        }
        return out.isEmpty() ? null : out;
    }

    static List<Long> sortKeys(List<Map<String, AttributeValue>> items, String attr) {
        return items.stream().map(i -> Long.parseLong(i.get(attr).n())).toList();
    }

    static List<Long> range(int from, int to, IntPredicate keep) {
        return IntStream.rangeClosed(from, to)
                .filter(keep)
                .mapToObj(i -> (long) i)
                .toList();
    }

    // ------------------------------------------------------------------------------------------------------------

    /** The async fixture retries a connection cut off before the server read the call, never an answer. */
    @org.junit.jupiter.api.Test
    void anErrorAnswerIsNeverRetried() {
        Throwable t = catchThrowableOfType(RuntimeException.class, () -> db(Client.ASYNC)
                .describeTable(b -> b.tableName(LabFixture.uniqueName("missing"))));
        assertThat(t).isInstanceOf(ResourceNotFoundException.class);
        assertThat(t.getMessage()).contains("SDK Attempt Count: 1");
        assertThat(LabFixture.cutOffBeforeAnswer(t)).isFalse();
        assertThat(LabFixture.cutOffBeforeAnswer(software.amazon.awssdk.core.exception.SdkClientException.create(
                        "Unable to execute HTTP request", new java.io.IOException("The connection was closed"))))
                .isTrue();
    }

    @Nested
    class Tables {
        @ParameterizedTest
        @EnumSource(Client.class)
        void createTableDescribesKeysIndexesBillingModeAndThroughput(Client c) {
            Ddb db = db(c);
            String name = LabFixture.uniqueName("create");
            TableDescription d = db.createTable(ordersTable(name)).tableDescription();

            assertThat(d.tableName()).isEqualTo(name);
            assertThat(d.tableArn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/" + name);
            assertThat(d.keySchema()).containsExactlyElementsOf(keys("pk", "sk"));
            assertThat(d.attributeDefinitions())
                    .extracting(a -> a.attributeName() + ":" + a.attributeTypeAsString())
                    .containsExactlyInAnyOrder("pk:S", "sk:N", "status:S", "amount:N", "created:S");
            assertThat(d.provisionedThroughput().readCapacityUnits()).isEqualTo(5);
            assertThat(d.provisionedThroughput().writeCapacityUnits()).isEqualTo(5);
            GlobalSecondaryIndexDescription gsi = d.globalSecondaryIndexes().get(0);
            assertThat(gsi.indexName()).isEqualTo("byStatus");
            assertThat(gsi.keySchema()).containsExactlyElementsOf(keys("status", "amount"));
            assertThat(gsi.projection().projectionType()).isEqualTo(ProjectionType.INCLUDE);
            assertThat(gsi.projection().nonKeyAttributes()).containsExactly("note");
            assertThat(gsi.provisionedThroughput().readCapacityUnits()).isEqualTo(3);
            assertThat(gsi.provisionedThroughput().writeCapacityUnits()).isEqualTo(4);
            assertThat(gsi.indexArn()).isEqualTo(d.tableArn() + "/index/byStatus");
            LocalSecondaryIndexDescription lsi = d.localSecondaryIndexes().get(0);
            assertThat(lsi.indexName()).isEqualTo("byCreated");
            assertThat(lsi.keySchema()).containsExactlyElementsOf(keys("pk", "created"));
            assertThat(lsi.projection().projectionType()).isEqualTo(ProjectionType.KEYS_ONLY);
            assertThat(db.describeTable(b -> b.tableName(name)).table().tableStatus())
                    .isEqualTo(TableStatus.ACTIVE);

            String onDemand = LabFixture.uniqueName("ondemand");
            db.createTable(b -> b.tableName(onDemand)
                    .attributeDefinitions(attr("id", ScalarAttributeType.B))
                    .keySchema(keys("id", null))
                    .billingMode(BillingMode.PAY_PER_REQUEST));
            TableDescription od = db.describeTable(b -> b.tableName(onDemand)).table();
            assertThat(od.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
            assertThat(od.provisionedThroughput().readCapacityUnits()).isZero();
            assertThat(od.keySchema()).containsExactlyElementsOf(keys("id", null));
            assertThat(od.globalSecondaryIndexes()).isEmpty();

            assertThatThrownBy(() -> db.createTable(ordersTable(name))).isInstanceOf(ResourceInUseException.class);
            assertValidation(
                    () -> db.createTable(b -> b.tableName(LabFixture.uniqueName("nothroughput"))
                            .attributeDefinitions(attr("pk", S))
                            .keySchema(keys("pk", null))
                            .billingMode(BillingMode.PROVISIONED)),
                    "ReadCapacityUnits");
            assertValidation(
                    () -> db.createTable(b -> b.tableName(LabFixture.uniqueName("lsinosort"))
                            .attributeDefinitions(attr("pk", S), attr("x", S))
                            .keySchema(keys("pk", null))
                            .billingMode(BillingMode.PAY_PER_REQUEST)
                            .localSecondaryIndexes(LocalSecondaryIndex.builder()
                                    .indexName("byX")
                                    .keySchema(keys("pk", "x"))
                                    .projection(Projection.builder()
                                            .projectionType(ProjectionType.ALL)
                                            .build())
                                    .build())),
                    "range key");
            assertValidation(
                    () -> db.createTable(b -> b.tableName(LabFixture.uniqueName("unused"))
                            .attributeDefinitions(attr("pk", S), attr("extra", S))
                            .keySchema(keys("pk", null))
                            .billingMode(BillingMode.PAY_PER_REQUEST)),
                    "AttributeDefinitions");
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void describeTableReportsTheRealItemCountAndSize(Client c) {
            Ddb db = db(c);
            String name = createOrders(db, "describe");
            // Sizes by the documented rules: names + values; "a" 1 B, N 1 → 2 B, N 5 → 2 B.
            db.putItem(b -> b.tableName(name).item(item("pk", s("a"), "sk", n(1), "note", s("hello")))); // 16 B
            db.putItem(b -> b.tableName(name).item(item("pk", s("b"), "sk", n(2), "note", s(ascii(100))))); // 111 B
            db.putItem(b -> b.tableName(name)
                    .item(item(
                            "pk", s("a"), "sk", n(2), "status", s("open"), "amount", n(5)))); // 3 + 4 + 10 + 8 = 25 B

            TableDescription d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.itemCount()).isEqualTo(3);
            assertThat(d.tableSizeBytes()).isEqualTo(16 + 111 + 25);
            assertThat(d.globalSecondaryIndexes().get(0).itemCount()).isEqualTo(1);
            assertThat(d.globalSecondaryIndexes().get(0).indexSizeBytes()).isEqualTo(25);
            assertThat(d.localSecondaryIndexes().get(0).itemCount()).isZero();

            db.deleteItem(b -> b.tableName(name).key(item("pk", s("b"), "sk", n(2))));
            db.putItem(b -> b.tableName(name).item(item("pk", s("a"), "sk", n(1), "note", s("hi")))); // 13 B
            d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.itemCount()).isEqualTo(2);
            assertThat(d.tableSizeBytes()).isEqualTo(13 + 25);
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void listTablesPagesWithLimitAndExclusiveStartTableName(Client c) {
            Ddb db = db(c);
            String prefix = LabFixture.uniqueName("list");
            List<String> mine =
                    IntStream.range(0, 5).mapToObj(i -> prefix + "-" + i).toList();
            for (String t : mine) {
                db.createTable(b -> b.tableName(t)
                        .attributeDefinitions(attr("pk", S))
                        .keySchema(keys("pk", null))
                        .billingMode(BillingMode.PAY_PER_REQUEST));
            }
            List<String> all = new ArrayList<>();
            String start = null;
            int pages = 0;
            do {
                String from = start;
                ListTablesResponse page = db.listTables(b -> b.limit(2).exclusiveStartTableName(from));
                assertThat(page.tableNames()).hasSizeBetween(1, 2);
                start = page.lastEvaluatedTableName();
                if (start != null) {
                    assertThat(start)
                            .isEqualTo(page.tableNames().get(page.tableNames().size() - 1));
                }
                all.addAll(page.tableNames());
                pages++;
            } while (start != null && pages < 1000);
            assertThat(all).containsAll(mine).doesNotHaveDuplicates().isSorted();
            List<String> unpaged = db.listTables(b -> {}).tableNames();
            if (unpaged.size() < 100) {
                assertThat(all).as("the pages add up to the whole list").isEqualTo(unpaged);
            }
            assertThat(pages).isEqualTo((all.size() + 1) / 2);

            ListTablesResponse after =
                    db.listTables(b -> b.exclusiveStartTableName(mine.get(1)).limit(2));
            assertThat(after.tableNames()).containsExactly(mine.get(2), mine.get(3));
            assertThat(after.lastEvaluatedTableName()).isEqualTo(mine.get(3));
            assertValidation(() -> db.listTables(b -> b.limit(101)), "less than or equal to 100");
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void updateTableChangesThroughputBillingModeAndGlobalIndexes(Client c) {
            Ddb db = db(c);
            String name = createOrders(db, "update");
            db.putItem(b -> b.tableName(name).item(item("pk", s("a"), "sk", n(1), "owner", s("ann"))));
            db.putItem(b -> b.tableName(name).item(item("pk", s("a"), "sk", n(2), "owner", s("bob"))));
            db.putItem(b -> b.tableName(name).item(item("pk", s("b"), "sk", n(1), "owner", s("ann"))));
            db.putItem(
                    b -> b.tableName(name).item(item("pk", s("c"), "sk", n(1), "status", s("open"), "amount", n(3))));

            TableDescription d = db.updateTable(b -> b.tableName(name).provisionedThroughput(throughput(10, 20)))
                    .tableDescription();
            // UpdateTable answers the table UPDATING, still with its old throughput; the new one shows when done.
            assertThat(d.tableStatus()).isEqualTo(TableStatus.UPDATING);
            assertThat(d.provisionedThroughput().readCapacityUnits()).isEqualTo(5);
            d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.provisionedThroughput().readCapacityUnits()).isEqualTo(10);
            assertThat(d.provisionedThroughput().writeCapacityUnits()).isEqualTo(20);

            db.updateTable(b -> b.tableName(name)
                    .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                            .update(g -> g.indexName("byStatus").provisionedThroughput(throughput(6, 8)))
                            .build()));
            d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.globalSecondaryIndexes().get(0).provisionedThroughput().writeCapacityUnits())
                    .isEqualTo(8);

            db.updateTable(b -> b.tableName(name)
                    .attributeDefinitions(attr("owner", S))
                    .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                            .create(g -> g.indexName("byOwner")
                                    .keySchema(keys("owner", null))
                                    .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                                    .provisionedThroughput(throughput(1, 1)))
                            .build()));
            d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.globalSecondaryIndexes())
                    .extracting(GlobalSecondaryIndexDescription::indexName)
                    .containsExactlyInAnyOrder("byStatus", "byOwner");
            assertThat(d.attributeDefinitions())
                    .extracting(a -> a.attributeName())
                    .contains("owner");
            // The new index holds the items written before it existed.
            QueryResponse byOwner = db.query(b -> b.tableName(name)
                    .indexName("byOwner")
                    .keyConditionExpression("#o = :o")
                    .expressionAttributeNames(Map.of("#o", "owner"))
                    .expressionAttributeValues(Map.of(":o", s("ann"))));
            assertThat(byOwner.items())
                    .extracting(i -> i.get("pk").s() + i.get("sk").n())
                    .containsExactlyInAnyOrder("a1", "b1");

            db.updateTable(b -> b.tableName(name)
                    .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                            .delete(g -> g.indexName("byStatus"))
                            .build()));
            d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.globalSecondaryIndexes())
                    .extracting(GlobalSecondaryIndexDescription::indexName)
                    .containsExactly("byOwner");
            assertValidation(
                    () -> db.query(b -> b.tableName(name)
                            .indexName("byStatus")
                            .keyConditionExpression("#s = :s")
                            .expressionAttributeNames(Map.of("#s", "status"))
                            .expressionAttributeValues(Map.of(":s", s("open")))),
                    "byStatus");
            assertThatThrownBy(() -> db.updateTable(b -> b.tableName(name)
                            .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                                    .delete(g -> g.indexName("byStatus"))
                                    .build())))
                    .isInstanceOf(ResourceNotFoundException.class);

            db.updateTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST));
            d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
            assertThat(d.provisionedThroughput().readCapacityUnits()).isZero();

            // Back to provisioned: DynamoDB wants the throughput of every global index too.
            assertValidation(
                    () -> db.updateTable(b -> b.tableName(name)
                            .billingMode(BillingMode.PROVISIONED)
                            .provisionedThroughput(throughput(2, 3))),
                    "ProvisionedThroughput must be specified for index:" + " byOwner");
            db.updateTable(b -> b.tableName(name)
                    .billingMode(BillingMode.PROVISIONED)
                    .provisionedThroughput(throughput(2, 3))
                    .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                            .update(g -> g.indexName("byOwner").provisionedThroughput(throughput(1, 1)))
                            .build()));
            d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.billingModeSummary().billingMode()).isEqualTo(BillingMode.PROVISIONED);
            assertThat(d.provisionedThroughput().writeCapacityUnits()).isEqualTo(3);
            assertValidation(() -> db.updateTable(b -> b.tableName(name)), "At least one of");
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void aRefusedBillingModeSwitchChangesNothing(Client c) {
            Ddb db = db(c);
            String name = createSimple(db, "switch", "pk", S, null, null);
            assertValidation(
                    () -> db.updateTable(b -> b.tableName(name).billingMode(BillingMode.PROVISIONED)),
                    "ProvisionedThroughput");
            TableDescription d = db.describeTable(b -> b.tableName(name)).table();
            assertThat(d.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void deleteTableRemovesTheTableAndItsItems(Client c) {
            Ddb db = db(c);
            String name = createSimple(db, "delete", "pk", S, null, null);
            db.putItem(b -> b.tableName(name).item(item("pk", s("x"))));
            TableDescription d = db.deleteTable(b -> b.tableName(name)).tableDescription();
            assertThat(d.tableStatus()).isEqualTo(TableStatus.DELETING);
            assertThat(d.itemCount()).isEqualTo(1);
            assertThatThrownBy(() -> db.describeTable(b -> b.tableName(name)))
                    .isInstanceOf(ResourceNotFoundException.class);
            assertThatThrownBy(() -> db.getItem(b -> b.tableName(name).key(item("pk", s("x")))))
                    .isInstanceOf(ResourceNotFoundException.class);
            assertThatThrownBy(() -> db.deleteTable(b -> b.tableName(name)))
                    .isInstanceOf(ResourceNotFoundException.class);
            assertThat(db.listTables(b -> {}).tableNames()).doesNotContain(name);
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    @Nested
    class ItemOperations {
        @ParameterizedTest
        @EnumSource(Client.class)
        void putGetDeleteRoundTripEveryAttributeType(Client c) {
            Ddb db = db(c);
            String name = createSimple(db, "types", "pk", S, null, null);
            Map<String, AttributeValue> all = item(
                    "pk",
                    s("k"),
                    "s",
                    s("héllo ✓"),
                    "n",
                    n("-12.5"),
                    "b",
                    b(new byte[] {0, 1, (byte) 255}),
                    "t",
                    bool(true),
                    "f",
                    bool(false),
                    "z",
                    nul(),
                    "ss",
                    ss("a", "b"),
                    "ns",
                    ns(1, 2.5),
                    "bs",
                    AttributeValue.fromBs(
                            List.of(b(new byte[] {1}).b(), b(new byte[] {2}).b())),
                    "l",
                    l(s("x"), n(1), l(bool(true)), m("k", s("v"))),
                    "m",
                    m("mid", m("deep", n(7)), "e", l()));
            assertThat(db.putItem(b -> b.tableName(name).item(all)).hasAttributes())
                    .isFalse();

            Map<String, AttributeValue> got = db.getItem(
                            b -> b.tableName(name).key(item("pk", s("k"))).consistentRead(true))
                    .item();
            assertThat(got).isEqualTo(all);
            assertThat(db.getItem(b -> b.tableName(name).key(item("pk", s("nope"))))
                            .hasItem())
                    .isFalse();

            Map<String, AttributeValue> projected = db.getItem(b -> b.tableName(name)
                            .key(item("pk", s("k")))
                            .projectionExpression("#m.mid, l[2], ss")
                            .expressionAttributeNames(Map.of("#m", "m")))
                    .item();
            assertThat(projected)
                    .isEqualTo(item("m", m("mid", m("deep", n(7))), "l", l(l(bool(true))), "ss", ss("a", "b")));

            db.deleteItem(b -> b.tableName(name).key(item("pk", s("k"))));
            assertThat(db.getItem(b -> b.tableName(name).key(item("pk", s("k"))))
                            .hasItem())
                    .isFalse();
            assertValidation(() -> db.getItem(b -> b.tableName(name).key(item("pk", n(1)))), "key element");
            assertValidation(() -> db.putItem(b -> b.tableName(name).item(item("other", s("x")))), "pk");
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void conditionExpressionsDecideEveryWrite(Client c) {
            Ddb db = db(c);
            String name = createSimple(db, "cond", "pk", S, null, null);
            Map<String, AttributeValue> key = item("pk", s("c"));
            db.putItem(b -> b.tableName(name)
                    .item(item(
                            "pk",
                            s("c"),
                            "n",
                            n(5),
                            "s",
                            s("hello world"),
                            "tags",
                            ss("a", "b"),
                            "list",
                            l(n(1), n(2), n(3)),
                            "m",
                            m("x", n(1)),
                            "hits",
                            n(0))));
            Map<String, AttributeValue> pool = new HashMap<>();
            pool.put(":one", n(1));
            pool.put(":two", n(2));
            pool.put(":three", n(3));
            pool.put(":four", n(4));
            pool.put(":five", n(5));
            pool.put(":six", n(6));
            pool.put(":eleven", n(11));
            pool.put(":hel", s("hel"));
            pool.put(":wor", s("wor"));
            pool.put(":a", s("a"));
            pool.put(":z", s("z"));
            pool.put(":str", s("S"));
            Map<String, String> names = Map.of("#l", "list", "#n", "n");
            Map<String, Boolean> cases = new LinkedHashMap<>();
            cases.put("n = :five", true);
            cases.put("n <> :five", false);
            cases.put("n < :six", true);
            cases.put("n <= :five", true);
            cases.put("n > :five", false);
            cases.put("n >= :six", false);
            cases.put("n BETWEEN :four AND :six", true);
            cases.put("n BETWEEN :one AND :four", false);
            cases.put("n IN (:four, :six)", false);
            cases.put("n IN (:four, :five)", true);
            cases.put("attribute_exists(s)", true);
            cases.put("attribute_exists(nope)", false);
            cases.put("attribute_not_exists(s)", false);
            cases.put("attribute_not_exists(nope)", true);
            cases.put("attribute_type(s, :str)", true);
            cases.put("begins_with(s, :hel)", true);
            cases.put("begins_with(s, :wor)", false);
            cases.put("contains(s, :wor)", true);
            cases.put("contains(tags, :a)", true);
            cases.put("contains(tags, :z)", false);
            cases.put("contains(#l, :two)", true);
            cases.put("size(s) = :eleven", true);
            cases.put("size(tags) > :two", false);
            cases.put("size(#l) = :three", true);
            cases.put("m.x = :one", true);
            cases.put("#l[1] = :two", true);
            cases.put("NOT #n = :five", false);
            cases.put("#n = :five AND contains(tags, :a)", true);
            cases.put("#n = :five AND contains(tags, :z)", false);
            cases.put("#n = :six OR begins_with(s, :hel)", true);
            cases.put("NOT (#n = :six OR attribute_exists(nope))", true);
            cases.put("(n < :two OR n > :four) AND NOT contains(s, :z)", true);

            int passed = 0;
            for (Map.Entry<String, Boolean> e : cases.entrySet()) {
                String cond = e.getKey();
                Map<String, AttributeValue> values = valuesFor(cond, pool);
                values.put(":inc", n(1));
                Map<String, String> usedNames = namesFor(cond, names);
                Runnable write = () -> db.updateItem(b -> b.tableName(name)
                        .key(key)
                        .updateExpression("ADD hits :inc")
                        .conditionExpression(cond)
                        .expressionAttributeValues(values)
                        .expressionAttributeNames(usedNames));
                if (e.getValue()) {
                    write.run();
                    passed++;
                } else {
                    assertThatThrownBy(write::run).as(cond).isInstanceOf(ConditionalCheckFailedException.class);
                }
                assertThat(db.getItem(b -> b.tableName(name).key(key)).item().get("hits"))
                        .as(cond)
                        .isEqualTo(n(passed));
            }
            assertThat(passed).isEqualTo(20);

            // The refused write hands back the item as it is, when asked.
            Map<String, AttributeValue> current =
                    db.getItem(b -> b.tableName(name).key(key)).item();
            ConditionalCheckFailedException failed = catchThrowableOfType(
                    ConditionalCheckFailedException.class,
                    () -> db.putItem(b -> b.tableName(name)
                            .item(item("pk", s("c")))
                            .conditionExpression("attribute_not_exists(pk)")
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)));
            assertThat(failed.item()).isEqualTo(current);
            assertThat(failed.awsErrorDetails().errorCode()).isEqualTo("ConditionalCheckFailedException");

            assertThatThrownBy(() -> db.deleteItem(b -> b.tableName(name)
                            .key(key)
                            .conditionExpression("n > :five")
                            .expressionAttributeValues(Map.of(":five", n(5)))))
                    .isInstanceOf(ConditionalCheckFailedException.class);
            assertThat(db.getItem(b -> b.tableName(name).key(key)).hasItem()).isTrue();
            db.deleteItem(b -> b.tableName(name)
                    .key(key)
                    .conditionExpression("n = :five")
                    .expressionAttributeValues(Map.of(":five", n(5))));
            assertThat(db.getItem(b -> b.tableName(name).key(key)).hasItem()).isFalse();
            // The condition is decided before the update is applied: a failing condition wins over an update that
            // could not have been applied (m does not exist), a passing one lets the update's own error through.
            db.putItem(b -> b.tableName(name).item(item("pk", s("e"), "v", n(1))));
            assertThatThrownBy(() -> db.updateItem(b -> b.tableName(name)
                            .key(item("pk", s("e")))
                            .updateExpression("SET m.a = :one")
                            .conditionExpression("v = :two")
                            .expressionAttributeValues(Map.of(":one", n(1), ":two", n(2)))))
                    .isInstanceOf(ConditionalCheckFailedException.class);
            assertValidation(
                    () -> db.updateItem(b -> b.tableName(name)
                            .key(item("pk", s("e")))
                            .updateExpression("SET m.a = :one")
                            .conditionExpression("v = :one")
                            .expressionAttributeValues(Map.of(":one", n(1)))),
                    "document path");
            // A condition on a missing item sees no attributes at all.
            db.putItem(b -> b.tableName(name)
                    .item(item("pk", s("c"), "v", n(1)))
                    .conditionExpression("attribute_not_exists(pk)"));
            assertValidation(
                    () -> db.putItem(b ->
                            b.tableName(name).item(item("pk", s("d"))).conditionExpression("a = :unused_not_here")),
                    ":unused_not_here");
            assertValidation(
                    () -> db.putItem(b -> b.tableName(name)
                            .item(item("pk", s("d")))
                            .conditionExpression("attribute_exists(pk)")
                            .expressionAttributeValues(Map.of(":x", n(1)))),
                    "unused");
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void returnValuesOfEveryKind(Client c) {
            Ddb db = db(c);
            String name = createSimple(db, "retval", "pk", S, null, null);
            Map<String, AttributeValue> key = item("pk", s("r"));
            Map<String, AttributeValue> v1 = item("pk", s("r"), "a", n(1), "b", s("one"));
            Map<String, AttributeValue> v2 = item("pk", s("r"), "a", n(2), "b", s("one"), "c", s("new"));

            PutItemResponse first = db.putItem(b -> b.tableName(name).item(v1).returnValues(ReturnValue.ALL_OLD));
            assertThat(first.hasAttributes()).isFalse();
            assertThat(db.putItem(b -> b.tableName(name).item(v2).returnValues(ReturnValue.ALL_OLD))
                            .attributes())
                    .isEqualTo(v1);
            assertThat(db.putItem(b -> b.tableName(name).item(v2).returnValues(ReturnValue.NONE))
                            .hasAttributes())
                    .isFalse();
            assertValidation(
                    () -> db.putItem(b -> b.tableName(name).item(v2).returnValues(ReturnValue.UPDATED_NEW)),
                    "ALL_OLD or NONE");

            Map<ReturnValue, Map<String, AttributeValue>> expected = new LinkedHashMap<>();
            // Each update changes a (2 → 3 → 4 ...) and sets d; b stays.
            int a = 2;
            for (ReturnValue rv : List.of(
                    ReturnValue.ALL_OLD,
                    ReturnValue.ALL_NEW,
                    ReturnValue.UPDATED_OLD,
                    ReturnValue.UPDATED_NEW,
                    ReturnValue.NONE)) {
                Map<String, AttributeValue> before =
                        db.getItem(b -> b.tableName(name).key(key)).item();
                int next = a + 1;
                UpdateItemResponse r = db.updateItem(b -> b.tableName(name)
                        .key(key)
                        .updateExpression("SET a = :next, d = :d REMOVE c")
                        .expressionAttributeValues(Map.of(":next", n(next), ":d", s("d" + next)))
                        .returnValues(rv));
                Map<String, AttributeValue> after =
                        db.getItem(b -> b.tableName(name).key(key)).item();
                Map<String, AttributeValue> want =
                        switch (rv) {
                            case ALL_OLD -> before;
                            case ALL_NEW -> after;
                            case UPDATED_OLD -> select(before, "a", "d", "c");
                            case UPDATED_NEW -> select(after, "a", "d", "c");
                            default -> Map.of();
                        };
                assertThat(r.attributes()).as(rv.toString()).isEqualTo(want);
                expected.put(rv, want);
                a = next;
            }
            assertThat(expected.get(ReturnValue.UPDATED_OLD)).containsOnlyKeys("a", "d");

            // UPDATED_* return only the written paths of a nested attribute, not the whole attribute.
            db.updateItem(b -> b.tableName(name)
                    .key(key)
                    .updateExpression("SET m = :m")
                    .expressionAttributeValues(Map.of(":m", m("x", n(1), "y", l(s("a"), s("b"))))));
            UpdateItemResponse nested = db.updateItem(b -> b.tableName(name)
                    .key(key)
                    .updateExpression("SET m.x = :two, m.y[1] = :c")
                    .returnValues(ReturnValue.UPDATED_NEW)
                    .expressionAttributeValues(Map.of(":two", n(2), ":c", s("c"))));
            assertThat(nested.attributes()).isEqualTo(item("m", m("x", n(2), "y", l(s("c")))));
            UpdateItemResponse nestedOld = db.updateItem(b ->
                    b.tableName(name).key(key).updateExpression("REMOVE m.y").returnValues(ReturnValue.UPDATED_OLD));
            assertThat(nestedOld.attributes()).isEqualTo(item("m", m("y", l(s("a"), s("c")))));
            db.updateItem(b -> b.tableName(name).key(key).updateExpression("REMOVE m"));
            assertThat(expected.get(ReturnValue.UPDATED_NEW)).isEqualTo(item("a", n(6), "d", s("d6")));

            assertThat(db.deleteItem(b -> b.tableName(name).key(key).returnValues(ReturnValue.ALL_OLD))
                            .attributes())
                    .isEqualTo(item("pk", s("r"), "a", n(7), "b", s("one"), "d", s("d7")));
            assertThat(db.deleteItem(b -> b.tableName(name).key(key).returnValues(ReturnValue.ALL_OLD))
                            .hasAttributes())
                    .isFalse();
        }

        private static Map<String, AttributeValue> select(Map<String, AttributeValue> item, String... names) {
            Map<String, AttributeValue> out = new HashMap<>();
            for (String n : names) {
                if (item.containsKey(n)) {
                    out.put(n, item.get(n));
                }
            }
            return out;
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void updateExpressionsSetRemoveAddDelete(Client c) {
            Ddb db = db(c);
            String name = createSimple(db, "updexpr", "pk", S, null, null);
            Map<String, AttributeValue> key = item("pk", s("u"));
            db.putItem(b -> b.tableName(name)
                    .item(item(
                            "pk",
                            s("u"),
                            "count",
                            n(1),
                            "lst",
                            l(s("a")),
                            "tags",
                            ss("x", "y"),
                            "nums",
                            ns(1, 2),
                            "m",
                            m("mid", m("v", n(1))),
                            "gone",
                            s("bye"),
                            "prev",
                            s("keep"))));

            db.updateItem(b -> b.tableName(name)
                    .key(key)
                    .updateExpression("SET #c = #c + :two, tot = :ten - #c, created = if_not_exists(created, :now),"
                            + " prev = if_not_exists(prev, :now), m.mid.v = :nine")
                    .expressionAttributeNames(Map.of("#c", "count"))
                    .expressionAttributeValues(Map.of(":two", n(2), ":ten", n(10), ":now", s("now"), ":nine", n(9))));
            Map<String, AttributeValue> i =
                    db.getItem(b -> b.tableName(name).key(key)).item();
            assertThat(i.get("count")).isEqualTo(n(3));
            assertThat(i.get("tot"))
                    .as("right-hand sides see the item before the update")
                    .isEqualTo(n(9));
            assertThat(i.get("created")).isEqualTo(s("now"));
            assertThat(i.get("prev")).isEqualTo(s("keep"));
            assertThat(i.get("m")).isEqualTo(m("mid", m("v", n(9))));

            db.updateItem(b -> b.tableName(name)
                    .key(key)
                    .updateExpression("SET lst = list_append(lst, :more), front = list_append(:first, lst)")
                    .expressionAttributeValues(Map.of(":more", l(s("b"), s("c")), ":first", l(s("z")))));
            i = db.getItem(b -> b.tableName(name).key(key)).item();
            assertThat(i.get("lst")).isEqualTo(l(s("a"), s("b"), s("c")));
            assertThat(i.get("front")).isEqualTo(l(s("z"), s("a")));

            db.updateItem(b -> b.tableName(name).key(key).updateExpression("REMOVE gone, lst[1], m.mid"));
            i = db.getItem(b -> b.tableName(name).key(key)).item();
            assertThat(i).doesNotContainKey("gone");
            assertThat(i.get("lst")).isEqualTo(l(s("a"), s("c")));
            assertThat(i.get("m")).isEqualTo(m());

            db.updateItem(b -> b.tableName(name)
                    .key(key)
                    .updateExpression("ADD #c :five, tags :z, fresh :three," + " nums :n3")
                    .expressionAttributeNames(Map.of("#c", "count"))
                    .expressionAttributeValues(Map.of(":five", n(5), ":z", ss("z"), ":three", n(3), ":n3", ns(3))));
            i = db.getItem(b -> b.tableName(name).key(key)).item();
            assertThat(i.get("count")).isEqualTo(n(8));
            assertThat(i.get("tags").ss()).containsExactlyInAnyOrder("x", "y", "z");
            assertThat(i.get("fresh")).isEqualTo(n(3));
            assertThat(i.get("nums").ns()).containsExactlyInAnyOrder("1", "2", "3");

            db.updateItem(b -> b.tableName(name)
                    .key(key)
                    .updateExpression("DELETE tags :xy")
                    .expressionAttributeValues(Map.of(":xy", ss("x", "y"))));
            assertThat(db.getItem(b -> b.tableName(name).key(key)).item().get("tags"))
                    .isEqualTo(ss("z"));
            db.updateItem(b -> b.tableName(name)
                    .key(key)
                    .updateExpression("DELETE tags :z")
                    .expressionAttributeValues(Map.of(":z", ss("z"))));
            assertThat(db.getItem(b -> b.tableName(name).key(key)).item())
                    .as("an emptied set is removed")
                    .doesNotContainKey("tags");

            // Update of a missing item creates it from its key.
            db.updateItem(b -> b.tableName(name)
                    .key(item("pk", s("new")))
                    .updateExpression("SET a = :one")
                    .expressionAttributeValues(Map.of(":one", n(1))));
            assertThat(db.getItem(b -> b.tableName(name).key(item("pk", s("new"))))
                            .item())
                    .isEqualTo(item("pk", s("new"), "a", n(1)));

            assertValidation(
                    () -> db.updateItem(b -> b.tableName(name)
                            .key(key)
                            .updateExpression("SET pk = :x")
                            .expressionAttributeValues(Map.of(":x", s("x")))),
                    "key");
            assertValidation(
                    () -> db.updateItem(b -> b.tableName(name)
                            .key(key)
                            .updateExpression("SET prev = prev + :one")
                            .expressionAttributeValues(Map.of(":one", n(1)))),
                    "incorrect data type");
            assertValidation(
                    () -> db.updateItem(b -> b.tableName(name)
                            .key(key)
                            .updateExpression("SET a = absent + :one")
                            .expressionAttributeValues(Map.of(":one", n(1)))),
                    "does not exist");
            assertThat(db.getItem(b -> b.tableName(name).key(key)).item().get("count"))
                    .isEqualTo(n(8));
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    @Nested
    class Queries {
        /** Table pk (S) + sk (N): "p" holds sk 1..20 with v = sk % 3; "q" holds sk 1..3. */
        private String numbered(Ddb db) {
            String name = createSimple(db, "query", "pk", S, "sk", N);
            for (int i = 1; i <= 20; i++) {
                int sk = i;
                db.putItem(b ->
                        b.tableName(name).item(item("pk", s("p"), "sk", n(sk), "v", n(sk % 3), "pad", s(ascii(sk)))));
            }
            for (int i = 1; i <= 3; i++) {
                int sk = i;
                db.putItem(b -> b.tableName(name).item(item("pk", s("q"), "sk", n(sk))));
            }
            return name;
        }

        private List<Long> keysOf(
                Ddb db,
                String table,
                String keyCondition,
                Map<String, AttributeValue> values,
                Map<String, String> names) {
            return sortKeys(
                    db.query(b -> b.tableName(table)
                                    .keyConditionExpression(keyCondition)
                                    .expressionAttributeValues(values)
                                    .expressionAttributeNames(names))
                            .items(),
                    "sk");
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void everyKeyConditionFormSelectsItsRange(Client c) {
            Ddb db = db(c);
            String t = numbered(db);
            Map<String, AttributeValue> p = Map.of(":p", s("p"));
            assertThat(keysOf(db, t, "pk = :p", p, null)).isEqualTo(range(1, 20, i -> true));
            assertThat(keysOf(db, t, ":p = pk", p, null)).isEqualTo(range(1, 20, i -> true));
            assertThat(keysOf(db, t, "pk = :p AND sk = :v", with(p, ":v", n(7)), null))
                    .containsExactly(7L);
            assertThat(keysOf(db, t, "pk = :p AND sk < :v", with(p, ":v", n(7)), null))
                    .isEqualTo(range(1, 6, i -> true));
            assertThat(keysOf(db, t, "pk = :p AND sk <= :v", with(p, ":v", n(7)), null))
                    .isEqualTo(range(1, 7, i -> true));
            assertThat(keysOf(db, t, "pk = :p AND sk > :v", with(p, ":v", n(17)), null))
                    .isEqualTo(range(18, 20, i -> true));
            assertThat(keysOf(db, t, "sk >= :v AND pk = :p", with(p, ":v", n(17)), null))
                    .isEqualTo(range(17, 20, i -> true));
            assertThat(keysOf(
                            db,
                            t,
                            "#k = :p AND #s BETWEEN :lo AND :hi",
                            with(with(p, ":lo", n(5)), ":hi", n(9)),
                            Map.of("#k", "pk", "#s", "sk")))
                    .isEqualTo(range(5, 9, i -> true));
            assertThat(keysOf(
                            db,
                            t,
                            "pk = :p AND sk BETWEEN :lo AND :hi",
                            with(with(p, ":lo", n(25)), ":hi", n(30)),
                            null))
                    .isEmpty();
            assertThat(keysOf(db, t, "pk = :q", Map.of(":q", s("q")), null)).containsExactly(1L, 2L, 3L);
            assertThat(keysOf(db, t, "pk = :q", Map.of(":q", s("none")), null)).isEmpty();

            String st = createSimple(db, "querys", "pk", S, "sk", S);
            for (String sk : List.of("a#1", "a#2", "a#3", "ab", "b#1", "b#2", "c")) {
                db.putItem(b -> b.tableName(st).item(item("pk", s("p"), "sk", s(sk))));
            }
            List<String> prefixed = db
                    .query(b -> b.tableName(st)
                            .keyConditionExpression("pk = :p AND begins_with(sk, :pre)")
                            .expressionAttributeValues(Map.of(":p", s("p"), ":pre", s("a#"))))
                    .items()
                    .stream()
                    .map(i -> i.get("sk").s())
                    .toList();
            assertThat(prefixed).containsExactly("a#1", "a#2", "a#3");

            assertValidation(
                    () -> db.query(b -> b.tableName(t)
                            .keyConditionExpression("sk = :v")
                            .expressionAttributeValues(Map.of(":v", n(1)))),
                    "missed key schema element");
            assertValidation(
                    () -> db.query(b -> b.tableName(t)
                            .keyConditionExpression("pk = :p OR sk = :v")
                            .expressionAttributeValues(Map.of(":p", s("p"), ":v", n(1)))),
                    "");
            assertValidation(
                    () -> db.query(b -> b.tableName(t)
                            .keyConditionExpression("pk = :p AND v = :v")
                            .expressionAttributeValues(Map.of(":p", s("p"), ":v", n(1)))),
                    "");
        }

        private static Map<String, AttributeValue> with(Map<String, AttributeValue> m, String k, AttributeValue v) {
            Map<String, AttributeValue> out = new HashMap<>(m);
            out.put(k, v);
            return out;
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void filterProjectionLimitAndPaginationToTheEnd(Client c) {
            Ddb db = db(c);
            String t = numbered(db);
            List<Map<String, AttributeValue>> all = new ArrayList<>();
            Map<String, AttributeValue> start = null;
            int pages = 0;
            int scanned = 0;
            do {
                Map<String, AttributeValue> from = start;
                QueryResponse r = db.query(b -> b.tableName(t)
                        .keyConditionExpression("pk = :p")
                        .filterExpression("#v = :zero")
                        .projectionExpression("sk, #v")
                        .expressionAttributeNames(Map.of("#v", "v"))
                        .expressionAttributeValues(Map.of(":p", s("p"), ":zero", n(0)))
                        .limit(4)
                        .exclusiveStartKey(from));
                assertThat(r.scannedCount()).isLessThanOrEqualTo(4);
                assertThat(r.count()).isEqualTo(r.items().size());
                scanned += r.scannedCount();
                all.addAll(r.items());
                start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
                if (start != null) {
                    assertThat(start).containsOnlyKeys("pk", "sk");
                }
                pages++;
            } while (start != null && pages < 100);
            assertThat(sortKeys(all, "sk")).isEqualTo(range(1, 20, i -> i % 3 == 0));
            assertThat(all).allSatisfy(i -> assertThat(i).containsOnlyKeys("sk", "v"));
            assertThat(scanned).isEqualTo(20);
            // 20 items, 4 per page: the 5th page reaches the limit and still hands back a key; the 6th is empty.
            assertThat(pages).isEqualTo(6);

            QueryResponse back = db.query(b -> b.tableName(t)
                    .keyConditionExpression("pk = :p AND sk > :v")
                    .expressionAttributeValues(Map.of(":p", s("p"), ":v", n(15)))
                    .scanIndexForward(false)
                    .limit(3));
            assertThat(sortKeys(back.items(), "sk")).containsExactly(20L, 19L, 18L);
            QueryResponse rest = db.query(b -> b.tableName(t)
                    .keyConditionExpression("pk = :p AND sk > :v")
                    .expressionAttributeValues(Map.of(":p", s("p"), ":v", n(15)))
                    .scanIndexForward(false)
                    .exclusiveStartKey(back.lastEvaluatedKey()));
            assertThat(sortKeys(rest.items(), "sk")).containsExactly(17L, 16L);
            assertThat(rest.hasLastEvaluatedKey()).isFalse();

            QueryResponse count = db.query(b -> b.tableName(t)
                    .keyConditionExpression("pk = :p")
                    .filterExpression("v = :one")
                    .select(Select.COUNT)
                    .expressionAttributeValues(Map.of(":p", s("p"), ":one", n(1))));
            assertThat(count.count()).isEqualTo(7);
            assertThat(count.scannedCount()).isEqualTo(20);
            assertThat(count.hasItems()).isFalse();

            assertValidation(
                    () -> db.query(b -> b.tableName(t)
                            .keyConditionExpression("pk = :p")
                            .expressionAttributeValues(Map.of(":p", s("p")))
                            .exclusiveStartKey(item("pk", s("q"), "sk", n(1)))),
                    "outside query boundaries");
            // A start key of the wrong types is the client's error, not an internal one.
            assertValidation(
                    () -> db.query(b -> b.tableName(t)
                            .keyConditionExpression("pk = :p")
                            .expressionAttributeValues(Map.of(":p", s("p")))
                            .exclusiveStartKey(item("pk", s("p"), "sk", s("1")))),
                    "does not match the schema");
            assertValidation(
                    () -> db.scan(b -> b.tableName(t).exclusiveStartKey(item("pk", bool(true), "sk", n(1)))),
                    "starting key is invalid");
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void pagesStopAtOneMegabyteOfItems(Client c) {
            Ddb db = db(c);
            String t = createSimple(db, "bigpages", "pk", S, "sk", N);
            int itemBytes = 300 * 1024;
            for (int i = 1; i <= 10; i++) {
                int sk = i;
                // "pk"+"p" 3 B, "sk"+N 4 B (5 for 10), "pad" 3 B
                db.putItem(b -> b.tableName(t)
                        .item(item("pk", s("p"), "sk", n(sk), "pad", s(ascii(itemBytes - 10 - (sk == 10 ? 1 : 0))))));
            }
            List<Integer> pageSizes = new ArrayList<>();
            List<Long> seen = new ArrayList<>();
            Map<String, AttributeValue> start = null;
            do {
                Map<String, AttributeValue> from = start;
                QueryResponse r = db.query(b -> b.tableName(t)
                        .keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", s("p")))
                        .exclusiveStartKey(from));
                pageSizes.add(r.count());
                seen.addAll(sortKeys(r.items(), "sk"));
                start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
            } while (start != null && pageSizes.size() < 20);
            // A page ends with the item that takes it past 1 MB: 4 × 300 KB > 1 MB > 3 × 300 KB.
            assertThat(pageSizes).containsExactly(4, 4, 2);
            assertThat(seen).isEqualTo(range(1, 10, i -> true));

            List<Integer> scanPages = new ArrayList<>();
            Map<String, AttributeValue> scanStart = null;
            do {
                Map<String, AttributeValue> from = scanStart;
                ScanResponse r = db.scan(b -> b.tableName(t).exclusiveStartKey(from));
                scanPages.add(r.count());
                scanStart = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
            } while (scanStart != null && scanPages.size() < 20);
            assertThat(scanPages).containsExactly(4, 4, 2);
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void globalAndLocalIndexesAnswerQueriesInIndexOrder(Client c) {
            Ddb db = db(c);
            String t = createOrders(db, "indexq");
            int[][] rows = {{1, 30}, {2, 10}, {3, 20}, {4, 40}};
            for (int[] r : rows) {
                db.putItem(b -> b.tableName(t)
                        .item(item(
                                "pk",
                                s("c1"),
                                "sk",
                                n(r[0]),
                                "status",
                                s("open"),
                                "amount",
                                n(r[1]),
                                "note",
                                s("n" + r[0]),
                                "secret",
                                s("s"),
                                "created",
                                s("2024-0" + (5 - r[0])))));
            }
            db.putItem(b -> b.tableName(t)
                    .item(item(
                            "pk", s("c2"), "sk", n(1), "status", s("open"), "amount", n(25), "created", s("2024-09"))));
            db.putItem(b -> b.tableName(t).item(item("pk", s("c2"), "sk", n(2), "status", s("done"), "amount", n(5))));

            QueryResponse open = db.query(b -> b.tableName(t)
                    .indexName("byStatus")
                    .keyConditionExpression("#s = :open AND amount >= :min")
                    .expressionAttributeNames(Map.of("#s", "status"))
                    .expressionAttributeValues(Map.of(":open", s("open"), ":min", n(15))));
            assertThat(sortKeys(open.items(), "amount")).containsExactly(20L, 25L, 30L, 40L);
            assertThat(open.items().get(0))
                    .isEqualTo(item("pk", s("c1"), "sk", n(3), "status", s("open"), "amount", n(20), "note", s("n3")));
            assertThat(open.items()).noneSatisfy(i -> assertThat(i).containsKey("secret"));

            // Paging through a GSI: the key carries the table key and the index key.
            List<Long> amounts = new ArrayList<>();
            Map<String, AttributeValue> start = null;
            int pages = 0;
            do {
                Map<String, AttributeValue> from = start;
                QueryResponse r = db.query(b -> b.tableName(t)
                        .indexName("byStatus")
                        .keyConditionExpression("#s = :open")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":open", s("open")))
                        .limit(2)
                        .scanIndexForward(false)
                        .exclusiveStartKey(from));
                amounts.addAll(sortKeys(r.items(), "amount"));
                start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
                if (start != null) {
                    assertThat(start).containsOnlyKeys("pk", "sk", "status", "amount");
                }
                pages++;
            } while (start != null && pages < 20);
            assertThat(amounts).containsExactly(40L, 30L, 25L, 20L, 10L);

            QueryResponse byCreated = db.query(b -> b.tableName(t)
                    .indexName("byCreated")
                    .consistentRead(true)
                    .keyConditionExpression("pk = :c AND created < :d")
                    .expressionAttributeValues(Map.of(":c", s("c1"), ":d", s("2024-04"))));
            assertThat(byCreated.items())
                    .containsExactly(
                            item("pk", s("c1"), "sk", n(4), "created", s("2024-01")),
                            item("pk", s("c1"), "sk", n(3), "created", s("2024-02")),
                            item("pk", s("c1"), "sk", n(2), "created", s("2024-03")));

            assertValidation(
                    () -> db.query(b -> b.tableName(t)
                            .indexName("byStatus")
                            .consistentRead(true)
                            .keyConditionExpression("#s = :open")
                            .expressionAttributeNames(Map.of("#s", "status"))
                            .expressionAttributeValues(Map.of(":open", s("open")))),
                    "Consistent reads are not supported");
            assertValidation(
                    () -> db.query(b -> b.tableName(t)
                            .indexName("nope")
                            .keyConditionExpression("pk = :c")
                            .expressionAttributeValues(Map.of(":c", s("c1")))),
                    "nope");
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    @Nested
    class Scans {
        @ParameterizedTest
        @EnumSource(Client.class)
        void parallelScanSegmentsCoverTheTableExactlyOnce(Client c) {
            Ddb db = db(c);
            String t = createSimple(db, "segments", "pk", S, "sk", N);
            Set<String> expected = new HashSet<>();
            List<WriteRequest> batch = new ArrayList<>();
            for (int i = 0; i < 150; i++) {
                for (int j = 0; j < 2; j++) {
                    Map<String, AttributeValue> it = item("pk", s("k" + i), "sk", n(j), "v", n(i % 4));
                    expected.add("k" + i + "/" + j);
                    batch.add(WriteRequest.builder().putRequest(p -> p.item(it)).build());
                    if (batch.size() == 25) {
                        List<WriteRequest> send = List.copyOf(batch);
                        BatchWriteItemResponse r = db.batchWriteItem(b -> b.requestItems(Map.of(t, send)));
                        assertThat(r.unprocessedItems()).isEmpty();
                        batch.clear();
                    }
                }
            }
            for (int total : new int[] {1, 2, 3, 7}) {
                List<String> union = new ArrayList<>();
                int nonEmpty = 0;
                for (int seg = 0; seg < total; seg++) {
                    int segment = seg;
                    List<String> part = scanAll(db, b -> b.tableName(t)
                            .segment(segment)
                            .totalSegments(total)
                            .limit(13));
                    union.addAll(part);
                    nonEmpty += part.isEmpty() ? 0 : 1;
                }
                assertThat(union)
                        .as("%d segments", total)
                        .doesNotHaveDuplicates()
                        .containsExactlyInAnyOrderElementsOf(expected);
                assertThat(nonEmpty)
                        .as("300 items spread over every one of %d segments", total)
                        .isEqualTo(total);
            }
            assertValidation(() -> db.scan(b -> b.tableName(t).segment(3).totalSegments(3)), "Segment");
            // Segment 0 alone is the whole table, as on DynamoDB; any other segment needs TotalSegments.
            assertValidation(() -> db.scan(b -> b.tableName(t).segment(1)), "TotalSegments");
        }

        private List<String> scanAll(Ddb db, Consumer<ScanRequest.Builder> request) {
            List<String> out = new ArrayList<>();
            Map<String, AttributeValue> start = null;
            int pages = 0;
            do {
                Map<String, AttributeValue> from = start;
                ScanResponse r = db.scan(b -> {
                    request.accept(b);
                    b.exclusiveStartKey(from);
                });
                r.items()
                        .forEach(
                                i -> out.add(i.get("pk").s() + "/" + i.get("sk").n()));
                start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
                pages++;
            } while (start != null && pages < 1000);
            return out;
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void scanFiltersAndPagesToTheEnd(Client c) {
            Ddb db = db(c);
            String t = createSimple(db, "scanfilter", "pk", N, null, null);
            for (int i = 0; i < 40; i++) {
                int k = i;
                db.putItem(b -> b.tableName(t).item(item("pk", n(k), "odd", bool(k % 2 == 1), "name", s("n" + k))));
            }
            int scanned = 0;
            List<String> names = new ArrayList<>();
            Map<String, AttributeValue> start = null;
            int pages = 0;
            do {
                Map<String, AttributeValue> from = start;
                ScanResponse r = db.scan(b -> b.tableName(t)
                        .filterExpression("odd = :t AND pk > :ten")
                        .projectionExpression("#n")
                        .expressionAttributeNames(Map.of("#n", "name"))
                        .expressionAttributeValues(Map.of(":t", bool(true), ":ten", n(10)))
                        .limit(7)
                        .exclusiveStartKey(from));
                scanned += r.scannedCount();
                r.items().forEach(i -> names.add(i.get("name").s()));
                start = r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null;
                pages++;
            } while (start != null && pages < 100);
            assertThat(scanned).isEqualTo(40);
            assertThat(names)
                    .containsExactlyInAnyOrderElementsOf(IntStream.range(11, 40)
                            .filter(i -> i % 2 == 1)
                            .mapToObj(i -> "n" + i)
                            .toList());
            assertThat(pages).isEqualTo(6); // 7+7+7+7+7+5
            ScanResponse count = db.scan(b -> b.tableName(t).select(Select.COUNT));
            assertThat(count.count()).isEqualTo(40);
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    @Nested
    class Batches {
        @ParameterizedTest
        @EnumSource(Client.class)
        void batchWriteTakesUpToTwentyFivePutsAndDeletesAndRefusesDuplicates(Client c) {
            Ddb db = db(c);
            String t = createSimple(db, "bwrite", "pk", S, null, null);
            List<WriteRequest> puts = IntStream.range(0, 25)
                    .mapToObj(i -> WriteRequest.builder()
                            .putRequest(p -> p.item(item("pk", s("k" + i), "v", n(i))))
                            .build())
                    .toList();
            BatchWriteItemResponse r = db.batchWriteItem(b -> b.requestItems(Map.of(t, puts)));
            assertThat(r.unprocessedItems()).isEmpty();
            assertThat(db.scan(b -> b.tableName(t).select(Select.COUNT)).count())
                    .isEqualTo(25);

            List<WriteRequest> mixed = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                int k = i;
                mixed.add(WriteRequest.builder()
                        .deleteRequest(d -> d.key(item("pk", s("k" + k))))
                        .build());
            }
            mixed.add(WriteRequest.builder()
                    .putRequest(p -> p.item(item("pk", s("extra"))))
                    .build());
            db.batchWriteItem(b -> b.requestItems(Map.of(t, mixed)));
            assertThat(db.scan(b -> b.tableName(t).select(Select.COUNT)).count())
                    .isEqualTo(16);
            assertThat(db.getItem(b -> b.tableName(t).key(item("pk", s("k3")))).hasItem())
                    .isFalse();
            assertThat(db.getItem(b -> b.tableName(t).key(item("pk", s("k13"))))
                            .item()
                            .get("v"))
                    .isEqualTo(n(13));

            List<WriteRequest> tooMany = IntStream.range(0, 26)
                    .mapToObj(i -> WriteRequest.builder()
                            .putRequest(p -> p.item(item("pk", s("m" + i))))
                            .build())
                    .toList();
            assertValidation(() -> db.batchWriteItem(b -> b.requestItems(Map.of(t, tooMany))), "25");
            List<WriteRequest> dupes = List.of(
                    WriteRequest.builder()
                            .putRequest(p -> p.item(item("pk", s("d"), "v", n(1))))
                            .build(),
                    WriteRequest.builder()
                            .deleteRequest(d -> d.key(item("pk", s("d"))))
                            .build());
            assertValidation(() -> db.batchWriteItem(b -> b.requestItems(Map.of(t, dupes))), "duplicates");
            assertThat(db.scan(b -> b.tableName(t).select(Select.COUNT)).count())
                    .as("refused batches write nothing")
                    .isEqualTo(16);
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void batchGetReadsUpToOneHundredKeysWithNothingUnprocessed(Client c) {
            Ddb db = db(c);
            String t = createSimple(db, "bget", "pk", S, "sk", N);
            String other = createSimple(db, "bget2", "id", N, null, null);
            for (int i = 0; i < 30; i++) {
                int k = i;
                db.putItem(b -> b.tableName(t).item(item("pk", s("p"), "sk", n(k), "v", s("v" + k), "w", n(k))));
            }
            db.putItem(b -> b.tableName(other).item(item("id", n(1), "x", s("y"))));
            List<Map<String, AttributeValue>> keys = IntStream.range(0, 99)
                    .mapToObj(i -> item("pk", s("p"), "sk", n(i)))
                    .toList();
            var r = db.batchGetItem(b -> b.requestItems(Map.of(
                    t,
                            KeysAndAttributes.builder()
                                    .keys(keys)
                                    .projectionExpression("sk, #v")
                                    .expressionAttributeNames(Map.of("#v", "v"))
                                    .build(),
                    other,
                            KeysAndAttributes.builder()
                                    .keys(List.of(item("id", n(1))))
                                    .consistentRead(true)
                                    .build())));
            assertThat(r.unprocessedKeys()).isEmpty();
            assertThat(r.responses().get(t)).hasSize(30).allSatisfy(i -> assertThat(i)
                    .containsOnlyKeys("sk", "v"));
            assertThat(r.responses().get(t).stream().map(i -> i.get("v").s()).collect(Collectors.toSet()))
                    .isEqualTo(IntStream.range(0, 30).mapToObj(i -> "v" + i).collect(Collectors.toSet()));
            assertThat(r.responses().get(other)).containsExactly(item("id", n(1), "x", s("y")));

            List<Map<String, AttributeValue>> tooMany = IntStream.range(0, 101)
                    .mapToObj(i -> item("pk", s("p"), "sk", n(i)))
                    .toList();
            assertValidation(
                    () -> db.batchGetItem(b -> b.requestItems(
                            Map.of(t, KeysAndAttributes.builder().keys(tooMany).build()))),
                    "Member must have length less than or equal to 100");
            assertValidation(
                    () -> db.batchGetItem(b -> b.requestItems(Map.of(
                            t,
                            KeysAndAttributes.builder()
                                    .keys(List.of(item("pk", s("p"), "sk", n(1)), item("pk", s("p"), "sk", n(1))))
                                    .build()))),
                    "duplicates");
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    @Nested
    class ContributorInsights {
        @ParameterizedTest
        @EnumSource(Client.class)
        void enableDescribeListAndDisableWithBothModes(Client c) {
            Ddb db = db(c);
            String t = LabFixture.uniqueName("insights");
            db.createTable(b -> b.tableName(t)
                    .attributeDefinitions(attr("pk", S), attr("sk", S), attr("g", S))
                    .keySchema(keys("pk", "sk"))
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                            .indexName("byG")
                            .keySchema(keys("g", null))
                            .projection(Projection.builder()
                                    .projectionType(ProjectionType.ALL)
                                    .build())
                            .build()));
            DescribeContributorInsightsResponse off = db.describeContributorInsights(b -> b.tableName(t));
            assertThat(off.contributorInsightsStatus()).isEqualTo(ContributorInsightsStatus.DISABLED);
            assertThat(off.contributorInsightsRuleList()).isEmpty();

            long before = System.currentTimeMillis();
            var enabled = db.updateContributorInsights(
                    b -> b.tableName(t).contributorInsightsAction(ContributorInsightsAction.ENABLE));
            long after = System.currentTimeMillis();
            assertThat(enabled.contributorInsightsStatus()).isEqualTo(ContributorInsightsStatus.ENABLED);
            assertThat(enabled.tableName()).isEqualTo(t);
            DescribeContributorInsightsResponse on = db.describeContributorInsights(b -> b.tableName(t));
            assertThat(on.contributorInsightsStatus()).isEqualTo(ContributorInsightsStatus.ENABLED);
            assertThat(on.contributorInsightsMode()).isEqualTo(ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS);
            Pattern rule =
                    Pattern.compile("DynamoDBContributorInsights-(PKC|PKT|SKC|SKT)-" + Pattern.quote(t) + "-(\\d{13})");
            List<String> kinds = new ArrayList<>();
            Set<Long> stamps = new HashSet<>();
            for (String r : on.contributorInsightsRuleList()) {
                Matcher m = rule.matcher(r);
                assertThat(m.matches()).as(r).isTrue();
                kinds.add(m.group(1));
                stamps.add(Long.parseLong(m.group(2)));
            }
            assertThat(kinds).containsExactlyInAnyOrder("PKC", "PKT", "SKC", "SKT");
            assertThat(stamps).hasSize(1);
            assertThat(stamps.iterator().next()).isBetween(before, after);

            db.updateContributorInsights(b -> b.tableName(t)
                    .indexName("byG")
                    .contributorInsightsAction(ContributorInsightsAction.ENABLE)
                    .contributorInsightsMode(ContributorInsightsMode.THROTTLED_KEYS));
            DescribeContributorInsightsResponse gsi =
                    db.describeContributorInsights(b -> b.tableName(t).indexName("byG"));
            assertThat(gsi.indexName()).isEqualTo("byG");
            assertThat(gsi.contributorInsightsMode()).isEqualTo(ContributorInsightsMode.THROTTLED_KEYS);
            // Only throttled-key rules, and no sort-key rule for an index without a sort key.
            assertThat(gsi.contributorInsightsRuleList())
                    .singleElement()
                    .asString()
                    .matches("DynamoDBContributorInsights-PKT-" + Pattern.quote(t) + "-byG-\\d{13}");

            // The table switched to THROTTLED_KEYS keeps only PKT and SKT.
            db.updateContributorInsights(b -> b.tableName(t)
                    .contributorInsightsAction(ContributorInsightsAction.ENABLE)
                    .contributorInsightsMode(ContributorInsightsMode.THROTTLED_KEYS));
            assertThat(db.describeContributorInsights(b -> b.tableName(t)).contributorInsightsRuleList())
                    .extracting(r -> r.split("-", -1)[1])
                    .containsExactlyInAnyOrder("PKT", "SKT");

            ListContributorInsightsResponse list = db.listContributorInsights(b -> b.tableName(t));
            assertThat(list.contributorInsightsSummaries())
                    .extracting(
                            ContributorInsightsSummary::indexName,
                            ContributorInsightsSummary::contributorInsightsStatus,
                            ContributorInsightsSummary::contributorInsightsMode)
                    .containsExactlyInAnyOrder(
                            org.assertj.core.groups.Tuple.tuple(
                                    null, ContributorInsightsStatus.ENABLED, ContributorInsightsMode.THROTTLED_KEYS),
                            org.assertj.core.groups.Tuple.tuple(
                                    "byG", ContributorInsightsStatus.ENABLED, ContributorInsightsMode.THROTTLED_KEYS));
            ListContributorInsightsResponse first =
                    db.listContributorInsights(b -> b.tableName(t).maxResults(1));
            assertThat(first.contributorInsightsSummaries()).hasSize(1);
            assertThat(first.nextToken()).isNotNull();
            ListContributorInsightsResponse second =
                    db.listContributorInsights(b -> b.tableName(t).maxResults(1).nextToken(first.nextToken()));
            assertThat(second.contributorInsightsSummaries()).hasSize(1);
            assertThat(second.nextToken()).isNull();
            assertThat(second.contributorInsightsSummaries().get(0))
                    .isNotEqualTo(first.contributorInsightsSummaries().get(0));

            var disabled = db.updateContributorInsights(
                    b -> b.tableName(t).contributorInsightsAction(ContributorInsightsAction.DISABLE));
            assertThat(disabled.contributorInsightsStatus()).isEqualTo(ContributorInsightsStatus.DISABLED);
            assertThat(db.describeContributorInsights(b -> b.tableName(t)).contributorInsightsStatus())
                    .isEqualTo(ContributorInsightsStatus.DISABLED);
            assertThatThrownBy(() ->
                            db.describeContributorInsights(b -> b.tableName(t).indexName("nope")))
                    .isInstanceOf(ResourceNotFoundException.class);
        }

        @ParameterizedTest
        @EnumSource(Client.class)
        void anOperationTheLabDoesNotServeIsAnUnknownOperation(Client c) {
            Ddb db = db(c);
            Throwable t = catchThrowableOfType(
                    DynamoDbException.class,
                    () -> db.createBackup(b -> b.tableName("anything").backupName("b")));
            assertThat(errorCode(t)).isEqualTo("UnknownOperationException");
            assertThat(((DynamoDbException) t).statusCode()).isEqualTo(400);
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    @Nested
    class ReturnedCapacity {
        @ParameterizedTest
        @EnumSource(Client.class)
        void totalAndIndexesBreakDownWritesAndReads(Client c) {
            Ddb db = db(c);
            String t = createOrders(db, "rcc");
            Map<String, AttributeValue> it =
                    item("pk", s("c"), "sk", n(1), "status", s("open"), "amount", n(3), "created", s("2024"));
            ConsumedCapacity none = db.putItem(b -> b.tableName(t).item(it)).consumedCapacity();
            assertThat(none).isNull();
            ConsumedCapacity total = db.putItem(
                            b -> b.tableName(t).item(it).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                    .consumedCapacity();
            // Same item again: the table write only (an unchanged index entry is not rewritten).
            assertThat(total.tableName()).isEqualTo(t);
            assertThat(total.capacityUnits()).isEqualTo(1.0);
            assertThat(total.table()).isNull();
            assertThat(total.hasGlobalSecondaryIndexes()).isFalse();

            db.deleteItem(b -> b.tableName(t).key(item("pk", s("c"), "sk", n(1))));
            ConsumedCapacity indexes = db.putItem(
                            b -> b.tableName(t).item(it).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                    .consumedCapacity();
            assertThat(indexes.capacityUnits()).isEqualTo(3.0);
            assertThat(indexes.table().capacityUnits()).isEqualTo(1.0);
            assertThat(indexes.globalSecondaryIndexes()).containsOnlyKeys("byStatus");
            assertThat(indexes.globalSecondaryIndexes().get("byStatus").capacityUnits())
                    .isEqualTo(1.0);
            assertThat(indexes.localSecondaryIndexes()).containsOnlyKeys("byCreated");
            assertThat(indexes.localSecondaryIndexes().get("byCreated").capacityUnits())
                    .isEqualTo(1.0);

            ConsumedCapacity read = db.query(b -> b.tableName(t)
                            .indexName("byStatus")
                            .keyConditionExpression("#s = :s")
                            .expressionAttributeNames(Map.of("#s", "status"))
                            .expressionAttributeValues(Map.of(":s", s("open")))
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                    .consumedCapacity();
            assertThat(read.capacityUnits()).isEqualTo(0.5);
            assertThat(read.globalSecondaryIndexes().get("byStatus").capacityUnits())
                    .isEqualTo(0.5);

            ConsumedCapacity get = db.getItem(b -> b.tableName(t)
                            .key(item("pk", s("c"), "sk", n(1)))
                            .consistentRead(true)
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                    .consumedCapacity();
            assertThat(get.capacityUnits()).isEqualTo(1.0);
            assertThat(get.table().capacityUnits()).isEqualTo(1.0);

            List<WriteRequest> writes = List.of(
                    WriteRequest.builder()
                            .putRequest(p -> p.item(item("pk", s("d"), "sk", n(1), "status", s("x"), "amount", n(1))))
                            .build(),
                    WriteRequest.builder()
                            .putRequest(p -> p.item(item("pk", s("d"), "sk", n(2))))
                            .build());
            List<ConsumedCapacity> batch = db.batchWriteItem(b ->
                            b.requestItems(Map.of(t, writes)).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                    .consumedCapacity();
            assertThat(batch).singleElement().satisfies(cc -> {
                assertThat(cc.tableName()).isEqualTo(t);
                assertThat(cc.capacityUnits()).isEqualTo(3.0);
                assertThat(cc.table().capacityUnits()).isEqualTo(2.0);
                assertThat(cc.globalSecondaryIndexes().get("byStatus").capacityUnits())
                        .isEqualTo(1.0);
            });
        }
    }
}
