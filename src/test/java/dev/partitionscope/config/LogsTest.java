package dev.partitionscope.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogsTest {
    @TempDir
    Path configDir;

    @AfterEach
    void reset() {
        Logs.reset();
    }

    @Test
    void aSessionWithAnErrorLeavesALogFileWithTheStackTraceAndTheUnreadableFileNamed() throws Exception {
        Path file = Logs.install(configDir);
        assertThat(Logs.install(configDir)).as("idempotent").isEqualTo(file);
        Files.writeString(configDir.resolve(ConnectionStore.FILE_NAME), "{ not json", StandardCharsets.UTF_8);

        new ConnectionStore(configDir).load();
        System.getLogger("dev.partitionscope.test")
                .log(System.Logger.Level.ERROR, "the Lab answered 500", new IllegalStateException("boom"));

        assertThat(file)
                .isEqualTo(configDir.resolve("logs").resolve("partitionscope.0.log"))
                .exists();
        String log = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(log)
                .contains("INFO dev.partitionscope.config.Logs: PartitionScope")
                .contains("WARNING dev.partitionscope.aws.ConnectionStore: connections.json could not be read and"
                        + " was kept as connections.json.unreadable-")
                .contains("SEVERE dev.partitionscope.test: the Lab answered 500")
                .contains("java.lang.IllegalStateException: boom")
                .contains("\tat dev.partitionscope.config.LogsTest.");
        try (var aside = Files.list(configDir)) {
            assertThat(aside.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("connections.json.unreadable-"));
        }
        // Diagnostics carry the same lines, and no secret.
        String diagnostics = Diagnostics.text("CUSTOM · us-east-1 · http://127.0.0.1:8000");
        assertThat(diagnostics)
                .startsWith("PartitionScope ")
                .contains("Connection: CUSTOM · us-east-1")
                .contains("Log file: " + file)
                .contains("java.lang.IllegalStateException: boom");
    }

    @Test
    void theUnreadableFileIsReportedByEveryLoadUntilTheNextSave() throws Exception {
        Files.writeString(configDir.resolve(ConnectionStore.FILE_NAME), "[1, 2", StandardCharsets.UTF_8);
        ConnectionStore store = new ConnectionStore(configDir);

        assertThat(store.load().problem()).contains("could not be read");
        assertThat(store.load().problem())
                .as("the file is aside now; the empty list is not clean")
                .contains("could not be read");
        store.save(java.util.List.of());
        assertThat(store.load().problem()).isNull();
    }
}
