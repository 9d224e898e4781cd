package dev.partitionscope.ui.sharding;

import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.UiRobot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The README's designer screenshot from the real app driven headless: opens the designer with a hot key handed
 * over, sets the load and the schemes, runs the Lab trial and writes the window, scrolled down to the trial, as a
 * PNG.
 *
 * <p>Usage (test classpath in {@code /tmp/cp.txt}, Monocle flags as in {@code HeatmapScreenShots}):
 * {@code ... dev.partitionscope.ui.sharding.ShardingScreenShots OUT.png KEY WRITES SPEC1 SPEC2 SPEC3 SPEC4 [dark]}.
 */
public final class ShardingScreenShots {
    private ShardingScreenShots() {}

    public static void main(String[] args) throws Exception {
        Path config = Files.createTempDirectory("psshots");
        AppFixture fixture = new AppFixture(config);
        UiRobot robot = new UiRobot();
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil("connected", Duration.ofSeconds(30), () -> main.getConnection() != null);
        AppFixture.onFx(() -> {
            Stage w = (Stage) Window.getWindows().get(0);
            w.setWidth(1600);
            w.setHeight(1000);
            main.darkThemeProperty().set(args.length > 7 && args[7].equals("dark"));
            main.openInDesigner(args[1]);
            return null;
        });
        AppFixture.waitUntil("the designer", Duration.ofSeconds(10), () -> robot.showing("#shardingScreen"));
        robot.replaceText("#shardingWrites", args[2]);
        for (int i = 0; i < 4; i++) {
            robot.replaceText("#schemeSpec-" + i, args[3 + i]);
        }
        Thread.sleep(1500);
        // The trial sits under the scheme cards, below the fold: fired, not clicked.
        AppFixture.onFx(() -> {
            robot.lookup("#shardingTrialRun").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the Lab trial", Duration.ofMinutes(3), () -> !robot.text("#trialAfterText")
                .isEmpty());
        AppFixture.onFx(() -> {
            // Scrolled to the trial's measured before and after, the second row of schemes above it.
            ((javafx.scene.control.ScrollPane) robot.lookup("#shardingScreen")
                            .queryParent()
                            .getChildrenUnmodifiable()
                            .get(0))
                    .setVvalue(1);
            return null;
        });
        Thread.sleep(1500);
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), args[0]);
            return null;
        });
        fixture.stop();
        System.exit(0);
    }
}
