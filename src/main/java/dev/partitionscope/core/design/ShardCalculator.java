package dev.partitionscope.core.design;

import dev.partitionscope.core.scheme.KeyScheme;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How many shards a hot key needs, with the reasoning written out — seed 002's rule: "peak writes per second ÷
 * 1,000, times a headroom factor; with 4,000/s, ten suffixes leave 400 per key".
 *
 * <p><b>Rule.</b> keys at the ceiling = max(write units/s ÷ 1,000, read units/s ÷ 3,000); N = that × headroom,
 * rounded up to the next whole number, at most {@link KeyScheme#MAX_SHARDS}. The default headroom is
 * {@value #DEFAULT_HEADROOM}: 2 so the peak can double (on-demand itself throttles a jump past twice the previous
 * peak, dynamodb-facts §1, and growth is why anyone shards) times 1.25 for an uneven spread and an estimate that is
 * off — each key then runs at ≤ 40 % of its ceiling, which is what reproduces seed 002's ten suffixes at 400/s.
 * N is rounded to the next integer and not to a "round" series (2, 5, 10, 20…): every extra key is one more query
 * for each read of the whole value, so overshooting costs reads for nothing.
 *
 * <p>When N comes out as 1 the verdict is "don't shard" (seed 000's collection keys: a few hundred writes a day
 * never approach the ceiling, and sharding would only turn "list all brands" into N queries).
 */
public final class ShardCalculator {
    /** Headroom factor used when none is given: 2 (room to double) × 1.25 (uneven spread, estimate error). */
    public static final double DEFAULT_HEADROOM = 2.5;

    private ShardCalculator() {}

    /**
     * A recommendation.
     *
     * @param shards    N; 1 means don't shard
     * @param keysAtCeiling the load in keys' worth of ceiling, before headroom
     * @param reasoning the steps as sentences, in order
     */
    public record Recommendation(int shards, double keysAtCeiling, List<String> reasoning) {
        public Recommendation {
            reasoning = List.copyOf(reasoning);
        }

        /** False for the "don't shard" verdict. */
        public boolean shard() {
            return shards > 1;
        }

        /** The reasoning as one paragraph. */
        public String text() {
            return String.join(" ", reasoning);
        }
    }

    /**
     * A suggestion to shard only some values of a low-cardinality key (seed 001's order statuses).
     *
     * @param spec      e.g. {@code PENDING,SHIPPED:hash:8}; null when no value needs sharding
     * @param perValue  N each value would need alone, in the order given
     * @param reasoning the steps as sentences
     */
    public record HotValues(String spec, Map<String, Integer> perValue, List<String> reasoning) {
        public HotValues {
            perValue = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perValue));
            reasoning = List.copyOf(reasoning);
        }

        /** The reasoning as one paragraph. */
        public String text() {
            return String.join(" ", reasoning);
        }
    }

    /** N for a workload with the {@linkplain #DEFAULT_HEADROOM default headroom}. */
    public static Recommendation recommend(Workload w) {
        return recommend(w, DEFAULT_HEADROOM);
    }

    /**
     * N for a workload.
     *
     * @param headroom factor ≥ 1 applied to the load in keys' worth of ceiling
     */
    public static Recommendation recommend(Workload w, double headroom) {
        if (!(headroom >= 1) || Double.isInfinite(headroom)) {
            throw new IllegalArgumentException("The headroom factor must be at least 1, not " + headroom);
        }
        double writeKeys = w.writeUnits() / Workload.WRITE_CEILING;
        double readKeys = w.readUnits() / Workload.READ_CEILING;
        double keys = Math.max(writeKeys, readKeys);
        int n = shardsFor(keys, headroom);
        List<String> why = new ArrayList<>();
        boolean readsDrive = readKeys > writeKeys;
        if (w.writesPerSecond() > 0) {
            why.add(Text.num(w.writesPerSecond()) + " writes/s of items up to " + kb(w.itemBytes(), 1024) + " KB cost "
                    + Text.num(w.wcuPerWrite()) + " WCU each: " + Text.num(w.writeUnits()) + " WCU/s on one key.");
        }
        if (w.readsPerSecond() > 0) {
            why.add(Text.num(w.readsPerSecond()) + " " + (w.stronglyConsistent() ? "strongly" : "eventually")
                    + " consistent reads/s of items up to " + kb(w.itemBytes(), 4096) + " KB cost "
                    + Text.num(w.rcuPerRead()) + " RCU each: " + Text.num(w.readUnits()) + " RCU/s on one key.");
        }
        String ceiling = readsDrive ? "3,000 RCU/s" : "1,000 WCU/s";
        if (n <= 1) {
            why.add("Don't shard: that is " + Text.pct(keys) + " of one key's " + ceiling + " ceiling, and even with"
                    + " headroom ×" + Text.num(headroom) + " it stays " + (keys * headroom < 0.5 ? "far " : "")
                    + "below it. Sharding would only turn every read of the whole value into several queries.");
            return new Recommendation(1, keys, why);
        }
        why.add("One key takes at most " + ceiling + ", so the load needs " + Text.num(keys) + " keys at the"
                + " ceiling.");
        why.add("With headroom ×" + Text.num(headroom) + " (room for the peak to double, × 1.25 for an uneven"
                + " spread" + (headroom == DEFAULT_HEADROOM ? "" : "; default " + Text.num(DEFAULT_HEADROOM))
                + "), " + Text.num(keys) + " × " + Text.num(headroom) + " = " + Text.num(keys * headroom)
                + (n == Math.ceil(keys * headroom - 1e-9) && n != keys * headroom ? ", rounded up to " + n : "")
                + (n == KeyScheme.MAX_SHARDS ? ", capped at " + KeyScheme.MAX_SHARDS : "") + ".");
        double perKeyWrites = w.writesPerSecond() / n;
        double perKeyUnits = (readsDrive ? w.readUnits() : w.writeUnits()) / n;
        String ceilingValue = readsDrive ? "RCU/s" : "WCU/s";
        why.add("With " + n + " suffixes each key takes "
                + (readsDrive ? Text.num(w.readsPerSecond() / n) + " reads/s" : Text.num(perKeyWrites) + " writes/s")
                + " (" + Text.num(perKeyUnits) + " " + ceilingValue + ", "
                + Text.pct(perKeyUnits / (readsDrive ? Workload.READ_CEILING : Workload.WRITE_CEILING))
                + " of its ceiling).");
        why.add("Reading all of a value then takes " + n + " queries, and a single item needs a calculated suffix"
                + " (hash:" + n + ") to be found with one GetItem.");
        if (readsDrive) {
            why.add("Reads drive N: sharding splits single-item reads, but a read of the whole value still touches"
                    + " every key; for hot reads a cache (DAX, ElastiCache) is often the better fix.");
        }
        return new Recommendation(n, keys, why);
    }

    /**
     * Which values of a low-cardinality key need sharding, given each value's peak writes per second: the values
     * whose own N exceeds 1, all sharded to the largest of their N (the grammar gives hot values one scheme).
     */
    public static HotValues hotValues(Map<String, Double> writesPerSecondByValue, long itemBytes, double headroom) {
        Map<String, Integer> perValue = new LinkedHashMap<>();
        writesPerSecondByValue.forEach((v, rate) -> perValue.put(
                v, recommend(Workload.writes(rate, itemBytes), headroom).shards()));
        List<String> hot = perValue.entrySet().stream()
                .filter(e -> e.getValue() > 1)
                .sorted(Comparator.comparingDouble(e -> -writesPerSecondByValue.get(e.getKey())))
                .map(Map.Entry::getKey)
                .toList();
        List<String> why = new ArrayList<>();
        double wcu = Workload.writes(0, itemBytes).wcuPerWrite();
        for (Map.Entry<String, Integer> e : perValue.entrySet()) {
            double rate = writesPerSecondByValue.get(e.getKey());
            why.add(e.getKey() + ": " + Text.num(rate) + " writes/s = " + Text.num(rate * wcu) + " WCU/s, "
                    + (e.getValue() > 1 ? "needs " + e.getValue() + " keys." : "fits one key — leave it."));
        }
        if (hot.isEmpty()) {
            why.add("Don't shard: no value approaches one key's 1,000 WCU/s ceiling.");
            return new HotValues(null, perValue, why);
        }
        int n = hot.stream().mapToInt(perValue::get).max().orElseThrow();
        String spec = (hot.size() == perValue.size() ? "" : String.join(",", hot) + ":") + "hash:" + n;
        KeyScheme.parse(spec); // a spec this class suggests must be one the grammar accepts
        why.add("Shard only the hot values: " + spec + " — hash so one item is still one GetItem; the other values"
                + " keep their single key and their reads stay one query.");
        return new HotValues(spec, perValue, why);
    }

    /** N for a load of {@code keys} ceilings with headroom: next whole number, 1..MAX_SHARDS. */
    static int shardsFor(double keys, double headroom) {
        double need = keys * headroom;
        // 4 × 2.5 is 10.000000000000002 in doubles for some inputs: do not round that up to 11.
        long n = (long) Math.ceil(need - 1e-9);
        return (int) Math.max(1, Math.min(KeyScheme.MAX_SHARDS, n));
    }

    private static String kb(long bytes, int unit) {
        long units = Math.max(1, (bytes + unit - 1) / unit);
        return Text.num(units * unit / 1024.0);
    }
}
