package dev.partitionscope.ui.lab;

import dev.partitionscope.core.format.Units;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.partition.ModelSnapshot;
import dev.partitionscope.lab.partition.ModelSnapshot.PartitionView;
import dev.partitionscope.lab.partition.ModelSnapshot.ResourceView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Turns a {@link ModelSnapshot} into the rows of the partition list: one section per table and GSI, then its
 * partitions, every figure formatted with its unit. Pure, so it is tested without a toolkit.
 */
final class LabRows {
    /**
     * A partition counts as at its ceiling from 99 % on: requests come in whole units and the bucket refills
     * continuously, so a saturated partition consumes 990–1,010 units in a second, not exactly 1,000.
     */
    static final double AT_CEILING = 0.99;
    /**
     * Or from 90 % on when its bucket is drained (under {@link #DRAINED} of a second's worth left): it spends all it
     * earns and throttles the rest; a second's count then depends on where the client's bursts fall.
     */
    static final double DRAINED_LOAD = 0.9;

    static final double DRAINED = 0.1;

    /** Whether a resource was throttled for a hot key range in the last complete second. */
    @FunctionalInterface
    interface Throttled {
        boolean keyRange(String resource, boolean write);

        Throttled NONE = (resource, write) -> false;
    }

    /** Names a key hash of a resource (the meter knows key values, the model only hashes); null when unknown. */
    @FunctionalInterface
    interface KeyNames {
        String name(String resource, long hash);

        KeyNames NONE = (resource, hash) -> null;
    }

    private LabRows() {}

    static List<LabRow> build(ModelSnapshot snapshot, KeyNames names, boolean busyOnly) {
        return build(snapshot, names, Throttled.NONE, busyOnly);
    }

    /**
     * @param throttled which resources throttled for a hot key range in the last second
     * @param busyOnly  list only partitions with load, heat or an isolated key (sections always show)
     */
    static List<LabRow> build(ModelSnapshot snapshot, KeyNames names, Throttled throttled, boolean busyOnly) {
        List<LabRow> rows = new ArrayList<>();
        add(rows, snapshot.table(), snapshot.params(), names, throttled, busyOnly);
        for (ResourceView gsi : snapshot.indexes()) {
            add(rows, gsi, snapshot.params(), names, throttled, busyOnly);
        }
        return rows;
    }

    private static void add(
            List<LabRow> rows,
            ResourceView v,
            ModelParams params,
            KeyNames names,
            Throttled throttled,
            boolean busyOnly) {
        int sectionAt = rows.size();
        rows.add(null);
        int atCeiling = 0;
        int shown = 0;
        for (PartitionView p : v.partitions()) {
            LabRow.Part part = part(
                    v.name(),
                    p,
                    params,
                    names,
                    throttled.keyRange(v.name(), true),
                    throttled.keyRange(v.name(), false));
            if (part.atCeiling()) {
                atCeiling++;
            }
            if (!busyOnly || part.heat() != LabRow.Heat.IDLE || part.hotSeconds() > 0 || part.isolated()) {
                rows.add(part);
                shown++;
            }
        }
        rows.set(sectionAt, section(v, atCeiling, shown));
    }

    static LabRow.Section section(ResourceView v, int atCeiling, int shown) {
        String limits;
        if (!v.onDemand()) {
            limits = units(v.readLimit()) + " RCU/s · " + units(v.writeLimit()) + " WCU/s provisioned";
        } else {
            String max = v.readLimit() < 0 && v.writeLimit() < 0
                    ? "no maximum set"
                    : "maximum " + (v.readLimit() < 0 ? "none" : units(v.readLimit()) + " RCU/s") + " · "
                            + (v.writeLimit() < 0 ? "none" : units(v.writeLimit()) + " WCU/s");
            limits = max + " · takes " + units(v.onDemandAllowance()) + " WCU/s at once";
        }
        int n = v.partitions().size();
        String partitions = Units.count(n)
                + (n == 1 ? " partition · " : " partitions · ")
                + Units.count(v.splitCount())
                + (v.splitCount() == 1 ? " split so far" : " splits so far");
        return new LabRow.Section(
                v.name(),
                v.index(),
                v.index() ? "GSI" : "table",
                v.onDemand() ? "On-demand" : "Provisioned",
                limits,
                units(v.readConsumedLastSecond()) + " RCU/s · " + units(v.writeConsumedLastSecond()) + " WCU/s",
                units(Math.floor(v.readAvailable())) + " RCU · " + units(Math.floor(v.writeAvailable())) + " WCU",
                partitions,
                n,
                v.splitCount(),
                atCeiling,
                shown);
    }

