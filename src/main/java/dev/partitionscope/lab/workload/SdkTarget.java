package dev.partitionscope.lab.workload;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Where a real-time run sends its requests: a local endpoint (the Lab, a Lab proxy, LocalStack, DynamoDB Local),
 * with the access key that selects DynamoDB Local's database and any interceptors the caller needs (the app passes
 * its read-only guard, so a workload can never write where the user has not allowed it).
 *
 * <p>The client has retries off: the SDK would otherwise retry a throttled request before the workload sees it, and
 * the point of a workload is to count throttles as the application would meet them.
 */
public record SdkTarget(String endpoint, String region, String accessKeyId, List<ExecutionInterceptor> interceptors) {
    private static final String DUMMY_SECRET = "partitionscope-local";

    public SdkTarget {
        interceptors = List.copyOf(interceptors);
    }

    public static SdkTarget local(String endpoint) {
        return new SdkTarget(endpoint, "us-east-1", "partitionscope", List.of());
    }

    /** A client sized for {@code threads} concurrent requests; the caller closes it. */
    DynamoDbClient client(int threads) {
        ClientOverrideConfiguration.Builder override = ClientOverrideConfiguration.builder()
                .apiCallAttemptTimeout(Duration.ofSeconds(10))
                .apiCallTimeout(Duration.ofSeconds(15))
                .retryStrategy(b -> b.maxAttempts(1));
        interceptors.forEach(override::addExecutionInterceptor);
        return DynamoDbClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.of(region))
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKeyId, DUMMY_SECRET)))
                .httpClient(Apache5HttpClient.builder()
                        .maxConnections(Math.max(8, threads * 2))
                        .connectionTimeout(Duration.ofSeconds(3))
                        .socketTimeout(Duration.ofSeconds(10))
                        .build())
                .overrideConfiguration(override.build())
                .build();
    }
}
