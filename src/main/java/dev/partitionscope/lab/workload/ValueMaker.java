package dev.partitionscope.lab.workload;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.lab.partition.KeyHash;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A compiled {@link ValueDef}: renders one attribute value for a request, and for key attributes its place in the
 * Lab's hash space. Hashes of keys drawn from a small set (a weighted or keys generator, no scheme) are computed
 * once per value.
 */
final class ValueMaker {
    final ValueDef def;
    private final int id;
    private final Template base;
    private final Template idTemplate;
    private final int enumerable;
    private long[] hashes;
    private boolean[] hashed;
    private long constantHash;

    ValueMaker(ValueDef def, Generators gens, int id) {
        this.def = def;
        this.id = id;
        Map<String, Integer> ids = gens.ids();
        this.base = Template.compile(def.template(), ids);
        this.idTemplate = def.id() == null ? null : Template.compile(def.id(), ids);
        int single = base.singleGenerator();
        boolean enumerableGen = single >= 0
                && (gens.gen(single).def().type() == GenDef.Type.WEIGHTED
                        || gens.gen(single).def().type() == GenDef.Type.KEYS);
        this.enumerable = def.scheme() == null && enumerableGen ? single : -1;
        if (enumerable >= 0) {
            GenDef g = gens.gen(single).def();
            int n = g.type() == GenDef.Type.WEIGHTED ? g.values().size() : g.count();
            hashes = new long[n];
            hashed = new boolean[n];
        }
        if (def.scheme() == null && base.constant()) {
            constantHash = KeyHash.of(new AttrValue.S(def.template()));
        }
    }

    /** The value for this request; the same on every call within one request. */
    String render(Draws d) {
        String done = d.made(id);
        if (done != null) {
            return done;
        }
        String b = base.render(d);
        KeyScheme s = def.scheme();
        String v = b;
        if (s != null) {
            String idValue = idTemplate == null ? null : idTemplate.render(d);
            v = s.apply(b, idValue, s.bucket() == null ? null : d.bucket(s.bucket()), d.schemeRandom, def.separator());
        }
        d.make(id, v);
        return v;
    }

    AttrValue attr(Draws d) {
        String v = render(d);
        return def.number() ? AttrValue.N.parse(v) : new AttrValue.S(v);
    }

    /** The hash of a key value just rendered by {@link #render} for the same request. */
    long hash(Draws d, String rendered) {
        if (def.scheme() == null && base.constant()) {
            return constantHash;
        }
        if (enumerable >= 0) {
            int i = d.index(enumerable);
            if (!hashed[i]) {
                hashes[i] = KeyHash.of(new AttrValue.S(rendered));
                hashed[i] = true; // benign race: every thread computes the same hash
            }
            return hashes[i];
        }
        return KeyHash.of(new AttrValue.S(rendered));
    }

    /**
     * The keys a fan-out reads: every key of the scheme for the base value drawn now, in each of {@code buckets} time
     * buckets back from now (the current one first).
     */
    List<String> fanOut(Draws d, int buckets) {
        String b = base.render(d);
        KeyScheme s = def.scheme();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < buckets; i++) {
            long t = s.bucket() == null
                    ? d.now
                    : dev.partitionscope.core.scheme.Suffixes.bucketBefore(s.bucket(), d.now, i);
            keys.addAll(s.keysAt(b, t, def.separator()));
        }
        return keys;
    }
}
