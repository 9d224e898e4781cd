package dev.partitionscope.lab.engine;

import static dev.partitionscope.lab.engine.Av.item;
import static dev.partitionscope.lab.engine.Av.n;
import static dev.partitionscope.lab.engine.Av.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.testing.LabFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementErrorCodeEnum;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * BatchExecuteStatement and ExecuteTransaction through the real SDK against a real Lab: per-statement answers and
 * errors of a batch, all-or-nothing transactions built from INSERT/UPDATE/DELETE/EXISTS, read transactions, and
 * DynamoDB's refusals.
 */
class PartiqlBatchTransactionSdkTest {
    private static LabFixture lab;
    private static DynamoDbClient db;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        db = lab.client();
        db.createTable(b -> b.tableName("btx")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S))
                .keySchema(Av.hash("pk")));
        db.createTable(b -> b.tableName("bt2x")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S), Av.attr("sk", ScalarAttributeType.N))
                .keySchema(Av.keys("pk", "sk")));
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static BatchStatementRequest st(String statement, AttributeValue... params) {
        BatchStatementRequest.Builder b = BatchStatementRequest.builder().statement(statement);
        if (params.length > 0) {
            b.parameters(params);
        }
        return b.build();
    }

    private static ParameterizedStatement tx(String statement, AttributeValue... params) {
        ParameterizedStatement.Builder b = ParameterizedStatement.builder().statement(statement);
        if (params.length > 0) {
            b.parameters(params);
        }
        return b.build();
    }

    private static Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
        return db.getItem(b -> b.tableName(table).key(key).consistentRead(true)).item();
    }

    @Test
    void batchReadsAnswerEachStatementAndChargeEachByItsOwnConsistency() {
        db.putItem(b -> b.tableName("btx").item(item("pk", s("r1"), "v", s("one"))));
        db.putItem(b -> b.tableName("btx").item(item("pk", s("r2"), "v", s("two"))));
        BatchExecuteStatementResponse r = db.batchExecuteStatement(b -> b.statements(
                        st("SELECT * FROM btx WHERE pk = ?", s("r1")),
                        BatchStatementRequest.builder()
                                .statement("SELECT v FROM btx WHERE pk = 'r2'")
                                .consistentRead(true)
                                .build(),
                        st("SELECT * FROM btx WHERE pk = 'none'"),
                        st("SELECT * FROM btx WHERE v = 'one'"),
                        st("SELECT * FROM \"btx_missing\" WHERE pk = 'x'"),
                        st("SLECT * FROM btx WHERE pk = 'r1'"),
                        st("SELECT * FROM btx WHERE pk = 'r1' AND v = 'other'"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        List<BatchStatementResponse> rs = r.responses();
        assertThat(rs).hasSize(7);
        assertThat(rs.get(0).item()).isEqualTo(item("pk", s("r1"), "v", s("one")));
        assertThat(rs.get(0).tableName()).isEqualTo("btx");
        assertThat(rs.get(1).item()).isEqualTo(item("v", s("two")));
        assertThat(rs.get(2).error()).isNull();
        assertThat(rs.get(2).item()).isEmpty();
        assertThat(rs.get(3).error().code()).isEqualTo(BatchStatementErrorCodeEnum.VALIDATION_ERROR);
        assertThat(rs.get(3).error().message())
                .isEqualTo("Select statements within BatchExecuteStatement must specify the primary key in the where"
                        + " clause.");
        assertThat(rs.get(3).tableName()).isNull();
        assertThat(rs.get(4).error().code()).isEqualTo(BatchStatementErrorCodeEnum.RESOURCE_NOT_FOUND);
        assertThat(rs.get(5).error().code()).isEqualTo(BatchStatementErrorCodeEnum.VALIDATION_ERROR);
        assertThat(rs.get(5).error().message())
                .isEqualTo("Statement wasn't well formed, can't be processed: Expected data manipulation");
        assertThat(rs.get(6).item())
                .as("the item does not meet the further condition")
                .isEmpty();
        // 0.5 + 1 (consistent) + 0.5 (missing item) + 0.5 (read, then filtered): per table
        assertThat(r.consumedCapacity()).hasSize(1);
        assertThat(r.consumedCapacity().get(0).capacityUnits()).isEqualTo(2.5);
    }

    @Test
    void batchWritesAnswerEachStatementWithItsOwnError() {
        db.putItem(b -> b.tableName("btx").item(item("pk", s("w-dup"))));
        db.putItem(b -> b.tableName("btx").item(item("pk", s("w-cond"), "v", s("here"))));
        db.putItem(b -> b.tableName("btx").item(item("pk", s("w-del"), "v", s("gone"))));
        BatchExecuteStatementResponse r = db.batchExecuteStatement(b -> b.statements(
                st("INSERT INTO btx VALUE {'pk': 'w-new', 'v': 1}"),
                st("INSERT INTO btx VALUE {'pk': ?}", s("w-dup")),
                BatchStatementRequest.builder()
                        .statement("UPDATE btx SET t = 'yes' WHERE pk = ? AND v = ?")
                        .parameters(s("w-cond"), s("wrong"))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .build(),
                st("DELETE FROM btx WHERE pk = 'w-del' RETURNING ALL OLD *"),
                st("DELETE FROM btx WHERE pk = 'w-del' RETURNING MODIFIED OLD *"),
                st("UPDATE btx SET v = v + 1 WHERE pk = 'w-new' RETURNING MODIFIED NEW *")));
        List<BatchStatementResponse> rs = r.responses();
        assertThat(rs.get(0).error()).isNull();
        assertThat(rs.get(1).error().code()).isEqualTo(BatchStatementErrorCodeEnum.DUPLICATE_ITEM);
        assertThat(rs.get(1).tableName()).isEqualTo("btx");
        assertThat(rs.get(2).error().code()).isEqualTo(BatchStatementErrorCodeEnum.CONDITIONAL_CHECK_FAILED);
        assertThat(rs.get(2).error().item()).isEqualTo(item("pk", s("w-cond"), "v", s("here")));
        assertThat(rs.get(3).item()).isEqualTo(item("pk", s("w-del"), "v", s("gone")));
        assertThat(rs.get(4).error().message())
                .isEqualTo("Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed in"
                        + " DELETE statements.");
        assertThat(rs.get(5).item()).isEqualTo(item("v", n(2)));
        assertThat(get("btx", item("pk", s("w-new")))).isEqualTo(item("pk", s("w-new"), "v", n(2)));
        assertThat(get("btx", item("pk", s("w-cond")))).doesNotContainKey("t");
        assertThat(get("btx", item("pk", s("w-del")))).isEmpty();
    }

    @Test
    void batchRefusesMixingReadsAndWritesAndMoreThan25Statements() {
        assertThatThrownBy(() -> db.batchExecuteStatement(b -> b.statements(
                        st("SELECT * FROM btx WHERE pk = 'a'"), st("INSERT INTO btx VALUE {'pk': 'mix'}"))))
                .hasMessageStartingWith("Unsupported operation: Batch must contain either all reads or all writes");
        assertThat(get("btx", item("pk", s("mix")))).isEmpty();
        BatchStatementRequest one = st("SELECT * FROM btx WHERE pk = 'a'");
        assertThatThrownBy(() -> db.batchExecuteStatement(b -> b.statements(java.util.Collections.nCopies(26, one))))
                .hasMessageContaining("Member must have length less than or equal to 25");
    }

    @Test
    void transactionWritesAllOrNothingAndReportsDuplicateItem() {
        db.putItem(b -> b.tableName("btx").item(item("pk", s("t-up"), "n", n(0))));
        db.putItem(b -> b.tableName("btx").item(item("pk", s("t-del"))));
        db.putItem(b -> b.tableName("btx").item(item("pk", s("t-check"), "ok", AttributeValue.fromBool(true))));
        db.executeTransaction(b -> b.transactStatements(
                tx("INSERT INTO btx VALUE {'pk': 't-ins', 'v': 'new'}"),
                tx("UPDATE btx SET n = n + 1 WHERE pk = ?", s("t-up")),
                tx("DELETE FROM btx WHERE pk = 't-del'"),
                tx("EXISTS(SELECT * FROM btx WHERE pk = 't-check' AND ok = true)")));
        assertThat(get("btx", item("pk", s("t-ins")))).containsEntry("v", s("new"));
        assertThat(get("btx", item("pk", s("t-up")))).containsEntry("n", n(1));
        assertThat(get("btx", item("pk", s("t-del")))).isEmpty();

        assertThatThrownBy(() -> db.executeTransaction(b -> b.transactStatements(
                        tx("INSERT INTO btx VALUE {'pk': 't-ins', 'v': 'again'}"),
                        tx("UPDATE btx SET n = n + 1 WHERE pk = 't-up'"))))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.cancellationReasons())
                            .extracting(c -> c.code())
                            .containsExactly("DuplicateItem", "None");
                    assertThat(e.getMessage()).contains("[DuplicateItem, None]");
                });
        assertThat(get("btx", item("pk", s("t-up")))).as("nothing applied").containsEntry("n", n(1));

        assertThatThrownBy(() -> db.executeTransaction(b -> b.transactStatements(
                        tx("UPDATE btx SET n = 5 WHERE pk = 't-missing'"),
                        tx("EXISTS(SELECT * FROM btx WHERE pk = 't-check' AND ok = false)"))))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> assertThat(e.cancellationReasons())
                        .extracting(c -> c.code())
                        .containsExactly("ConditionalCheckFailed", "ConditionalCheckFailed"));
    }

    @Test
    void transactionWithATokenAppliesOnce() {
        db.putItem(b -> b.tableName("btx").item(item("pk", s("t-idem"), "n", n(0))));
        for (int i = 0; i < 2; i++) {
            ExecuteTransactionResponse r = db.executeTransaction(b -> b.clientRequestToken("token-1")
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .transactStatements(tx("UPDATE btx SET n = n + 1 WHERE pk = 't-idem'")));
            assertThat(r.consumedCapacity()).hasSize(1);
        }
        assertThat(get("btx", item("pk", s("t-idem")))).containsEntry("n", n(1));
    }

    @Test
    void transactionReadsReturnItemsInOrder() {
        db.putItem(b -> b.tableName("bt2x").item(item("pk", s("g"), "sk", n(1), "v", s("a"))));
        ExecuteTransactionResponse r = db.executeTransaction(b -> b.transactStatements(
                        tx("SELECT v FROM bt2x WHERE pk = 'g' AND sk = 1"), tx("SELECT * FROM btx WHERE pk = 'nope'"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertThat(r.responses()).hasSize(2);
        assertThat(r.responses().get(0).item()).isEqualTo(item("v", s("a")));
        assertThat(r.responses().get(1).item()).isEmpty();
        assertThat(r.consumedCapacity()).isNotEmpty();
    }

    @Test
    void transactionRefusalsNameTheStatement() {
        assertThatThrownBy(() -> db.executeTransaction(
                        b -> b.transactStatements(tx("UPDATE btx SET v = 'x' WHERE pk = 'x' RETURNING ALL NEW *"))))
                .hasMessageStartingWith(
                        "Validation failed in TransactStatements[0]: RETURNING clause is not supported in"
                                + " ExecuteTransaction.");
        assertThatThrownBy(() -> db.executeTransaction(b -> b.transactStatements(
                        tx("SELECT * FROM btx WHERE pk = 'a'"), tx("SELECT * FROM btx WHERE v = 'a'"))))
                .hasMessageStartingWith("Validation failed in TransactStatements[1]: Select statements within"
                        + " ExecuteTransaction must specify the primary key in the where clause.");
        assertThatThrownBy(() -> db.executeTransaction(
                        b -> b.transactStatements(tx("SELECT * FROM \"bt2x\".\"idx\" WHERE pk = 'a'"))))
                .hasMessageStartingWith("Validation failed in TransactStatements[0]: Reads on indices are not"
                        + " supported within transactions.");
        assertThatThrownBy(() -> db.executeTransaction(
                        b -> b.transactStatements(tx("EXISTS(SELECT * FROM btx WHERE pk = 'a')"))))
                .hasMessageStartingWith("Validation failed in TransactStatements[0]: EXISTS() must contain a single"
                        + " item read with additional condition");
        assertThatThrownBy(() -> db.executeTransaction(b -> b.transactStatements(
                        tx("SELECT * FROM btx WHERE pk = 'a'"), tx("INSERT INTO btx VALUE {'pk': 'never'}"))))
                .hasMessageStartingWith("Unsupported operation in transaction.");
        assertThat(get("btx", item("pk", s("never")))).isEmpty();
    }

    @Test
    void partiqlRequestsAreMeteredUnderTheirOwnOperationNames() {
        lab.clearRecords();
        db.batchExecuteStatement(b -> b.statements(st("INSERT INTO btx VALUE {'pk': 'm-1'}")));
        db.executeTransaction(b -> b.transactStatements(tx("INSERT INTO btx VALUE {'pk': 'm-2'}")));
        assertThat(lab.records())
                .extracting(RequestRecord::operation)
                .containsExactly("BatchExecuteStatement", "ExecuteTransaction");
        assertThat(lab.records()).allSatisfy(rec -> assertThat(rec.writeUnits()).isPositive());
    }
}
