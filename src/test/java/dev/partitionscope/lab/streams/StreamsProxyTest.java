package dev.partitionscope.lab.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.testing.RecordingProxy;
import java.net.URI;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** In proxy mode the upstream holds the streams: Streams calls are forwarded as they came and answered as it answers. */
class StreamsProxyTest {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/up/stream/2026-01-01T00:00:00.000";

    @Test
    void streamsCallsAreForwardedToTheUpstreamAndItsAnswerRelayed() throws Exception {
        RecordingProxy upstream = RecordingProxy.to("http://127.0.0.1:9")
                .answer(
                        "ListStreams",
                        "{\"Streams\":[{\"StreamArn\":\"" + ARN + "\",\"TableName\":\"up\","
                                + "\"StreamLabel\":\"2026-01-01T00:00:00.000\"}]}");
        try (Lab lab = Lab.start(Lab.Options.defaults().withUpstream(upstream.endpoint()));
                DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder()
                        .endpointOverride(URI.create(lab.endpoint().orElseThrow()))
                        .region(Region.US_EAST_1)
                        .credentialsProvider(
                                StaticCredentialsProvider.create(AwsBasicCredentials.create("proxykey", "x")))
                        .build()) {
            var answer = streams.listStreams(r -> r.tableName("up"));

            assertThat(answer.streams()).singleElement().satisfies(s -> {
                assertThat(s.streamArn()).isEqualTo(ARN);
                assertThat(s.tableName()).isEqualTo("up");
            });
            assertThat(upstream.targets()).containsExactly("DynamoDBStreams_20120810.ListStreams");
            assertThat(lab.engine().streams().streams()).isEmpty(); // the Lab's own engine saw nothing
        } finally {
            upstream.close();
        }
    }
}
