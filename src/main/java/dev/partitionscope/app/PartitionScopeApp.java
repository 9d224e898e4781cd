package dev.partitionscope.app;

import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.config.AppInfo;
import dev.partitionscope.config.Settings;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.MainWindowController;
import dev.partitionscope.ui.shell.ShellServices;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Application;
import javafx.fxml.FXMLLoader;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/** The JavaFX application: builds the window around the composition root and remembers how it was left. */
public class PartitionScopeApp extends Application {
    static final int[] ICON_SIZES = {16, 24, 32, 48, 64, 128, 256, 512};

    private AppContext context;
    private MainWindowController controller;
    private Stage stage;

    public PartitionScopeApp() {}

    /** For tests: a context with its own config directory and profiles. */
    public PartitionScopeApp(AppContext context) {
        this.context = context;
    }

    @Override
    public void start(Stage stage) {
        this.stage = stage;
        if (context == null) {
            context = AppContext.forUser();
        }
        Settings settings = context.settings();
        MainViewModel main = context.main();
        Theme.Mode mode = Theme.Mode.parse(settings.theme, settings.darkTheme);
        main.themeModeProperty().set(mode);
        dev.partitionscope.lab.LivingLab.Options alive = opensOnLab(settings) ? context.labAlive() : null;
        // The very first start on the Lab started alive opens where its heat shows; afterwards where the user left.
        main.screenProperty()
                .set(
                        alive != null && settings.lastConnection == null
                                ? Screen.HEATMAP
                                : Screen.parse(settings.lastScreen, Screen.OVERVIEW));
        // On the Lab started alive the range follows its data (the hour played at start); not saved as the user's
        // choice, so other connections keep theirs.
        main.timeRangeProperty()
                .set(TimeRange.last(alive != null ? covering(alive.history()) : parsePreset(settings.timeRangePreset))
                        .withUtc(settings.utc));
        main.setStartsLive(c -> c.spec().kind() == dev.partitionscope.aws.ConnectionKind.LAB
                && context.labHost().isLiving(c.spec().endpoint()));
        Theme.applyGlobal(mode);

        ShellServices services = new ShellServices(
                main,
                context.tasks(),
                context.connectionStore(),
                context::profiles,
                settings,
                context::saveSettings,
                context.labHost(),
                context.fileDialogs());
        FXMLLoader loader = new FXMLLoader(resource("/dev/partitionscope/ui/shell/MainWindow.fxml"));
        loader.setControllerFactory(type -> {
            if (type == MainWindowController.class) {
                return new MainWindowController(services);
            }
            throw new IllegalArgumentException("No controller for " + type);
        });
        Parent root;
        try {
            root = loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("MainWindow.fxml failed to load", e);
        }
        controller = loader.getController();
        Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(
                root,
                Math.min(settings.windowWidth, screen.getWidth()),
                Math.min(settings.windowHeight, screen.getHeight()));
        controller.installAccelerators(scene);
        main.themeModeProperty().addListener((obs, old, now) -> {
            Theme.applyGlobal(now);
            Theme.restyleAll();
            settings.theme = now.name();
            settings.darkTheme = now.dark();
            context.saveSettings();
        });
        main.screenProperty().addListener((obs, old, now) -> settings.lastScreen = now.name());
        main.timeRangeProperty().addListener((obs, old, now) -> {
            if (now.preset() != TimeRange.Preset.CUSTOM) {
                settings.timeRangePreset = now.preset().name();
            }
            settings.utc = now.utc();
        });
        main.connectionProperty().addListener((obs, old, now) -> {
            // A replay (opened recording, fast-forwarded run) lives as long as this process, a snapshot is a file:
            // never reopen either at start.
            if (now != null && (context.labHost().isReplay(now.spec().endpoint()) || now.isSnapshot())) {
                return;
            }
            if (now != null && !now.spec().name().equals(settings.lastConnection)) {
                if (settings.lastConnection != null) {
                    // Another endpoint: the table remembered for the previous one means nothing here.
                    settings.lastTable = null;
                    main.setPreferredTable(null);
                }
                settings.lastConnection = now.spec().name();
            }
        });
        main.setPreferredTable(settings.lastTable);
        main.selectedTableProperty().addListener((obs, old, now) -> {
            if (now != null
                    && (main.getConnection() == null
                            || (!context.labHost()
                                            .isReplay(
                                                    main.getConnection().spec().endpoint())
                                    && !main.getConnection().isSnapshot()))) {
                settings.lastTable = now;
            }
        });

        stage.setTitle(AppInfo.NAME);
        // Set, not added to: a stage started again (the tests' shared primary stage) kept every start's icons, 424
        // starts of about a megabyte each in one test JVM.
        List<Image> icons = new ArrayList<>();
        for (int size : ICON_SIZES) {
            URL icon = PartitionScopeApp.class.getResource("/icons/partitionscope-" + size + ".png");
            if (icon != null) {
                icons.add(new Image(icon.toExternalForm()));
            }
        }
        stage.getIcons().setAll(icons);
        stage.setScene(scene);
        stage.setMinWidth(960);
        stage.setMinHeight(600);
        restoreGeometry(stage, settings);
        stage.setOnCloseRequest(e -> saveGeometry(stage, settings));
        stage.show();
        if (!context.startupProblems().isEmpty()) {
            // A settings or connections file that could not be read was kept aside: say so, in the window.
            dev.partitionscope.ui.common.MessageDialog.show(
                    stage,
                    dev.partitionscope.aws.UserMessage.of(
                            "Some saved files could not be read",
                            String.join("\n", context.startupProblems()),
                            "Nothing was deleted: each file is kept next to the original with '.unreadable-' in its"
                                    + " name. Fix or remove it, or carry on with the defaults; Help ▸ Copy"
                                    + " diagnostics has the details for a bug report."),
                    dev.partitionscope.ui.common.MessageBox.Kind.WARNING);
        }
        autoConnect(settings);
        if (alive != null) {
            followLivingLab();
        }
    }

