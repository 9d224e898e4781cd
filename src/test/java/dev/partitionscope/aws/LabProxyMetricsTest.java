package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.heat.TopKeys;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.MetricPeriod;
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
import dev.partitionscope.testing.Dynalite;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * The explorer's readers against the Lab proxy in front of dynalite, on the real clock: what holds against the Lab
 * alone holds here too. An order-status table (2,000 WCU provisioned) gets ~1,600 WCU/s on PENDING for six seconds —
 * 160 puts/s of 10 KB items rather than 1,600 small ones, because dynalite is slow and the partition model only
 * counts units — plus a little traffic on SHIPPED and DELIVERED. The proxy admits PENDING up to the per-key ceiling
 * of 1,000 WCU/s, forwards what it admits to dynalite, and answers CloudWatch from its own meter.
 */
@ExtendWith(Dynalite.Required.class)
class LabProxyMetricsTest {
    private static final int THREADS = 8;
    private static final Duration LOAD = Duration.ofSeconds(6);
    /** Per thread and second: 20 PENDING, 1 SHIPPED, 1 DELIVERED. */
    private static final int PER_THREAD_PER_SECOND = 22;
    /** 10 KB, so a put is 10 WCU: 160 PENDING puts/s offer 1,600 WCU/s against its 1,000. */
    private static final String PAYLOAD = "x".repeat(9_900);

    private static final int WCU_PER_PUT = 10;

    @TempDir
    Path home;

