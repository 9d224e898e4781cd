package dev.partitionscope.ui.lab;

import dev.partitionscope.core.format.Units;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * One line of the partition list: a section header (table or GSI with its totals) or a partition with its key range,
 * write and read load against the ceilings, tokens, heat and key. Both layouts are built once per cell and reused
 * as the list scrolls; an update only sets texts, bar spans and pseudo-classes.
 */
final class PartitionCell extends ListCell<LabRow.Slot> {
    static final double W_NUM = 54;
    static final double W_RANGE = 170;
    static final double W_LOAD = 200;
    static final double W_TOKENS = 170;
    static final double W_HOT = 64;
    private static final double BAR = 150;

    static final PseudoClass AT_CEILING = PseudoClass.getPseudoClass("at-ceiling");
    static final PseudoClass NEAR = PseudoClass.getPseudoClass("near");
    static final PseudoClass SECTION = PseudoClass.getPseudoClass("section");

    // Partition layout
    private final HBox part = new HBox();
    private final Label number = fixed(new Label(), W_NUM, "part-number");
    private final Label range = new Label();
    private final SpanBar rangeBar = new SpanBar("range-bar", BAR);
    private final Label write = new Label();
    private final SpanBar writeBar = new SpanBar("load-bar", BAR);
    private final Label read = new Label();
    private final SpanBar readBar = new SpanBar("load-bar", BAR);
    private final Label tokens = fixed(new Label(), W_TOKENS, "part-tokens");
    private final Label hot = fixed(new Label(), W_HOT, "part-hot");
    private final Label ceilingBadge = chip("AT CEILING", "bad");
    private final Label isolatedBadge = chip("isolated key", "isolated");
    private final Label key = new Label();
    private final HBox keyBox = new HBox(6, ceilingBadge, isolatedBadge, key);

    // Section layout
    private final VBox section = new VBox(6);
    private final FontIcon sectionIcon = Icons.of("mdi2t-table", 18);
    private final Label sectionName = new Label();
    private final Label sectionKind = chip("", "neutral");
    private final Label sectionBilling = chip("", "neutral");
    private final Label sectionHot = chip("", "bad");
    private final Label sectionPartitions = new Label();
    private final Label limits = new Label();
    private final Label consumed = new Label();
    private final Label available = new Label();

    private final Tooltip partTip = new Tooltip();
    /** The slot shown, watched so a refresh that replaces its row repaints just this cell. */
    private LabRow.Slot slot;

    private final javafx.beans.value.ChangeListener<LabRow> onRow = (obs, old, now) -> show(now);

    PartitionCell() {
        getStyleClass().add("partition-cell");
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        buildPart();
        buildSection();
    }

    private void buildPart() {
        VBox rangeBox = column(W_RANGE, range, rangeBar);
        VBox writeBox = column(W_LOAD, write, writeBar);
        VBox readBox = column(W_LOAD, read, readBar);
        range.getStyleClass().add("part-range");
        write.getStyleClass().add("part-load");
        read.getStyleClass().add("part-load");
        key.getStyleClass().addAll("part-key", "mono");
        keyBox.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(keyBox, Priority.ALWAYS);
        keyBox.setMinWidth(120);
        part.getStyleClass().add("part-row");
        part.setAlignment(Pos.CENTER_LEFT);
        part.getChildren().addAll(number, rangeBox, writeBox, readBox, tokens, hot, keyBox);
        partTip.setShowDelay(javafx.util.Duration.millis(400));
        partTip.setWrapText(true);
        partTip.setMaxWidth(420);
    }

    private void buildSection() {
        sectionName.getStyleClass().add("section-name");
        sectionPartitions.getStyleClass().add("caption");
        HBox title = new HBox(
                8, sectionIcon, sectionName, sectionKind, sectionBilling, sectionHot, new Pane(), sectionPartitions);
        HBox.setHgrow(title.getChildren().get(5), Priority.ALWAYS);
        title.setAlignment(Pos.CENTER_LEFT);
        HBox stats = new HBox(
                28,
                stat("Capacity", limits),
                stat("Consumed last second", consumed),
                stat("Available now (incl. burst)", available));
        stats.setAlignment(Pos.CENTER_LEFT);
        section.getStyleClass().add("section-row");
        section.getChildren().addAll(title, stats);
    }

    @Override
    protected void updateItem(LabRow.Slot item, boolean empty) {
        super.updateItem(item, empty);
        LabRow.Slot next = empty ? null : item;
        if (next != slot) {
            if (slot != null) {
                slot.rowProperty().removeListener(onRow);
            }
            slot = next;
            if (slot != null) {
                slot.rowProperty().addListener(onRow);
            }
        }
        show(slot == null ? null : slot.get());
    }

    private void show(LabRow row) {
        pseudoClassStateChanged(AT_CEILING, false);
        pseudoClassStateChanged(NEAR, false);
        pseudoClassStateChanged(SECTION, false);
        if (row == null) {
            setGraphic(null);
            setId(null);
            setTooltip(null);
            return;
        }
        if (row instanceof LabRow.Section s) {
            showSection(s);
        } else {
            showPart((LabRow.Part) row);
        }
    }

