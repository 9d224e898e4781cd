package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.metrics.DataState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.SequenceNumberRange;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * {@link StreamHeatReader} against an in-memory DynamoDB Streams (a fake client: no network), where every service
 * behaviour can be set up exactly — a lineage of closed parents and open children, paging, throttles, expired and
 * trimmed iterators, access denied — and every call is observed: which shard it was for, and how many were in flight
 * on that shard at once. The Lab-backed {@code StreamHeatReaderTest} checks the same reader through the real SDK.
 */
class StreamHeatReaderFakeStreamTest {
    static final Instant T0 = Instant.parse("2026-06-22T01:00:00Z");
    static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/orders/stream/2026-06-22T00:00:00.000";

    /** A stream in memory: shards of records, iterators "shardId/position". */
    static final class FakeStreams implements DynamoDbStreamsClient {
        final Map<String, Shard> shards = new LinkedHashMap<>();
        final Map<String, List<Record>> records = new HashMap<>();
        final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
        final AtomicInteger maxInFlightOnOneShard = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final AtomicInteger inFlightAll = new AtomicInteger();
        final List<String> events = Collections.synchronizedList(new ArrayList<>()); // "start X", "drained X"
        final Map<String, Integer> throttleFirst = new ConcurrentHashMap<>(); // shard → GetRecords to throttle
        final Map<String, Integer> expireAt = new ConcurrentHashMap<>(); // shard → position whose iterator expires
        final Map<String, Integer> trimAt = new ConcurrentHashMap<>();
        final AtomicLong getRecords = new AtomicLong();
        final AtomicLong throttled = new AtomicLong();
        String viewType = "NEW_AND_OLD_IMAGES";
        int pageSize = 3;
        int describePageSize = 2;
        long delayMillis = 2;
        AwsServiceException denyGetRecords;

        void shard(String id, String parent, boolean closed) {
            shards.put(
                    id,
                    Shard.builder()
                            .shardId(id)
                            .parentShardId(parent)
                            .sequenceNumberRange(SequenceNumberRange.builder()
                                    .startingSequenceNumber("1")
                                    .endingSequenceNumber(closed ? "999999" : null)
                                    .build())
                            .build());
            records.put(id, new ArrayList<>());
        }

        private final AtomicLong sequence = new AtomicLong(100);

        /** A record of a key at T0 + seconds, with an item of about {@code bytes} (new image; old too if given). */
        void write(String shard, String key, double seconds, int newBytes, int oldBytes, OperationType op) {
            Map<String, AttributeValue> keys = Map.of("pk", AttributeValue.fromS(key));
            StreamRecord.Builder d = StreamRecord.builder()
                    .keys(keys)
                    .sequenceNumber(Long.toString(sequence.incrementAndGet()))
                    .approximateCreationDateTime(T0.plusMillis((long) (seconds * 1000)));
            if (!viewType.equals("KEYS_ONLY")) {
                if (newBytes > 0) {
                    d.newImage(item(key, newBytes));
                }
                if (oldBytes > 0) {
                    d.oldImage(item(key, oldBytes));
                }
            }
            records.get(shard)
                    .add(Record.builder().eventName(op).dynamodb(d.build()).build());
        }

        /** An item of exactly {@code bytes}: "pk" + key + "data" + padding (bytes must exceed 6 + key length). */
        static Map<String, AttributeValue> item(String key, int bytes) {
            int pad = bytes - 2 - key.length() - 4;
            return Map.of("pk", AttributeValue.fromS(key), "data", AttributeValue.fromS("x".repeat(pad)));
        }

        @Override
        public DescribeStreamResponse describeStream(DescribeStreamRequest r) {
            List<Shard> all = new ArrayList<>(shards.values());
            int from = 0;
            if (r.exclusiveStartShardId() != null) {
                for (int i = 0; i < all.size(); i++) {
                    if (all.get(i).shardId().equals(r.exclusiveStartShardId())) {
                        from = i + 1;
                    }
                }
            }
            int to = Math.min(all.size(), from + describePageSize);
            return DescribeStreamResponse.builder()
                    .streamDescription(StreamDescription.builder()
                            .streamArn(ARN)
                            .streamViewType(viewType)
                            .creationRequestDateTime(T0.minusSeconds(3600))
                            .shards(all.subList(from, to))
                            .lastEvaluatedShardId(
                                    to < all.size() ? all.get(to - 1).shardId() : null)
                            .build())
                    .build();
        }

