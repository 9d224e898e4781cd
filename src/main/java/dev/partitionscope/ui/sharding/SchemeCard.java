package dev.partitionscope.ui.sharding;

import dev.partitionscope.core.design.Prediction;
import dev.partitionscope.core.design.ReadCost;
import dev.partitionscope.core.design.SchemePreview;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.StringProperty;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/**
 * One compared scheme: its spec (editable), the per-shard histogram, the spread in numbers, the verdict, the
 * partition model's before/after and the read side's cost. Shows the spec's problem instead when it has one.
 */
final class SchemeCard extends VBox {
    private final TextField spec = new TextField();
    private final Label error = new Label();
    private final ShardHistogram histogram = new ShardHistogram();
    private final Label spread = new Label();
    private final Label verdict = new Label();
    private final Label prediction = new Label();
    private final Label reads = new Label();
    private final Label minutes = new Label();

    SchemeCard(int index, StringProperty specText) {
        super(6);
        getStyleClass().add("scheme-card");
        setId("scheme-" + index);
        spec.setId("schemeSpec-" + index);
        spec.textProperty().bindBidirectional(specText);
        spec.setPromptText("e.g. hash:8, day+hash:8, PENDING,SHIPPED:hash:8");
        spec.setTooltip(new Tooltip("random:N · sum:N · product:N · hash:N (MurmurHash3 x86_32) · hour · day · month,"
                + " joined with + (day+hash:8); hot values only: PENDING,SHIPPED:hash:8. N ≤ 10,000."));
        error.getStyleClass().add("scheme-error");
        error.setId("schemeError-" + index);
        spread.setId("schemeSpread-" + index);
        spread.setWrapText(true);
        verdict.getStyleClass().add("scheme-verdict");
        verdict.setId("schemeVerdict-" + index);
        prediction.setId("schemePrediction-" + index);
        prediction.setWrapText(true);
        reads.setId("schemeReads-" + index);
        reads.setWrapText(true);
        minutes.setId("schemeMinutes-" + index);
        minutes.setWrapText(true);
        histogram.setId("schemeHistogram-" + index);
        histogram.setPrefHeight(200);
        getChildren().addAll(spec, error, histogram, spread, verdict, prediction, minutes, reads);
    }

    /** @param before how the handed-over minutes fare on one key, or null when none were handed over */
    void show(ShardingViewModel.Result r, Prediction.OverTime before) {
        boolean ok = r != null && r.error() == null;
        error.setText(r == null || ok ? "" : r.error());
        error.setVisible(!ok && r != null);
        error.setManaged(!ok && r != null);
        for (var n : List.of(histogram, spread, verdict, prediction, reads)) {
            n.setVisible(ok);
            n.setManaged(ok);
        }
        if (!ok) {
            return;
        }
        SchemePreview p = r.preview();
        List<ShardHistogram.Bar> bars = new ArrayList<>();
        for (SchemePreview.Shard s : p.shards()) {
            bars.add(new ShardHistogram.Bar(s.suffix(), s.count(), s.share()));
        }
        histogram.setData(r.spec() + " — " + String.format(Locale.ROOT, "%,d ids", p.ids()), bars, p.possibleShards());
        spread.setText(String.format(
                Locale.ROOT,
                "%,d of %,d keys used · busiest %s of the ids · max ÷ mean %.2f",
                p.distinctShards(),
                p.possibleShards(),
                ShardHistogram.percent(p.maxShare()),
                p.maxToMean()));
        verdict.setText(p.verdict());
        verdict.getStyleClass().removeAll("good", "bad");
        Prediction pr = r.prediction();
        boolean throttles =
                pr.writesAfter().throttledShare() > 0 || pr.readsAfter().throttledShare() > 0;
        verdict.getStyleClass().add(throttles || p.maxToMean() > 2 ? "bad" : "good");
        prediction.setText(predictionText(pr));
        reads.setText(readText(r.readCost()));
        boolean timed = r.overTime() != null && before != null;
        minutes.setVisible(timed);
        minutes.setManaged(timed);
        if (timed) {
            minutes.setText(String.format(
                    Locale.ROOT,
                    "Over the heatmap's minutes: %,d minutes would throttle, %s"
                            + " of the writes (on one key: %,d minutes, %s); peak minute %,.0f writes/s",
                    r.overTime().throttledMinutes(),
                    ShardHistogram.percent(r.overTime().throttledShare()),
                    before.throttledMinutes(),
                    ShardHistogram.percent(before.throttledShare()),
                    r.overTime().peak().writesPerSecond()));
        }
        reads.setTooltip(new Tooltip(r.readCost().pointReadText() + "\n"
                + r.readCost().gsiText() + "\n" + r.readCost().migrationText()));
    }

    static String predictionText(Prediction pr) {
        StringBuilder sb = new StringBuilder();
        if (pr.writesBefore().unitsPerSecond() > 0) {
            sb.append(line("Writes", pr.writesBefore(), pr.writesAfter(), "WCU/s"));
        }
        if (pr.readsBefore().unitsPerSecond() > 0) {
            sb.append(sb.isEmpty() ? "" : "\n").append(line("Reads", pr.readsBefore(), pr.readsAfter(), "RCU/s"));
        }
        return sb.isEmpty() ? "Type a peak write or read rate to see the partition model's prediction." : sb.toString();
    }

    private static String line(String what, Prediction.Load before, Prediction.Load after, String unit) {
        return String.format(
                Locale.ROOT,
                "%s: before, one key at %.0f %% of its ceiling (%,.0f %s), %s throttled;"
                        + " after, the busiest key at %.0f %% (%,.0f %s), %s throttled, headroom %.1f×",
                what,
                before.peakOfCeiling() * 100,
                before.busiestKeyUnits(),
                unit,
                ShardHistogram.percent(before.throttledShare()),
                after.peakOfCeiling() * 100,
                after.busiestKeyUnits(),
                unit,
                ShardHistogram.percent(after.throttledShare()),
                after.headroom());
    }

    static String readText(ReadCost c) {
        return String.format(
                Locale.ROOT,
                "Reads: %,d quer%s per logical read · %.1f RCU (unsharded %.1f) · slowest"
                        + " of %,d ≈ %.0f ms (p99 %.0f ms) · point reads: %s",
                c.queries(),
                c.queries() == 1 ? "y" : "ies",
                c.rcu(),
                c.rcuUnsharded(),
                c.queries(),
                c.expectedLatencyMs(),
                c.p99LatencyMs(),
                c.pointReads() ? "yes (GetItem by recomputed key)" : "no");
    }

    String verdictText() {
        return verdict.getText();
    }
}
