package dev.partitionscope.core.heat;

import java.nio.FloatBuffer;
import java.util.Objects;

/**
 * Turns a {@link HeatGrid} into one ARGB pixel per cell, the off-screen image the heatmap draws scaled (chart-fx and
 * the key visualizers of TiDB and Bigtable draw the same way). It lives in {@code core}, free of JavaFX, so the
 * per-frame cost can be benchmarked and tested without a toolkit; the view hands the result to a single
 * {@code PixelWriter.setPixels} call.
 *
 * <p>The loop allocates nothing: callers reuse their {@code int[]} between frames, and a brightness or palette change
 * only swaps the 102-entry lookup table.
 */
public final class HeatRaster {
    /** Positive floats are grouped by their top 16 bits (exponent and 7 mantissa bits): 32,768 groups. */
    private static final int SHIFT = 16;

    private static final int GROUPS = 1 << (31 - SHIFT);
    private static final int INFINITY_BITS = Float.floatToRawIntBits(Float.POSITIVE_INFINITY);
    /** The last table built; scales are immutable, so it stays valid for as long as the view keeps its scale. */
    private static volatile LevelTable cached;

    private HeatRaster() {}

    /**
     * Levels by float bit pattern, so almost no cell pays for a division or a logarithm. Positive floats fall into
     * 32,768 groups by their top 16 bits; a level is a non-decreasing function of the value (a ceiling of a product,
     * or of a log1p, which is semi-monotonic), so a group holds either one level throughout ({@code step} = +∞), or
     * one step up at a known float ({@code step} = the first float of the higher level), or, in degenerate scales,
     * more ({@code low} = -1: ask the scale). The result equals {@link HeatScale#level} for every float.
     */
    private record LevelTable(HeatScale scale, byte[] low, float[] step) {
        static LevelTable of(HeatScale scale) {
            LevelTable t = cached;
            if (t != null && t.scale == scale) {
                return t;
            }
            byte[] low = new byte[GROUPS];
            float[] step = new float[GROUPS];
            for (int g = 0; g < GROUPS; g++) {
                int first = g << SHIFT;
                int last = first | (1 << SHIFT) - 1;
                float lo = Float.intBitsToFloat(first);
                float hi = Float.intBitsToFloat(last);
                if (!Float.isFinite(lo) || !Float.isFinite(hi)) {
                    low[g] = -1; // the loop never looks these up: infinity and NaN go to the scale directly
                    continue;
                }
                int a = scale.level(lo);
                int b = scale.level(hi);
                low[g] = (byte) a;
                if (a == b) {
                    step[g] = Float.POSITIVE_INFINITY;
                } else if (b == a + 1) {
                    while (first < last) { // the first bit pattern (= float) of level b
                        int mid = (first + last) >>> 1;
                        if (scale.level(Float.intBitsToFloat(mid)) > a) {
                            last = mid;
                        } else {
                            first = mid + 1;
                        }
                    }
                    step[g] = Float.intBitsToFloat(first);
                } else {
                    low[g] = -1;
                }
            }
            t = new LevelTable(scale, low, step);
            cached = t;
            return t;
        }

        int level(float v) {
            int bits = Float.floatToRawIntBits(v);
            if (bits <= 0) { // +0, -0 and every negative value: no traffic
                return 0;
            }
            if (bits >= INFINITY_BITS) {
                return scale.level(v);
            }
            int g = bits >>> SHIFT;
            int l = low[g];
            return l < 0 ? scale.level(v) : l + (v >= step[g] ? 1 : 0);
        }
    }

    /**
     * Writes {@code lut[scale.level(grid.perMinute(r, c))]} to {@code argb[r * columns + c]} for every cell.
     *
     * @param lut  {@link ColorLut#table()}: 102 colours indexed by level
     * @param argb at least {@code rowCount × columnCount} long; reused between frames
     */
    public static void rasterize(HeatGrid grid, HeatScale scale, int[] lut, int[] argb) {
        Objects.requireNonNull(grid, "grid");
        rasterize(grid.rates(), grid.rowCount() * grid.columnCount(), scale, lut, argb);
        if (grid.hasSharedCeilings() && scale.mode() == ScaleMode.ABSOLUTE) {
            // Rows of folded shards are measured against their keys' ceilings together (see HeatGrid#ceilingKeys).
            FloatBuffer rates = grid.rates();
            int columns = grid.columnCount();
            for (int r = 0; r < grid.rowCount(); r++) {
                int n = grid.ceilingKeys(r);
                if (n > 1) {
                    for (int i = r * columns; i < (r + 1) * columns; i++) {
                        argb[i] = lut[scale.level(rates.get(i) / n)];
                    }
                }
            }
        }
    }

    /** The same for any row-major rates, e.g. a grid's {@link HeatGrid#rates()}. */
    public static void rasterize(FloatBuffer rates, int cells, HeatScale scale, int[] lut, int[] argb) {
        check(rates, cells, scale, argb);
        if (lut.length <= ColorLut.OVER_CEILING) {
            throw new IllegalArgumentException(
                    "The lookup table needs " + (ColorLut.OVER_CEILING + 1) + " colours, not " + lut.length);
        }
        LevelTable table = LevelTable.of(scale);
        for (int i = 0; i < cells; i++) {
            argb[i] = lut[table.level(rates.get(i))];
        }
    }

    /**
     * One level (0..101) per cell, row-major, for callers that keep levels and recolour through different tables
     * (brightness slider) without touching the scale again.
     */
    public static void levels(HeatGrid grid, HeatScale scale, byte[] levels) {
        Objects.requireNonNull(grid, "grid");
        FloatBuffer rates = grid.rates();
        int cells = grid.rowCount() * grid.columnCount();
        Objects.requireNonNull(levels, "levels");
        if (levels.length < cells) {
            throw new IllegalArgumentException("levels holds " + levels.length + " cells, the grid has " + cells);
        }
        Objects.requireNonNull(scale, "scale");
        LevelTable table = LevelTable.of(scale);
        for (int i = 0; i < cells; i++) {
            levels[i] = (byte) table.level(rates.get(i));
        }
        if (grid.hasSharedCeilings() && scale.mode() == ScaleMode.ABSOLUTE) {
            int columns = grid.columnCount();
            for (int r = 0; r < grid.rowCount(); r++) {
                int n = grid.ceilingKeys(r);
                for (int i = r * columns; n > 1 && i < (r + 1) * columns; i++) {
                    levels[i] = (byte) scale.level(rates.get(i) / n);
                }
            }
        }
    }

    /** Colours levels from {@link #levels}: {@code argb[i] = lut[levels[i]]}. */
    public static void colorize(byte[] levels, int cells, int[] lut, int[] argb) {
        if (levels.length < cells || argb.length < cells) {
            throw new IllegalArgumentException("Buffers shorter than " + cells + " cells");
        }
        for (int i = 0; i < cells; i++) {
            argb[i] = lut[levels[i]];
        }
    }

    private static void check(FloatBuffer rates, int cells, HeatScale scale, int[] argb) {
        Objects.requireNonNull(rates, "rates");
        Objects.requireNonNull(scale, "scale");
        Objects.requireNonNull(argb, "argb");
        if (rates.limit() < cells) {
            throw new IllegalArgumentException("rates holds " + rates.limit() + " cells, not " + cells);
        }
        if (argb.length < cells) {
            throw new IllegalArgumentException("argb holds " + argb.length + " pixels, the grid has " + cells);
        }
    }
}
