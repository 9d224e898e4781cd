package dev.partitionscope.lab.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.partition.ModelParams;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The Lab's DynamoDB Streams through the real SDK clients over HTTP: every operation and its errors, each view type's
 * records, what is not recorded, iterator semantics and expiry, retention, rollover and splits on the Lab's
 * simulated clock, and the two-readers-per-shard limit.
 */
class StreamsSdkTest {
    private static final Instant START = Instant.parse("2026-12-01T23:47:29.123Z");
    private final SimulatedClock clock = new SimulatedClock(START);
    private Lab lab;
    private DynamoDbClient db;
    private DynamoDbStreamsClient streams;

    private void start(Lab.Options options) throws Exception {
        lab = Lab.start(options.withClock(clock));
        URI endpoint = URI.create(lab.endpoint().orElseThrow());
        var creds = StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab"));
        db = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(creds)
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
        streams = DynamoDbStreamsClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(creds)
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    /** One shard per table (no partition model): the record tests read "the" shard. */
    private void startUnthrottled() throws Exception {
        start(Lab.Options.defaults().withThrottling(false));
    }

    @AfterEach
    void stop() {
        if (lab != null) {
            db.close();
            streams.close();
            lab.close();
        }
    }

    private String table(String name, StreamViewType view) {
        db.createTable(b -> {
            b.tableName(name)
                    .attributeDefinitions(
                            AttributeDefinition.builder()
                                    .attributeName("pk")
                                    .attributeType(ScalarAttributeType.S)
                                    .build(),
                            AttributeDefinition.builder()
                                    .attributeName("sk")
                                    .attributeType(ScalarAttributeType.N)
                                    .build())
                    .keySchema(
                            KeySchemaElement.builder()
                                    .attributeName("pk")
                                    .keyType(KeyType.HASH)
                                    .build(),
                            KeySchemaElement.builder()
                                    .attributeName("sk")
                                    .keyType(KeyType.RANGE)
                                    .build())
                    .billingMode(BillingMode.PAY_PER_REQUEST);
            if (view != null) {
                b.streamSpecification(s -> s.streamEnabled(true).streamViewType(view));
            }
        });
        return db.describeTable(b -> b.tableName(name)).table().latestStreamArn();
    }

    private static Map<String, AttributeValue> item(String pk, int sk, Object... more) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put("pk", AttributeValue.fromS(pk));
        m.put("sk", AttributeValue.fromN(Integer.toString(sk)));
        for (int i = 0; i < more.length; i += 2) {
            m.put((String) more[i], AttributeValue.fromS((String) more[i + 1]));
        }
        return m;
    }

    private static Map<String, AttributeValue> key(String pk, int sk) {
        return item(pk, sk);
    }

    private void put(String table, Map<String, AttributeValue> item) {
        db.putItem(b -> b.tableName(table).item(item));
    }

    private List<Shard> shards(String arn) {
        return streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards();
    }

    private String iterator(String arn, String shard, ShardIteratorType type, String seq) {
        return streams.getShardIterator(b ->
                        b.streamArn(arn).shardId(shard).shardIteratorType(type).sequenceNumber(seq))
                .shardIterator();
    }

