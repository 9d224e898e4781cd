package dev.partitionscope.ui.sharding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.ui.AnsweringFileDialogs;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.shell.MainViewModel;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.MenuButton;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The designer's exports in the real app, headless: the file is written on the task runner, not on the FX thread —
 * with every worker of the pool held busy, the export returns and the FX thread keeps answering, and the file appears
 * only once a worker is free — and a save into a path that is a folder shows a message naming it.
 */
class ShardingExportUiTest {
    /** The app's pool (AppContext: {@code new FxTaskRunner(4)}); held so that nothing else can write. */
    private static final int WORKERS = 4;

    @TempDir
    Path configDir;

    @TempDir
    Path files;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();
    private final AnsweringFileDialogs dialogs = new AnsweringFileDialogs();

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    private void openDesigner() throws Exception {
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        fixture.startFirstTime();
        AppFixture.waitUntil("connected", Duration.ofSeconds(20), () -> main().getConnection() != null);
        AppFixture.onFx(() -> {
            main().openInDesigner("PENDING");
            return null;
        });
        AppFixture.waitUntil("the designer shows", Duration.ofSeconds(10), () -> robot.showing("#shardingScreen"));
        AppFixture.waitUntil(
                "the preview",
                Duration.ofSeconds(10),
                () -> robot.showing("#schemeVerdict-0")
                        && robot.text("#schemeVerdict-0").startsWith("hash:8"));
    }

    private void export(String itemId) {
        AppFixture.onFx(() -> {
            robot.lookup("#shardingExport").queryAs(MenuButton.class).getItems().stream()
                    .filter(i -> itemId.equals(i.getId()))
                    .findFirst()
                    .orElseThrow()
                    .fire();
            return null;
        });
    }

    private MessageBox message() {
        return robot.lookup("#shardingMessage").queryAs(MessageBox.class);
    }

    @Test
    void markdownAndPngAreWrittenOnTheTaskRunnerWhileTheFxThreadGoesOn() throws Exception {
        openDesigner();
        Path md = files.resolve("design.md");
        Files.writeString(md, "an older design\n");
        dialogs.answer(md);

        // Every worker busy: a write on the runner must wait for one, a write on the FX thread would not.
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch held = new CountDownLatch(WORKERS);
        AppFixture.onFx(() -> {
            for (int i = 0; i < WORKERS; i++) {
                main().tasks()
                        .run(
                                "holding a worker",
                                ctx -> {
                                    held.countDown();
                                    return release.await(60, TimeUnit.SECONDS);
                                },
                                ok -> {},
                                e -> {});
            }
            return null;
        });
        assertThat(held.await(20, TimeUnit.SECONDS)).isTrue();
        try {
            export("shardingExportMarkdown");
            // The export returned to the FX thread, which still answers, and nothing was written yet.
            assertThat(AppFixture.onFx(() -> Files.readString(md))).isEqualTo("an older design\n");
            assertThat(AppFixture.onFx(() -> message().headlineText())).isNotEqualTo("Saved design.md");
        } finally {
            release.countDown();
        }
        AppFixture.waitUntil("the Markdown is written", Duration.ofSeconds(20), () -> message()
                .headlineText()
                .equals("Saved design.md"));
        assertThat(Files.readString(md)).startsWith("#").contains("hash:8");
        try (var listing = Files.list(files)) {
            assertThat(listing.map(p -> p.getFileName().toString())).containsExactly("design.md");
        }

        // The PNG: the snapshot is taken on the FX thread, encoded and written on the runner.
        Path png = files.resolve("comparison.png");
        dialogs.answer(png);
        export("shardingExportPng");
        AppFixture.waitUntil("the PNG is written", Duration.ofSeconds(20), () -> message()
                .headlineText()
                .equals("Saved comparison.png"));
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isGreaterThan(100);
    }

    @Test
    void savingOntoAFolderShowsAMessageNamingThePathAndKeepsTheFolder() throws Exception {
        openDesigner();
        Path folder = Files.createDirectory(files.resolve("design.md"));
        dialogs.answer(folder);

        export("shardingExportMarkdown");

        AppFixture.waitUntil("the failure shows", Duration.ofSeconds(20), () -> message()
                .headlineText()
                .startsWith("Could not save"));
        assertThat(AppFixture.onFx(() -> message().headlineText())).isEqualTo("Could not save design.md");
        assertThat(AppFixture.onFx(() -> message().message().detail()))
                .startsWith(folder.toAbsolutePath() + ": it is a folder.");
        assertThat(AppFixture.onFx(() -> message().message().hint())).contains("another folder");
        assertThat(AppFixture.onFx(() -> message().getStyleClass())).contains("error");
        assertThat(folder).isDirectory();
    }
}
