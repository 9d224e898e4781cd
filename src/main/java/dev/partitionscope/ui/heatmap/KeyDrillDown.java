package dev.partitionscope.ui.heatmap;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.InsightsReader;
import dev.partitionscope.aws.TrafficLoader;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.KeySeries;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.MatrixViews;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.common.chart.TimeChart;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import dev.partitionscope.ui.session.DesignerHandOver;
import dev.partitionscope.ui.task.TaskHandle;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A heatmap row up close: its time series (per-minute rate against the partition ceiling, throttles), the sort-key
 * heat inside the key when partition + sort key reports exist (read on demand: they are billed on AWS), and
 * "Open in sharding designer" with the key pre-filled. Merged rows show their members' sum.
 */
final class KeyDrillDown {
    private KeyDrillDown() {}

    static Stage show(Window owner, HeatmapViewModel vm, HeatPipeline.Result view, int row, ZoneId zone) {
        HeatRow heatRow = view.grid().row(row);
        List<RowKey> members = view.grid().members(row);
        KeyTimeMatrix full = view.full();
        int columns = full.columns();
        double[] values = new double[columns];
        double[] throttles = new double[columns];
        for (RowKey k : members) {
            KeySeries s = MatrixViews.keySeries(full, k);
            for (int c = 0; c < columns; c++) {
                values[c] += s.values()[c];
                throttles[c] += s.throttles()[c];
            }
        }
        double minutes = full.bucketSeconds() / 60.0;
        double[] perMinute = new double[columns];
        for (int c = 0; c < columns; c++) {
            perMinute[c] = full.unit().perMinute() ? values[c] / minutes : values[c];
        }
        String name = heatRow.other()
                ? "Other keys"
                : heatRow.merged() ? heatRow.label() : heatRow.first().label();

        Label heading = new Label(name);
        heading.getStyleClass().add("title-3");
        heading.setId("drillKey");
        heading.setWrapText(true);
        Label where =
                new Label(heatRow.resourceLabel() + (heatRow.merged() ? " · " + members.size() + " keys summed" : ""));
        where.getStyleClass().add("muted");

        TimeChart rate = new TimeChart("Per-minute rate", full.unit().label());
        rate.setId("drillRate");
        rate.setValueUnit(full.unit().label());
        List<TimeChart.Series> rateSeries = new ArrayList<>();
        rateSeries.add(new TimeChart.Series(name, "chart-write", TimeChart.Kind.LINE, perMinute));
        if (!Double.isNaN(full.unit().ceiling())) {
            double[] ceiling = new double[columns];
            java.util.Arrays.fill(ceiling, full.unit().ceiling());
            rateSeries.add(new TimeChart.Series(
                    "partition ceiling (100 %)", "chart-limit", TimeChart.Kind.DASHED_LINE, ceiling));
        }
        rate.setData(full.start(), full.bucketSeconds(), rateSeries, zone);
        rate.setPrefHeight(230);
        TimeChart throttled = new TimeChart("Throttled requests", "requests per " + bucketLabel(full));
        throttled.setId("drillThrottles");
        throttled.setValueUnit("throttled requests");
        throttled.setData(
                full.start(),
                full.bucketSeconds(),
                List.of(new TimeChart.Series("throttled", "chart-keyrange", TimeChart.Kind.STACKED_BAR, throttles)),
                zone);
        throttled.setPrefHeight(170);

        VBox sortKeys = sortKeyPane(vm, heatRow, members, zone);

        Button designer = new Button("Open in sharding designer", Icons.of("mdi2s-source-branch", 16));
        designer.setId("drillDesigner");
        designer.setDisable(heatRow.other() || heatRow.merged());
        Button copy = new Button("Copy key", Icons.of("mdi2c-content-copy", 16));
        copy.setDisable(heatRow.other() || heatRow.merged());
        copy.setOnAction(e -> Fx.copy(heatRow.first().partitionKey()));
        Button close = new Button("Close");
        close.setCancelButton(true);
        HBox buttons = new HBox(8, designer, copy, new Pane(), close);
        HBox.setHgrow(buttons.getChildren().get(2), Priority.ALWAYS);
        buttons.setAlignment(Pos.CENTER_LEFT);

        VBox body = new VBox(10, heading, where, rate, throttled, sortKeys, buttons);
        body.setPadding(new Insets(16));
        body.setId("drillDown");
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.NONE);
        stage.setTitle("Key · " + name);
        Scene scene = new Scene(body, 820, 680);
        Theme.style(scene);
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                stage.close();
            }
        });
        close.setOnAction(e -> stage.close());
        designer.setOnAction(e -> {
            stage.close();
            vm.main().openInDesigner(handOver(heatRow.first(), full, values, throttles));
        });
        stage.setScene(scene);
        stage.show();
        return stage;
    }

    /**
     * The key with the write rate it was offered at its busiest bucket, estimated from what Contributor Insights
     * has: consumed units as WCU (units ÷ 3, i.e. every unit a write of ≤ 1 KB) plus the throttled requests. A
     * throttled key's consumption is capped at the ceiling, so the throttles are what shows how much more came.
     */
    static DesignerHandOver handOver(RowKey row, KeyTimeMatrix m, double[] values, double[] throttles) {
        String key = row.partitionKey();
        if (m.unit() != MatrixUnit.CONSUMED_UNITS_PER_MINUTE) {
            return DesignerHandOver.of(key);
        }
        double seconds = m.bucketSeconds();
        double[] series = new double[values.length];
        int peak = 0;
        for (int c = 0; c < values.length; c++) {
            series[c] = offered(values[c], throttles[c], seconds);
            if (series[c] > series[peak]) {
                peak = c;
            }
        }
        if (!(series.length > 0 && series[peak] > 0)) {
            return DesignerHandOver.of(key);
        }
        double wcu = values[peak] / 3 / seconds;
        double throttled = throttles[peak] / seconds;
        String note = String.format(
                java.util.Locale.ROOT,
                "peak ≈ %,.0f writes/s (%,.0f WCU/s consumed + %,.0f" + " throttled requests/s; assumes writes ≤ 1 KB)",
                Math.ceil(series[peak]),
                wcu,
                throttled);
        return new DesignerHandOver(
                key, Math.ceil(series[peak]), note, series, otherValues(row, m), m.start(), m.bucketSeconds());
    }

    /** Offered writes/s of one bucket: consumed units as WCU (÷ 3) plus the requests that were throttled. */
    private static double offered(double units, double throttled, double seconds) {
        return units / 3 / seconds + throttled / seconds;
    }

    /** The peak offered writes/s of every other key of the same table or index, the busiest 50. */
    private static java.util.Map<String, Double> otherValues(RowKey row, KeyTimeMatrix m) {
        java.util.Map<String, Double> peaks = new java.util.HashMap<>();
        double seconds = m.bucketSeconds();
        for (int r = 0; r < m.rowCount(); r++) {
            RowKey k = m.row(r);
            if (k.other()
                    || k.sortKey() != null
                    || k.partitionKey().equals(row.partitionKey())
                    || !k.table().equals(row.table())
                    || !Objects.equals(k.index(), row.index())) {
                continue;
            }
            double[] best = {0};
            m.forEachCell(
                    r,
                    (column, value, throttles) ->
                            best[0] = Math.max(best[0], offered(value, (double) throttles, seconds)));
            peaks.put(k.partitionKey(), best[0]);
        }
        return peaks.entrySet().stream()
                .sorted(java.util.Map.Entry.<String, Double>comparingByValue().reversed())
                .limit(50)
                .collect(java.util.stream.Collectors.toMap(java.util.Map.Entry::getKey, java.util.Map.Entry::getValue));
    }

    private static String bucketLabel(KeyTimeMatrix m) {
        return dev.partitionscope.core.metrics.MetricPeriod.label(m.bucketSeconds());
    }

    /** The sort-key heat of the row's keys: read on demand from the partition + sort key rules. */
    private static VBox sortKeyPane(HeatmapViewModel vm, HeatRow row, List<RowKey> members, ZoneId zone) {
        Label heading = new Label("Sort keys inside this key");
        heading.getStyleClass().add("title-4");
        Label note = new Label();
        note.getStyleClass().add("muted");
        note.setWrapText(true);
        note.setId("drillSortKeyNote");
        HeatmapCanvas heat = new HeatmapCanvas();
        heat.setId("drillSortKeyHeat");
        heat.setPrefHeight(220);
        heat.setMinHeight(180);
        heat.setZone(zone);
        StackPane holder = new StackPane(heat);
        Fx.show(holder, false);
        Button load = new Button("Read sort-key reports", Icons.of("mdi2d-download-outline", 16));
        load.setId("drillSortKeyLoad");
        VBox box = new VBox(6, heading, note, load, holder);
        TrafficLoader.Traffic t = vm.traffic();
        if (t == null || t.request() == null || row.other()) {
            note.setText(row.other() ? "The other-keys row has no sort keys of its own." : "Nothing loaded yet.");
            Fx.show(load, false);
            return box;
        }
        Resource resource = new Resource(row.table(), row.index());
        List<ContributorInsightsState> states = t.states().stream()
                .filter(s -> s.tableName().equals(resource.table()) && Objects.equals(s.indexName(), resource.index()))
                .toList();
        boolean hasRules = states.stream().anyMatch(s -> InsightsReader.rules(s).stream()
                .anyMatch(r -> InsightsReader.SORT_KEY_RULES.contains(r.kind())));
        if (!hasRules) {
            note.setText(resource.label() + " has no partition + sort key rules (a table without a sort key, or"
                    + " Contributor Insights off): there is no sort-key heat to show.");
            Fx.show(load, false);
            return box;
        }
        boolean aws = vm.main().getConnection() != null
                && vm.main().getConnection().spec().kind() == ConnectionKind.AWS;
        note.setText("Which sort keys inside the key take the load (SKC/SKT rules)."
                + (aws ? " Reading them is as many billed GetInsightRuleReport calls again as the heatmap made." : ""));
        TaskHandle[] task = {TaskHandle.NONE};
        load.setOnAction(e -> {
            load.setDisable(true);
            note.setText("Reading partition + sort key reports…");
            InsightsReader.Request request = new InsightsReader.Request(
                    states,
                    t.request().start(),
                    t.request().periodSeconds(),
                    t.request().columns(),
                    t.request().tableUnitsPerBucket(),
                    InsightsReader.SORT_KEY_RULES,
                    t.request().maxSubWindows());
            var connection = vm.main().getConnection();
            task[0] = vm.main()
                    .tasks()
                    .run(
                            "Reading sort-key reports",
                            ctx -> new InsightsReader(connection)
                                    .load(
                                            request,
                                            ctx::isCancelled,
                                            (done, total) -> ctx.progress(
                                                    (double) done / total, "Sort-key report " + done + " of " + total)),
                            result -> {
                                KeyTimeMatrix sk = result.sortKeys().get(resource);
                                List<RowKey> keys = new ArrayList<>();
                                if (sk != null) {
                                    for (int r = 0; r < sk.rowCount(); r++) {
                                        RowKey k = sk.row(r);
                                        if (!k.other()
                                                && members.stream().anyMatch(m -> m.partitionKey()
                                                        .equals(k.partitionKey()))) {
                                            keys.add(k);
                                        }
                                    }
                                }
                                if (keys.isEmpty()) {
                                    note.setText("No sort key of this key was in any sub-window's top 25.");
                                    return;
                                }
                                KeyTimeMatrix mine = MatrixViews.slice(sk, keys, 0, sk.columns());
                                heat.setGrid(RowBucketing.bucket(mine, 200, RowBucketing.ALL_COLUMNS));
                                heat.setScale(HeatScale.absolute(mine.unit()));
                                note.setText(keys.size() + " sort key" + (keys.size() == 1 ? "" : "s")
                                        + " of this key were in some" + " sub-window's top 25.");
                                Fx.show(load, false);
                                Fx.show(holder, true);
                            },
                            failure -> {
                                load.setDisable(false);
                                note.setText(
                                        ErrorTranslator.translate(failure, connection.spec(), "GetInsightRuleReport")
                                                .asText());
                            });
        });
        box.sceneProperty().addListener((obs, old, now) -> {
            if (now == null) {
                task[0].cancel();
            }
        });
        return box;
    }
}
