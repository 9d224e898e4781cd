package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.api.DynamoDbApi;
import dev.partitionscope.lab.api.RequestExpressions;
import dev.partitionscope.lab.partiql.Cond;
import dev.partitionscope.lab.partiql.Expr;
import dev.partitionscope.lab.partiql.ExpressionWriter;
import dev.partitionscope.lab.partiql.Path;
import dev.partitionscope.lab.partiql.Statement;
import dev.partitionscope.lab.partiql.StatementKeys;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * DynamoDB's PartiQL operations. Each statement is translated into the item operation it stands for and run through
 * the same front door and engine code as that operation — metered under the PartiQL operation's name:
 *
 * <ul>
 *   <li>SELECT with equality on the full primary key of the table and nothing else: GetItem;
 *   <li>SELECT with equality (or IN) on the partition key of the table or the named index: one Query per key value,
 *       a sort-key predicate as the key condition, the rest as the filter;
 *   <li>any other SELECT: Scan, the whole WHERE as the filter;
 *   <li>INSERT: PutItem on condition that no item has the key (else DuplicateItemException);
 *   <li>UPDATE: UpdateItem on condition that the item exists and the rest of WHERE holds;
 *   <li>DELETE: DeleteItem on condition that the rest of WHERE holds if the item exists.
 * </ul>
 *
 * BatchExecuteStatement runs each statement so, answering errors per statement; ExecuteTransaction translates its
 * statements into one TransactWriteItems or TransactGetItems request.
 */
final class PartiqlOps {
    static final String EXECUTE = "ExecuteStatement";
    static final String BATCH = "BatchExecuteStatement";
    static final String TRANSACTION = "ExecuteTransaction";

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Pattern EXPRESSION_PREFIX =
            Pattern.compile("^Invalid (ConditionExpression|FilterExpression|KeyConditionExpression|UpdateExpression"
                    + "|ProjectionExpression): ");
    private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");

    private final LabEngine engine;
    private final ItemOps itemOps;
    private final QueryOps queryOps;

    PartiqlOps(LabEngine engine, ItemOps itemOps, QueryOps queryOps) {
        this.engine = engine;
        this.itemOps = itemOps;
        this.queryOps = queryOps;
    }

    /** What a statement runs with: the request's options, and the operation it is metered under. */
    private record Options(
            String text,
            JsonNode parametersJson,
            boolean consistent,
            String returnConsumedCapacity,
            Integer limit,
            String nextToken,
            String returnValuesOnConditionCheckFailure,
            String meteredAs) {}

    // ExecuteStatement ----------------------------------------------------------------------------------------------

    ObjectNode execute(JsonNode d) {
        Options o = new Options(
                d.get("Statement").asText(),
                d.get("Parameters"),
                d.path("ConsistentRead").asBoolean(false),
                d.path("ReturnConsumedCapacity").asText("NONE"),
                d.has("Limit") ? d.get("Limit").asInt() : null,
                d.path("NextToken").asText(null),
                d.path("ReturnValuesOnConditionCheckFailure").asText(null),
                EXECUTE);
        StatementKeys.Bound b = bind(o.text(), o.parametersJson());
        Statement s = b.statement();
        if (s instanceof Statement.Select sel) {
            return select(sel, b.parameters(), o);
        }
        if (o.nextToken() != null) {
            throw LabException.validation("NextToken does not match request");
        }
        if (s instanceof Statement.Exists) {
            throw LabException.validation("EXISTS can only be used in ExecuteTransaction write requests.");
        }
        ObjectNode out = write(s, b.parameters(), o);
        ObjectNode response = F.objectNode();
        ArrayNode items = response.putArray("Items");
        if (out.has("Attributes") && !out.get("Attributes").isEmpty()) {
            items.add(out.get("Attributes"));
        }
        if (out.has("ConsumedCapacity")) {
            response.set("ConsumedCapacity", out.get("ConsumedCapacity"));
        }
        return response;
    }

    private static StatementKeys.Bound bind(String text, JsonNode parametersJson) {
        return StatementKeys.bind(text, parametersJson);
    }

    private LabTable table(String name) {
        if (!TABLE_NAME.matcher(name).matches()) {
            throw LabException.validation("Table name should be within the length [3, 255] and only contain 'a-z',"
                    + " 'A-Z', '0-9', '-', '_', '.'.");
        }
        return engine.activeTable(name);
    }

    // BatchExecuteStatement -----------------------------------------------------------------------------------------

