package dev.partitionscope.ui.metrics;

import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The verdict at the top of the metrics screen: a coloured band with the headline, the explanation and the next
 * steps (the heatmap and the sharding designer when the verdict points at keys).
 */
final class VerdictBanner extends HBox {
    private final FontIcon icon = new FontIcon();
    private final Label headline = new Label();
    private final Label detail = new Label();
    private final Hyperlink heatmap = new Hyperlink("Open the heatmap (Ctrl+2)");
    private final Hyperlink sharding = new Hyperlink("Open the sharding designer (Ctrl+4)");
    private final Button copy = new Button(null, Icons.of("mdi2c-content-copy", 16));
    private Verdict verdict;

    VerdictBanner(Runnable openHeatmap, Runnable openSharding) {
        getStyleClass().add("verdict-banner");
        setId("verdictBanner");
        icon.getStyleClass().add("verdict-icon");
        headline.getStyleClass().add("verdict-headline");
        headline.setId("verdictHeadline");
        headline.setWrapText(true);
        detail.getStyleClass().add("verdict-detail");
        detail.setWrapText(true);
        heatmap.setOnAction(e -> openHeatmap.run());
        sharding.setOnAction(e -> openSharding.run());
        heatmap.setId("verdictHeatmap");
        sharding.setId("verdictSharding");
        copy.getStyleClass().add("flat");
        copy.setTooltip(new javafx.scene.control.Tooltip("Copy the verdict"));
        copy.setOnAction(e -> {
            if (verdict != null) {
                Fx.copy(verdict.headline() + "\n" + verdict.detail());
            }
        });
        HBox links = new HBox(12, heatmap, sharding);
        links.setAlignment(Pos.CENTER_LEFT);
        VBox text = new VBox(4, headline, detail, links);
        HBox.setHgrow(text, Priority.ALWAYS);
        setSpacing(12);
        setAlignment(Pos.TOP_LEFT);
        getChildren().addAll(icon, text, copy);
        set(null);
    }

    void set(Verdict v) {
        this.verdict = v;
        getStyleClass().removeAll("good", "neutral", "problem");
        Fx.show(this, v != null);
        if (v == null) {
            return;
        }
        getStyleClass().add(v.kind().severity().name().toLowerCase(Locale.ROOT));
        icon.setIconLiteral(
                switch (v.kind().severity()) {
                    case GOOD -> "mdi2c-check-circle-outline";
                    case NEUTRAL -> "mdi2i-information-outline";
                    case PROBLEM -> v.pointsAtKeys() ? "mdi2f-fire" : "mdi2a-alert-outline";
                });
        headline.setText(v.headline());
        detail.setText(v.detail());
        Fx.show(heatmap, v.pointsAtKeys());
        Fx.show(sharding, v.pointsAtKeys());
    }

    String headlineText() {
        return headline.getText();
    }
}
