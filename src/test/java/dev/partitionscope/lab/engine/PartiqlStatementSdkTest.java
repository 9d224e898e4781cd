package dev.partitionscope.lab.engine;

import static dev.partitionscope.lab.engine.Av.item;
import static dev.partitionscope.lab.engine.Av.l;
import static dev.partitionscope.lab.engine.Av.m;
import static dev.partitionscope.lab.engine.Av.n;
import static dev.partitionscope.lab.engine.Av.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.testing.LabFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DuplicateItemException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * ExecuteStatement through the real SDK against a real Lab: each statement form, how a SELECT reads (GetItem, Query
 * or Scan, visible in the capacity it consumes), paging, and DynamoDB's errors with their messages.
 */
class PartiqlStatementSdkTest {
    private static LabFixture lab;
    private static DynamoDbClient db;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        db = lab.client();
        db.createTable(b -> b.tableName("pq_hash")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S))
                .keySchema(Av.hash("pk")));
        db.createTable(b -> b.tableName("pq_comp")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        Av.attr("pk", ScalarAttributeType.S),
                        Av.attr("sk", ScalarAttributeType.N),
                        Av.attr("g", ScalarAttributeType.S),
                        Av.attr("a", ScalarAttributeType.S))
                .keySchema(Av.keys("pk", "sk"))
                .globalSecondaryIndexes(
                        GlobalSecondaryIndex.builder()
                                .indexName("byG")
                                .keySchema(Av.hash("g"))
                                .projection(p -> p.projectionType(ProjectionType.ALL))
                                .build(),
                        GlobalSecondaryIndex.builder()
                                .indexName("gInc")
                                .keySchema(Av.hash("g"))
                                .projection(Projection.builder()
                                        .projectionType(ProjectionType.INCLUDE)
                                        .nonKeyAttributes("shown")
                                        .build())
                                .build())
                .localSecondaryIndexes(LocalSecondaryIndex.builder()
                        .indexName("byA")
                        .keySchema(Av.keys("pk", "a"))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                        .build()));
        for (int p = 0; p < 4; p++) {
            for (int k = 1; k <= 5; k++) {
                Map<String, AttributeValue> it = item(
                        "pk",
                        s("p" + p),
                        "sk",
                        n(k),
                        "g",
                        s(k % 2 == 0 ? "even" : "odd"),
                        "a",
                        s("a" + (6 - k)),
                        "shown",
                        s("s" + k),
                        "hidden",
                        s("h" + k),
                        "pad",
                        s(Av.ascii(3000)));
                db.putItem(b -> b.tableName("pq_comp").item(it));
            }
        }
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static ExecuteStatementResponse run(String statement, AttributeValue... params) {
        return db.executeStatement(b -> {
            b.statement(statement);
            if (params.length > 0) {
                b.parameters(params);
            }
        });
    }

    private static DynamoDbException refused(String statement, AttributeValue... params) {
        try {
            run(statement, params);
        } catch (DynamoDbException e) {
            return e;
        }
        throw new AssertionError("not refused: " + statement);
    }

    private static Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
        return db.getItem(b -> b.tableName(table).key(key).consistentRead(true)).item();
    }

    @Test
    void insertThenSelectByKeyWithParametersAndNestedProjection() {
        ExecuteStatementResponse r = run(
                "insert into \"pq_hash\" value {'pk': ?, 'n': 1, 'tags': <<'a','b'>>, 'm': {'nested': 'deep', 'l':"
                        + " [1, 'two', true, null]}}",
                s("ins-1"));
        assertThat(r.items()).isEmpty();
        Map<String, AttributeValue> stored = get("pq_hash", item("pk", s("ins-1")));
        assertThat(stored.get("n").n()).isEqualTo("1");
        assertThat(stored.get("tags").ss()).containsExactlyInAnyOrder("a", "b");
        assertThat(stored.get("m").m().get("l").l()).containsExactly(n(1), s("two"), Av.bool(true), Av.nul());

        assertThat(run("SELECT * FROM pq_hash WHERE pk = ?", s("ins-1")).items())
                .containsExactly(stored);
        assertThat(run("SELECT m.nested, m.l[1], n FROM \"pq_hash\" WHERE \"pk\" = 'ins-1'")
                        .items())
                .containsExactly(item("nested", s("deep"), "l", s("two"), "n", n(1)));
        assertThat(run("SELECT * FROM pq_hash WHERE pk = 'absent'").items()).isEmpty();
    }

    @Test
    void insertOfAnExistingKeyIsDuplicateItemException() {
        run("INSERT INTO pq_hash VALUE {'pk': 'dup', 'v': 'first'}");
        assertThatThrownBy(() -> run("INSERT INTO pq_hash VALUE {'pk': 'dup', 'v': 'second'}"))
                .isInstanceOf(DuplicateItemException.class)
                .hasMessageStartingWith("Duplicate primary key exists in table");
        assertThat(get("pq_hash", item("pk", s("dup"))).get("v")).isEqualTo(s("first"));
        assertThat(refused("INSERT INTO pq_hash VALUE {'v': 'no key'}").getMessage())
                .startsWith("Key attribute should be present in the item: Key pk");
        assertThat(refused("INSERT INTO pq_hash VALUE {'pk': 1}").getMessage())
                .startsWith("Key attribute's data type should match its data type in table's schema: Key pk");
        assertThat(refused("INSERT INTO pq_hash VALUE {'pk': 'r'} RETURNING ALL OLD *")
                        .getMessage())
                .startsWith("RETURNING is not supported in INSERT");
    }

    @Test
    void updateSetsRemovesAndReturnsAsAsked() {
        db.putItem(b -> b.tableName("pq_hash")
                .item(item(
                        "pk",
                        s("up"),
                        "n",
                        n(5),
                        "gone",
                        s("x"),
                        "list",
                        l(s("a")),
                        "m",
                        m("sub", s("old"), "sib", s("k")))));
        ExecuteStatementResponse r = run("UPDATE pq_hash SET n = n + 2 SET list = list_append(list, ['b']) REMOVE gone"
                + " SET m.sub = 'new' WHERE pk = 'up' RETURNING ALL NEW *");
        Map<String, AttributeValue> now = get("pq_hash", item("pk", s("up")));
        assertThat(r.items()).containsExactly(now);
        assertThat(now.get("n").n()).isEqualTo("7");
        assertThat(now.get("list").l()).containsExactly(s("a"), s("b"));
        assertThat(now).doesNotContainKey("gone");
        assertThat(now.get("m").m()).isEqualTo(item("sub", s("new"), "sib", s("k")));

        assertThat(run("UPDATE pq_hash SET m.sub = 'newer' WHERE pk = 'up' RETURNING MODIFIED OLD *")
                        .items())
                .containsExactly(item("m", m("sub", s("new"))));
        assertThat(run("UPDATE pq_hash REMOVE n WHERE pk = 'up' RETURNING MODIFIED NEW *")
                        .items())
                .isEmpty();
        assertThat(run("UPDATE pq_hash SET n = 1 WHERE pk = 'up' AND NOT begins_with(m.sub, 'zz')")
                        .items())
                .isEmpty();
        assertThat(get("pq_hash", item("pk", s("up"))).get("n")).isEqualTo(n(1));
    }

    @Test
    void updateOfAMissingItemOrAFalsePredicateFailsTheCondition() {
        assertThatThrownBy(() -> run("UPDATE pq_hash SET v = 1 WHERE pk = 'never'"))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(get("pq_hash", item("pk", s("never"))))
                .as("no item is created")
                .isEmpty();

        db.putItem(b -> b.tableName("pq_hash").item(item("pk", s("cond"), "v", s("here"))));
        assertThatThrownBy(
                        () -> db.executeStatement(b -> b.statement("UPDATE pq_hash SET v = 'x' WHERE pk = ? AND v = ?")
                                .parameters(s("cond"), s("wrong"))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> assertThat(e.item())
                        .isEqualTo(item("pk", s("cond"), "v", s("here"))));
        assertThatThrownBy(() -> run("UPDATE pq_hash SET v = 'x' WHERE pk = 'cond' AND v = 'wrong'"))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> assertThat(e.hasItem())
                        .isFalse());
        assertThat(get("pq_hash", item("pk", s("cond"))).get("v")).isEqualTo(s("here"));
    }

    @Test
    void deleteIsANoOpOnAMissingItemAndConditionalOnAPresentOne() {
        assertThat(run("DELETE FROM pq_hash WHERE pk = 'nothing' AND v = 'x' RETURNING ALL OLD *")
                        .items())
                .isEmpty();
        db.putItem(b -> b.tableName("pq_hash").item(item("pk", s("del"), "v", s("alpha"))));
        assertThatThrownBy(() -> run("DELETE FROM pq_hash WHERE pk = 'del' AND v = 'beta'"))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(get("pq_hash", item("pk", s("del")))).isNotEmpty();
        assertThat(refused("DELETE FROM pq_hash WHERE pk = 'del' RETURNING MODIFIED OLD *")
                        .getMessage())
                .startsWith("Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed"
                        + " in DELETE statements.");
        assertThat(run("DELETE FROM pq_hash WHERE pk = 'del' AND v = 'alpha' RETURNING ALL OLD *")
                        .items())
                .containsExactly(item("pk", s("del"), "v", s("alpha")));
        assertThat(get("pq_hash", item("pk", s("del")))).isEmpty();
    }

    @Test
    void writesNeedTheFullKeyInWhere() {
        String message = "Where clause does not contain a mandatory equality on all key attributes";
        assertThat(refused("DELETE FROM pq_hash WHERE v = 'x'").getMessage()).startsWith(message);
        assertThat(refused("UPDATE pq_comp SET v = 1 WHERE pk = 'p1'").getMessage())
                .startsWith(message);
        assertThat(refused("UPDATE pq_comp SET v = 1 WHERE pk = 'p1' OR sk = 1").getMessage())
                .startsWith(message);
        assertThat(refused("UPDATE pq_hash SET v = 1").getMessage()).startsWith(message);
        assertThat(refused("UPDATE pq_hash SET pk = 'b' WHERE pk = 'a'").getMessage())
                .contains("Cannot update attribute pk. This attribute is part of the key");
    }

    @Test
    void selectReadsByKeyByPartitionOrByScanAsDynamoDbDoes() {
        lab.clearRecords();
        ExecuteStatementResponse byKey =
                db.executeStatement(b -> b.statement("SELECT * FROM pq_comp WHERE pk = 'p1' AND sk = 2")
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        ExecuteStatementResponse byPartition = db.executeStatement(
                b -> b.statement("SELECT pk, sk FROM pq_comp WHERE pk = 'p1' AND sk >= 2 AND shown <> 's3'")
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        ExecuteStatementResponse scan =
                db.executeStatement(b -> b.statement("SELECT pk, sk FROM pq_comp WHERE shown = 's3'")
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));

        assertThat(byKey.items()).hasSize(1);
        assertThat(byKey.items().get(0).get("shown")).isEqualTo(s("s2"));
        assertThat(byKey.consumedCapacity().capacityUnits()).isEqualTo(0.5);
        // Query: the 4 items with sk >= 2 are read (each ~3 KB, 12 KB eventually consistent: 1.5 units), 3 kept.
        assertThat(byPartition.items())
                .containsExactly(
                        item("pk", s("p1"), "sk", n(2)),
                        item("pk", s("p1"), "sk", n(4)),
                        item("pk", s("p1"), "sk", n(5)));
        assertThat(byPartition.consumedCapacity().capacityUnits()).isEqualTo(1.5);
        // Scan: all 20 items read (about 60 KB: 7.5 units), one per partition kept.
        assertThat(scan.items()).hasSize(4).allSatisfy(i -> assertThat(i.get("sk"))
                .isEqualTo(n(3)));
        assertThat(scan.consumedCapacity().capacityUnits()).isEqualTo(7.5);

        assertThat(lab.records()).extracting(RequestRecord::operation).containsOnly("ExecuteStatement");
        assertThat(lab.records()).extracting(RequestRecord::partitionKey).containsExactly("p1", "p1", null);
    }

    @Test
    void sortKeyPredicatesBecomeTheKeyConditionOrAFilter() {
        assertThat(sks(run("SELECT sk FROM pq_comp WHERE pk = 'p2' AND sk BETWEEN 2 AND 4")))
                .containsExactly(2, 3, 4);
        assertThat(sks(run("SELECT sk FROM pq_comp WHERE 3 < sk AND pk = 'p2'")))
                .containsExactly(4, 5);
        assertThat(sks(run("SELECT sk FROM pq_comp WHERE pk = 'p2' AND sk > 1 AND sk < 4")))
                .containsExactly(2, 3);
        assertThat(sks(run("SELECT sk FROM pq_comp WHERE pk = 'p2' AND (sk = 1 OR sk = 5)")))
                .containsExactly(1, 5);
        assertThat(sks(run("SELECT sk FROM pq_comp WHERE pk = 'p2' AND sk IN [1, 3] AND hidden IS NOT MISSING")))
                .containsExactly(1, 3);
        assertThat(sks(run("SELECT sk FROM pq_comp WHERE pk = 'p2' AND nope IS MISSING AND contains(shown, '4')")))
                .containsExactly(4);
        assertThat(run("SELECT * FROM pq_comp WHERE pk IN ('p1', 'p3') AND sk = 1")
                        .items())
                .extracting(i -> i.get("pk").s())
                .containsExactly("p1", "p3");
    }

    @Test
    void limitAndNextTokenPageThroughAQueryAScanAndAnInList() {
        assertThat(pages("SELECT sk FROM pq_comp WHERE pk = 'p3'", 2))
                .containsExactly(List.of(1, 2), List.of(3, 4), List.of(5));
        assertThat(pages("SELECT sk FROM pq_comp WHERE pk IN ['p1', 'p2'] AND sk > 3", 3))
                .containsExactly(List.of(4, 5, 4), List.of(5));
        List<List<Integer>> scanPages = pages("SELECT sk FROM pq_comp", 7);
        assertThat(scanPages).hasSize(3);
        assertThat(scanPages.stream().mapToInt(List::size).sum()).isEqualTo(20);

        String token = db.executeStatement(b ->
                        b.statement("SELECT * FROM pq_comp WHERE pk = 'p3'").limit(1))
                .nextToken();
        assertThat(token).isNotNull();
        assertThatThrownBy(() -> db.executeStatement(b ->
                        b.statement("SELECT * FROM pq_comp WHERE pk = 'p2'").nextToken(token)))
                .hasMessageStartingWith("NextToken does not match request");
        assertThatThrownBy(() -> db.executeStatement(b ->
                        b.statement("SELECT * FROM pq_comp WHERE pk = 'p2'").nextToken("not a token")))
                .hasMessageStartingWith("Invalid NextToken");
    }

    @Test
    void indexesAreReadWithTheirOwnKeysAndProjections() {
        assertThat(run("SELECT pk, sk FROM \"pq_comp\".\"byG\" WHERE g = 'even'")
                        .items())
                .hasSize(8);
        assertThat(run("SELECT * FROM \"pq_comp\".\"byA\" WHERE pk = 'p1' AND a < 'a3'")
                        .items())
                .containsExactlyInAnyOrder(
                        item("pk", s("p1"), "sk", n(5), "a", s("a1")), item("pk", s("p1"), "sk", n(4), "a", s("a2")));
        assertThat(refused("SELECT * FROM \"pq_comp\".\"nope\" WHERE g = 'x'").getMessage())
                .startsWith("The table does not have the specified index");
        assertThatThrownBy(() -> db.executeStatement(b -> b.statement("SELECT * FROM \"pq_comp\".\"byG\" WHERE g = 'x'")
                        .consistentRead(true)))
                .hasMessageStartingWith("Strongly consistent read is not supported on Global Secondary Indexes");
        assertThat(refused("SELECT pk FROM \"pq_comp\".\"gInc\" WHERE g = 'odd' AND hidden = 'h1'")
                        .getMessage())
                .startsWith("One or more parameter values were invalid: Secondary index gInc does not project one"
                        + " or more filter attributes: [hidden]");
        assertThat(run("SELECT pk FROM \"pq_comp\".\"gInc\" WHERE hidden = 'h1'")
                        .items())
                .as("unkeyed, the index is scanned and holds no such attribute")
                .isEmpty();
        assertThat(refused("SELECT * FROM \"pq_comp\".\"byG\".\"x\" WHERE g = 'x'")
                        .getMessage())
                .startsWith("A path may contain at most 2 components in the FROM clause");
        assertThat(refused("SELECT * FROM \"pq_comp\".\"\" WHERE g = 'x'").getMessage())
                .startsWith("Path component cannot be an empty string");
    }

    @Test
    void dynamoDbsErrorsWithItsMessages() {
        assertThat(refused("SELECTT * FROMM \"pq_hash\"").getMessage())
                .startsWith("Statement wasn't well formed, can't be processed: Expected data manipulation");
        assertThat(refused("SELECT * FROM \"pq_hash").getMessage())
                .startsWith("Statement wasn't well formed, can't be processed");
        assertThat(refused("SELECT * FROM pq_hash WHERE pk = ?").getMessage())
                .startsWith("Number of parameters in request and statement don't match.");
        assertThat(refused("SELECT * FROM pq_hash WHERE pk = 'a'", s("extra")).getMessage())
                .startsWith("Number of parameters in request and statement don't match.");
        assertThatThrownBy(() -> run("SELECT * FROM \"pq_missing\" WHERE pk = 'a'"))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThat(refused("SELECT pk FROM pq_hash WHERE pk = 'x' AND val < ?", Av.bool(true))
                        .getMessage())
                .startsWith("Incorrect operand type for operator or function; operator or function: <, operand type:"
                        + " BOOL");
        assertThat(refused("SELECT pk FROM pq_hash WHERE pk = 'x' AND val = MISSING")
                        .getMessage())
                .startsWith("MISSING must be compared using IS operator");
        assertThat(refused("SELECT *, pk FROM pq_hash").getMessage())
                .startsWith("Other attributes should not be present in the projection when '*' is used.");
        assertThat(refused("SELECT * FROM pq_hash WHERE pk = 'x' ORDER BY pk").getMessage())
                .contains("ORDER BY");
        assertThat(refused("EXISTS(SELECT * FROM pq_hash WHERE pk = 'x')").getMessage())
                .startsWith("EXISTS can only be used in ExecuteTransaction write requests.");
        assertThat(refused("INSERT INTO pq_hash VALUE {'pk': 'x', 'pk': 'y'}").getMessage())
                .startsWith("Duplicate keys in tuple");
    }

    private static List<Integer> sks(ExecuteStatementResponse r) {
        return r.items().stream().map(i -> Integer.parseInt(i.get("sk").n())).toList();
    }

    private static List<List<Integer>> pages(String statement, int limit) {
        List<List<Integer>> out = new ArrayList<>();
        String token = null;
        do {
            ExecuteStatementRequest.Builder b =
                    ExecuteStatementRequest.builder().statement(statement).limit(limit);
            if (token != null) {
                b.nextToken(token);
            }
            ExecuteStatementResponse r = db.executeStatement(b.build());
            if (!r.items().isEmpty()) {
                out.add(sks(r));
            }
            token = r.nextToken();
        } while (token != null && out.size() < 50);
        return out;
    }
}
