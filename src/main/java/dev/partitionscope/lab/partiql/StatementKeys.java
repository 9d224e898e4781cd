package dev.partitionscope.lab.partiql;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which item a statement names, knowing only the table's key attribute names: binding a statement's {@code ?} to the
 * request's Parameters, and finding the full primary key a WHERE fixes by equality. Pure, so that the Lab's engine
 * ({@code PartiqlOps}, which runs statements) and its proxy (which only places them on a partition before forwarding)
 * read statements the same way.
 */
public final class StatementKeys {
    private StatementKeys() {}

    /** A statement with its parameters bound. */
    public record Bound(Statement statement, List<AttrValue> parameters) {}

    /** The key a WHERE names by equality on every key attribute, and the rest of the WHERE (or null). */
    public record Target(Map<String, AttrValue> key, Cond rest) {}

    /** Parses {@code text} and reads {@code parametersJson} (a JSON list of AttributeValues, or null) in order. */
    public static Bound bind(String text, JsonNode parametersJson) {
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

    /**
     * The values {@code where} gives each of {@code keyNames} by equality, and the other conjuncts; refused (as
     * DynamoDB words it) when a key attribute is missing or named twice.
     */
    public static Target target(Cond where, List<String> keyNames, ExpressionWriter w) {
        Map<String, AttrValue> key = new LinkedHashMap<>();
        List<Cond> rest = new ArrayList<>();
        for (Cond c : conjuncts(where)) {
            Expr value = null;
            String attr = null;
            for (String k : keyNames) {
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
        if (key.size() != keyNames.size()) {
            throw LabException.validation("Where clause does not contain a mandatory equality on all key attributes");
        }
        return new Target(key, and(rest));
    }

    /** The conjuncts of an AND tree (none for a missing WHERE). */
    public static List<Cond> conjuncts(Cond c) {
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

    /** The conjunction of {@code conds}, or null when there are none. */
    public static Cond and(List<Cond> conds) {
        Cond out = null;
        for (Cond c : conds) {
            out = out == null ? c : new Cond.And(out, c);
        }
        return out;
    }

    /** The value {@code attr = value} (either way round) sets the top-level attribute to, or null. */
    public static Expr equality(Cond c, String attr) {
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
}
