package dev.partitionscope.core.heat;

/**
 * The colour ramps a heatmap can use, as evenly spaced sRGB anchors (opaque ARGB ints) interpolated in between. Kept
 * as plain ints so {@code core} stays free of any toolkit; the UI turns a {@link ColorLut} into pixels.
 */
public enum HeatPalette {
    /**
     * TiDB's key-visualizer ramp: near-black greys for the quiet bulk, then purple, magenta, crimson, gold, yellow and
     * a pale top, so the few hot cells draw the eye. Lightness rises along the ramp. Anchors every 10 levels.
     */
    HEAT(
            0xFF1E1E1E,
            0xFF2F2F2F,
            0xFF3E2C58,
            0xFF562282,
            0xFF8A1F96,
            0xFFC21F86,
            0xFFDC2F4F,
            0xFFE8652B,
            0xFFF2A91C,
            0xFFF8E13A,
            0xFFFFF4B8),
    /**
     * Matplotlib's cividis (Nuñez, Anderton and Renslow, 2018), sampled at 0, 0.2, … 1: blue to yellow with
     * monotonic lightness, built to read the same with red-green colour-vision deficiency. Anchors every 20 levels.
     */
    CIVIDIS(0xFF00224E, 0xFF35456C, 0xFF666970, 0xFF948E77, 0xFFC8B866, 0xFFFEE838),
    /**
     * For the high-contrast theme and projectors: saturated blue, violet, magenta, red-orange, gold, white, so the
     * quietest traffic is already a colour against the black "no traffic" (the other ramps start in near-black greys a
     * projector loses) and each step is a change of hue as well as lightness. Keeps clear of cyan, the over-ceiling
     * colour. Anchors every 20 levels.
     */
    HIGH_CONTRAST(0xFF2323E6, 0xFF8C1EFF, 0xFFF01EC8, 0xFFFF4B1E, 0xFFFFD21E, 0xFFFFFFFF);

    // Never written after construction and never handed out (anchors() copies): immutable in practice, and the
    // colour ramp reads it per cell without boxing.
    @SuppressWarnings("ImmutableEnumChecker")
    private final int[] anchors;

    HeatPalette(int... anchors) {
        this.anchors = anchors;
    }

    /** The anchor colours, lowest first; anchor i sits at position i / (n − 1) of the ramp. A copy. */
    public int[] anchors() {
        return anchors.clone();
    }

    /** The ramp colour at position t in [0, 1] (clamped), linearly interpolated in sRGB between anchors. */
    public int at(double t) {
        double x = Math.max(0, Math.min(1, t)) * (anchors.length - 1);
        int i = Math.min((int) x, anchors.length - 2);
        double f = x - i;
        int a = anchors[i];
        int b = anchors[i + 1];
        return 0xFF000000 | mix(a >> 16, b >> 16, f) << 16 | mix(a >> 8, b >> 8, f) << 8 | mix(a, b, f);
    }

    private static int mix(int a, int b, double f) {
        int ca = a & 0xFF;
        int cb = b & 0xFF;
        return (int) Math.round(ca + (cb - ca) * f);
    }
}
