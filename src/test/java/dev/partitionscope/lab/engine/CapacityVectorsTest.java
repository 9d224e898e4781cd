package dev.partitionscope.lab.engine;

import static dev.partitionscope.lab.engine.Av.ascii;
import static dev.partitionscope.lab.engine.Av.attr;
import static dev.partitionscope.lab.engine.Av.bool;
import static dev.partitionscope.lab.engine.Av.item;
import static dev.partitionscope.lab.engine.Av.keys;
import static dev.partitionscope.lab.engine.Av.l;
import static dev.partitionscope.lab.engine.Av.m;
import static dev.partitionscope.lab.engine.Av.n;
import static dev.partitionscope.lab.engine.Av.nul;
import static dev.partitionscope.lab.engine.Av.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.testing.LabFixture;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The capacity examples of AWS's documentation (read-write-operations.html, CapacityUnitCalculations.html; the facts
 * file §3) as test vectors through the SDK with ReturnConsumedCapacity. Items are built to exact sizes by the
 * documented size rules, and each size is cross-checked against DescribeTable's TableSizeBytes.
 */
class CapacityVectorsTest {
    private static final int KB = 1024;
    private static LabFixture lab;
    private static DynamoDbClient db;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        db = lab.client();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    /** A table pk (S) [+ sk (N)], on demand. */
    private static String table(String prefix, boolean sortKey) {
        String name = LabFixture.uniqueName(prefix);
        db.createTable(b -> {
            b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST).keySchema(keys("pk", sortKey ? "sk" : null));
            if (sortKey) {
                b.attributeDefinitions(attr("pk", ScalarAttributeType.S), attr("sk", ScalarAttributeType.N));
            } else {
                b.attributeDefinitions(attr("pk", ScalarAttributeType.S));
            }
        });
        return name;
    }

    /** {pk, data} of exactly {@code bytes}: "pk" + value, "data" + ASCII padding. */
    private static Map<String, AttributeValue> sized(String pk, long bytes) {
        return item("pk", s(pk), "data", s(ascii((int) (bytes - 2 - pk.length() - 4))));
    }

    /** {pk, sk (a one-digit-pair number: 2 bytes), data} of exactly {@code bytes}. */
    private static Map<String, AttributeValue> sized(String pk, int sk, long bytes) {
        return item("pk", s(pk), "sk", n(sk), "data", s(ascii((int) (bytes - 2 - pk.length() - 2 - 2 - 4))));
    }

    private static long tableBytes(String table) {
        return db.describeTable(b -> b.tableName(table)).table().tableSizeBytes();
    }

    private static ConsumedCapacity put(String table, Map<String, AttributeValue> item) {
        return db.putItem(b -> b.tableName(table).item(item).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();
    }

    private static double get(String table, String pk, boolean consistent) {
        return db.getItem(b -> b.tableName(table)
                        .key(item("pk", s(pk)))
                        .consistentRead(consistent)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity()
                .capacityUnits();
    }

    @Test
    void getItemRoundsUpToFourKilobytesAndHalvesEventuallyConsistentReads() {
        String t = table("get", false);
        put(t, sized("three", 3 * KB));
        put(t, sized("four", 4 * KB));
        put(t, sized("over", 4 * KB + 1));
        put(t, sized("twenty", 20 * KB));
        assertThat(tableBytes(t)).isEqualTo(3 * KB + 4 * KB + 4 * KB + 1 + 20 * KB);

        // "a 3 KB eventually consistent read costs 0.5 RCU, strongly consistent 1.0"
        assertThat(get(t, "three", false)).isEqualTo(0.5);
        assertThat(get(t, "three", true)).isEqualTo(1.0);
        assertThat(get(t, "four", true)).isEqualTo(1.0);
        assertThat(get(t, "over", true)).isEqualTo(2.0);
        assertThat(get(t, "over", false)).isEqualTo(1.0);
        // "A 20 KB item costs 5 RCU per strongly consistent read"
        assertThat(get(t, "twenty", true)).isEqualTo(5.0);
        // Reading a missing item still costs the minimum.
        assertThat(get(t, "missing", true)).isEqualTo(1.0);
        assertThat(get(t, "missing", false)).isEqualTo(0.5);
        // A projection does not reduce the cost.
        assertThat(db.getItem(b -> b.tableName(t)
                                .key(item("pk", s("twenty")))
                                .consistentRead(true)
                                .projectionExpression("pk")
                                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                        .consumedCapacity()
                        .capacityUnits())
                .isEqualTo(5.0);
    }

    @Test
    void batchGetItemRoundsEachItemSeparately() {
        String t = table("bget", false);
        put(t, sized("small", 1536)); // 1.5 KB
        put(t, sized("large", 6656)); // 6.5 KB
        assertThat(tableBytes(t)).isEqualTo(1536 + 6656);
        for (boolean consistent : new boolean[] {true, false}) {
            List<ConsumedCapacity> cc = db.batchGetItem(b -> b.requestItems(Map.of(
                                    t,
                                    KeysAndAttributes.builder()
                                            .keys(List.of(item("pk", s("small")), item("pk", s("large"))))
                                            .consistentRead(consistent)
                                            .build()))
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                    .consumedCapacity();
            // 1.5 KB → 4 KB, 6.5 KB → 8 KB: 12 KB = 3 RCU strongly consistent (not 8 KB = 2 RCU summed).
            assertThat(cc).singleElement().satisfies(c -> {
                assertThat(c.tableName()).isEqualTo(t);
                assertThat(c.capacityUnits()).isEqualTo(consistent ? 3.0 : 1.5);
            });
        }
    }

    @Test
    void querySumsTheItemsThenRoundsUpOnce() {
        String t = table("query", true);
        // 10 items of 4,178 B = 41,780 B ≈ 40.8 KB → rounded once to 44 KB = 11 RCU (each alone would be 8 KB).
        for (int i = 1; i <= 10; i++) {
            put(t, sized("p", i, 4178));
        }
        assertThat(tableBytes(t)).isEqualTo(41_780);
        QueryResponse strong = db.query(b -> b.tableName(t)
                .keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("p")))
                .consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertThat(strong.count()).isEqualTo(10);
        assertThat(strong.consumedCapacity().capacityUnits()).isEqualTo(11.0);
        QueryResponse eventual = db.query(b -> b.tableName(t)
                .keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("p")))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertThat(eventual.consumedCapacity().capacityUnits()).isEqualTo(5.5);

        // A filter and a projection reduce what is returned, not what is read.
        // (A Query's filter may not name the key attributes: DynamoDB refuses "sk = :one" there.)
        QueryResponse filtered = db.query(b -> b.tableName(t)
                .keyConditionExpression("pk = :p")
                .filterExpression("attribute_not_exists(#d)")
                .projectionExpression("sk")
                .consistentRead(true)
                .expressionAttributeNames(Map.of("#d", "data"))
                .expressionAttributeValues(Map.of(":p", s("p")))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertThat(filtered.count()).isZero();
        assertThat(filtered.consumedCapacity().capacityUnits()).isEqualTo(11.0);
        // The key condition does limit what is read: sk 1..3 = 12,534 B → 4 RCU.
        assertThat(db.query(b -> b.tableName(t)
                                .keyConditionExpression("pk = :p AND sk <= :three")
                                .expressionAttributeValues(Map.of(":p", s("p"), ":three", n(3)))
                                .consistentRead(true)
                                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                        .consumedCapacity()
                        .capacityUnits())
                .isEqualTo(4.0);
        // An empty result still costs the minimum.
        assertThat(db.query(b -> b.tableName(t)
                                .keyConditionExpression("pk = :p")
                                .expressionAttributeValues(Map.of(":p", s("nobody")))
                                .consistentRead(true)
                                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                        .consumedCapacity()
                        .capacityUnits())
                .isEqualTo(1.0);
    }

    @Test
    void scanCountsTheItemsEvaluatedNotTheItemsReturned() {
        String t = table("scan", false);
        for (int i = 0; i < 10; i++) {
            put(t, sized("k" + i, 2 * KB));
        }
        ScanResponse none = db.scan(b -> b.tableName(t)
                .filterExpression("pk = :x")
                .consistentRead(true)
                .expressionAttributeValues(Map.of(":x", s("nothing")))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertThat(none.count()).isZero();
        assertThat(none.scannedCount()).isEqualTo(10);
        assertThat(none.consumedCapacity().capacityUnits()).isEqualTo(5.0); // 20 KB read
        ScanResponse five = db.scan(b -> b.tableName(t).limit(5).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertThat(five.consumedCapacity().capacityUnits()).isEqualTo(1.5); // 10 KB → 12 KB, eventually consistent
    }

    @Test
    void putAndUpdateChargeTheLargerOfBeforeAndAfterAndDeleteTheDeletedItem() {
        String t = table("writes", false);
        assertThat(put(t, sized("a", 3584)).capacityUnits()).isEqualTo(4.0); // new 3.5 KB
        assertThat(put(t, sized("a", 500)).capacityUnits())
                .as("replacing 3.5 KB by 500 B")
                .isEqualTo(4.0);
        assertThat(put(t, sized("a", 500)).capacityUnits()).isEqualTo(1.0);

        ConsumedCapacity grow = db.updateItem(b -> b.tableName(t)
                        .key(item("pk", s("a")))
                        .updateExpression("SET extra = :e")
                        .expressionAttributeValues(Map.of(":e", s(ascii(2000))))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();
        assertThat(grow.capacityUnits()).as("500 B → 2,505 B").isEqualTo(3.0);
        ConsumedCapacity shrink = db.updateItem(b -> b.tableName(t)
                        .key(item("pk", s("a")))
                        .updateExpression("REMOVE extra")
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();
        assertThat(shrink.capacityUnits()).as("2,505 B → 500 B").isEqualTo(3.0);

        put(t, sized("b", 2560));
        assertThat(db.deleteItem(b -> b.tableName(t)
                                .key(item("pk", s("b")))
                                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                        .consumedCapacity()
                        .capacityUnits())
                .isEqualTo(3.0);
        assertThat(db.deleteItem(b -> b.tableName(t)
                                .key(item("pk", s("b")))
                                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                        .consumedCapacity()
                        .capacityUnits())
                .as("deleting a missing item")
                .isEqualTo(1.0);
    }

    @Test
    void batchWriteItemChargesEachItem() {
        String t = table("bwrite", false);
        List<WriteRequest> writes = List.of(
                WriteRequest.builder()
                        .putRequest(p -> p.item(sized("small", 500)))
                        .build(),
                WriteRequest.builder()
                        .putRequest(p -> p.item(sized("large", 3584)))
                        .build());
        List<ConsumedCapacity> cc = db.batchWriteItem(
                        b -> b.requestItems(Map.of(t, writes)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();
        assertThat(tableBytes(t)).isEqualTo(500 + 3584);
        // 500 B + 3.5 KB → 1 + 4 = 5 WCU (not 4 KB summed = 4).
        assertThat(cc).singleElement().satisfies(c -> assertThat(c.capacityUnits())
                .isEqualTo(5.0));
    }

    @Test
    void failedConditionalWritesStillConsumeTheExistingItemsSize() {
        String t = table("condfail", false);
        put(t, sized("big", 2560));
        lab.clearRecords();
        assertThatThrownBy(() -> db.putItem(b -> b.tableName(t)
                        .item(sized("big", 100))
                        .conditionExpression("attribute_not_exists(pk)")
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> db.updateItem(b -> b.tableName(t)
                        .key(item("pk", s("absent")))
                        .updateExpression("SET x = :x")
                        .conditionExpression("attribute_exists(pk)")
                        .expressionAttributeValues(Map.of(":x", s(ascii(5000))))))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> db.deleteItem(
                        b -> b.tableName(t).key(item("pk", s("big"))).conditionExpression("attribute_not_exists(pk)")))
                .isInstanceOf(ConditionalCheckFailedException.class);
        // The API reports no capacity on an error; the meter shows what was consumed: the item as it is (2.5 KB → 3),
        // and 1 WCU where there is no item.
        List<RequestRecord> records = lab.records();
        assertThat(records).extracting(RequestRecord::operation).containsExactly("PutItem", "UpdateItem", "DeleteItem");
        assertThat(records).extracting(RequestRecord::writeUnits).containsExactly(3.0, 1.0, 3.0);
        assertThat(tableBytes(t)).as("nothing changed").isEqualTo(2560);
    }

    @Test
    void globalIndexWritesAreChargedAndAChangedIndexKeyCostsTwoIndexWrites() {
        String t = LabFixture.uniqueName("gsiwrites");
        db.createTable(b -> b.tableName(t)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        attr("pk", ScalarAttributeType.S),
                        attr("g", ScalarAttributeType.S),
                        attr("h", ScalarAttributeType.S))
                .keySchema(keys("pk", null))
                .globalSecondaryIndexes(
                        GlobalSecondaryIndex.builder()
                                .indexName("all")
                                .keySchema(keys("g", null))
                                .projection(p -> p.projectionType(ProjectionType.ALL))
                                .build(),
                        GlobalSecondaryIndex.builder()
                                .indexName("keys")
                                .keySchema(keys("h", null))
                                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                                .build()));
        // pk 3 B + g 2 B + data: 1,500 B in all; the KEYS_ONLY entry of item with h is small.
        Map<String, AttributeValue> v1 = item("pk", s("a"), "g", s("1"), "data", s(ascii(1500 - 3 - 2 - 4)));
        ConsumedCapacity put =
                indexes(db.putItem(b -> b.tableName(t).item(v1).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                        .consumedCapacity());
        assertThat(put.table().capacityUnits()).isEqualTo(2.0);
        assertThat(put.globalSecondaryIndexes()).containsOnlyKeys("all");
        assertThat(put.globalSecondaryIndexes().get("all").capacityUnits()).isEqualTo(2.0);
        assertThat(put.capacityUnits()).isEqualTo(4.0);

        // Non-key change, projected by "all": one index write (in place), larger of before and after.
        ConsumedCapacity inPlace = db.updateItem(b -> b.tableName(t)
                        .key(item("pk", s("a")))
                        .updateExpression("SET #d = :d")
                        .expressionAttributeNames(Map.of("#d", "data"))
                        .expressionAttributeValues(Map.of(":d", s(ascii(100))))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();
        assertThat(inPlace.globalSecondaryIndexes().get("all").capacityUnits()).isEqualTo(2.0);
        assertThat(inPlace.table().capacityUnits()).isEqualTo(2.0);

        // Changed index key: delete the old entry (108 B → 1) and put the new one (1) = 2 index writes.
        ConsumedCapacity moved = db.updateItem(b -> b.tableName(t)
                        .key(item("pk", s("a")))
                        .updateExpression("SET g = :g, h = :h")
                        .expressionAttributeValues(Map.of(":g", s("2"), ":h", s("x")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();
        assertThat(moved.globalSecondaryIndexes().get("all").capacityUnits()).isEqualTo(2.0);
        assertThat(moved.globalSecondaryIndexes().get("keys").capacityUnits())
                .as("new entry only")
                .isEqualTo(1.0);
        assertThat(moved.table().capacityUnits()).isEqualTo(1.0);
        assertThat(moved.capacityUnits()).isEqualTo(4.0);

        // A non-key attribute the KEYS_ONLY index does not project: no write to it.
        ConsumedCapacity notProjected = db.updateItem(b -> b.tableName(t)
                        .key(item("pk", s("a")))
                        .updateExpression("SET #d = :d")
                        .expressionAttributeNames(Map.of("#d", "data"))
                        .expressionAttributeValues(Map.of(":d", s(ascii(50))))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();
        assertThat(notProjected.globalSecondaryIndexes()).containsOnlyKeys("all");

        // Removing the index key removes the entry: one index write.
        ConsumedCapacity removed = db.updateItem(b -> b.tableName(t)
                        .key(item("pk", s("a")))
                        .updateExpression("REMOVE g")
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();
        assertThat(removed.globalSecondaryIndexes()).containsOnlyKeys("all");
        assertThat(removed.globalSecondaryIndexes().get("all").capacityUnits()).isEqualTo(1.0);

        // An item without any index key: the table only.
        ConsumedCapacity plain = db.putItem(b ->
                        b.tableName(t).item(item("pk", s("b"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();
        assertThat(plain.hasGlobalSecondaryIndexes()).isFalse();
        assertThat(plain.capacityUnits()).isEqualTo(1.0);

        // Deleting an item removes its index entries: the deleted sizes.
        ConsumedCapacity deleted = db.deleteItem(b ->
                        b.tableName(t).key(item("pk", s("a"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();
        assertThat(deleted.globalSecondaryIndexes().get("keys").capacityUnits()).isEqualTo(1.0);
        assertThat(deleted.hasGlobalSecondaryIndexes()
                        && deleted.globalSecondaryIndexes().containsKey("all"))
                .isFalse();
    }

    private static ConsumedCapacity indexes(ConsumedCapacity c) {
        assertThat(c.table()).as("INDEXES breaks the total down").isNotNull();
        return c;
    }

    /**
     * "A 1,007-byte item costs 1.0 WCU, 1,057 B → 2.0, 3,057 B → 3.0, 3,157 B → 4.0", with every size rule in the
     * item: UTF-8 strings, a number (1 byte per 2 significant digits + 1), a boolean and a null (1), a list and a
     * map (3 + 1 per element + the elements, a map's elements with their names).
     */
    @ParameterizedTest
    @CsvSource({"1007, 1.0", "1057, 2.0", "3057, 3.0", "3157, 4.0"})
    void itemSizeRulesDecideTheWriteUnits(int bytes, double units) {
        String t = table("sizes", false);
        Map<String, AttributeValue> it = new LinkedHashMap<>();
        it.put("pk", s("k")); // 2 + 1 = 3
        it.put("n", n(12345)); // 1 + (1 + 3) = 5
        it.put("m", m("a", bool(true))); // 1 + 3 + 1 + (1 + 1) = 7
        it.put("l", l(nul(), s("xy"))); // 1 + 3 + (1 + 1) + (1 + 2) = 9
        it.put("é", s("✓")); // 2 + 3 = 5 (UTF-8 bytes)
        it.put("data", s(ascii(bytes - 29 - 4)));
        ConsumedCapacity c = put(t, it);
        assertThat(tableBytes(t)).isEqualTo(bytes);
        assertThat(c.capacityUnits()).isEqualTo(units);
        // The same item read back: ≤ 4 KB, so 1 RCU strongly consistent.
        assertThat(get(t, "k", true)).isEqualTo(1.0);
    }

    @Test
    void numbersAreSizedByTheirSignificantDigits() {
        String t = table("numbers", false);
        List<String> numbers = new ArrayList<>(List.of(
                "0", "1", "12", "123", "-1", "100000", "0.001", "1.5", "12345678901234567890123456789012345678"));
        long expected = 0;
        // 1 + ceil(digits / 2), +1 for an even digit count with an even exponent, +1 when negative (dynalite's
        // empirically derived rule, which the Lab shares).
        long[] sizes = {1, 2, 2, 3, 3, 2, 2, 3, 20};
        for (int i = 0; i < numbers.size(); i++) {
            String v = numbers.get(i);
            String pk = "n" + i;
            db.putItem(b -> b.tableName(t).item(item("pk", s(pk), "v", n(v))));
            expected += 2 + pk.length() + 1 + sizes[i];
        }
        assertThat(tableBytes(t)).isEqualTo(expected);
    }
}
