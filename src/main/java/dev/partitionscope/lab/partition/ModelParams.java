package dev.partitionscope.lab.partition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every number and switch of the Lab's partition model. The defaults come from {@code dynamodb-facts.md}; where AWS
 * documents nothing the value is an assumption, and {@link #describe()} says which is which so the README, the CLI
 * and the Lab screen can show it instead of hiding it. Each parameter has a name that doubles as its CLI flag
 * ({@code --burst-seconds 0}, {@code --adaptive off}); {@link #with(String, String)} sets any of them by that name.
 *
 * @param partitionReadCeiling     read units per second one partition serves (so also one key's maximum)
 * @param partitionWriteCeiling    write units per second one partition serves
 * @param burstSeconds             seconds of unused provisioned capacity a table retains (0 turns burst off)
 * @param adaptiveCapacity         a hot partition may use the table's unused provisioned capacity up to its ceiling
 * @param splitForHeat             a partition kept near its ceiling splits (isolating a dominant key)
 * @param splitUtilization         share of a ceiling that counts as "near" it for split for heat
 * @param splitSeconds             consecutive seconds near the ceiling before a partition splits
 * @param isolateKeyShare          share of a hot partition's load one key must carry to be isolated on a split
 * @param maxPartitions            the Lab's cap on partitions per table or index (memory bound, not AWS)
 * @param onDemandInitialRead      read units per second a new on-demand table takes at once
 * @param onDemandInitialWrite     write units per second a new on-demand table takes at once
 * @param onDemandPeakMultiplier   on-demand takes this multiple of its previous peak at once
 * @param onDemandPeakWindowSeconds a new peak becomes "previous" (and raises the allowance) after this long
 * @param tableReadQuota           account quota per on-demand table or GSI, read units per second
 * @param tableWriteQuota          account quota per on-demand table or GSI, write units per second
 * @param bucketSeconds            every limit is enforced over this window: a bucket holds at least this many
 *                                 seconds of its rate (DynamoDB meters per second)
 */
public record ModelParams(
        double partitionReadCeiling,
        double partitionWriteCeiling,
        double burstSeconds,
        boolean adaptiveCapacity,
        boolean splitForHeat,
        double splitUtilization,
        int splitSeconds,
        double isolateKeyShare,
        int maxPartitions,
        double onDemandInitialRead,
        double onDemandInitialWrite,
        double onDemandPeakMultiplier,
        int onDemandPeakWindowSeconds,
        double tableReadQuota,
        double tableWriteQuota,
        double bucketSeconds) {

    /** Where a default comes from. */
    public enum Source {
        AWS_DOCUMENTED("documented by AWS"),
        AWS_BLOG("AWS blog, not in the documentation"),
        ASSUMPTION("assumption of the Lab");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** One line of {@link #describe()}: a parameter, its current value, where the default comes from. */
    public record Parameter(String name, String value, String defaultValue, Source source, String meaning) {
        public String flag() {
            return "--" + name;
        }
    }

    public static final ModelParams DEFAULTS = new ModelParams(
            3000, 1000, 300, true, true, 0.8, 10, 0.5, 1024, 12_000, 4_000, 2.0, 1800, 40_000, 40_000, 1.0);

    public ModelParams {
        positive("partition-read-ceiling", partitionReadCeiling);
        positive("partition-write-ceiling", partitionWriteCeiling);
        check(burstSeconds >= 0 && Double.isFinite(burstSeconds), "burst-seconds must be >= 0");
        check(splitUtilization > 0 && splitUtilization <= 1, "split-utilization must be in (0, 1]");
        check(splitSeconds >= 1, "split-seconds must be >= 1");
        check(isolateKeyShare > 0 && isolateKeyShare <= 1, "isolate-key-share must be in (0, 1]");
        check(maxPartitions >= 1 && maxPartitions <= 65_536, "max-partitions must be in [1, 65536]");
        positive("on-demand-initial-read", onDemandInitialRead);
        positive("on-demand-initial-write", onDemandInitialWrite);
        check(
                onDemandPeakMultiplier >= 1 && Double.isFinite(onDemandPeakMultiplier),
                "on-demand-peak-multiplier must be >= 1");
        check(onDemandPeakWindowSeconds >= 0, "on-demand-peak-window-seconds must be >= 0");
        positive("table-read-quota", tableReadQuota);
        positive("table-write-quota", tableWriteQuota);
        check(bucketSeconds > 0 && bucketSeconds <= 60, "bucket-seconds must be in (0, 60]");
    }

    public static ModelParams defaults() {
        return DEFAULTS;
    }

    public ModelParams withBurstSeconds(double seconds) {
        return with("burst-seconds", Double.toString(seconds));
    }

    public ModelParams withAdaptiveCapacity(boolean on) {
        return with("adaptive", on ? "on" : "off");
    }

    public ModelParams withSplitForHeat(boolean on) {
        return with("split-for-heat", on ? "on" : "off");
    }

    /**
     * Initial partitions of a table or GSI. Provisioned: {@code ceil(RCU / readCeiling + WCU / writeCeiling)}, the
     * formula AWS published for provisioned tables in older documentation; on-demand: the same formula applied to
     * the initial on-demand throughput (12,000 RCU + 4,000 WCU gives 8), so a new on-demand table can take its
     * documented sustain spread over many keys. At least 1, at most {@link #maxPartitions()}. The ~10 GB size
     * trigger is ignored (the Lab's tables are small).
     */
    public int initialPartitions(boolean onDemand, double readUnits, double writeUnits) {
        double r = onDemand ? onDemandInitialRead : Math.max(0, readUnits);
        double w = onDemand ? onDemandInitialWrite : Math.max(0, writeUnits);
        double exact = r / partitionReadCeiling + w / partitionWriteCeiling;
        // A tiny epsilon so 3000 RCU gives exactly 1 partition despite floating-point division.
        long n = (long) Math.ceil(exact - 1e-9);
        return (int) Math.max(1, Math.min(maxPartitions, n));
    }

    /** Sets one parameter by its name (the CLI flag without dashes); booleans take on/off/true/false. */
    public ModelParams with(String name, String value) {
        Map<String, String> values = toMap();
        if (!values.containsKey(name)) {
            throw new IllegalArgumentException("Unknown model parameter '" + name + "'; known: " + values.keySet());
        }
        values.put(name, value.trim());
        return fromMap(values);
    }

    /** All parameters by name, as text, in a stable order. */
    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("partition-read-ceiling", num(partitionReadCeiling));
        m.put("partition-write-ceiling", num(partitionWriteCeiling));
        m.put("burst-seconds", num(burstSeconds));
        m.put("adaptive", onOff(adaptiveCapacity));
        m.put("split-for-heat", onOff(splitForHeat));
        m.put("split-utilization", num(splitUtilization));
        m.put("split-seconds", Integer.toString(splitSeconds));
        m.put("isolate-key-share", num(isolateKeyShare));
        m.put("max-partitions", Integer.toString(maxPartitions));
        m.put("on-demand-initial-read", num(onDemandInitialRead));
        m.put("on-demand-initial-write", num(onDemandInitialWrite));
        m.put("on-demand-peak-multiplier", num(onDemandPeakMultiplier));
        m.put("on-demand-peak-window-seconds", Integer.toString(onDemandPeakWindowSeconds));
        m.put("table-read-quota", num(tableReadQuota));
        m.put("table-write-quota", num(tableWriteQuota));
        m.put("bucket-seconds", num(bucketSeconds));
        return m;
    }

    /** Builds parameters from {@link #toMap()}-style text; missing names keep their defaults. */
    public static ModelParams fromMap(Map<String, String> values) {
        Map<String, String> m = DEFAULTS.toMap();
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!m.containsKey(e.getKey())) {
                throw new IllegalArgumentException("Unknown model parameter '" + e.getKey() + "'");
            }
            m.put(e.getKey(), e.getValue());
        }
        return new ModelParams(
                dbl(m, "partition-read-ceiling"),
                dbl(m, "partition-write-ceiling"),
                dbl(m, "burst-seconds"),
                bool(m, "adaptive"),
                bool(m, "split-for-heat"),
                dbl(m, "split-utilization"),
                integer(m, "split-seconds"),
                dbl(m, "isolate-key-share"),
                integer(m, "max-partitions"),
                dbl(m, "on-demand-initial-read"),
                dbl(m, "on-demand-initial-write"),
                dbl(m, "on-demand-peak-multiplier"),
                integer(m, "on-demand-peak-window-seconds"),
                dbl(m, "table-read-quota"),
                dbl(m, "table-write-quota"),
                dbl(m, "bucket-seconds"));
    }

    /** Every parameter with its value, default, source and meaning; the README and the Lab screen list these. */
    public List<Parameter> describe() {
        Map<String, String> current = toMap();
        Map<String, String> defaults = DEFAULTS.toMap();
        List<Parameter> out = new ArrayList<>();
        for (String[] d : DESCRIPTIONS) {
            out.add(new Parameter(d[0], current.get(d[0]), defaults.get(d[0]), Source.valueOf(d[1]), d[2]));
        }
        return out;
    }

    private static final String[][] DESCRIPTIONS = {
        {
            "partition-read-ceiling",
            "AWS_DOCUMENTED",
            "Read units per second one partition serves; one partition key "
                    + "value lives on one partition, so this also caps a single key."
        },
        {
            "partition-write-ceiling",
            "AWS_DOCUMENTED",
            "Write units per second one partition serves (reads and writes "
                    + "are limited independently); also the cap of a single key."
        },
        {
            "burst-seconds",
            "AWS_DOCUMENTED",
            "Seconds of unused provisioned capacity retained for bursts (AWS: up to "
                    + "300 s, details may change). Bursts never pass the partition ceiling. 0 turns burst off."
        },
        {
            "adaptive",
            "AWS_DOCUMENTED",
            "Adaptive capacity: a hot partition may use the table's unused provisioned "
                    + "capacity up to its ceiling. Off: each partition gets table rate / partitions (plus its burst)."
        },
        {
            "split-for-heat",
            "AWS_BLOG",
            "A partition kept near its ceiling splits; a key that dominates it is "
                    + "isolated on its own partition (still capped at the ceiling). Partitions never merge."
        },
        {
            "split-utilization",
            "ASSUMPTION",
            "Share of the read or write ceiling a partition must consume to count "
                    + "as hot for split for heat (AWS documents no figure)."
        },
        {
            "split-seconds",
            "ASSUMPTION",
            "Consecutive hot seconds before a split (AWS documents no figure; real "
                    + "splits take seconds to minutes)."
        },
        {
            "isolate-key-share",
            "ASSUMPTION",
            "Share of a hot partition's load one key must carry to be isolated "
                    + "rather than the partition being cut at its load median."
        },
        {
            "max-partitions",
            "ASSUMPTION",
            "The Lab's cap on partitions per table or index, to bound memory; AWS has " + "none."
        },
        {
            "on-demand-initial-read",
            "AWS_DOCUMENTED",
            "Read units per second a new on-demand table takes at once " + "(a linear combination with writes)."
        },
        {
            "on-demand-initial-write",
            "AWS_DOCUMENTED",
            "Write units per second a new on-demand table takes at once " + "(a linear combination with reads)."
        },
        {
            "on-demand-peak-multiplier",
            "AWS_DOCUMENTED",
            "On-demand takes up to this multiple of its previous peak "
                    + "at once; more can throttle (reason KeyRange, an assumption: the table lacks partitions)."
        },
        {
            "on-demand-peak-window-seconds",
            "AWS_DOCUMENTED",
            "Exceeding the multiple within this long of the peak "
                    + "may throttle; the Lab counts a peak as previous once it is this old."
        },
        {
            "table-read-quota",
            "AWS_DOCUMENTED",
            "Default account quota per on-demand table or GSI, read units per "
                    + "second (AccountLimitExceeded, RequestLimitExceeded)."
        },
        {
            "table-write-quota",
            "AWS_DOCUMENTED",
            "Default account quota per on-demand table or GSI, write units per "
                    + "second (AccountLimitExceeded, RequestLimitExceeded)."
        },
        {
            "bucket-seconds",
            "ASSUMPTION",
            "Window over which a limit is enforced: a token bucket holds at least this "
                    + "many seconds of its rate, so a limit may be exceeded by this much after idling."
        },
    };

    private static String num(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    private static String onOff(boolean b) {
        return b ? "on" : "off";
    }

    private static double dbl(Map<String, String> m, String name) {
        try {
            return Double.parseDouble(m.get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, not '" + m.get(name) + "'");
        }
    }

    private static int integer(Map<String, String> m, String name) {
        try {
            return Integer.parseInt(m.get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not '" + m.get(name) + "'");
        }
    }

    private static boolean bool(Map<String, String> m, String name) {
        return switch (m.get(name).toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw new IllegalArgumentException(name + " must be on or off, not '" + m.get(name) + "'");
        };
    }

    private static void positive(String name, double v) {
        check(v > 0 && Double.isFinite(v), name + " must be > 0");
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
