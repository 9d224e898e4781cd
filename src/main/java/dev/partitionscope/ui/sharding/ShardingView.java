package dev.partitionscope.ui.sharding;

import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.codegen.GeneratedFile;
import dev.partitionscope.core.codegen.Language;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.FileExport;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.Theme;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.animation.PauseTransition;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The sharding designer screen: the inputs (hot key, ids, load), the N calculator's answer with its reasoning, and
 * up to four schemes side by side, recomputed 300 ms after the last keystroke. Copy as Markdown and PNG export for
 * design documents.
 */
public final class ShardingView {
    static final FileDialogs.Type TEXT = new FileDialogs.Type("Text file with one id per line", "txt");
    static final FileDialogs.Type PNG = new FileDialogs.Type("PNG image", "png");
    static final FileDialogs.Type MARKDOWN = new FileDialogs.Type("Markdown", "md");
    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/sharding/sharding.css");

    /** Width the ids row wraps at: about the two columns of fields above it. */
    private static final double IDS_WRAP = 480;

    private final ShardingViewModel vm;
    private final FileDialogs files;
    private final FileExport fileExport;
    private final StackPane root = new StackPane();
    private final VBox content = new VBox(12);
    private final MessageBox message = new MessageBox();
    private final Label reasoning = new Label();
    private final Label recommended = new Label();
    private final Label hotValues = new Label();
    private final Button useHot = new Button("Use this spec for the first scheme");
    private final List<SchemeCard> cards = new ArrayList<>();
    private final PredictedPane predicted = new PredictedPane();
    private final PauseTransition debounce = new PauseTransition(Duration.millis(300));

