package dev.partitionscope.core.scatter;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a scatter-gather read must return, computed the slow way from every item of the table or index (a Scan with
 * the plan's filter): keep the items whose partition key is one of the plan's shard keys and whose sort key meets the
 * condition, sort them by sort key in the plan's order (equal keys in shard order, as {@link KWayMerge} emits them),
 * drop duplicates by {@link ScatterPlan#dedupeBy()}, cut at the limit. The unsharded answer, to check a sharded one
 * against item for item.
 */
public final class BruteForce {
    private BruteForce() {}

    /** The expected items of {@code plan} among {@code scanned} (items of the plan's table or index). */
    public static List<Map<String, AttrValue>> answer(ScatterPlan plan, Iterable<Map<String, AttrValue>> scanned) {
        Map<String, Integer> shardOf = new HashMap<>();
        for (int i = 0; i < plan.shardKeys().size(); i++) {
            shardOf.putIfAbsent(plan.shardKeys().get(i), i);
        }
        record Hit(int shard, Map<String, AttrValue> item) {}
        List<Hit> hits = new ArrayList<>();
        for (Map<String, AttrValue> item : scanned) {
            AttrValue pk = item.get(plan.partitionKey());
            Integer shard = pk == null ? null : shardOf.get(keyText(pk));
            if (shard == null) {
                continue;
            }
            if (plan.sortCondition() != null) {
                AttrValue sk = item.get(plan.sortKey());
                if (sk == null || !plan.sortCondition().test(sk)) {
                    continue;
                }
            }
            hits.add(new Hit(shard, item));
        }
        Comparator<Hit> order = Comparator.comparingInt(Hit::shard);
        if (plan.sortKey() != null) {
            Comparator<AttrValue> byKey = plan.ascending() ? KeyOrder.INSTANCE : KeyOrder.INSTANCE.reversed();
            Comparator<Hit> bySort = (a, b) -> {
                AttrValue x = a.item().get(plan.sortKey());
                AttrValue y = b.item().get(plan.sortKey());
                if (x == null || y == null) {
                    return x == null ? (y == null ? 0 : 1) : -1;
                }
                return byKey.compare(x, y);
            };
            order = bySort.thenComparingInt(Hit::shard);
        }
        hits.sort(order);
        int limit = plan.limit() == 0 ? Integer.MAX_VALUE : plan.limit();
        Set<List<AttrValue>> seen = new HashSet<>();
        List<Map<String, AttrValue>> out = new ArrayList<>();
        for (Hit h : hits) {
            if (out.size() >= limit) {
                break;
            }
            if (!plan.dedupeBy().isEmpty()) {
                List<AttrValue> id = new ArrayList<>();
                plan.dedupeBy().forEach(a -> id.add(h.item().get(a)));
                if (!seen.add(id)) {
                    continue;
                }
            }
            out.add(h.item());
        }
        return out;
    }

    /** A partition-key value as the plan spells its shard keys: the string, the number's text, base64 bytes. */
    static String keyText(AttrValue v) {
        if (v instanceof AttrValue.S s) {
            return s.value();
        }
        if (v instanceof AttrValue.B b) {
            return java.util.Base64.getEncoder().encodeToString(b.value());
        }
        return dev.partitionscope.core.item.PlainValues.text(v);
    }
}
