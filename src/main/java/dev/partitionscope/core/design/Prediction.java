package dev.partitionscope.core.design;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the partition model predicts for a workload before a scheme (all traffic on one key) and after it (traffic
 * split by the keys' {@linkplain SchemePreview.Shard#loadShare() load shares}).
 *
 * <p>The model is deliberately simple: each key serves at most {@link Workload#WRITE_CEILING} WCU/s and
 * {@link Workload#READ_CEILING} RCU/s, all load above that is throttled, and nothing else (no burst capacity, no
 * adaptive capacity beyond the per-key cap, no table limits). With a time bucket, the load of a moment falls on the
 * current bucket's keys only, so each bucket is modelled on its own and the worst bucket is reported (keys the
 * scheme leaves unchanged take load in every bucket). Reads are assumed to be of single items and to follow
 * the items' spread — a read of <em>all</em> of a value touches every key instead ({@link ReadCost}).
 *
 * @param writesBefore writes with every id on one key
 * @param writesAfter  writes split by the scheme
 * @param readsBefore  reads with every id on one key
 * @param readsAfter   reads split by the scheme
 */
public record Prediction(Load writesBefore, Load writesAfter, Load readsBefore, Load readsAfter) {

    /**
     * The load on the keys for one direction (reads or writes).
     *
     * @param unitsPerSecond   total units per second offered
     * @param busiestKeyUnits  units per second on the busiest key
     * @param peakOfCeiling    the busiest key's load as a fraction of the ceiling (1.0 = at the ceiling)
     * @param throttledShare   the part of each key's load above the ceiling, summed, ÷ the total
     * @param headroom         ceiling ÷ the busiest key's load (infinite when there is no load)
     */
    public record Load(
            double unitsPerSecond,
            double busiestKeyUnits,
            double peakOfCeiling,
            double throttledShare,
            double headroom) {}

    /**
     * One minute's rate and what the model predicts for it.
     *
     * @param minute          index into the series
     * @param writesPerSecond the minute's average rate
     * @param writes          the prediction after the scheme at that rate
     */
    public record Minute(int minute, double writesPerSecond, Load writes) {}

    /**
     * The model over a per-minute series of write rates.
     *
     * @param peak           the minute with the highest rate
     * @param throttledShare throttled units over the whole series ÷ all units offered
     * @param throttledMinutes minutes with any throttling
     */
    public record OverTime(Minute peak, double throttledShare, int throttledMinutes) {}

    /** Predicts a workload on a previewed scheme. */
    public static Prediction of(SchemePreview preview, Workload workload) {
        List<double[]> groups = groups(preview);
        double w = workload.writeUnits();
        double r = workload.readUnits();
        return new Prediction(
                load(w, new double[] {1}, Workload.WRITE_CEILING),
                worst(w, groups, Workload.WRITE_CEILING),
                load(r, new double[] {1}, Workload.READ_CEILING),
                worst(r, groups, Workload.READ_CEILING));
    }

    /** The load shares of each time bucket's keys (one group without time buckets). */
    static List<double[]> groups(SchemePreview preview) {
        Map<String, List<Double>> byBucket = new LinkedHashMap<>();
        List<Double> everywhere = new ArrayList<>();
        for (SchemePreview.Shard s : preview.shards()) {
            if (s.bucket().isEmpty()) {
                everywhere.add(s.loadShare());
            } else {
                byBucket.computeIfAbsent(s.bucket(), b -> new ArrayList<>()).add(s.loadShare());
            }
        }
        if (byBucket.isEmpty()) {
            byBucket.put("", new ArrayList<>());
        }
        List<double[]> groups = new ArrayList<>();
        for (List<Double> g : byBucket.values()) {
            g.addAll(everywhere);
            groups.add(g.stream().mapToDouble(Double::doubleValue).toArray());
        }
        return groups;
    }

    /** The bucket with the most throttling (then the busiest key). */
    static Load worst(double units, List<double[]> groups, double ceiling) {
        Load worst = null;
        for (double[] g : groups) {
            Load l = load(units, g, ceiling);
            if (worst == null
                    || l.throttledShare() > worst.throttledShare()
                    || (l.throttledShare() == worst.throttledShare()
                            && l.busiestKeyUnits() > worst.busiestKeyUnits())) {
                worst = l;
            }
        }
        return worst;
    }

    /**
     * The load of {@code units} per second split by {@code shares} on keys with the given ceiling. Shares need not
     * sum to 1 (with time buckets each bucket's keys sum to 1); each key's load is {@code units × share}.
     */
    public static Load load(double units, double[] shares, double ceiling) {
        double busiest = 0;
        double throttled = 0;
        for (double s : shares) {
            double u = units * s;
            busiest = Math.max(busiest, u);
            throttled += Math.max(0, u - ceiling);
        }
        return new Load(
                units,
                busiest,
                busiest / ceiling,
                units == 0 ? 0 : Math.min(1, throttled / units),
                busiest == 0 ? Double.POSITIVE_INFINITY : ceiling / busiest);
    }

    /**
     * The write prediction minute by minute, for a load that varies: each minute's rate split by the scheme, the
     * peak minute, and the throttled share of everything offered over the series.
     *
     * @param writesPerSecondByMinute average writes per second of each minute
     * @param itemBytes               item size (WCU per write)
     */
    public static OverTime overTime(SchemePreview preview, double[] writesPerSecondByMinute, long itemBytes) {
        if (writesPerSecondByMinute.length == 0) {
            throw new IllegalArgumentException("The series has no minutes");
        }
        List<double[]> groups = groups(preview);
        double wcu = Workload.writes(0, itemBytes).wcuPerWrite();
        Minute peak = null;
        double offered = 0;
        double throttled = 0;
        int throttledMinutes = 0;
        for (int m = 0; m < writesPerSecondByMinute.length; m++) {
            double rate = writesPerSecondByMinute[m];
            Load l = worst(rate * wcu, groups, Workload.WRITE_CEILING);
            offered += l.unitsPerSecond();
            throttled += l.throttledShare() * l.unitsPerSecond();
            throttledMinutes += l.throttledShare() > 0 ? 1 : 0;
            if (peak == null || rate > peak.writesPerSecond()) {
                peak = new Minute(m, rate, l);
            }
        }
        return new OverTime(peak, offered == 0 ? 0 : throttled / offered, throttledMinutes);
    }
}
