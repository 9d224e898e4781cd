package dev.partitionscope.core.audit;

import dev.partitionscope.core.design.Workload;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Joins a sample's patterns with the load measured per key, into what the {@link Advisor} reads. Load comes per key
 * (Contributor Insights' top keys, the Lab's meter); each key is given to its pattern ({@link PatternMatcher}), and
 * a pattern's load is the sum over its keys — its share of the resource's units, its busiest key's peak, its
 * throttles — while the busiest key's peak is what meets the partition ceiling. Without load, a pattern's values are
 * weighted by sampled items instead, and the matrix says "not measured".
 */
public final class AuditProfiles {
    private AuditProfiles() {}

    /**
     * One key's load over the audited window.
     *
     * @param peakWriteUnits write units per second in its busiest minute (WCU-equivalents when the source does not
     *                       split reads from writes: Contributor Insights counts 3 units a write unit, 1 a read unit)
     * @param peakReadUnits  read units per second in its busiest minute (0 when not split)
     * @param writeUnits     write units over the window
     * @param throttles      throttled requests over the window
     * @param peakThrottlesPerSecond throttled requests per second in its most throttled minute: consumed units
     *                       stop at the ceiling, so the demand a key must be sized for is consumed + throttled
     */
    public record KeyLoad(
            String key,
            double peakWriteUnits,
            double peakReadUnits,
            double writeUnits,
            double readUnits,
            long throttles,
            double peakThrottlesPerSecond) {
        public KeyLoad(
                String key,
                double peakWriteUnits,
                double peakReadUnits,
                double writeUnits,
                double readUnits,
                long throttles) {
            this(key, peakWriteUnits, peakReadUnits, writeUnits, readUnits, throttles, 0);
        }
    }

    /**
     * The resource's measured load.
     *
     * @param keys          per key (top keys: the rest is in {@code totalUnits} only)
     * @param totalUnits    all units the resource consumed over the window (write + read), for shares
     * @param windowSeconds the window's length, to scale to a day
     * @param source        "Contributor Insights", "Lab meter"
     */
    public record ResourceLoad(List<KeyLoad> keys, double totalUnits, double windowSeconds, String source) {
        public ResourceLoad {
            keys = List.copyOf(keys);
        }
    }

    /**
     * Joins a resource's key patterns with the load measured on their keys.
     *
     * @param load the resource's load, or null when nothing measured it
     */
    public static List<PatternProfile> of(String resource, List<PatternStats> patterns, ResourceLoad load) {
        Map<PatternStats, List<KeyLoad>> byPattern = new HashMap<>();
        if (load != null) {
            PatternMatcher matcher = new PatternMatcher(patterns);
            for (KeyLoad k : load.keys()) {
                PatternStats p = matcher.patternOf(k.key());
                if (p != null) {
                    byPattern
                            .computeIfAbsent(p, x -> new java.util.ArrayList<>())
                            .add(k);
                }
            }
        }
        return patterns.stream()
                .filter(p -> !p.other())
                .map(p -> profile(resource, p, load, byPattern.getOrDefault(p, List.of())))
                .toList();
    }

