package dev.partitionscope.ui.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scatter-gather console in the real app, headless, on the built-in Lab: 40 items under ORDERS#1 … ORDERS#8, read
 * back as ORDERS with hash:8 — the plan names the 8 queries, the run fills the per-shard table, the merged items come
 * in sort-key order, a limit cuts across shards, descending reverses them.
 */
class ScatterScreenUiTest {
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

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    @SuppressWarnings("unchecked")
    private List<String> sortKeys() {
        return AppFixture.onFx(() -> {
            List<String> out = new ArrayList<>();
            for (Object row :
                    robot.lookup("#scatterItems").queryAs(TableView.class).getItems()) {
                out.add(PlainValues.text(((Map<String, AttrValue>) row).get("SK")));
            }
            return out;
        });
    }

    private void setText(String query, String text) {
        AppFixture.onFx(() -> {
            robot.lookup(query).queryAs(TextField.class).setText(text);
            return null;
        });
    }

    @Test
    void readsEightShardsMergesThemInSortKeyOrderAndCutsAtTheLimit() throws Exception {
        Path csv = configDir.resolve("items.csv");
        fixture = new AppFixture(configDir).withFileDialogs(new dev.partitionscope.ui.common.FileDialogs() {
            @Override
            public java.util.Optional<Path> saveFile(
                    javafx.stage.Window owner, String title, String initialName, Type type) {
                return java.util.Optional.of(csv);
            }

            @Override
            public java.util.Optional<Path> openFile(javafx.stage.Window owner, String title, Type type) {
                return java.util.Optional.empty();
            }
        });
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected to the Lab with app",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().tableShapeProperty().get() != null);
        assertThat(main().selectedTableProperty().get()).isEqualTo("app");
        ObjectMapper json = new ObjectMapper();
        var engine = fixture.app().context().labHost().lab().engine();
        List<String> expected = new ArrayList<>();
        for (int shard = 1; shard <= 8; shard++) {
            for (int i = 0; i < 5; i++) {
                String sk = "o-" + (i * 8 + shard + 100);
                expected.add(sk);
                engine.handle("PutItem", (ObjectNode) json.readTree("{\"TableName\":\"app\",\"Item\":{\"PK\":{\"S\":"
                        + "\"ORDERS#" + shard + "\"},\"SK\":{\"S\":\"" + sk + "\"},\"n\":{\"N\":\"" + i + "\"}}}"));
            }
        }
        Collections.sort(expected);

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT5);
        AppFixture.waitUntil("the console shows", Duration.ofSeconds(10), () -> robot.showing("#scatterScreen"));
        setText("#scatterKey", "ORDERS");
        setText("#scatterScheme", "hash:8");
        setText("#scatterLimit", "0");
        assertThat(robot.text("#scatterPlan"))
                .startsWith("8 Queries on app, 8 at a time, ascending: ORDERS#1, ORDERS#2");
        robot.clickOn("#scatterRun");
        AppFixture.waitUntil("the merged items", Duration.ofSeconds(20), () -> robot.text("#scatterTotals")
                .startsWith("40 items"));
        assertThat(robot.text("#scatterTotals")).endsWith("complete");
        assertThat(sortKeys()).containsExactlyElementsOf(expected);
        assertThat(AppFixture.onFx(() -> robot.lookup("#scatterShards")
                        .queryAs(TableView.class)
                        .getItems()
                        .size()))
                .isEqualTo(8);
        // The waterfall has one bar per shard request, named in its title.
        Waterfall waterfall = robot.lookup("#scatterWaterfall").queryAs(Waterfall.class);
        assertThat(AppFixture.onFx(() -> waterfall.spans().size())).isEqualTo(8);
        assertThat(AppFixture.onFx(() -> waterfall.getAccessibleText()))
                .isEqualTo("Waterfall: 8 requests over 8" + " shards");
        // Compared with a Scan of the table: the same 40 items in the same order; the unsharded key has none.
        AppFixture.onFx(() -> {
            robot.lookup("#scatterCompareScan").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the Scan baseline", Duration.ofSeconds(20), () -> robot.text("#scatterCompareVerdict")
                .startsWith("✓"));
        assertThat(robot.text("#scatterCompareVerdict"))
                .isEqualTo("✓ Same 40 items in the same order (matched by" + " SK)");
        assertThat(sortKeys()).as("the items of the comparison are shown").containsExactlyElementsOf(expected);
        AppFixture.onFx(() -> {
            robot.lookup("#scatterCompareUnsharded").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the unsharded read", Duration.ofSeconds(20), () -> robot.text("#scatterCompareVerdict")
                .startsWith("✗"));
        assertThat(robot.text("#scatterCompareVerdict"))
                .startsWith("✗ Differs (matched by SK): 40 only in the" + " sharded read");
        assertThat(sortKeys()).isEmpty();
        AppFixture.onFx(() -> {
            robot.lookup("#scatterShowSharded")
                    .queryAs(javafx.scene.control.RadioButton.class)
                    .setSelected(true);
            robot.lookup("#scatterItems")
                    .queryAs(TableView.class)
                    .getSelectionModel()
                    .select(2);
            return null;
        });
        assertThat(sortKeys()).containsExactlyElementsOf(expected);
        assertThat(AppFixture.onFx(() -> robot.lookup("#scatterItemJson")
                        .queryAs(javafx.scene.control.TextArea.class)
                        .getText()))
                .contains("\"SK\" : \"" + expected.get(2) + "\"")
                .contains("\"PK\" : \"ORDERS#");
        AppFixture.onFx(() -> {
            robot.lookup("#scatterExportCsv").queryButton().fire();
            return null;
        });
        // Written on the task runner: wait for it (the move makes it appear whole).
        AppFixture.waitUntil("the CSV is written", Duration.ofSeconds(10), () -> java.nio.file.Files.exists(csv));
        List<String> lines = java.nio.file.Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo("PK,SK,n");
        assertThat(lines).hasSize(41);
        // Point read: hash:8 of an id names the key; a random scheme cannot.
        setText("#scatterPointId", "o-101");
        AppFixture.onFx(() -> {
            robot.lookup("#scatterPointRead").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the point read", Duration.ofSeconds(20), () -> robot.text("#scatterPointText")
                .startsWith("hash:8 of \"o-101\" → ORDERS#"));
        assertThat(robot.text("#scatterPointText")).contains("not found").contains("RCU");

        setText("#scatterLimit", "7");
        AppFixture.onFx(() -> {
            robot.lookup("#scatterDescending").queryAs(CheckBox.class).setSelected(true);
            return null;
        });
        robot.clickOn("#scatterRun");
        AppFixture.waitUntil("the limited run", Duration.ofSeconds(20), () -> robot.text("#scatterTotals")
                .startsWith("7 items"));
        List<String> descending = new ArrayList<>(expected);
        Collections.reverse(descending);
        assertThat(sortKeys()).containsExactlyElementsOf(descending.subList(0, 7));
    }
}
