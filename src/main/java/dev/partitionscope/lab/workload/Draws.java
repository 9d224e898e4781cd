package dev.partitionscope.lab.workload;

import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.scheme.Suffixes;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * One worker's draws: the value of every generator for the current request (drawn at most once per request, so
 * {@code {orderId}} is the same in the key and in the suffix's id), and the request's time. Each generator has its
 * own random stream, so whether a value is drawn for one request never changes the values of another generator:
 * a fast-forwarded run that skips non-key attributes makes the same keys as a run that renders whole items.
 * Not thread-safe; shared state (recent values, sequences) lives in {@link Generators}.
 */
final class Draws {
    private final Generators gens;
    private final SplittableRandom[] random;
    private final String[] memo;
    private final int[] memoIndex;
    private final long[] memoStamp;
    private final String[] made;
    private final long[] madeStamp;
    /** Picks the operation of each request. */
    final SplittableRandom opRandom;
    /** Random scheme parts ({@code random:N}). */
    final SplittableRandom schemeRandom;

    private long stamp;
    long now;

    private long nowSecond = Long.MIN_VALUE;
    private String nowPrefix;
    private final String[] bucketText = new String[KeyScheme.Bucket.values().length];
    private final long[] bucketFrom = new long[KeyScheme.Bucket.values().length];
    private final long[] bucketTo = new long[KeyScheme.Bucket.values().length];

    /** @param makers how many {@link ValueMaker}s the plan has (each renders at most once per request) */
    Draws(Generators gens, long seed, int makers) {
        this.gens = gens;
        SplittableRandom root = new SplittableRandom(seed);
        int n = gens.size();
        random = new SplittableRandom[n];
        for (int i = 0; i < n; i++) {
            random[i] = root.split();
        }
        opRandom = root.split();
        schemeRandom = root.split();
        memo = new String[n];
        memoIndex = new int[n];
        memoStamp = new long[n];
        made = new String[makers];
        madeStamp = new long[makers];
    }

    /** Starts the next request at {@code epochMillis}: every generator draws afresh. */
    void next(long epochMillis) {
        stamp++;
        now = epochMillis;
    }

    /** The generator's value for this request. */
    String value(int g) {
        if (g < 0) {
            return builtIn(g);
        }
        if (memoStamp[g] != stamp) {
            draw(g);
        }
        return memo[g];
    }

    /**
     * What maker {@code id} rendered for this request, or null: a key with a random suffix must be the same
     * wherever the request uses it.
     */
    String made(int id) {
        return madeStamp[id] == stamp ? made[id] : null;
    }

    void make(int id, String value) {
        made[id] = value;
        madeStamp[id] = stamp;
    }

    /** The drawn value's index for enumerable generators (weighted, keys), else -1. */
    int index(int g) {
        if (memoStamp[g] != stamp) {
            draw(g);
        }
        return memoIndex[g];
    }

    private void draw(int g) {
        Generators.Gen gen = gens.gen(g);
        SplittableRandom r = random[g];
        int idx = -1;
        String v;
        switch (gen.def().type()) {
            case WEIGHTED, KEYS -> {
                idx = gen.sample(r);
                v = gen.name(idx);
            }
            case UUID -> v = new UUID(r.nextLong(), r.nextLong()).toString();
            case NUMBER ->
                v = gen.def().prefix()
                        + (gen.def().min()
                                + r.nextLong(gen.def().max() - gen.def().min() + 1));
            case SEQUENCE -> v = gen.def().prefix() + gen.nextSequence();
            case RECENT -> {
                String recent = gen.recent(r);
                v = recent != null ? recent : value(gens.id(gen.def().of()));
            }
            default -> throw new IllegalStateException(gen.def().type().name());
        }
        memo[g] = v;
        memoIndex[g] = idx;
        memoStamp[g] = stamp;
        gens.drawn(g, v);
    }

    private String builtIn(int code) {
        return switch (code) {
            case Template.NOW -> nowText();
            case Template.DATE -> bucket(KeyScheme.Bucket.DAY);
            case Template.MONTH -> bucket(KeyScheme.Bucket.MONTH);
            case Template.EPOCH -> Long.toString(now);
            default -> throw new IllegalArgumentException("built-in " + code);
        };
    }

    /** ISO-8601 with milliseconds, UTC ({@code 2026-06-22T01:00:00.123Z}); formatted once per second. */
    String nowText() {
        long sec = Math.floorDiv(now, 1000);
        if (sec != nowSecond) {
            nowSecond = sec;
            nowPrefix = java.time.Instant.ofEpochSecond(sec).toString();
            nowPrefix = nowPrefix.substring(0, nowPrefix.length() - 1); // drop the 'Z'
        }
        int ms = Math.floorMod(now, 1000);
        StringBuilder sb = new StringBuilder(24).append(nowPrefix).append('.');
        if (ms < 100) {
            sb.append(ms < 10 ? "00" : "0");
        }
        return sb.append(ms).append('Z').toString();
    }

    /** The time bucket of now, formatted once per bucket. */
    @SuppressWarnings("EnumOrdinal") // the ordinal indexes the per-unit caches, read on every draw
    String bucket(KeyScheme.Bucket unit) {
        int u = unit.ordinal();
        if (bucketText[u] == null || now < bucketFrom[u] || now >= bucketTo[u]) {
            bucketFrom[u] = Suffixes.bucketStart(unit, now);
            bucketTo[u] = Suffixes.bucketBefore(unit, now, -1);
            bucketText[u] = Suffixes.bucket(unit, now);
        }
        return bucketText[u];
    }
}
