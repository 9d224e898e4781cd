package dev.partitionscope.ui.heatmap;

import javafx.scene.paint.Paint;
import javafx.scene.text.Font;

/** The non-heat colours and fonts of one frame, read from the CSS probes of {@link HeatmapCanvas}. */
record HeatColors(Font font, Font boldFont, Paint text, Paint strongText, Paint plotBackground, Paint axis,
                  Paint labelA, Paint labelB, Paint total, Paint throttle, Paint missing, Paint crosshair,
                  Paint hoverBackground, Paint hoverBorder, Paint hoverText) {
}
