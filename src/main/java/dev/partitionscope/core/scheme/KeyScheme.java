package dev.partitionscope.core.scheme;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * A partition-key scheme in the one grammar PartitionScope uses everywhere (UI, CLI, recordings, workloads,
 * generated code): how a base key such as {@code PENDING} or {@code OPS_LOG} is widened into several keys so that
 * no single key takes all the writes.
 *
 * <pre>
 * spec   := [values ":"] scheme          hot values only, e.g. PENDING,SHIPPED:hash:8
 * scheme := part ("+" part)*             parts in order, e.g. day+hash:8
 * part   := random:N | sum:N | product:N | hash:N | hour | day | month
 * </pre>
 *
 * Each part adds one suffix, joined to the key with a separator ({@code #} unless set):
 * {@code OPS_LOG} with {@code day+hash:8} gives {@code OPS_LOG#2026-06-22#3}. The formulas are in {@link Suffixes}.
 * A spec with hot values leaves every other value as it is ({@code DELIVERED} stays {@code DELIVERED}).
 */
public final class KeyScheme {
    /**
     * The largest shard count a spec accepts, for one part and for the product of all parts: reading every item of a
     * value is one query per shard, and past 10,000 that fan-out costs more than any write ceiling it avoids (10,000
     * keys already take 10,000,000 WCU/s).
     */
    public static final int MAX_SHARDS = 10_000;

    public static final String DEFAULT_SEPARATOR = "#";

    /** How a numeric suffix is chosen. */
    public enum Method {
        /** Uniform random 1..N: spreads writes; a single item can only be found by querying all N keys. */
        RANDOM,
        /** Sum of code points mod N, + 1 (seed 002): recomputable from the id. */
        SUM,
        /** Product of code points mod N, + 1 (AWS's example): recomputable, but collapses on many ids. */
        PRODUCT,
        /** MurmurHash3 x86_32 mod N, + 1: recomputable and well mixed. */
        HASH;

        String keyword() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A time bucket of the item's timestamp, UTC. */
    public enum Bucket {
        HOUR,
        DAY,
        MONTH;

        String keyword() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One suffix of a scheme. */
    public sealed interface Part permits Numbered, Timed {}

    /** {@code random:N}, {@code sum:N}, {@code product:N} or {@code hash:N}. */
    public record Numbered(Method method, int shards) implements Part {
        @Override
        public String toString() {
            return method.keyword() + ":" + shards;
        }
    }

    /** {@code hour}, {@code day} or {@code month}. */
    public record Timed(Bucket bucket) implements Part {
        @Override
        public String toString() {
            return bucket.keyword();
        }
    }

    private final List<Part> parts;
    private final Set<String> hotValues;

    private KeyScheme(List<Part> parts, Set<String> hotValues) {
        this.parts = List.copyOf(parts);
        this.hotValues = Collections.unmodifiableSet(new LinkedHashSet<>(hotValues));
    }

    /**
     * Parses a spec such as {@code hash:8}, {@code day+hash:8} or {@code PENDING,SHIPPED:hash:8}.
     *
     * @throws SchemeException naming the spec, what is wrong and what would be right
     */
    public static KeyScheme parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new SchemeException(
                    "The scheme is empty: write e.g. hash:8, day, day+hash:8 or" + " PENDING,SHIPPED:hash:8");
        }
        String text = spec.strip();
        // The scheme starts at the beginning or right after a colon; hot values come before it. The first start
        // that parses wins, so a hot value may even be called "day" ("day,night:hash:4").
        SchemeException firstProblem = null;
        for (int start = 0; start >= 0; start = nextStart(text, start)) {
            String rest = text.substring(start);
            if (!startsWithKeyword(rest)) {
                continue;
            }
            try {
                List<Part> parts = parseParts(rest, spec);
                Set<String> values = start == 0 ? Set.of() : parseValues(text.substring(0, start - 1), spec);
                return new KeyScheme(parts, values);
            } catch (SchemeException e) {
                if (firstProblem == null) {
                    firstProblem = e;
                }
            }
        }
        if (firstProblem != null) {
            throw firstProblem;
        }
        // Name the part that failed: "hsh:4" in "PENDING:hsh:4", the whole text when there is no colon.
        String[] segments = text.split(":", -1);
        int n = segments.length;
        String tail = n >= 2 && segments[n - 1].strip().matches("\\d+")
                ? segments[n - 2] + ":" + segments[n - 1]
                : segments[n - 1];
        throw new SchemeException("'" + spec + "': '" + tail + "' is not a scheme; use random:N, sum:N, product:N,"
                + " hash:N, hour, day or month, optionally after hot values (PENDING,SHIPPED:hash:8)");
    }

    private static int nextStart(String text, int from) {
        int colon = text.indexOf(':', from);
        return colon < 0 ? -1 : colon + 1;
    }

    private static boolean startsWithKeyword(String s) {
        int end = 0;
        while (end < s.length() && Character.isLetter(s.charAt(end))) {
            end++;
        }
        return keyword(s.substring(0, end).toLowerCase(Locale.ROOT)) != null
                && (end == s.length() || s.charAt(end) == ':' || s.charAt(end) == '+' || s.charAt(end) == ' ');
    }

    private static Object keyword(String word) {
        for (Method m : Method.values()) {
            if (m.keyword().equals(word)) {
                return m;
            }
        }
        for (Bucket b : Bucket.values()) {
            if (b.keyword().equals(word)) {
                return b;
            }
        }
        return null;
    }

    private static List<Part> parseParts(String text, String spec) {
        List<Part> parts = new ArrayList<>();
        boolean timed = false;
        for (String raw : text.split("\\+", -1)) {
            String p = raw.strip();
            if (p.isEmpty()) {
                throw new SchemeException("'" + spec + "': '+' joins two parts, but one side is empty");
            }
            String[] bits = p.split(":", -1);
            Object kw = keyword(bits[0].strip().toLowerCase(Locale.ROOT));
            if (kw == null) {
                throw new SchemeException("'" + spec + "': '" + p + "' is not a scheme part; use random:N, sum:N,"
                        + " product:N, hash:N, hour, day or month");
            }
            if (kw instanceof Bucket b) {
                if (bits.length > 1) {
                    throw new SchemeException("'" + spec + "': " + b.keyword() + " takes no shard count (write "
                            + b.keyword() + ", not " + p + ")");
                }
                if (timed) {
                    throw new SchemeException("'" + spec + "': one time bucket at most (hour, day or month)");
                }
                timed = true;
                parts.add(new Timed(b));
            } else {
                Method m = (Method) kw;
                if (bits.length == 1) {
                    throw new SchemeException(
                            "'" + spec + "': " + m.keyword() + " needs a shard count, e.g. " + m.keyword() + ":8");
                }
                if (bits.length > 2) {
                    throw new SchemeException("'" + spec + "': '" + p + "' has more than one shard count");
                }
                parts.add(new Numbered(m, shardCount(bits[1].strip(), m, spec)));
            }
        }
        long total = 1;
        for (Part part : parts) {
            if (part instanceof Numbered num) {
                total *= num.shards();
                if (total > MAX_SHARDS) {
                    throw new SchemeException("'" + spec + "': the parts multiply to more than " + MAX_SHARDS
                            + " keys per value (a read of one value would be that many queries); use smaller"
                            + " shard counts");
                }
            }
        }
        return parts;
    }

    private static int shardCount(String n, Method m, String spec) {
        if (n.isEmpty()) {
            throw new SchemeException("'" + spec + "': " + m.keyword() + ": has no shard count after the colon;"
                    + " write e.g. " + m.keyword() + ":8");
        }
        int value;
        try {
            value = Integer.parseInt(n);
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value > MAX_SHARDS || (value < 0 && n.matches("\\d{6,}"))) {
            throw new SchemeException("'" + spec + "': " + m.keyword() + ":" + n + " — more than " + MAX_SHARDS
                    + " shards (a read of one value would be " + n + " queries); the shard count must be a whole"
                    + " number from 1 to " + MAX_SHARDS);
        }
        if (value < 1) {
            throw new SchemeException("'" + spec + "': " + m.keyword() + ":" + n + " — the shard count must be a"
                    + " whole number from 1 to " + MAX_SHARDS + ", e.g. " + m.keyword() + ":8");
        }
        return value;
    }

    private static Set<String> parseValues(String text, String spec) {
        Set<String> values = new LinkedHashSet<>();
        for (String raw : text.split(",", -1)) {
            String v = raw.strip();
            if (v.isEmpty()) {
                throw new SchemeException("'" + spec + "': the hot-value list before the scheme has an empty"
                        + " value; write e.g. PENDING,SHIPPED:hash:8");
            }
            values.add(v);
        }
        return values;
    }

    // Queries

    public List<Part> parts() {
        return parts;
    }

    /** The values this scheme widens; empty means every value. */
    public Set<String> hotValues() {
        return hotValues;
    }

    public boolean appliesTo(String base) {
        return hotValues.isEmpty() || hotValues.contains(base);
    }

    /** Keys one base value spreads over at one moment: the product of the parts' shard counts. */
    public int shards() {
        int n = 1;
        for (Part p : parts) {
            if (p instanceof Numbered num) {
                n = Math.multiplyExact(n, num.shards());
            }
        }
        return n;
    }

    /** True when a part needs the item's id (sum, product, hash). */
    public boolean needsId() {
        return parts.stream().anyMatch(p -> p instanceof Numbered n && n.method() != Method.RANDOM);
    }

    /** True when the suffix can be recomputed from the item (no random part): GetItem works without a fan-out. */
    public boolean recomputable() {
        return parts.stream().noneMatch(p -> p instanceof Numbered n && n.method() == Method.RANDOM);
    }

    /** The time bucket, if the scheme has one. */
    public Bucket bucket() {
        for (Part p : parts) {
            if (p instanceof Timed t) {
                return t.bucket();
            }
        }
        return null;
    }

    // Keys

    /**
     * The key for one item: {@code base} plus one suffix per part, or {@code base} unchanged when the scheme has hot
     * values and {@code base} is not one of them.
     *
     * @param id          the item's id, for sum, product and hash (may be null when no part needs it)
     * @param epochMillis the item's timestamp, for time buckets
     * @param random      for random parts
     */
    public String apply(String base, String id, long epochMillis, RandomGenerator random, String separator) {
        Bucket b = bucket();
        return apply(base, id, b == null ? null : Suffixes.bucket(b, epochMillis), random, separator);
    }

    /**
     * As {@link #apply(String, String, long, RandomGenerator, String)} with the time bucket already formatted
     * ({@link Suffixes#bucket}), for callers that make many keys in the same bucket.
     */
    public String apply(String base, String id, String bucketText, RandomGenerator random, String separator) {
        if (!appliesTo(base)) {
            return base;
        }
        StringBuilder sb = new StringBuilder(base.length() + 16).append(base);
        for (Part p : parts) {
            sb.append(separator);
            if (p instanceof Timed) {
                sb.append(bucketText);
            } else {
                Numbered n = (Numbered) p;
                if (n.method() != Method.RANDOM && id == null) {
                    throw new IllegalArgumentException(n + " needs an id to compute the suffix of " + base);
                }
                sb.append(
                        switch (n.method()) {
                            case RANDOM -> Suffixes.random(random, n.shards());
                            case SUM -> Suffixes.sum(id, n.shards());
                            case PRODUCT -> Suffixes.product(id, n.shards());
                            case HASH -> Suffixes.hash(id, n.shards());
                        });
            }
        }
        return sb.toString();
    }

    /**
     * Every key a base value has in the time bucket of {@code epochMillis} (all {@link #shards()} of them, in suffix
     * order): what a reader of "all PENDING orders" or "the whole day" must query. Just {@code base} when the
     * scheme does not apply to it.
     */
    public List<String> keysAt(String base, long epochMillis, String separator) {
        if (!appliesTo(base)) {
            return List.of(base);
        }
        List<String> keys = new ArrayList<>(List.of(base));
        for (Part p : parts) {
            List<String> next = new ArrayList<>();
            for (String k : keys) {
                if (p instanceof Timed t) {
                    next.add(k + separator + Suffixes.bucket(t.bucket(), epochMillis));
                } else {
                    for (int i = 1; i <= ((Numbered) p).shards(); i++) {
                        next.add(k + separator + i);
                    }
                }
            }
            keys = next;
        }
        return keys;
    }

    /** The canonical spec ({@code PENDING,SHIPPED:hash:8}); {@link #parse} reads it back. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (!hotValues.isEmpty()) {
            sb.append(String.join(",", hotValues)).append(':');
        }
        for (int i = 0; i < parts.size(); i++) {
            sb.append(i == 0 ? "" : "+").append(parts.get(i));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyScheme k && k.parts.equals(parts) && k.hotValues.equals(hotValues);
    }

    @Override
    public int hashCode() {
        return parts.hashCode() * 31 + hotValues.hashCode();
    }
}
