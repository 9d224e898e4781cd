package dev.partitionscope.ui.audit;

import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.audit.Advisor;
import dev.partitionscope.core.audit.PatternStats;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.FileExport;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.session.ShellActions;
import dev.partitionscope.ui.session.TableScreenState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The key audit: budget and caps, Run (Ctrl+Enter) with progress and Cancel (Esc), then the risk matrix (riskiest
 * first), the findings with "Open in designer", and the key patterns of each table and GSI; Copy Markdown, export
 * Markdown or CSV.
 */
public final class AuditView {
    static final FileDialogs.Type MARKDOWN = new FileDialogs.Type("Markdown file", "md");
    static final FileDialogs.Type CSV = new FileDialogs.Type("CSV file", "csv");

    private final AuditViewModel vm;
    private final Session main;
    private final ShellActions actions;
    private final FileDialogs files;
    private final FileExport fileExport;
    private final StackPane root = new StackPane();
    private final EmptyState empty = new EmptyState();
    private final VBox content = new VBox(8);
    private final MessageBox message = new MessageBox();
    private final Label progressText = new Label();
    private final ProgressBar progressBar = new ProgressBar();
    private final TableView<Advisor.RiskRow> matrix = new TableView<>();
    private final VBox findings = new VBox(6);
    private final TableView<Row> patterns = new TableView<>();

    /** A pattern row with the resource it was sampled from. */
    record Row(String resource, PatternStats stats) {}

    public AuditView(AuditViewModel vm, ShellActions actions, FileDialogs files) {
        this.vm = vm;
        this.main = vm.main();
        this.actions = actions;
        this.files = files;
        this.fileExport = new FileExport(vm.main().tasks());
        root.setId("auditScreen");
        build();
        root.getChildren().addAll(content, empty);
        main.connectionProperty().addListener((obs, old, now) -> updateState());
        main.tableShapeProperty().addListener((obs, old, now) -> updateState());
        main.selectedTableProperty().addListener((obs, old, now) -> updateState());
        updateState();
        Fx.sceneKeyFilter(root, (KeyEvent e) -> {
            if (e.getCode() == KeyCode.ENTER && e.isShortcutDown()) {
                vm.run();
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE && vm.runningProperty().get()) {
                vm.cancel();
                e.consume();
            }
        });
    }

    private void updateState() {
        boolean show = TableScreenState.apply(
                empty,
                main,
                actions,
                Screen.AUDIT,
                "Connect to AWS, LocalStack or the" + " built-in Lab to audit a table's key patterns.",
                "Choose a table in the top bar (Ctrl+T): its"
                        + " keys are sampled under a read budget and checked for hot partitions.");
        Fx.show(empty, !show);
        content.setVisible(show);
        content.setDisable(!show);
    }