    private void showSection(LabRow.Section s) {
        setId("section-" + idPart(s.resource()));
        pseudoClassStateChanged(SECTION, true);
        sectionIcon.setIconLiteral(s.index() ? "mdi2f-file-tree-outline" : "mdi2t-table");
        sectionName.setText(s.resource());
        sectionKind.setText(s.kind().toUpperCase(Locale.ROOT));
        sectionBilling.setText(s.billing());
        sectionHot.setText(
                Units.count(s.atCeiling()) + (s.atCeiling() == 1 ? " partition" : " partitions") + " at ceiling");
        Fx.show(sectionHot, s.atCeiling() > 0);
        sectionPartitions.setText(s.partitionsText()
                + (s.shown() < s.partitions() ? " · " + Units.count(s.shown()) + " busy shown" : ""));
        limits.setText(s.limitsText());
        consumed.setText(s.consumedText());
        available.setText(s.availableText());
        setTooltip(null);
        setGraphic(section);
    }

    private void showPart(LabRow.Part p) {
        setId("partition-" + idPart(p.resource()) + "-" + p.number());
        pseudoClassStateChanged(AT_CEILING, p.atCeiling());
        pseudoClassStateChanged(NEAR, !p.atCeiling() && p.heat() == LabRow.Heat.NEAR);
        number.setText(Integer.toString(p.number()));
        range.setText(p.rangeText());
        rangeBar.setSpan(p.start(), p.isolated() ? p.start() + 0.004 : p.end());
        write.setText(p.writeText());
        write.pseudoClassStateChanged(SpanBar.FULL, p.writeHeat() == LabRow.Heat.AT_CEILING);
        read.pseudoClassStateChanged(SpanBar.FULL, p.readHeat() == LabRow.Heat.AT_CEILING);
        writeBar.setSpan(0, p.writeRatio());
        writeBar.setHeat(p.writeHeat());
        read.setText(p.readText());
        readBar.setSpan(0, p.readRatio());
        readBar.setHeat(p.readHeat());
        tokens.setText(p.tokensText());
        hot.setText(p.hotText());
        Fx.show(ceilingBadge, p.atCeiling());
        Fx.show(isolatedBadge, p.isolated());
        key.setText(p.keyText().isEmpty() ? "" : (p.isolated() ? "" : "hottest ") + p.keyText());
        partTip.setText(tooltip(p));
        setTooltip(partTip);
        setGraphic(part);
    }

    private static String tooltip(LabRow.Part p) {
        StringBuilder sb = new StringBuilder("Partition ")
                .append(p.number())
                .append(" of ")
                .append(p.resource())
                .append(": ")
                .append(p.rangeText())
                .append(" of the hash space.\n")
                .append("Last complete second: writes ")
                .append(p.writeText())
                .append(" (")
                .append(LabRows.percent(p.writeRatio(), 0))
                .append(" of the ceiling), reads ")
                .append(p.readText())
                .append(" (")
                .append(LabRows.percent(p.readRatio(), 0))
                .append(").\n")
                .append("Tokens it can spend now: ")
                .append(p.tokensText())
                .append('.');
        if (p.atCeiling()) {
            sb.append("\nAt its ceiling: more requests to keys in this range are throttled "
                    + "(…KeyRangeThroughputExceeded), however much capacity the table has.");
        }
        if (p.hotSeconds() > 0) {
            sb.append("\nHot for ").append(p.hotText()).append(": split for heat cuts it when the streak lasts.");
        }
        if (p.isolated()) {
            sb.append("\nIsolated: split for heat gave one key its own partition; it is still capped at the ceiling.");
        }
        return sb.toString();
    }

    /** The column header strip, with the same widths as the cells. */
    static HBox header() {
        HBox h = new HBox();
        h.getStyleClass().add("partition-header");
        h.setAlignment(Pos.CENTER_LEFT);
        Label key = new Label("Key");
        HBox.setHgrow(key, Priority.ALWAYS);
        key.setMaxWidth(Double.MAX_VALUE);
        h.getChildren()
                .addAll(
                        tip(fixed(new Label("#"), W_NUM, null), "Partition number, in hash order"),
                        tip(
                                fixed(new Label("Key range"), W_RANGE, null),
                                "The share of the hash space [0, 2⁶⁴) this partition owns; keys land by hash"),
                        tip(
                                fixed(new Label("Writes · last s / ceiling"), W_LOAD, null),
                                "Write units consumed in the last complete second against the partition's ceiling"),
                        tip(
                                fixed(new Label("Reads · last s / ceiling"), W_LOAD, null),
                                "Read units consumed in the last complete second against the partition's ceiling"),
                        tip(
                                fixed(new Label("Tokens available"), W_TOKENS, null),
                                "Units the partition could spend at once now: its ceiling bucket combined with the table's"
                                        + " pool (adaptive capacity) or its own share"),
                        tip(
                                fixed(new Label("Hot for"), W_HOT, null),
                                "Consecutive seconds near the ceiling; split for heat cuts the partition after split-seconds"),
                        tip(key, "The isolated key, or the hottest key of a hot streak (named from the meter)"));
        return h;
    }

    static String idPart(String name) {
        return name.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    private static Label tip(Label l, String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(360);
        l.setTooltip(t);
        return l;
    }

    private static <T extends Region> T fixed(T node, double width, String styleClass) {
        node.setMinWidth(width);
        node.setPrefWidth(width);
        node.setMaxWidth(width);
        if (styleClass != null) {
            node.getStyleClass().add(styleClass);
        }
        return node;
    }

    private static VBox column(double width, Node text, Node bar) {
        VBox box = new VBox(4, text, bar);
        box.setAlignment(Pos.CENTER_LEFT);
        return fixed(box, width, null);
    }

    private static VBox stat(String caption, Label value) {
        Label c = new Label(caption);
        c.getStyleClass().add("stat-caption");
        value.getStyleClass().add("stat-value");
        return new VBox(1, c, value);
    }

    private static Label chip(String text, String kind) {
        Label l = new Label(text);
        l.getStyleClass().addAll("chip", kind);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
