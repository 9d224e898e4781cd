package dev.partitionscope.ui;

import dev.partitionscope.app.AppContext;
import dev.partitionscope.app.PartitionScopeApp;
import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectionFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Starts the real application headless (Monocle) with a temporary config directory and no AWS profiles, and offers
 * the few helpers UI tests share. One toolkit per JVM; one application instance per test.
 */
public final class AppFixture {
    private final Path configDir;
    private PartitionScopeApp app;
    private dev.partitionscope.ui.common.FileDialogs fileDialogs;
    private dev.partitionscope.lab.LivingLab.Options labAlive;
    /** The context of the app this JVM has open (one at a time), for the waits' messages. */
    private static volatile AppContext openContext;

    public AppFixture(Path configDir) {
        this.configDir = configDir;
    }

    /**
     * Starts the app as a returning user whose last connection no longer exists, so it opens disconnected (a first
     * start would open on the built-in Lab; {@link #startFirstTime()} tests that).
     */
    public PartitionScopeApp start() throws TimeoutException {
        Path settings = configDir.resolve(dev.partitionscope.config.SettingsStore.FILE_NAME);
        if (!java.nio.file.Files.exists(settings)) {
            try {
                java.nio.file.Files.writeString(settings, "{\"lastConnection\":\"(gone)\"}");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return launch();
    }

    /** Hands the app these file dialogs instead of the native chooser (call before starting). */
    public AppFixture withFileDialogs(dev.partitionscope.ui.common.FileDialogs dialogs) {
        this.fileDialogs = dialogs;
        return this;
    }

    /**
     * Lets the built-in Lab start alive with these options (as the user's app does with an hour), unless the settings
     * turn it off; without this the Lab starts still, as tests expect (call before starting).
     */
    /** The primary stage's size when the first app of this JVM opened in it. */
    private static volatile double[] firstSize;

    public AppFixture withLabAlive(dev.partitionscope.lab.LivingLab.Options options) {
        this.labAlive = options;
        return this;
    }

    /** Starts the app on an empty config directory, as on a fresh machine. */
    public PartitionScopeApp startFirstTime() throws TimeoutException {
        return launch();
    }

    private PartitionScopeApp launch() throws TimeoutException {
        FxToolkit.registerPrimaryStage();
        ConnectionFactory.Timeouts fast =
                new ConnectionFactory.Timeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(10));
        AppContext context = new AppContext(
                configDir,
                () -> AwsProfiles.from(
                        configDir.resolve("no-aws-config"), configDir.resolve("no-aws-credentials"), Map.of()),
                fast);
        if (fileDialogs != null) {
            context.useFileDialogs(fileDialogs);
        }
        if (labAlive != null) {
            context.startLabAlive(labAlive);
        }
        openContext = context;
        app = (PartitionScopeApp) FxToolkit.setupApplication(() -> new PartitionScopeApp(context));
        WaitForAsyncUtils.waitForFxEvents();
        if (firstSize == null) {
            Stage stage = FxToolkit.toolkitContext().getRegisteredStage();
            firstSize = onFx(() -> new double[] {stage.getWidth(), stage.getHeight()});
        }
        return app;
    }

    public void stop() throws TimeoutException {
        if (app != null) {
            openContext = null;
            FxToolkit.cleanupApplication(app);
            FxToolkit.cleanupStages();
            WaitForAsyncUtils.waitForFxEvents();
            app = null;
            // Every test's app opens in the one primary stage: a test that resized it (the layout tests take it to
            // 1,280 × 800 or × 600) would leave the next test's screens below the fold.
            double[] size = firstSize;
            if (size != null && size[0] > 0 && size[1] > 0) {
                Stage stage = FxToolkit.toolkitContext().getRegisteredStage();
                onFx(() -> {
                    stage.setWidth(size[0]);
                    stage.setHeight(size[1]);
                    return null;
                });
            }
            // The primary stage outlives the app: its scene would keep the app's window (and the Labs its screens
            // ran) until the next test's app replaced it.
            Stage stage = FxToolkit.toolkitContext().getRegisteredStage();
            onFx(() -> {
                stage.setScene(null);
                return null;
            });
            forgetFiredEvents();
        }
    }

    /**
     * TestFX keeps the primary stage's last events (their targets: this app's controls) for the whole JVM; they would
     * hold the closed app until newer events pushed them out. Its API hands out only a read-only view, hence the
     * reflection.
     */
    private static void forgetFiredEvents() {
        try {
            java.lang.reflect.Field f = org.testfx.api.FxToolkitContext.class.getDeclaredField("firedEvents");
            f.setAccessible(true);
            Object events = f.get(FxToolkit.toolkitContext());
            if (events instanceof org.testfx.service.support.FiredEvents fired) {
                fired.clearEvents();
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("TestFX changed: FxToolkitContext.firedEvents", e);
        }
    }

    public PartitionScopeApp app() {
        return app;
    }

    /** Sizes the app's window (the layout tests' 1,280 × 800; {@link #stop} gives the shared stage its size back). */
    public static void resizeWindow(double width, double height) {
        onFx(() -> {
            Stage w = (Stage) javafx.stage.Window.getWindows().get(0);
            w.setWidth(width);
            w.setHeight(height);
            return null;
        });
    }

    /**
     * Waits on the test thread for a condition evaluated on the FX thread. A condition that throws (a node not yet in
     * the scene graph: a ScrollPane's content joins it only at the next layout pulse, after its skin exists) counts as
     * not yet true; on timeout the last exception is the failure's cause.
     */
    public static void waitUntil(String what, Duration timeout, BooleanSupplier condition) {
        RuntimeException[] last = {null};
        long started = System.nanoTime();
        try {
            WaitForAsyncUtils.waitFor(
                    timeout.toMillis(),
                    TimeUnit.MILLISECONDS,
                    () -> onFx(() -> {
                        try {
                            boolean met = condition.getAsBoolean();
                            last[0] = null;
                            return met;
                        } catch (RuntimeException e) {
                            last[0] = e;
                            return false;
                        }
                    }));
            long took = System.nanoTime() - started;
            if (took > TimeUnit.SECONDS.toNanos(5)) {
                System.err.println("AppFixture: waited " + TimeUnit.NANOSECONDS.toMillis(took) + " ms until " + what);
            }
        } catch (TimeoutException e) {
            // What the app was still doing: four pool threads serve every screen, so a wait that runs out behind
            // other work shows here.
            AssertionError failure = new AssertionError(
                    "Timed out after " + timeout.toSeconds() + " s waiting until " + what + "; background tasks: "
                            + runningTasks(),
                    e);
            if (last[0] != null) {
                failure.addSuppressed(last[0]);
            }
            throw failure;
        }
    }

    /** The titles of the background tasks of the app that is open, if any (for a timeout's message). */
    private static String runningTasks() {
        AppContext context = openContext;
        if (context == null) {
            return "(no app open)";
        }
        try {
            return onFx(() -> context.tasks().running().stream()
                    .map(t -> t.getTitle() + " (" + t.getState() + ")")
                    .toList()
                    .toString());
        } catch (RuntimeException e) {
            return "(not read: " + e + ")";
        }
    }

    public static <T> T onFx(java.util.concurrent.Callable<T> callable) {
        if (Platform.isFxApplicationThread()) {
            try {
                return callable.call();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        return WaitForAsyncUtils.waitForAsyncFx(10_000, callable);
    }

    /** A node by id in any showing window (dialogs included); null when absent or hidden. */
    public static Node find(FxRobot robot, String query) {
        return robot.lookup(query).tryQuery().orElse(null);
    }

    public static Stage windowWithId(String rootId) {
        return onFx(() -> Window.getWindows().stream()
                .filter(w -> w.isShowing()
                        && w.getScene() != null
                        && w.getScene().getRoot() != null
                        && rootId.equals(w.getScene().getRoot().getId()))
                .map(w -> (Stage) w)
                .findFirst()
                .orElse(null));
    }
}
