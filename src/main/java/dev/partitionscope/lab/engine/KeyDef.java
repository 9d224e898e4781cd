package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyType;
import java.util.LinkedHashMap;
import java.util.Map;

/** The key schema of a table or index: partition key and optional sort key, with their declared types. */
public record KeyDef(String partitionKey, KeyType partitionType, String sortKey, KeyType sortType) {

    public boolean hasSortKey() {
        return sortKey != null;
    }

    /** True when the item has every key attribute of this schema with the declared type (index membership). */
    public boolean coveredBy(Map<String, AttrValue> item) {
        return typed(item.get(partitionKey), partitionType) && (sortKey == null || typed(item.get(sortKey), sortType));
    }

    public Map<String, AttrValue> keyOf(Map<String, AttrValue> item) {
        Map<String, AttrValue> key = new LinkedHashMap<>(4); // room for two entries, not sixteen
        key.put(partitionKey, item.get(partitionKey));
        if (sortKey != null) {
            key.put(sortKey, item.get(sortKey));
        }
        return key;
    }

    public static boolean typed(AttrValue v, KeyType type) {
        if (v == null) {
            return false;
        }
        return switch (type) {
            case S -> v.type() == AttrValue.Type.S;
            case N -> v.type() == AttrValue.Type.N;
            case B -> v.type() == AttrValue.Type.B;
        };
    }
}