    static LabRow.Part part(
            String resource,
            PartitionView p,
            ModelParams params,
            KeyNames names,
            boolean writeThrottled,
            boolean readThrottled) {
        double start = share(p.lo());
        double end = p.hi() == 0 ? 1.0 : share(p.hi());
        double writeRatio = p.writeConsumedLastSecond() / p.writeCeiling();
        double readRatio = p.readConsumedLastSecond() / p.readCeiling();
        OptionalLong key = p.isolated() ? p.isolatedKey() : p.hottestKey();
        String keyText = "";
        if (key.isPresent() && (p.isolated() || p.hotSeconds() > 0 || writeRatio > 0 || readRatio > 0)) {
            String name = names.name(resource, key.getAsLong());
            keyText = name != null ? name : "hash " + String.format(Locale.ROOT, "%016x", key.getAsLong());
        }
        return new LabRow.Part(
                resource,
                p.number(),
                p.lo(),
                start,
                end,
                range(start, end, p.isolated()),
                p.writeConsumedLastSecond(),
                p.writeCeiling(),
                writeRatio,
                units(p.writeConsumedLastSecond()) + " / " + units(p.writeCeiling()) + " WCU/s",
                heat(writeRatio, p.writeAvailable() / p.writeCeiling(), writeThrottled, params),
                p.readConsumedLastSecond(),
                p.readCeiling(),
                readRatio,
                units(p.readConsumedLastSecond()) + " / " + units(p.readCeiling()) + " RCU/s",
                heat(readRatio, p.readAvailable() / p.readCeiling(), readThrottled, params),
                units(Math.floor(p.writeAvailable())) + " WCU · " + units(Math.floor(p.readAvailable())) + " RCU",
                p.hotSeconds(),
                p.hotSeconds() > 0 ? Units.count(p.hotSeconds()) + " s" : "—",
                p.isolated(),
                keyText);
    }

    /**
     * @param left      tokens available now as a share of one second at the ceiling
     * @param throttled the resource throttled for a hot key range in that second: a partition near its ceiling
     *                  (split-utilization) is at it, even if a bursty client kept the second's count below
     */
    static LabRow.Heat heat(double ratio, double left, boolean throttled, ModelParams params) {
        if (ratio >= AT_CEILING
                || (ratio >= DRAINED_LOAD && left < DRAINED)
                || (throttled && ratio >= params.splitUtilization())) {
            return LabRow.Heat.AT_CEILING;
        }
        if (ratio >= params.splitUtilization()) {
            return LabRow.Heat.NEAR;
        }
        return ratio > 0 ? LabRow.Heat.WARM : LabRow.Heat.IDLE;
    }

    /** An unsigned 64-bit hash as a share of the hash space [0, 2^64). */
    static double share(long unsigned) {
        double d = (double) (unsigned >>> 1) * 2.0 + (unsigned & 1);
        return d / 0x1p64; // 2^64
    }

    /** "0.0 %–12.5 %"; narrow ranges get more decimals; an isolated key is one hash: "one key at 45.213 %". */
    static String range(double start, double end, boolean isolated) {
        if (isolated) {
            return "one key at " + percent(start, 3);
        }
        double width = end - start;
        int decimals = width >= 0.001 ? 1 : width >= 0.00001 ? 3 : 6;
        return percent(start, decimals) + "–" + percent(end, decimals);
    }

    static String percent(double share, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f %%", share * 100);
    }

    /** Capacity units: whole numbers with separators ("1,000"), one decimal below 100 when fractional ("0.5"). */
    static String units(double v) {
        if (Double.isNaN(v) || v < 0) {
            return "—";
        }
        if (v >= 100 || v == Math.rint(v)) {
            return Units.count(Math.round(v));
        }
        return String.format(Locale.ROOT, "%,.1f", v);
    }
}
