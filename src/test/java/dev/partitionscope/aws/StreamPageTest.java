package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.Lab;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.Crc32MismatchException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The stream reader's digest of a GetRecords answer against the SDK's own reading of the same answer, through the real
 * SDK over HTTP from the Lab: every attribute type (sizes as DynamoDB counts them), number and binary keys in their
 * canonical text, MODIFY and REMOVE images, an index key found in the images; and the answer's checksum still checked.
 */
class StreamPageTest {
    private Lab lab;
    private DynamoDbClient db;
    private DynamoDbStreamsClient plain;
    private DynamoDbStreamsClient digesting;

    @BeforeEach
    void start() throws Exception {
        lab = Lab.start(Lab.Options.defaults().withThrottling(false));
        URI endpoint = URI.create(lab.endpoint().orElseThrow());
        var creds = StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab"));
        db = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(creds)
                .build();
        plain = DynamoDbStreamsClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(creds)
                .build();
        digesting = DynamoDbStreamsClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(creds)
                .overrideConfiguration(o -> o.addExecutionInterceptor(StreamPage.INTERCEPTOR))
                .build();
    }

    @AfterEach
    void stop() {
        db.close();
        plain.close();
        digesting.close();
        lab.close();
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private static AttributeValue n(String v) {
        return AttributeValue.fromN(v);
    }

    /** An item with every type, strings with 2-, 3- and 4-byte characters, nested lists and maps. */
    private static Map<String, AttributeValue> everyType(AttributeValue key, int i) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", key);
        item.put("sk", n(Integer.toString(i)));
        item.put("s", s("héllo € 𝄞 " + "x".repeat(i * 37)));
        item.put("n", n("-0012.50E+3"));
        item.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3, 4, 5, (byte) i})));
        item.put("bool", AttributeValue.fromBool(i % 2 == 0));
        item.put("null", AttributeValue.fromNul(true));
        item.put("ss", AttributeValue.fromSs(List.of("a", "ßb", "日本")));
        item.put("ns", AttributeValue.fromNs(List.of("1", "0.000123", "-99999999999999999999")));
        item.put(
                "bs",
                AttributeValue.fromBs(
                        List.of(SdkBytes.fromByteArray(new byte[] {9}), SdkBytes.fromByteArray(new byte[7]))));
        item.put(
                "l",
                AttributeValue.fromL(
                        List.of(s("x"), n("2"), AttributeValue.fromL(List.of()), AttributeValue.fromNul(true))));
        item.put("m", AttributeValue.fromM(Map.of("inner", AttributeValue.fromM(Map.of("ü", s("v"))), "k", n("3"))));
        item.put("gpk", s("g" + (i % 3)));
        return item;
    }

    private String table(String name, ScalarAttributeType keyType, StreamViewType view) {
        db.createTable(b -> b.tableName(name)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        AttributeDefinition.builder()
                                .attributeName("pk")
                                .attributeType(keyType)
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
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(view)));
        return db.describeTable(b -> b.tableName(name)).table().latestStreamArn();
    }

    /** The same page read twice: digested from the wire, and reduced from the SDK's records. */
    private List<StreamPage> both(String arn, String keyAttribute, boolean keyInKeys) {
        String shard = plain.describeStream(b -> b.streamArn(arn))
                .streamDescription()
                .shards()
                .get(0)
                .shardId();
        List<StreamPage> pages = new ArrayList<>();
        for (DynamoDbStreamsClient client : List.of(digesting, plain)) {
            String it = client.getShardIterator(
                            b -> b.streamArn(arn).shardId(shard).shardIteratorType(ShardIteratorType.TRIM_HORIZON))
                    .shardIterator();
            StreamPage.Sink sink = new StreamPage.Sink(keyAttribute, keyInKeys);
            GetRecordsResponse answer = client.getRecords(b -> StreamPage.ask(b.shardIterator(it), sink));
            if (client == digesting) {
                assertThat(sink.page).as("the interceptor digested the answer").isNotNull();
                assertThat(answer.records())
                        .as("and handed the SDK none of the records")
                        .isEmpty();
            } else {
                assertThat(sink.page).as("no interceptor, no digest").isNull();
                assertThat(answer.records()).isNotEmpty();
            }
            pages.add(StreamPage.of(answer, sink));
        }
        return pages;
    }

    @Test
    void digestEqualsTheSdksReadingForEveryTypeAndEvent() {
        String arn = table("every", ScalarAttributeType.S, StreamViewType.NEW_AND_OLD_IMAGES);
        List<Long> sizes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Map<String, AttributeValue> item = everyType(s("key-" + (i % 2)), i);
            db.putItem(b -> b.tableName("every").item(item));
            sizes.add(SdkAttr.itemSize(item));
        }
        Map<String, AttributeValue> changed = new LinkedHashMap<>(everyType(s("key-0"), 0));
        changed.put("s", s("longer than before, so the images differ in size"));
        db.putItem(b -> b.tableName("every").item(changed)); // MODIFY of the first
        db.deleteItem(b -> b.tableName("every").key(Map.of("pk", s("key-1"), "sk", n("1")))); // REMOVE

        List<StreamPage> pages = both(arn, "pk", true);
        StreamPage digest = pages.get(0);
        StreamPage sdk = pages.get(1);
        assertThat(digest.entries).isEqualTo(sdk.entries);
        assertThat(digest.records).isEqualTo(8).isEqualTo(sdk.records);
        assertThat(digest.nextShardIterator).isNotNull().isEqualTo(digest.nextShardIterator);

        List<StreamPage.Entry> e = digest.entries;
        for (int i = 0; i < 6; i++) {
            assertThat(e.get(i).key()).isEqualTo("key-" + (i % 2));
            assertThat(e.get(i).newSize()).as("INSERT %d's new image", i).isEqualTo(sizes.get(i));
            assertThat(e.get(i).oldSize()).as("an INSERT has no old image").isEqualTo(-1);
        }
        assertThat(e.get(6).oldSize())
                .as("the MODIFY's old image is the first item")
                .isEqualTo(sizes.get(0));
        assertThat(e.get(6).newSize()).isEqualTo(SdkAttr.itemSize(changed)).isNotEqualTo(sizes.get(0));
        assertThat(e.get(7).newSize()).as("a REMOVE has no new image").isEqualTo(-1);
        assertThat(e.get(7).oldSize()).isEqualTo(sizes.get(1));
        assertThat(e.get(7).key()).isEqualTo("key-1");
        // The Lab's own size of the same item agrees (the third of the size rules' implementations).
        Map<String, AttrValue> labItem = SdkAttr.toCore(everyType(s("key-0"), 0));
        assertThat(ItemSize.of(labItem)).isEqualTo(sizes.get(0));
        assertThat(e.get(0).millis()).isPositive();
        assertThat(e.get(7).sequence()).isNotNull();
    }

    @Test
    void numberAndBinaryKeysComeInTheirCanonicalTextAndAnIndexKeyFromTheImages() {
        String numbers = table("numbers", ScalarAttributeType.N, StreamViewType.NEW_IMAGE);
        db.putItem(b -> b.tableName("numbers").item(everyType(n("00042.500"), 1)));
        List<StreamPage> byNumber = both(numbers, "pk", true);
        assertThat(byNumber.get(0).entries).isEqualTo(byNumber.get(1).entries);
        assertThat(byNumber.get(0).entries.get(0).key()).isEqualTo("42.5");

        String binary = table("binary", ScalarAttributeType.B, StreamViewType.KEYS_ONLY);
        db.putItem(b -> b.tableName("binary")
                .item(everyType(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) 0xff, 0, 1})), 2)));
        List<StreamPage> byBinary = both(binary, "pk", true);
        assertThat(byBinary.get(0).entries).isEqualTo(byBinary.get(1).entries);
        assertThat(byBinary.get(0).entries.get(0).key()).isEqualTo("/wAB");
        assertThat(byBinary.get(0).entries.get(0).newSize())
                .as("KEYS_ONLY: no image")
                .isEqualTo(-1);

        // An index's key (gpk) is not in Keys: it is read from the images.
        List<StreamPage> byIndex = both(numbers, "gpk", false);
        assertThat(byIndex.get(0).entries).isEqualTo(byIndex.get(1).entries);
        assertThat(byIndex.get(0).entries.get(0).key()).isEqualTo("g1");
        // A key attribute no record carries (a sparse index): no key.
        List<StreamPage> sparse = both(numbers, "absent", false);
        assertThat(sparse.get(0).entries.get(0).key()).isNull();
        assertThat(sparse.get(0).entries).isEqualTo(sparse.get(1).entries);
    }

    @Test
    void aCorruptedAnswerStillFailsItsChecksum() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        byte[] body = "{\"Records\":[],\"NextShardIterator\":\"it\"}".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            ex.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
            ex.getResponseHeaders().set("x-amz-crc32", "12345"); // not the body's
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        try (DynamoDbStreamsClient client = DynamoDbStreamsClient.builder()
                .endpointOverride(
                        URI.create("http://127.0.0.1:" + server.getAddress().getPort()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .overrideConfiguration(
                        o -> o.addExecutionInterceptor(StreamPage.INTERCEPTOR).retryStrategy(b -> b.maxAttempts(1)))
                .build()) {
            StreamPage.Sink sink = new StreamPage.Sink("pk", true);
            assertThatThrownBy(() -> client.getRecords(b -> StreamPage.ask(b.shardIterator("it"), sink)))
                    .isInstanceOf(Crc32MismatchException.class);
        } finally {
            server.stop(0);
        }
    }
}
