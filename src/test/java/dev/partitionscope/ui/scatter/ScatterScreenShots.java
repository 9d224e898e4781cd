package dev.partitionscope.ui.scatter;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.UiRobot;
import java.nio.file.Files;
import java.time.Duration;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A look at the scatter-gather console from the real app driven headless: 400 items under ORDERS#1 … ORDERS#8 of
 * the demo table, read back as ORDERS with hash:8, limit 50. Usage as {@code HeatmapScreenShots}, with one
 * argument: the PNG to write.
 */
public final class ScatterScreenShots {
    private ScatterScreenShots() {
    }

    public static void main(String[] args) throws Exception {
        AppFixture fixture = new AppFixture(Files.createTempDirectory("psshots"));
        UiRobot robot = new UiRobot();
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil("connected", Duration.ofSeconds(30), () -> main.tableShapeProperty().get() != null);
        ObjectMapper json = new ObjectMapper();
        var engine = fixture.app().context().labHost().lab().engine();
        for (int shard = 1; shard <= 8; shard++) {
            for (int i = 0; i < 50; i++) {
                engine.handle("PutItem", (ObjectNode) json.readTree("{\"TableName\":\"app\",\"Item\":{\"PK\":{\"S\":"
                        + "\"ORDERS#" + shard + "\"},\"SK\":{\"S\":\"2026-06-22T10:" + String.format("%02d:%02d",
                        i, shard) + "\"},\"total\":{\"N\":\"" + (10 + i * shard) + "\"},\"status\":{\"S\":\"PENDING\"}}}"));
            }
        }
        AppFixture.onFx(() -> {
            Stage w = (Stage) Window.getWindows().get(0);
            w.setWidth(1600);
            w.setHeight(1000);
            return null;
        });
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT5);
        AppFixture.waitUntil("the console", Duration.ofSeconds(10), () -> robot.showing("#scatterScreen"));
        AppFixture.onFx(() -> {
            robot.lookup("#scatterKey").queryAs(TextField.class).setText("ORDERS");
            robot.lookup("#scatterLimit").queryAs(TextField.class).setText("50");
            return null;
        });
        AppFixture.onFx(() -> {
            robot.lookup("#scatterRun").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the result", Duration.ofSeconds(30), () -> robot.text("#scatterTotals")
                .startsWith("50 items"));
        Thread.sleep(800);
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), args[0]);
            return null;
        });
        fixture.stop();
        System.exit(0);
    }
}
