package dev.partitionscope.lab.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The compiled generators of one run: sampling tables (with the key-skew override applied), key names rendered
 * once, and the state every worker shares — recent values for {@code recent} generators and sequence counters.
 * Thread-safe; each worker draws through its own {@link Draws}.
 */
final class Generators {
    private final List<Gen> gens = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>();
    /** For each generator, the recent-generator that remembers its values (or -1). */
    private final int[] rememberedBy;

    /**
     * @param skewGenerator the generator whose hottest value gets {@code skewPercent} of the draws (null: none)
     */
    Generators(Map<String, GenDef> defs, String skewGenerator, Double skewPercent) {
        for (GenDef d : defs.values()) {
            ids.put(d.name(), gens.size());
            gens.add(new Gen(d.name().equals(skewGenerator) && skewPercent != null ? skewed(d, skewPercent) : d));
        }
        rememberedBy = new int[gens.size()];
        java.util.Arrays.fill(rememberedBy, -1);
        for (int i = 0; i < gens.size(); i++) {
            if (gens.get(i).def.type() == GenDef.Type.RECENT) {
                rememberedBy[ids.get(gens.get(i).def.of())] = i;
            }
        }
    }

    /** A generator whose hottest value takes {@code percent} of the draws; the others keep their proportions. */
    static GenDef skewed(GenDef d, double percent) {
        if (percent <= 0 || percent > 100) {
            throw new IllegalArgumentException("key skew must be above 0 and at most 100 %, not " + percent);
        }
        if (d.type() == GenDef.Type.WEIGHTED) {
            double[] w = d.weights().clone();
            int hot = 0;
            double others = 0;
            for (int i = 0; i < w.length; i++) {
                hot = w[i] > w[hot] ? i : hot;
            }
            for (int i = 0; i < w.length; i++) {
                others += i == hot ? 0 : w[i];
            }
            if (others == 0 || percent >= 100) {
                for (int i = 0; i < w.length; i++) {
                    w[i] = i == hot ? 1 : 0;
                }
            } else {
                w[hot] = others * percent / (100 - percent);
            }
            return new GenDef(
                    d.name(),
                    d.type(),
                    d.values(),
                    w,
                    d.count(),
                    d.prefix(),
                    d.width(),
                    d.hot(),
                    d.hotShare(),
                    d.zipf(),
                    d.min(),
                    d.max(),
                    d.of(),
                    d.size());
        }
        if (d.type() == GenDef.Type.KEYS) {
            return new GenDef(
                    d.name(),
                    d.type(),
                    d.values(),
                    d.weights(),
                    d.count(),
                    d.prefix(),
                    d.width(),
                    d.hot(),
                    percent,
                    null,
                    d.min(),
                    d.max(),
                    d.of(),
                    d.size());
        }
        throw new IllegalArgumentException("generator " + d.name() + " has no hottest value to skew");
    }

    int size() {
        return gens.size();
    }

    Gen gen(int id) {
        return gens.get(id);
    }

    int id(String name) {
        Integer id = ids.get(name);
        if (id == null) {
            throw new IllegalArgumentException("unknown generator " + name);
        }
        return id;
    }

    Map<String, Integer> ids() {
        return ids;
    }

    /** Called for every draw: a recent-generator remembers the values of the generator it follows. */
    void drawn(int g, String value) {
        int r = rememberedBy[g];
        if (r >= 0) {
            gens.get(r).remember(value);
        }
    }

    /** One generator: its definition and what sampling needs. */
    static final class Gen {
        private final GenDef def;
        private final double[] cdf;
        private final String[] names;
        private final AtomicLong sequence = new AtomicLong();
        private final AtomicReferenceArray<String> ring;
        private final AtomicLong ringCount = new AtomicLong();

        Gen(GenDef def) {
            this.def = def;
            double[] c = null;
            String[] n = null;
            if (def.type() == GenDef.Type.WEIGHTED) {
                c = cumulative(def.weights());
                n = def.values().toArray(String[]::new);
            } else if (def.type() == GenDef.Type.KEYS) {
                n = new String[def.count()];
                if (def.zipf() != null) {
                    double[] w = new double[def.count()];
                    for (int i = 0; i < w.length; i++) {
                        w[i] = 1 / Math.pow(i + 1, def.zipf());
                    }
                    c = cumulative(w);
                }
            }
            cdf = c;
            names = n;
            ring = def.type() == GenDef.Type.RECENT ? new AtomicReferenceArray<>(def.size()) : null;
        }

        GenDef def() {
            return def;
        }

        private static double[] cumulative(double[] w) {
            double[] c = new double[w.length];
            double acc = 0;
            for (int i = 0; i < w.length; i++) {
                acc += w[i];
                c[i] = acc;
            }
            return c;
        }

        int sample(SplittableRandom r) {
            if (cdf != null) {
                double u = r.nextDouble() * cdf[cdf.length - 1];
                int lo = 0;
                int hi = cdf.length - 1;
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (cdf[mid] <= u) {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                return lo;
            }
            int count = def.count();
            if (def.hotShare() != null) {
                if (count == 1 || r.nextDouble() * 100 < def.hotShare()) {
                    return 0;
                }
                return 1 + r.nextInt(count - 1);
            }
            return r.nextInt(count);
        }

        /** The name of an enumerable value; keys are rendered on first use and kept. */
        String name(int index) {
            String n = names[index];
            if (n == null) {
                n = index == 0 && def.hot() != null ? def.hot() : def.prefix() + GenDef.pad(index + 1L, def.width());
                names[index] = n; // a benign race: every thread renders the same string
            }
            return n;
        }

        long nextSequence() {
            return sequence.incrementAndGet();
        }

        void remember(String value) {
            long at = ringCount.getAndIncrement();
            ring.set((int) (at % ring.length()), value);
        }

        /** One of the remembered values, or null when nothing was drawn yet. */
        String recent(SplittableRandom r) {
            long n = Math.min(ringCount.get(), ring.length());
            if (n == 0) {
                return null;
            }
            String v = ring.get(r.nextInt((int) n));
            return v;
        }
    }
}