    private Lab proxy;
    private DynamoDbClient ddb;
    private Connection connection;
    private String table;
    private final Map<String, AtomicInteger> accepted = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> throttled = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws Exception {
        proxy = Lab.start(Lab.Options.defaults().withUpstream(Dynalite.endpoint()));
        String endpoint = proxy.endpoint().orElseThrow();
        // No retries: every throttle the proxy answers is counted here, once.
        ddb = DynamoDbClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create(Dynalite.ACCESS_KEY, "x")))
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
        table = Dynalite.uniqueName("order-status");
        ddb.createTable(b -> b.tableName(table)
                .attributeDefinitions(
                        Dynalite.attr("status", ScalarAttributeType.S), Dynalite.attr("orderId", ScalarAttributeType.S))
                .keySchema(Dynalite.key("status", KeyType.HASH), Dynalite.key("orderId", KeyType.RANGE))
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(100L).writeCapacityUnits(2_000L)));
        Dynalite.waitActive(table);
        ddb.updateContributorInsights(b -> b.tableName(table).contributorInsightsAction("ENABLE"));
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        connection = new ConnectionFactory(none)
                .open(ConnectionSpec.custom("proxy-metrics", endpoint, "us-east-1", Dynalite.ACCESS_KEY));
    }

    @AfterEach
    void stop() {
        if (connection != null) {
            connection.close();
        }
        ddb.close();
        proxy.close();
    }

    @Test
    void aHotKeyThroughTheProxyIsAHotPartitionWithPendingOnTopAndItsItemsInDynalite() throws Exception {
        Instant loadStart = Instant.now();
        drive();
        int pendingOk = count(accepted, "PENDING");
        int pendingThrottled = count(throttled, "PENDING");
        int allThrottled =
                throttled.values().stream().mapToInt(AtomicInteger::get).sum();
        int allOk = accepted.values().stream().mapToInt(AtomicInteger::get).sum();
        // The load really was above the ceiling and really got through in part: otherwise nothing below means much.
        assertThat(pendingThrottled).as("throttled PENDING puts").isGreaterThan(50);
        assertThat(pendingOk).as("accepted PENDING puts").isGreaterThan(300);

        TableShape shape = new TableGateway(connection).describe(table);
        Instant now = Instant.now();
        Instant from = loadStart.minusSeconds(60);
        Instant to = now.plusSeconds(60);
        MetricPlan plan =
                MetricPlan.forTable(table, shape.globalIndexNames(), from, to, MetricPeriod.choose(from, to, now));
        MetricsSnapshot s = new MetricsReader(connection).read(plan, () -> false, pages -> {});
        Resource base = Resource.table(table);

        assertThat(s.status().state()).isEqualTo(DataState.DATA);
        assertThat(plan.periodSeconds()).isEqualTo(60);
        // The proxy meters what it admitted and what it throttled, request for request.
        assertThat(s.total(base, TableMetric.WRITE_KEY_RANGE)).isEqualTo(allThrottled);
        assertThat(s.total(new MetricQuery.Key(base, TableMetric.THROTTLED_REQUESTS, "PutItem")))
                .isEqualTo(allThrottled);
        assertThat(s.total(base, TableMetric.CONSUMED_WRITE)).isEqualTo((double) allOk * WCU_PER_PUT);
        assertThat(s.total(base, TableMetric.WRITE_PROVISIONED)).isZero();

        Verdict v = Verdicts.of(s, Verdicts.limitsOf(shape));
        assertThat(v.kind()).isEqualTo(Verdict.Kind.HOT_PARTITION);
        assertThat(v.resource()).isEqualTo(base);
        assertThat(v.direction()).isEqualTo(TableMetric.Direction.WRITE);
        assertThat(v.events().get(TableMetric.Cause.KEY_RANGE)).isEqualTo(allThrottled);
        assertThat(v.inferred()).isFalse();

        List<ContributorInsightsState> states = new TableGateway(connection).contributorInsights(shape);
        assertThat(states).singleElement().satisfies(st -> assertThat(st.status())
                .isEqualTo(ContributorInsightsState.Status.ENABLED));
        InsightsReader.Result r = new InsightsReader(connection)
                .load(
                        new InsightsReader.Request(
                                states,
                                plan.start(),
                                plan.periodSeconds(),
                                plan.columns(),
                                s.throughputUnitsByResource()),
                        () -> false,
                        (done, total) -> {});
        assertThat(r.failedReports()).isZero();
        assertThat(r.status().get(base).state()).isEqualTo(DataState.DATA);
        KeyTimeMatrix m = r.partitionKeys().get(base);
        List<TopKey> top = TopKeys.of(m, 5);
        assertThat(top)
                .extracting(k -> k.key().partitionKey())
                .containsExactlyInAnyOrder("PENDING", "SHIPPED", "DELIVERED");
        assertThat(top.get(0).key().partitionKey()).isEqualTo("PENDING");
        assertThat(top.get(0).throttles()).isEqualTo(pendingThrottled);
        assertThat(top.get(0).total()).isEqualTo(3.0 * WCU_PER_PUT * pendingOk);

        // What the proxy admitted is in dynalite, and nothing it throttled is.
        int stored = 0;
        for (var page : Dynalite.client().queryPaginator(b -> b.tableName(table)
                .select(Select.COUNT)
                .keyConditionExpression("#s = :s")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("PENDING"))))) {
            stored += page.count();
        }
        assertThat(stored).isEqualTo(pendingOk);
    }

    /** 8 threads, each on its own schedule of 22 puts a second, for {@link #LOAD}. */
    private void drive() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            long startNanos = System.nanoTime();
            long interval = 1_000_000_000L / PER_THREAD_PER_SECOND;
            int perThread = (int) (LOAD.toSeconds() * PER_THREAD_PER_SECOND);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        long wait = startNanos + i * interval + thread * (interval / THREADS) - System.nanoTime();
                        if (wait > 0) {
                            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                        }
                        String status = i % PER_THREAD_PER_SECOND == 0
                                ? "SHIPPED"
                                : i % PER_THREAD_PER_SECOND == 11 ? "DELIVERED" : "PENDING";
                        put(status, "o-" + thread + "-" + i);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void put(String status, String orderId) {
        try {
            ddb.putItem(b -> b.tableName(table)
                    .item(Map.of(
                            "status",
                            AttributeValue.fromS(status),
                            "orderId",
                            AttributeValue.fromS(orderId),
                            "payload",
                            AttributeValue.fromS(PAYLOAD))));
            accepted.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
        } catch (ProvisionedThroughputExceededException e) {
            throttled.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
        }
    }

    private static int count(Map<String, AtomicInteger> counts, String status) {
        AtomicInteger n = counts.get(status);
        return n == null ? 0 : n.get();
    }
}
