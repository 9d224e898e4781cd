package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.testing.Dynalite;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The headless command line, run in-process against dynalite. */
class CliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RootCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void versionAndHelpWork() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("PartitionScope ");
        out.getBuffer().setLength(0);
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("Usage: partitionscope", "tables", "describe", "--endpoint");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        assertThat(run("tables", "--endpoit", "x")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown options: '--endpoit'", "Possible solutions: --endpoint");
    }

    @Test
    @ExtendWith(Dynalite.Required.class)
    void tablesListsEveryTableAsJson() throws Exception {
        String table = Dynalite.createTableWithGsi("cli-tables");
        assertThat(run("tables", "--endpoint", Dynalite.endpoint(), "--access-key", Dynalite.ACCESS_KEY, "--json"))
                .isZero();
        JsonNode names = new ObjectMapper().readTree(out.toString());
        assertThat(names.isArray()).isTrue();
        assertThat(names.toString()).contains("\"" + table + "\"");
    }

    @Test
    @ExtendWith(Dynalite.Required.class)
    void describePrintsMarkdownWithKeysAndIndexes() {
        String table = Dynalite.createTableWithGsi("cli-describe");
        assertThat(run("describe", table, "--endpoint", Dynalite.endpoint())).isZero();
        assertThat(out.toString())
                .contains(
                        "## " + table,
                        "| Partition key | pk (S) |",
                        "| Sort key | sk (S) |",
                        "| " + Dynalite.GSI
                                + " | GSI | gsiPk (S) · gsiSk (N) | INCLUDE (title, owner) | 4 RCU/s · 2 WCU/s |",
                        "Not supported by this endpoint");
    }

    @Test
    void failuresAreAMessageAndAHintWithExitCodeOne() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertThat(run("tables", "--endpoint", "http://127.0.0.1:" + port)).isEqualTo(1);
        assertThat(err.toString())
                .startsWith("error: Cannot reach the endpoint")
                .contains("what to do:")
                .doesNotContain("Exception", "\tat ");
    }
}
