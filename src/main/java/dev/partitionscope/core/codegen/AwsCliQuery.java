package dev.partitionscope.core.codegen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.DynamoJson;
import dev.partitionscope.core.scatter.ShardQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A {@link ShardQuery} as an {@code aws dynamodb query} command for a POSIX shell — what the scatter console's "Copy as
 * CLI" puts on the clipboard, one line per shard. Every part of the Query the run sends is there: key condition,
 * filter, projection, index, the names and values (DynamoDB JSON written by Jackson: {@code {"S": …}},
 * {@code {"N": "…"}}, {@code {"B": "<base64>"}}, sets, lists, maps), consistency, direction, consumed capacity, and
 * the shard's limit as {@code --max-items} (the CLI follows LastEvaluatedKey itself and stops there).
 *
 * <p>Quoting: a word made only of {@code [A-Za-z0-9_.:/@%+=,-]} stays bare, anything else is put in single quotes
 * with each {@code '} written {@code '\''}, so {@code $}, backquotes, {@code "}, spaces and {@code !} reach the CLI
 * unchanged.
 *
 * <p>Binary values: AWS CLI v2 reads blobs in JSON arguments as base64 by default, v1 sends the text's own bytes.
 * A command with a binary value therefore says {@code --cli-binary-format base64}: v2 (whatever its configuration)
 * then sends the intended bytes, and v1, which has no such option, refuses the command instead of silently querying
 * other bytes.
 */
public final class AwsCliQuery {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_.:/@%+=,-]+");

    private AwsCliQuery() {}

    /** The command as one shell line, starting {@code aws dynamodb query}. */
    public static String command(ShardQuery q) {
        return "aws " + arguments(q).stream().map(AwsCliQuery::quote).collect(Collectors.joining(" "));
    }

    /** The arguments after {@code aws}, unquoted (what the CLI receives in its argv). */
    public static List<String> arguments(ShardQuery q) {
        List<String> a = new ArrayList<>(List.of("dynamodb", "query", "--table-name", q.table()));
        if (q.index() != null) {
            a.addAll(List.of("--index-name", q.index()));
        }
        a.addAll(List.of("--key-condition-expression", q.keyCondition()));
        if (q.filter() != null) {
            a.addAll(List.of("--filter-expression", q.filter()));
        }
        if (q.projection() != null) {
            a.addAll(List.of("--projection-expression", q.projection()));
        }
        ObjectNode names = JSON.createObjectNode();
        q.names().forEach(names::put);
        a.addAll(List.of("--expression-attribute-names", json(names)));
        a.addAll(List.of("--expression-attribute-values", json(DynamoJson.values(q.values()))));
        if (q.consistentRead()) {
            a.add("--consistent-read");
        }
        a.add(q.scanIndexForward() ? "--scan-index-forward" : "--no-scan-index-forward");
        if (q.limit() > 0) {
            a.addAll(List.of("--max-items", Integer.toString(q.limit())));
        }
        a.addAll(List.of("--return-consumed-capacity", ShardQuery.RETURN_CONSUMED_CAPACITY));
        if (q.values().values().stream().anyMatch(AwsCliQuery::hasBinary)) {
            a.addAll(List.of("--cli-binary-format", "base64"));
        }
        return a;
    }

    /** One word for a POSIX shell: bare when safe, else single-quoted with {@code '} as {@code '\''}. */
    public static String quote(String word) {
        if (word != null && SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + (word == null ? "" : word.replace("'", "'\\''")) + "'";
    }

    private static String json(ObjectNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean hasBinary(AttrValue v) {
        if (v instanceof AttrValue.B || v instanceof AttrValue.BS) {
            return true;
        }
        if (v instanceof AttrValue.L l) {
            return l.values().stream().anyMatch(AwsCliQuery::hasBinary);
        }
        return v instanceof AttrValue.M m && m.values().values().stream().anyMatch(AwsCliQuery::hasBinary);
    }
}
