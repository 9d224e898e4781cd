package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.DynamoJson;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.wire.LabException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * {@link StreamHeatReader} against the Lab's DynamoDB Streams on 127.0.0.1, through the real SDK, on a simulated
 * clock. Writes go into the Lab's engine with items of known sizes, and every admitted write is tallied here per key
 * (writes, write units, units per second); the reader must give back exactly that. A hot key splits its partition
 * (a closed parent shard with children) and four simulated hours later the open shards roll over (closed parents with
 * one child each), so the lineage has closed parents, children and grandchildren. The streams client is wrapped to
 * count GetRecords in flight per shard (by the shard each iterator was asked for).
 *
 * <p>Skipped (not failed) while the Lab does not serve DynamoDB Streams.
 */
class StreamHeatReaderTest {
    static final Instant T0 = Instant.parse("2026-06-22T01:00:00Z");
    static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    static SimulatedClock clock;
    static Lab lab;
    static Connection connection;
    static CountingStreams counting;
    static Tally main = new Tally();
    static boolean servesStreams;

    /** What was admitted, per partition key. */
    static final class Tally {
        final Map<String, Long> writes = new TreeMap<>();
        final Map<String, Long> units = new TreeMap<>();
        final Map<String, Map<Long, Long>> perSecond = new HashMap<>();
        final Map<String, Long> sizes = new HashMap<>(); // pk#sk → size of the stored item

        void add(String pk, String sk, long size) {
            Long old = sizes.put(pk + "#" + sk, size);
            long u = (long) Capacity.writeUnits(Math.max(size, old == null ? 0 : old));
            writes.merge(pk, 1L, Long::sum);
            units.merge(pk, u, Long::sum);
            perSecond.computeIfAbsent(pk, k -> new HashMap<>()).merge(clock.epochMillis() / 1000, u, Long::sum);
        }

        void remove(String pk, String sk) {
            Long old = sizes.remove(pk + "#" + sk);
            long u = (long) Capacity.writeUnits(old == null ? 0 : old);
            writes.merge(pk, 1L, Long::sum);
            units.merge(pk, u, Long::sum);
            perSecond.computeIfAbsent(pk, k -> new HashMap<>()).merge(clock.epochMillis() / 1000, u, Long::sum);
        }

        List<StreamKeyTotal> expected() {
            List<StreamKeyTotal> out = new ArrayList<>();
            writes.forEach((k, w) -> out.add(new StreamKeyTotal(
                    k,
                    w,
                    units.get(k),
                    perSecond.get(k).values().stream()
                            .mapToLong(Long::longValue)
                            .max()
                            .orElse(0))));
            out.sort(dev.partitionscope.core.heat.StreamHeat.KEY_ORDER);
            return out;
        }
    }

    /** A DynamoDB Streams client that counts GetRecords in flight per shard. */
    static final class CountingStreams implements DynamoDbStreamsClient {
        final DynamoDbStreamsClient real;
        final Map<String, String> shardOfIterator = new ConcurrentHashMap<>();
        final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
        final AtomicInteger maxOnOneShard = new AtomicInteger();
        final AtomicLong getRecords = new AtomicLong();
        final Set<String> shardsRead = ConcurrentHashMap.newKeySet();

        CountingStreams(DynamoDbStreamsClient real) {
            this.real = real;
        }

        @Override
        public DescribeStreamResponse describeStream(DescribeStreamRequest r) {
            return real.describeStream(r);
        }

        @Override
        public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest r) {
            GetShardIteratorResponse response = real.getShardIterator(r);
            shardOfIterator.put(response.shardIterator(), r.shardId());
            return response;
        }

        @Override
        public GetRecordsResponse getRecords(GetRecordsRequest r) {
            String shard = shardOfIterator.getOrDefault(r.shardIterator(), "?");
            shardsRead.add(shard);
            AtomicInteger n = inFlight.computeIfAbsent(shard, k -> new AtomicInteger());
            maxOnOneShard.accumulateAndGet(n.incrementAndGet(), Math::max);
            try {
                getRecords.incrementAndGet();
                GetRecordsResponse response = real.getRecords(r);
                if (response.nextShardIterator() != null) {
                    shardOfIterator.put(response.nextShardIterator(), shard);
                }
                return response;
            } finally {
                n.decrementAndGet();
            }
        }

