package dev.partitionscope.ui.common;

import dev.partitionscope.core.heat.HeatSource;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * Contributor Insights / Streams / Both as a segmented toggle: Tab reaches it, Space picks, one is always on, and
 * each button's tooltip says what its source reaches.
 */
public final class SourceToggle {
    private SourceToggle() {}

    /** The toggle bound both ways to {@code source}; buttons get the ids {@code idPrefix + INSIGHTS|STREAMS|BOTH}. */
    public static HBox of(ObjectProperty<HeatSource> source, String idPrefix) {
        ToggleGroup group = new ToggleGroup();
        HBox box = new HBox();
        box.getStyleClass().addAll("segmented", "source-toggle");
        box.setId(idPrefix + "Choice");
        box.setMinWidth(Region.USE_PREF_SIZE);
        for (HeatSource s : HeatSource.values()) {
            ToggleButton b = new ToggleButton(s == HeatSource.INSIGHTS ? "Insights" : s.label());
            b.setId(idPrefix + s.name());
            b.setUserData(s);
            b.setToggleGroup(group);
            b.setMinWidth(Region.USE_PREF_SIZE);
            b.setTooltip(new Tooltip(
                    s.label() + ": " + s.description() + (s.readsStream() ? ". " + StreamTexts.RATE_NOTE : "")));
            b.setSelected(source.get() == s);
            box.getChildren().add(b);
        }
        box.getChildren().get(0).getStyleClass().add(atlantafx.base.theme.Styles.LEFT_PILL);
        box.getChildren().get(1).getStyleClass().add(atlantafx.base.theme.Styles.CENTER_PILL);
        box.getChildren().get(2).getStyleClass().add(atlantafx.base.theme.Styles.RIGHT_PILL);
        group.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                group.selectToggle(old); // one is always on
            } else {
                source.set((HeatSource) now.getUserData());
            }
        });
        source.addListener((obs, old, now) -> group.getToggles().stream()
                .filter(t -> t.getUserData() == now)
                .findFirst()
                .ifPresent(group::selectToggle));
        return box;
    }
}
