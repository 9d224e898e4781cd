package dev.partitionscope.ui.lab;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.meter.ContributorReport;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.partition.KeyHash;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Names the keys the partition model only knows by hash. The model tracks a hot partition's hottest key and an
 * isolated key as hashes; the meter's Contributor Insights sketches know the values. Hashing the top contributors
 * of the last two minutes with the Lab's own {@link KeyHash} matches one to the other. Names are cached per
 * resource (an isolated key keeps its partition long after its traffic), bounded so a key-hopping workload cannot
 * grow the cache without end. Used on the FX thread only.
 */
final class HotKeyNames implements LabRows.KeyNames {
    private static final int TOP = 50;
    private static final int MAX_CACHED = 10_000;

    private final Map<String, Map<Long, String>> cache = new HashMap<>();
    private final Map<String, Long> lastQuery = new HashMap<>();
    private Meter meter;
    private String table;
    private Map<String, KeyType> types = Map.of();
    private long nowMillis;

    /** Prepares one refresh: which table, the key type of each resource (table name or GSI name), the time. */
    void prepare(Meter meter, String table, Map<String, KeyType> keyTypes, long nowMillis) {
        if (!table.equals(this.table) || meter != this.meter) {
            cache.clear();
            lastQuery.clear();
        }
        this.meter = meter;
        this.table = table;
        this.types = keyTypes;
        this.nowMillis = nowMillis;
    }

    @Override
    public String name(String resource, long hash) {
        Map<Long, String> known = cache.computeIfAbsent(resource, r -> new HashMap<>());
        String name = known.get(hash);
        if (name != null || meter == null) {
            return name;
        }
        // One meter query per resource per second at most, however many partitions ask.
        Long last = lastQuery.get(resource);
        if (last != null && nowMillis - last < 1000) {
            return null;
        }
        KeyType type = types.get(resource);
        if (type == null) {
            return null; // not described yet: no query spent, so the next refresh asks (a replay's clock stands still)
        }
        lastQuery.put(resource, nowMillis);
        if (known.size() > MAX_CACHED) {
            known.clear();
        }
        ResourceId id = resource.equals(table) ? ResourceId.table(table) : ResourceId.index(table, resource);
        ContributorReport report = meter.topContributors(
                id,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                nowMillis - 120_000,
                nowMillis + 1,
                Duration.ofMinutes(1),
                TOP,
                OrderBy.SUM);
        for (ContributorReport.Contributor c : report.contributors()) {
            String value = c.keys().get(0);
            try {
                known.put(KeyHash.of(attr(type, value)), value);
            } catch (RuntimeException e) {
                // A value that does not parse as the key type cannot be this resource's key: skip it.
            }
        }
        return known.get(hash);
    }

    private static AttrValue attr(KeyType type, String value) {
        return switch (type) {
            case S -> new AttrValue.S(value);
            case N -> AttrValue.N.parse(value);
            case B -> AttrValue.B.ofBase64(value);
        };
    }
}
