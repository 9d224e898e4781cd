package dev.partitionscope.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.recording.Recording;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.InsightRule;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The app's Lab host serves a recording on its own port, next to the embedded Lab, with DynamoDB and CloudWatch. */
class LabHostReplayTest {
    @TempDir
    Path dir;

    @Test
    void anOpenedRecordingIsServedAndFoundByItsEndpoint() throws Exception {
        Instant start = Instant.parse("2026-06-22T01:00:00Z");
        SimulatedClock clock = new SimulatedClock(start);
        Path file = dir.resolve("threats.psrec");
        try (Lab run = Lab.inProcess(Lab.Options.defaults().withClock(clock))) {
            Plan plan = Plan.of(
                    ScenarioCatalog.load(null).get("threats"),
                    "before",
                    RunSettings.defaults().withDuration(Duration.ofMinutes(2)));
            new FastForward(plan, run, clock, 200).run();
            Recording.save(run, file);
        }
        try (LabHost host = new LabHost(Lab.Options.defaults())) {
            String endpoint = host.openRecording(file);
            assertThat(host.isReplay(endpoint)).isTrue();
            assertThat(host.forEndpoint(endpoint)).isPresent();
            assertThat(host.running())
                    .as("the embedded Lab is not started by a replay")
                    .isEmpty();
            var creds = StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b"));
            try (DynamoDbClient ddb = DynamoDbClient.builder()
                            .endpointOverride(URI.create(endpoint))
                            .region(Region.US_EAST_1)
                            .credentialsProvider(creds)
                            .build();
                    CloudWatchClient cw = CloudWatchClient.builder()
                            .endpointOverride(URI.create(endpoint))
                            .region(Region.US_EAST_1)
                            .credentialsProvider(creds)
                            .build()) {
                assertThat(ddb.listTables().tableNames()).contains("app");
                String pkt = cw.describeInsightRules(b -> b.maxResults(100)).insightRules().stream()
                        .map(InsightRule::name)
                        .filter(n -> n.contains("-PKT-app-"))
                        .findFirst()
                        .orElseThrow();
                var report = cw.getInsightRuleReport(b -> b.ruleName(pkt)
                        .startTime(start)
                        .endTime(start.plus(Duration.ofMinutes(3)))
                        .period(60)
                        .maxContributorCount(3));
                assertThat(report.contributors().get(0).keys().get(0)).isEqualTo("THREAT#brand-abc-123");
            }
        }
    }

    @Test
    void aFileThatIsNotARecordingIsRefusedWithItsName() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "hello");
        try (LabHost host = new LabHost(Lab.Options.defaults())) {
            assertThatThrownBy(() -> host.openRecording(file))
                    .isInstanceOf(Recording.RecordingException.class)
                    .hasMessageContaining("notes.txt is not a PartitionScope Lab recording");
        }
    }
}
