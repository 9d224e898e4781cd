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
import dev.partitionscope.lab.partiql.PartiqlParser;
import dev.partitionscope.lab.partiql.Path;
import dev.partitionscope.lab.partiql.Statement;
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

    /** A statement with its parameters bound. */
    private record Bound(Statement statement, List<AttrValue> parameters) {}

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
        Bound b = bind(o.text(), o.parametersJson());
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

    private static Bound bind(String text, JsonNode parametersJson) {
        Statement s = PartiqlParser.parse(text);
        List<AttrValue> params = new ArrayList<>();
        if (parametersJson != null && !parametersJson.isNull()) {
            for (JsonNode p : parametersJson) {
                params.add(AttrJson.value(p));
            }
        }
        if (params.size() != s.parameters()) {
            throw LabException.validation("Number of parameters in request and statement don't match.");
        }
        return new Bound(s, params);
    }

    private LabTable table(String name) {
        if (!TABLE_NAME.matcher(name).matches()) {
            throw LabException.validation("Table name should be within the length [3, 255] and only contain 'a-z',"
                    + " 'A-Z', '0-9', '-', '_', '.'.");
        }
        return engine.activeTable(name);
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
        WriteTarget target = target(t, up.where(), w);
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
        WriteTarget target = target(t, del.where(), w);
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

    /** The key a write's WHERE names by equality on every key attribute, and the rest of the WHERE (or null). */
    private record WriteTarget(Map<String, AttrValue> key, Cond rest) {}

    private static WriteTarget target(LabTable t, Cond where, ExpressionWriter w) {
        List<Cond> conjuncts = conjuncts(where);
        Map<String, AttrValue> key = new LinkedHashMap<>();
        List<Cond> rest = new ArrayList<>();
        List<String> names = keyNames(t.key);
        for (Cond c : conjuncts) {
            Expr value = null;
            String attr = null;
            for (String k : names) {
                value = equality(c, k);
                if (value != null) {
                    attr = k;
                    break;
                }
            }
            if (attr == null) {
                rest.add(c);
            } else if (key.containsKey(attr)) {
                throw LabException.validation("Multiple conditions on same key " + attr
                        + ". Only single item Update/Insert/Delete are supported");
            } else {
                key.put(attr, w.bind(value));
            }
        }
        if (key.size() != names.size()) {
            throw LabException.validation("Where clause does not contain a mandatory equality on all key attributes");
        }
        return new WriteTarget(key, and(rest));
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
        List<Cond> out = new ArrayList<>();
        if (c == null) {
            return out;
        }
        if (c instanceof Cond.And a) {
            out.addAll(conjuncts(a.left()));
            out.addAll(conjuncts(a.right()));
        } else {
            out.add(c);
        }
        return out;
    }

    static Cond and(List<Cond> conds) {
        Cond out = null;
        for (Cond c : conds) {
            out = out == null ? c : new Cond.And(out, c);
        }
        return out;
    }

    /** The value {@code attr = value} (either way round) sets the top-level attribute to, or null. */
    static Expr equality(Cond c, String attr) {
        if (c instanceof Cond.Compare cmp && cmp.op().equals("=")) {
            if (isAttr(cmp.left(), attr) && isValue(cmp.right())) {
                return cmp.right();
            }
            if (isAttr(cmp.right(), attr) && isValue(cmp.left())) {
                return cmp.left();
            }
        }
        return null;
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
