package dev.partitionscope.lab.partiql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a statement's conditions and assignments as DynamoDB expressions ({@code #n0 = :v0 AND …}) with their
 * ExpressionAttributeNames and ExpressionAttributeValues, so that PartiQL runs on the same expression engine as
 * GetItem, Query, Scan and the writes. Values are bound here: {@code ?} takes the request's Parameters in order.
 */
public final class ExpressionWriter {
    private final List<AttrValue> parameters;
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, String> nameIds = new HashMap<>();
    private final Map<String, AttrValue> values = new LinkedHashMap<>();

    public ExpressionWriter(List<AttrValue> parameters) {
        this.parameters = parameters;
    }

    /** The value of a literal, parameter, list, map or bag; a path or call where a value must be is refused. */
    public AttrValue bind(Expr e) {
        if (e instanceof Expr.Literal l) {
            return l.value();
        }
        if (e instanceof Expr.Param p) {
            return parameters.get(p.index());
        }
        if (e instanceof Expr.ListLit l) {
            return new AttrValue.L(l.elements().stream().map(this::bind).toList());
        }
        if (e instanceof Expr.MapLit m) {
            Map<String, AttrValue> out = new LinkedHashMap<>();
            m.entries().forEach((k, v) -> out.put(k, bind(v)));
            return new AttrValue.M(out);
        }
        if (e instanceof Expr.BagLit b) {
            return bag(b);
        }
        if (e instanceof Expr.PathRef p) {
            throw LabException.validation(
                    "Statement wasn't well formed, can't be processed: Unexpected path " + p.path() + " in a value");
        }
        if (e instanceof Expr.Call c) {
            throw LabException.validation(
                    "Statement wasn't well formed, can't be processed: Unexpected function " + c.name());
        }
        throw LabException.validation(
                "Unsupported operator in Condition Expression. Operator: " + ((Expr.Arith) e).op());
    }

