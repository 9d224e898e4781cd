package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConnectionSpecTest {

    private static ConnectionSpec custom(String endpoint) {
        return ConnectionSpec.custom("local", endpoint, "us-east-1", "test");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://localhost:8000",
                "http://localhost:8000/",
                "https://dynamodb.eu-west-1.amazonaws.com",
                "http://127.0.0.1:4566",
                "HTTP://LOCALHOST:8000",
                "http://[::1]:8000"
            })
    void usableEndpointsHaveNoProblems(String endpoint) {
        assertThat(ConnectionSpec.endpointProblem(endpoint)).isNull();
        assertThat(custom(endpoint).problems()).isEmpty();
    }

    @Test
    void theDefaultSpecsAreComplete() {
        assertThat(ConnectionSpec.localStack().problems()).isEmpty();
        assertThat(ConnectionSpec.lab().problems()).isEmpty();
        assertThat(ConnectionSpec.aws("cloud", null, null).problems()).isEmpty();
    }

    @Test
    void anEndpointWithoutSchemeAsksForHttpInFront() {
        assertThat(custom("localhost:8000").problems())
                .containsExactly(
                        "Endpoint 'localhost:8000' needs http:// or https:// in front, e.g. http://localhost:8000.");
        assertThat(ConnectionSpec.endpointProblem("ftp://host:21"))
                .isEqualTo("Endpoint 'ftp://host:21' needs http:// or https:// in front, e.g. http://host:21.");
    }

    @Test
    void anIpAddressWithoutSchemeAlsoAsksForHttpInFront() {
        assertThat(ConnectionSpec.endpointProblem("127.0.0.1:8000"))
                .isEqualTo("Endpoint '127.0.0.1:8000' needs http:// or https:// in front, e.g. http://127.0.0.1:8000.");
    }

    @Test
    void anEndpointWithAPathShowsTheEndpointWithoutIt() {
        assertThat(ConnectionSpec.endpointProblem("http://localhost:8000/shell"))
                .isEqualTo(
                        "Endpoint 'http://localhost:8000/shell' has a path; DynamoDB endpoints are just scheme, host and port"
                                + " (http://localhost:8000).");
    }

    @Test
    void aBlankOrMissingEndpointAsksForOne() {
        assertThat(ConnectionSpec.endpointProblem(" "))
                .isEqualTo("Enter the endpoint URL, e.g. http://localhost:8000.");
        assertThat(custom(null).problems()).containsExactly("Enter the endpoint URL, e.g. http://localhost:8000.");
    }

    @Test
    void anEndpointWithoutHostSaysSo() {
        assertThat(ConnectionSpec.endpointProblem("http:///tables"))
                .isEqualTo("Endpoint 'http:///tables' has no host name: write it like http://localhost:8000.");
    }

    @Test
    void anUnparseableEndpointSaysItIsNotAUrl() {
        assertThat(ConnectionSpec.endpointProblem("http://local host:8000"))
                .startsWith("Endpoint 'http://local host:8000' is not a valid URL (")
                .endsWith("): write it like http://localhost:8000.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"US-EAST-1", "useast1", "us-east", "eu_west_1", "us-east-123"})
    void aMalformedRegionIsNamed(String region) {
        assertThat(ConnectionSpec.aws("cloud", null, region).problems())
                .containsExactly("'" + region + "' is not a region name: write it like us-east-1 or eu-west-2.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"us-east-1", "eu-central-2", "us-gov-west-1", "ap-southeast-5", "il-central-1"})
    void realRegionNamesAreAccepted(String region) {
        assertThat(ConnectionSpec.aws("cloud", null, region).problems()).isEmpty();
    }

    @Test
    void aBlankNameIsRefused() {
        assertThat(ConnectionSpec.aws("  ", null, "us-east-1").problems())
                .containsExactly("Give the connection a name.");
        assertThat(ConnectionSpec.aws("  ", null, "us-east-1").name()).isNull();
    }

    @Test
    void aMissingKindIsRefused() {
        assertThat(new ConnectionSpec("x", null, null, null, null, null).problems())
                .containsExactly("Choose what to connect to: AWS, LocalStack, a custom endpoint or the Lab.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"te-st", "key with space", "äbc", "key/1"})
    void anAccessKeyWithSymbolsIsRefused(String key) {
        assertThat(ConnectionSpec.custom("local", "http://localhost:8000", "us-east-1", key)
                        .problems())
                .containsExactly(
                        "The access key id may only hold letters and digits (DynamoDB Local rejects" + " others).");
    }

    @Test
    void localEndpointsNeedARegionAndAnAccessKey() {
        assertThat(ConnectionSpec.custom("local", "http://localhost:8000", null, null)
                        .problems())
                .containsExactly(
                        "Enter a region (us-east-1 is the usual one for local endpoints).",
                        "Enter an access key id (any value, e.g. 'test'; DynamoDB Local keeps one database per key and"
                                + " region).");
    }

    @Test
    void awsSpecsDropEndpointAndKeyAndLocalSpecsDropTheProfile() {
        ConnectionSpec aws = new ConnectionSpec(
                " prod ", ConnectionKind.AWS, " admin ", " eu-west-1 ", "http://localhost:8000", "AKIA");
        ConnectionSpec local = new ConnectionSpec(
                "local", ConnectionKind.CUSTOM, "admin", "us-east-1", " http://localhost:8000 ", " test ");

        assertThat(aws).isEqualTo(new ConnectionSpec("prod", ConnectionKind.AWS, "admin", "eu-west-1", null, null));
        assertThat(local.profile()).isNull();
        assertThat(local.endpoint()).isEqualTo("http://localhost:8000");
        assertThat(local.accessKeyId()).isEqualTo("test");
    }

    @Test
    void whereLabelSaysWhereTheConnectionGoes() {
        assertThat(ConnectionSpec.aws("p", "admin", "eu-west-1").whereLabel())
                .isEqualTo("AWS · eu-west-1 · profile admin");
        assertThat(ConnectionSpec.aws("p", null, null).whereLabel())
                .isEqualTo("AWS · profile region · default credentials");
        assertThat(ConnectionSpec.localStack().whereLabel()).isEqualTo("http://localhost:4566 · us-east-1 · key test");
        assertThat(ConnectionSpec.custom("c", "http://127.0.0.1:8000", "eu-west-1", "alice")
                        .whereLabel())
                .isEqualTo("http://127.0.0.1:8000 · eu-west-1 · key alice");
        assertThat(ConnectionSpec.lab().whereLabel()).isEqualTo("Lab (built in, this machine)");
    }

    @Test
    void withNameAndWithEndpointCopyEverythingElse() {
        ConnectionSpec spec = ConnectionSpec.custom("a", "http://localhost:8000", "eu-west-1", "k");

        assertThat(spec.withName("b")).isEqualTo(ConnectionSpec.custom("b", "http://localhost:8000", "eu-west-1", "k"));
        assertThat(spec.withEndpoint("http://localhost:9000").endpoint()).isEqualTo("http://localhost:9000");
        assertThat(spec.withEndpoint("http://localhost:9000").accessKeyId()).isEqualTo("k");
    }
}
