package dev.partitionscope.core.design;

import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.scheme.Suffixes;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * What a key scheme does to a real set of ids before anyone changes code: which key each id lands on, how many ids
 * each key gets, and a verdict in plain words computed from those counts — so that, say, {@code product:200} on
 * ids that all contain a factor of 200 is seen to put every id on one key, and {@code hash:8} is seen to spread
 * within a measured few percent of even.
 *
 * <p>Suffix numbers are computed directly ({@link Suffixes}), never by building key strings per id; keys are
 * spelled only once per shard. {@code random:N} draws from a {@link SplittableRandom} with the given seed, so a
 * preview is reproducible.
 *
 * <p><b>Possible shards.</b> For every hot base value and every time bucket the ids fall in, all N keys of the
 * scheme ({@link KeyScheme#shards()}), empty or not; for every value the scheme leaves alone (not in the hot-value
 * list), its one unchanged key. {@link #maxToMean()} divides the busiest key's count by the mean over these possible
 * shards — ids ÷ possible shards — not by the mean over the keys that happened to be used, so a scheme that leaves
 * keys empty scores worse, as it should.
 *
 * <p><b>Load at one moment.</b> A time bucket spreads ids over days, not the load of any one moment: all writes of
 * a moment go to the current bucket. {@link Shard#loadShare()} is therefore a key's count divided by the ids of its
 * own time bucket (for untimed schemes, the same as its share), and {@link Prediction} splits a rate by that.
 */
public final class SchemePreview {
    /**
     * One key the ids land on, or could land on.
     *
     * @param key       the full key, e.g. {@code PENDING#3} or {@code OPS_LOG#2026-06-22#3}; a value the scheme
     *                  leaves alone is its own key
     * @param suffix    what the scheme appended (after the base and separator): {@code 3}, {@code 2026-06-22#3};
     *                  empty for an unchanged value
     * @param count     ids on this key
     * @param share     count ÷ all ids
     * @param loadShare share of the write load at one moment: count ÷ ids in the same time bucket (= share when the
     *                  scheme has no time bucket; for an unchanged value, its largest such share over the buckets)
     * @param bucket    the key's time bucket ({@code 2026-06-22}); empty when the scheme has none or leaves the value
     *                  unchanged — such keys take load in every bucket
     */
    public record Shard(String key, String suffix, int count, double share, double loadShare, String bucket) {}

    /** Tallies are kept in an array while the code space is at most this big; else in a map. */
    private static final long ARRAY_CELLS = 1L << 24;

    private final KeyScheme scheme;
    private final String separator;
    private final int ids;
    private final List<Shard> shards;
    private final int[] assignment;
    private final int distinct;
    private final int possible;
    private final int buckets;
    private final double evenSpread;
    private final String verdict;

    private SchemePreview(
            KeyScheme scheme, String separator, int ids, List<Shard> shards, int[] assignment, int buckets) {
        this.scheme = scheme;
        this.separator = separator;
        this.ids = ids;
        this.shards = List.copyOf(shards);
        this.assignment = assignment;
        this.buckets = buckets;
        this.possible = shards.size();
        this.distinct = (int) shards.stream().filter(s -> s.count() > 0).count();
        double mean = (double) ids / possible;
        double worst = 0;
        for (Shard s : shards) {
            worst = Math.max(worst, Math.abs(s.count() - mean) / mean);
        }
        this.evenSpread = worst;
        this.verdict = PreviewVerdict.of(this);
    }

    /**
     * Previews a scheme on ids that all share one base key, with no timestamps (the scheme must not have a time
     * bucket).
     */
    public static SchemePreview of(KeyScheme scheme, String base, List<String> ids, long seed) {
        return of(scheme, KeyScheme.DEFAULT_SEPARATOR, List.of(base), ids, null, seed);
    }

    /**
     * Previews a scheme.
     *
     * @param scheme      the scheme
     * @param separator   between the base and each suffix ({@code #} by default)
     * @param bases       one base key for every id, or one per id (for hot-value specs: each order's status)
     * @param ids         the ids suffixes are computed from (sum, product, hash); at least one
     * @param epochMillis one timestamp per id, needed when the scheme has a time bucket, else may be null
     * @param seed        seed of the random draws of {@code random:N}
     * @throws IllegalArgumentException when there are no ids, the bases do not match the ids, or a time bucket has
     *                                  no timestamps
     */
    public static SchemePreview of(
            KeyScheme scheme, String separator, List<String> bases, List<String> ids, long[] epochMillis, long seed) {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(separator, "separator");
        int n = ids.size();
        if (n == 0) {
            throw new IllegalArgumentException("No ids to preview: give at least one id");
        }
        if (bases.size() != 1 && bases.size() != n) {
            throw new IllegalArgumentException(
                    "Give one base key for all ids or one per id, not " + bases.size() + " for " + n + " ids");
        }
        KeyScheme.Bucket unit = scheme.bucket();
        if (unit != null && (epochMillis == null || epochMillis.length != n)) {
            throw new IllegalArgumentException(scheme + " has a " + unit.name().toLowerCase(java.util.Locale.ROOT)
                    + " bucket: give one timestamp per id");
        }
        return new Builder(scheme, separator, bases, ids, epochMillis, seed).build();
    }

    /** Does the counting; one pass over the ids computing a numeric code per id, then one over the tallies. */
    private static final class Builder {
        private final KeyScheme scheme;
        private final String separator;
        private final List<String> ids;
        private final long[] millis;
        private final long seed;
        private final KeyScheme.Bucket unit;
        private final int numbered;
        private final KeyScheme.Method[] methods;
        private final int[] sizes;
        private final int shardsPerValue;

        // Base values, in first-seen order.
        private final List<String> baseNames = new ArrayList<>();
        private final int[] baseOf;
        private boolean[] hot;
        // Time buckets: codes (hours/days/months since the epoch), in first-seen order, then sorted.
        private final Map<Long, Integer> bucketIndex = new HashMap<>();
        private final List<Long> bucketCodes = new ArrayList<>();
        private final int[] bucketOf;

        Builder(
                KeyScheme scheme,
                String separator,
                List<String> bases,
                List<String> ids,
                long[] epochMillis,
                long seed) {
            this.scheme = scheme;
            this.separator = separator;
            this.ids = ids;
            this.millis = epochMillis == null ? null : epochMillis.clone();
            this.seed = seed;
            this.unit = scheme.bucket();
            List<KeyScheme.Numbered> parts = scheme.parts().stream()
                    .filter(p -> p instanceof KeyScheme.Numbered)
                    .map(p -> (KeyScheme.Numbered) p)
                    .toList();
            numbered = parts.size();
            methods = new KeyScheme.Method[numbered];
            sizes = new int[numbered];
            for (int k = 0; k < numbered; k++) {
                methods[k] = parts.get(k).method();
                sizes[k] = parts.get(k).shards();
            }
            shardsPerValue = scheme.shards();
            baseOf = bases(bases);
            bucketOf = unit == null ? null : buckets();
        }

        private int[] bases(List<String> bases) {
            int n = ids.size();
            int[] of = new int[n];
            Map<String, Integer> index = new HashMap<>();
            String last = null;
            int lastIndex = -1;
            for (int i = 0; i < (bases.size() == 1 ? 1 : n); i++) {
                String b = Objects.requireNonNull(bases.get(i), "base key");
                if (!b.equals(last)) {
                    lastIndex = index.computeIfAbsent(b, k -> {
                        baseNames.add(k);
                        return baseNames.size() - 1;
                    });
                    last = b;
                }
                of[i] = lastIndex;
            }
            hot = new boolean[baseNames.size()];
            for (int b = 0; b < hot.length; b++) {
                hot[b] = scheme.appliesTo(baseNames.get(b));
            }
            return of;
        }

        private int[] buckets() {
            int n = ids.size();
            int[] of = new int[n];
            long lastCode = Long.MIN_VALUE;
            int lastIndex = -1;
            long lastDay = Long.MIN_VALUE;
            long lastMonth = 0;
            for (int i = 0; i < n; i++) {
                long code =
                        switch (unit) {
                            case HOUR -> Math.floorDiv(millis[i], 3_600_000L);
                            case DAY -> Math.floorDiv(millis[i], 86_400_000L);
                            case MONTH -> {
                                long day = Math.floorDiv(millis[i], 86_400_000L);
                                if (day != lastDay) {
                                    LocalDate d = LocalDate.ofEpochDay(day);
                                    lastMonth = d.getYear() * 12L + d.getMonthValue() - 1;
                                    lastDay = day;
                                }
                                yield lastMonth;
                            }
                        };
                if (code != lastCode) {
                    lastIndex = bucketIndex.computeIfAbsent(code, c -> {
                        bucketCodes.add(c);
                        return bucketCodes.size() - 1;
                    });
                    lastCode = code;
                }
                of[i] = lastIndex;
            }
            // Renumber chronologically so tallies (and shards) come out in time order.
            Long[] sorted = bucketCodes.toArray(new Long[0]);
            Arrays.sort(sorted);
            int[] rank = new int[sorted.length];
            for (int r = 0; r < sorted.length; r++) {
                rank[bucketIndex.get(sorted[r])] = r;
            }
            for (int i = 0; i < n; i++) {
                of[i] = rank[of[i]];
            }
            bucketCodes.clear();
            bucketCodes.addAll(Arrays.asList(sorted));
            return of;
        }

        SchemePreview build() {
            int n = ids.size();
            int periods = Math.max(1, bucketCodes.size());
            long cells = (long) baseNames.size() * periods * shardsPerValue;
            long[] code = new long[n];
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < n; i++) {
                int b = baseOf[baseOf.length == 1 ? 0 : i];
                int p = bucketOf == null ? 0 : bucketOf[i];
                int num = 0;
                if (hot[b]) {
                    String id = ids.get(i);
                    for (int k = 0; k < numbered; k++) {
                        int s = sizes[k];
                        int digit =
                                switch (methods[k]) {
                                    case RANDOM -> random.nextInt(s);
                                    case SUM -> Suffixes.sum(id, s) - 1;
                                    case PRODUCT -> Suffixes.product(id, s) - 1;
                                    case HASH -> Suffixes.hash(id, s) - 1;
                                };
                        num = num * s + digit;
                    }
                }
                code[i] = ((long) b * periods + p) * shardsPerValue + num;
            }
            Tally tally = cells <= ARRAY_CELLS ? new ArrayTally((int) cells) : new MapTally();
            for (long c : code) {
                tally.add(c);
            }
            int[] periodTotal = new int[periods];
            for (int i = 0; i < n; i++) {
                periodTotal[bucketOf == null ? 0 : bucketOf[i]]++;
            }
            return shards(n, periods, code, tally, periodTotal);
        }

        private SchemePreview shards(int n, int periods, long[] code, Tally tally, int[] periodTotal) {
            List<Row> rows = new ArrayList<>();
            for (int b = 0; b < baseNames.size(); b++) {
                String base = baseNames.get(b);
                if (!hot[b]) {
                    int count = 0;
                    double load = 0;
                    for (int p = 0; p < periods; p++) {
                        int c = tally.get(((long) b * periods + p) * shardsPerValue);
                        count += c;
                        load = Math.max(load, periodTotal[p] == 0 ? 0 : (double) c / periodTotal[p]);
                    }
                    if (count > 0) {
                        rows.add(new Row(
                                b,
                                -1,
                                0,
                                ((long) b * periods) * shardsPerValue,
                                new Shard(base, "", count, (double) count / n, load, "")));
                    }
                    continue;
                }
                for (int p = 0; p < periods; p++) {
                    long first = ((long) b * periods + p) * shardsPerValue;
                    if (!tally.any(first, shardsPerValue)) {
                        continue;
                    }
                    for (int num = 0; num < shardsPerValue; num++) {
                        int c = tally.get(first + num);
                        String suffix = suffix(p, num);
                        String bucket = unit == null ? "" : bucketLabel(bucketCodes.get(p));
                        rows.add(new Row(
                                b,
                                p,
                                num,
                                first + num,
                                new Shard(
                                        base + separator + suffix,
                                        suffix,
                                        c,
                                        (double) c / n,
                                        (double) c / periodTotal[p],
                                        bucket)));
                    }
                }
            }
            // Keys in the order in which the spec's parts are written: e.g. hash:8+day sorts by hash, then day.
            rows.sort(Comparator.comparing((Row r) -> baseNames.get(r.base())).thenComparingLong(this::order));
            List<Shard> list = new ArrayList<>(rows.size());
            Map<Long, Integer> cellToShard = new HashMap<>(rows.size() * 2);
            for (Row r : rows) {
                if (r.period() < 0) {
                    for (int p = 0; p < periods; p++) {
                        cellToShard.put(((long) r.base() * periods + p) * shardsPerValue, list.size());
                    }
                } else {
                    cellToShard.put(r.cell(), list.size());
                }
                list.add(r.shard());
            }
            int[] assignment = new int[n];
            long lastCode = -1;
            int lastShard = -1;
            for (int i = 0; i < n; i++) {
                if (code[i] != lastCode) {
                    lastCode = code[i];
                    lastShard = cellToShard.get(lastCode);
                }
                assignment[i] = lastShard;
            }
            return new SchemePreview(scheme, separator, n, list, assignment, bucketCodes.size());
        }

        /** One shard being built: where its tally lives (period -1: an unchanged value over all periods). */
        private record Row(int base, int period, int num, long cell, Shard shard) {}

        /** Sort position within one base value: the parts' values in the order the spec writes them. */
        private long order(Row r) {
            int period = r.period();
            int num = r.num();
            if (period < 0) {
                return -1;
            }
            // Split the number at the time part: parts before it are more significant, parts after less.
            int after = 1;
            boolean seenTime = false;
            for (KeyScheme.Part part : scheme.parts()) {
                if (part instanceof KeyScheme.Timed) {
                    seenTime = true;
                } else if (seenTime) {
                    after *= ((KeyScheme.Numbered) part).shards();
                }
            }
            long hi = num / after;
            long lo = num % after;
            return (hi * (bucketCodes.size() + 1L) + period) * after + lo;
        }

        /** The suffix text of a bucket and a mixed-radix shard number, parts in the spec's order. */
        private String suffix(int period, int num) {
            int[] digits = new int[numbered];
            for (int k = numbered - 1; k >= 0; k--) {
                digits[k] = num % sizes[k] + 1;
                num /= sizes[k];
            }
            StringBuilder sb = new StringBuilder();
            int k = 0;
            for (KeyScheme.Part part : scheme.parts()) {
                if (sb.length() > 0) {
                    sb.append(separator);
                }
                if (part instanceof KeyScheme.Timed) {
                    sb.append(bucketLabel(bucketCodes.get(period)));
                } else {
                    sb.append(digits[k++]);
                }
            }
            return sb.toString();
        }

        private String bucketLabel(long code) {
            long start =
                    switch (unit) {
                        case HOUR -> code * 3_600_000L;
                        case DAY -> code * 86_400_000L;
                        case MONTH ->
                            LocalDate.of((int) Math.floorDiv(code, 12), Math.floorMod(code, 12) + 1, 1)
                                            .toEpochDay()
                                    * 86_400_000L;
                    };
            return Suffixes.bucket(unit, start);
        }
    }

    /** Counts per code: an array for small code spaces (the usual case), a map otherwise. */
    private interface Tally {
        void add(long code);

        int get(long code);

        boolean any(long first, int length);
    }

    private static final class ArrayTally implements Tally {
        private final int[] counts;

        ArrayTally(int cells) {
            counts = new int[cells];
        }

        @Override
        public void add(long code) {
            counts[(int) code]++;
        }

        @Override
        public int get(long code) {
            return counts[(int) code];
        }

        @Override
        public boolean any(long first, int length) {
            for (int i = 0; i < length; i++) {
                if (counts[(int) first + i] != 0) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final class MapTally implements Tally {
        private final Map<Long, int[]> counts = new HashMap<>();
        private final Map<Long, Boolean> groups = new HashMap<>();
        private long groupSize = -1;

        @Override
        public void add(long code) {
            counts.computeIfAbsent(code, c -> new int[1])[0]++;
        }

        @Override
        public int get(long code) {
            int[] c = counts.get(code);
            return c == null ? 0 : c[0];
        }

        @Override
        public boolean any(long first, int length) {
            if (groupSize != length) {
                groups.clear();
                for (long c : counts.keySet()) {
                    groups.put(c / length, Boolean.TRUE);
                }
                groupSize = length;
            }
            return groups.containsKey(first / length);
        }
    }

    // Queries

    /** The scheme previewed. */
    public KeyScheme scheme() {
        return scheme;
    }

    /** The separator keys were spelled with. */
    public String separator() {
        return separator;
    }

    /** How many ids were previewed. */
    public int ids() {
        return ids;
    }

    /**
     * Every possible shard (see the class comment) with its count and shares, sorted by base value, then by
     * suffix in the order the spec's parts are written (numbers numerically, time buckets chronologically).
     */
    public List<Shard> shards() {
        return shards;
    }

    /** Index into {@link #shards()} of the key id number {@code i} (in input order) landed on. */
    public int shardOf(int i) {
        return assignment[i];
    }

    /** The key id number {@code i} (in input order) landed on. */
    public String keyOf(int i) {
        return shards.get(assignment[i]).key();
    }

    /** Keys that got at least one id. */
    public int distinctShards() {
        return distinct;
    }

    /** Keys the ids could have used (see the class comment): the denominator of the even share. */
    public int possibleShards() {
        return possible;
    }

    /** Distinct time buckets among the ids (0 when the scheme has none). */
    public int timeBuckets() {
        return buckets;
    }

    /** The busiest key. */
    public Shard busiest() {
        Shard best = shards.get(0);
        for (Shard s : shards) {
            if (s.count() > best.count()) {
                best = s;
            }
        }
        return best;
    }

    /** The busiest key's share of all ids. */
    public double maxShare() {
        return (double) busiest().count() / ids;
    }

    /** The largest share of the load at one moment on any key ({@link Shard#loadShare()}). */
    public double maxLoadShare() {
        double m = 0;
        for (Shard s : shards) {
            m = Math.max(m, s.loadShare());
        }
        return m;
    }

    /**
     * The busiest key's count over the mean count of the {@linkplain #possibleShards() possible shards} (ids ÷
     * possible shards): 1.0 is perfectly even; N means one key takes everything of an N-key scheme.
     */
    public double maxToMean() {
        return busiest().count() / ((double) ids / possible);
    }

    /** The largest deviation of any possible shard's count from the mean, as a fraction of the mean (±x of even). */
    public double evenSpread() {
        return evenSpread;
    }

    /** A sentence or two on what the scheme does to these ids, computed from the counts. */
    public String verdict() {
        return verdict;
    }
}
