package dev.partitionscope.lab.cloudwatch;

import java.util.Set;

/** CloudWatch's StandardUnit values: a Unit outside them is a validation error, a different valid one means no data. */
final class Units {
    private static final Set<String> VALID = Set.of(
            "Seconds",
            "Microseconds",
            "Milliseconds",
            "Bytes",
            "Kilobytes",
            "Megabytes",
            "Gigabytes",
            "Terabytes",
            "Bits",
            "Kilobits",
            "Megabits",
            "Gigabits",
            "Terabits",
            "Percent",
            "Count",
            "Bytes/Second",
            "Kilobytes/Second",
            "Megabytes/Second",
            "Gigabytes/Second",
            "Terabytes/Second",
            "Bits/Second",
            "Kilobits/Second",
            "Megabits/Second",
            "Gigabits/Second",
            "Terabits/Second",
            "Count/Second",
            "None");

    private Units() {}

    static boolean valid(String unit) {
        return VALID.contains(unit);
    }
}
