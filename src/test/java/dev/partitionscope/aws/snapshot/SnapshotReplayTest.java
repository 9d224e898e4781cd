package dev.partitionscope.aws.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.aws.TrafficLoader;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.heat.TopKeys;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.cloudwatch.CwLab;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Snapshots end to end below the UI: a connection to a Lab as a custom endpoint (standing in for AWS) reads the
 * hot-PENDING workload's metrics and Contributor Insights as the screens do, scans a page, fails to describe a
 * missing table; the snapshot written from what it recorded holds no credentials, no item contents unless asked, and
 * reopened answers the same reads with the same numbers, through the SDK, without the Lab.
 */
class SnapshotReplayTest {
    private static final String NOTE = "a-private-note-41"; // a non-key attribute value, only a Scan answer holds

    @TempDir
    static Path home;

    private static CwLab lab;
    private static ConnectionFactory factory;
    private static Connection live;
    private static TimeRange range;
    private static Instant now;
    private static TrafficLoader.Traffic traffic;

    @BeforeAll
    static void readTheLiveEndpoint() {
        try {
            lab = CwLab.started();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        lab.playHotPending();
        lab.ddb(
                "PutItem",
                "{\"TableName\": \"orders\", \"Item\": {\"status\": {\"S\": \"NOTE\"}, \"orderId\":"
                        + " {\"S\": \"n1\"}, \"customer\": {\"S\": \"c-n1\"}, \"note\": {\"S\": \"" + NOTE + "\"}}}");
        lab.at(3_600);
        factory =
                new ConnectionFactory(AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of()));
        live = factory.open(ConnectionSpec.custom("stand-in for AWS", lab.endpoint(), "us-east-1", "AKIDSTANDIN"));
        live.dynamo().listTables(b -> b.limit(1));
        TableShape shape = new TableGateway(live).describe("orders");
        now = live.clock().now();
        range = TimeRange.custom(CwLab.T0, CwLab.T0.plusSeconds(3_600), true);
        traffic = new TrafficLoader(live).load(shape, range, now, () -> false, new TrafficLoader.Listener() {});
        live.dynamo().scan(b -> b.tableName("orders").filterExpression("attribute_exists(note)"));
        assertThatThrownBy(() -> new TableGateway(live).describe("no-such-table"))
                .satisfies(SnapshotReplayTest::notFound);
    }