        @Override
        public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest r) {
            List<Record> list = records.get(r.shardId());
            int position = 0;
            if (r.shardIteratorType() == ShardIteratorType.AFTER_SEQUENCE_NUMBER) {
                position = list.size();
                for (int i = 0; i < list.size(); i++) {
                    if (list.get(i).dynamodb().sequenceNumber().equals(r.sequenceNumber())) {
                        position = i + 1;
                    }
                }
            }
            events.add("start " + r.shardId());
            return GetShardIteratorResponse.builder()
                    .shardIterator(r.shardId() + "/" + position)
                    .build();
        }

        @Override
        public GetRecordsResponse getRecords(GetRecordsRequest r) {
            int slash = r.shardIterator().indexOf('/');
            String id = r.shardIterator().substring(0, slash);
            int position = Integer.parseInt(r.shardIterator().substring(slash + 1));
            AtomicInteger mine = inFlight.computeIfAbsent(id, k -> new AtomicInteger());
            int now = mine.incrementAndGet();
            maxInFlightOnOneShard.accumulateAndGet(now, Math::max);
            maxInFlight.accumulateAndGet(inFlightAll.incrementAndGet(), Math::max);
            try {
                Thread.sleep(delayMillis);
                getRecords.incrementAndGet();
                if (denyGetRecords != null) {
                    throw denyGetRecords;
                }
                Integer throttles = throttleFirst.get(id);
                if (throttles != null && throttles > 0) {
                    throttleFirst.put(id, throttles - 1);
                    throttled.incrementAndGet();
                    throw LimitExceededException.builder()
                            .message("Rate exceeded for shard " + id)
                            .statusCode(400)
                            .awsErrorDetails(AwsErrorDetails.builder()
                                    .errorCode("LimitExceededException")
                                    .build())
                            .build();
                }
                if (expireAt.remove(id + "@" + position) != null) {
                    throw ExpiredIteratorException.builder()
                            .message("Iterator expired")
                            .statusCode(400)
                            .build();
                }
                if (trimAt.remove(id + "@" + position) != null) {
                    throw TrimmedDataAccessException.builder()
                            .message("trimmed")
                            .statusCode(400)
                            .build();
                }
                List<Record> list = records.get(id);
                int to = Math.min(list.size(), position + pageSize);
                boolean closed = shards.get(id).sequenceNumberRange().endingSequenceNumber() != null;
                String next = closed && to >= list.size() ? null : id + "/" + to;
                if (next == null) {
                    events.add("drained " + id);
                }
                return GetRecordsResponse.builder()
                        .records(list.subList(position, to))
                        .nextShardIterator(next)
                        .build();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                mine.decrementAndGet();
                inFlightAll.decrementAndGet();
            }
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {}
    }

    /** DescribeTable of {@code orders} (key pk) with a GSI {@code byCustomer} (key customer). */
    static final class FakeDynamo implements DynamoDbClient {
        boolean streamOn = true;
        String viewType = "NEW_AND_OLD_IMAGES";

        @Override
        public DescribeTableResponse describeTable(DescribeTableRequest r) {
            TableDescription.Builder t = TableDescription.builder()
                    .tableName(r.tableName())
                    .keySchema(KeySchemaElement.builder()
                            .attributeName("pk")
                            .keyType(KeyType.HASH)
                            .build())
                    .globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder()
                            .indexName("byCustomer")
                            .keySchema(KeySchemaElement.builder()
                                    .attributeName("customer")
                                    .keyType(KeyType.HASH)
                                    .build())
                            .build());
            if (streamOn) {
                t.latestStreamArn(ARN)
                        .streamSpecification(StreamSpecification.builder()
                                .streamEnabled(true)
                                .streamViewType(StreamViewType.fromValue(viewType))
                                .build());
            }
            return DescribeTableResponse.builder().table(t.build()).build();
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {}
    }

    final FakeStreams streams = new FakeStreams();
    final FakeDynamo dynamo = new FakeDynamo();

    Connection connection(ConnectionSpec spec) {
        return new Connection(
                spec,
                "us-east-1",
                dynamo,
                CloudWatchClient.builder()
                        .region(software.amazon.awssdk.regions.Region.US_EAST_1)
                        .build(),
                streams,
                null,
                WriteGuard.forSpec(spec),
                new EndpointClock());
    }

    StreamHeatReader reader() {
        return new StreamHeatReader(
                connection(ConnectionSpec.custom("fake", "http://127.0.0.1:1", "us-east-1", "test")),
                4,
                0,
                new RetryPolicy(RetryPolicy.Backoff.exponential(1, 20), 10, true));
    }

    static StreamHeatReader.Request window(int seconds, int resolution) {
        return new StreamHeatReader.Request("orders", null, T0, T0.plusSeconds(seconds), resolution);
    }

