package dev.partitionscope.lab.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.wire.LabException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The DynamoDB operations the Lab serves, and the front door every request passes before an engine sees it, in
 * DynamoDB's order: the body read into the operation's types (SerializationException), the service model's
 * constraints (one ValidationException listing up to ten), the members the Lab refuses by name, then the checks
 * DynamoDB makes before it looks at a table (member combinations, attribute values, expressions).
 */
public final class DynamoDbApi {
    private static final Map<String, OperationSpec> SPECS = new LinkedHashMap<>();
    /**
     * Each operation's refused members, their paths split once (not per request), in the order {@code refused()}
     * iterates them.
     */
    private static final Map<String, List<Refused>> REFUSED = new java.util.HashMap<>();

    static {
        for (OperationSpec s : List.of(
                TableSpecs.CREATE_TABLE,
                TableSpecs.DESCRIBE_TABLE,
                TableSpecs.LIST_TABLES,
                TableSpecs.UPDATE_TABLE,
                TableSpecs.DELETE_TABLE,
                ItemSpecs.PUT_ITEM,
                ItemSpecs.GET_ITEM,
                ItemSpecs.UPDATE_ITEM,
                ItemSpecs.DELETE_ITEM,
                ItemSpecs.QUERY,
                ItemSpecs.SCAN,
                BatchSpecs.BATCH_GET_ITEM,
                BatchSpecs.BATCH_WRITE_ITEM,
                PartiqlSpecs.EXECUTE_STATEMENT,
                PartiqlSpecs.BATCH_EXECUTE_STATEMENT,
                PartiqlSpecs.EXECUTE_TRANSACTION,
                TransactSpecs.TRANSACT_WRITE_ITEMS,
                TransactSpecs.TRANSACT_GET_ITEMS,
                OtherSpecs.DESCRIBE_TIME_TO_LIVE,
                OtherSpecs.UPDATE_TIME_TO_LIVE,
                OtherSpecs.TAG_RESOURCE,
                OtherSpecs.UNTAG_RESOURCE,
                OtherSpecs.LIST_TAGS_OF_RESOURCE,
                OtherSpecs.DESCRIBE_LIMITS,
                OtherSpecs.DESCRIBE_ENDPOINTS,
                OtherSpecs.DESCRIBE_CONTINUOUS_BACKUPS,
                OtherSpecs.UPDATE_CONTINUOUS_BACKUPS,
                OtherSpecs.DESCRIBE_CONTRIBUTOR_INSIGHTS,
                OtherSpecs.UPDATE_CONTRIBUTOR_INSIGHTS,
                OtherSpecs.LIST_CONTRIBUTOR_INSIGHTS)) {
            SPECS.put(s.name(), s);
            List<Refused> refused = new java.util.ArrayList<>();
            s.refused().forEach((path, message) -> refused.add(new Refused(List.of(path.split("\\.")), message)));
            REFUSED.put(s.name(), List.copyOf(refused));
        }
    }

    /** Every operation of DynamoDB's API (the 2012-08-10 service model), served or not. */
    private static final java.util.Set<String> ALL_OPERATIONS = java.util.Set.of(
            "BatchExecuteStatement",
            "BatchGetItem",
            "BatchWriteItem",
            "CreateBackup",
            "CreateGlobalTable",
            "CreateTable",
            "DeleteBackup",
            "DeleteItem",
            "DeleteResourcePolicy",
            "DeleteTable",
            "DescribeBackup",
            "DescribeContinuousBackups",
            "DescribeContributorInsights",
            "DescribeEndpoints",
            "DescribeExport",
            "DescribeGlobalTable",
            "DescribeGlobalTableSettings",
            "DescribeImport",
            "DescribeKinesisStreamingDestination",
            "DescribeLimits",
            "DescribeTable",
            "DescribeTableReplicaAutoScaling",
            "DescribeTimeToLive",
            "DisableKinesisStreamingDestination",
            "EnableKinesisStreamingDestination",
            "ExecuteStatement",
            "ExecuteTransaction",
            "ExportTableToPointInTime",
            "GetItem",
            "GetResourcePolicy",
            "ImportTable",
            "ListBackups",
            "ListContributorInsights",
            "ListExports",
            "ListGlobalTables",
            "ListImports",
            "ListTables",
            "ListTagsOfResource",
            "PutItem",
            "PutResourcePolicy",
            "Query",
            "RestoreTableFromBackup",
            "RestoreTableToPointInTime",
            "Scan",
            "TagResource",
            "TransactGetItems",
            "TransactWriteItems",
            "UntagResource",
            "UpdateContinuousBackups",
            "UpdateContributorInsights",
            "UpdateGlobalTable",
            "UpdateGlobalTableSettings",
            "UpdateItem",
            "UpdateKinesisStreamingDestination",
            "UpdateTable",
            "UpdateTableReplicaAutoScaling",
            "UpdateTimeToLive");

