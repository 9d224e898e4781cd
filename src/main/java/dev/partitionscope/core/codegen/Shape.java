package dev.partitionscope.core.codegen;

import dev.partitionscope.core.scheme.KeyScheme;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A scheme as the generators see it: its parts in order, each numbered part with the name of its N constant
 * ({@code SHARDS}, or {@code SHARDS_1}, {@code SHARDS_2}… when there are several).
 */
final class Shape {
    /** One part: a numbered suffix (method and N constant) or the time bucket. */
    record Part(KeyScheme.Method method, int shards, String constant, KeyScheme.Bucket bucket) {
        boolean timed() {
            return bucket != null;
        }
    }

    final KeyScheme scheme;
    final List<Part> parts;
    final List<Part> numbered;
    final boolean hot;
    final boolean needsId;
    final KeyScheme.Bucket bucket;
    final boolean recomputable;

    Shape(KeyScheme scheme) {
        this.scheme = scheme;
        long count = scheme.parts().stream()
                .filter(p -> p instanceof KeyScheme.Numbered)
                .count();
        List<Part> all = new ArrayList<>();
        List<Part> num = new ArrayList<>();
        int i = 0;
        for (KeyScheme.Part p : scheme.parts()) {
            if (p instanceof KeyScheme.Numbered n) {
                i++;
                Part part = new Part(n.method(), n.shards(), count == 1 ? "SHARDS" : "SHARDS_" + i, null);
                all.add(part);
                num.add(part);
            } else {
                all.add(new Part(null, 0, null, ((KeyScheme.Timed) p).bucket()));
            }
        }
        this.parts = List.copyOf(all);
        this.numbered = List.copyOf(num);
        this.hot = !scheme.hotValues().isEmpty();
        this.needsId = scheme.needsId();
        this.bucket = scheme.bucket();
        this.recomputable = scheme.recomputable();
    }

    boolean uses(KeyScheme.Method m) {
        return numbered.stream().anyMatch(p -> p.method() == m);
    }

    /** What the key function of {@code part} computes, for its doc comment. */
    static String describe(Part p) {
        return switch (p.method()) {
            case RANDOM ->
                "a uniformly random suffix 1.." + p.shards() + " (items cannot be found again without"
                        + " querying every suffix)";
            case SUM -> "(sum of the id's Unicode code points) mod " + p.shards() + " + 1";
            case PRODUCT ->
                "(product of the id's Unicode code points) mod " + p.shards() + " + 1 (AWS's example;"
                        + " collapses on ids such as UUIDs)";
            case HASH -> "MurmurHash3 x86_32 (seed 0) of the id's UTF-8 bytes, unsigned, mod " + p.shards() + " + 1";
        };
    }

    /** The lines of the doc comment on an N constant. */
    static List<String> constantDoc(Part p, String rationale, boolean several) {
        List<String> lines = new ArrayList<>();
        lines.add("N" + (several ? " of the " + p.method().name().toLowerCase(Locale.ROOT) + " part" : "")
                + ": the number of suffixes (1.." + p.shards() + ") each sharded value is spread over; "
                + p.method().name().toLowerCase(Locale.ROOT) + ":" + p.shards() + " in PartitionScope's scheme.");
        lines.add("Why " + p.shards() + ": "
                + (rationale == null
                        ? "TODO — say why (peak writes/s ÷ 1,000 WCU/s per partition key × headroom)."
                        : rationale));
        lines.add("Change it only with a migration: items written under the old N keep their old keys.");
        return lines;
    }
}
