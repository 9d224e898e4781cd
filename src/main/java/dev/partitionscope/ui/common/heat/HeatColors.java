package dev.partitionscope.ui.common.heat;

import javafx.scene.paint.Paint;
import javafx.scene.text.Font;

/**
 * The non-heat colours and fonts of one frame, read from the CSS probes of {@link HeatmapCanvas}.
 *
 * @param labelFont the key labels' font: the strong-text probe's, bolder and larger when presenting
 * @param labelHalo drawn around key label text first, for contrast on a projector; transparent normally
 * @param background behind the whole chart (an exported image's background)
 * @param throttleOther throttles with causes other than the key range's own, stacked on {@code throttle}
 * @param pin the outline of the pinned cell
 * @param selection the outline of the selection rectangle
 */
public record HeatColors(
        Font font,
        Font boldFont,
        Font labelFont,
        Paint text,
        Paint strongText,
        Paint labelHalo,
        Paint background,
        Paint plotBackground,
        Paint axis,
        Paint labelA,
        Paint labelB,
        Paint total,
        Paint throttle,
        Paint throttleOther,
        Paint missing,
        Paint crosshair,
        Paint pin,
        Paint selection,
        Paint hoverBackground,
        Paint hoverBorder,
        Paint hoverText) {}
