package dev.partitionscope.core.codegen;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ShardQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link ShardQuery} as one PartiQL {@code SELECT} — what the scatter console's "Copy plan as → PartiQL" puts on the
 * clipboard, one statement a line, one per shard, ready for the AWS console's PartiQL editor or
 * {@code aws dynamodb execute-statement --statement}. It is rendered from the same {@link ShardQuery} as the CLI
 * form ({@link AwsCliQuery}) and the code ({@link ScatterCode}), so it reads the same items: the placeholders of the
 * key condition, the filter and the projection are replaced by what they stand for.
 *
 * <p>Quoting: every attribute, table and index name is a double-quoted identifier ({@code "} doubled inside), so
 * reserved words and odd characters need nothing else; strings are single-quoted with {@code '} doubled; numbers are
 * bare; booleans {@code true}/{@code false}; {@code NULL}; string and number sets {@code <<…>>}; lists {@code […]};
 * maps {@code {'k': v}}.
 *
 * <p>Condition functions with another spelling in PartiQL: {@code attribute_exists(p)} becomes
 * {@code p IS NOT MISSING}, {@code attribute_not_exists(p)} becomes {@code p IS MISSING}, and {@code IN (a, b)} becomes
 * {@code IN [a, b]}; {@code begins_with}, {@code contains}, {@code size}, {@code attribute_type}, {@code BETWEEN} and
 * the comparisons are written alike. A descending plan with a sort key adds {@code ORDER BY "sk" DESC}.
 *
 * <p>Not in the statement, because ExecuteStatement takes them as parameters: ConsistentRead (the CLI's
 * {@code --consistent-read}) and the limit ({@code --limit}). PartiQL has no binary literal, so a plan with a binary
 * key or value is refused with an {@link IllegalArgumentException} that says to use the CLI or code form.
 */
public final class PartiqlQuery {
    private static final Pattern PLACEHOLDER = Pattern.compile("([#:])([A-Za-z0-9_]+)");
    private static final Pattern EXISTS = Pattern.compile("(?i)\\battribute_(not_)?exists\\s*\\(\\s*([^()]+?)\\s*\\)");
    private static final Pattern IN_LIST = Pattern.compile("(?i)\\bIN\\s*\\(([^()]*)\\)");

    private PartiqlQuery() {}

    /** One statement per shard of {@code plan}, in shard order. */
    public static List<String> statements(ScatterPlan plan) {
        List<String> out = new ArrayList<>();
        for (String key : plan.shardKeys()) {
            out.add(statement(ShardQuery.of(plan, key), plan.sortKey()));
        }
        return out;
    }

    /** The statements one a line, each line ended: what the console copies. */
    public static String text(ScatterPlan plan) {
        StringBuilder sb = new StringBuilder();
        statements(plan).forEach(s -> sb.append(s).append('\n'));
        return sb.toString();
    }

    /**
     * {@code SELECT … FROM "table"[."index"] WHERE key condition [AND (filter)] [ORDER BY "sortKey" DESC]}.
     *
     * @param sortKey the sort-key attribute of the table or index read, or null; only used for a descending order
     */
    public static String statement(ShardQuery q, String sortKey) {
        StringBuilder sb = new StringBuilder("SELECT ");
        sb.append(q.projection() == null ? "*" : expression(q.projection(), q));
        sb.append(" FROM ").append(identifier(q.table()));
        if (q.index() != null) {
            sb.append('.').append(identifier(q.index()));
        }
        sb.append(" WHERE ").append(expression(q.keyCondition(), q));
        if (q.filter() != null) {
            sb.append(" AND (").append(expression(q.filter(), q)).append(')');
        }
        if (!q.scanIndexForward() && sortKey != null) {
            sb.append(" ORDER BY ").append(identifier(sortKey)).append(" DESC");
        }
        return sb.toString();
    }

    /** A double-quoted PartiQL identifier, {@code "} doubled. */
    public static String identifier(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** A PartiQL literal of a DynamoDB value. */
    public static String literal(AttrValue v) {
        if (v instanceof AttrValue.S s) {
            return string(s.value());
        }
        if (v instanceof AttrValue.N n) {
            return n.text();
        }
        if (v instanceof AttrValue.Bool b) {
            return b.value() ? "true" : "false";
        }
        if (v instanceof AttrValue.Null) {
            return "NULL";
        }
        if (v instanceof AttrValue.SS s) {
            return "<<"
                    + String.join(
                            ", ", s.values().stream().map(PartiqlQuery::string).toList()) + ">>";
        }
        if (v instanceof AttrValue.NS s) {
            return "<<"
                    + String.join(
                            ", ", s.values().stream().map(AttrValue.N::text).toList()) + ">>";
        }
        if (v instanceof AttrValue.L l) {
            return "["
                    + String.join(
                            ", ", l.values().stream().map(PartiqlQuery::literal).toList()) + "]";
        }
        if (v instanceof AttrValue.M m) {
            List<String> entries = new ArrayList<>();
            m.values().forEach((k, x) -> entries.add(string(k) + ": " + literal(x)));
            return "{" + String.join(", ", entries) + "}";
        }
        throw new IllegalArgumentException(
                "PartiQL has no literal for binary values: copy the plan as AWS CLI" + " commands or code instead");
    }

    private static String string(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /**
     * An expression with placeholders (no literals of its own, as DynamoDB's expressions have none) as PartiQL:
     * functions respelled first, then each {@code #name} and {@code :value} replaced in one pass, so nothing a
     * replacement brings in (a string holding {@code :x} or {@code IN (}) is read again.
     */
    static String expression(String text, ShardQuery q) {
        String t = EXISTS.matcher(text)
                .replaceAll(m -> Matcher.quoteReplacement(
                        m.group(2) + (m.group(1) == null ? " IS NOT MISSING" : " IS MISSING")));
        t = IN_LIST.matcher(t)
                .replaceAll(m -> Matcher.quoteReplacement("IN [" + m.group(1).strip() + "]"));
        return PLACEHOLDER.matcher(t).replaceAll(m -> Matcher.quoteReplacement(substitute(m.group(), q)));
    }

    private static String substitute(String token, ShardQuery q) {
        if (token.startsWith("#")) {
            String name = q.names().get(token);
            if (name == null) {
                throw new IllegalArgumentException("no attribute name for " + token);
            }
            return identifier(name);
        }
        Map<String, AttrValue> values = q.values();
        AttrValue v = values.get(token);
        if (v == null) {
            throw new IllegalArgumentException("no value for " + token);
        }
        return literal(v);
    }
}
