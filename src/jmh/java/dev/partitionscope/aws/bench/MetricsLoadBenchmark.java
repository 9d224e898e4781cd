package dev.partitionscope.aws.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.InsightsReader;
import dev.partitionscope.aws.MetricsReader;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.metrics.Verdicts;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.wire.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The metrics screen's target: loading 24 h of per-minute metrics for a table with 5 GSIs and stitching 24 hourly
 * reports (4 rules each) against the Lab in at most 3 s end to end. Each shot does what
 * {@code MetricsViewModel.load()} does once the table is selected, without JavaFX, through the real SDK clients
 * (CloudWatch over Smithy RPC v2 CBOR, DynamoDB over JSON) and HTTP to a Lab on 127.0.0.1, on a connection opened as
 * the app opens its built-in Lab ({@code ConnectionSpec.lab().withEndpoint(...)}, default timeouts, no profiles):
 * <ol>
 *   <li>{@code MetricsReader.read} of {@code MetricPlan.forTable(table, 5 GSIs, start, start + 24 h, 60)} —
 *       110 queries (14 metrics × 6 resources, 2 × 13 per operation), paged GetMetricData;</li>
 *   <li>{@code Verdicts.of(snapshot, Verdicts.limitsOf(shape))};</li>
 *   <li>{@code TableGateway.contributorInsights(shape)} (6 DescribeContributorInsights) and
 *       {@code InsightsReader.load} with the base table's 4 rules (PKC, PKT, SKC, SKT) over 24 hourly sub-windows:
 *       96 GetInsightRuleReport calls, stitched against {@code 3 × ConsumedWrite + ConsumedRead} per minute, the
 *       totals {@code MetricsSnapshot.throughputUnitsByResource} computes. The GSIs have Contributor Insights off (no reports).</li>
 * </ol>
 * Benchmarks: {@code metricsScreenLoad} (1–3, the figure to compare with 3 s), {@code metricsAndVerdict} (1–2, what
 * the screen shows before "Reading Contributor Insights…") and {@code contributorInsights} (3 alone, on the snapshot
 * read in setup), so the split is visible. Everything is CPU-bound and the Lab shares the machine with the client,
 * so note the load average next to the figures.
 *
 * <p>Setup runs the whole load once before any shot, checks that it covers what is meant here and prints its time:
 * that is the first load in a JVM where only DynamoDB calls ran before, as when the app first opens the screen (the
 * cold figure: JIT and class loading of the CloudWatch client, CBOR and the Lab's CloudWatch). The shots are then
 * loads 2–14 of the JVM, still partly on the JIT's warm-up curve, as in an app session that has shown the screen a
 * few times.
 *
 * <p>Setup (not timed, 30–40 s on an idle 2-core machine): a Lab on a simulated clock at 2026-06-22T00:00Z; table {@code orders} (provisioned
 * 2,000 RCU / 2,000 WCU; {@code customer} S + {@code order} S) with 5 KEYS_ONLY GSIs ({@code byStore},
 * {@code bySku}, {@code byRegion}, {@code byStatus}, {@code byShipDate}; 2,000 / 2,000 each); Contributor Insights
 * (ACCESSED_AND_THROTTLED_KEYS) enabled on the base table at the start; then through {@code LabEngine.handle}, spread
 * evenly over every simulated minute of the day: 200 PutItem (an upsert of one of 50 orders per customer) over
 * 2,000 customers — 70 % Zipf (s = 1) over a fixed ranking, 30 % Zipf over a ranking reshuffled every hour, so
 * other keys are hot in every hour — plus 250 GetItem (eventually consistent) and 50 Query on the same skew, and 50
 * Query (Limit 20) spread over the GSIs; and
 * in hours 2, 6, …, 22, four times an hour, a flash sale: 1,300 puts to one key within a second, ~300 of them
 * KeyRange-throttled (the partition's 1,000 WCU/s), so PKT/SKT have contributors and the verdict is a hot partition.
 * The clock then stays in the day's last minute: every consumed-capacity series (read and write, table and GSIs) and
 * the GetItem, PutItem and Query latencies have 1,440 datapoints, an hourly report ranks ~1,900 partition keys and
 * ~14,000 partition + sort keys, and the stitched partition-key matrix has ~200 rows (setup checks and prints it).
 *
 * <pre>java -jar target/benchmarks.jar MetricsLoadBenchmark</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public class MetricsLoadBenchmark {
    /** 2026-06-22T00:00:00Z: minute-aligned, so the 24 h are exactly 1,440 metered minutes. */
    static final Instant START = Instant.parse("2026-06-22T00:00:00Z");

    static final Duration DAY = Duration.ofHours(24);
    static final int PERIOD = 60;
    static final String TABLE = "orders";
    static final List<String> GSIS = List.of("byStore", "bySku", "byRegion", "byStatus", "byShipDate");
    static final int CUSTOMERS = 2_000;
    static final int ORDERS_PER_CUSTOMER = 50;
    static final int WRITES_PER_MINUTE = 200;
    static final int GETS_PER_MINUTE = 250;
    static final int QUERIES_PER_MINUTE = 50;
    static final int INDEX_QUERIES_PER_MINUTE = 50;
    /** Share of the traffic whose key ranking is reshuffled every hour. */
    static final double HOURLY_SHARE = 0.3;

    static final int FLASH_PUTS = 1_300;
    static final String[] STATUSES = {"PENDING", "PAID", "PICKING", "SHIPPED", "DELIVERED"};
    static final String[] REGIONS = {"eu-west", "eu-central", "us-east", "us-west", "ap-south", "ap-east", "sa", "af"};
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Lab lab;
    private SimulatedClock clock;
    private Path home;
    private Connection connection;
    private TableShape shape;
    private MetricPlan plan;
    private MetricsSnapshot setupSnapshot;

    // Workload
    private final Random rnd = new Random(42);
    private final String[] customers = new String[CUSTOMERS];
    private double[] zipf;
    private int[][] hourlyRanking;
    private long puts;
    private long throttled;
    private long reads;

    @Setup(Level.Trial)
    public void fill() throws IOException {
        long t0 = System.nanoTime();
        clock = new SimulatedClock(START);
        lab = Lab.start(Lab.Options.defaults().withClock(clock));
        createTable();
        lab.engine()
                .handle(
                        "UpdateContributorInsights",
                        F.objectNode()
                                .put("TableName", TABLE)
                                .put("ContributorInsightsAction", "ENABLE")
                                .put("ContributorInsightsMode", "ACCESSED_AND_THROTTLED_KEYS"));
        traffic();
        long filled = System.nanoTime();

        home = Files.createTempDirectory("partitionscope-bench");
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        connection = new ConnectionFactory(none)
                .open(ConnectionSpec.lab().withEndpoint(lab.endpoint().orElseThrow()));
        shape = new TableGateway(connection).describe(TABLE);
        plan = MetricPlan.forTable(TABLE, shape.globalIndexNames(), START, START.plus(DAY), PERIOD);
        check(filled - t0);
    }

    private void createTable() {
        ObjectNode create = F.objectNode().put("TableName", TABLE).put("BillingMode", "PROVISIONED");
        throughput(create);
        var attrs = create.putArray("AttributeDefinitions");
        for (String a : List.of("customer", "order", "store", "sku", "region", "status", "shipDate", "createdAt")) {
            attrs.addObject().put("AttributeName", a).put("AttributeType", "S");
        }
        var keys = create.putArray("KeySchema");
        keys.addObject().put("AttributeName", "customer").put("KeyType", "HASH");
        keys.addObject().put("AttributeName", "order").put("KeyType", "RANGE");
        var gsis = create.putArray("GlobalSecondaryIndexes");
        String[][] defs = {
            {"byStore", "store", "createdAt"},
            {"bySku", "sku", null},
            {"byRegion", "region", "createdAt"},
            {"byStatus", "status", "createdAt"},
            {"byShipDate", "shipDate", null}
        };
        for (String[] d : defs) {
            ObjectNode g = gsis.addObject().put("IndexName", d[0]);
            var ks = g.putArray("KeySchema");
            ks.addObject().put("AttributeName", d[1]).put("KeyType", "HASH");
            if (d[2] != null) {
                ks.addObject().put("AttributeName", d[2]).put("KeyType", "RANGE");
            }
            g.putObject("Projection").put("ProjectionType", "KEYS_ONLY");
            throughput(g);
        }
        lab.engine().handle("CreateTable", create);
    }

    private static void throughput(ObjectNode o) {
        o.putObject("ProvisionedThroughput").put("ReadCapacityUnits", 2_000).put("WriteCapacityUnits", 2_000);
    }

    /** 24 simulated hours of traffic, every operation at its own instant, through the engine (metered, throttled). */
    private void traffic() {
        zipf = new double[CUSTOMERS];
        double acc = 0;
        for (int i = 0; i < CUSTOMERS; i++) {
            customers[i] = String.format("customer#%04d", i);
            acc += 1.0 / (i + 1);
            zipf[i] = acc;
        }
        hourlyRanking = new int[24][];
        for (int h = 0; h < 24; h++) {
            int[] perm = new int[CUSTOMERS];
            for (int i = 0; i < CUSTOMERS; i++) {
                perm[i] = i;
            }
            for (int i = CUSTOMERS - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = perm[i];
                perm[i] = perm[j];
                perm[j] = t;
            }
            hourlyRanking[h] = perm;
        }
        int perMinute = WRITES_PER_MINUTE + GETS_PER_MINUTE + QUERIES_PER_MINUTE + INDEX_QUERIES_PER_MINUTE;
        long step = 60_000_000_000L / perMinute;
        long startMillis = START.toEpochMilli();
        char[] kinds = new char[perMinute];
        Arrays.fill(kinds, 0, WRITES_PER_MINUTE, 'P');
        Arrays.fill(kinds, WRITES_PER_MINUTE, WRITES_PER_MINUTE + GETS_PER_MINUTE, 'G');
        int queries = WRITES_PER_MINUTE + GETS_PER_MINUTE + QUERIES_PER_MINUTE;
        Arrays.fill(kinds, WRITES_PER_MINUTE + GETS_PER_MINUTE, queries, 'Q');
        Arrays.fill(kinds, queries, perMinute, 'I');
        for (int m = 0; m < 24 * 60; m++) {
            int hour = m / 60;
            boolean flash = hour % 4 == 2 && m % 15 == 7;
            shuffle(kinds);
            clock.advanceTo(startMillis + m * 60_000L);
            for (int i = 0; i < perMinute; i++) {
                if (i > 0) {
                    clock.advanceNanos(step);
                }
                if (flash && i == perMinute / 2) {
                    String key = "flash#" + hour;
                    for (int n = 0; n < FLASH_PUTS; n++) {
                        put(key, n % ORDERS_PER_CUSTOMER, m);
                    }
                }
                String customer = customers[customer(hour)];
                switch (kinds[i]) {
                    case 'P' -> put(customer, rnd.nextInt(ORDERS_PER_CUSTOMER), m);
                    case 'G' -> get(customer, rnd.nextInt(ORDERS_PER_CUSTOMER));
                    case 'Q' -> query(customer);
                    default -> indexQuery(rnd.nextInt(GSIS.size()));
                }
            }
        }
        // The day's last minute stays live: the oldest of the 1,440 retained minutes is still minute 0.
        clock.advanceTo(startMillis + DAY.toMillis() - 1_000);
    }

    private void shuffle(char[] a) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            char t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private int customer(int hour) {
        int k = Arrays.binarySearch(zipf, rnd.nextDouble() * zipf[CUSTOMERS - 1]);
        int rank = k < 0 ? Math.min(CUSTOMERS - 1, -k - 1) : k;
        return rnd.nextDouble() < HOURLY_SHARE ? hourlyRanking[hour][rank] : rank;
    }

    private void put(String customer, int order, int minute) {
        ObjectNode item = F.objectNode();
        item.putObject("customer").put("S", customer);
        item.putObject("order").put("S", String.format("order#%02d", order));
        item.putObject("store").put("S", "store#" + rnd.nextInt(200));
        item.putObject("sku").put("S", "sku#" + rnd.nextInt(5_000));
        item.putObject("region").put("S", REGIONS[rnd.nextInt(REGIONS.length)]);
        item.putObject("status").put("S", STATUSES[rnd.nextInt(STATUSES.length)] + "#" + rnd.nextInt(10));
        item.putObject("shipDate").put("S", "2026-06-" + (23 + rnd.nextInt(5)));
        item.putObject("createdAt").put("S", String.valueOf(clock.epochMillis()));
        item.putObject("total").put("N", String.valueOf(1 + rnd.nextInt(500)));
        item.putObject("minute").put("N", String.valueOf(minute));
        ObjectNode req = F.objectNode().put("TableName", TABLE);
        req.set("Item", item);
        puts++;
        try {
            lab.engine().handle("PutItem", req);
        } catch (LabException e) {
            if (e.reasons().isEmpty()) {
                throw e;
            }
            throttled++;
        }
    }

    private void get(String customer, int order) {
        ObjectNode key = F.objectNode();
        key.putObject("customer").put("S", customer);
        key.putObject("order").put("S", String.format("order#%02d", order));
        ObjectNode req = F.objectNode().put("TableName", TABLE);
        req.set("Key", key);
        read("GetItem", req);
    }

    private void query(String customer) {
        ObjectNode req = F.objectNode()
                .put("TableName", TABLE)
                .put("KeyConditionExpression", "customer = :c")
                .put("Limit", 20);
        req.putObject("ExpressionAttributeValues").putObject(":c").put("S", customer);
        read("Query", req);
    }

    /** A page of 20 from one GSI: the index's own hash key, a value drawn as PutItem draws it. */
    private void indexQuery(int gsi) {
        String[] attr = {"store", "sku", "region", "status", "shipDate"};
        String value =
                switch (gsi) {
                    case 0 -> "store#" + rnd.nextInt(200);
                    case 1 -> "sku#" + rnd.nextInt(5_000);
                    case 2 -> REGIONS[rnd.nextInt(REGIONS.length)];
                    case 3 -> STATUSES[rnd.nextInt(STATUSES.length)] + "#" + rnd.nextInt(10);
                    default -> "2026-06-" + (23 + rnd.nextInt(5));
                };
        ObjectNode req = F.objectNode()
                .put("TableName", TABLE)
                .put("IndexName", GSIS.get(gsi))
                .put("KeyConditionExpression", "#k = :v")
                .put("Limit", 20);
        req.putObject("ExpressionAttributeNames").put("#k", attr[gsi]);
        req.putObject("ExpressionAttributeValues").putObject(":v").put("S", value);
        read("Query", req);
    }

    private void read(String op, ObjectNode req) {
        reads++;
        try {
            lab.engine().handle(op, req);
        } catch (LabException e) {
            if (e.reasons().isEmpty()) {
                throw e;
            }
            throttled++;
        }
    }

    /** Runs the load once and checks that it covers what this benchmark means to measure. */
    private void check(long fillNanos) {
        long t = System.nanoTime();
        setupSnapshot = new MetricsReader(connection).read(plan, () -> false, pages -> {});
        Verdict verdict = Verdicts.of(setupSnapshot, Verdicts.limitsOf(shape));
        long metricsNanos = System.nanoTime() - t;
        InsightsReader.Result insights = contributorInsights(setupSnapshot);
        long totalNanos = System.nanoTime() - t;

        Resource base = Resource.table(TABLE);
        int full = 0;
        for (Resource r : setupSnapshot.resources()) {
            for (TableMetric m : List.of(TableMetric.CONSUMED_WRITE, TableMetric.CONSUMED_READ)) {
                full += datapoints(setupSnapshot.raw(r, m)) == plan.columns() ? 1 : 0;
            }
        }
        int opSeries = 0;
        for (String op : List.of("PutItem", "GetItem", "Query")) {
            opSeries +=
                    datapoints(setupSnapshot.raw(new MetricQuery.Key(base, TableMetric.LATENCY, op))) == plan.columns()
                            ? 1
                            : 0;
        }
        long datapoints = 0;
        for (MetricQuery q : plan.queries()) {
            datapoints += datapoints(setupSnapshot.raw(q.key()));
        }
        // How many keys one hourly report ranks (hour 12, the base table's PKC and SKC rules).
        List<String> rules = new TableGateway(connection)
                .contributorInsights(shape).stream()
                        .filter(st -> st.indexName() == null)
                        .findFirst()
                        .orElseThrow()
                        .rules();
        long[] unique = new long[2];
        for (int i = 0; i < 2; i++) {
            String kind = i == 0 ? "-PKC-" : "-SKC-";
            String rule =
                    rules.stream().filter(n -> n.contains(kind)).findFirst().orElseThrow();
            Long u = connection
                    .cloudWatch()
                    .getInsightRuleReport(b -> b.ruleName(rule)
                            .startTime(START.plus(Duration.ofHours(12)))
                            .endTime(START.plus(Duration.ofHours(13)))
                            .period(PERIOD)
                            .maxContributorCount(25)
                            .orderBy("Sum"))
                    .approximateUniqueCount();
            unique[i] = u == null ? -1 : u;
        }
        KeyTimeMatrix pk = insights.partitionKeys().get(base);
        KeyTimeMatrix sk = insights.sortKeys().get(base);
        System.out.printf(
                "%n  setup: %,d puts (%,d throttled incl. reads), %,d reads in %.1f s; plan: %d queries,"
                        + " %d columns, %,d datapoints; %d of 12 consumed series and %d of 3 latency series full;"
                        + " write throttles %,.0f (KeyRange %,.0f); verdict %s: %s%n"
                        + "  insights: %d rules on the base table; %d reports (%d failed), base table %s;"
                        + " hour 12 ranks %,d partition keys, %,d partition+sort keys; stitched %d partition-key"
                        + " rows, %d partition+sort-key rows%n"
                        + "  first load (cold JVM): %,d ms, of which metrics + verdict %,d ms%n",
                puts,
                throttled,
                reads,
                fillNanos / 1e9,
                plan.queries().size(),
                plan.columns(),
                datapoints,
                full,
                opSeries,
                setupSnapshot.total(base, TableMetric.WRITE_THROTTLES),
                setupSnapshot.total(base, TableMetric.WRITE_KEY_RANGE),
                verdict.kind(),
                verdict.headline(),
                rules.size(),
                insights.reports(),
                insights.failedReports(),
                insights.status().get(base).state(),
                unique[0],
                unique[1],
                pk.rowCount(),
                sk.rowCount(),
                totalNanos / 1_000_000,
                metricsNanos / 1_000_000);
        if (setupSnapshot.status().state() != DataState.DATA
                || full != 12
                || opSeries != 3
                || plan.columns() != 1_440
                || insights.reports() != 96
                || insights.failedReports() != 0
                || rules.size() != 4
                || unique[0] < 1_000
                || pk.rowCount() <= 50
                || setupSnapshot.total(base, TableMetric.WRITE_KEY_RANGE) <= 0
                || insights.status().get(base).state() != DataState.TRUNCATED) {
            throw new IllegalStateException("the load does not cover what this benchmark means to measure");
        }
    }

    private static int datapoints(double[] values) {
        int n = 0;
        for (double v : values) {
            n += Double.isNaN(v) ? 0 : 1;
        }
        return n;
    }

    /** Step 3 of the load: Contributor Insights states, then every hourly report of every rule, stitched. */
    private InsightsReader.Result contributorInsights(MetricsSnapshot s) {
        List<ContributorInsightsState> states = new TableGateway(connection).contributorInsights(shape);
        // All four rules, as the issue's target says (the app reads SKC/SKT only when the PK + SK view is asked for).
        InsightsReader.Request request = new InsightsReader.Request(
                states,
                plan.start(),
                plan.periodSeconds(),
                plan.columns(),
                s.throughputUnitsByResource(),
                java.util.EnumSet.allOf(dev.partitionscope.core.insights.RuleKind.class));
        return new InsightsReader(connection).load(request, () -> false, (done, total) -> {});
    }

    /** The whole load: metrics, verdict, Contributor Insights states and the 96 stitched reports. */
    @Benchmark
    public InsightsReader.Result metricsScreenLoad() {
        MetricsSnapshot s = new MetricsReader(connection).read(plan, () -> false, pages -> {});
        Verdict v = Verdicts.of(s, Verdicts.limitsOf(shape));
        if (v == null) {
            throw new IllegalStateException();
        }
        return contributorInsights(s);
    }

    /** Steps 1–2: paged GetMetricData for the 110 queries and the verdict. */
    @Benchmark
    public Verdict metricsAndVerdict() {
        MetricsSnapshot s = new MetricsReader(connection).read(plan, () -> false, pages -> {});
        return Verdicts.of(s, Verdicts.limitsOf(shape));
    }

    /** Step 3 alone, on the snapshot read in setup: DescribeContributorInsights × 6 and 96 reports, stitched. */
    @Benchmark
    public InsightsReader.Result contributorInsights() {
        return contributorInsights(setupSnapshot);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        if (connection != null) {
            connection.close();
        }
        if (lab != null) {
            lab.close();
        }
        if (home != null) {
            try (var files = Files.walk(home)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
    }
}