    private static void notFound(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ResourceNotFoundException) {
                return;
            }
        }
        throw new AssertionError("not a ResourceNotFoundException: " + t);
    }

    @AfterAll
    static void stop() {
        live.close();
        lab.close();
    }

    private static Snapshot.Contents contents(boolean items) {
        return new Snapshot.Contents(
                System.currentTimeMillis(),
                Snapshot.createdBy(),
                now.toEpochMilli(),
                new Snapshot.Source(ConnectionKind.CUSTOM, "us-east-1", lab.endpoint(), null),
                new Snapshot.About(
                        List.of("Metrics"),
                        List.of("orders"),
                        CwLab.T0.toEpochMilli(),
                        CwLab.T0.plusSeconds(3_600).toEpochMilli(),
                        true),
                null,
                items,
                live.exchanges().orElseThrow().exchanges(items));
    }

    private static String text(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Connection open(Path file) {
        Snapshot.Contents c = Snapshot.load(file);
        ConnectionSpec spec = ConnectionSpec.custom(
                "Snapshot · " + file.getFileName(),
                c.source().endpoint(),
                c.source().region(),
                "snapshot");
        return factory.openSnapshot(
                spec,
                c.source().region(),
                null,
                new SnapshotReplay(c, file.getFileName().toString()),
                ExchangeLog.of(c.exchanges()),
                "Snapshot · " + file.getFileName());
    }

    @Test
    void theFileHoldsNoCredentialsNoSignaturesAndNoItemContentsUnlessAsked() throws IOException {
        Path file = home.resolve("plain.pssnap");
        Snapshot.save(contents(false), file);
        String json = text(file);

        assertThat(json)
                .doesNotContain("AKIDSTANDIN")
                .doesNotContain("partitionscope-local")
                .doesNotContainIgnoringCase("authorization")
                .doesNotContain("Credential=")
                .doesNotContainIgnoringCase("x-amz-security-token")
                .doesNotContainIgnoringCase("x-amzn-requestid")
                .doesNotContain("stand-in for AWS")
                .doesNotContain(NOTE);
        assertThat(Snapshot.load(file).exchanges())
                .extracting(Exchange::operation)
                .contains(
                        "ListTables",
                        "DescribeTable",
                        "GetMetricData",
                        "DescribeContributorInsights",
                        "GetInsightRuleReport")
                .doesNotContain("Scan");

        Path withItems = home.resolve("items.pssnap");
        Snapshot.save(contents(true), withItems);
        assertThat(text(withItems)).contains(NOTE);
        assertThat(Snapshot.load(withItems).itemContents()).isTrue();
    }

    @Test
    void aReopenedSnapshotAnswersTheSameReadsWithTheSameNumbers() throws IOException {
        Path file = home.resolve("replay.pssnap");
        Snapshot.save(contents(false), file);
        lab.at(7_200); // the live endpoint moves on; the snapshot does not

        try (Connection replay = open(file)) {
            assertThat(replay.isSnapshot()).isTrue();
            assertThat(replay.guard().isReadOnly()).isTrue();
            TableShape shape = new TableGateway(replay).describe("orders");
            Instant replayNow = replay.clock().now();
            assertThat(replayNow).isBetween(now, now.plusSeconds(60));
            TrafficLoader.Traffic again = new TrafficLoader(replay)
                    .load(shape, range, replayNow, () -> false, new TrafficLoader.Listener() {});

            assertThat(again.verdict()).isEqualTo(traffic.verdict());
            List<TopKey> before = TopKeys.of(traffic.insights().partitionKeys().get(Resource.table("orders")), 5);
            List<TopKey> after = TopKeys.of(again.insights().partitionKeys().get(Resource.table("orders")), 5);
            assertThat(after).isEqualTo(before);
            assertThat(after.get(0).key().partitionKey()).isEqualTo("PENDING");
            assertThatThrownBy(() -> new TableGateway(replay).describe("no-such-table"))
                    .satisfies(SnapshotReplayTest::notFound);
        }
    }

    @Test
    void aReadTheSnapshotDoesNotHoldSaysWhatItHolds() throws IOException {
        Path file = home.resolve("miss.pssnap");
        Snapshot.save(contents(false), file);
        try (Connection replay = open(file)) {
            Throwable t = org.assertj.core.api.Assertions.catchThrowable(
                    () -> replay.dynamo().scan(b -> b.tableName("orders").limit(50)));
            UserMessage m = ErrorTranslator.translate(t, replay.spec(), "Scan");

            assertThat(m.headline()).isEqualTo("Not in this snapshot");
            assertThat(m.detail())
                    .isEqualTo("This snapshot (miss.pssnap) was taken on the Metrics screen for table"
                            + " orders, 2026-06-22 01:00–02:00 UTC; it has no data for Scan (orders).");
        }
    }

    @Test
    void aFileThatIsNotASnapshotIsRefusedWithAMessage() throws IOException {
        Path text = Files.writeString(home.resolve("notes.pssnap"), "hello");
        assertThatThrownBy(() -> Snapshot.load(text))
                .isInstanceOf(Snapshot.SnapshotException.class)
                .hasMessage("notes.pssnap is not a PartitionScope snapshot (not a compressed snapshot file).");
    }

    @Test
    void accountIdsInArnsBecomeZerosOfTheSameLength() {
        byte[] body = "{\"TableArn\":\"arn:aws:dynamodb:eu-west-1:123456789012:table/orders\"}"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(new String(Snapshot.redactAccounts(body), StandardCharsets.UTF_8))
                .isEqualTo("{\"TableArn\":\"arn:aws:dynamodb:eu-west-1:000000000000:table/orders\"}");
    }
}