    static PatternProfile profile(String resource, PatternStats p, ResourceLoad load, List<KeyLoad> keys) {
        String bucket =
                p.timeBucket().map(b -> b.name().toLowerCase(Locale.ROOT)).orElse(null);
        int shards = p.hasShardSuffix() ? p.shardCount() : 0;
        String sk = p.sortKeyTemplate();
        boolean skTime = sk != null && (sk.contains("<timestamp>") || sk.contains("<date>") || sk.contains("<hour>"));
        long cardinality = p.singleKey() ? 1 : p.estimatedCardinality();
        PatternProfile.Load l = null;
        Map<String, Double> values = new LinkedHashMap<>();
        var enumerated = p.enumerated();
        if (load != null) {
            double units = 0;
            double peakW = 0;
            double peakR = 0;
            String hottest = null;
            long throttles = 0;
            double writes = 0;
            Map<String, Double> perValue = new LinkedHashMap<>();
            for (KeyLoad k : keys) {
                double u = k.writeUnits() + k.readUnits();
                units += u;
                writes += k.writeUnits();
                throttles += k.throttles();
                double peak = Math.max(
                        k.peakWriteUnits() / Workload.WRITE_CEILING, k.peakReadUnits() / Workload.READ_CEILING);
                if (hottest == null || peak > Math.max(peakW / Workload.WRITE_CEILING, peakR / Workload.READ_CEILING)) {
                    hottest = k.key();
                    peakW = k.peakWriteUnits();
                    peakR = k.peakReadUnits();
                }
                if (enumerated.isPresent()) {
                    String v = KeyParts.of(k.key()).part(enumerated.get().position());
                    perValue.merge(v, u, Double::sum);
                }
            }
            double wcuPerWrite = Math.max(1, p.costAtP50().writeUnits());
            // Consumed units stop at the ceiling; what was throttled is demand too (as writes of the median item).
            for (KeyLoad k : keys) {
                if (k.key().equals(hottest)) {
                    peakW += k.peakThrottlesPerSecond() * wcuPerWrite;
                }
            }
            double perDay = load.windowSeconds() <= 0 ? 0 : writes / wcuPerWrite * 86_400 / load.windowSeconds();
            l = new PatternProfile.Load(
                    load.totalUnits() <= 0 ? 0 : units / load.totalUnits(),
                    0,
                    peakW,
                    peakR,
                    hottest,
                    throttles,
                    perDay,
                    load.source());
            if (units > 0 && perValue.size() >= 2) { // else the sampled items weigh the values
                for (Map.Entry<String, Double> e : perValue.entrySet()) {
                    values.put(e.getKey(), e.getValue() / units);
                }
            }
        }
        if (values.isEmpty() && enumerated.isPresent() && p.itemsSampled() > 0) {
            for (PatternStats.ValueCount v : enumerated.get().values()) {
                values.put(v.value(), v.items() / (double) p.itemsSampled());
            }
        }
        return new PatternProfile(
                p.template(),
                resource,
                cardinality,
                p.cardinalityError(),
                values,
                bucket,
                shards,
                skTime,
                p.itemBytes().p99(),
                l);
    }

    /**
     * A resource's load from Contributor Insights' partition-key matrix (consumed throughput units per minute, with
     * throttles). Contributor Insights counts 3 units per write unit and 1 per read unit without telling which, so
     * every key's units are read as write units (÷ 3): a key at 180,000 units a minute is at 100 % of its ceiling
     * either way, but hot reads cannot be told from hot writes here.
     */
    /**
     * The load of a table's keys read from its DynamoDB stream over {@code windowSeconds}: writes only (a stream has
     * no reads and no throttles), in write units from the records' images, or as writes (1 KB each) when the stream
     * is KEYS_ONLY and the images are missing.
     */
    public static ResourceLoad fromStream(
            List<dev.partitionscope.core.heat.StreamKeyTotal> totals, double windowSeconds, boolean keysOnly) {
        List<KeyLoad> keys = new java.util.ArrayList<>();
        double total = 0;
        for (var k : totals) {
            double units = keysOnly || Double.isNaN(k.writeUnits()) ? k.writes() : k.writeUnits();
            double peak =
                    Double.isNaN(k.peakWriteUnitsPerSecond()) ? units / windowSeconds : k.peakWriteUnitsPerSecond();
            keys.add(new KeyLoad(k.partitionKey(), peak, 0, units, 0, 0));
            total += units;
        }
        return new ResourceLoad(
                keys,
                total,
                windowSeconds,
                keysOnly
                        ? "DynamoDB stream (writes only; KEYS_ONLY: writes counted as 1 KB each)"
                        : "DynamoDB stream (writes only, in write units from the item images)");
    }

    public static ResourceLoad fromInsights(dev.partitionscope.core.heat.KeyTimeMatrix m) {
        if (m.unit() != dev.partitionscope.core.heat.MatrixUnit.CONSUMED_UNITS_PER_MINUTE) {
            throw new IllegalArgumentException("expected consumed throughput units, not " + m.unit());
        }
        List<KeyLoad> keys = new java.util.ArrayList<>();
        for (int r = 0; r < m.rowCount(); r++) {
            var row = m.row(r);
            if (row.other() || row.partitionKey() == null) {
                continue;
            }
            double peakPerSecond = m.rowPeak(r) / m.bucketSeconds();
            long peakThrottles = 0;
            for (int c = 0; c < m.columns(); c++) {
                peakThrottles = Math.max(peakThrottles, m.throttles(r, c));
            }
            keys.add(new KeyLoad(
                    row.partitionKey(),
                    peakPerSecond / 3,
                    0,
                    m.rowTotal(r) / 3,
                    0,
                    m.rowThrottles(r),
                    peakThrottles / (double) m.bucketSeconds()));
        }
        return new ResourceLoad(
                keys,
                m.total() / 3,
                (double) m.columns() * m.bucketSeconds(),
                "Contributor Insights (reads and writes together, as write units)");
    }
}