    /**
     * A lineage: A (closed) → B (closed) → D (open), A → C (open); E (open) on its own. Key HOT on every shard,
     * 1.5 KB items (2 units), a MODIFY from 3 KB down to 500 B (3 units), a REMOVE with a 1,500-byte old image (2).
     */
    void lineage() {
        streams.shard("A", null, true);
        streams.shard("B", "A", true);
        streams.shard("C", "A", false);
        streams.shard("D", "B", false);
        streams.shard("E", null, false);
        double t = 1;
        for (String s : List.of("A", "B", "C", "D", "E")) {
            for (int i = 0; i < 7; i++) {
                streams.write(s, "HOT", t++, 1500, 0, OperationType.INSERT);
            }
            streams.write(s, "cold-" + s, t++, 100, 0, OperationType.INSERT);
        }
        streams.write("D", "mod", 50, 500, 3000, OperationType.MODIFY);
        streams.write("D", "gone", 51, 0, 1500, OperationType.REMOVE);
    }

    @Test
    void heatEqualsWhatWasWrittenAcrossALineageReadParentFirstOneCallPerShardAtATime() {
        lineage();
        List<int[]> progress = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger announced = new AtomicInteger();
        StreamHeatReader.Result r = reader().read(window(600, 1), () -> false, new StreamHeatReader.Listener() {
            @Override
            public void shards(int total) {
                announced.set(total);
            }

            @Override
            public void progress(int shardsDone, int shardsTotal, long records, long calls) {
                progress.add(new int[] {shardsDone, shardsTotal});
            }
        });

        assertThat(r.status().state()).as(r.status().message()).isEqualTo(DataState.DATA);
        assertThat(r.streamArn()).isEqualTo(ARN);
        assertThat(r.viewType()).isEqualTo("NEW_AND_OLD_IMAGES");
        assertThat(r.shards()).isEqualTo(5);
        assertThat(r.openShards()).isEqualTo(3);
        assertThat(announced.get()).isEqualTo(5);
        assertThat(r.records()).isEqualTo(42);
        assertThat(r.cancelled()).isFalse();
        assertThat(r.keys().get(0)).isEqualTo(new StreamKeyTotal("HOT", 35, 70, 2));
        assertThat(r.keys())
                .contains(
                        new StreamKeyTotal("mod", 1, 3, 3),
                        new StreamKeyTotal("gone", 1, 2, 2),
                        new StreamKeyTotal("cold-A", 1, 1, 1));
        assertThat(r.keys()).hasSize(8);
        assertThat(r.writeUnits().total()).isEqualTo(70 + 3 + 2 + 5);
        assertThat(r.writes().total()).isEqualTo(42);
        assertThat(r.heat()).isSameAs(r.writeUnits());
        assertThat(progress).isNotEmpty();
        assertThat(progress.get(progress.size() - 1)).containsExactly(5, 5);

        assertThat(streams.maxInFlightOnOneShard.get()).isEqualTo(1);
        List<String> events = new ArrayList<>(streams.events);
        assertThat(events.indexOf("drained A")).isLessThan(events.indexOf("start B"));
        assertThat(events.indexOf("drained A")).isLessThan(events.indexOf("start C"));
        assertThat(events.indexOf("drained B")).isLessThan(events.indexOf("start D"));
    }

    @Test
    void shardsAreReadInParallel() {
        for (int s = 0; s < 4; s++) {
            streams.shard("S" + s, null, true);
            for (int i = 0; i < 30; i++) {
                streams.write("S" + s, "k" + s, i, 100, 0, OperationType.INSERT);
            }
        }
        streams.delayMillis = 20;
        StreamHeatReader.Result r = reader().read(window(600, 60), () -> false, new StreamHeatReader.Listener() {});
        assertThat(r.records()).isEqualTo(120);
        assertThat(streams.maxInFlight.get()).as("shards read at once").isGreaterThan(1);
        assertThat(streams.maxInFlightOnOneShard.get()).isEqualTo(1);
    }

