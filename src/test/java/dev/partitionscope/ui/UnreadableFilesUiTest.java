package dev.partitionscope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A corrupt {@code connections.json} is not a silently empty connection menu: the window says at start which file
 * could not be read and where it was kept, the menu repeats it where the connections are missing, and the file is
 * still on disk. Help ▸ Copy diagnostics gives what a bug report needs.
 */
class UnreadableFilesUiTest {
    @TempDir
    Path configDir;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();

    @AfterEach
    void stop() throws Exception {
        fixture.stop();
    }

    @Test
    void aCorruptConnectionsFileIsReportedKeptAsideAndNamedInTheMenu() throws Exception {
        Files.writeString(
                configDir.resolve(ConnectionStore.FILE_NAME),
                "{\"version\": 1, \"connections\": [",
                StandardCharsets.UTF_8);
        fixture = new AppFixture(configDir);
        fixture.start();

        AppFixture.waitUntil(
                "the startup message shows", Duration.ofSeconds(10), () -> robot.showing("#messageDialog"));
        String dialog =
                AppFixture.onFx(() -> textOf(robot.lookup("#messageDialog").query()));
        assertThat(dialog)
                .contains("Some saved files could not be read")
                .contains("connections.json could not be read and was kept as connections.json.unreadable-")
                .contains("Nothing was deleted");
        try (var files = Files.list(configDir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("connections.json.unreadable-"));
        }
        AppFixture.onFx(() -> {
            robot.lookup("#messageDialog").query().getScene().getWindow().hide();
            return null;
        });

        MenuButton menu = robot.lookup("#connectionMenu").queryAs(MenuButton.class);
        AppFixture.waitUntil(
                "the menu names the unreadable file",
                Duration.ofSeconds(10),
                () -> AppFixture.onFx(
                        () -> menu.getItems().stream().anyMatch(i -> "connectionsProblem".equals(i.getId()))));
        MenuItem problem = AppFixture.onFx(() -> menu.getItems().stream()
                .filter(i -> "connectionsProblem".equals(i.getId()))
                .findFirst()
                .orElseThrow());
        assertThat(problem.getText()).contains("connections.json could not be read");
        assertThat(problem.isDisable()).isTrue();

        MenuButton help = robot.lookup("#helpMenu").queryAs(MenuButton.class);
        AppFixture.onFx(() -> {
            help.getItems().stream()
                    .filter(i -> "copyDiagnostics".equals(i.getId()))
                    .findFirst()
                    .orElseThrow()
                    .fire();
            return null;
        });
        String copied = AppFixture.onFx(() -> Clipboard.getSystemClipboard().getString());
        assertThat(copied)
                .startsWith("PartitionScope ")
                .contains("Java ")
                .contains("Connection: none")
                .contains("Log file:");
    }

    /** Every text shown under a node, in scene-graph order. */
    private static String textOf(javafx.scene.Node node) {
        StringBuilder sb = new StringBuilder();
        if (node instanceof javafx.scene.control.Labeled l && l.getText() != null) {
            sb.append(l.getText()).append('\n');
        } else if (node instanceof javafx.scene.text.Text t) {
            sb.append(t.getText()).append('\n');
        } else if (node instanceof javafx.scene.control.TextInputControl t) {
            sb.append(t.getText()).append('\n');
        }
        if (node instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> sb.append(textOf(c)));
        }
        return sb.toString();
    }
}