    ObjectNode batch(JsonNode d) {
        String rcc = d.path("ReturnConsumedCapacity").asText("NONE");
        List<JsonNode> requests = new ArrayList<>();
        d.get("Statements").forEach(requests::add);
        int n = requests.size();
        StatementKeys.Bound[] bound = new StatementKeys.Bound[n];
        LabException[] early = new LabException[n];
        boolean reads = false;
        boolean writes = false;
        for (int i = 0; i < n; i++) {
            JsonNode r = requests.get(i);
            try {
                bound[i] = bind(r.get("Statement").asText(), r.get("Parameters"));
                reads |= bound[i].statement().isRead();
                writes |= !bound[i].statement().isRead();
            } catch (LabException e) {
                early[i] = e;
            }
        }
        if (reads && writes) {
            throw LabException.validation("Unsupported operation: Batch must contain either all reads or all writes");
        }
        ObjectNode response = F.objectNode();
        ArrayNode responses = response.putArray("Responses");
        Map<String, ObjectNode> capacity = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            JsonNode r = requests.get(i);
            ObjectNode out = responses.addObject();
            if (early[i] != null) {
                batchError(out, early[i], null, null);
                continue;
            }
            Statement s = bound[i].statement();
            Options o = new Options(
                    r.get("Statement").asText(),
                    r.get("Parameters"),
                    r.path("ConsistentRead").asBoolean(false),
                    rcc,
                    null,
                    null,
                    r.path("ReturnValuesOnConditionCheckFailure").asText(null),
                    BATCH);
            try {
                ObjectNode result;
                if (s instanceof Statement.Select sel) {
                    result = batchSelect(sel, bound[i].parameters(), o);
                    out.put("TableName", s.table());
                    if (result.has("Item")) {
                        out.set("Item", result.get("Item"));
                    }
                } else if (s instanceof Statement.Exists) {
                    throw LabException.validation("EXISTS can only be used in ExecuteTransaction write requests.");
                } else {
                    result = write(s, bound[i].parameters(), o);
                    out.put("TableName", s.table());
                    if (result.has("Attributes") && !result.get("Attributes").isEmpty()) {
                        out.set("Item", result.get("Attributes"));
                    }
                }
                JsonNode cc = result.get("ConsumedCapacity");
                if (cc != null) {
                    capacity.put(s.table(), merge(capacity.get(s.table()), cc));
                }
            } catch (LabException e) {
                batchError(out, e, s.table(), o.returnValuesOnConditionCheckFailure());
            }
        }
        if (!capacity.isEmpty()) {
            ArrayNode cc = response.putArray("ConsumedCapacity");
            capacity.values().forEach(cc::add);
        }
        return response;
    }

    /** A batch SELECT reads one item by its full primary key (further conditions apply to that item). */
    private ObjectNode batchSelect(Statement.Select s, List<AttrValue> params, Options o) {
        LabTable t = table(s.table());
        ExpressionWriter w = new ExpressionWriter(params);
        StatementKeys.Target target = s.index() == null ? keyed(t, s.where(), w) : null;
        if (target == null) {
            throw LabException.validation(
                    "Select statements within BatchExecuteStatement must specify the primary key in the where clause.");
        }
        ObjectNode req = readRequest(s, o, w, null, target.rest() == null).set("Key", AttrJson.toJson(target.key()));
        req.remove("Limit");
        ObjectNode out = call("GetItem", finish(req, w), o.meteredAs());
        if (out.has("Item")) {
            if (target.rest() != null
                    && !keyFilter(List.of(target.rest()), params)
                            .conditionHolds(AttrJson.item(out.get("Item"), "item"))) {
                out.remove("Item");
            } else {
                out.set("Item", project(s.projection(), out.get("Item")));
            }
        }
        return out;
    }

    /** The full key a WHERE names by equality, or null when it does not. */
    private static StatementKeys.Target keyed(LabTable t, Cond where, ExpressionWriter w) {
        try {
            return target(t, where, w);
        } catch (LabException e) {
            return null;
        }
    }

    /** One statement's error in BatchExecuteStatement's terms; the table is named when the statement ran. */
    private static void batchError(ObjectNode out, LabException e, String table, String returnValuesOnFailure) {
        String code =
                switch (e.name()) {
                    case "ConditionalCheckFailedException" -> "ConditionalCheckFailed";
                    case "DuplicateItemException" -> "DuplicateItem";
                    case "ResourceNotFoundException" -> "ResourceNotFound";
                    case "ValidationException" -> "ValidationError";
                    case "ProvisionedThroughputExceededException" -> "ProvisionedThroughputExceeded";
                    case "ThrottlingException" -> "ThrottlingError";
                    case "RequestLimitExceeded" -> "RequestLimitExceeded";
                    case "ItemCollectionSizeLimitExceededException" -> "ItemCollectionSizeLimitExceeded";
                    case "TransactionConflictException" -> "TransactionConflict";
                    default -> "InternalServerError";
                };
        boolean ran = !code.equals("ValidationError") && !code.equals("ResourceNotFound");
        if (ran && table != null) {
            out.put("TableName", table);
        }
        ObjectNode error = out.putObject("Error").put("Code", code).put("Message", e.getMessage());
        if (code.equals("ConditionalCheckFailed")
                && "ALL_OLD".equals(returnValuesOnFailure)
                && e.extra() != null
                && e.extra().has("Item")) {
            error.set("Item", e.extra().get("Item"));
        }
    }

    // ExecuteTransaction --------------------------------------------------------------------------------------------

    ObjectNode transaction(JsonNode d) {
        List<JsonNode> requests = new ArrayList<>();
        d.get("TransactStatements").forEach(requests::add);
        List<StatementKeys.Bound> bound = new ArrayList<>();
        boolean reads = false;
        boolean writes = false;
        for (int i = 0; i < requests.size(); i++) {
            JsonNode r = requests.get(i);
            try {
                StatementKeys.Bound b = bind(r.get("Statement").asText(), r.get("Parameters"));
                Statement s = b.statement();
                if ((s instanceof Statement.Update u && u.returning() != null)
                        || (s instanceof Statement.Delete del && del.returning() != null)) {
                    throw LabException.validation("RETURNING clause is not supported in ExecuteTransaction.");
                }
                if (s instanceof Statement.Select sel && sel.index() != null) {
                    throw LabException.validation("Reads on indices are not supported within transactions.");
                }
                if (s instanceof Statement.Exists ex && ex.select().index() != null) {
                    throw LabException.validation("Operations on indices are not supported in transactions");
                }
                reads |= s.isRead();
                writes |= !s.isRead();
                bound.add(b);
            } catch (LabException e) {
                throw inStatement(i, e);
            }
        }
        if (reads && writes) {
            throw LabException.validation("Unsupported operation in transaction.");
        }
        String rcc = d.path("ReturnConsumedCapacity").asText("NONE");
        ObjectNode req = F.objectNode();
        ArrayNode items = req.putArray("TransactItems");
        for (int i = 0; i < bound.size(); i++) {
            try {
                items.add(transactItem(bound.get(i), requests.get(i)));
            } catch (LabException e) {
                throw inStatement(i, e);
            }
        }
        if (!"NONE".equals(rcc)) {
            req.put("ReturnConsumedCapacity", rcc);
        }
        if (reads) {
            ObjectNode out = engine.handleAs("TransactGetItems", req, TRANSACTION);
            ObjectNode response = F.objectNode();
            ArrayNode responses = response.putArray("Responses");
            for (int i = 0; i < bound.size(); i++) {
                JsonNode r = out.path("Responses").path(i);
                Statement.Select sel = (Statement.Select) bound.get(i).statement();
                ObjectNode one = responses.addObject();
                if (r.has("Item")) {
                    one.set("Item", project(sel.projection(), r.get("Item")));
                }
            }
            if (out.has("ConsumedCapacity")) {
                response.set("ConsumedCapacity", out.get("ConsumedCapacity"));
            }
            return response;
        }
        if (d.has("ClientRequestToken")) {
            req.put("ClientRequestToken", d.get("ClientRequestToken").asText());
        }
        try {
            ObjectNode out = engine.handleAs("TransactWriteItems", req, TRANSACTION);
            ObjectNode response = F.objectNode();
            if (out.has("ConsumedCapacity")) {
                response.set("ConsumedCapacity", out.get("ConsumedCapacity"));
            }
            return response;
        } catch (LabException e) {
            throw cancelled(e, bound);
        }
    }

    /** One statement as a TransactWriteItems or TransactGetItems element. */
    private ObjectNode transactItem(StatementKeys.Bound b, JsonNode request) {
        Statement s = b.statement();
        LabTable t = table(s.table());
        ExpressionWriter w = new ExpressionWriter(b.parameters());
        ObjectNode body = F.objectNode().put("TableName", s.table());
        String rvocf = request.path("ReturnValuesOnConditionCheckFailure").asText(null);
        if (s instanceof Statement.Select sel) {
            StatementKeys.Target target = keyed(t, sel.where(), w);
            if (target == null || target.rest() != null) {
                throw LabException.validation(
                        "Select statements within ExecuteTransaction must specify the primary key in the where clause.");
            }
            body.set("Key", AttrJson.toJson(target.key()));
            if (sel.projection() != null) {
                java.util.Set<String> heads = new java.util.LinkedHashSet<>();
                sel.projection().forEach(p -> heads.add(w.path(new Path(List.of(p.head())))));
                body.put("ProjectionExpression", String.join(", ", heads));
            }
            w.addTo(body);
            return F.objectNode().set("Get", body);
        }
        if (s instanceof Statement.Insert ins) {
            insertRequest(t, ins, w, body);
            if (rvocf != null) {
                body.put("ReturnValuesOnConditionCheckFailure", rvocf);
            }
            return F.objectNode().set("Put", body);
        }
        if (rvocf != null) {
            body.put("ReturnValuesOnConditionCheckFailure", rvocf);
        }
        if (s instanceof Statement.Update up) {
            return F.objectNode().set("Update", updateRequest(t, up, w, body));
        }
        if (s instanceof Statement.Delete del) {
            return F.objectNode().set("Delete", deleteRequest(t, del, w, body));
        }
        Statement.Select check = ((Statement.Exists) s).select();
        StatementKeys.Target target = keyed(t, check.where(), w);
        if (target == null || target.rest() == null) {
            throw LabException.validation("EXISTS() must contain a single item read with additional condition");
        }
        body.set("Key", AttrJson.toJson(target.key()));
        body.put(
                "ConditionExpression",
                "attribute_exists(" + w.path(new Path(List.of(t.key.partitionKey()))) + ") AND ("
                        + w.condition(target.rest()) + ")");
        w.addTo(body);
        return F.objectNode().set("ConditionCheck", body);
    }

    private static LabException inStatement(int i, LabException e) {
        if (!e.name().equals("ValidationException")) {
            return e;
        }
        return LabException.validation("Validation failed in TransactStatements[" + i + "]: " + e.getMessage());
    }

    /**
     * A cancelled transaction as PartiQL reports it: an INSERT whose item exists failed as DuplicateItem, not as a
     * failed condition.
     */
    private static LabException cancelled(LabException e, List<StatementKeys.Bound> bound) {
        if (!e.name().equals("TransactionCanceledException")
                || e.extra() == null
                || !e.extra().path("CancellationReasons").isArray()) {
            return plain(e);
        }
        JsonNode reasons = e.extra().get("CancellationReasons").deepCopy();
        for (int i = 0; i < reasons.size() && i < bound.size(); i++) {
            ObjectNode reason = (ObjectNode) reasons.get(i);
            if (bound.get(i).statement() instanceof Statement.Insert
                    && "ConditionalCheckFailed".equals(reason.path("Code").asText())) {
                reason.put("Code", "DuplicateItem");
                reason.put("Message", "Duplicate primary key exists in table");
            }
        }
        return LabException.transactionCanceled(reasons);
    }

    // Writes --------------------------------------------------------------------------------------------------------

    /** INSERT, UPDATE or DELETE as PutItem, UpdateItem or DeleteItem: the item operation's response. */
    private ObjectNode write(Statement s, List<AttrValue> params, Options o) {
        LabTable t = table(s.table());
        ExpressionWriter w = new ExpressionWriter(params);
        ObjectNode req = F.objectNode().put("TableName", s.table());
        if (!"NONE".equals(o.returnConsumedCapacity())) {
            req.put("ReturnConsumedCapacity", o.returnConsumedCapacity());
        }
        if (s instanceof Statement.Insert ins) {
            ObjectNode put = insertRequest(t, ins, w, req);
            try {
                return call("PutItem", put, o.meteredAs());
            } catch (LabException e) {
                if (e.name().equals("ConditionalCheckFailedException")) {
                    throw duplicate();
                }
                throw e;
            }
        }
        if (o.returnValuesOnConditionCheckFailure() != null) {
            req.put("ReturnValuesOnConditionCheckFailure", o.returnValuesOnConditionCheckFailure());
        }
        if (s instanceof Statement.Update up) {
            return call("UpdateItem", updateRequest(t, up, w, req), o.meteredAs());
        }
        return call("DeleteItem", deleteRequest(t, (Statement.Delete) s, w, req), o.meteredAs());
    }

    static LabException duplicate() {
        return new LabException("DuplicateItemException", "Duplicate primary key exists in table");
    }

    private static ObjectNode insertRequest(LabTable t, Statement.Insert ins, ExpressionWriter w, ObjectNode req) {
        AttrValue.M item = (AttrValue.M) w.bind(ins.item());
        for (String k : keyNames(t.key)) {
            AttrValue v = item.values().get(k);
            if (v == null) {
                throw LabException.validation("Key attribute should be present in the item: Key " + k);
            }
            if (!KeyDef.typed(v, k.equals(t.key.partitionKey()) ? t.key.partitionType() : t.key.sortType())) {
                throw LabException.validation(
                        "Key attribute's data type should match its data type in table's schema: Key " + k);
            }
        }
        req.set("Item", AttrJson.toJson(item.values()));
        req.put("ConditionExpression", "attribute_not_exists(" + w.path(new Path(List.of(t.key.partitionKey()))) + ")");
        w.addTo(req);
        return req;
    }

    private static ObjectNode updateRequest(LabTable t, Statement.Update up, ExpressionWriter w, ObjectNode req) {
        StatementKeys.Target target = target(t, up.where(), w);
        req.set("Key", AttrJson.toJson(target.key()));
        req.put("UpdateExpression", w.update(up.actions()));
        String exists = "attribute_exists(" + w.path(new Path(List.of(t.key.partitionKey()))) + ")";
        req.put(
                "ConditionExpression",
                target.rest() == null ? exists : exists + " AND (" + w.condition(target.rest()) + ")");
        if (up.returning() != null) {
            req.put("ReturnValues", up.returning().returnValues());
        }
        w.addTo(req);
        return req;
    }

    private static ObjectNode deleteRequest(LabTable t, Statement.Delete del, ExpressionWriter w, ObjectNode req) {
        StatementKeys.Target target = target(t, del.where(), w);
        req.set("Key", AttrJson.toJson(target.key()));
        if (target.rest() != null) {
            // A missing item is no failure: the rest of WHERE is a condition on the item if there is one.
            req.put(
                    "ConditionExpression",
                    "attribute_not_exists(" + w.path(new Path(List.of(t.key.partitionKey()))) + ") OR ("
                            + w.condition(target.rest()) + ")");
        }
        if (del.returning() != null) {
            req.put("ReturnValues", "ALL_OLD");
        }
        w.addTo(req);
        return req;
    }

    private static StatementKeys.Target target(LabTable t, Cond where, ExpressionWriter w) {
        return StatementKeys.target(where, keyNames(t.key), w);
    }

    // SELECT --------------------------------------------------------------------------------------------------------

    /** How a SELECT reads: by key (GetItem), by partition (Query per partition-key value) or by Scan. */
    private record ReadPlan(
            List<AttrValue> partitionValues, Cond sortCondition, List<Cond> filter, List<Cond> keyFilter) {
        boolean keyed() {
            return partitionValues != null;
        }
    }

    private static ReadPlan plan(Cond where, KeyDef keys, ExpressionWriter w) {
        List<Cond> conjuncts = new ArrayList<>(conjuncts(where));
        List<AttrValue> partition = null;
        for (int i = 0; i < conjuncts.size() && partition == null; i++) {
            Cond c = conjuncts.get(i);
            Expr eq = equality(c, keys.partitionKey());
            if (eq != null) {
                partition = List.of(w.bind(eq));
            } else if (c instanceof Cond.In in
                    && isAttr(in.value(), keys.partitionKey())
                    && allValues(in.candidates())) {
                List<AttrValue> values = new ArrayList<>();
                for (Expr e : in.candidates()) {
                    AttrValue v = w.bind(e);
                    if (!values.contains(v)) {
                        values.add(v);
                    }
                }
                partition = values;
            }
            if (partition != null) {
                conjuncts.remove(i);
            }
        }
        if (partition == null) {
            return new ReadPlan(null, null, conjuncts, List.of());
        }
        Cond sort = null;
        if (keys.hasSortKey()) {
            for (int i = 0; i < conjuncts.size(); i++) {
                if (isSortKeyCondition(conjuncts.get(i), keys.sortKey())) {
                    sort = conjuncts.remove(i);
                    break;
                }
            }
        }
        List<Cond> filter = new ArrayList<>();
        List<Cond> keyFilter = new ArrayList<>();
        for (Cond c : conjuncts) {
            if (mentions(c, keys.partitionKey()) || (keys.hasSortKey() && mentions(c, keys.sortKey()))) {
                keyFilter.add(c);
            } else {
                filter.add(c);
            }
        }
        return new ReadPlan(partition, sort, filter, keyFilter);
    }

    private ObjectNode select(Statement.Select s, List<AttrValue> params, Options o) {
        LabTable t = table(s.table());
        IndexDef index = null;
        if (s.index() != null) {
            index = t.read(() -> t.index(s.index()));
            if (index == null) {
                throw LabException.validation("The table does not have the specified index");
            }
            if (index.global() && o.consistent()) {
                throw LabException.validation("Strongly consistent read is not supported on Global Secondary Indexes");
            }
        }
        KeyDef keys = index == null ? t.key : index.key();
        ExpressionWriter w = new ExpressionWriter(params);
        ReadPlan plan = plan(s.where(), keys, w);
        Token token = Token.read(o.nextToken(), tokenHash(o));
        ObjectNode response = F.objectNode();
        ArrayNode items = response.putArray("Items");
        ObjectNode capacity = null;

        if (index == null
                && plan.keyed()
                && plan.partitionValues().size() == 1
                && plan.filter().isEmpty()
                && plan.keyFilter().isEmpty()
                && (!keys.hasSortKey() || equality(plan.sortCondition(), keys.sortKey()) != null)) {
            if (token != null) {
                throw LabException.validation("NextToken does not match request");
            }
            Map<String, AttrValue> key = new LinkedHashMap<>();
            key.put(keys.partitionKey(), plan.partitionValues().get(0));
            if (keys.hasSortKey()) {
                key.put(keys.sortKey(), w.bind(equality(plan.sortCondition(), keys.sortKey())));
            }
            ObjectNode req = readRequest(s, o, w, null).set("Key", AttrJson.toJson(key));
            req.remove("Limit");
            ObjectNode out = call("GetItem", finish(req, w), o.meteredAs());
            if (out.has("Item")) {
                items.add(project(s.projection(), out.get("Item")));
            }
            setCapacity(response, out.get("ConsumedCapacity"));
            return response;
        }

        Integer remaining = o.limit();
        if (!plan.keyed()) {
            ObjectNode req = readRequest(s, o, w, index);
            if (plan.filter().size() > 0) {
                req.put("FilterExpression", w.condition(and(plan.filter())));
            }
            if (token != null && token.key() != null) {
                req.set("ExclusiveStartKey", token.key());
            }
            ObjectNode out = call("Scan", finish(req, w), o.meteredAs());
            out.path("Items").forEach(i -> items.add(project(s.projection(), i)));
            capacity = merge(capacity, out.get("ConsumedCapacity"));
            if (out.has("LastEvaluatedKey")) {
                response.put("NextToken", new Token(tokenHash(o), 0, out.get("LastEvaluatedKey")).write());
                response.set("LastEvaluatedKey", out.get("LastEvaluatedKey"));
            }
            setCapacity(response, capacity);
            return response;
        }

        if (index != null && !index.projectionType().equals("ALL")) {
            checkFilterProjected(t, index, plan);
        }
        RequestExpressions keyFilter = plan.keyFilter().isEmpty() ? null : keyFilter(plan.keyFilter(), params);
        int from = token == null ? 0 : token.index();
        JsonNode startKey = token == null ? null : token.key();
        List<AttrValue> values = plan.partitionValues();
        for (int i = from; i < values.size(); i++) {
            ExpressionWriter qw = new ExpressionWriter(params);
            ObjectNode req = readRequest(s, o, qw, index, keyFilter == null);
            String kc = qw.path(new Path(List.of(keys.partitionKey()))) + " = " + qw.value(values.get(i));
            if (plan.sortCondition() != null) {
                kc += " AND " + qw.condition(plan.sortCondition());
            }
            req.put("KeyConditionExpression", kc);
            if (!plan.filter().isEmpty()) {
                req.put("FilterExpression", qw.condition(and(plan.filter())));
            }
            if (remaining != null) {
                req.put("Limit", remaining);
            }
            if (startKey != null) {
                req.set("ExclusiveStartKey", startKey);
                startKey = null;
            }
            ObjectNode out = call("Query", finish(req, qw), o.meteredAs());
            for (JsonNode item : out.path("Items")) {
                if (keyFilter == null || keyFilter.conditionHolds(AttrJson.item(item, "item"))) {
                    items.add(project(s.projection(), item));
                }
            }
            capacity = merge(capacity, out.get("ConsumedCapacity"));
            if (remaining != null) {
                remaining -= out.path("ScannedCount").asInt();
            }
            if (out.has("LastEvaluatedKey")) {
                response.put("NextToken", new Token(tokenHash(o), i, out.get("LastEvaluatedKey")).write());
                response.set("LastEvaluatedKey", out.get("LastEvaluatedKey"));
                break;
            }
            if (remaining != null && remaining <= 0 && i + 1 < values.size()) {
                response.put("NextToken", new Token(tokenHash(o), i + 1, null).write());
                break;
            }
        }
        setCapacity(response, capacity);
        return response;
    }

    /** A keyed read of an index may filter only on what the index holds (DynamoDB's check, Query has none). */
    private static void checkFilterProjected(LabTable t, IndexDef index, ReadPlan plan) {
        java.util.Set<String> held = new java.util.HashSet<>(keyNames(t.key));
        held.addAll(keyNames(index.key()));
        if (index.projectionType().equals("INCLUDE")) {
            held.addAll(index.nonKeyAttributes());
        }
        java.util.Set<String> missing = new java.util.LinkedHashSet<>();
        for (Cond c : plan.filter()) {
            heads(c, missing);
        }
        missing.removeAll(held);
        if (!missing.isEmpty()) {
            throw LabException.validation("One or more parameter values were invalid: Secondary index "
                    + index.name() + " does not project one or more filter attributes: ["
                    + String.join(", ", missing) + "]");
        }
    }

    private static void heads(Cond c, java.util.Set<String> out) {
        if (c instanceof Cond.Compare cmp) {
            heads(cmp.left(), out);
            heads(cmp.right(), out);
        } else if (c instanceof Cond.Between b) {
            heads(b.value(), out);
            heads(b.low(), out);
            heads(b.high(), out);
        } else if (c instanceof Cond.In in) {
            heads(in.value(), out);
            in.candidates().forEach(e -> heads(e, out));
        } else if (c instanceof Cond.Function f) {
            f.args().forEach(e -> heads(e, out));
        } else if (c instanceof Cond.Is is) {
            out.add(is.path().head());
        } else if (c instanceof Cond.And a) {
            heads(a.left(), out);
            heads(a.right(), out);
        } else if (c instanceof Cond.Or o) {
            heads(o.left(), out);
            heads(o.right(), out);
        } else {
            heads(((Cond.Not) c).inner(), out);
        }
    }

    private static void heads(Expr e, java.util.Set<String> out) {
        if (e instanceof Expr.PathRef p) {
            out.add(p.path().head());
        } else if (e instanceof Expr.Call c) {
            c.args().forEach(x -> heads(x, out));
        }
    }

    /** The parts of a Query, Scan or GetItem request every SELECT shares. */
    private static ObjectNode readRequest(Statement.Select s, Options o, ExpressionWriter w, IndexDef index) {
        return readRequest(s, o, w, index, true);
    }

    private static ObjectNode readRequest(
            Statement.Select s, Options o, ExpressionWriter w, IndexDef index, boolean withProjection) {
        ObjectNode req = F.objectNode().put("TableName", s.table());
        if (index != null) {
            req.put("IndexName", index.name());
        }
        if (o.consistent()) {
            req.put("ConsistentRead", true);
        }
        if (!"NONE".equals(o.returnConsumedCapacity())) {
            req.put("ReturnConsumedCapacity", o.returnConsumedCapacity());
        }
        if (o.limit() != null) {
            req.put("Limit", o.limit());
        }
        if (s.projection() != null && withProjection) {
            // The top-level attributes the paths start from: nested values (list elements included) are taken from
            // them afterwards, each under its last name.
            java.util.Set<String> heads = new java.util.LinkedHashSet<>();
            s.projection().forEach(p -> heads.add(w.path(new Path(List.of(p.head())))));
            req.put("ProjectionExpression", String.join(", ", heads));
        }
        return req;
    }

    /** Declares the placeholders the request's expressions use (the writer wrote only those). */
    private static ObjectNode finish(ObjectNode req, ExpressionWriter w) {
        w.addTo(req);
        return req;
    }

    /** Conditions on key attributes Query cannot filter on, evaluated on the items it returns. */
    private static RequestExpressions keyFilter(List<Cond> conds, List<AttrValue> params) {
        ExpressionWriter kw = new ExpressionWriter(params);
        ObjectNode req = F.objectNode().put("ConditionExpression", kw.condition(and(conds)));
        kw.addTo(req);
        return RequestExpressions.of(req);
    }

    /** The projected paths of an item, each under its last name (as DynamoDB's PartiQL answers nested paths). */
    private static JsonNode project(List<Path> projection, JsonNode item) {
        if (projection == null) {
            return item;
        }
        Map<String, AttrValue> full = AttrJson.item(item, "item");
        Map<String, AttrValue> out = new LinkedHashMap<>();
        for (Path p : projection) {
            AttrValue v = resolve(full, p);
            if (v != null) {
                out.put(p.lastName(), v);
            }
        }
        return AttrJson.toJson(out);
    }

    private static AttrValue resolve(Map<String, AttrValue> item, Path p) {
        AttrValue v = item.get(p.head());
        for (int i = 1; i < p.steps().size() && v != null; i++) {
            Object step = p.steps().get(i);
            if (step instanceof Integer n) {
                v = v instanceof AttrValue.L l && n < l.values().size()
                        ? l.values().get(n)
                        : null;
            } else {
                v = v instanceof AttrValue.M m ? m.values().get((String) step) : null;
            }
        }
        return v;
    }

    // Conditions ----------------------------------------------------------------------------------------------------

    static List<Cond> conjuncts(Cond c) {
        return StatementKeys.conjuncts(c);
    }

    static Cond and(List<Cond> conds) {
        return StatementKeys.and(conds);
    }

    static Expr equality(Cond c, String attr) {
        return StatementKeys.equality(c, attr);
    }

    private static boolean isAttr(Expr e, String attr) {
        return e instanceof Expr.PathRef p
                && p.path().isTopLevel()
                && p.path().head().equals(attr);
    }

    private static boolean isValue(Expr e) {
        return e instanceof Expr.Literal || e instanceof Expr.Param;
    }

    private static boolean allValues(List<Expr> es) {
        return es.stream().allMatch(PartiqlOps::isValue);
    }

    /** A predicate Query takes as the sort key's condition: a comparison, BETWEEN or begins_with with values. */
    private static boolean isSortKeyCondition(Cond c, String sk) {
        if (c instanceof Cond.Compare cmp && !cmp.op().equals("<>")) {
            return (isAttr(cmp.left(), sk) && isValue(cmp.right())) || (isAttr(cmp.right(), sk) && isValue(cmp.left()));
        }
        if (c instanceof Cond.Between b) {
            return isAttr(b.value(), sk) && isValue(b.low()) && isValue(b.high());
        }
        if (c instanceof Cond.Function f
                && f.name().equals("begins_with")
                && f.args().size() == 2) {
            return isAttr(f.args().get(0), sk) && isValue(f.args().get(1));
        }
        return false;
    }

    /** Whether the condition refers to the top-level attribute anywhere. */
    private static boolean mentions(Cond c, String attr) {
        if (c instanceof Cond.Compare cmp) {
            return mentions(cmp.left(), attr) || mentions(cmp.right(), attr);
        }
        if (c instanceof Cond.Between b) {
            return mentions(b.value(), attr) || mentions(b.low(), attr) || mentions(b.high(), attr);
        }
        if (c instanceof Cond.In in) {
            return mentions(in.value(), attr) || in.candidates().stream().anyMatch(e -> mentions(e, attr));
        }
        if (c instanceof Cond.Function f) {
            return f.args().stream().anyMatch(e -> mentions(e, attr));
        }
        if (c instanceof Cond.Is is) {
            return is.path().head().equals(attr);
        }
        if (c instanceof Cond.And a) {
            return mentions(a.left(), attr) || mentions(a.right(), attr);
        }
        if (c instanceof Cond.Or o) {
            return mentions(o.left(), attr) || mentions(o.right(), attr);
        }
        return mentions(((Cond.Not) c).inner(), attr);
    }

    private static boolean mentions(Expr e, String attr) {
        if (e instanceof Expr.PathRef p) {
            return p.path().head().equals(attr);
        }
        if (e instanceof Expr.Call c) {
            return c.args().stream().anyMatch(x -> mentions(x, attr));
        }
        return false;
    }

    static List<String> keyNames(KeyDef k) {
        return k.hasSortKey() ? List.of(k.partitionKey(), k.sortKey()) : List.of(k.partitionKey());
    }

    // Running translated requests -----------------------------------------------------------------------------------

    /**
     * Runs a translated request through the front door and the operation, metered as {@code meteredAs}. The
     * expression errors lose the expression's name: the statement has none.
     */
    private ObjectNode call(String operation, ObjectNode request, String meteredAs) {
        try {
            DynamoDbApi.ApiRequest r = DynamoDbApi.read(operation, request).meteredAs(meteredAs);
            return switch (operation) {
                case "GetItem" -> itemOps.get(r);
                case "PutItem" -> itemOps.put(r);
                case "UpdateItem" -> itemOps.update(r);
                case "DeleteItem" -> itemOps.delete(r);
                case "Query" -> queryOps.query(r);
                default -> queryOps.scan(r);
            };
        } catch (LabException e) {
            throw plain(e);
        }
    }

    static LabException plain(LabException e) {
        if (e.name().equals("ValidationException")) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            String stripped = EXPRESSION_PREFIX.matcher(m).replaceFirst("");
            if (!stripped.equals(m)) {
                return LabException.validation(stripped);
            }
        }
        return e;
    }

    private static void setCapacity(ObjectNode response, JsonNode capacity) {
        if (capacity != null && !capacity.isNull()) {
            response.set("ConsumedCapacity", capacity);
        }
    }

    /** Sums two ConsumedCapacity structures (numbers added, nested index maps merged). */
    static ObjectNode merge(ObjectNode acc, JsonNode add) {
        if (add == null || add.isNull()) {
            return acc;
        }
        if (acc == null) {
            return add.deepCopy();
        }
        add.properties().forEach(e -> {
            JsonNode mine = acc.get(e.getKey());
            JsonNode theirs = e.getValue();
            if (theirs.isNumber()) {
                acc.put(e.getKey(), (mine == null ? 0 : mine.asDouble()) + theirs.asDouble());
            } else if (theirs.isObject()) {
                acc.set(e.getKey(), merge(mine instanceof ObjectNode m ? m : null, theirs));
            } else if (mine == null) {
                acc.set(e.getKey(), theirs.deepCopy());
            }
        });
        return acc;
    }

    // NextToken -----------------------------------------------------------------------------------------------------

    private static String tokenHash(Options o) {
        String params = o.parametersJson() == null ? "" : o.parametersJson().toString();
        return Integer.toHexString((o.text() + "\u0000" + params + "\u0000" + o.consistent()).hashCode());
    }

    /** Where a SELECT stopped: the partition-key value it was reading (of an IN list) and the last key read. */
    private record Token(String hash, int index, JsonNode key) {
        String write() {
            ObjectNode o = F.objectNode().put("h", hash).put("i", index);
            if (key != null) {
                o.set("k", key);
            }
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(o.toString().getBytes(StandardCharsets.UTF_8));
        }

        static Token read(String text, String expectedHash) {
            if (text == null) {
                return null;
            }
            JsonNode o;
            try {
                o = new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException | java.io.IOException e) {
                throw LabException.validation("Invalid NextToken");
            }
            if (o == null
                    || !o.path("h").isTextual()
                    || !o.path("i").canConvertToInt()
                    || o.path("i").asInt() < 0) {
                throw LabException.validation("Invalid NextToken");
            }
            if (!o.get("h").asText().equals(expectedHash)) {
                throw LabException.validation("NextToken does not match request");
            }
            JsonNode k = o.get("k");
            if (k != null && !k.isObject()) {
                throw LabException.validation("Invalid NextToken");
            }
            return new Token(o.get("h").asText(), o.get("i").asInt(), k);
        }
    }
}