    private void build() {
        content.setStyle("-fx-padding: 12");
        Label title = new Label("Key audit");
        title.getStyleClass().add("screen-title");
        Hyperlink cancel = new Hyperlink("Cancel");
        cancel.setId("auditCancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.setTooltip(new Tooltip("Stop sampling (Esc): the audit reports on what was sampled"));
        Fx.bindShown(cancel, vm.runningProperty());
        Button run = new Button("Run audit", Icons.of("mdi2p-play", 16));
        run.setId("auditRun");
        run.getStyleClass().add("accent");
        run.setTooltip(new Tooltip("Sample the table and its GSIs and advise (Ctrl+Enter)"));
        run.setOnAction(e -> vm.run());
        run.disableProperty().bind(vm.runningProperty());
        Button resume = new Button("Resume", Icons.of("mdi2p-play-pause", 16));
        resume.setId("auditResume");
        resume.setTooltip(new Tooltip("Sample the rest: each table and GSI continues where it stopped"));
        resume.setOnAction(e -> vm.resume());
        resume.visibleProperty()
                .bind(javafx.beans.binding.Bindings.createBooleanBinding(
                                vm::resumable, vm.resultProperty(), vm.savedInProperty())
                        .and(vm.runningProperty().not()));
        resume.managedProperty().bind(resume.visibleProperty());
        Button copy = new Button("Copy Markdown", Icons.of("mdi2c-content-copy", 16));
        copy.setId("auditCopyMarkdown");
        copy.setOnAction(e -> Fx.copy(vm.markdown()));
        Button md = new Button("Markdown…", Icons.of("mdi2l-language-markdown-outline", 16));
        md.setId("auditExportMarkdown");
        md.setOnAction(e -> export(MARKDOWN, vm.markdown()));
        Button csv = new Button("CSV…", Icons.of("mdi2f-file-delimited-outline", 16));
        csv.setId("auditExportCsv");
        csv.setOnAction(e -> export(CSV, vm.csv()));
        for (Button b : List.of(copy, md, csv)) {
            b.disableProperty().bind(vm.resultProperty().isNull());
        }
        HBox header = new HBox(10, title, new Pane(), cancel, resume, copy, md, csv, run);
        HBox.setHgrow(header.getChildren().get(1), Priority.ALWAYS);
        header.setAlignment(Pos.CENTER_LEFT);

        CheckBox indexes = new CheckBox("GSIs too");
        indexes.setId("auditIndexes");
        indexes.selectedProperty().bindBidirectional(vm.indexesProperty());
        CheckBox insights = new CheckBox("Contributor Insights load");
        insights.setId("auditInsights");
        insights.selectedProperty().bindBidirectional(vm.insightsProperty());
        insights.setTooltip(new Tooltip("Join each pattern's load from Contributor Insights over the top bar's time"
                + " range (billed per report on AWS)"));
        CheckBox stream = new CheckBox("from the stream");
        stream.setId("auditStreamLoad");
        stream.selectedProperty().bindBidirectional(vm.streamLoadProperty());
        stream.disableProperty().bind(vm.insightsProperty().not());
        stream.setTooltip(new Tooltip("Join each pattern's writes from the table's DynamoDB stream instead of"
                + " Contributor Insights (the load's source then says \"DynamoDB stream\"; no reads, no throttles; GSIs"
                + " get no load). " + dev.partitionscope.ui.common.StreamTexts.RATE_NOTE));
        FlowPane inputs = new FlowPane(
                10,
                6,
                Fx.labeledField(
                        "Read budget (RCU/s)",
                        "auditBudget",
                        vm.budgetProperty(),
                        90,
                        "Empty: 5 % of the table's provisioned reads, or 100 RCU/s on on-demand. 0: no budget.",
                        "default"),
                Fx.labeledField("Segments", "auditSegments", vm.segmentsProperty(), 50, "Parallel Scan segments", null),
                Fx.labeledField(
                        "Item cap",
                        "auditItemCap",
                        vm.itemCapProperty(),
                        80,
                        "Items per table or index; 0:" + " no cap",
                        null),
                Fx.labeledField(
                        "Time cap (s)",
                        "auditTimeCap",
                        vm.timeCapProperty(),
                        60,
                        "Seconds per" + " table or index; empty: no cap",
                        "none"),
                indexes,
                insights,
                stream);
        inputs.setAlignment(Pos.CENTER_LEFT);

        progressText.setId("auditProgress");
        progressText.setWrapText(true);
        progressText.textProperty().bind(vm.progressProperty());
        progressBar.progressProperty().bind(vm.fractionProperty());
        progressBar.setPrefWidth(240);
        Fx.bindShown(progressBar, vm.runningProperty());
        HBox progress = new HBox(10, progressBar, progressText);
        progress.setAlignment(Pos.CENTER_LEFT);

        matrix.setId("auditMatrix");
        matrix.getStyleClass().add("dense");
        matrix.setPlaceholder(new Label("Run the audit to see each key pattern's risk"));
        matrix.getColumns()
                .setAll(List.of(
                        Fx.textColumn("Pattern", Advisor.RiskRow::pattern, 200),
                        Fx.textColumn("Where", Advisor.RiskRow::resource, 120),
                        Fx.textColumn(
                                "Risk",
                                r -> r.risk().name().charAt(0)
                                        + r.risk().name().substring(1).toLowerCase(Locale.ROOT),
                                70),
                        Fx.textColumn("Cardinality", Advisor.RiskRow::cardinality, 160),
                        Fx.textColumn("Peak (% of the key ceiling)", Advisor.RiskRow::peak, 300),
                        Fx.textColumn("Burst exposure", Advisor.RiskRow::burst, 150),
                        Fx.textColumn("Growth", Advisor.RiskRow::growth, 150),
                        Fx.textColumn("Why", Advisor.RiskRow::reason, 360)));
        matrix.setPrefHeight(200);

        findings.setId("auditFindings");
        Label findingsTitle = new Label("Findings");
        findingsTitle.setId("auditFindingsTitle");
        findingsTitle.getStyleClass().add("title-4");
        // No heading over nothing: before a run (and for a run with no findings) the title stays away.
        Fx.bindShown(findingsTitle, javafx.beans.binding.Bindings.isNotEmpty(findings.getChildren()));

        patterns.setId("auditPatterns");
        patterns.getStyleClass().add("dense");
        patterns.setPlaceholder(new Label("The sampled key patterns appear here"));
        patterns.getColumns()
                .setAll(List.of(
                        Fx.textColumn("Where", Row::resource, 120),
                        Fx.textColumn("Pattern", r -> r.stats().template(), 200),
                        Fx.textColumn(
                                "Items sampled",
                                r -> String.format(
                                        Locale.ROOT,
                                        "%,d (%.0f %%)",
                                        r.stats().itemsSampled(),
                                        r.stats().itemShare() * 100),
                                120),
                        Fx.textColumn(
                                "Keys (est.)",
                                r -> r.stats().cardinalityError() > 0
                                        ? String.format(
                                                Locale.ROOT,
                                                "≈ %,d ± %.1f %%",
                                                r.stats().estimatedCardinality(),
                                                r.stats().cardinalityError() * 100)
                                        : String.format(
                                                Locale.ROOT, "%,d", r.stats().estimatedCardinality()),
                                130),
                        Fx.textColumn(
                                "Busiest key",
                                r -> r.stats().topKeys().isEmpty()
                                        ? ""
                                        : r.stats().topKeys().get(0).key()
                                                + String.format(
                                                        Locale.ROOT,
                                                        " (%.0f %%)",
                                                        r.stats().topKeyShare() * 100),
                                200),
                        Fx.textColumn(
                                "Item size p50 / p99",
                                r -> String.format(
                                        Locale.ROOT,
                                        "%,d B / %,d B",
                                        r.stats().itemBytes().p50(),
                                        r.stats().itemBytes().p99()),
                                150),
                        Fx.textColumn(
                                "One write / read",
                                r -> units(r.stats().costAtP50().writeUnits()) + " WCU / "
                                        + units(r.stats().costAtP50().strongReadUnits()) + " RCU",
                                140)));
        // Both tables fill their width (at 1,920 px a fifth of it stood empty while patterns and peaks were cut),
        // shared in proportion to the columns' widths, never below a header's words.
        matrix.setColumnResizePolicy(javafx.scene.control.TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        patterns.setColumnResizePolicy(javafx.scene.control.TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        Fx.keepHeadersWhole(patterns);
        Fx.keepHeadersWhole(matrix);
        VBox.setVgrow(patterns, Priority.ALWAYS);
        Label patternsTitle = new Label("Key patterns");
        patternsTitle.getStyleClass().add("title-4");
        Label matrixTitle = new Label("Risk matrix");
        matrixTitle.getStyleClass().add("title-4");

        vm.resultProperty().addListener((obs, old, now) -> show(now));
        vm.savedInProperty()
                .addListener((obs, old, now) -> show(vm.resultProperty().get()));
        vm.errorProperty().addListener((obs, old, now) -> message.show(now, MessageBox.Kind.ERROR));
        content.getChildren()
                .addAll(
                        header,
                        inputs,
                        progress,
                        message,
                        matrixTitle,
                        matrix,
                        findingsTitle,
                        findings,
                        patternsTitle,
                        patterns);
    }

    private void show(KeyAudit.Result r) {
        findings.getChildren().clear();
        if (r == null) {
            matrix.getItems().clear();
            patterns.getItems().clear();
            return;
        }
        matrix.getItems().setAll(r.advice().matrix());
        List<Row> rows = new ArrayList<>();
        for (KeyAudit.ResourceAudit a : r.resources()) {
            a.patterns().forEach(p -> rows.add(new Row(a.label(), p)));
        }
        patterns.getItems().setAll(rows);
        if (r.advice().findings().isEmpty()) {
            findings.getChildren().add(new Label("No pattern needs a change."));
        }
        for (Advisor.Finding f : r.advice().findings()) {
            Label text = new Label(f.message());
            text.setWrapText(true);
            text.setMaxWidth(Double.MAX_VALUE);
            // All its lines, always: when the screen is short, the patterns table gives up height, not the advice.
            text.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            Label severity = new Label(f.severity().name());
            severity.getStyleClass()
                    .addAll(
                            "audit-severity",
                            switch (f.severity()) {
                                case HIGH -> "danger";
                                case MEDIUM -> "warning";
                                case LOW -> "success";
                            });
            severity.setMinWidth(64);
            severity.setStyle("-fx-font-weight: bold; -fx-text-fill: "
                    + switch (f.severity()) {
                        case HIGH -> "-color-danger-fg";
                        case MEDIUM -> "-color-warning-fg";
                        case LOW -> "-color-success-fg";
                    });
            HBox line = new HBox(10, severity, text);
            HBox.setHgrow(text, Priority.ALWAYS);
            line.setAlignment(Pos.CENTER_LEFT);
            if (f.action() == Advisor.Action.SHARD) {
                Button open = new Button("Open in designer", Icons.of("mdi2s-source-branch", 14));
                open.getStyleClass().add("small");
                open.setTooltip(new Tooltip("The sharding designer with this key, its rate and the advice"
                        + (f.suggestedScheme() == null ? "" : " (" + f.suggestedScheme() + ")")));
                open.setOnAction(e -> vm.openInDesigner(f));
                open.setMinWidth(Button.USE_PREF_SIZE);
                line.getChildren().add(open);
            }
            findings.getChildren().add(line);
        }
        String savedIn = vm.savedInProperty().get();
        if (savedIn != null) {
            message.show(
                    UserMessage.of(
                            "The audit saved in " + savedIn,
                            "The risk matrix, findings and key"
                                    + " patterns as they were when the file was saved"
                                    + (r.complete() ? "." : ", from a partial sample."),
                            "Read-only: it cannot"
                                    + " be resumed or sampled again from the file. Run the audit on the table's endpoint for a fresh"
                                    + " one."),
                    MessageBox.Kind.INFO);
            return;
        }
        message.show(
                r.complete()
                        ? null
                        : UserMessage.of(
                                "The sample is partial",
                                AuditViewModel.summary(r),
                                "Raise the caps or run again to sample more."),
                MessageBox.Kind.WARNING);
    }

    private static String units(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private void export(FileDialogs.Type type, String text) {
        String table = main.selectedTableProperty().get();
        files.saveFile(
                        root.getScene().getWindow(),
                        "Export the audit",
                        "audit-" + (table == null ? "table" : table.replaceAll("[^A-Za-z0-9._-]", "_")) + "."
                                + type.extension(),
                        type)
                .ifPresent(path -> write(path, text));
    }

    private void write(Path path, String text) {
        fileExport.save(path, FileExport.text(text), message);
    }

    public Node root() {
        return root;
    }
}