    /** Whether {@link #autoConnect} opens the built-in Lab. */
    private static boolean opensOnLab(Settings settings) {
        return settings.lastConnection == null
                || settings.lastConnection.equals(ConnectionSpec.lab().name());
    }

    /** The shortest preset that shows {@code history} whole. */
    static TimeRange.Preset covering(java.time.Duration history) {
        for (TimeRange.Preset p : TimeRange.Preset.values()) {
            if (p != TimeRange.Preset.CUSTOM && p.length().compareTo(history) >= 0) {
                return p;
            }
        }
        return TimeRange.Preset.LAST_1W;
    }

    /**
     * The Lab's past playing, in the status bar: a task that follows the living Lab until it is live (the screens
     * have data from its first simulated minute on; this says how far it got). Cancel stops the workload.
     */
    private void followLivingLab() {
        dev.partitionscope.lab.LabHost host = context.labHost();
        context.tasks()
                .run(
                        "Starting the Lab alive",
                        ctx -> {
                            long waitUntil = System.nanoTime()
                                    + java.time.Duration.ofMinutes(2).toNanos();
                            while (!ctx.isCancelled()) {
                                java.util.Optional<dev.partitionscope.lab.LivingLab> living = host.living();
                                if (living.isEmpty()) {
                                    if (System.nanoTime() > waitUntil) {
                                        return null; // the Lab was not opened (connect failed or cancelled)
                                    }
                                    ctx.progress(-1, "Starting the Lab");
                                } else {
                                    dev.partitionscope.lab.LivingLab.Status s =
                                            living.get().status();
                                    if (s.state() != dev.partitionscope.lab.LivingLab.State.CATCHING_UP) {
                                        return s;
                                    }
                                    ctx.progress(s.fraction(), s.message());
                                }
                                Thread.sleep(250);
                            }
                            return null;
                        },
                        (dev.partitionscope.lab.LivingLab.Status s) -> {
                            if (s != null && s.state() == dev.partitionscope.lab.LivingLab.State.FAILED) {
                                dev.partitionscope.ui.common.MessageDialog.show(
                                        stage,
                                        dev.partitionscope.aws.UserMessage.of(
                                                "The Lab's background workload stopped",
                                                s.message(),
                                                "The Lab itself works; run a workload from the Lab screen (Ctrl+7)"
                                                        + " instead."),
                                        dev.partitionscope.ui.common.MessageBox.Kind.WARNING);
                            }
                        },
                        error -> {},
                        () -> host.living().ifPresent(dev.partitionscope.lab.LivingLab::stop));
    }

    /**
     * Opens on the built-in Lab the first time (no account, no setup), afterwards on the last local connection; AWS
     * connections wait for the user (an SSO login may prompt).
     */
    private void autoConnect(Settings settings) {
        ConnectionSpec lab = ConnectionSpec.lab();
        if (settings.lastConnection == null || settings.lastConnection.equals(lab.name())) {
            if (settings.lastConnection == null) {
                context.main().setPreferredTable(dev.partitionscope.lab.DemoTables.APP);
            }
            context.main().connect(lab);
            return;
        }
        context.connectionStore()
                .find(settings.lastConnection)
                .filter(spec -> spec.kind().isLocal())
                .ifPresent((ConnectionSpec spec) -> context.main().connect(spec));
    }

    private static void restoreGeometry(Stage stage, Settings s) {
        if (s.windowX != null && s.windowY != null && onSomeScreen(s.windowX, s.windowY, s.windowWidth)) {
            stage.setX(s.windowX);
            stage.setY(s.windowY);
        }
        stage.setMaximized(s.maximized);
    }

    /** A saved position on a screen that was unplugged since would open the window off-screen. */
    private static boolean onSomeScreen(double x, double y, double width) {
        return javafx.stage.Screen.getScreens().stream()
                .map(javafx.stage.Screen::getVisualBounds)
                .anyMatch((Rectangle2D b) -> b.intersects(x, y, Math.max(100, width), 40));
    }

    private static void saveGeometry(Stage stage, Settings s) {
        s.maximized = stage.isMaximized();
        if (!stage.isMaximized()) {
            s.windowX = stage.getX();
            s.windowY = stage.getY();
            s.windowWidth = stage.getWidth();
            s.windowHeight = stage.getHeight();
        }
    }

    @Override
    public void stop() {
        if (context != null) {
            context.saveSettings();
            context.shutdown();
        }
    }

    private static TimeRange.Preset parsePreset(String name) {
        try {
            TimeRange.Preset p = TimeRange.Preset.valueOf(name);
            return p == TimeRange.Preset.CUSTOM ? TimeRange.Preset.LAST_3H : p;
        } catch (RuntimeException e) {
            return TimeRange.Preset.LAST_3H;
        }
    }

    private static URL resource(String path) {
        URL url = PartitionScopeApp.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException("Missing resource " + path + " (broken build?)");
        }
        return url;
    }

    /** For tests: the window's controller. */
    public MainWindowController controller() {
        return controller;
    }

    public AppContext context() {
        return context;
    }
}
