package dev.partitionscope.lab.engine;

import static dev.partitionscope.lab.engine.Av.attr;
import static dev.partitionscope.lab.engine.Av.item;
import static dev.partitionscope.lab.engine.Av.keys;
import static dev.partitionscope.lab.engine.Av.m;
import static dev.partitionscope.lab.engine.Av.n;
import static dev.partitionscope.lab.engine.Av.s;
import static dev.partitionscope.lab.engine.Av.ss;
import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.LabFixture;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The same seeded random operation sequences through the Lab and through a real dynalite must give the same items
 * (Scan results compared as sets, Query results in order, page by page), the same errors and the same
 * ConsumedCapacity.
 *
 * <p>Known differences are excluded explicitly, each where it applies, never by loosening a comparison overall:
 * <ol>
 *   <li>dynalite sizes strings in UTF-16 code units, DynamoDB and the Lab in UTF-8 bytes: all generated data is
 *       ASCII, where the two agree.</li>
 *   <li>dynalite's 1 MB page boundary uses its own internal (compressed) item size: the tables here hold at most
 *       8 × 30 items of at most ~3 KB (~750 KB, typically ~150 KB), so no page is ever cut by size on either
 *       side. (LabSdkTest covers the Lab's 1 MB pages.)</li>
 *   <li>dynalite reports 0 RCU for a Query or Scan page that read nothing; DynamoDB and the Lab charge the minimum
 *       (0.5 / 1 RCU). Such pages are compared without their capacity, and the Lab's minimum is asserted.</li>
 *   <li>dynalite does not charge GSI or LSI writes: writes are compared on the table's own units
 *       (ReturnConsumedCapacity INDEXES → Table), which excludes the Lab's index units (CapacityVectorsTest covers
 *       those).</li>
 *   <li>Scan order and Scan segment membership follow each engine's own hash: a segmented or paged Scan is compared
 *       as the union of its pages (a set, each item exactly once), and capacity only for single-page Scans.</li>
 * </ol>
 */