    /** Every record of a shard from TRIM_HORIZON until an empty page (or the end of a closed shard). */
    private List<Record> drain(String arn, String shard) {
        List<Record> out = new ArrayList<>();
        String it = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
        while (it != null) {
            String current = it;
            GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(current));
            out.addAll(r.records());
            if (r.records().isEmpty()) {
                break;
            }
            it = r.nextShardIterator();
        }
        return out;
    }

    /** Every record of the stream, all shards, in sequence-number order. */
    private List<Record> records(String arn) {
        List<Record> all = new ArrayList<>();
        for (Shard s : shards(arn)) {
            all.addAll(drain(arn, s.shardId()));
        }
        all.sort(Comparator.comparing(r -> new java.math.BigInteger(r.dynamodb().sequenceNumber())));
        return all;
    }

    private static long size(Map<String, AttributeValue> item) {
        Map<String, dev.partitionscope.core.item.AttrValue> core = new LinkedHashMap<>();
        item.forEach((k, v) -> core.put(
                k,
                v.s() != null
                        ? new dev.partitionscope.core.item.AttrValue.S(v.s())
                        : dev.partitionscope.core.item.AttrValue.N.parse(v.n())));
        return ItemSize.of(core);
    }

    // Records

    @ParameterizedTest
    @EnumSource(
            value = StreamViewType.class,
            names = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"})
    void everyViewTypeRecordsInsertModifyRemoveWithItsImages(StreamViewType view) throws Exception {
        startUnthrottled();
        String arn = table("orders", view);
        var v1 = item("a", 1, "status", "NEW");
        var v2 = item("a", 1, "status", "PAID");
        put("orders", v1);
        clock.advanceSeconds(3);
        db.updateItem(b -> b.tableName("orders")
                .key(key("a", 1))
                .updateExpression("SET #s = :s")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("PAID"))));
        put("orders", v2); // identical: no record
        assertThatThrownBy(() -> db.putItem(b -> b.tableName("orders")
                        .item(item("a", 1, "status", "LOST"))
                        .conditionExpression("attribute_not_exists(pk)")))
                .isInstanceOf(ConditionalCheckFailedException.class);
        db.deleteItem(b -> b.tableName("orders").key(key("a", 1)));
        db.deleteItem(b -> b.tableName("orders").key(key("gone", 9))); // nothing there: no record

        List<Record> rs = records(arn);

        assertThat(rs)
                .extracting(Record::eventName)
                .containsExactly(OperationType.INSERT, OperationType.MODIFY, OperationType.REMOVE);
        boolean keepsNew = view == StreamViewType.NEW_IMAGE || view == StreamViewType.NEW_AND_OLD_IMAGES;
        boolean keepsOld = view == StreamViewType.OLD_IMAGE || view == StreamViewType.NEW_AND_OLD_IMAGES;
        long keySize = size(key("a", 1));
        List<Map<String, AttributeValue>> news = java.util.Arrays.asList(v1, v2, null);
        List<Map<String, AttributeValue>> olds = java.util.Arrays.asList(null, v1, v2);
        long previous = 0;
        for (int i = 0; i < 3; i++) {
            Record r = rs.get(i);
            var d = r.dynamodb();
            assertThat(r.eventSource()).isEqualTo("aws:dynamodb");
            assertThat(r.eventVersion()).isEqualTo("1.1");
            assertThat(r.awsRegion()).isEqualTo("us-east-1");
            assertThat(r.eventID()).matches("[0-9a-f]{32}");
            assertThat(r.userIdentity()).isNull();
            assertThat(d.keys()).isEqualTo(key("a", 1));
            assertThat(d.streamViewType()).isEqualTo(view);
            Map<String, AttributeValue> expectedNew = keepsNew ? news.get(i) : null;
            Map<String, AttributeValue> expectedOld = keepsOld ? olds.get(i) : null;
            assertThat(d.hasNewImage() ? d.newImage() : null).isEqualTo(expectedNew);
            assertThat(d.hasOldImage() ? d.oldImage() : null).isEqualTo(expectedOld);
            long expectedSize = keySize
                    + (expectedNew == null ? 0 : size(expectedNew))
                    + (expectedOld == null ? 0 : size(expectedOld));
            assertThat(d.sizeBytes()).isEqualTo(expectedSize);
            assertThat(d.sequenceNumber()).hasSizeBetween(21, 40).matches("[0-9]+");
            long seq = Long.parseLong(d.sequenceNumber().substring(1));
            assertThat(seq).isGreaterThan(previous);
            previous = seq;
            assertThat(d.approximateCreationDateTime())
                    .isEqualTo(Instant.ofEpochSecond((i == 0 ? START : START.plusSeconds(3)).getEpochSecond()));
        }
    }

    @Test
    void aThrottledWriteLeavesNoRecord() throws Exception {
        start(Lab.Options.defaults().withParams(ModelParams.DEFAULTS.withBurstSeconds(0)));
        db.createTable(b -> b.tableName("tiny")
                .attributeDefinitions(AttributeDefinition.builder()
                        .attributeName("pk")
                        .attributeType(ScalarAttributeType.S)
                        .build())
                .keySchema(KeySchemaElement.builder()
                        .attributeName("pk")
                        .keyType(KeyType.HASH)
                        .build())
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        String arn = db.describeTable(b -> b.tableName("tiny")).table().latestStreamArn();
        int ok = 0;
        int throttled = 0;
        for (int i = 0; i < 6; i++) {
            int n = i;
            try {
                db.putItem(b -> b.tableName("tiny").item(Map.of("pk", AttributeValue.fromS("k" + n))));
                ok++;
            } catch (ProvisionedThroughputExceededException e) {
                throttled++;
            }
        }

        assertThat(throttled).isPositive();
        assertThat(records(arn)).hasSize(ok);
    }

    @Test
    void aTimeToLiveDeletionIsARemoveByDynamoDb() throws Exception {
        startUnthrottled();
        lab.engine().setTimeToLive(0, 1_000);
        String arn = table("sessions", StreamViewType.NEW_AND_OLD_IMAGES);
        db.updateTimeToLive(b -> b.tableName("sessions")
                .timeToLiveSpecification(t -> t.enabled(true).attributeName("expires")));
        var session = item("s", 1);
        session.put("expires", AttributeValue.fromN(Long.toString(START.getEpochSecond() + 10)));
        put("sessions", session);
        clock.advanceSeconds(60);
        db.describeTable(b -> b.tableName("sessions")); // any request runs the due sweep

        List<Record> rs = records(arn);

        assertThat(rs).extracting(Record::eventName).containsExactly(OperationType.INSERT, OperationType.REMOVE);
        assertThat(rs.get(0).userIdentity()).isNull();
        assertThat(rs.get(1).userIdentity().type()).isEqualTo("Service");
        assertThat(rs.get(1).userIdentity().principalId()).isEqualTo("dynamodb.amazonaws.com");
        assertThat(rs.get(1).dynamodb().oldImage()).isEqualTo(session);
    }

    // ListStreams, DescribeStream, the table's side

    @Test
    void listStreamsPagesAndFiltersAndDescribeStreamDescribes() throws Exception {
        startUnthrottled();
        String a = table("alpha", StreamViewType.NEW_IMAGE);
        String b = table("bravo", StreamViewType.KEYS_ONLY);
        table("nostream", null);
        String c = table("charlie", StreamViewType.OLD_IMAGE);

        ListStreamsResponse first = streams.listStreams(r -> r.limit(2));
        ListStreamsResponse second =
                streams.listStreams(r -> r.limit(2).exclusiveStartStreamArn(first.lastEvaluatedStreamArn()));

        assertThat(first.streams()).extracting(s -> s.streamArn()).containsExactly(a, b);
        assertThat(first.lastEvaluatedStreamArn()).isEqualTo(b);
        assertThat(second.streams()).extracting(s -> s.streamArn()).containsExactly(c);
        assertThat(second.lastEvaluatedStreamArn()).isNull();
        assertThat(streams.listStreams(r -> r.tableName("bravo")).streams())
                .singleElement()
                .satisfies(s -> {
                    assertThat(s.tableName()).isEqualTo("bravo");
                    assertThat(s.streamLabel()).isEqualTo("2026-12-01T23:47:29.123");
                });
        assertThat(a).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/alpha/stream/2026-12-01T23:47:29.123");

        var d = streams.describeStream(r -> r.streamArn(b)).streamDescription();
        assertThat(d.streamStatus()).isEqualTo(StreamStatus.ENABLED);
        assertThat(d.streamViewType()).isEqualTo(StreamViewType.KEYS_ONLY);
        assertThat(d.tableName()).isEqualTo("bravo");
        assertThat(d.streamLabel()).isEqualTo("2026-12-01T23:47:29.123");
        assertThat(d.creationRequestDateTime()).isEqualTo(START);
        assertThat(d.keySchema())
                .extracting(k -> k.attributeName() + "/" + k.keyTypeAsString())
                .containsExactly("pk/HASH", "sk/RANGE");
        assertThat(d.shards()).singleElement().satisfies(s -> {
            assertThat(s.shardId()).matches("shardId-[0-9]{20}-[0-9a-f]{8}");
            assertThat(s.parentShardId()).isNull();
            assertThat(s.sequenceNumberRange().startingSequenceNumber()).hasSize(21);
            assertThat(s.sequenceNumberRange().endingSequenceNumber()).isNull();
        });
        var table = db.describeTable(r -> r.tableName("bravo")).table();
        assertThat(table.latestStreamLabel()).isEqualTo("2026-12-01T23:47:29.123");
        assertThat(table.streamSpecification().streamViewType()).isEqualTo(StreamViewType.KEYS_ONLY);
    }

    @Test
    void disablingClosesTheStreamReEnablingMakesANewOneAndDeletingTheTableKeepsItUntilRetention() throws Exception {
        startUnthrottled();
        String first = table("tee", StreamViewType.NEW_IMAGE);
        put("tee", item("x", 1));
        assertThatThrownBy(() -> db.updateTable(b -> b.tableName("tee")
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageStartingWith("Table already has an enabled stream: TableName: tee");
        clock.advanceSeconds(5);

        db.updateTable(b -> b.tableName("tee").streamSpecification(s -> s.streamEnabled(false)));
        put("tee", item("y", 2)); // not recorded: the stream is off

        var d = streams.describeStream(r -> r.streamArn(first)).streamDescription();
        assertThat(d.streamStatus()).isEqualTo(StreamStatus.DISABLED);
        assertThat(d.shards())
                .allSatisfy(s -> assertThat(s.sequenceNumberRange().endingSequenceNumber())
                        .isNotNull());
        var described = db.describeTable(r -> r.tableName("tee")).table();
        assertThat(described.latestStreamArn()).isEqualTo(first);
        assertThat(described.streamSpecification()).isNull();
        assertThat(records(first)).hasSize(1);
        assertThatThrownBy(
                        () -> db.updateTable(b -> b.tableName("tee").streamSpecification(s -> s.streamEnabled(false))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageStartingWith("Table has no stream to disable: TableName: tee");

        clock.advanceSeconds(5);
        db.updateTable(b -> b.tableName("tee")
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        String second = db.describeTable(r -> r.tableName("tee")).table().latestStreamArn();
        put("tee", item("z", 3));

        assertThat(second).isNotEqualTo(first).endsWith("/stream/2026-12-01T23:47:39.123");
        assertThat(streams.listStreams(r -> r.tableName("tee")).streams())
                .extracting(s -> s.streamArn())
                .containsExactly(first, second);
        assertThat(records(second))
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("z");

        db.deleteTable(b -> b.tableName("tee"));
        assertThat(streams.describeStream(r -> r.streamArn(second))
                        .streamDescription()
                        .streamStatus())
                .isEqualTo(StreamStatus.DISABLED);
        assertThat(records(second)).hasSize(1);
        clock.advance(Duration.ofHours(24).plusMinutes(1));
        assertThat(streams.listStreams(r -> r.tableName("tee")).streams()).isEmpty();
        assertThatThrownBy(() -> streams.describeStream(r -> r.streamArn(second)))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    // Iterators

    @Test
    void latestAtAndAfterSequenceNumberIterators() throws Exception {
        startUnthrottled();
        String arn = table("iter", StreamViewType.KEYS_ONLY);
        put("iter", item("a", 1));
        put("iter", item("b", 2));
        String shard = shards(arn).get(0).shardId();
        String latest = iterator(arn, shard, ShardIteratorType.LATEST, null);
        put("iter", item("c", 3));
        List<Record> all = records(arn);
        String seqB = all.get(1).dynamodb().sequenceNumber();

        var fromLatest = streams.getRecords(b -> b.shardIterator(latest));
        var at = streams.getRecords(
                b -> b.shardIterator(iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, seqB)));
        var after = streams.getRecords(
                b -> b.shardIterator(iterator(arn, shard, ShardIteratorType.AFTER_SEQUENCE_NUMBER, seqB)));
        var limited =
                streams.getRecords(b -> b.shardIterator(iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null))
                        .limit(2));
        var rest = streams.getRecords(b -> b.shardIterator(limited.nextShardIterator()));
        var empty = streams.getRecords(b -> b.shardIterator(rest.nextShardIterator()));

        assertThat(fromLatest.records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("c");
        assertThat(at.records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("b", "c");
        assertThat(after.records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("c");
        assertThat(limited.records()).hasSize(2);
        assertThat(rest.records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("c");
        assertThat(empty.records()).isEmpty();
        assertThat(empty.nextShardIterator()).isNotNull(); // an open shard always gives a next iterator
    }

    @Test
    void anIteratorExpiresAfterFifteenMinutesOfLabTime() throws Exception {
        startUnthrottled();
        String arn = table("exp", StreamViewType.KEYS_ONLY);
        String shard = shards(arn).get(0).shardId();
        String fresh = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
        clock.advance(Duration.ofMinutes(15));
        String next = streams.getRecords(b -> b.shardIterator(fresh)).nextShardIterator();
        clock.advance(Duration.ofMinutes(15).plusSeconds(1));

        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator(fresh)))
                .isInstanceOf(ExpiredIteratorException.class);
        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator(next)))
                .isInstanceOf(ExpiredIteratorException.class);
    }

    // Retention, rollover, splits

    @Test
    void recordsOlderThanADayAreTrimmed() throws Exception {
        startUnthrottled();
        String arn = table("old", StreamViewType.KEYS_ONLY);
        put("old", item("a", 1));
        put("old", item("b", 2));
        String shard = shards(arn).get(0).shardId();
        String seqA = records(arn).get(0).dynamodb().sequenceNumber();
        clock.advance(Duration.ofHours(1));
        put("old", item("c", 3)); // an hour later: outlives a and b by an hour
        clock.advance(Duration.ofHours(23).minusMinutes(5));
        String early = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
        clock.advance(Duration.ofMinutes(10)); // a and b are now 24 h 5 min old

        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator(early)))
                .isInstanceOf(TrimmedDataAccessException.class);
        assertThatThrownBy(() -> iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, seqA))
                .isInstanceOf(TrimmedDataAccessException.class);
        assertThat(drain(arn, shard))
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("c");
    }

    @Test
    void anOpenShardRollsOverAfterAboutFourHours() throws Exception {
        startUnthrottled();
        String arn = table("roll", StreamViewType.KEYS_ONLY);
        put("roll", item("a", 1));
        String seqA = records(arn).get(0).dynamodb().sequenceNumber();
        clock.advance(Duration.ofHours(4).plusMinutes(11));
        put("roll", item("b", 2));

        List<Shard> shards = shards(arn);
        var page = streams.describeStream(r -> r.streamArn(arn).limit(1)).streamDescription();
        var next = streams.describeStream(r -> r.streamArn(arn).exclusiveStartShardId(page.lastEvaluatedShardId()))
                .streamDescription();

        assertThat(shards).hasSize(2);
        Shard parent = shards.get(0);
        Shard child = shards.get(1);
        assertThat(parent.sequenceNumberRange().endingSequenceNumber()).isEqualTo(seqA);
        assertThat(child.parentShardId()).isEqualTo(parent.shardId());
        assertThat(child.sequenceNumberRange().endingSequenceNumber()).isNull();
        assertThat(page.shards()).extracting(Shard::shardId).containsExactly(parent.shardId());
        assertThat(next.shards()).extracting(Shard::shardId).containsExactly(child.shardId());
        assertThat(next.lastEvaluatedShardId()).isNull();
        GetRecordsResponse drained = streams.getRecords(
                b -> b.shardIterator(iterator(arn, parent.shardId(), ShardIteratorType.TRIM_HORIZON, null)));
        assertThat(drained.records())
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("a");
        assertThat(drained.nextShardIterator()).isNull();
        assertThat(drain(arn, child.shardId()))
                .extracting(r -> r.dynamodb().keys().get("pk").s())
                .containsExactly("b");
        assertThat(streams.describeStream(r -> r.streamArn(arn)
                                .shardFilter(f -> f.type("CHILD_SHARDS").shardId(parent.shardId())))
                        .streamDescription()
                        .shards())
                .extracting(Shard::shardId)
                .containsExactly(child.shardId());
    }

    @Test
    void aSplitClosesTheParentShardAndOpensChildrenThatNameIt() throws Exception {
        start(Lab.Options.defaults());
        String arn = table("hot", StreamViewType.KEYS_ONLY);
        int before = lab.snapshot("hot").orElseThrow().table().partitions().size();
        assertThat(shards(arn)).hasSize(before);
        var engine = lab.engine();
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        int n = 0;
        for (int second = 0;
                second < 120
                        && lab.snapshot("hot")
                                        .orElseThrow()
                                        .table()
                                        .partitions()
                                        .size()
                                == before;
                second++) {
            for (int i = 0; i < 1_100; i++) {
                try {
                    engine.handle(
                            "PutItem",
                            json.readTree("{\"TableName\":\"hot\",\"Item\":{\"pk\":{\"S\":\"HOT\"},\"sk\":{\"N\":\""
                                    + n++ + "\"}}}"));
                } catch (dev.partitionscope.lab.wire.LabException throttled) {
                    // the hot key is over its partition's ceiling: that is what makes it split
                }
            }
            clock.advanceSeconds(1);
        }
        int after = lab.snapshot("hot").orElseThrow().table().partitions().size();
        assertThat(after).isGreaterThan(before);
        put("hot", item("HOT", -1));

        List<Shard> shards = shards(arn);
        List<Shard> closed = shards.stream()
                .filter(s -> s.sequenceNumberRange().endingSequenceNumber() != null)
                .toList();
        List<Shard> open = shards.stream()
                .filter(s -> s.sequenceNumberRange().endingSequenceNumber() == null)
                .toList();

        assertThat(open).hasSize(after);
        assertThat(closed).isNotEmpty();
        for (Shard parent : closed) {
            assertThat(open.stream().filter(s -> parent.shardId().equals(s.parentShardId())))
                    .hasSizeGreaterThanOrEqualTo(2);
        }
        String hotParent = closed.get(0).shardId();
        long recorded = 0;
        for (Shard s : shards) {
            recorded += drain(arn, s.shardId()).size();
        }
        assertThat(hotParent).startsWith("shardId-");
        assertThat(recorded).isEqualTo(countAdmitted("hot"));
    }

    private long countAdmitted(String table) {
        return db.scan(b -> b.tableName(table).select("COUNT")).count();
    }

    // Concurrency

    @Test
    void aThirdConcurrentReaderOfAShardIsRefused() throws Exception {
        startUnthrottled();
        String arn = table("busy", StreamViewType.KEYS_ONLY);
        String shard = shards(arn).get(0).shardId();
        CountDownLatch inside = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        lab.engine().streams().duringGetRecords = () -> {
            inside.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<GetRecordsResponse>> readers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                String it = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
                readers.add(pool.submit(() -> streams.getRecords(b -> b.shardIterator(it))));
            }
            assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
            String third = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);

            assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator(third)))
                    .isInstanceOf(LimitExceededException.class);
            release.countDown();
            for (Future<GetRecordsResponse> f : readers) {
                assertThat(f.get(10, TimeUnit.SECONDS).records()).isEmpty();
            }
            lab.engine().streams().duringGetRecords = () -> {};
            assertThat(streams.getRecords(b -> b.shardIterator(third)).records())
                    .isEmpty();
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }

    // Errors

    @Test
    void requestsAreValidatedAndUnknownResourcesNamed() throws Exception {
        startUnthrottled();
        String arn = table("valid", StreamViewType.KEYS_ONLY);
        String shard = shards(arn).get(0).shardId();
        String missing = arn.replace("/valid/", "/nope/");

        assertThatThrownBy(() -> streams.listStreams(r -> r.limit(0)))
                .hasMessageStartingWith("1 validation error detected: Value '0' at 'limit' failed to satisfy"
                        + " constraint: Member must have value greater than or equal to 1");
        assertThatThrownBy(() -> streams.listStreams(r -> r.limit(101)))
                .hasMessageContaining("Member must have value less than or equal to 100");
        assertThatThrownBy(() -> streams.describeStream(r -> r.streamArn("arn:short")))
                .hasMessageContaining("at 'streamArn' failed to satisfy constraint: Member must have length greater"
                        + " than or equal to 37");
        assertThatThrownBy(() -> streams.describeStream(r -> r.streamArn(missing)))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageStartingWith("Requested resource not found: Stream: " + missing + " not found");
        assertThatThrownBy(() -> streams.getShardIterator(r -> r.streamArn(arn).shardId(shard)))
                .hasMessageContaining(
                        "Value null at 'shardIteratorType' failed to satisfy constraint: Member must" + " not be null");
        assertThatThrownBy(() -> streams.getShardIterator(
                        r -> r.streamArn(arn).shardId(shard).shardIteratorType("SOMEWHERE")))
                .hasMessageContaining("Member must satisfy enum value set: [TRIM_HORIZON, LATEST,"
                        + " AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]");
        assertThatThrownBy(() -> iterator(arn, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, null))
                .hasMessageContaining("SequenceNumber");
        assertThatThrownBy(() -> iterator(arn, shard, ShardIteratorType.LATEST, "100000000000000000001"))
                .hasMessageContaining("SequenceNumber");
        assertThatThrownBy(() -> iterator(arn, "shardId-00000000000000000000-00000000", ShardIteratorType.LATEST, null))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> streams.getRecords(r -> r.shardIterator("junk")))
                .hasMessageContaining("Invalid ShardIterator");
        String it = iterator(arn, shard, ShardIteratorType.TRIM_HORIZON, null);
        assertThatThrownBy(() -> streams.getRecords(r -> r.shardIterator(it).limit(1001)))
                .hasMessageContaining("Member must have value less than or equal to 1000");
        assertThatThrownBy(() -> streams.getRecords(r -> r.shardIterator(it).limit(1001)))
                .isInstanceOfSatisfying(
                        DynamoDbException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
    }

    @Test
    void anUnknownStreamsOperationIsAnUnknownOperation() throws Exception {
        startUnthrottled();
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(lab.endpoint().orElseThrow()))
                                .header("Content-Type", "application/x-amz-json-1.0")
                                .header("X-Amz-Target", "DynamoDBStreams_20120810.DeleteStream")
                                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).contains("application/x-amz-json-1.0");
        assertThat(r.body()).contains("com.amazon.coral.service#UnknownOperationException");
    }
}
