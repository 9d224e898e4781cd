package dev.partitionscope.core.codegen;

import static dev.partitionscope.core.codegen.Literals.cLike;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.table.KeyType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Writes one {@link ScatterPlan} — the read the scatter-gather console shows and runs — as a self-contained file in
 * Java (SDK v2 {@code DynamoDbClient}, a thread pool and {@code CompletableFuture}s), Python (boto3's low-level
 * client, {@code concurrent.futures}) or TypeScript ({@code @aws-sdk/client-dynamodb} v3, {@code Promise.all}).
 *
 * <p>Why: once a team shards a hot key, every reader of that key must become this fan-out, and the parts that are
 * easy to get wrong by hand are exactly what the console already does right — following LastEvaluatedKey on every
 * shard (and not looping on a repeated one), merging in DynamoDB's own order for the sort key's type (numbers by
 * value, strings by code point, binary as unsigned bytes) with equal keys in a stable order, and applying the limit
 * to the merged result rather than per shard. The Queries are built as {@code ScatterGather.request} builds them
 * (same placeholders, the key attributes added to any projection), so the code returns what the console returned;
 * {@code ScatterCodeTest} runs all three against a Lab and compares.
 *
 * <p>The merge is a stable sort of the shards' items concatenated in shard order: each shard arrives sorted, so the
 * sort only merges runs, and stability gives equal sort keys in shard order, as {@code KWayMerge} does. With a limit
 * each shard stops paging once it holds that many items, since no shard can place more than the limit in the result.
 * Every shard's failure fails the read: generated code should not return a silently partial result.
 *
 * <p>Output: Java is one class {@value #JAVA_CLASS} (no package) with {@code read(DynamoDbClient)} and
 * {@code queryShard(DynamoDbClient, String)}; Python {@value #PYTHON_FILE} with {@code read(ddb)} and
 * {@code query_shard(ddb, shard_key)}; TypeScript {@value #TYPESCRIPT_FILE} with {@code read(client)} and
 * {@code queryShard(client, shardKey)}. Each keeps table, shard keys, limit and parallelism as named constants.
 */
public final class ScatterCode {
    public static final String JAVA_CLASS = "ScatterRead";
    public static final String PYTHON_FILE = "scatter_read.py";
    public static final String TYPESCRIPT_FILE = "scatterRead.ts";

    private ScatterCode() {}

    /** The file for {@code language}: {@value #JAVA_CLASS}.java, {@value #PYTHON_FILE} or {@value #TYPESCRIPT_FILE}. */
    public static GeneratedFile generate(Language language, ScatterPlan plan) {
        return switch (language) {
            case JAVA -> new GeneratedFile(JAVA_CLASS + ".java", java(plan));
            case PYTHON -> new GeneratedFile(PYTHON_FILE, python(plan));
            case TYPESCRIPT -> new GeneratedFile(TYPESCRIPT_FILE, typescript(plan));
        };
    }

    /**
     * What every shard's Query shares, built as {@code ScatterGather.request} builds it: {@code #pk = :pk}, the sort
     * condition's {@code #sk}/{@code :sk1}/{@code :sk2}, the filter's own placeholders, and a projection that always
     * names the key attributes (the merge needs the sort key). The filter's names and values are sorted so the same
     * plan always gives the same text.
     */
    private record Query(
            String keyCondition,
            Map<String, String> names,
            Map<String, AttrValue> values,
            String filter,
            String projection) {

        static Query of(ScatterPlan plan) {
            Map<String, String> names = new LinkedHashMap<>();
            Map<String, AttrValue> values = new LinkedHashMap<>();
            names.put("#pk", plan.partitionKey());
            String keyCondition = "#pk = :pk";
            SortCondition c = plan.sortCondition();
            if (c != null) {
                keyCondition += " AND " + c.expression();
                names.put(SortCondition.NAME, plan.sortKey());
                values.putAll(c.values());
            }
            names.putAll(new TreeMap<>(plan.filterNames()));
            values.putAll(new TreeMap<>(plan.filterValues()));
            String filter =
                    plan.filterExpression() == null || plan.filterExpression().isBlank()
                            ? null
                            : plan.filterExpression();
            String projection = null;
            if (!plan.projection().isEmpty()) {
                Set<String> attributes = new LinkedHashSet<>(plan.projection());
                attributes.add(plan.partitionKey());
                if (plan.sortKey() != null) {
                    attributes.add(plan.sortKey());
                }
                List<String> tokens = new ArrayList<>();
                int i = 0;
                for (String a : attributes) {
                    String token = names.entrySet().stream()
                            .filter(e -> e.getValue().equals(a))
                            .map(Map.Entry::getKey)
                            .findFirst()
                            .orElse(null);
                    if (token == null) {
                        token = "#p" + i++;
                        names.put(token, a);
                    }
                    tokens.add(token);
                }
                projection = String.join(", ", tokens);
            }
            return new Query(keyCondition, names, values, filter, projection);
        }

        boolean binary(ScatterPlan plan) {
            return plan.partitionKeyType() == KeyType.B
                    || values.values().stream().anyMatch(ScatterCode::hasBinary);
        }
    }

    // ---------------------------------------------------------------------------------------------------- Java

    /** Class {@value #JAVA_CLASS}: {@code read(DynamoDbClient)} returns the merged items. */
    public static String java(ScatterPlan plan) {
        Query q = Query.of(plan);
        boolean sorted = plan.sortKey() != null;
        boolean limited = plan.limit() > 0;
        boolean binary = q.binary(plan);
        KeyType skType = sortKeyType(plan);
        Code c = new Code(4);
        c.add("// Generated by PartitionScope from a scatter-gather plan, for the AWS SDK for Java v2"
                + " (software.amazon.awssdk:dynamodb).");
        c.add("// Regenerate rather than edit: these are the Queries, merge order and limit PartitionScope runs.");
        c.blank();
        List<String> imports = new ArrayList<>(List.of(
                "java.util.ArrayList",
                "java.util.HashSet",
                "java.util.List",
                "java.util.Map",
                "java.util.Set",
                "java.util.concurrent.CompletableFuture",
                "java.util.concurrent.CompletionException",
                "java.util.concurrent.ExecutorService",
                "java.util.concurrent.Executors",
                "software.amazon.awssdk.services.dynamodb.DynamoDbClient",
                "software.amazon.awssdk.services.dynamodb.model.AttributeValue",
                "software.amazon.awssdk.services.dynamodb.model.QueryRequest",
                "software.amazon.awssdk.services.dynamodb.model.QueryResponse"));
        if (!q.values().isEmpty()) {
            imports.add("java.util.HashMap");
        }
        if (binary) {
            imports.add("java.util.Base64");
            imports.add("software.amazon.awssdk.core.SdkBytes");
        }
        if (sorted && skType == KeyType.N) {
            imports.add("java.math.BigDecimal");
        }
        if (sorted && skType == KeyType.B) {
            imports.add("java.util.Arrays");
        }
        imports.stream().sorted().forEach(i -> c.add("import " + i + ";"));
        c.blank();
        c.docBlock(summary(plan, q));
        c.add("public final class " + JAVA_CLASS + " {").in();
        c.add("public static final String TABLE = " + cLike(plan.table()) + ";");
        if (plan.index() != null) {
            c.add("public static final String INDEX = " + cLike(plan.index()) + ";");
        }
        c.add("public static final String PARTITION_KEY = " + cLike(plan.partitionKey()) + ";");
        if (sorted) {
            c.add("public static final String SORT_KEY = " + cLike(plan.sortKey()) + ";");
        }
        c.blank();
        c.add("/** The partition-key values to query, one Query each"
                + (sorted ? "; equal sort keys come out in this order. */" : ", concatenated in this order. */"));
        c.add("public static final List<String> SHARD_KEYS = List.of(").in().in();
        list(c, plan.shardKeys().stream().map(Literals::cLike).toList(), ");");
        c.out().out().blank();
        if (limited) {
            c.add("/** Items in the merged result; no shard needs to read more than this many. */");
            c.add("public static final int LIMIT = " + plan.limit() + ";");
            c.blank();
        }
        c.add("/** Shard Queries in flight at once. */");
        c.add("public static final int MAX_PARALLEL = " + plan.concurrency() + ";");
        c.blank();
        c.add("/** The expressions' placeholders: attribute names never clash with reserved words. */");
        c.add("private static final Map<String, String> NAMES = Map.ofEntries(")
                .in()
                .in();
        list(
                c,
                q.names().entrySet().stream()
                        .map(e -> "Map.entry(" + cLike(e.getKey()) + ", " + nameRef(plan, e.getValue(), Literals::cLike)
                                + ")")
                        .toList(),
                ");");
        c.out().out();
        if (!q.values().isEmpty()) {
            c.blank();
            c.add("/** The condition's and filter's values; each shard adds its own :pk. */");
            c.add("private static final Map<String, AttributeValue> VALUES = Map.ofEntries(")
                    .in()
                    .in();
            list(
                    c,
                    q.values().entrySet().stream()
                            .map(e -> "Map.entry(" + cLike(e.getKey()) + ", " + javaValue(e.getValue()) + ")")
                            .toList(),
                    ");");
            c.out().out();
        }
        c.blank();
        c.add("private " + JAVA_CLASS + "() {");
        c.add("}");
        c.blank();
        c.add("""
                /** Runs the read with the default credential chain and region, one item per line. */
                public static void main(String[] args) {
                    try (DynamoDbClient client = DynamoDbClient.create()) {
                        read(client).forEach(System.out::println);
                    }
                }
                """);
        c.add("/**");
        c.add(" * The merged items: every shard's Query on up to MAX_PARALLEL threads, "
                + (sorted ? "merged by SORT_KEY" : "concatenated in shard order")
                + (limited ? ", cut at LIMIT." : "."));
        c.add(" * A failing shard fails the whole read rather than return a result that silently lacks its items.");
        c.add(" * The client is thread-safe and stays the caller's to close.");
        c.add(" */");
        c.add("public static List<Map<String, AttributeValue>> read(DynamoDbClient client) {")
                .in();
        c.add("""
                ExecutorService pool = Executors.newFixedThreadPool(Math.min(SHARD_KEYS.size(), MAX_PARALLEL));
                try {
                    List<CompletableFuture<List<Map<String, AttributeValue>>>> shards = new ArrayList<>();
                    for (String shardKey : SHARD_KEYS) {
                        shards.add(CompletableFuture.supplyAsync(() -> queryShard(client, shardKey), pool));
                    }
                    List<Map<String, AttributeValue>> items = new ArrayList<>();
                    for (CompletableFuture<List<Map<String, AttributeValue>>> shard : shards) {
                        items.addAll(shard.join());
                    }""");
        c.in();
        if (sorted) {
            c.add("// Each shard arrives in order, so this stable sort is a k-way merge: equal sort keys keep shard"
                    + " order.");
            c.add("items.sort(" + JAVA_CLASS + "::compareItems);");
        }
        c.add(
                limited
                        ? "return items.size() > LIMIT ? new ArrayList<>(items.subList(0, LIMIT)) : items;"
                        : "return items;");
        c.out();
        c.add("""
                } catch (CompletionException e) {
                    throw e.getCause() instanceof RuntimeException cause ? cause : e;
                } finally {
                    pool.shutdownNow();
                }""");
        c.out().add("}");
        c.blank();
        c.add("/**");
        c.add(" * One shard's items in " + order(plan) + " order: its Query page after page (LastEvaluatedKey)"
                + (limited ? ", until it holds LIMIT items." : ", to the end."));
        c.add(" * Fails rather than loop when a page repeats a LastEvaluatedKey.");
        c.add(" */");
        c.add("public static List<Map<String, AttributeValue>> queryShard(DynamoDbClient client, String shardKey) {")
                .in();
        String pk =
                switch (plan.partitionKeyType()) {
                    case S -> "AttributeValue.fromS(shardKey)";
                    case N -> "AttributeValue.fromN(shardKey)";
                    case B -> "AttributeValue.fromB(base64(shardKey))";
                };
        if (q.values().isEmpty()) {
            c.add("Map<String, AttributeValue> values = Map.of(\":pk\", " + pk + ");");
        } else {
            c.add("Map<String, AttributeValue> values = new HashMap<>(VALUES);");
            c.add("values.put(\":pk\", " + pk + ");");
        }
        c.add("""
                List<Map<String, AttributeValue>> items = new ArrayList<>();
                Set<Map<String, AttributeValue>> seen = new HashSet<>();
                Map<String, AttributeValue> start = null;
                do {""");
        c.in();
        c.add("QueryRequest request = QueryRequest.builder()").in().in();
        c.add(".tableName(TABLE)");
        if (plan.index() != null) {
            c.add(".indexName(INDEX)");
        }
        c.add(".keyConditionExpression(" + cLike(q.keyCondition()) + ")");
        if (q.filter() != null) {
            c.add(".filterExpression(" + cLike(q.filter()) + ")");
        }
        if (q.projection() != null) {
            c.add(".projectionExpression(" + cLike(q.projection()) + ")");
        }
        c.add(".expressionAttributeNames(NAMES)");
        c.add(".expressionAttributeValues(values)");
        c.add(".scanIndexForward(" + plan.ascending() + ")");
        if (plan.consistent()) {
            c.add(".consistentRead(true)");
        }
        if (limited) {
            c.add(".limit(LIMIT - items.size())");
        }
        c.add(".exclusiveStartKey(start)");
        c.add(".build();").out().out();
        c.add("""
                QueryResponse page = client.query(request);
                items.addAll(page.items());
                start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
                if (start != null && !seen.add(start)) {
                    throw new IllegalStateException("Query of shard " + shardKey + " returned LastEvaluatedKey " + start
                            + " twice; stopping instead of looping");
                }""");
        c.out().add(limited ? "} while (start != null && items.size() < LIMIT);" : "} while (start != null);");
        c.add("return items;");
        c.out().add("}");
        if (sorted) {
            c.blank();
            c.add("/** Merge order: SORT_KEY " + order(plan) + ", " + typeOrder(skType)
                    + "; an item without it last. */");
            c.add("static int compareItems(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {")
                    .in();
            c.add("""
                    AttributeValue x = a.get(SORT_KEY);
                    AttributeValue y = b.get(SORT_KEY);
                    if (x == null || y == null) {
                        return x == null ? (y == null ? 0 : 1) : -1;
                    }""");
            String first = plan.ascending() ? "x" : "y";
            String second = plan.ascending() ? "y" : "x";
            c.add(switch (skType) {
                        case N ->
                            "return new BigDecimal(" + first + ".n()).compareTo(new BigDecimal(" + second + ".n()));";
                        case S -> "return compareStrings(" + first + ".s(), " + second + ".s());";
                        case B ->
                            "return Arrays.compareUnsigned(" + first + ".b().asByteArrayUnsafe(), " + second
                                    + ".b().asByteArrayUnsafe());";
                    }
                    + (plan.ascending() ? "" : " // y before x: descending"));
            c.out().add("}");
            if (skType == KeyType.S) {
                c.blank();
                c.add("""
                        /** UTF-8 byte order without encoding: UTF-16 order, except that surrogates (above U+FFFF) sort last. */
                        static int compareStrings(String a, String b) {
                            for (int i = 0; i < Math.min(a.length(), b.length()); i++) {
                                char x = a.charAt(i);
                                char y = b.charAt(i);
                                if (x != y) {
                                    return Integer.compare(utf8Rank(x), utf8Rank(y));
                                }
                            }
                            return Integer.compare(a.length(), b.length());
                        }

                        private static int utf8Rank(char c) {
                            return c >= 0xD800 && c <= 0xDFFF ? c + 0x2000 : c >= 0xE000 ? c - 0x800 : c;
                        }""");
            }
        }
        if (binary) {
            c.blank();
            c.add("""
                    /** Binary values are written as base64. */
                    private static SdkBytes base64(String text) {
                        return SdkBytes.fromByteArray(Base64.getDecoder().decode(text));
                    }""");
        }
        c.out().add("}");
        return c.toString();
    }

    private static String javaValue(AttrValue v) {
        if (v instanceof AttrValue.S s) {
            return "AttributeValue.fromS(" + cLike(s.value()) + ")";
        }
        if (v instanceof AttrValue.N n) {
            return "AttributeValue.fromN(" + cLike(n.text()) + ")";
        }
        if (v instanceof AttrValue.B b) {
            return "AttributeValue.fromB(base64(" + cLike(b.base64()) + "))";
        }
        if (v instanceof AttrValue.Bool b) {
            return "AttributeValue.fromBool(" + b.value() + ")";
        }
        if (v instanceof AttrValue.Null) {
            return "AttributeValue.fromNul(true)";
        }
        if (v instanceof AttrValue.SS s) {
            return "AttributeValue.fromSs(List.of(" + join(s.values(), Literals::cLike) + "))";
        }
        if (v instanceof AttrValue.NS s) {
            return "AttributeValue.fromNs(List.of(" + join(s.values(), n -> cLike(n.text())) + "))";
        }
        if (v instanceof AttrValue.BS s) {
            return "AttributeValue.fromBs(List.of(" + join(s.values(), b -> "base64(" + cLike(b.base64()) + ")") + "))";
        }
        if (v instanceof AttrValue.L l) {
            return "AttributeValue.fromL(List.of(" + join(l.values(), ScatterCode::javaValue) + "))";
        }
        Map<String, AttrValue> m = ((AttrValue.M) v).values();
        return "AttributeValue.fromM("
                + (m.isEmpty()
                        ? "Map.of()"
                        : "Map.ofEntries("
                                + join(
                                        m.entrySet(),
                                        e -> "Map.entry(" + cLike(e.getKey()) + ", " + javaValue(e.getValue()) + ")")
                                + ")")
                + ")";
    }

    // -------------------------------------------------------------------------------------------------- Python

    /** Module {@value #PYTHON_FILE}: {@code read(ddb)} returns the merged items (boto3's item dicts). */
    public static String python(ScatterPlan plan) {
        Query q = Query.of(plan);
        boolean sorted = plan.sortKey() != null;
        boolean limited = plan.limit() > 0;
        KeyType skType = sortKeyType(plan);
        Code c = new Code(4);
        PythonGenerator.comment(
                c,
                "Generated by PartitionScope from a scatter-gather plan, for boto3's low-level" + " DynamoDB client.");
        PythonGenerator.comment(
                c,
                "Regenerate rather than edit: these are the Queries, merge order and limit" + " PartitionScope runs.");
        c.add("#");
        for (String line : summary(plan, q)) {
            PythonGenerator.comment(c, line);
        }
        if (q.binary(plan)) {
            c.add("import base64");
        }
        c.add("import json");
        c.add("from concurrent.futures import ThreadPoolExecutor");
        if (sorted && skType == KeyType.N) {
            c.add("from decimal import Decimal");
        }
        c.add("from typing import Any, Dict, List");
        c.blank();
        c.add("import boto3");
        c.blank();
        c.add("TABLE = " + Literals.python(plan.table()));
        if (plan.index() != null) {
            c.add("INDEX = " + Literals.python(plan.index()));
        }
        c.add("PARTITION_KEY = " + Literals.python(plan.partitionKey()));
        if (sorted) {
            c.add("SORT_KEY = " + Literals.python(plan.sortKey()));
        }
        c.add(
                sorted
                        ? "# The partition-key values to query, one Query each; equal sort keys come out in this order."
                        : "# The partition-key values to query, one Query each, concatenated in this order.");
        c.add("SHARD_KEYS = [").in();
        plan.shardKeys().forEach(k -> c.add(Literals.python(k) + ","));
        c.out().add("]");
        if (limited) {
            c.add("# Items in the merged result; no shard needs to read more than this many.");
            c.add("LIMIT = " + plan.limit());
        }
        c.add("# Shard Queries in flight at once.");
        c.add("MAX_PARALLEL = " + plan.concurrency());
        c.blank();
        c.add("Item = Dict[str, Any]");
        c.blank().blank();
        c.add("def read(ddb) -> List[Item]:").in();
        c.add("\"\"\"The merged items: every shard's Query on up to MAX_PARALLEL threads, "
                + (sorted ? "merged by SORT_KEY" : "concatenated in shard order") + (limited ? ", cut at LIMIT." : ".")
                + "");
        c.blank();
        c.add("ddb is a boto3 DynamoDB client (boto3.client(\"dynamodb\")). A failing shard fails the whole read");
        c.add("rather than return a result that silently lacks its items.");
        c.add("\"\"\"");
        c.add("with ThreadPoolExecutor(max_workers=min(len(SHARD_KEYS), MAX_PARALLEL)) as pool:")
                .in();
        c.add("shards = list(pool.map(lambda shard_key: query_shard(ddb, shard_key), SHARD_KEYS))")
                .out();
        c.add("items = [item for shard in shards for item in shard]");
        if (sorted) {
            c.add("# Each shard arrives in order, so this stable sort is a k-way merge: equal sort keys keep shard"
                    + " order.");
            c.add(
                    plan.ascending()
                            ? "items.sort(key=_merge_key)"
                            : "items.sort(key=_merge_key, reverse=True)  # reverse keeps equal keys in order too");
        }
        c.add(limited ? "return items[:LIMIT]" : "return items");
        c.out().blank().blank();
        c.add("def query_shard(ddb, shard_key: str) -> List[Item]:").in();
        c.add("\"\"\"One shard's items in " + order(plan) + " order: its Query page after page (LastEvaluatedKey)"
                + (limited ? ", until it holds LIMIT items." : ", to the end."));
        c.blank();
        c.add("Raises rather than loop when a page repeats a LastEvaluatedKey.");
        c.add("\"\"\"");
        c.add("request: Dict[str, Any] = {").in();
        c.add("\"TableName\": TABLE,");
        if (plan.index() != null) {
            c.add("\"IndexName\": INDEX,");
        }
        c.add("\"KeyConditionExpression\": " + Literals.python(q.keyCondition()) + ",");
        if (q.filter() != null) {
            c.add("\"FilterExpression\": " + Literals.python(q.filter()) + ",");
        }
        if (q.projection() != null) {
            c.add("\"ProjectionExpression\": " + Literals.python(q.projection()) + ",");
        }
        c.add("\"ExpressionAttributeNames\": {").in();
        q.names().forEach((k, v) -> c.add(Literals.python(k) + ": " + nameRef(plan, v, Literals::python) + ","));
        c.out().add("},");
        c.add("\"ExpressionAttributeValues\": {").in();
        c.add("\":pk\": "
                + switch (plan.partitionKeyType()) {
                    case S -> "{\"S\": shard_key}";
                    case N -> "{\"N\": shard_key}";
                    case B -> "{\"B\": base64.b64decode(shard_key)}";
                }
                + ",");
        q.values().forEach((k, v) -> c.add(Literals.python(k) + ": " + pythonValue(v) + ","));
        c.out().add("},");
        c.add("\"ScanIndexForward\": " + (plan.ascending() ? "True" : "False") + ",");
        if (plan.consistent()) {
            c.add("\"ConsistentRead\": True,");
        }
        c.out().add("}");
        c.add("items: List[Item] = []");
        c.add("seen = set()");
        c.add("while True:").in();
        if (limited) {
            c.add("request[\"Limit\"] = LIMIT - len(items)");
        }
        c.add("""
                page = ddb.query(**request)
                items.extend(page.get("Items", []))
                start = page.get("LastEvaluatedKey")""");
        c.add(limited ? "if not start or len(items) >= LIMIT:" : "if not start:");
        c.add("""
                    return items
                token = json.dumps(start, sort_keys=True, default=repr)
                if token in seen:
                    raise RuntimeError(f"Query of shard {shard_key} returned LastEvaluatedKey {token} twice; stopping instead of looping")
                seen.add(token)
                request["ExclusiveStartKey"] = start""");
        c.out().out();
        if (sorted) {
            c.blank().blank();
            c.add("def _merge_key(item: Item):").in();
            c.add("\"\"\"SORT_KEY as DynamoDB orders it: " + typeOrder(skType)
                    + "; an item without it sorts last.\"\"\"");
            c.add("value = item.get(SORT_KEY)");
            c.add("if value is None:").in();
            c.add(plan.ascending() ? "return (1,)" : "return (0,)  # reversed: last")
                    .out();
            String present = plan.ascending() ? "0" : "1";
            c.add("return (" + present + ", "
                    + switch (skType) {
                        case N -> "Decimal(value[\"N\"])";
                        case S -> "value[\"S\"]";
                        case B -> "bytes(value[\"B\"])";
                    }
                    + ")");
            c.out();
        }
        c.blank().blank();
        c.add("if __name__ == \"__main__\":").in();
        c.add("for found in read(boto3.client(\"dynamodb\")):").in();
        c.add("print(json.dumps(found, default=str))").out().out();
        return c.toString();
    }

    private static String pythonValue(AttrValue v) {
        if (v instanceof AttrValue.S s) {
            return "{\"S\": " + Literals.python(s.value()) + "}";
        }
        if (v instanceof AttrValue.N n) {
            return "{\"N\": " + Literals.python(n.text()) + "}";
        }
        if (v instanceof AttrValue.B b) {
            return "{\"B\": base64.b64decode(" + Literals.python(b.base64()) + ")}";
        }
        if (v instanceof AttrValue.Bool b) {
            return "{\"BOOL\": " + (b.value() ? "True" : "False") + "}";
        }
        if (v instanceof AttrValue.Null) {
            return "{\"NULL\": True}";
        }
        if (v instanceof AttrValue.SS s) {
            return "{\"SS\": [" + join(s.values(), Literals::python) + "]}";
        }
        if (v instanceof AttrValue.NS s) {
            return "{\"NS\": [" + join(s.values(), n -> Literals.python(n.text())) + "]}";
        }
        if (v instanceof AttrValue.BS s) {
            return "{\"BS\": [" + join(s.values(), b -> "base64.b64decode(" + Literals.python(b.base64()) + ")") + "]}";
        }
        if (v instanceof AttrValue.L l) {
            return "{\"L\": [" + join(l.values(), ScatterCode::pythonValue) + "]}";
        }
        return "{\"M\": {"
                + join(
                        ((AttrValue.M) v).values().entrySet(),
                        e -> Literals.python(e.getKey()) + ": " + pythonValue(e.getValue()))
                + "}}";
    }

    // ---------------------------------------------------------------------------------------------- TypeScript

    /** Module {@value #TYPESCRIPT_FILE}: {@code read(client)} resolves to the merged items. */
    public static String typescript(ScatterPlan plan) {
        Query q = Query.of(plan);
        boolean sorted = plan.sortKey() != null;
        boolean limited = plan.limit() > 0;
        boolean binary = q.binary(plan);
        KeyType skType = sortKeyType(plan);
        Code c = new Code(2);
        c.add("// Generated by PartitionScope from a scatter-gather plan, for the AWS SDK for JavaScript v3"
                + " (@aws-sdk/client-dynamodb).");
        c.add("// Regenerate rather than edit: these are the Queries, merge order and limit PartitionScope runs.");
        c.docBlock(summary(plan, q));
        c.add("import {").in();
        c.add("QueryCommand,");
        c.add("type AttributeValue,");
        c.add("type DynamoDBClient,");
        c.add("type QueryCommandInput,");
        c.add("type QueryCommandOutput,");
        c.out().add("} from \"@aws-sdk/client-dynamodb\";");
        c.blank();
        c.add("export type Item = Record<string, AttributeValue>;");
        c.blank();
        c.add("export const TABLE = " + cLike(plan.table()) + ";");
        if (plan.index() != null) {
            c.add("export const INDEX = " + cLike(plan.index()) + ";");
        }
        c.add("export const PARTITION_KEY = " + cLike(plan.partitionKey()) + ";");
        if (sorted) {
            c.add("export const SORT_KEY = " + cLike(plan.sortKey()) + ";");
        }
        c.add("/** The partition-key values to query, one Query each"
                + (sorted ? "; equal sort keys come out in this order. */" : ", concatenated in this order. */"));
        c.add("export const SHARD_KEYS: readonly string[] = [").in();
        plan.shardKeys().forEach(k -> c.add(cLike(k) + ","));
        c.out().add("];");
        if (limited) {
            c.add("/** Items in the merged result; no shard needs to read more than this many. */");
            c.add("export const LIMIT = " + plan.limit() + ";");
        }
        c.add("/** Shard Queries in flight at once. */");
        c.add("export const MAX_PARALLEL = " + plan.concurrency() + ";");
        c.blank();
        c.add("/**");
        c.add(" * The merged items: every shard's Query, MAX_PARALLEL at a time, "
                + (sorted ? "merged by SORT_KEY" : "concatenated in shard order")
                + (limited ? ", cut at LIMIT." : "."));
        c.add(" * A failing shard fails the whole read rather than return a result that silently lacks its items.");
        c.add(" */");
        c.add("export async function read(client: DynamoDBClient): Promise<Item[]> {")
                .in();
        c.add("""
                const shards: Item[][] = new Array(SHARD_KEYS.length);
                let next = 0;
                // MAX_PARALLEL workers, each taking the next shard: never more Queries in flight than that.
                async function worker(): Promise<void> {
                  while (next < SHARD_KEYS.length) {
                    const i = next++;
                    shards[i] = await queryShard(client, SHARD_KEYS[i]);
                  }
                }
                await Promise.all(Array.from({ length: Math.min(MAX_PARALLEL, SHARD_KEYS.length) }, worker));
                const items = shards.flat();""");
        if (sorted) {
            c.add("// Each shard arrives in order, so this stable sort is a k-way merge: equal sort keys keep shard"
                    + " order.");
            c.add("items.sort(compareItems);");
        }
        c.add(limited ? "return items.slice(0, LIMIT);" : "return items;");
        c.out().add("}");
        c.blank();
        c.add("/**");
        c.add(" * One shard's items in " + order(plan) + " order: its Query page after page (LastEvaluatedKey)"
                + (limited ? ", until it holds LIMIT items." : ", to the end."));
        c.add(" * Throws rather than loop when a page repeats a LastEvaluatedKey.");
        c.add(" */");
        c.add("export async function queryShard(client: DynamoDBClient, shardKey: string): Promise<Item[]> {")
                .in();
        c.add("const input: QueryCommandInput = {").in();
        c.add("TableName: TABLE,");
        if (plan.index() != null) {
            c.add("IndexName: INDEX,");
        }
        c.add("KeyConditionExpression: " + cLike(q.keyCondition()) + ",");
        if (q.filter() != null) {
            c.add("FilterExpression: " + cLike(q.filter()) + ",");
        }
        if (q.projection() != null) {
            c.add("ProjectionExpression: " + cLike(q.projection()) + ",");
        }
        c.add("ExpressionAttributeNames: {").in();
        q.names().forEach((k, v) -> c.add(cLike(k) + ": " + nameRef(plan, v, Literals::cLike) + ","));
        c.out().add("},");
        c.add("ExpressionAttributeValues: {").in();
        c.add("\":pk\": "
                + switch (plan.partitionKeyType()) {
                    case S -> "{ S: shardKey }";
                    case N -> "{ N: shardKey }";
                    case B -> "{ B: fromBase64(shardKey) }";
                }
                + ",");
        q.values().forEach((k, v) -> c.add(cLike(k) + ": " + tsValue(v) + ","));
        c.out().add("},");
        c.add("ScanIndexForward: " + plan.ascending() + ",");
        if (plan.consistent()) {
            c.add("ConsistentRead: true,");
        }
        c.out().add("};");
        c.add("""
                const items: Item[] = [];
                const seen = new Set<string>();
                let start: Item | undefined = undefined;
                do {
                  const page: QueryCommandOutput = await client.send(
                    new QueryCommand({ ...input, LIMIT_PARTExclusiveStartKey: start }),
                  );
                  items.push(...(page.Items ?? []));
                  start = page.LastEvaluatedKey && Object.keys(page.LastEvaluatedKey).length > 0 ? page.LastEvaluatedKey : undefined;
                  if (start) {
                    const token = JSON.stringify(start);
                    if (seen.has(token)) {
                      throw new Error(`Query of shard ${shardKey} returned LastEvaluatedKey ${token} twice; stopping instead of looping`);
                    }
                    seen.add(token);
                  }
                } while (startLIMIT_TEST);
                return items;""".replace("LIMIT_PART", limited ? "Limit: LIMIT - items.length, " : "")
                .replace("LIMIT_TEST", limited ? " && items.length < LIMIT" : ""));
        c.out().add("}");
        if (sorted) {
            c.blank();
            c.add("/** Merge order: SORT_KEY " + order(plan) + ", " + typeOrder(skType)
                    + "; an item without it last. */");
            c.add("function compareItems(a: Item, b: Item): number {").in();
            c.add("""
                    const x = a[SORT_KEY];
                    const y = b[SORT_KEY];
                    if (x === undefined || y === undefined) {
                      return x === undefined ? (y === undefined ? 0 : 1) : -1;
                    }""");
            String first = plan.ascending() ? "x" : "y";
            String second = plan.ascending() ? "y" : "x";
            c.add(switch (skType) {
                        case N -> "return compareNumbers(" + first + ".N as string, " + second + ".N as string);";
                        case S -> "return compareStrings(" + first + ".S as string, " + second + ".S as string);";
                        case B -> "return compareBytes(" + first + ".B as Uint8Array, " + second + ".B as Uint8Array);";
                    }
                    + (plan.ascending() ? "" : " // y before x: descending"));
            c.out().add("}");
            c.blank();
            c.add(
                    switch (skType) {
                        case N -> """
                        /** Exact order of two DynamoDB numbers (up to 38 digits, which Number() would round). */
                        function compareNumbers(a: string, b: string): number {
                          const x = decimal(a);
                          const y = decimal(b);
                          if (x.sign !== y.sign) {
                            return x.sign - y.sign;
                          }
                          const magnitude = x.exponent !== y.exponent ? x.exponent - y.exponent
                            : x.digits < y.digits ? -1 : x.digits > y.digits ? 1 : 0;
                          return x.sign * magnitude;
                        }

                        /** A number as its sign, its significant digits and the position of the first of them. */
                        function decimal(text: string): { sign: number; digits: string; exponent: number } {
                          const m = /^\\s*([+-]?)(\\d*)(?:\\.(\\d*))?(?:[eE]([+-]?\\d+))?\\s*$/.exec(text);
                          if (!m) {
                            throw new Error(`not a number: ${text}`);
                          }
                          const all = m[2] + (m[3] ?? "");
                          const significant = all.replace(/^0+/, "");
                          const digits = significant.replace(/0+$/, "");
                          if (digits === "") {
                            return { sign: 0, digits: "", exponent: 0 };
                          }
                          const exponent = m[2].length - (all.length - significant.length) + Number(m[4] ?? 0);
                          return { sign: m[1] === "-" ? -1 : 1, digits, exponent };
                        }""";
                        case S -> """
                        /** UTF-8 byte order without encoding: UTF-16 order, except that surrogates (above U+FFFF) sort last. */
                        function compareStrings(a: string, b: string): number {
                          for (let i = 0; i < Math.min(a.length, b.length); i++) {
                            const x = a.charCodeAt(i);
                            const y = b.charCodeAt(i);
                            if (x !== y) {
                              return utf8Rank(x) - utf8Rank(y);
                            }
                          }
                          return a.length - b.length;
                        }

                        function utf8Rank(unit: number): number {
                          return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit;
                        }""";
                        case B -> """
                        /** Binary as unsigned bytes. */
                        function compareBytes(a: Uint8Array, b: Uint8Array): number {
                          for (let i = 0; i < Math.min(a.length, b.length); i++) {
                            if (a[i] !== b[i]) {
                              return a[i] - b[i];
                            }
                          }
                          return a.length - b.length;
                        }""";
                    });
        }
        if (binary) {
            c.blank();
            c.add("""
                    /** Binary values are written as base64. */
                    function fromBase64(text: string): Uint8Array {
                      return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
                    }""");
        }
        return c.toString();
    }

    private static String tsValue(AttrValue v) {
        if (v instanceof AttrValue.S s) {
            return "{ S: " + cLike(s.value()) + " }";
        }
        if (v instanceof AttrValue.N n) {
            return "{ N: " + cLike(n.text()) + " }";
        }
        if (v instanceof AttrValue.B b) {
            return "{ B: fromBase64(" + cLike(b.base64()) + ") }";
        }
        if (v instanceof AttrValue.Bool b) {
            return "{ BOOL: " + b.value() + " }";
        }
        if (v instanceof AttrValue.Null) {
            return "{ NULL: true }";
        }
        if (v instanceof AttrValue.SS s) {
            return "{ SS: [" + join(s.values(), Literals::cLike) + "] }";
        }
        if (v instanceof AttrValue.NS s) {
            return "{ NS: [" + join(s.values(), n -> cLike(n.text())) + "] }";
        }
        if (v instanceof AttrValue.BS s) {
            return "{ BS: [" + join(s.values(), b -> "fromBase64(" + cLike(b.base64()) + ")") + "] }";
        }
        if (v instanceof AttrValue.L l) {
            return "{ L: [" + join(l.values(), ScatterCode::tsValue) + "] }";
        }
        // "__proto__" as a plain key would set the object's prototype instead of adding an attribute.
        return "{ M: { "
                + join(
                        ((AttrValue.M) v).values().entrySet(),
                        e -> (e.getKey().equals("__proto__") ? "[" + cLike(e.getKey()) + "]" : cLike(e.getKey())) + ": "
                                + tsValue(e.getValue()))
                + " } }";
    }

    // ------------------------------------------------------------------------------------------------- shared

    /** The doc comment at the top: what is read, how, in which order, how many. */
    private static List<String> summary(ScatterPlan plan, Query q) {
        List<String> lines = new ArrayList<>();
        int n = plan.shardKeys().size();
        lines.add(
                "Scatter-gather read of table " + plan.table() + (plan.index() == null ? "" : ", index " + plan.index())
                        + ": " + n + " shard" + (n == 1 ? "" : "s") + ", one Query per value of "
                        + plan.partitionKey() + " in SHARD_KEYS, " + plan.concurrency() + " at a time.");
        if (plan.sortCondition() != null) {
            lines.add("Sort-key condition: " + conditionText(plan) + ".");
        }
        if (q.filter() != null) {
            lines.add("Filter: " + q.filter() + " (applied to each page after it is read).");
        }
        if (!plan.projection().isEmpty()) {
            lines.add("Projection: " + String.join(", ", plan.projection()) + ", plus the key attributes.");
        }
        if (plan.consistent()) {
            lines.add("Strongly consistent reads.");
        }
        lines.add(
                plan.sortKey() == null
                        ? "No sort key: each shard's items in " + order(plan)
                                + " order, shards concatenated in SHARD_KEYS" + " order."
                        : "Merged by sort key " + plan.sortKey() + " ("
                                + sortKeyType(plan).label() + ") in " + order(plan)
                                + " order; equal sort keys in SHARD_KEYS order.");
        lines.add(
                plan.limit() > 0
                        ? "Cut at the first " + plan.limit() + " items; each shard stops paging once it" + " holds "
                                + plan.limit() + "."
                        : "No limit: every item of every shard is read and held in memory.");
        lines.add("Each shard follows LastEvaluatedKey; a repeated key is an error, not an endless loop.");
        return lines;
    }

    private static String conditionText(ScatterPlan plan) {
        SortCondition c = plan.sortCondition();
        String text = c.expression().replace(SortCondition.NAME, plan.sortKey());
        for (Map.Entry<String, AttrValue> e : c.values().entrySet()) {
            AttrValue v = e.getValue();
            text = text.replace(
                    e.getKey(),
                    v instanceof AttrValue.S s
                            ? "\"" + s.value() + "\""
                            : v instanceof AttrValue.B ? "base64 " + PlainValues.text(v) : PlainValues.text(v));
        }
        return text;
    }

    private static String order(ScatterPlan plan) {
        return plan.ascending() ? "ascending" : "descending";
    }

    private static String typeOrder(KeyType type) {
        return switch (type) {
            case N -> "numbers by value";
            case S -> "strings by code point (UTF-8 bytes)";
            case B -> "binary as unsigned bytes";
        };
    }

    /** The declared sort-key type; without one, the condition's value type, else string. */
    private static KeyType sortKeyType(ScatterPlan plan) {
        if (plan.sortKeyType() != null) {
            return plan.sortKeyType();
        }
        if (plan.sortCondition() != null) {
            return KeyType.valueOf(plan.sortCondition().value().type().name());
        }
        return KeyType.S;
    }

    /** The constant for the key attributes, a literal for any other name. */
    private static String nameRef(ScatterPlan plan, String attribute, Function<String, String> literal) {
        if (attribute.equals(plan.partitionKey())) {
            return "PARTITION_KEY";
        }
        if (attribute.equals(plan.sortKey())) {
            return "SORT_KEY";
        }
        return literal.apply(attribute);
    }

    private static boolean hasBinary(AttrValue v) {
        if (v instanceof AttrValue.B || v instanceof AttrValue.BS) {
            return true;
        }
        if (v instanceof AttrValue.L l) {
            return l.values().stream().anyMatch(ScatterCode::hasBinary);
        }
        return v instanceof AttrValue.M m && m.values().values().stream().anyMatch(ScatterCode::hasBinary);
    }

    /** One element a line, commas between, {@code end} after the last. */
    private static void list(Code c, List<String> elements, String end) {
        for (int i = 0; i < elements.size(); i++) {
            c.add(elements.get(i) + (i < elements.size() - 1 ? "," : end));
        }
    }

    private static <T> String join(Iterable<T> items, Function<T, String> render) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(render.apply(i)));
        return String.join(", ", out);
    }
}