@ExtendWith(Dynalite.Required.class)
class DifferentialTest {
    private static final int PARTITIONS = 8;
    private static final int SORT_KEYS = 30;
    private static LabFixture lab;
    private static DynamoDbClient labDb;
    private static DynamoDbClient dynalite;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        labDb = lab.client();
        dynalite = LabFixture.newClient(Dynalite.endpoint());
    }

    @AfterAll
    static void stop() {
        if (dynalite != null) {
            dynalite.close();
        }
        lab.close();
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {20240601L, 7L, 1_000_003L})
    void randomOperationSequencesGiveTheSameItemsErrorsAndCapacity(long seed) {
        String table = LabFixture.uniqueName("diff");
        createTable(labDb, table);
        createTable(dynalite, table);
        Dynalite.waitActive(table);
        Generator gen = new Generator(new Random(seed), table);

        int steps = 160;
        for (int step = 0; step < steps; step++) {
            Step op = gen.next();
            Object onLab = run(op, labDb, true);
            Object onDynalite = run(op, dynalite, false);
            assertThat(onLab)
                    .as("seed %d step %d: %s", seed, step, op.description())
                    .isEqualTo(onDynalite);
        }
        // Finally, the whole table and the whole GSI through both engines, as sets.
        assertThat(scanAll(labDb, table, null))
                .isEqualTo(scanAll(dynalite, table, null))
                .isNotEmpty();
        assertThat(scanAll(labDb, table, "byG")).isEqualTo(scanAll(dynalite, table, "byG"));
        assertThat(gen.kinds)
                .as("every kind of step ran")
                .containsExactlyInAnyOrder(
                        "put",
                        "update",
                        "delete",
                        "get",
                        "query",
                        "gsiQuery",
                        "lsiQuery",
                        "indexQuery",
                        "scan",
                        "batchWrite",
                        "batchGet");
    }

    private static Object run(Step op, DynamoDbClient db, boolean isLab) {
        try {
            return op.run().apply(new Engine(db, isLab));
        } catch (DynamoDbException e) {
            return "error " + e.awsErrorDetails().errorCode();
        }
    }

    /** The client of one engine, and whether it is the Lab (for the one-sided assertions of the exclusions). */
    private record Engine(DynamoDbClient db, boolean isLab) {}

    private record Step(String description, Function<Engine, Object> run) {}

    /**
     * pk (S) + sk (N); GSI byG on g (S) + gs (N), projection ALL; LSI byL on pk + l (S), KEYS_ONLY. gs and l values
     * are unique, so index order never depends on how an engine breaks ties.
     */
    private static void createTable(DynamoDbClient db, String name) {
        db.createTable(b -> b.tableName(name)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        attr("pk", ScalarAttributeType.S),
                        attr("sk", ScalarAttributeType.N),
                        attr("g", ScalarAttributeType.S),
                        attr("gs", ScalarAttributeType.N),
                        attr("l", ScalarAttributeType.S))
                .keySchema(keys("pk", "sk"))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                        .indexName("byG")
                        .keySchema(keys("g", "gs"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))
                        .build())
                .localSecondaryIndexes(LocalSecondaryIndex.builder()
                        .indexName("byL")
                        .keySchema(keys("pk", "l"))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                        .build()));
    }

    // ------------------------------------------------------------------------------------------------------------

    /** Seeded random steps over one table. */
    private static final class Generator {
        private final Random r;
        private final String table;
        private final Set<String> kinds = new HashSet<>();
        private int nextGs = 1;
        private int nextL = 1;

        Generator(Random r, String table) {
            this.r = r;
            this.table = table;
        }

        Step next() {
            int roll = r.nextInt(100);
            String kind = roll < 24
                    ? "put"
                    : roll < 44
                            ? "update"
                            : roll < 52
                                    ? "delete"
                                    : roll < 60
                                            ? "get"
                                            : roll < 74
                                                    ? "query"
                                                    : roll < 80
                                                            ? "gsiQuery"
                                                            : roll < 85
                                                                    ? "lsiQuery"
                                                                    : roll < 90
                                                                            ? "scan"
                                                                            : roll < 95 ? "batchWrite" : "batchGet";
            if (kind.equals("lsiQuery") || kind.equals("gsiQuery")) {
                kinds.add("indexQuery");
            }
            kinds.add(kind);
            return switch (kind) {
                case "put" -> put();
                case "update" -> update();
                case "delete" -> delete();
                case "get" -> get();
                case "query" -> query();
                case "gsiQuery" -> gsiQuery();
                case "lsiQuery" -> lsiQuery();
                case "scan" -> scan();
                case "batchWrite" -> batchWrite();
                default -> batchGet();
            };
        }

        private String pk() {
            return "p" + r.nextInt(PARTITIONS);
        }

        private int sk() {
            return r.nextInt(SORT_KEYS);
        }

        /** ASCII only (exclusion 1): sizes then agree between UTF-16 and UTF-8 counting. */
        private String text(int max) {
            int len = 1 + r.nextInt(max);
            StringBuilder b = new StringBuilder(len);
            for (int i = 0; i < len; i++) {
                b.append((char) ('a' + r.nextInt(26)));
            }
            return b.toString();
        }

        private Map<String, AttributeValue> randomItem(String pk, int sk) {
            Map<String, AttributeValue> it = new LinkedHashMap<>(item("pk", s(pk), "sk", n(sk)));
            if (r.nextInt(4) != 0) {
                it.put("g", s("g" + r.nextInt(3)));
                it.put("gs", n(nextGs++));
            }
            if (r.nextInt(3) == 0) {
                it.put("l", s(String.format("l%05d", nextL++)));
            }
            it.put("n", n(r.nextInt(1000) - 500));
            it.put("s", s(text(r.nextInt(4) == 0 ? 3000 : 200)));
            if (r.nextBoolean()) {
                Set<String> tags = new TreeSet<>(List.of("t" + r.nextInt(5), "t" + r.nextInt(5)));
                it.put("tags", ss(tags.toArray(String[]::new)));
            }
            if (r.nextInt(3) == 0) {
                it.put("m", m("a", n(r.nextInt(10)), "b", s(text(20))));
            }
            return it;
        }

        private Map<String, AttributeValue> key(String pk, int sk) {
            return item("pk", s(pk), "sk", n(sk));
        }

        private ReturnValue anyReturnValue() {
            ReturnValue[] all = {
                ReturnValue.NONE,
                ReturnValue.ALL_OLD,
                ReturnValue.ALL_NEW,
                ReturnValue.UPDATED_OLD,
                ReturnValue.UPDATED_NEW
            };
            return all[r.nextInt(all.length)];
        }

        /** A condition and the values it needs, or null. */
        private String[] condition() {
            return switch (r.nextInt(6)) {
                case 0 -> new String[] {"attribute_not_exists(pk)"};
                case 1 -> new String[] {"attribute_exists(pk)"};
                case 2 -> new String[] {"n < :lim", ":lim"};
                case 3 -> new String[] {"attribute_not_exists(l) OR size(s) > :lim", ":lim"};
                default -> null;
            };
        }

        private Step put() {
            Map<String, AttributeValue> it = randomItem(pk(), sk());
            String[] cond = condition();
            int lim = r.nextInt(600) - 300;
            boolean old = r.nextBoolean();
            return new Step(
                    "PutItem " + it.get("pk").s() + "/" + it.get("sk").n() + (cond == null ? "" : " if " + cond[0]),
                    e -> {
                        var res = e.db().putItem(b -> {
                            b.tableName(table)
                                    .item(it)
                                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                                    .returnValues(old ? ReturnValue.ALL_OLD : ReturnValue.NONE);
                            if (cond != null) {
                                b.conditionExpression(cond[0]);
                                if (cond.length > 1) {
                                    b.expressionAttributeValues(Map.of(":lim", n(lim)));
                                }
                            }
                        });
                        return List.of(norm(res.attributes()), writeUnits(res.consumedCapacity()));
                    });
        }

        private Step update() {
            String pk = pk();
            int sk = sk();
            Map<String, AttributeValue> values = new HashMap<>();
            Map<String, String> names = new HashMap<>();
            String expr =
                    switch (r.nextInt(8)) {
                        case 0 -> {
                            values.put(":zero", n(0));
                            values.put(":d", n(r.nextInt(50) + 1));
                            yield "SET n = if_not_exists(n, :zero) + :d";
                        }
                        case 1 -> {
                            values.put(":s", s(text(r.nextInt(3) == 0 ? 2500 : 100)));
                            yield "SET s = :s";
                        }
                        case 2 -> "REMOVE l, tags";
                        case 3 -> {
                            values.put(":t", ss("t" + r.nextInt(5)));
                            yield "ADD tags :t";
                        }
                        case 4 -> {
                            values.put(":g", s("g" + r.nextInt(3)));
                            values.put(":gs", n(nextGs++));
                            yield "SET g = :g, gs = :gs";
                        }
                        case 5 -> {
                            values.put(":t", ss("t" + r.nextInt(5)));
                            yield "DELETE tags :t";
                        }
                        case 6 -> {
                            // Invalid when m is missing: both engines must refuse it alike.
                            values.put(":v", n(r.nextInt(100)));
                            names.put("#m", "m");
                            yield "SET #m.a = :v";
                        }
                        default -> {
                            values.put(":l", s(String.format("l%05d", nextL++)));
                            values.put(":one", n(1));
                            yield "SET l = :l ADD n :one";
                        }
                    };
            String[] cond = condition();
            if (cond != null && cond.length > 1) {
                values.put(":lim", n(r.nextInt(600) - 300));
            }
            ReturnValue rv = anyReturnValue();
            Map<String, AttributeValue> key = key(pk, sk);
            return new Step(
                    "UpdateItem " + pk + "/" + sk + " " + expr + (cond == null ? "" : " if " + cond[0]) + " returning "
                            + rv,
                    e -> {
                        var res = e.db().updateItem(b -> {
                            b.tableName(table)
                                    .key(key)
                                    .updateExpression(expr)
                                    .returnValues(rv)
                                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                                    .expressionAttributeValues(values.isEmpty() ? null : values)
                                    .expressionAttributeNames(names.isEmpty() ? null : names);
                            if (cond != null) {
                                b.conditionExpression(cond[0]);
                            }
                        });
                        return List.of(norm(res.attributes()), writeUnits(res.consumedCapacity()));
                    });
        }

        private Step delete() {
            String pk = pk();
            int sk = sk();
            String[] cond = condition();
            int lim = r.nextInt(600) - 300;
            return new Step("DeleteItem " + pk + "/" + sk + (cond == null ? "" : " if " + cond[0]), e -> {
                var res = e.db().deleteItem(b -> {
                    b.tableName(table)
                            .key(key(pk, sk))
                            .returnValues(ReturnValue.ALL_OLD)
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES);
                    if (cond != null) {
                        b.conditionExpression(cond[0]);
                        if (cond.length > 1) {
                            b.expressionAttributeValues(Map.of(":lim", n(lim)));
                        }
                    }
                });
                return List.of(norm(res.attributes()), writeUnits(res.consumedCapacity()));
            });
        }

        private Step get() {
            String pk = pk();
            int sk = sk();
            boolean consistent = r.nextBoolean();
            boolean project = r.nextBoolean();
            return new Step("GetItem " + pk + "/" + sk, e -> {
                var res = e.db().getItem(b -> b.tableName(table)
                        .key(key(pk, sk))
                        .consistentRead(consistent)
                        .projectionExpression(project ? "sk, n, m.b, tags" : null)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
                return List.of(norm(res.item()), res.consumedCapacity().capacityUnits());
            });
        }

        private Step query() {
            String pk = pk();
            int a = sk();
            int b2 = a + r.nextInt(10);
            Map<String, AttributeValue> values = new HashMap<>();
            values.put(":p", s(pk));
            String keyCond =
                    switch (r.nextInt(7)) {
                        case 0 -> "pk = :p";
                        case 1 -> {
                            values.put(":a", n(a));
                            yield "pk = :p AND sk = :a";
                        }
                        case 2 -> {
                            values.put(":a", n(a));
                            yield "pk = :p AND sk < :a";
                        }
                        case 3 -> {
                            values.put(":a", n(a));
                            yield "pk = :p AND sk <= :a";
                        }
                        case 4 -> {
                            values.put(":a", n(a));
                            yield "sk > :a AND pk = :p";
                        }
                        case 5 -> {
                            values.put(":a", n(a));
                            yield "pk = :p AND sk >= :a";
                        }
                        default -> {
                            values.put(":a", n(a));
                            values.put(":b", n(b2));
                            yield "pk = :p AND sk BETWEEN :a AND :b";
                        }
                    };
            String filter =
                    switch (r.nextInt(6)) {
                        case 0 -> {
                            values.put(":x", n(r.nextInt(600) - 300));
                            yield "n > :x";
                        }
                        case 1 -> "attribute_exists(tags)";
                        case 2 -> {
                            values.put(":c", s(String.valueOf((char) ('a' + r.nextInt(26)))));
                            yield "contains(s, :c) AND NOT attribute_exists(g)";
                        }
                        case 3 -> {
                            values.put(":sz", n(r.nextInt(300)));
                            yield "size(s) > :sz";
                        }
                        default -> null;
                    };
            Integer limit = r.nextInt(3) == 0 ? null : 1 + r.nextInt(8);
            boolean forward = r.nextBoolean();
            boolean consistent = r.nextBoolean();
            String projection = r.nextInt(3) == 0 ? "pk, sk, n, tags" : null;
            return new Step(
                    "Query " + keyCond + (filter == null ? "" : " filter " + filter) + " limit " + limit
                            + (forward ? "" : " backwards"),
                    e -> pages(e, b -> b.tableName(table)
                            .keyConditionExpression(keyCond)
                            .filterExpression(filter)
                            .projectionExpression(projection)
                            .expressionAttributeValues(values)
                            .limit(limit)
                            .scanIndexForward(forward)
                            .consistentRead(consistent)));
        }

        private Step gsiQuery() {
            Map<String, AttributeValue> values = new HashMap<>();
            values.put(":g", s("g" + r.nextInt(3)));
            String keyCond = "g = :g";
            if (r.nextBoolean()) {
                values.put(":gs", n(r.nextInt(Math.max(1, nextGs))));
                keyCond += r.nextBoolean() ? " AND gs > :gs" : " AND gs <= :gs";
            }
            Integer limit = r.nextInt(3) == 0 ? null : 1 + r.nextInt(15);
            boolean forward = r.nextBoolean();
            String kc = keyCond;
            return new Step(
                    "Query byG " + kc + " limit " + limit,
                    e -> pages(e, b -> b.tableName(table)
                            .indexName("byG")
                            .keyConditionExpression(kc)
                            .expressionAttributeValues(values)
                            .limit(limit)
                            .scanIndexForward(forward)));
        }

        private Step lsiQuery() {
            Map<String, AttributeValue> values = new HashMap<>();
            values.put(":p", s(pk()));
            String keyCond = "pk = :p";
            switch (r.nextInt(3)) {
                case 0 -> {
                    values.put(":l", s(String.format("l%05d", r.nextInt(Math.max(1, nextL)))));
                    keyCond += " AND l < :l";
                }
                case 1 -> {
                    values.put(":pre", s("l000"));
                    keyCond += " AND begins_with(l, :pre)";
                }
                default -> {}
            }
            Integer limit = r.nextInt(3) == 0 ? null : 1 + r.nextInt(5);
            boolean consistent = r.nextBoolean();
            String kc = keyCond;
            return new Step(
                    "Query byL " + kc + " limit " + limit,
                    e -> pages(e, b -> b.tableName(table)
                            .indexName("byL")
                            .keyConditionExpression(kc)
                            .expressionAttributeValues(values)
                            .limit(limit)
                            .consistentRead(consistent)));
        }

        private Step scan() {
            int segments = 1 + r.nextInt(4);
            Integer limit = r.nextInt(3) == 0 ? null : 5 + r.nextInt(40);
            boolean filtered = r.nextBoolean();
            int x = r.nextInt(600) - 300;
            return new Step("Scan " + segments + " segments, limit " + limit + (filtered ? " n > " + x : ""), e -> {
                List<Object> all = new ArrayList<>();
                int scanned = 0;
                Object capacity = null;
                for (int seg = 0; seg < segments; seg++) {
                    int segment = seg;
                    Map<String, AttributeValue> start = null;
                    int pages = 0;
                    do {
                        Map<String, AttributeValue> from = start;
                        ScanResponse res = e.db().scan(b -> {
                            b.tableName(table)
                                    .limit(limit)
                                    .exclusiveStartKey(from)
                                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
                            if (segments > 1) {
                                b.segment(segment).totalSegments(segments);
                            }
                            if (filtered) {
                                b.filterExpression("n > :x").expressionAttributeValues(Map.of(":x", n(x)));
                            }
                        });
                        res.items().forEach(i -> all.add(norm(i)));
                        scanned += res.scannedCount();
                        if (res.scannedCount() == 0) {
                            assertEmptyReadCharge(e, res.consumedCapacity(), false);
                        }
                        start = res.hasLastEvaluatedKey() ? res.lastEvaluatedKey() : null;
                        pages++;
                        // Exclusion 5: only a Scan that is a single page has comparable capacity.
                        if (segments == 1 && limit == null && res.scannedCount() > 0) {
                            capacity = res.consumedCapacity().capacityUnits();
                        }
                    } while (start != null && pages < 1000);
                }
                Set<Object> unique = new HashSet<>(all);
                assertThat(unique).as("every item exactly once").hasSameSizeAs(all);
                return List.of(unique, scanned, capacity == null ? "n/a" : capacity);
            });
        }

        private Step batchWrite() {
            int count = 1 + r.nextInt(25);
            Set<String> used = new HashSet<>();
            List<WriteRequest> writes = new ArrayList<>();
            while (writes.size() < count) {
                String pk = pk();
                int sk = sk();
                if (!used.add(pk + "/" + sk)) {
                    continue;
                }
                if (r.nextInt(4) == 0) {
                    writes.add(WriteRequest.builder()
                            .deleteRequest(d -> d.key(key(pk, sk)))
                            .build());
                } else {
                    Map<String, AttributeValue> it = randomItem(pk, sk);
                    writes.add(
                            WriteRequest.builder().putRequest(p -> p.item(it)).build());
                }
            }
            return new Step("BatchWriteItem of " + count, e -> {
                BatchWriteItemResponse res = e.db().batchWriteItem(b ->
                        b.requestItems(Map.of(table, writes)).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
                assertThat(res.unprocessedItems()).isEmpty();
                return List.of(
                        res.consumedCapacity().size(),
                        writeUnits(res.consumedCapacity().get(0)));
            });
        }

        private Step batchGet() {
            int count = 1 + r.nextInt(100);
            Set<String> used = new HashSet<>();
            List<Map<String, AttributeValue>> keys = new ArrayList<>();
            while (keys.size() < count) {
                String pk = "p" + r.nextInt(PARTITIONS + 2);
                int sk = r.nextInt(SORT_KEYS + 5);
                if (used.add(pk + "/" + sk)) {
                    keys.add(key(pk, sk));
                }
            }
            boolean consistent = r.nextBoolean();
            return new Step("BatchGetItem of " + count, e -> {
                BatchGetItemResponse res = e.db().batchGetItem(b -> b.requestItems(Map.of(
                                table,
                                KeysAndAttributes.builder()
                                        .keys(keys)
                                        .consistentRead(consistent)
                                        .build()))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
                assertThat(res.unprocessedKeys()).isEmpty();
                // Responses come in no particular order (dynalite shuffles them): a set.
                Set<Object> found = res.responses().get(table).stream()
                        .map(DifferentialTest::norm)
                        .collect(Collectors.toSet());
                return List.of(found, res.consumedCapacity().get(0).capacityUnits());
            });
        }
    }

    /** Every page of a Query, in order: items, counts, the key to go on from, and the capacity of the page. */
    private static Object pages(Engine e, java.util.function.Consumer<QueryRequest.Builder> request) {
        List<Object> pages = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse res = e.db().query(b -> {
                request.accept(b);
                b.exclusiveStartKey(from).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
            });
            Object capacity;
            if (res.scannedCount() == 0) {
                // Exclusion 3: dynalite charges nothing for a page that read nothing; the Lab the minimum.
                assertEmptyReadCharge(e, res.consumedCapacity(), Boolean.TRUE.equals(readConsistent(request)));
                capacity = "empty read";
            } else {
                capacity = res.consumedCapacity().capacityUnits();
            }
            pages.add(List.of(
                    res.items().stream().map(DifferentialTest::norm).toList(),
                    res.count(),
                    res.scannedCount(),
                    norm(res.lastEvaluatedKey()),
                    capacity));
            start = res.hasLastEvaluatedKey() ? res.lastEvaluatedKey() : null;
        } while (start != null && pages.size() < 1000);
        return pages;
    }

    private static Boolean readConsistent(java.util.function.Consumer<QueryRequest.Builder> request) {
        QueryRequest.Builder b = QueryRequest.builder();
        request.accept(b);
        return b.build().consistentRead();
    }

    private static void assertEmptyReadCharge(Engine e, ConsumedCapacity capacity, boolean consistent) {
        if (e.isLab()) {
            assertThat(capacity.capacityUnits())
                    .as("the Lab charges the minimum for an empty read")
                    .isEqualTo(consistent ? 1.0 : 0.5);
        } else {
            assertThat(capacity.capacityUnits())
                    .as("dynalite charges nothing for an empty read (exclusion 3)")
                    .isEqualTo(0.0);
        }
    }

    /** Exclusion 4: the table's own write units (dynalite has no index units; its Table equals its total). */
    private static Object writeUnits(ConsumedCapacity c) {
        assertThat(c.table()).as("INDEXES gives the table's share").isNotNull();
        return c.table().capacityUnits();
    }

    private static Set<Object> scanAll(DynamoDbClient db, String table, String index) {
        Set<Object> all = new HashSet<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse res = db.scan(b -> b.tableName(table).indexName(index).exclusiveStartKey(from));
            res.items().forEach(i -> all.add(norm(i)));
            start = res.hasLastEvaluatedKey() ? res.lastEvaluatedKey() : null;
            pages++;
        } while (start != null && pages < 1000);
        return all;
    }

    /** Items compare as maps; sets as sets; numbers by value. */
    static Object norm(Map<String, AttributeValue> item) {
        if (item == null || item.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> out = new TreeMap<>();
        item.forEach((k, v) -> out.put(k, norm(v)));
        return out;
    }

    static Object norm(AttributeValue v) {
        return switch (v.type()) {
            case S -> "S:" + v.s();
            case N -> "N:" + canonical(v.n());
            case B -> "B:" + v.b().asUtf8String();
            case BOOL -> "BOOL:" + v.bool();
            case NUL -> "NULL";
            case SS -> new TreeSet<>(v.ss());
            case NS -> v.ns().stream().map(DifferentialTest::canonical).collect(Collectors.toCollection(TreeSet::new));
            case BS -> v.bs().stream().map(b -> b.asUtf8String()).collect(Collectors.toCollection(TreeSet::new));
            case L -> v.l().stream().map(DifferentialTest::norm).toList();
            case M -> norm(v.m());
            default -> throw new IllegalArgumentException("Unknown attribute value " + v);
        };
    }

    private static String canonical(String number) {
        BigDecimal d = new BigDecimal(number);
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
}
