package dev.partitionscope.ui.lab;

import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The last minute of the selected table: throttle events per ThrottlingReason, each with what it means, next to
 * the live chart of consumed units and throttles per second. At most a handful of reasons exist (16 in all), so the
 * list is rebuilt only when the reasons change.
 */
final class ThrottleCard extends HBox {
    private final FontIcon icon = Icons.of("mdi2c-check-circle-outline", 20);
    private final Label headline = new Label();
    private final Label split = new Label();
    private final GridPane reasons = new GridPane();
    private final Label caption = new Label();
    private final LiveChart chart = new LiveChart();
    private final Button copy = new Button("Copy", Icons.of("mdi2c-content-copy"));
    private ThrottleSummary shown;
    private List<ThrottleSummary.Reason> shownReasons = List.of();

    ThrottleCard() {
        getStyleClass().addAll("card", "throttle-card");
        setId("throttleCard");
        setSpacing(24);
        headline.setId("throttleHeadline");
        headline.getStyleClass().add("throttle-headline");
        headline.setGraphic(icon);
        split.getStyleClass().add("caption");
        reasons.setId("throttleReasons");
        reasons.setHgap(14);
        reasons.setVgap(4);
        caption.getStyleClass().add("caption");
        caption.setWrapText(true);
        copy.setId("copyThrottles");
        copy.getStyleClass().addAll("small", "flat");
        copy.setTooltip(new Tooltip("Copy the throttle summary as text"));
        copy.setOnAction(e -> {
            if (shown != null) {
                Fx.copy(shown.asText());
            }
        });
        Label title = new Label("Throttles · last 60 s");
        title.getStyleClass().add("card-title");
        title.setGraphic(Icons.of("mdi2a-alert-octagon-outline", 18));
        HBox titleRow = new HBox(8, title, new Pane(), copy);
        HBox.setHgrow(titleRow.getChildren().get(1), Priority.ALWAYS);
        titleRow.setAlignment(Pos.CENTER_LEFT);
        HBox headlineRow = new HBox(10, headline, split);
        headlineRow.setAlignment(Pos.BASELINE_LEFT);
        VBox left = new VBox(8, titleRow, headlineRow, reasons, caption);
        left.setMinWidth(380);
        HBox.setHgrow(left, Priority.ALWAYS);

        Label chartTitle = new Label("Table, per second");
        chartTitle.getStyleClass().add("caption");
        HBox legend = new HBox(
                12,
                chartTitle,
                new Pane(),
                legend("legend-write", "WCU/s"),
                legend("legend-read", "RCU/s"),
                legend("legend-throttle", "throttle events/s"));
        HBox.setHgrow(legend.getChildren().get(1), Priority.ALWAYS);
        legend.setAlignment(Pos.CENTER_LEFT);
        VBox right = new VBox(4, legend, chart);
        right.setMinWidth(360);
        right.setPrefWidth(480);
        right.setMaxWidth(560);
        getChildren().addAll(left, right);
        show(ThrottleSummary.EMPTY);
    }

    void show(ThrottleSummary s) {
        shown = s;
        boolean any = s.total() > 0;
        headline.setText(s.headline());
        icon.setIconLiteral(any ? "mdi2a-alert-circle" : "mdi2c-check-circle-outline");
        pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("throttling"), any);
        split.setText(s.split());
        if (!s.reasons().equals(shownReasons)) {
            shownReasons = s.reasons();
            reasons.getChildren().clear();
            int row = 0;
            for (ThrottleSummary.Reason r : s.reasons()) {
                Label name = new Label(r.reason());
                name.getStyleClass().addAll("reason-name", "mono");
                Label count = new Label(r.countText());
                count.getStyleClass().add("reason-count");
                name.setMinWidth(Region.USE_PREF_SIZE);
                count.setMinWidth(Region.USE_PREF_SIZE);
                Label what = new Label(r.explanation());
                what.getStyleClass().add("reason-text");
                what.setWrapText(true);
                reasons.addRow(row++, name, count, what);
            }
        }
        Fx.show(reasons, any);
        caption.setText(
                any
                        ? s.reasonsCaption()
                        : "Throttles appear here within a second. Hammer one key to see a"
                                + " hot partition: by default a partition serves at most 1,000 WCU/s and 3,000 RCU/s.");
        chart.setData(s);
    }

    private static Label legend(String styleClass, String text) {
        Label l = new Label(text);
        l.getStyleClass().addAll("legend", styleClass);
        javafx.scene.shape.Rectangle swatch = new javafx.scene.shape.Rectangle(10, 3);
        swatch.getStyleClass().add("legend-swatch");
        l.setGraphic(swatch);
        return l;
    }

    /** Reason names currently listed (for tests). */
    List<String> reasonNames() {
        List<String> names = new ArrayList<>();
        shownReasons.forEach(r -> names.add(r.reason()));
        return names;
    }
}
