package dev.partitionscope.core.heat;

/**
 * The 102 colours a heatmap cell can take: index 0 = no traffic, 1..100 = the ramp, 101 = over the per-key ceiling.
 * Cells are turned into levels once ({@link HeatScale}); brightness and palette changes only rebuild this small
 * table, never touch the data, so they redraw instantly on a 2,000 × 1,440 grid (TiDB's key visualizer does the same).
 */
public final class ColorLut {
    /** Index of the over-ceiling colour in {@link #table()}. */
    public static final int OVER_CEILING = 101;
    /** Highest ramp level. */
    public static final int MAX_LEVEL = 100;

    /** No traffic: fully transparent, so the view's background shows and "nothing" never looks like "a little". */
    private static final int EMPTY = 0x00000000;
    /**
     * Over the ceiling: saturated cyan. Neither ramp comes near it (the heat ramp has no blue-green, cividis' blues are
     * dark and grey), and cyan stays distinct under red-green colour-vision deficiency.
     */
    private static final int OVER = 0xFF00FFFF;
    /** Gamma at brightness ±1 is 3^∓1: strong enough to lift a cold table out of the greys, still monotonic. */
    private static final double GAMMA_BASE = 3.0;

    private final HeatPalette palette;
    private final double brightness;
    private final int[] table;

    private ColorLut(HeatPalette palette, double brightness, int[] table) {
        this.palette = palette;
        this.brightness = brightness;
        this.table = table;
    }

    /**
     * Builds the table. Brightness in [−1, 1] (clamped; 0 = the palette as published) bends the ramp with a gamma:
     * positive values show low levels with the colours of higher ones, negative values push them down. Level 100
     * keeps the top colour whatever the brightness, so "the hottest cell" never changes colour.
     */
    public static ColorLut build(HeatPalette palette, double brightness) {
        if (palette == null) {
            throw new IllegalArgumentException("palette is required");
        }
        double b = Double.isNaN(brightness) ? 0 : Math.max(-1, Math.min(1, brightness));
        double gamma = Math.pow(GAMMA_BASE, -b);
        int[] table = new int[OVER_CEILING + 1];
        table[0] = EMPTY;
        for (int level = 1; level <= MAX_LEVEL; level++) {
            double t = level / (double) MAX_LEVEL;
            table[level] = palette.at(b == 0 ? t : Math.pow(t, gamma));
        }
        table[OVER_CEILING] = OVER;
        return new ColorLut(palette, b, table);
    }

    /** The ARGB colour of a level from {@link HeatScale#level(double)}; out-of-range levels are clamped. */
    public int color(int level) {
        return table[Math.max(0, Math.min(OVER_CEILING, level))];
    }

    /** The colour of a cell above the per-key ceiling (absolute mode only). */
    public int overCeiling() {
        return OVER;
    }

    /** The colour of a cell without traffic: transparent. */
    public int empty() {
        return EMPTY;
    }

    /**
     * The whole table, indexed by level (0..101), for the per-cell loop: {@code pixels[i] = table[scale.level(v)]}.
     * A copy: take it once per frame, not per cell.
     */
    public int[] table() {
        return table.clone();
    }

    public HeatPalette palette() {
        return palette;
    }

    public double brightness() {
        return brightness;
    }
}
