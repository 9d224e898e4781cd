package dev.partitionscope.ui.shell;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.about.AboutDialog;
import dev.partitionscope.ui.about.ShortcutsDialog;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.MessageDialog;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.connect.ConnectionDialog;
import dev.partitionscope.ui.connect.UnlockWritesDialog;
import dev.partitionscope.ui.session.AutoRefresh;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.ShellActions;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.shell.files.FileActions;
import dev.partitionscope.ui.shell.files.FileDrop;
import dev.partitionscope.ui.shell.files.FileMenu;
import dev.partitionscope.ui.time.CustomRangeDialog;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.concurrent.Task;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * The shell: binds the top bar, navigation rail and status bar to {@link MainViewModel} and swaps screens in the
 * content host. Screens are created on first visit and kept, so their state survives switching.
 */
public final class MainWindowController implements ShellActions {
    private static final KeyCode[] DIGITS = {
        KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4,
        KeyCode.DIGIT5, KeyCode.DIGIT6, KeyCode.DIGIT7, KeyCode.DIGIT8
    };

    private final ShellServices services;
    private final MainViewModel main;
    private final Screens screens;
    private dev.partitionscope.ui.shell.demo.DemoMenu demo;
    private final Map<Screen, ToggleButton> railButtons = new EnumMap<>(Screen.class);
    private final ToggleGroup railGroup = new ToggleGroup();
    private final javafx.animation.Timeline autoRefreshTimer = new javafx.animation.Timeline();
    private dev.partitionscope.ui.present.PresentationMode presentation;
    private FileActions files;
    private dev.partitionscope.ui.report.ExportReportAction exportReport;
    private static final KeyCodeCombination EXPORT_REPORT_KEY =
            new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN);

    @FXML
    private BorderPane root;

    @FXML
    private ImageView logo;

    @FXML
    private HBox topBar;

    @FXML
    private Label appTitle;

    @FXML
    private Label tableLabel;

    @FXML
    private Label indexLabel;

    @FXML
    private MenuButton connectionMenu;

    @FXML
    private ComboBox<String> tableSelector;

    @FXML
    private ComboBox<TableResource> indexSelector;

    @FXML
    private MenuButton timeRangeMenu;

    @FXML
    private Button refreshButton;

    @FXML
    private ToggleButton themeToggle;

    @FXML
    private MenuButton fileMenu;

    @FXML
    private MenuButton helpMenu;

    @FXML
    private VBox navRail;

    @FXML
    private StackPane contentHost;

    @FXML
    private Circle stateDot;

    @FXML
    private Label connectionStatus;

    @FXML
    private Label whereLabel;

    @FXML
    private HBox taskBox;

    @FXML
    private ProgressIndicator taskProgress;

    @FXML
    private Label taskMessage;

    @FXML
    private Hyperlink taskCancel;

    @FXML
    private Label guardBadge;

    public MainWindowController(ShellServices services) {
        this.services = services;
        this.main = services.main();
        this.screens = new Screens(services, this);
    }

    /** The guided demos (the Demo menu and its caption bar). */
    public dev.partitionscope.ui.shell.demo.DemoMenu demo() {
        return demo;
    }

    /** The window's screens and their ViewModels (created on first use). */
    public Screens screens() {
        return screens;
    }

    /** The File menu's commands: open, save recording, save snapshot, recent files. */
    public FileActions files() {
        return files;
    }

    @FXML
    private void initialize() {
        var icon = MainWindowController.class.getResource("/icons/partitionscope-64.png");
        if (icon != null) {
            logo.setImage(new Image(icon.toExternalForm()));
            Tooltip.install(
                    logo,
                    new Tooltip(dev.partitionscope.config.AppInfo.NAME + " "
                            + dev.partitionscope.config.AppInfo.version()));
        }
        buildRail();
        buildConnectionMenu();
        bindSelectors();
        buildTimeRangeMenu();
        refreshButton.setGraphic(Icons.of("mdi2r-refresh", 18));
        refreshButton.disableProperty().bind(main.connectionProperty().isNull());
        themeToggle.setGraphic(Icons.of("mdi2w-weather-night", 18));
        themeToggle.selectedProperty().bindBidirectional(main.darkThemeProperty());
        files = new FileActions(
                services, screens, this::window, m -> MessageDialog.show(window(), m, MessageBox.Kind.ERROR));
        new FileMenu(files).install(fileMenu);
        buildHelpMenu();
        demo = new dev.partitionscope.ui.shell.demo.DemoMenu(
                main,
                screens,
                services.labHost(),
                root,
                contentHost,
                (javafx.scene.layout.Pane) helpMenu.getParent(),
                themeToggle);
        addReportAndDemosToFileMenu();
        bindStatusBar();
        fitToWindow();
        // Kept alive by the listeners it puts on the bar and its controls, for the window's life.
        new TopBarFit(
                topBar,
                appTitle,
                fileMenu,
                tableLabel,
                indexLabel,
                connectionMenu,
                tableSelector,
                indexSelector,
                timeRangeMenu,
                demo::button);
        main.screenProperty().addListener((obs, old, now) -> showScreen(now));
        showScreen(main.screenProperty().get());
    }

    /**
     * A window narrower or shorter than what the top bar and a screen would like (a projector at 1,280 × 800, a
     * screen with the demo's caption bar under it) cuts them off at its edges instead of growing past them, which
     * would push the status bar, the caption bar and the right-hand buttons out of sight.
     */
    private void fitToWindow() {
        ((javafx.scene.layout.Region) helpMenu.getParent()).setMinWidth(0);
        contentHost.setMinSize(0, 0);
        contentHost.setAlignment(javafx.geometry.Pos.TOP_LEFT); // what does not fit is cut at the bottom, not the top
        javafx.scene.shape.Rectangle clip = new javafx.scene.shape.Rectangle();
        clip.widthProperty().bind(contentHost.widthProperty());
        clip.heightProperty().bind(contentHost.heightProperty());
        contentHost.setClip(clip);
    }

    // Top bar

    private void buildRail() {
        for (Screen screen : Screen.values()) {
            ToggleButton b = new ToggleButton(screen.title(), Icons.of(screen.icon(), 22));
            b.setId("nav-" + screen.name().toLowerCase(Locale.ROOT));
            b.setToggleGroup(railGroup);
            b.setFocusTraversable(false);
            b.setTooltip(new Tooltip(screen.title() + " (Ctrl+" + screen.shortcutDigit() + ")"
                    + (screen.plannedIn() == null ? "" : " — coming in a later version")));
            if (screen.plannedIn() != null) {
                b.getStyleClass().add("planned");
            }
            b.setOnAction(e -> main.screenProperty().set(screen));
            railButtons.put(screen, b);
            navRail.getChildren().add(b);
        }
        // A rail toggle can never be "unselected": clicking the current screen keeps it.
        railGroup.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null && old != null) {
                old.setSelected(true);
            }
        });
    }

    private void buildConnectionMenu() {
        connectionMenu.setGraphic(Icons.of("mdi2l-lan-connect", 16));
        connectionMenu
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            Connection c = main.getConnection();
                            ConnectionSpec connecting =
                                    main.connectingSpecProperty().get();
                            if (connecting != null) {
                                return "Connecting to " + connecting.name() + "…";
                            }
                            return c == null ? "Not connected" : c.spec().name();
                        },
                        main.connectionProperty(),
                        main.connectingSpecProperty()));
        // A long name (a replay's file, a fast-forwarded run) ends in "…" rather than squeezing the bar's labels.
        connectionMenu.setMinWidth(140);
        connectionMenu.setMaxWidth(420);
        connectionMenu.getParent().getChildrenUnmodifiable().stream()
                .filter(n -> n instanceof Label)
                .forEach(n -> ((Label) n).setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE));
        timeRangeMenu.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Tooltip connectionTip = new Tooltip();
        connectionTip.textProperty().bind(connectionMenu.textProperty());
        connectionMenu.setTooltip(connectionTip);
        connectionMenu.setOnShowing(e -> {
            rebuildConnectionMenuItems();
            reloadSavedConnections();
        });
        rebuildConnectionMenuItems();
        reloadSavedConnections();
    }

    /** The saved connections as last read; the file is read on a worker, never on the FX thread. */
    private dev.partitionscope.config.JsonFiles.Read<List<ConnectionSpec>> savedConnections =
            new dev.partitionscope.config.JsonFiles.Read<>(List.of(), null);

    private void reloadSavedConnections() {
        services.tasks()
                .run(
                        "Reading saved connections",
                        ctx -> services.connections().load(),
                        read -> {
                            boolean changed = !read.equals(savedConnections);
                            savedConnections = read;
                            if (changed) {
                                rebuildConnectionMenuItems();
                            }
                        },
                        failure -> {},
                        () -> {});
    }

    private void rebuildConnectionMenuItems() {
        connectionMenu.getItems().clear();
        MenuItem connect = new MenuItem("Connect…", Icons.of("mdi2p-power-plug-outline"));
        connect.setAccelerator(new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN));
        connect.setOnAction(e -> openConnectionDialog());
        connectionMenu.getItems().add(connect);
        connectionMenu.getItems().add(new SeparatorMenuItem());
        MenuItem lab = new MenuItem(
                "Lab (built in)  —  throttles like DynamoDB, on this machine", Icons.of("mdi2f-flask-outline"));
        lab.setId("connectLab");
        lab.setOnAction(e -> main.connect(ConnectionSpec.lab()));
        connectionMenu.getItems().add(lab);
        CheckMenuItem alive = new CheckMenuItem(
                "Start the Lab alive  —  an hour of the seeds' workloads, then a gentle" + " live one");
        alive.setId("labStartsAlive");
        alive.setSelected(services.settings().labStartsAlive);
        alive.setOnAction(e -> {
            services.settings().labStartsAlive = alive.isSelected();
            services.saveSettings().run();
            if (!alive.isSelected()) {
                // Off stops the workload now; the Lab keeps its tables and what it metered.
                services.labHost().living().ifPresent(dev.partitionscope.lab.LivingLab::stop);
            }
        });
        connectionMenu.getItems().add(alive);
        if (savedConnections.problem() != null) {
            // An unreadable connections.json was kept aside: say so here, where the connections are missing.
            MenuItem problem = new MenuItem(savedConnections.problem(), Icons.of("mdi2a-alert-outline"));
            problem.setId("connectionsProblem");
            problem.setDisable(true);
            connectionMenu.getItems().add(problem);
        }
        List<ConnectionSpec> saved = savedConnections.value().stream()
                .filter(s -> s.kind() != dev.partitionscope.aws.ConnectionKind.LAB)
                .toList();
        if (!saved.isEmpty()) {
            for (ConnectionSpec spec : saved) {
                MenuItem item = new MenuItem(spec.name() + "  —  " + spec.whereLabel());
                item.setOnAction(e -> main.connect(spec));
                connectionMenu.getItems().add(item);
            }
        }
        connectionMenu.getItems().add(new SeparatorMenuItem());
        MenuItem unlock = new MenuItem("Unlock writes…", Icons.of("mdi2l-lock-open-variant-outline"));
        unlock.setDisable(
                main.getConnection() == null || main.getConnection().guard().isAlwaysWritable());
        unlock.setOnAction(
                e -> openUnlockWritesDialog(main.selectedTableProperty().get()));
        MenuItem lock = new MenuItem("Lock all writes", Icons.of("mdi2l-lock-outline"));
        lock.setDisable(main.getConnection() == null || main.readOnlyProperty().get());
        lock.setOnAction(e -> main.lockAllWrites());
        MenuItem disconnect = new MenuItem("Disconnect", Icons.of("mdi2l-lan-disconnect"));
        disconnect.setDisable(main.getConnection() == null);
        disconnect.setOnAction(e -> main.disconnect());
        connectionMenu.getItems().addAll(unlock, lock, new SeparatorMenuItem(), disconnect);
    }

    private void bindSelectors() {
        tableSelector.setItems(main.tables());
        tableSelector.valueProperty().bindBidirectional(main.selectedTableProperty());
        tableSelector.disableProperty().bind(Bindings.isEmpty(main.tables()));
        tableSelector.setVisibleRowCount(20);
        indexSelector.setItems(main.resourceOptions());
        indexSelector.setConverter(new StringConverter<>() {
            @Override
            public String toString(TableResource resource) {
                return resource == null ? "" : resource.label();
            }

            @Override
            public TableResource fromString(String label) {
                return main.resourceOptions().stream()
                        .filter(r -> r.label().equals(label))
                        .findFirst()
                        .orElse(null);
            }
        });
        indexSelector.valueProperty().bindBidirectional(main.selectedResourceProperty());
        // A table without indexes has nothing to pick: the picker and its caption leave the bar (at 1,280 px their
        // width kept the File and Demo buttons' words out during the order-status demo).
        javafx.beans.binding.BooleanBinding hasIndexes =
                Bindings.size(main.resourceOptions()).greaterThan(1);
        indexSelector.visibleProperty().bind(hasIndexes);
        indexSelector.managedProperty().bind(hasIndexes);
    }

    private void buildTimeRangeMenu() {
        timeRangeMenu.setGraphic(Icons.of("mdi2c-clock-outline", 16));
        timeRangeMenu
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> main.timeRangeProperty().get().label()
                                + (main.autoRefreshProperty().get() == AutoRefresh.OFF
                                        ? ""
                                        : " · ⟳ "
                                                + main.autoRefreshProperty()
                                                        .get()
                                                        .label()
                                                        .replace("Every ", "")),
                        main.timeRangeProperty(),
                        main.autoRefreshProperty()));
        ToggleGroup group = new ToggleGroup();
        for (TimeRange.Preset preset : TimeRange.Preset.values()) {
            if (preset == TimeRange.Preset.CUSTOM) {
                continue;
            }
            RadioMenuItem item = new RadioMenuItem(preset.label());
            item.setId("range-" + preset.name());
            item.setToggleGroup(group);
            item.setOnAction(e -> main.timeRangeProperty()
                    .set(TimeRange.last(preset)
                            .withUtc(main.timeRangeProperty().get().utc())));
            timeRangeMenu.getItems().add(item);
        }
        RadioMenuItem custom = new RadioMenuItem("Custom…");
        custom.setToggleGroup(group);
        custom.setOnAction(
                e -> CustomRangeDialog.show(window(), main.timeRangeProperty().get(), main.endpointNow())
                        .ifPresentOrElse(range -> main.timeRangeProperty().set(range), () -> syncRangeMenu(group)));
        javafx.scene.control.Menu auto = new javafx.scene.control.Menu("Auto-refresh");
        auto.setId("autoRefreshMenu");
        ToggleGroup autoGroup = new ToggleGroup();
        for (AutoRefresh a : AutoRefresh.values()) {
            RadioMenuItem item = new RadioMenuItem(a.label());
            item.setId("auto-" + a.name());
            item.setUserData(a);
            item.setToggleGroup(autoGroup);
            item.setSelected(main.autoRefreshProperty().get() == a);
            item.setOnAction(e -> main.autoRefreshProperty().set(a));
            auto.getItems().add(item);
        }
        main.autoRefreshProperty().addListener((obs, old, now) -> {
            autoGroup.getToggles().forEach(t -> t.setSelected(now.equals(t.getUserData())));
            restartAutoRefresh(now);
        });
        CheckMenuItem utc = new CheckMenuItem("Show times in UTC");
        utc.setId("range-utc");
        utc.setOnAction(
                e -> main.timeRangeProperty().set(main.timeRangeProperty().get().withUtc(utc.isSelected())));
        timeRangeMenu.getItems().addAll(new SeparatorMenuItem(), custom, new SeparatorMenuItem(), auto, utc);
        main.timeRangeProperty().addListener((obs, old, now) -> {
            syncRangeMenu(group);
            utc.setSelected(now.utc());
        });
        syncRangeMenu(group);
        utc.setSelected(main.timeRangeProperty().get().utc());
    }

    private void restartAutoRefresh(AutoRefresh a) {
        autoRefreshTimer.stop();
        if (a.interval() != null && (windowShowing == null || windowShowing.getValue())) {
            autoRefreshTimer
                    .getKeyFrames()
                    .setAll(new javafx.animation.KeyFrame(
                            javafx.util.Duration.millis((double) a.interval().toMillis()),
                            e -> main.autoRefreshTick()));
            autoRefreshTimer.setCycleCount(javafx.animation.Animation.INDEFINITE);
            autoRefreshTimer.play();
        }
    }

    private void syncRangeMenu(ToggleGroup group) {
        String label = main.timeRangeProperty().get().preset().label();
        group.getToggles()
                .forEach(t -> t.setSelected(((RadioMenuItem) t).getText().equals(label)));
    }

    private void buildHelpMenu() {
        helpMenu.setGraphic(Icons.of("mdi2h-help-circle-outline", 18));
        MenuItem shortcuts = new MenuItem("Keyboard shortcuts", Icons.of("mdi2k-keyboard-outline"));
        shortcuts.setAccelerator(new KeyCodeCombination(KeyCode.F1));
        shortcuts.setOnAction(e -> ShortcutsDialog.show(window()));
        MenuItem about = new MenuItem("About PartitionScope", Icons.of("mdi2i-information-outline"));
        about.setOnAction(e -> AboutDialog.show(window()));
        MenuItem diagnostics = new MenuItem("Copy diagnostics", Icons.of("mdi2c-clipboard-text-outline"));
        diagnostics.setId("copyDiagnostics");
        diagnostics.setOnAction(e -> Fx.copy(dev.partitionscope.config.Diagnostics.text(connectionDescription())));
        helpMenu.getItems().addAll(shortcuts, diagnostics, about);
    }

    /** The connection for diagnostics: kind, region and endpoint, never credentials. */
    private String connectionDescription() {
        Connection c = main.getConnection();
        if (c == null) {
            return null;
        }
        ConnectionSpec spec = c.spec();
        return spec.kind() + " · " + (spec.region() == null ? "default region" : spec.region()) + " · "
                + (spec.endpoint() == null ? "AWS endpoint" : spec.endpoint())
                + (spec.profile() == null ? "" : " · profile " + spec.profile());
    }

    /** The audit the Audit screen shows when it was saved in a snapshot: a report uses it rather than sampling. */
    private dev.partitionscope.report.ReportBuilder.SavedAudit savedAudit() {
        if (!screens.created(Screen.AUDIT)) {
            return null;
        }
        var audit = screens.audit();
        String file = audit.savedInProperty().get();
        return file == null || audit.resultProperty().get() == null
                ? null
                : new dev.partitionscope.report.ReportBuilder.SavedAudit(
                        audit.resultProperty().get(), file);
    }

    /** File ▸ Export report… (Ctrl+E) and File ▸ Guided demo ▸, after the recording items. */
    private void addReportAndDemosToFileMenu() {
        exportReport = new dev.partitionscope.ui.report.ExportReportAction(
                main, services.tasks(), services.files(), this::savedAudit);
        MenuItem export = new MenuItem("Export report…", Icons.of("mdi2f-file-chart-outline"));
        export.setId("fileExportReport");
        export.setAccelerator(EXPORT_REPORT_KEY);
        export.setOnAction(e -> exportReport.run(window()));
        export.disableProperty().bind(exportReport.availableProperty().not());
        javafx.scene.control.Menu demos =
                new javafx.scene.control.Menu("Guided demo", Icons.of("mdi2p-presentation-play"));
        for (MenuItem story : demo.button().getItems()) {
            MenuItem copy = new MenuItem(story.getText());
            copy.setMnemonicParsing(false);
            copy.setOnAction(story.getOnAction());
            demos.getItems().add(copy);
        }
        fileMenu.getItems().addAll(new SeparatorMenuItem(), export, demos);
    }

    // Status bar

    /**
     * Beside where the window is connected: how far the built-in Lab started alive got (its hour playing, then live),
     * read once a second while it is the connection, so the progress stays in view whatever else runs.
     */
    private void followLivingLab() {
        Label life = new Label();
        life.setId("labLife");
        life.getStyleClass().add("muted");
        javafx.scene.layout.HBox bar = (javafx.scene.layout.HBox) whereLabel.getParent();
        bar.getChildren().add(bar.getChildren().indexOf(whereLabel) + 1, life);
        javafx.animation.Timeline poll = new javafx.animation.Timeline(
                new javafx.animation.KeyFrame(javafx.util.Duration.seconds(1), e -> life.setText(livingText())));
        poll.setCycleCount(javafx.animation.Animation.INDEFINITE);
        // The window's timers run only while it shows: a playing animation is held by the toolkit's pulse timer, and
        // through its handler it held this window's screens, and the Labs they ran, after the window closed (a
        // closed window's fast-forwarded streams filled 1.2 GB of the test JVM, one app after another).
        windowShowing = Fx.windowShowing(root);
        windowShowing.addListener((obs, old, now) -> {
            if (now) {
                poll.play();
                restartAutoRefresh(main.autoRefreshProperty().get());
            } else {
                poll.stop();
                autoRefreshTimer.stop();
            }
        });
        if (windowShowing.getValue()) {
            poll.play();
        }
        life.setText(livingText());
    }

    /** Whether this window shows; held here so that its listener lives as long as the window. */
    private javafx.beans.value.ObservableValue<Boolean> windowShowing;

    private String livingText() {
        dev.partitionscope.aws.Connection c = main.getConnection();
        if (c == null || !services.labHost().isLiving(c.spec().endpoint())) {
            return "";
        }
        return services.labHost()
                .living()
                .map(l -> switch (l.status().state()) {
                    case CATCHING_UP -> "·  " + l.status().message() + " (the map fills as it plays)";
                    case LIVE -> "·  Live: a gentle workload runs (Connection ▸ Start the Lab alive turns it off)";
                    case STOPPED, FAILED -> "·  " + l.status().message();
                })
                .orElse("");
    }

    private void bindStatusBar() {
        main.connectionStateProperty().addListener((obs, old, now) -> updateState());
        main.connectErrorProperty().addListener((obs, old, now) -> updateState());
        main.connectionProperty().addListener((obs, old, now) -> updateState());
        updateState();
        whereLabel.textProperty().bind(main.whereTextProperty());
        followLivingLab();
        guardBadge.textProperty().bind(main.guardTextProperty());
        main.guardTextProperty().addListener((obs, old, now) -> updateBadge());
        updateBadge();
        services.tasks().latestProperty().addListener((obs, old, task) -> bindTask(task));
        bindTask(services.tasks().latestProperty().get());
    }

    private void updateState() {
        stateDot.getStyleClass().removeAll("connected", "connecting", "failed");
        ConnectionState state = main.connectionStateProperty().get();
        switch (state) {
            case CONNECTED -> stateDot.getStyleClass().add("connected");
            case CONNECTING -> stateDot.getStyleClass().add("connecting");
            case FAILED -> stateDot.getStyleClass().add("failed");
            default -> {}
        }
        Connection c = main.getConnection();
        String text =
                switch (state) {
                    case CONNECTED ->
                        "Connected to " + (c == null ? "?" : c.spec().name());
                    case CONNECTING ->
                        main.connectingSpecProperty().get() == null
                                ? "Connecting…"
                                : "Connecting to "
                                        + main.connectingSpecProperty().get().name() + "…";
                    case FAILED ->
                        "Connection failed"
                                + (main.connectErrorProperty().get() == null
                                        ? ""
                                        : ": "
                                                + main.connectErrorProperty()
                                                        .get()
                                                        .headline());
                    case DISCONNECTED -> "Not connected — Ctrl+K to connect";
                };
        connectionStatus.setText(text);
    }

    private void updateBadge() {
        guardBadge.getStyleClass().removeAll("read-only", "unlocked", "sandbox", "neutral");
        Connection c = main.getConnection();
        if (c == null) {
            guardBadge.setVisible(false);
            return;
        }
        guardBadge.setVisible(true);
        if (c.guard().isAlwaysWritable()) {
            guardBadge.getStyleClass().add("sandbox");
            guardBadge.setTooltip(new Tooltip("The Lab is a sandbox on this machine: writes are allowed."));
        } else if (c.guard().isReadOnly()) {
            guardBadge.getStyleClass().add("read-only");
            guardBadge.setTooltip(new Tooltip("Nothing can write to this connection. Connection ▸ Unlock writes… to"
                    + " allow writes to one table until you disconnect."));
        } else {
            guardBadge.getStyleClass().add("unlocked");
            guardBadge.setTooltip(new Tooltip("Writes are allowed to these tables until you disconnect."
                    + " Connection ▸ Lock all writes to undo."));
        }
    }

    private void bindTask(Task<?> task) {
        taskBox.setVisible(task != null);
        taskBox.setManaged(task != null);
        taskMessage.textProperty().unbind();
        taskProgress.progressProperty().unbind();
        if (task == null) {
            taskMessage.setText("");
            return;
        }
        taskMessage.textProperty().bind(task.messageProperty());
        taskProgress.progressProperty().bind(task.progressProperty());
        taskCancel.setOnAction(e -> task.cancel(true));
    }

    // Screens

    private void showScreen(Screen screen) {
        Node node = screens.node(screen);
        contentHost.getChildren().setAll(node);
        ToggleButton b = railButtons.get(screen);
        if (b != null && !b.isSelected()) {
            b.setSelected(true);
        }
    }

    // Actions

    @FXML
    private void refresh() {
        main.refresh();
    }

    @Override
    public void openConnectionDialog() {
        ConnectionDialog.show(window(), main, services.connections(), services.profiles());
    }

    @Override
    public void openUnlockWritesDialog(String table) {
        Connection c = main.getConnection();
        if (c == null) {
            return;
        }
        UnlockWritesDialog.show(window(), c, main.tables(), table)
                .ifPresent(choice -> main.unlockWrites(choice.table(), choice.typed()));
    }

    /** Keyboard shortcuts that work wherever the focus is. */
    public void installAccelerators(Scene scene) {
        for (Screen screen : Screen.values()) {
            scene.getAccelerators()
                    .put(
                            new KeyCodeCombination(DIGITS[screen.shortcutDigit() - 1], KeyCombination.SHORTCUT_DOWN),
                            () -> main.screenProperty().set(screen));
        }
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), main::refresh);
        scene.getAccelerators()
                .put(new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN), this::openConnectionDialog);
        scene.getAccelerators()
                .put(
                        new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                        () -> main.darkThemeProperty()
                                .set(!main.darkThemeProperty().get()));
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F1), () -> ShortcutsDialog.show(window()));
        scene.getAccelerators().put(FileMenu.OPEN_KEY, files::open);
        scene.getAccelerators().put(FileMenu.SAVE_RECORDING_KEY, files::saveRecording);
        scene.getAccelerators().put(FileMenu.SAVE_SNAPSHOT_KEY, files::saveSnapshot);
        scene.getAccelerators().put(EXPORT_REPORT_KEY, () -> {
            if (exportReport.availableProperty().get()) {
                exportReport.run(window());
            }
        });
        new FileDrop(files).install(scene);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN), () -> {
            main.screenProperty().set(Screen.OVERVIEW);
            screens.overview().focusFilter();
        });
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.T, KeyCombination.SHORTCUT_DOWN), () -> {
            tableSelector.requestFocus();
            tableSelector.show();
        });
        Theme.style(scene);
        presentation =
                dev.partitionscope.ui.present.PresentationMode.install(scene, root, main, main.themeModeProperty());
    }

    /** Presentation mode (F11, Ctrl+Shift+P); null before {@link #installAccelerators}. */
    public dev.partitionscope.ui.present.PresentationMode presentation() {
        return presentation;
    }

    public BorderPane root() {
        return root;
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }
}
