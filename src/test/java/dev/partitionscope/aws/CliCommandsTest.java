package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CliCommandsTest {

    @Test
    void anAwsConnectionWithAProfileNamesRegionAndProfile() {
        assertThat(CliCommands.describeTable(ConnectionSpec.aws("prod", "prod-admin", null), "eu-west-1", "orders"))
                .isEqualTo("aws dynamodb describe-table --table-name orders --region eu-west-1 --profile prod-admin");
    }

    @Test
    void anAwsConnectionOnTheDefaultChainHasNoProfileAndNoKeys() {
        String command = CliCommands.describeTable(ConnectionSpec.aws("cloud", null, "us-east-1"), "us-east-1", "t");

        assertThat(command).isEqualTo("aws dynamodb describe-table --table-name t --region us-east-1");
        assertThat(command).doesNotContain("AWS_ACCESS_KEY_ID").doesNotContain("--endpoint-url");
    }

    @Test
    void aLocalEndpointSendsTheSameAccessKeyAndTheEndpoint() {
        ConnectionSpec local = ConnectionSpec.custom("dynamodb local", "http://localhost:8000", "us-east-1", "alice");

        assertThat(CliCommands.describeTable(local, "us-east-1", "orders"))
                .isEqualTo(
                        "AWS_ACCESS_KEY_ID=alice AWS_SECRET_ACCESS_KEY=dummy aws dynamodb describe-table --table-name orders"
                                + " --region us-east-1 --endpoint-url http://localhost:8000");
    }

    @Test
    void contributorInsightsForATableAndForAnIndex() {
        ConnectionSpec aws = ConnectionSpec.aws("prod", "admin", "eu-west-1");

        assertThat(CliCommands.describeContributorInsights(aws, "eu-west-1", "orders", null))
                .isEqualTo(
                        "aws dynamodb describe-contributor-insights --table-name orders --region eu-west-1 --profile admin");
        assertThat(CliCommands.describeContributorInsights(aws, "eu-west-1", "orders", "by status"))
                .isEqualTo("aws dynamodb describe-contributor-insights --table-name orders --index-name 'by status'"
                        + " --region eu-west-1 --profile admin");
    }

    @Test
    void namesWithSpacesAndQuotesAreQuotedForTheShell() {
        assertThat(CliCommands.quote("my table")).isEqualTo("'my table'");
        assertThat(CliCommands.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(CliCommands.quote("a\"b")).isEqualTo("'a\"b'");
        assertThat(CliCommands.quote("$(rm -rf /)")).isEqualTo("'$(rm -rf /)'");
        assertThat(CliCommands.quote("")).isEqualTo("''");
        assertThat(CliCommands.quote("Orders_2024.v1-a")).isEqualTo("Orders_2024.v1-a");
        assertThat(CliCommands.describeTable(ConnectionSpec.aws("p", "my profile", null), null, "it's"))
                .isEqualTo("aws dynamodb describe-table --table-name 'it'\\''s' --profile 'my profile'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "my table", "it's", "a\"b", "$HOME", "`id`", "x;y", "tab\there", "'''", "ü"})
    void quotedNamesSurviveARealShellUnchanged(String name) throws Exception {
        Path bash = Path.of("/bin/bash");
        Assumptions.assumeTrue(Files.isExecutable(bash), "needs /bin/bash");

        assertThat(echoThroughShell(bash, CliCommands.quote(name))).isEqualTo(name);
    }

    private static String echoThroughShell(Path bash, String quoted) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(bash.toString(), "-c", "printf '%s' " + quoted)
                .redirectErrorStream(true)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        return new String(out, StandardCharsets.UTF_8);
    }
}