    public ShardingView(ShardingViewModel vm, FileDialogs files) {
        this.vm = vm;
        this.files = files;
        this.fileExport = new FileExport(vm.main().tasks());
        root.getStylesheets().add(CSS);
        root.setId("shardingScreen");
        root.getProperties().put(ShardingView.class, this);
        message.setId("shardingMessage");
        build();
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        root.getChildren().add(scroll);
        debounce.setOnFinished(e -> vm.recompute());
        // Ctrl+Enter tries the first scheme in the Lab, Esc cancels the trial, while this screen is shown.
        javafx.event.EventHandler<javafx.scene.input.KeyEvent> keys = e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && e.isShortcutDown()) {
                vm.runTrial();
                e.consume();
            } else if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE
                    && vm.trialRunningProperty().get()) {
                vm.cancelTrial();
                e.consume();
            }
        };
        Fx.sceneKeyFilter(root, keys);
        root.sceneProperty().addListener((obs, old, scene) -> {
            if (scene == null) {
                debounce.stop(); // off screen (or the window closed): no late recompute
            }
        });
        vm.outcomeProperty().addListener((obs, old, now) -> show(now));
        vm.recompute();
    }

    private void build() {
        content.getStyleClass().add("sharding-content");
        Label title = new Label("Sharding designer");
        title.getStyleClass().add("screen-title");
        Label handed = new Label();
        handed.getStyleClass().add("muted");
        handed.setId("shardingHandedOver");
        handed.textProperty().bind(vm.handedOverProperty());
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(18, 18);
        spinner.setMaxSize(18, 18);
        Fx.bindShown(spinner, vm.computingProperty());
        Button copy = new Button("Copy as Markdown", Icons.of("mdi2l-language-markdown-outline", 16));
        copy.setId("shardingCopyMarkdown");
        copy.setTooltip(new Tooltip("The inputs, N and its reasoning, and every scheme's spread, prediction and read"
                + " cost, as Markdown for a design doc"));
        copy.setOnAction(e -> Fx.copy(markdown()));
        MenuButton export = new MenuButton("Export", Icons.of("mdi2e-export-variant", 16));
        export.setId("shardingExport");
        MenuItem md = new MenuItem("Markdown…");
        md.setId("shardingExportMarkdown");
        md.setOnAction(e -> saveMarkdown());
        MenuItem png = new MenuItem("PNG of the comparison…");
        png.setId("shardingExportPng");
        png.setOnAction(e -> savePng());
        export.getItems().addAll(md, png, new javafx.scene.control.SeparatorMenuItem());
        for (Language language : Language.values()) {
            MenuItem code = new MenuItem();
            code.setId("shardingCode-" + language.name().toLowerCase(java.util.Locale.ROOT));
            code.setOnAction(e -> saveCode(language));
            export.getItems().add(code);
        }
        export.setOnShowing(e -> {
            ShardingViewModel.Outcome o = vm.outcomeProperty().get();
            String first = o == null
                    ? null
                    : o.results().stream()
                            .filter(r -> r.error() == null)
                            .map(ShardingViewModel.Result::spec)
                            .findFirst()
                            .orElse(null);
            for (MenuItem item : export.getItems()) {
                if (item.getId() != null && item.getId().startsWith("shardingCode-")) {
                    Language l = Language.valueOf(
                            item.getId().substring("shardingCode-".length()).toUpperCase(java.util.Locale.ROOT));
                    item.setText(label(l) + " code of " + (first == null ? "the first scheme" : first) + "…");
                    item.setDisable(first == null);
                }
            }
        });
        HBox header = new HBox(10, title, handed, new Pane(), spinner, copy, export);
        HBox.setHgrow(header.getChildren().get(2), Priority.ALWAYS);
        header.setAlignment(Pos.CENTER_LEFT);

        GridPane inputs = new GridPane();
        inputs.setHgap(10);
        inputs.setVgap(8);
        inputs.addRow(
                0,
                label("Hot key"),
                field(
                        "shardingKey",
                        vm.baseKeyProperty(),
                        220,
                        "The partition key value that takes too much: PENDING, OPS_LOG, …"),
                label("Separator"),
                field(
                        "shardingSeparator",
                        vm.separatorProperty(),
                        50,
                        "Joins the key and each suffix: PENDING#3 (#), 2014-07-09.17 (.)"));
        inputs.addRow(
                1,
                label("Peak writes/s"),
                field(
                        "shardingWrites",
                        vm.writesPerSecondProperty(),
                        120,
                        "The peak write rate on this key, items per second"),
                label("Item size (bytes)"),
                field(
                        "shardingItemBytes",
                        vm.itemBytesProperty(),
                        120,
                        "A write costs 1 WCU per started KB; a read 1 RCU per started 4 KB (½ eventually consistent)"));
        inputs.addRow(
                2,
                label("Peak reads/s"),
                field(
                        "shardingReads",
                        vm.readsPerSecondProperty(),
                        120,
                        "Reads of single items on this key per second (0: writes only)"));
        Label idsLabel = new Label();
        idsLabel.setId("shardingIds");
        idsLabel.textProperty().bind(vm.idsSourceProperty());
        MenuButton generate = new MenuButton("Generate");
        for (int n : new int[] {1_000, 10_000, 100_000, 1_000_000}) {
            MenuItem item = new MenuItem(String.format("%,d UUIDs", n));
            item.setOnAction(e -> vm.generateIds(n));
            generate.getItems().add(item);
        }
        Button paste = new Button("Paste…");
        paste.setId("shardingPaste");
        paste.setTooltip(new Tooltip(
                "One id per line, optionally \", timestamp\" (ISO-8601 or epoch ms) for time" + " buckets"));
        paste.setOnAction(e -> pasteIds());
        Button load = new Button("Load file…");
        load.setOnAction(e -> loadIds());
        Button sample = new Button("Sample table");
        sample.setId("shardingSample");
        sample.setTooltip(new Tooltip("Read the sort-key values stored under the hot key in the selected table (up to"
                + " 10,000; Queries projecting only the sort key — a read, allowed on read-only connections)"));
        sample.setOnAction(e -> vm.sampleFromTable(10_000));
        sample.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label sampleText = new Label();
        sampleText.setId("shardingSampleText");
        sampleText.getStyleClass().add("muted");
        sampleText.textProperty().bind(vm.sampleTextProperty());
        idsLabel.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        generate.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        paste.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        load.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        // Wraps under the fields instead of widening the grid: a long source ("1,813 sort keys of PENDING in
        // order-status-index") stretched every field and squeezed the N calculator into a tall, narrow column.
        FlowPane idsRow = new FlowPane(8, 6, idsLabel, generate, paste, load, sample, sampleText);
        idsRow.setAlignment(Pos.CENTER_LEFT);
        idsRow.setPrefWrapLength(IDS_WRAP);
        Label idsTitle = label("Ids");
        GridPane.setValignment(idsTitle, javafx.geometry.VPos.TOP);
        idsTitle.setPadding(new javafx.geometry.Insets(4, 0, 0, 0)); // level with the first line's text
        inputs.add(idsTitle, 0, 3);
        inputs.add(idsRow, 1, 3, 3, 1);

        VBox calc = new VBox(6);
        calc.getStyleClass().add("scheme-card");
        Label calcTitle = new Label("N calculator");
        calcTitle.getStyleClass().add("title-4");
        recommended.setId("shardingRecommended");
        recommended.getStyleClass().add("scheme-verdict");
        reasoning.setId("shardingReasoning");
        reasoning.getStyleClass().add("reasoning");
        Button use = new Button("Compare hash / sum / random with this N");
        use.setId("shardingUseN");
        use.setOnAction(e -> useRecommended());
        hotValues.setId("shardingHotValues");
        hotValues.getStyleClass().add("reasoning");
        useHot.setId("shardingUseHotValues");
        useHot.setOnAction(e -> {
            ShardingViewModel.Outcome o = vm.outcomeProperty().get();
            if (o != null && o.hotValues() != null && o.hotValues().spec() != null) {
                vm.specs().get(0).set(o.hotValues().spec());
            }
        });
        Fx.show(hotValues, false);
        Fx.show(useHot, false);
        calc.getChildren().addAll(calcTitle, recommended, reasoning, use, hotValues, useHot);

        inputs.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox top = new HBox(16, inputs, calc);
        HBox.setHgrow(calc, Priority.ALWAYS);

        GridPane compare = new GridPane();
        compare.setHgap(12);
        compare.setVgap(12);
        ColumnConstraints half = new ColumnConstraints();
        half.setPercentWidth(50);
        compare.getColumnConstraints().setAll(half, half);
        for (int i = 0; i < vm.specs().size(); i++) {
            SchemeCard card = new SchemeCard(i, vm.specs().get(i));
            cards.add(card);
            compare.add(card, i % 2, i / 2);
            vm.specs().get(i).addListener((obs, old, now) -> debounce.playFromStart());
        }
        compare.setId("shardingCompare");
        for (var p : List.of(
                vm.baseKeyProperty(),
                vm.separatorProperty(),
                vm.writesPerSecondProperty(),
                vm.itemBytesProperty(),
                vm.readsPerSecondProperty())) {
            p.addListener((obs, old, now) -> debounce.playFromStart());
        }
        // The schemes right under the inputs and N, where the eye goes next (and above the fold at 1,280 × 800);
        // the predicted heatmap and the Lab trial of the first scheme follow.
        content.getChildren().addAll(header, top, message, compare, predicted, new TrialPane(vm));
    }

    private static Label label(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("muted");
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty p, double width, String tip) {
        TextField f = new TextField();
        f.setId(id);
        f.textProperty().bindBidirectional(p);
        f.setPrefWidth(width);
        f.setMinWidth(width);
        f.setMaxWidth(width);
        f.setTooltip(new Tooltip(tip));
        return f;
    }

    private void show(ShardingViewModel.Outcome o) {
        if (o == null) {
            return;
        }
        if (o.inputError() != null) {
            message.show(
                    UserMessage.of(
                            "Check the inputs",
                            o.inputError(),
                            "Fix the field above; the preview" + " updates as you type."),
                    MessageBox.Kind.WARNING);
        } else {
            message.show(null);
        }
        if (o.recommendation() != null) {
            recommended.setText(
                    o.recommendation().shard()
                            ? "Shard into N = " + o.recommendation().shards()
                            : "Don't shard: one key carries this load");
            reasoning.setText(o.recommendation().text());
        }
        String firstSpec = o.results().stream()
                .filter(r -> r.error() == null)
                .map(ShardingViewModel.Result::spec)
                .findFirst()
                .orElse("");
        predicted.show(o.heat(), vm.baseKeyProperty().get(), firstSpec);
        boolean hot = o.hotValues() != null;
        Fx.show(hotValues, hot);
        Fx.show(useHot, hot && o.hotValues().spec() != null);
        if (hot) {
            hotValues.setText((o.hotValues().spec() == null
                            ? "No value of this index needs sharding. "
                            : "Shard only the hot values: " + o.hotValues().spec() + ". ")
                    + o.hotValues().text());
        }
        for (int i = 0; i < cards.size(); i++) {
            cards.get(i).show(i < o.results().size() ? o.results().get(i) : null, o.before());
        }
    }

    private void useRecommended() {
        ShardingViewModel.Outcome o = vm.outcomeProperty().get();
        if (o == null || o.recommendation() == null || !o.recommendation().shard()) {
            return;
        }
        int n = o.recommendation().shards();
        List<String> specs = List.of("hash:" + n, "sum:" + n, "random:" + n, "product:" + n);
        for (int i = 0; i < specs.size() && i < vm.specs().size(); i++) {
            vm.specs().get(i).set(specs.get(i));
        }
    }

    private void pasteIds() {
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(root.getScene().getWindow());
        d.setTitle("Paste ids");
        TextArea area = new TextArea();
        area.setId("shardingPasteArea");
        area.setPromptText("one id per line, optionally: id, 2026-06-22T10:00:00Z");
        area.setPrefSize(520, 320);
        d.getDialogPane().setContent(area);
        d.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> setIds(area.getText(), "the clipboard"));
    }

    void setIds(String text, String source) {
        try {
            vm.setIds(text, source);
        } catch (IllegalArgumentException e) {
            message.show(
                    UserMessage.of(
                            "Those ids were not taken",
                            e.getMessage(),
                            "Fix the line and paste again;" + " the previous ids stay."),
                    MessageBox.Kind.ERROR);
        }
    }

    private void loadIds() {
        files.openFile(root.getScene().getWindow(), "Load ids", TEXT)
                .ifPresent(path -> vm.loadIds(
                        path,
                        e -> message.show(
                                UserMessage.of(
                                        "Could not load " + path.getFileName(),
                                        e instanceof IOException
                                                ? path.toAbsolutePath() + ": " + FileExport.reason(e)
                                                : e.getMessage(),
                                        "Pick a text" + " file with one id per line."),
                                MessageBox.Kind.ERROR)));
    }

    String markdown() {
        return DesignReport.markdown(vm);
    }

    private void saveMarkdown() {
        files.saveFile(
                        root.getScene().getWindow(),
                        "Export the design as Markdown",
                        "sharding-" + safe(vm.baseKeyProperty().get()) + ".md",
                        MARKDOWN)
                .ifPresent(path -> write(path, markdown()));
    }

    private void savePng() {
        files.saveFile(
                        root.getScene().getWindow(),
                        "Export the comparison as PNG",
                        "sharding-" + safe(vm.baseKeyProperty().get()) + ".png",
                        PNG)
                .ifPresent(path -> {
                    // The snapshot is taken here, on the FX thread; encoding and writing run on the task runner.
                    javafx.scene.SnapshotParameters p = new javafx.scene.SnapshotParameters();
                    p.setTransform(javafx.scene.transform.Transform.scale(2, 2));
                    fileExport.save(path, FileExport.png(content.snapshot(p, null)), message);
                });
    }

    private static String label(Language l) {
        return switch (l) {
            case JAVA -> "Java";
            case TYPESCRIPT -> "TypeScript";
            case PYTHON -> "Python";
        };
    }

    /** Saves the generated files: the first where the user says, the others (reader modules) beside it. */
    void saveCode(Language language) {
        List<GeneratedFile> code;
        try {
            code = vm.code(language);
        } catch (IllegalStateException e) {
            message.show(
                    UserMessage.of("Nothing to export", e.getMessage(), "Type a scheme that previews."),
                    MessageBox.Kind.WARNING);
            return;
        }
        GeneratedFile first = code.get(0);
        String ext = first.path().substring(first.path().lastIndexOf('.') + 1);
        files.saveFile(
                        root.getScene().getWindow(),
                        "Export " + label(language) + " code",
                        first.path(),
                        new FileDialogs.Type(label(language) + " source", ext))
                .ifPresent(path -> {
                    Path dir = path.toAbsolutePath().getParent();
                    List<FileExport.Output> outputs = new ArrayList<>();
                    outputs.add(new FileExport.Output(path, FileExport.text(first.content())));
                    for (GeneratedFile f : code.subList(1, code.size())) {
                        outputs.add(new FileExport.Output(dir.resolve(f.path()), FileExport.text(f.content())));
                    }
                    fileExport.save(outputs, message);
                });
    }

    private void write(Path path, String text) {
        fileExport.save(path, FileExport.text(text), message);
    }

    private static String safe(String s) {
        String t = s == null ? "" : s.replaceAll("[^A-Za-z0-9_.-]+", "_");
        return t.isEmpty() ? "key" : t;
    }

    public Node root() {
        return root;
    }

    List<SchemeCard> cards() {
        return cards;
    }
}