    private DynamoDbApi() {}

    /**
     * Whether the name is an operation of DynamoDB's API at all (a target naming anything else is refused before
     * authentication, as DynamoDB does; a real operation the Lab does not serve is refused by name after it).
     */
    public static boolean isDynamoDbOperation(String name) {
        return ALL_OPERATIONS.contains(name);
    }

    /** The operations served, with their inputs (for the parameter-coverage test and the docs). */
    public static Map<String, OperationSpec> operations() {
        return java.util.Collections.unmodifiableMap(SPECS);
    }

    /** Whether the Lab serves the operation. */
    public static boolean serves(String operation) {
        return SPECS.containsKey(operation);
    }

    /**
     * Reads and checks one request. Throws {@link LabException} with DynamoDB's error for the first problem; an
     * operation the Lab does not serve is {@code UnknownOperationException} naming it.
     */
    public static ApiRequest read(String operation, JsonNode body) {
        OperationSpec spec = SPECS.get(operation);
        if (spec == null) {
            throw LabException.coral(
                    "UnknownOperationException", "The Lab does not serve the DynamoDB operation " + operation);
        }
        ObjectNode data = TypeCheck.request(spec.input(), body);
        ConstraintCheck.request(spec.input(), data);
        List<Refused> refused = REFUSED.get(operation);
        for (int i = 0; i < refused.size(); i++) {
            if (present(data, refused.get(i).path(), 0)) {
                throw LabException.validation(refused.get(i).message());
            }
        }
        RequestExpressions expressions = spec.semantic().check(data);
        expressions.readLegacy(data);
        return new ApiRequest(spec.name(), data, expressions);
    }

    /**
     * Reads a request straight from its body's JSON when it is one the Lab reads without a tree (a PutItem of plain
     * values: {@link PlainPuts}), giving what {@link #read} gives for that body; null for every other body and
     * operation, which take {@link #read}.
     */
    public static ApiRequest readPlain(String operation, byte[] bytes, int offset, int length) {
        return operation.equals("PutItem") && REFUSED.get("PutItem").isEmpty()
                ? PlainPuts.read(bytes, offset, length)
                : null;
    }

    private record Refused(List<String> path, String message) {}

    /** Whether the member at the dotted path is present (in any element where the path crosses a list). */
    private static boolean present(JsonNode node, List<String> path, int i) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (i == path.size()) {
            return true;
        }
        if (node.isArray()) {
            for (JsonNode e : node) {
                if (present(e, path, i)) {
                    return true;
                }
            }
            return false;
        }
        return present(node.get(path.get(i)), path, i + 1);
    }

    /**
     * A request that passed the front door: its members (as read) and its parsed expressions.
     *
     * @param meteredAs the operation the request is metered under: its own, or the PartiQL operation
     *                  (ExecuteStatement, …) that a statement was translated from
     */
    public record ApiRequest(String operation, ObjectNode data, RequestExpressions expressions, String meteredAs) {
        public ApiRequest(String operation, ObjectNode data, RequestExpressions expressions) {
            this(operation, data, expressions, operation);
        }

        /** The same request, metered under another operation's name. */
        public ApiRequest meteredAs(String name) {
            return new ApiRequest(operation, data, expressions, name);
        }
    }
}
