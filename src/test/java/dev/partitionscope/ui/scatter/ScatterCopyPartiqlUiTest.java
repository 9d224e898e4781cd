package dev.partitionscope.ui.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Copy plan as → PartiQL statements" in the real app, headless, on the built-in Lab: the menu item puts one SELECT per
 * shard on the clipboard, with the sort condition and the order of the plan shown.
 */
class ScatterCopyPartiqlUiTest {
    @TempDir
    Path configDir;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    private void setText(String query, String text) {
        AppFixture.onFx(() -> {
            robot.lookup(query).queryAs(TextField.class).setText(text);
            return null;
        });
    }

    @Test
    void theMenuItemCopiesOneSelectPerShard() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.startFirstTime();
        MainViewModel main = fixture.app().context().main();
        AppFixture.waitUntil(
                "connected to the Lab with app",
                Duration.ofSeconds(20),
                () -> main.getConnection() != null && main.tableShapeProperty().get() != null);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT5);
        AppFixture.waitUntil("the console shows", Duration.ofSeconds(10), () -> robot.showing("#scatterScreen"));
        setText("#scatterKey", "ORDERS");
        setText("#scatterScheme", "hash:3");
        setText("#scatterLimit", "0");
        AppFixture.onFx(() -> {
            robot.lookup("#scatterDescending").queryAs(CheckBox.class).setSelected(true);
            Clipboard.getSystemClipboard().clear();
            return null;
        });
        assertThat(robot.text("#scatterPlan")).startsWith("3 Queries on app");

        robot.clickOn("#scatterCopyPlan");
        AppFixture.waitUntil("the menu shows", Duration.ofSeconds(10), () -> robot.lookup("#scatterCopyPartiql")
                .tryQuery()
                .isPresent());
        robot.clickOn("#scatterCopyPartiql");

        AppFixture.waitUntil(
                "the statements are copied",
                Duration.ofSeconds(10),
                () -> AppFixture.onFx(() -> Clipboard.getSystemClipboard().hasString()));
        assertThat(AppFixture.onFx(() -> Clipboard.getSystemClipboard().getString()))
                .isEqualTo("""
                        SELECT * FROM "app" WHERE "PK" = 'ORDERS#1' ORDER BY "SK" DESC
                        SELECT * FROM "app" WHERE "PK" = 'ORDERS#2' ORDER BY "SK" DESC
                        SELECT * FROM "app" WHERE "PK" = 'ORDERS#3' ORDER BY "SK" DESC
                        """);
    }
}