    @Test
    void aBurstLandsInItsSecondsAndRecordsOutsideTheWindowAreSkipped() {
        streams.shard("A", null, true);
        streams.write("A", "early", -5, 100, 0, OperationType.INSERT); // before the window
        for (int i = 0; i < 10; i++) {
            streams.write("A", "burst", 42.1 + i * 0.05, 100, 0, OperationType.INSERT);
        }
        streams.write("A", "burst", 43.5, 2000, 0, OperationType.INSERT);
        streams.write("A", "late", 60, 100, 0, OperationType.INSERT); // at the window's end: outside
        StreamHeatReader.Result r = reader().read(window(60, 1), () -> false, new StreamHeatReader.Listener() {});

        assertThat(r.records()).isEqualTo(11);
        assertThat(r.keys()).extracting(StreamKeyTotal::partitionKey).containsExactly("burst");
        KeyTimeMatrix m = r.writeUnits();
        int row = m.indexOf(RowKey.of("orders", null, "burst"));
        assertThat(m.value(row, 42)).isEqualTo(10);
        assertThat(m.value(row, 43)).isEqualTo(2);
        assertThat(m.nonEmptyCells()).isEqualTo(2);
        assertThat(r.keys().get(0).peakWriteUnitsPerSecond()).isEqualTo(10);
    }

    @Test
    void anOpenShardStopsAtAnEmptyPageAndAShardPastTheEndSkipsItsChildren() {
        streams.shard("A", null, true);
        streams.shard("B", "A", false);
        streams.pageSize = 2;
        for (int i = 0; i < 6; i++) {
            streams.write("A", "k", i * 20, 100, 0, OperationType.INSERT); // 0 … 100 s
        }
        streams.write("B", "k", 200, 100, 0, OperationType.INSERT);
        StreamHeatReader.Result r = reader().read(window(30, 1), () -> false, new StreamHeatReader.Listener() {});
        assertThat(r.records()).isEqualTo(2);
        assertThat(streams.events).doesNotContain("start B");
        assertThat(streams.getRecords.get())
                .as("pages [0 s, 20 s] and [40 s, 60 s], then past the end: stop")
                .isEqualTo(2);
    }

    @Test
    void limitExceededIsRetriedWithBackoffAndNothingIsLost() {
        lineage();
        streams.throttleFirst.put("A", 3);
        streams.throttleFirst.put("D", 2);
        StreamHeatReader.Result r = reader().read(window(600, 60), () -> false, new StreamHeatReader.Listener() {});
        assertThat(r.status().state()).as(r.status().message()).isEqualTo(DataState.DATA);
        assertThat(streams.throttled.get()).isEqualTo(5);
        assertThat(r.records()).isEqualTo(42);
        assertThat(r.keys().get(0).writes()).isEqualTo(35);
    }

    @Test
    void throttledForeverFailsWithWhatToDo() {
        lineage();
        streams.throttleFirst.put("A", 1000);
        StreamHeatReader.Result r = reader().read(window(600, 60), () -> false, new StreamHeatReader.Listener() {});
        assertThat(r.status().state()).isEqualTo(DataState.FAILED);
        assertThat(r.status().detail()).contains("LimitExceededException").contains("try again");
    }

    @Test
    void anExpiredIteratorResumesAfterTheLastRecordAndATrimmedOneFromTrimHorizonWithoutCountingTwice() {
        lineage();
        streams.expireAt.put("A@3", 1); // after the first page of A
        streams.trimAt.put("B@6", 1); // B's third page
        StreamHeatReader.Result r = reader().read(window(600, 60), () -> false, new StreamHeatReader.Listener() {});
        assertThat(r.status().state()).as(r.status().message()).isEqualTo(DataState.DATA);
        assertThat(streams.expireAt).isEmpty();
        assertThat(streams.trimAt).isEmpty();
        assertThat(r.records()).isEqualTo(42);
        assertThat(r.keys().get(0)).isEqualTo(new StreamKeyTotal("HOT", 35, 70, 2));
    }

    @Test
    void cancelReturnsWhatWasReadFlaggedCancelled() {
        lineage();
        streams.pageSize = 1;
        StreamHeatReader.Result r =
                reader().read(window(600, 1), () -> streams.getRecords.get() >= 5, new StreamHeatReader.Listener() {});
        assertThat(r.cancelled()).isTrue();
        assertThat(r.status().state()).isEqualTo(DataState.PARTIAL);
        assertThat(r.records()).isBetween(1L, 41L);
        assertThat(r.writes().total()).isEqualTo((double) r.records());
    }

    @Test
    void keysOnlyGivesWritesOnly() {
        streams.viewType = "KEYS_ONLY";
        dynamo.viewType = "KEYS_ONLY";
        lineage();
        StreamHeatReader.Result r = reader().read(window(600, 60), () -> false, new StreamHeatReader.Listener() {});
        assertThat(r.keysOnly()).isTrue();
        assertThat(r.writeUnits()).isNull();
        assertThat(r.heat()).isSameAs(r.writes());
        StreamKeyTotal hot = r.keys().get(0);
        assertThat(hot.writes()).isEqualTo(35);
        assertThat(hot.writeUnits()).isNaN();
        assertThat(hot.peakWriteUnitsPerSecond()).isNaN();
    }

