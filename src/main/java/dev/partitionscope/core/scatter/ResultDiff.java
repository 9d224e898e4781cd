package dev.partitionscope.core.scatter;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.PlainValues;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a sharded read's items compare with another read of the same logical items (the legacy unsharded key, a GSI,
 * a Scan): matched by identity attributes — the table's sort key, say, since the partition key differs between the
 * layouts by design — then checked for order. "Same items in the same order" is the proof a layout change kept the
 * read's meaning.
 *
 * @param identity       the attributes items were matched by
 * @param left           items in the first (sharded) result
 * @param right          items in the other result
 * @param onlyLeft       identities only the sharded read returned (first few, for the message)
 * @param onlyRight      identities only the other read returned (first few)
 * @param onlyLeftCount  how many only the sharded read returned
 * @param onlyRightCount how many only the other read returned
 * @param firstOrderDifference position (0-based) where the two orders of common items first differ, or -1
 */
public record ResultDiff(
        List<String> identity,
        int left,
        int right,
        List<String> onlyLeft,
        List<String> onlyRight,
        int onlyLeftCount,
        int onlyRightCount,
        int firstOrderDifference) {

    private static final int SHOWN = 5;

    public ResultDiff {
        identity = List.copyOf(identity);
        onlyLeft = List.copyOf(onlyLeft);
        onlyRight = List.copyOf(onlyRight);
    }

    public static ResultDiff of(
            List<Map<String, AttrValue>> left, List<Map<String, AttrValue>> right, List<String> identity) {
        if (identity.isEmpty()) {
            throw new IllegalArgumentException("no identity attributes to match items by");
        }
        List<String> l = ids(left, identity);
        List<String> r = ids(right, identity);
        Set<String> inRight = new HashSet<>(r);
        Set<String> inLeft = new HashSet<>(l);
        List<String> onlyL = new ArrayList<>();
        int onlyLCount = 0;
        List<String> commonL = new ArrayList<>();
        for (String id : l) {
            if (inRight.contains(id)) {
                commonL.add(id);
            } else if (onlyLCount++ < SHOWN) {
                onlyL.add(id);
            }
        }
        List<String> onlyR = new ArrayList<>();
        int onlyRCount = 0;
        List<String> commonR = new ArrayList<>();
        for (String id : r) {
            if (inLeft.contains(id)) {
                commonR.add(id);
            } else if (onlyRCount++ < SHOWN) {
                onlyR.add(id);
            }
        }
        int firstDiff = -1;
        for (int i = 0; i < Math.min(commonL.size(), commonR.size()); i++) {
            if (!commonL.get(i).equals(commonR.get(i))) {
                firstDiff = i;
                break;
            }
        }
        return new ResultDiff(identity, left.size(), right.size(), onlyL, onlyR, onlyLCount, onlyRCount, firstDiff);
    }

    private static List<String> ids(List<Map<String, AttrValue>> items, List<String> identity) {
        List<String> out = new ArrayList<>(items.size());
        for (Map<String, AttrValue> item : items) {
            Map<String, Object> id = new LinkedHashMap<>();
            for (String a : identity) {
                AttrValue v = item.get(a);
                id.put(a, v == null ? null : PlainValues.text(v));
            }
            out.add(identity.size() == 1 ? String.valueOf(id.values().iterator().next()) : id.toString());
        }
        return out;
    }

    /** Same items (by identity) in the same order. */
    public boolean identical() {
        return onlyLeftCount == 0 && onlyRightCount == 0 && firstOrderDifference < 0 && left == right;
    }

    /** One line: "Same 100 items in the same order (matched by orderId)" or what differs. */
    public String summary() {
        String by = " (matched by " + String.join(" + ", identity) + ")";
        if (identical()) {
            return "Same " + String.format(java.util.Locale.ROOT, "%,d", left) + " items in the same order" + by;
        }
        List<String> parts = new ArrayList<>();
        if (onlyLeftCount > 0) {
            parts.add(onlyLeftCount + " only in the sharded read " + onlyLeft
                    + (onlyLeftCount > onlyLeft.size() ? "…" : ""));
        }
        if (onlyRightCount > 0) {
            parts.add(onlyRightCount + " only in this read " + onlyRight
                    + (onlyRightCount > onlyRight.size() ? "…" : ""));
        }
        if (firstOrderDifference >= 0) {
            parts.add("common items first differ in order at #" + (firstOrderDifference + 1));
        }
        if (parts.isEmpty()) {
            parts.add("the same identities but " + left + " vs " + right + " items (duplicates)");
        }
        return "Differs" + by + ": " + String.join("; ", parts);
    }
}
