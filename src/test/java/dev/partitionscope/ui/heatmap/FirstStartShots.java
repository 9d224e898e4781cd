package dev.partitionscope.ui.heatmap;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.lab.LivingLab;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The README's first-start screenshot (issue 22): the real app on a fresh config directory with the built-in Lab
 * started alive as for a user (an hour), headless; prints how long the heatmap took to show heat and the Lab to be
 * live, and writes the window once the hour is played and {@code settle} more seconds passed.
 *
 * <p>Usage (after {@code mvn test-compile}, with the test classpath in {@code /tmp/cp.txt}):
 * {@code java -Dtestfx.robot=glass -Dtestfx.headless=true -Dglass.platform=Monocle -Dmonocle.platform=Headless
 * -Dprism.order=sw -Dheadless.geometry=1600x1000 -cp target/classes:target/test-classes:$(cat /tmp/cp.txt)
 * dev.partitionscope.ui.heatmap.FirstStartShots OUT.png [settle seconds, default 5] [early.png]} — {@code early.png}:
 * also a shot as soon as the map has heat; {@code dark}: also {@code OUT-dark.png}, the map in the dark theme.
 */
public final class FirstStartShots {
    private FirstStartShots() {}

    private static HeatGrid grid(UiRobot robot) {
        return AppFixture.onFx(() -> robot.lookup("#heatmapCanvas")
                .tryQuery()
                .map(n -> ((HeatmapCanvas) n).getGrid())
                .orElse(null));
    }

    private static boolean hasHeat(HeatGrid g) {
        if (g == null) {
            return false;
        }
        for (int r = 0; r < g.rowCount(); r++) {
            for (int c = 0; c < g.columnCount(); c++) {
                if (g.perMinute(r, c) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void save(Path file) {
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), file.toString());
            return null;
        });
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int settle = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path early = args.length > 2 && args[2].endsWith(".png") ? Path.of(args[2]) : null;
        long t0 = System.nanoTime();
        boolean still = java.util.Arrays.asList(args).contains("still");
        AppFixture fixture = new AppFixture(Files.createTempDirectory("psfirst"));
        if (!still) {
            fixture.withLabAlive(LivingLab.Options.defaults());
        }
        UiRobot robot = new UiRobot();
        fixture.startFirstTime();
        System.out.printf("window shown after %.1f s%n", (System.nanoTime() - t0) / 1e9);
        var main = fixture.app().context().main();
        AppFixture.onFx(() -> {
            Window w = Window.getWindows().get(0);
            ((Stage) w).setWidth(1600);
            ((Stage) w).setHeight(1000);
            return null;
        });
        AppFixture.waitUntil("connected", Duration.ofSeconds(60), () -> main.getConnection() != null);
        System.out.printf("connected after %.1f s%n", (System.nanoTime() - t0) / 1e9);
        if (still) {
            System.out.printf(
                    "pid %d: the Lab started still%n", ProcessHandle.current().pid());
            Thread.sleep(settle * 1000L);
            save(out);
            fixture.stop();
            System.exit(0);
        }
        AppFixture.waitUntil("heat on the map", Duration.ofMinutes(2), () -> hasHeat(grid(robot)));
        System.out.printf("heat on the heatmap after %.1f s%n", (System.nanoTime() - t0) / 1e9);
        if (early != null) {
            Thread.sleep(1500);
            save(early);
        }
        var host = fixture.app().context().labHost();
        AppFixture.waitUntil("the Lab is live", Duration.ofMinutes(10), () -> host.living()
                .map(l -> l.status().state() != LivingLab.State.CATCHING_UP)
                .orElse(false));
        System.out.printf(
                "the hour played, the Lab live after %.1f s: %s%n",
                (System.nanoTime() - t0) / 1e9, host.living().orElseThrow().status());
        long liveAt = System.currentTimeMillis();
        System.out.printf("pid %d%n", ProcessHandle.current().pid());
        Thread.sleep(settle * 1000L);
        // Live mode reads every 5 s: wait for a read made after the Lab went live (on a busy machine one takes a
        // while).
        AppFixture.waitUntil("a read of the live Lab", Duration.ofMinutes(2), () -> {
            var vm = fixture.app().controller().screens().heatmap();
            return vm != null
                    && vm.loadedWindow() != null
                    && vm.loadedWindow().end().toEpochMilli() >= liveAt
                    && !vm.loadingProperty().get();
        });
        Thread.sleep(1500);
        save(out);
        if (java.util.Arrays.asList(args).contains("dark")) {
            // The same map in the dark theme, beside the light one: OUT-dark.png.
            AppFixture.onFx(() -> {
                dev.partitionscope.ui.common.Theme.applyGlobal(true);
                dev.partitionscope.ui.common.Theme.restyleAll();
                return null;
            });
            Thread.sleep(6000);
            String name = out.getFileName().toString().replaceFirst("\\.png$", "");
            save(out.resolveSibling(name + "-dark.png"));
        }
        fixture.stop();
        System.exit(0);
    }
}