    @Test
    void keysOnlyCannotBeReadForAGsi() {
        streams.viewType = "KEYS_ONLY";
        lineage();
        StreamHeatReader.Result r = reader().read(
                        new StreamHeatReader.Request("orders", "byCustomer", T0, T0.plusSeconds(600), 60),
                        () -> false,
                        new StreamHeatReader.Listener() {});
        assertThat(r.status().state()).isEqualTo(DataState.FAILED);
        assertThat(r.status().detail()).contains("a KEYS_ONLY stream has no images to find index keys in");
        assertThat(streams.getRecords.get()).isZero();
    }

    @Test
    void aGsiIsKeyedByTheImagesIndexKey() {
        streams.shard("A", null, false);
        Map<String, AttributeValue> item = new HashMap<>(FakeStreams.item("o1", 1500));
        item.put("customer", AttributeValue.fromS("alice"));
        streams.records
                .get("A")
                .add(Record.builder()
                        .eventName(OperationType.INSERT)
                        .dynamodb(StreamRecord.builder()
                                .keys(Map.of("pk", AttributeValue.fromS("o1")))
                                .newImage(item)
                                .sequenceNumber("1")
                                .approximateCreationDateTime(T0.plusSeconds(3))
                                .build())
                        .build());
        streams.write("A", "o2", 4, 100, 0, OperationType.INSERT); // no customer: not in the index
        StreamHeatReader.Result r = reader().read(
                        new StreamHeatReader.Request("orders", "byCustomer", T0, T0.plusSeconds(600), 60),
                        () -> false,
                        new StreamHeatReader.Listener() {});
        assertThat(r.keys()).containsExactly(new StreamKeyTotal("alice", 1, 2, 2));
        assertThat(r.writes().row(0).index()).isEqualTo("byCustomer");
    }

    @Test
    void noStreamIsNotEnabled() {
        dynamo.streamOn = false;
        StreamHeatReader.Result r = reader().read(window(600, 60), () -> false, new StreamHeatReader.Listener() {});
        assertThat(r.status().state()).isEqualTo(DataState.NOT_ENABLED);
        assertThat(r.status().detail()).isEqualTo("Streams are off on this table");
        assertThat(r.streamArn()).isNull();
        assertThat(reader().shape("orders")).isEmpty();
    }

    @Test
    void accessDeniedNamesThePermission() {
        lineage();
        streams.denyGetRecords = AwsServiceException.builder()
                .message("denied")
                .statusCode(400)
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode("AccessDeniedException")
                        .errorMessage("User: arn:aws:iam::1:user/x is not authorized to perform: dynamodb:GetRecords"
                                + " on resource: " + ARN)
                        .build())
                .build();
        StreamHeatReader.Result r = reader().read(window(600, 60), () -> false, new StreamHeatReader.Listener() {});
        assertThat(r.status().state()).isEqualTo(DataState.ACCESS_DENIED);
        assertThat(r.status().permission()).isEqualTo("dynamodb:GetRecords");
    }

    @Test
    void shapeCountsShardsAcrossDescribeStreamPages() {
        lineage();
        assertThat(reader().shape("orders"))
                .contains(new StreamHeatReader.StreamShape(ARN, "NEW_AND_OLD_IMAGES", 5, 3));
    }

    @Test
    void onAwsEachShardIsPacedToTwoCallsASecond() {
        streams.shard("A", null, true);
        streams.pageSize = 1;
        for (int i = 0; i < 3; i++) {
            streams.write("A", "k", i, 100, 0, OperationType.INSERT);
        }
        StreamHeatReader aws = new StreamHeatReader(connection(ConnectionSpec.aws("aws", null, "us-east-1")));
        long t0 = System.nanoTime();
        StreamHeatReader.Result r = aws.read(window(600, 60), () -> false, new StreamHeatReader.Listener() {});
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(r.records()).isEqualTo(3);
        assertThat(r.calls()).isEqualTo(3);
        assertThat(millis).as("3 calls on one shard at 2 a second").isGreaterThanOrEqualTo(1000);
    }

    @Test
    void sequenceNumbersCompareAsNumbers() {
        assertThat(StreamHeatReader.compareSequence("900", "1000")).isNegative();
        assertThat(StreamHeatReader.compareSequence("0001000", "1000")).isZero();
        assertThat(StreamHeatReader.compareSequence("21", "12")).isPositive();
    }
}
