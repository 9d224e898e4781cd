package dev.partitionscope.lab.api;

import static dev.partitionscope.lab.api.ItemSpecs.check;
import static dev.partitionscope.lab.api.Members.CONSISTENT_READ;
import static dev.partitionscope.lab.api.Members.RETURN_CONSUMED_CAPACITY;
import static dev.partitionscope.lab.api.Members.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE;
import static dev.partitionscope.lab.api.Shape.attr;
import static dev.partitionscope.lab.api.Shape.integer;
import static dev.partitionscope.lab.api.Shape.listOf;
import static dev.partitionscope.lab.api.Shape.request;
import static dev.partitionscope.lab.api.Shape.str;
import static dev.partitionscope.lab.api.Shape.struct;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * ExecuteStatement, BatchExecuteStatement (≤ 25 statements) and ExecuteTransaction (≤ 100): PartiQL's operations,
 * members as the service model has them. The statements themselves are read by the engine, against the tables.
 */
final class PartiqlSpecs {
    private PartiqlSpecs() {}

    private static final Shape.Builder STATEMENT =
            str().notNull().minLength(1).maxLength(8192).named("Statement");
    private static final Shape.Builder PARAMETERS = listOf(attr()).minLength(1).named("Parameters");

    static final OperationSpec EXECUTE_STATEMENT = OperationSpec.of(
            "ExecuteStatement",
            request(
                    STATEMENT,
                    PARAMETERS,
                    CONSISTENT_READ,
                    str().minLength(1).maxLength(32768).named("NextToken"),
                    RETURN_CONSUMED_CAPACITY,
                    integer().min(1).named("Limit"),
                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE),
            data -> {
                checkParameters(data);
                return RequestExpressions.NONE;
            });

    static final OperationSpec BATCH_EXECUTE_STATEMENT = OperationSpec.of(
            "BatchExecuteStatement",
            request(
                    listOf(struct(
                                    "BatchStatementRequest",
                                    STATEMENT,
                                    PARAMETERS,
                                    CONSISTENT_READ,
                                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE))
                            .notNull()
                            .minLength(1)
                            .maxLength(25)
                            .named("Statements"),
                    RETURN_CONSUMED_CAPACITY),
            data -> {
                for (JsonNode s : data.get("Statements")) {
                    checkParameters(s);
                }
                return RequestExpressions.NONE;
            });

    static final OperationSpec EXECUTE_TRANSACTION = OperationSpec.of(
            "ExecuteTransaction",
            request(
                    listOf(struct(
                                    "ParameterizedStatement",
                                    STATEMENT,
                                    PARAMETERS,
                                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE))
                            .notNull()
                            .minLength(1)
                            .maxLength(100)
                            .named("TransactStatements"),
                    str().minLength(1).maxLength(36).named("ClientRequestToken"),
                    RETURN_CONSUMED_CAPACITY),
            data -> {
                for (JsonNode s : data.get("TransactStatements")) {
                    checkParameters(s);
                }
                return RequestExpressions.NONE;
            });

    /** Each parameter is an attribute value DynamoDB could store. */
    private static void checkParameters(JsonNode statement) {
        JsonNode params = statement.get("Parameters");
        if (params != null) {
            for (JsonNode p : params) {
                check(AttrValueCheck.problem(p));
            }
        }
    }
}
