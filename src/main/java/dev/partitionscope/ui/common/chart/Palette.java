package dev.partitionscope.ui.common.chart;

import java.util.function.Function;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;

/** The colours and fonts of one frame, read from the theme through the chart's probe labels. */
public record Palette(
        Function<String, Paint> series,
        Paint title,
        Font titleFont,
        Paint text,
        Font font,
        Paint grid,
        Paint axis,
        Paint crosshair,
        Paint hoverBackground,
        Paint hoverBorder,
        Paint hoverText) {}