        @Override
        public String serviceName() {
            return real.serviceName();
        }

        @Override
        public void close() {
            real.close();
        }
    }

    @BeforeAll
    static void start() throws Exception {
        clock = new SimulatedClock(T0);
        lab = Lab.start(Lab.Options.defaults().withClock(clock));
        URI endpoint = URI.create(lab.endpoint().orElseThrow());
        var creds = StaticCredentialsProvider.create(AwsBasicCredentials.create("heat", "heat"));
        EndpointClock endpointClock = new EndpointClock();
        DynamoDbClient db = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(creds)
                .overrideConfiguration(o -> o.addExecutionInterceptor(endpointClock))
                .build();
        DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(creds)
                .overrideConfiguration(o -> o.addExecutionInterceptor(endpointClock))
                .build();
        counting = new CountingStreams(streams);
        ConnectionSpec spec = ConnectionSpec.custom("heat", endpoint.toString(), "us-east-1", "heat");
        connection = new Connection(
                spec,
                "us-east-1",
                db,
                CloudWatchClient.builder()
                        .endpointOverride(endpoint)
                        .region(Region.US_EAST_1)
                        .credentialsProvider(creds)
                        .build(),
                counting,
                null,
                WriteGuard.forSpec(spec),
                endpointClock);
        try {
            streams.listStreams(b -> b.limit(1));
            servesStreams = true;
        } catch (RuntimeException notYet) {
            servesStreams = false;
            return;
        }
        create("heat", "NEW_AND_OLD_IMAGES");
        create("keysonly", "KEYS_ONLY");
        create("nostream", null);
        create("burst", "NEW_AND_OLD_IMAGES");
        playMain();
    }

    @AfterAll
    static void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    static void create(String table, String view) {
        ObjectNode r = JSON.objectNode();
        r.put("TableName", table);
        r.put("BillingMode", "PAY_PER_REQUEST");
        r.putArray("AttributeDefinitions")
                .add(JSON.objectNode().put("AttributeName", "pk").put("AttributeType", "S"))
                .add(JSON.objectNode().put("AttributeName", "sk").put("AttributeType", "N"));
        r.putArray("KeySchema")
                .add(JSON.objectNode().put("AttributeName", "pk").put("KeyType", "HASH"))
                .add(JSON.objectNode().put("AttributeName", "sk").put("KeyType", "RANGE"));
        if (view != null) {
            r.putObject("StreamSpecification").put("StreamEnabled", true).put("StreamViewType", view);
        }
        lab.engine().handle("CreateTable", r);
    }

    static Map<String, AttrValue> item(String pk, long sk, int padding) {
        Map<String, AttrValue> m = new LinkedHashMap<>();
        m.put("pk", AttrValue.s(pk));
        m.put("sk", AttrValue.N.of(sk));
        if (padding > 0) {
            m.put("data", AttrValue.s("x".repeat(padding)));
        }
        return m;
    }

    /** PutItem in the engine; true when admitted (tallied), false when throttled. */
    static boolean put(String table, Tally tally, String pk, long sk, int padding) {
        Map<String, AttrValue> item = item(pk, sk, padding);
        ObjectNode r = JSON.objectNode();
        r.put("TableName", table);
        r.set("Item", DynamoJson.values(item));
        try {
            lab.engine().handle("PutItem", r);
        } catch (LabException throttled) {
            if (throttled.reasons().isEmpty()) {
                throw throttled;
            }
            return false;
        }
        if (tally != null) {
            tally.add(pk, Long.toString(sk), ItemSize.of(item));
        }
        return true;
    }

    static void delete(String table, Tally tally, String pk, long sk) {
        ObjectNode r = JSON.objectNode();
        r.put("TableName", table);
        r.set("Key", DynamoJson.values(Map.of("pk", AttrValue.s(pk), "sk", AttrValue.N.of(sk))));
        lab.engine().handle("DeleteItem", r);
        tally.remove(pk, Long.toString(sk));
    }

    /**
     * T0 + 10 s: ten keys with items of 1–3 KB; a MODIFY shrinking 3 KB to 500 B; a REMOVE of 1.5 KB. Then a hot key
     * until its partition splits; four hours later writes on every key again (the open shards roll over).
     */
    static void playMain() {
        clock.advanceSeconds(10);
        for (int k = 0; k < 10; k++) {
            for (int i = 0; i <= k; i++) {
                assertThat(put("heat", main, "k" + k, i, 500 + 1000 * (k % 3))).isTrue();
            }
        }
        put("heat", main, "mod", 1, 3000);
        clock.advanceSeconds(1);
        put("heat", main, "mod", 1, 500);
        put("heat", main, "gone", 1, 1500);
        clock.advanceSeconds(1);
        delete("heat", main, "gone", 1);
        int before = lab.snapshot("heat").orElseThrow().table().partitions().size();
        long sk = 0;
        for (int second = 0;
                second < 120
                        && lab.snapshot("heat")
                                        .orElseThrow()
                                        .table()
                                        .partitions()
                                        .size()
                                == before;
                second++) {
            clock.advanceSeconds(1);
            for (int i = 0; i < 1_100; i++) {
                put("heat", main, "HOT", sk++, 0);
            }
        }
        clock.advance(Duration.ofHours(4).plusMinutes(11));
        for (int k = 0; k < 10; k++) {
            put("heat", main, "k" + k, 100 + k, 2000);
        }
        put("heat", main, "HOT", -1, 0);
        clock.advance(Duration.ofMinutes(5));
    }

    static StreamHeatReader reader() {
        return new StreamHeatReader(connection);
    }

    static StreamHeatReader.Result read(String table, Instant start, Instant end, int resolution) {
        return reader().read(
                        new StreamHeatReader.Request(table, null, start, end, resolution),
                        () -> false,
                        new StreamHeatReader.Listener() {});
    }

    @Test
    void theHeatIsWhatWasWrittenKeyForKeyAcrossClosedParentsAndTheirChildren() {
        Assumptions.assumeTrue(servesStreams, "the Lab does not serve DynamoDB Streams yet");
        counting.maxOnOneShard.set(0);
        StreamHeatReader.Result r = read("heat", T0, T0.plusSeconds(6 * 3600), 60);

        assertThat(r.status().state()).as(r.status().message()).isEqualTo(DataState.DATA);
        assertThat(r.viewType()).isEqualTo("NEW_AND_OLD_IMAGES");
        List<StreamKeyTotal> expected = main.expected();
        assertThat(r.keys()).containsExactlyElementsOf(expected);
        assertThat(r.records())
                .isEqualTo(
                        main.writes.values().stream().mapToLong(Long::longValue).sum());
        assertThat(r.writeUnits().total())
                .isEqualTo(
                        (double) main.units.values().stream()
                                        .mapToLong(Long::longValue)
                                        .sum()
                                / 60,
                        org.assertj.core.data.Offset.offset(1e-3));

        List<Shard> shards = connection
                .streams()
                .describeStream(b -> b.streamArn(r.streamArn()))
                .streamDescription()
                .shards();
        Set<String> ids = shards.stream().map(Shard::shardId).collect(Collectors.toSet());
        assertThat(r.shards()).isEqualTo(shards.size());
        assertThat(r.openShards()).isLessThan(r.shards());
        assertThat(shards).anySatisfy(s -> assertThat(ids).contains(s.parentShardId()));
        assertThat(counting.maxOnOneShard.get())
                .as("GetRecords in flight on one shard")
                .isEqualTo(1);
        assertThat(reader().shape("heat"))
                .contains(new StreamHeatReader.StreamShape(
                        r.streamArn(), "NEW_AND_OLD_IMAGES", r.shards(), r.openShards()));
    }

    @Test
    void recordsOutsideTheWindowAreSkipped() {
        Assumptions.assumeTrue(servesStreams, "the Lab does not serve DynamoDB Streams yet");
        // [T0 + 13 s, T0 + 1 h): only the hot key (the others were written at T0 + 10 … 12 s and after 4 h)
        StreamHeatReader.Result r = read("heat", T0.plusSeconds(13), T0.plusSeconds(3600), 60);
        assertThat(r.keys()).extracting(StreamKeyTotal::partitionKey).containsExactly("HOT");
        long hotLater = main.perSecond.get("HOT").entrySet().stream()
                .filter(e -> e.getKey() >= T0.getEpochSecond() + 13 && e.getKey() < T0.getEpochSecond() + 3600)
                .mapToLong(Map.Entry::getValue)
                .sum();
        assertThat(r.keys().get(0).writes()).isEqualTo(hotLater);
    }

    @Test
    void oneSecondResolutionPutsABurstInItsSeconds() {
        Assumptions.assumeTrue(servesStreams, "the Lab does not serve DynamoDB Streams yet");
        Instant start = Instant.ofEpochMilli(clock.epochMillis()).plusSeconds(1);
        clock.advanceTo(start.toEpochMilli() + 7_000);
        for (int i = 0; i < 20; i++) {
            put("burst", null, "B", i, 1500); // 2 units each
        }
        clock.advanceSeconds(1);
        for (int i = 0; i < 5; i++) {
            put("burst", null, "B", 100 + i, 0);
        }
        clock.advanceSeconds(60);
        StreamHeatReader.Result r = read("burst", start, start.plusSeconds(60), 1);
        KeyTimeMatrix m = r.writeUnits();
        int row = m.indexOf(RowKey.of("burst", null, "B"));
        assertThat(m.value(row, 7)).isEqualTo(40);
        assertThat(m.value(row, 8)).isEqualTo(5);
        assertThat(m.nonEmptyCells()).isEqualTo(2);
        assertThat(r.writes().value(r.writes().indexOf(RowKey.of("burst", null, "B")), 7))
                .isEqualTo(20);
        assertThat(r.keys()).containsExactly(new StreamKeyTotal("B", 25, 45, 40));
    }

    @Test
    void cancelGivesWhatWasReadSoFar() {
        Assumptions.assumeTrue(servesStreams, "the Lab does not serve DynamoDB Streams yet");
        long from = counting.getRecords.get();
        StreamHeatReader.Result r = reader().read(
                        new StreamHeatReader.Request("heat", null, T0, T0.plusSeconds(6 * 3600), 60),
                        () -> counting.getRecords.get() - from >= 2,
                        new StreamHeatReader.Listener() {});
        assertThat(r.cancelled()).isTrue();
        assertThat(r.status().state()).isEqualTo(DataState.PARTIAL);
        long all = main.writes.values().stream().mapToLong(Long::longValue).sum();
        assertThat(r.records()).isLessThan(all);
    }

    @Test
    void keysOnlyGivesWritesOnly() {
        Assumptions.assumeTrue(servesStreams, "the Lab does not serve DynamoDB Streams yet");
        Instant start = Instant.ofEpochMilli(clock.epochMillis());
        clock.advanceSeconds(1);
        for (int i = 0; i < 3; i++) {
            put("keysonly", null, "a", i, 2000);
        }
        put("keysonly", null, "b", 1, 10);
        clock.advanceSeconds(1);
        StreamHeatReader.Result r = read("keysonly", start, start.plusSeconds(60), 1);
        assertThat(r.keysOnly()).isTrue();
        assertThat(r.writeUnits()).isNull();
        assertThat(r.keys())
                .extracting(StreamKeyTotal::partitionKey, StreamKeyTotal::writes)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("a", 3L), org.assertj.core.groups.Tuple.tuple("b", 1L));
        assertThat(r.keys().get(0).writeUnits()).isNaN();
        assertThat(r.heat().unit()).isEqualTo(dev.partitionscope.core.heat.MatrixUnit.WRITES_PER_SECOND);
    }

    @Test
    void noStreamIsNotEnabled() {
        Assumptions.assumeTrue(servesStreams, "the Lab does not serve DynamoDB Streams yet");
        StreamHeatReader.Result r = read("nostream", T0, T0.plusSeconds(3600), 60);
        assertThat(r.status().state()).isEqualTo(DataState.NOT_ENABLED);
        assertThat(r.status().detail()).isEqualTo("Streams are off on this table");
        assertThat(reader().shape("nostream")).isEmpty();
    }
}
