package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.meter.SecondStats;
import dev.partitionscope.testing.LabFixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * {@link AuditSampler} against the Lab over HTTP, through the SDK: every item exactly once across segments, the read
 * budget held as the Lab's meter measures it, the item and time caps, resume from a checkpoint, cancel, a GSI, real
 * throttling from the Lab's partition model, and a read-only connection.
 *
 * <p>Tables are filled straight into the Lab's engine ({@code putUnmetered}): tens of thousands of PutItems over HTTP
 * would dominate the test's time, and unmetered writes leave the meter holding only the sampler's reads. Throttling
 * is off in the shared Lab so that the budget, not the partition model, paces the reads; the throttling test starts
 * its own Lab with the model on.
 */
final class AuditSamplerTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Items of the shared table: ~200 B each, ~4 MB, ~500 RCU eventually consistent — 10 s at 50 RCU/s. */
    private static final int ITEMS = 20_000;

    private static Lab lab;
    private static DynamoDbClient client;
    private static String table;
    /** "pk|sk" → DynamoDB size of every item written. */
    private static final Map<String, Long> WRITTEN = new HashMap<>();

    @TempDir
    static Path home;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(Lab.Options.defaults().withThrottling(false));
        client = LabFixture.newClient(lab.endpoint().orElseThrow());
        table = createTable(lab, "audit", null, 0);
        Random random = new Random(20260622);
        for (int i = 0; i < ITEMS; i++) {
            Map<String, AttrValue> item = item(random, i);
            lab.engine().putUnmetered(table, item);
            WRITTEN.put(key(item), ItemSize.of(item));
        }
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (lab != null) {
            lab.close();
        }
    }

    /**
     * A partition key like {@code ORDER#<hex>} (a few keys take many items, as a real audit would find), a number sort
     * key (canonical text checked), a status on most items (the GSI's key; absent on every seventh: a sparse index),
     * non-ASCII text (sizes count UTF-8 bytes), a list, and padding to ~200 B.
     */
    private static Map<String, AttrValue> item(Random random, int i) {
        Map<String, AttrValue> item = new LinkedHashMap<>();
        item.put("pk", AttrValue.s(i % 10 == 0 ? "OPS_LOG" : "ORDER#" + Long.toHexString(random.nextLong())));
        item.put("sk", AttrValue.N.parse(i + "." + (i % 7) + "0"));
        if (i % 7 != 0) {
            item.put(
                    "status",
                    AttrValue.s(
                            List.of("PENDING", "SHIPPED", "DONE", "CANCELLED").get(i % 4)));
        }
        item.put("note", AttrValue.s("Bestellung über " + random.nextInt(1000) + " €"));
        item.put("tags", new AttrValue.L(List.of(AttrValue.s("a"), AttrValue.n(random.nextInt(100_000)))));
        item.put("pad", AttrValue.s("x".repeat(120 + random.nextInt(20))));
        return item;
    }

    private static String key(Map<String, AttrValue> item) {
        return ((AttrValue.S) item.get("pk")).value() + "|" + ((AttrValue.N) item.get("sk")).text();
    }

    /** A table {@code pk} S / {@code sk} N, on-demand unless {@code readUnits} > 0, with a GSI when named. */
    private static String createTable(Lab target, String prefix, String gsi, long readUnits) {
        String name = LabFixture.uniqueName(prefix);
        ObjectNode create = F.objectNode().put("TableName", name);
        if (readUnits > 0) {
            create.put("BillingMode", "PROVISIONED")
                    .putObject("ProvisionedThroughput")
                    .put("ReadCapacityUnits", readUnits)
                    .put("WriteCapacityUnits", 1000);
        } else {
            create.put("BillingMode", "PAY_PER_REQUEST");
        }
        ArrayNode attrs = create.putArray("AttributeDefinitions");
        attrs.addObject().put("AttributeName", "pk").put("AttributeType", "S");
        attrs.addObject().put("AttributeName", "sk").put("AttributeType", "N");
        ArrayNode keys = create.putArray("KeySchema");
        keys.addObject().put("AttributeName", "pk").put("KeyType", "HASH");
        keys.addObject().put("AttributeName", "sk").put("KeyType", "RANGE");
        if (gsi != null) {
            attrs.addObject().put("AttributeName", "status").put("AttributeType", "S");
            ObjectNode index =
                    create.putArray("GlobalSecondaryIndexes").addObject().put("IndexName", gsi);
            ArrayNode ik = index.putArray("KeySchema");
            ik.addObject().put("AttributeName", "status").put("KeyType", "HASH");
            ik.addObject().put("AttributeName", "sk").put("KeyType", "RANGE");
            index.putObject("Projection").put("ProjectionType", "ALL");
        }
        target.engine().handle("CreateTable", create);
        return name;
    }

    /** Collects what the sink gets: "pk|sk" → times delivered, and the sizes. */
    private static final class Collected implements AuditSampler.ItemSink {
        final Map<String, Integer> times = new HashMap<>();
        final Map<String, Long> sizes = new HashMap<>();
        long calls;

        @Override
        public void sampled(String partitionKey, String sortKey, long sizeBytes) {
            String k = partitionKey + "|" + sortKey;
            times.merge(k, 1, Integer::sum);
            sizes.put(k, sizeBytes);
            calls++;
        }

        /** Adds another run's deliveries (a resume) to these. */
        void addAll(Collected other) {
            other.times.forEach((k, n) -> times.merge(k, n, Integer::sum));
            sizes.putAll(other.sizes);
            calls += other.calls;
        }

        void assertEveryWrittenItemExactlyOnce() {
            assertThat(calls).isEqualTo(ITEMS);
            assertThat(times.keySet()).isEqualTo(WRITTEN.keySet());
            assertThat(times.values()).as("deliveries per item").containsOnly(1);
            assertThat(sizes).as("DynamoDB item sizes, as ItemSize gives them").isEqualTo(WRITTEN);
        }
    }

    private static AuditSampler.Result sample(
            String name, String index, AuditSampler.Options options, AuditSampler.ItemSink sink) {
        return new AuditSampler(client).sample(name, index, options, sink, AuditSampler.Listener.NONE, () -> false);
    }

    @Test
    void everyItemIsDeliveredExactlyOnceAcrossEightSegmentsWithoutABudget() {
        Collected got = new Collected();
        List<AuditSampler.Progress> progress = new CopyOnWriteArrayList<>();
        double meteredBefore = meteredRead(table);
        AuditSampler.Result r = new AuditSampler(client)
                .sample(
                        table,
                        null,
                        AuditSampler.Options.defaults().withBudget(AuditSampler.Budget.unlimited()),
                        got,
                        progress::add,
                        () -> false);

        assertThat(r.stop()).as(r.summary()).isEqualTo(AuditSampler.Stop.COMPLETE);
        assertThat(r.complete()).isTrue();
        got.assertEveryWrittenItemExactlyOnce();
        assertThat(r.items()).isEqualTo(ITEMS);
        assertThat(r.checkpoint().finished()).isTrue();
        assertThat(r.checkpoint().totalSegments()).isEqualTo(AuditSampler.DEFAULT_SEGMENTS);
        assertThat(r.checkpoint().itemsSampled()).isEqualTo(ITEMS);
        assertThat(r.throttles()).isZero();
        assertThat(r.problems()).isEmpty();
        // 1 MB pages, eventually consistent: about size / 8 KB RCU, as the Lab charged it
        long bytes = WRITTEN.values().stream().mapToLong(Long::longValue).sum();
        assertThat(r.consumedRcu()).isBetween(bytes / 8192.0, bytes / 8192.0 + r.pages() * 0.5);
        assertThat(r.consumedRcu())
                .as("RCU the pages reported = RCU the Lab metered")
                .isCloseTo(meteredRead(table) - meteredBefore, within(1e-6));

        AuditSampler.Progress last = progress.get(progress.size() - 1);
        assertThat(last.items()).isEqualTo(ITEMS);
        assertThat(last.segmentsDone()).isEqualTo(8);
        assertThat(last.eta()).isEqualTo(Duration.ZERO);
        assertThat(last.fraction()).isEqualTo(1.0);
        assertThat(progress).anySatisfy(p -> {
            assertThat(p.estimatedItemCount()).isEqualTo(ITEMS);
            assertThat(p.etaNote()).contains("estimate");
        });
    }

    /**
     * The budget holds as the Lab meters it: 50 RCU/s for a 6 s time cap on a table that needs ~10 s at that rate.
     * Every whole second inside the run consumed within 5 % of the budget (so their mean does too); the run stops
     * at the time cap, flagged, and a resume without budget delivers the rest exactly once.
     */
    @Test
    void theBudgetHoldsPerSecondInTheLabsMeterAndATimeCapStopsWithACheckpoint() {
        double budget = 50;
        Collected first = new Collected();
        // from the first page on: before it, the run spends a moment on DescribeTable and the client's first call
        AtomicLong t0 = new AtomicLong();
        AuditSampler.Result r = new AuditSampler(client)
                .sample(
                        table,
                        null,
                        AuditSampler.Options.defaults()
                                .withBudget(AuditSampler.Budget.of(budget))
                                .withTimeCap(Duration.ofSeconds(6)),
                        first,
                        p -> t0.compareAndSet(0, p.pages() > 0 ? lab.clock().epochMillis() : 0),
                        () -> false);
        long t1 = lab.clock().epochMillis();

        assertThat(r.stop()).as(r.summary()).isEqualTo(AuditSampler.Stop.TIME_CAP);
        assertThat(r.summary()).contains("time cap");
        assertThat(r.elapsedMs()).isBetween(5_900L, 7_000L);
        assertThat(r.items()).isBetween(1_000L, ITEMS - 1_000L);
        assertThat(r.checkpoint().finished()).isFalse();

        List<SecondStats> inside = lab.meter().recentSeconds(ResourceId.table(table)).stream()
                .filter(s -> s.secondStartMillis() >= t0.get() && s.secondStartMillis() + 1000 <= t1)
                .toList();
        assertThat(inside).as("whole seconds inside the run").hasSizeGreaterThanOrEqualTo(4);
        List<Double> perSecond = inside.stream().map(SecondStats::consumedRead).toList();
        assertThat(perSecond)
                .as("RCU consumed in each whole second, budget %s: %s", budget, perSecond)
                .allSatisfy(v -> assertThat(v).isCloseTo(budget, within(budget * 0.05)));
        double mean =
                perSecond.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertThat(mean).isCloseTo(budget, within(budget * 0.05));
        assertThat(r.consumedRcu() / (r.elapsedMs() / 1000.0)).isCloseTo(budget, within(budget * 0.05));

        Collected rest = new Collected();
        AuditSampler.Result resumed = sample(
                table,
                null,
                AuditSampler.Options.defaults()
                        .withBudget(AuditSampler.Budget.unlimited())
                        .resumingFrom(r.checkpoint()),
                rest);
        assertThat(resumed.stop()).isEqualTo(AuditSampler.Stop.COMPLETE);
        assertThat(resumed.checkpoint().itemsSampled()).isEqualTo(ITEMS);
        first.addAll(rest);
        first.assertEveryWrittenItemExactlyOnce();
    }

    /** The item cap is exact even when it cuts a page; the rest follows exactly once from the checkpoint. */
    @Test
    void theItemCapStopsExactlyAtTheCapAndResumeDeliversTheRestExactlyOnce() {
        Collected first = new Collected();
        AuditSampler.Result r = sample(
                table,
                null,
                AuditSampler.Options.defaults()
                        .withBudget(AuditSampler.Budget.unlimited())
                        .withItemCap(1_234),
                first);
        assertThat(r.stop()).as(r.summary()).isEqualTo(AuditSampler.Stop.ITEM_CAP);
        assertThat(r.summary()).contains("item cap");
        assertThat(r.items()).isEqualTo(1_234);
        assertThat(first.calls).isEqualTo(1_234);
        assertThat(r.checkpoint().segments()).anyMatch(s -> s.startKey() != null);

        // a second capped run from there, then the rest: three runs, every item once
        Collected second = new Collected();
        AuditSampler.Result r2 = sample(
                table,
                null,
                AuditSampler.Options.defaults()
                        .withBudget(AuditSampler.Budget.unlimited())
                        .withItemCap(5_000)
                        .resumingFrom(r.checkpoint()),
                second);
        assertThat(r2.stop()).isEqualTo(AuditSampler.Stop.ITEM_CAP);
        assertThat(second.calls).isEqualTo(5_000);
        Collected rest = new Collected();
        AuditSampler.Result r3 = sample(
                table,
                null,
                AuditSampler.Options.defaults()
                        .withBudget(AuditSampler.Budget.unlimited())
                        .resumingFrom(r2.checkpoint()),
                rest);
        assertThat(r3.stop()).isEqualTo(AuditSampler.Stop.COMPLETE);
        assertThat(r3.checkpoint().itemsSampled()).isEqualTo(ITEMS);
        first.addAll(second);
        first.addAll(rest);
        first.assertEveryWrittenItemExactlyOnce();

        // a finished checkpoint reads nothing more
        Collected none = new Collected();
        AuditSampler.Result again =
                sample(table, null, AuditSampler.Options.defaults().resumingFrom(r3.checkpoint()), none);
        assertThat(again.stop()).isEqualTo(AuditSampler.Stop.COMPLETE);
        assertThat(again.pages()).isZero();
        assertThat(none.calls).isZero();
    }

    /** Cancel stops within a fraction of a second, even while pages wait on the budget; nothing is lost or repeated. */
    @Test
    void cancelStopsPromptlyAndTheCheckpointHoldsExactlyWhatWasDelivered() throws Exception {
        AtomicBoolean cancel = new AtomicBoolean();
        AtomicLong cancelledAt = new AtomicLong();
        Thread canceller = new Thread(() -> {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                return;
            }
            cancelledAt.set(System.nanoTime());
            cancel.set(true);
        });
        Collected first = new Collected();
        canceller.start();
        AuditSampler.Result r = new AuditSampler(client)
                .sample(
                        table,
                        null,
                        AuditSampler.Options.defaults().withBudget(AuditSampler.Budget.of(50)),
                        first,
                        AuditSampler.Listener.NONE,
                        cancel::get);
        long stoppedMs = (System.nanoTime() - cancelledAt.get()) / 1_000_000;
        canceller.join();
        assertThat(r.stop()).isEqualTo(AuditSampler.Stop.CANCELLED);
        assertThat(stoppedMs).as("ms from cancel to return").isLessThan(300);
        assertThat(r.items()).isPositive().isLessThan(ITEMS);

        Collected rest = new Collected();
        sample(
                table,
                null,
                AuditSampler.Options.defaults()
                        .withBudget(AuditSampler.Budget.unlimited())
                        .resumingFrom(r.checkpoint()),
                rest);
        first.addAll(rest);
        first.assertEveryWrittenItemExactlyOnce();
    }

    /** A GSI is sampled by its own keys: a sparse status index holds the items with a status, each once. */
    @Test
    void aGsiIsSampledByItsOwnKeys() {
        String name = createTable(lab, "audit-gsi", "by-status", 0);
        Random random = new Random(7);
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < 3_000; i++) {
            Map<String, AttrValue> item = item(random, i);
            lab.engine().putUnmetered(name, item);
            if (item.containsKey("status")) {
                expected.put(
                        ((AttrValue.S) item.get("status")).value() + "|" + ((AttrValue.N) item.get("sk")).text(),
                        ItemSize.of(item));
            }
        }
        Collected got = new Collected();
        List<AuditSampler.Progress> progress = new ArrayList<>();
        AuditSampler.Result r = new AuditSampler(client)
                .sample(
                        name,
                        "by-status",
                        AuditSampler.Options.defaults().withItemCap(1_000),
                        got,
                        progress::add,
                        () -> false);
        assertThat(r.stop()).isEqualTo(AuditSampler.Stop.ITEM_CAP);
        assertThat(r.budget().basis()).isEqualTo("100 RCU/s (on-demand)");
        assertThat(r.checkpoint().index()).isEqualTo("by-status");
        // the page cut by the cap resumes from a key with the table's and the index's attributes
        assertThat(r.checkpoint().segments())
                .filteredOn(s -> s.startKey() != null)
                .allSatisfy(s -> assertThat(s.startKey()).containsOnlyKeys("pk", "sk", "status"));
        assertThat(progress).anySatisfy(p -> assertThat(p.estimatedItemCount()).isEqualTo(expected.size()));

        Collected rest = new Collected();
        AuditSampler.Result done = sample(
                name,
                "by-status",
                AuditSampler.Options.defaults()
                        .withBudget(AuditSampler.Budget.unlimited())
                        .resumingFrom(r.checkpoint()),
                rest);
        assertThat(done.stop()).isEqualTo(AuditSampler.Stop.COMPLETE);
        got.addAll(rest);
        assertThat(got.times.keySet()).isEqualTo(expected.keySet());
        assertThat(got.times.values()).containsOnly(1);
        assertThat(got.sizes).isEqualTo(expected);
        assertThat(got.times.keySet()).allMatch(k -> k.matches("(PENDING|SHIPPED|DONE|CANCELLED)\\|.*"));
        assertThat(meteredRead(name, "by-status")).isPositive();
        assertThat(meteredRead(name))
                .as("a GSI Scan consumes the index's capacity, not the table's")
                .isZero();

        // a checkpoint of the index cannot resume the table
        Throwable wrong = catchThrowable(() ->
                sample(name, null, AuditSampler.Options.defaults().resumingFrom(r.checkpoint()), new Collected()));
        assertThat(wrong).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("index by-status");
        Throwable missing =
                catchThrowable(() -> sample(name, "nope", AuditSampler.Options.defaults(), new Collected()));
        assertThat(missing).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no index nope");
    }

    /**
     * Real throttles: a Lab with its partition model on, a table provisioned with 10 RCU and no budget. Pages are
     * throttled with the Lab's reasons, backed off and retried until every item is read once; the throttles the
     * sampler counted are the ones the Lab's meter counted.
     */
    @Test
    void throttlingBacksOffIsCountedAndStillReadsEverything() throws Exception {
        try (Lab throttling = Lab.start(Lab.Options.defaults());
                DynamoDbClient c = LabFixture.newClient(throttling.endpoint().orElseThrow())) {
            String name = createTable(throttling, "audit-throttle", null, 10);
            Map<String, Long> expected = new HashMap<>();
            String pad = "y".repeat(1_000);
            for (int i = 0; i < 120; i++) {
                Map<String, AttrValue> item = new LinkedHashMap<>();
                item.put("pk", AttrValue.s("K" + i));
                item.put("sk", AttrValue.n(i));
                item.put("pad", AttrValue.s(pad));
                throttling.engine().putUnmetered(name, item);
                expected.put("K" + i + "|" + i, ItemSize.of(item));
            }
            Collected got = new Collected();
            AuditSampler.Result r = new AuditSampler(c)
                    .sample(
                            name,
                            null,
                            AuditSampler.Options.defaults().withBudget(AuditSampler.Budget.unlimited()),
                            got,
                            AuditSampler.Listener.NONE,
                            () -> false);

            assertThat(r.stop()).as(r.summary()).isEqualTo(AuditSampler.Stop.COMPLETE);
            assertThat(r.throttles()).as("throttled requests").isPositive();
            assertThat(r.retries()).isEqualTo(r.throttles());
            assertThat(r.throttleReasons()).contains("TableReadProvisionedThroughputExceeded");
            long metered = throttling.meter().recentSeconds(ResourceId.table(name)).stream()
                    .mapToLong(SecondStats::throttledRequests)
                    .sum();
            assertThat(r.throttles()).as("the sampler's count is the Lab's").isEqualTo(metered);
            assertThat(got.sizes).isEqualTo(expected);
            assertThat(got.times.values()).containsOnly(1);

            // the default budget is 5 % of the provisioned 10 RCU
            assertThat(AuditSampler.Budget.defaultFor(10).rcuPerSecond()).isEqualTo(0.5);
        }
    }

    /**
     * Through the {@link AuditSampler.ScanCall} seam: a 500 and a dropped connection are retried (counted as retries,
     * not throttles); a segment refused with a 400 fails alone, named, its key left where it was, while the other
     * segments are read to the end — and a later run from the checkpoint reads just that segment.
     */
    @Test
    void aFailingSegmentIsNamedWhileTheOthersFinishAndTransientErrorsAreRetried() {
        AtomicBoolean serverError = new AtomicBoolean(true);
        AtomicBoolean dropped = new AtomicBoolean(true);
        AuditSampler.ScanCall call = request -> {
            if (request.segment() == 5) {
                throw DynamoDbException.builder()
                        .statusCode(400)
                        .awsErrorDetails(AwsErrorDetails.builder()
                                .errorCode("ValidationException")
                                .errorMessage("refused for the test")
                                .build())
                        .build();
            }
            if (request.segment() == 2 && serverError.getAndSet(false)) {
                throw DynamoDbException.builder()
                        .statusCode(500)
                        .awsErrorDetails(AwsErrorDetails.builder()
                                .errorCode("InternalServerError")
                                .errorMessage("try again")
                                .build())
                        .build();
            }
            if (request.segment() == 3 && dropped.getAndSet(false)) {
                throw SdkClientException.create("Unable to execute HTTP request: Connection reset");
            }
            return client.scan(request);
        };
        Collected first = new Collected();
        AuditSampler.Result r = new AuditSampler(client, call, attempt -> 1, 3)
                .sample(
                        table,
                        null,
                        AuditSampler.Options.defaults().withBudget(AuditSampler.Budget.unlimited()),
                        first,
                        AuditSampler.Listener.NONE,
                        () -> false);

        assertThat(r.stop()).isEqualTo(AuditSampler.Stop.FAILED);
        assertThat(r.failedSegments()).containsExactly(5);
        assertThat(r.problems()).containsExactly("segment 5 failed: ValidationException: refused for the test");
        assertThat(r.summary()).contains("segments [5] failed");
        assertThat(r.retries()).isEqualTo(2);
        assertThat(r.throttles()).isZero();
        assertThat(r.checkpoint().segments())
                .allSatisfy(s -> assertThat(s.done()).isEqualTo(s.segment() != 5));
        assertThat(r.checkpoint().segments().get(5).startKey()).isNull();

        Collected rest = new Collected();
        AuditSampler.Result resumed = sample(
                table,
                null,
                AuditSampler.Options.defaults()
                        .withBudget(AuditSampler.Budget.unlimited())
                        .resumingFrom(r.checkpoint()),
                rest);
        assertThat(resumed.stop()).isEqualTo(AuditSampler.Stop.COMPLETE);
        first.addAll(rest);
        first.assertEveryWrittenItemExactlyOnce();
    }

    /** The caller's own failure is not swallowed: what the sink throws ends the run and comes out of sample(). */
    @Test
    void anExceptionFromTheSinkEndsTheRunAndIsRethrown() {
        IllegalStateException boom = new IllegalStateException("the consumer broke");
        AtomicLong seen = new AtomicLong();
        Throwable thrown = catchThrowable(() -> sample(
                table,
                null,
                AuditSampler.Options.defaults().withBudget(AuditSampler.Budget.unlimited()),
                (pk, sk, size) -> {
                    if (seen.incrementAndGet() == 100) {
                        throw boom;
                    }
                }));
        assertThat(thrown).isSameAs(boom);
        assertThat(seen.get()).isEqualTo(100);
    }

    /** Scan is a read: a read-only connection (the write guard in its SDK client) samples, and still cannot write. */
    @Test
    void aReadOnlyConnectionMaySample() {
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        try (Connection ro = new ConnectionFactory(none)
                .open(ConnectionSpec.custom("read-only", lab.endpoint().orElseThrow(), "us-east-1", "audit"))) {
            assertThat(ro.guard().isReadOnly()).isTrue();
            Collected got = new Collected();
            AuditSampler.Result r = new AuditSampler(ro.dynamo())
                    .sample(
                            table,
                            null,
                            AuditSampler.Options.defaults().withItemCap(500),
                            got,
                            AuditSampler.Listener.NONE,
                            () -> false);
            assertThat(r.stop()).isEqualTo(AuditSampler.Stop.ITEM_CAP);
            assertThat(got.calls).isEqualTo(500);
            Throwable put = catchThrowable(() -> ro.dynamo().putItem(b -> b.tableName(table)
                    .item(Map.of("pk", AttributeValue.fromS("x"), "sk", AttributeValue.fromN("1")))));
            assertThat(put).isInstanceOf(WriteBlockedException.class);
        }
    }

    private static double meteredRead(String name) {
        return meteredRead(name, null);
    }

    /** Read units the Lab metered on a table or GSI so far (minute aggregates: kept for a day, not 2 minutes). */
    private static double meteredRead(String name, String index) {
        ResourceId id = index == null ? ResourceId.table(name) : ResourceId.index(name, index);
        return lab.meter().minutes(id, 0, lab.clock().epochMillis() + 60_000).stream()
                .mapToDouble(m -> m.consumedRead().sum())
                .sum();
    }
}