    private AttrValue bag(Expr.BagLit b) {
        List<AttrValue> elements = b.elements().stream().map(this::bind).toList();
        if (elements.stream().allMatch(v -> v instanceof AttrValue.S)) {
            return new AttrValue.SS(elements.stream()
                    .map(v -> ((AttrValue.S) v).value())
                    .distinct()
                    .toList());
        }
        if (elements.stream().allMatch(v -> v instanceof AttrValue.N)) {
            return new AttrValue.NS(
                    elements.stream().map(v -> (AttrValue.N) v).distinct().toList());
        }
        if (elements.stream().allMatch(v -> v instanceof AttrValue.B)) {
            return new AttrValue.BS(
                    elements.stream().map(v -> (AttrValue.B) v).distinct().toList());
        }
        throw LabException.validation(
                "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
    }

    /** A path as {@code #n0.#n1[2]}. */
    public String path(Path p) {
        StringBuilder b = new StringBuilder();
        for (Object step : p.steps()) {
            if (step instanceof Integer i) {
                b.append('[').append(i).append(']');
            } else {
                if (!b.isEmpty()) {
                    b.append('.');
                }
                b.append(name((String) step));
            }
        }
        return b.toString();
    }

    private String name(String n) {
        return nameIds.computeIfAbsent(n, k -> {
            String id = "#n" + names.size();
            names.put(id, k);
            return id;
        });
    }

    /** A bound value as a placeholder. */
    public String value(AttrValue v) {
        String id = ":v" + values.size();
        values.put(id, v);
        return id;
    }

    private String operand(Expr e) {
        if (e instanceof Expr.PathRef p) {
            return path(p.path());
        }
        if (e instanceof Expr.Call c && c.name().equals("size")) {
            return "size(" + operand(c.args().get(0)) + ")";
        }
        return value(bind(e));
    }

    /** A condition as a ConditionExpression / FilterExpression. */
    public String condition(Cond c) {
        if (c instanceof Cond.Compare cmp) {
            if (!cmp.op().equals("=") && !cmp.op().equals("<>")) {
                ordered(cmp.op(), cmp.left(), cmp.right());
            }
            return operand(cmp.left()) + " " + cmp.op() + " " + operand(cmp.right());
        }
        if (c instanceof Cond.Between b) {
            ordered("BETWEEN", b.value(), b.low(), b.high());
            return operand(b.value()) + " BETWEEN " + operand(b.low()) + " AND " + operand(b.high());
        }
        if (c instanceof Cond.In in) {
            List<String> options = new ArrayList<>();
            in.candidates().forEach(x -> options.add(operand(x)));
            return operand(in.value()) + " IN (" + String.join(", ", options) + ")";
        }
        if (c instanceof Cond.Function f) {
            List<String> args = new ArrayList<>();
            f.args().forEach(x -> args.add(operand(x)));
            return f.name() + "(" + String.join(", ", args) + ")";
        }
        if (c instanceof Cond.Is is) {
            return is(is);
        }
        if (c instanceof Cond.And a) {
            return "(" + condition(a.left()) + ") AND (" + condition(a.right()) + ")";
        }
        if (c instanceof Cond.Or o) {
            return "(" + condition(o.left()) + ") OR (" + condition(o.right()) + ")";
        }
        return "NOT (" + condition(((Cond.Not) c).inner()) + ")";
    }

    /** An ordering operator's value operands must be of a type with an order (string, number, binary). */
    private void ordered(String op, Expr... operands) {
        for (Expr e : operands) {
            if (e instanceof Expr.PathRef || e instanceof Expr.Call) {
                continue;
            }
            AttrValue v = bind(e);
            if (!(v instanceof AttrValue.S || v instanceof AttrValue.N || v instanceof AttrValue.B)) {
                throw LabException.validation("Incorrect operand type for operator or function; operator or function: "
                        + op + ", operand type: " + v.type());
            }
        }
    }

    private String is(Cond.Is is) {
        String p = path(is.path());
        if (is.type().equals("MISSING")) {
            return (is.negated() ? "attribute_exists(" : "attribute_not_exists(") + p + ")";
        }
        String type =
                switch (is.type()) {
                    case "NULL" -> "NULL";
                    case "BOOLEAN" -> "BOOL";
                    case "BLOB" -> "B";
                    case "STRING" -> "S";
                    case "NUMERIC" -> "N";
                    case "LIST" -> "L";
                    default -> "M"; // STRUCT, TUPLE
                };
        String test = "attribute_type(" + p + ", " + value(new AttrValue.S(type)) + ")";
        return is.negated() ? "NOT " + test : test;
    }

    /** UPDATE's assignments as an UpdateExpression (set_add and set_delete become ADD and DELETE). */
    public String update(List<Statement.Action> actions) {
        List<String> set = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        List<String> add = new ArrayList<>();
        List<String> delete = new ArrayList<>();
        for (Statement.Action a : actions) {
            String target = path(a.path());
            if (a.value() == null) {
                remove.add(target);
            } else if (a.value() instanceof Expr.Call c
                    && (c.name().equals("set_add") || c.name().equals("set_delete"))) {
                String fn = c.name().toUpperCase(java.util.Locale.ROOT);
                if (c.args().size() != 2) {
                    throw LabException.validation(fn + " must have exactly two arguments");
                }
                if (!(c.args().get(0) instanceof Expr.PathRef p) || !p.path().equals(a.path())) {
                    throw LabException.validation("The first argument to " + fn + " must equal the assignment value");
                }
                AttrValue v = bind(c.args().get(1));
                if (!(v instanceof AttrValue.SS || v instanceof AttrValue.NS || v instanceof AttrValue.BS)) {
                    throw LabException.validation("The second argument to " + fn + " must be a value with type SET");
                }
                (c.name().equals("set_add") ? add : delete).add(target + " " + value(v));
            } else {
                set.add(target + " = " + setValue(a.value()));
            }
        }
        StringBuilder b = new StringBuilder();
        clause(b, "SET", set);
        clause(b, "REMOVE", remove);
        clause(b, "ADD", add);
        clause(b, "DELETE", delete);
        return b.toString();
    }

    private String setValue(Expr e) {
        if (e instanceof Expr.Arith a) {
            return setValue(a.left()) + " " + a.op() + " " + setValue(a.right());
        }
        if (e instanceof Expr.Call c && c.name().equals("list_append")) {
            if (c.args().size() != 2) {
                throw LabException.validation("Incorrect number of operands for operator or function; operator or"
                        + " function: list_append, number of operands: "
                        + c.args().size());
            }
            return "list_append(" + setValue(c.args().get(0)) + ", "
                    + setValue(c.args().get(1)) + ")";
        }
        if (e instanceof Expr.Call c && !c.name().equals("size")) {
            throw LabException.validation("Unsupported operator in Update Expression. Operator: " + c.name());
        }
        return operand(e);
    }

    private static void clause(StringBuilder b, String keyword, List<String> parts) {
        if (!parts.isEmpty()) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(keyword).append(' ').append(String.join(", ", parts));
        }
    }

    /** Adds ExpressionAttributeNames and ExpressionAttributeValues to a request, when there are any. */
    public void addTo(ObjectNode request) {
        if (!names.isEmpty()) {
            ObjectNode n = request.putObject("ExpressionAttributeNames");
            names.forEach(n::put);
        }
        if (!values.isEmpty()) {
            ObjectNode v = request.putObject("ExpressionAttributeValues");
            values.forEach((k, x) -> v.set(k, AttrJson.toJson(x)));
        }
    }
}
