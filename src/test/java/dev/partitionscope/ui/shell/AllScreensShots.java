package dev.partitionscope.ui.shell;

import dev.partitionscope.lab.demo.Stories;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.demo.DemoViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A reviewer's pass over the whole window, from the real app driven headless (Monocle, as
 * {@code HeatmapScreenShots}): one PNG per screen on the built-in Lab, then one per step of a guided demo. Arguments:
 * the folder to write to, the window size ({@code 1280x800}), {@code light} or {@code dark}, and optionally the story
 * (default order-status; {@code none} for the screens only). Files: {@code <size>-<theme>-<screen>.png} and
 * {@code <size>-<theme>-<story>-<step>.png}. Run it with {@code -Dheadless.geometry} at least the window size.
 */
public final class AllScreensShots {
    private AllScreensShots() {}

    public static void main(String[] args) throws Exception {
        Path out = Files.createDirectories(Path.of(args[0]));
        String size = args.length > 1 ? args[1] : "1280x800";
        boolean dark = args.length > 2 && args[2].equals("dark");
        String storyId = args.length > 3 ? args[3] : "order-status";
        int cross = size.indexOf('x');
        double width = Double.parseDouble(size.substring(0, cross));
        double height = Double.parseDouble(size.substring(cross + 1));
        String prefix = size + "-" + (dark ? "dark" : "light") + "-";
        AppFixture fixture = new AppFixture(Files.createTempDirectory("psshots"));
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(30),
                () -> main.tableShapeProperty().get() != null);
        AppFixture.onFx(() -> {
            Stage w = (Stage) Window.getWindows().get(0);
            w.setX(0);
            w.setY(0);
            w.setWidth(width);
            w.setHeight(height);
            main.darkThemeProperty().set(dark);
            return null;
        });
        for (Screen screen : Screen.values()) {
            AppFixture.onFx(() -> {
                main.screenProperty().set(screen);
                return null;
            });
            Thread.sleep(2500);
            save(out.resolve(prefix + screen.name().toLowerCase(Locale.ROOT) + ".png"));
        }
        if (!storyId.equals("none")) {
            var story = Stories.find(storyId).orElseThrow();
            DemoViewModel demo = fixture.app().controller().demo().viewModel();
            AppFixture.onFx(() -> {
                fixture.app().controller().demo().start(story);
                return null;
            });
            for (int i = 0; i < story.steps().size(); i++) {
                int at = i;
                AppFixture.waitUntil(
                        "step " + (i + 1),
                        Duration.ofMinutes(3),
                        () -> demo.indexProperty().get() == at
                                && !demo.busyProperty().get());
                AppFixture.onFx(() -> {
                    demo.pausedProperty().set(true);
                    return null;
                });
                Thread.sleep(2500); // the screen's last reload
                save(out.resolve(prefix + storyId + "-" + (i + 1) + ".png"));
                if (i + 1 < story.steps().size()) {
                    AppFixture.onFx(() -> {
                        demo.pausedProperty().set(false);
                        demo.next();
                        return null;
                    });
                }
            }
        }
        fixture.stop();
        System.exit(0);
    }

    private static void save(Path file) {
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), file.toString());
            return null;
        });
    }
}
