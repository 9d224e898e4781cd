package dev.partitionscope.core.format;

import java.util.Locale;

/** Number formatting with units, shared by every screen so a figure reads the same everywhere. */
public final class Units {
    private Units() {}

    /** 1234567 → "1,234,567". */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** Bytes in binary units: 0 B, 812 B, 1.5 KiB, 20.0 MiB, 3.21 GiB. */
    public static String bytes(long bytes) {
        if (bytes < 0) {
            return "—";
        }
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        String pattern = value >= 100 ? "%.0f %s" : value >= 10 ? "%.1f %s" : "%.2f %s";
        return String.format(Locale.ROOT, pattern, value, units[unit]);
    }

    /** A per-second unit figure: "1,000 WCU/s"; negative means "not set". */
    public static String perSecond(long units, String unit) {
        return units < 0 ? "not set" : count(units) + " " + unit + "/s";
    }
}
