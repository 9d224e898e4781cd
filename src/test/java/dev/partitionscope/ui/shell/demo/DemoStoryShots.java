package dev.partitionscope.ui.shell.demo;

import dev.partitionscope.lab.demo.Stories;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import java.nio.file.Files;
import java.time.Duration;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Screenshots of a guided demo, from the real app driven headless (Monocle, as {@code HeatmapScreenShots}):
 * arguments: the PNG to write, the story id (default order-status), the step to stop at (1-based, default the
 * after-workload's) or {@code auto} to let the story play by itself to its end and print how long it took (the
 * presenter's pacing, nothing pressed), and {@code dark} for the dark theme.
 */
public final class DemoStoryShots {
    private DemoStoryShots() {}

    public static void main(String[] args) throws Exception {
        String id = args.length > 1 ? args[1] : "order-status";
        var story = Stories.find(id).orElseThrow();
        boolean auto = args.length > 2 && args[2].equals("auto");
        int step = auto
                ? story.steps().size() - 1
                : args.length > 2 ? Integer.parseInt(args[2]) - 1 : story.runStep("after");
        boolean dark = args.length > 3 && args[3].equals("dark");
        AppFixture fixture = new AppFixture(Files.createTempDirectory("psshots"));
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(30),
                () -> main.tableShapeProperty().get() != null);
        DemoViewModel demo = fixture.app().controller().demo().viewModel();
        AppFixture.onFx(() -> {
            Stage w = (Stage) Window.getWindows().get(0);
            w.setWidth(1600);
            w.setHeight(1000);
            main.darkThemeProperty().set(dark);
            fixture.app().controller().demo().start(story);
            return null;
        });
        long started = System.nanoTime();
        if (auto) {
            AppFixture.waitUntil(
                    "the end",
                    Duration.ofMinutes(5),
                    () -> AppFixture.onFx(() -> demo.finishedProperty().get()));
            System.out.printf("%s played by itself in %.1f s%n", id, (System.nanoTime() - started) / 1e9);
        }
        for (int i = auto ? step + 1 : 0; i <= step; i++) {
            int at = i;
            AppFixture.waitUntil(
                    "step " + (i + 1),
                    Duration.ofMinutes(2),
                    () -> AppFixture.onFx(() -> demo.indexProperty().get() == at
                            && !demo.busyProperty().get()));
            if (i < step) {
                AppFixture.onFx(() -> {
                    demo.next();
                    return null;
                });
            }
        }
        AppFixture.onFx(() -> {
            demo.pausedProperty().set(true);
            return null;
        });
        Thread.sleep(2500); // the heatmap's last reload
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), args[0]);
            return null;
        });
        fixture.stop();
        System.exit(0);
    }
}
