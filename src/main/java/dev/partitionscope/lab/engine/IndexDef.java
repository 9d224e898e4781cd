package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** A secondary index of a Lab table: keys, projection and (for a GSI) its own capacity. */
public final class IndexDef {
    private final String name;
    private final String arn;
    private final boolean global;
    private final KeyDef key;
    private final String projectionType;
    private final Set<String> nonKeyAttributes;
    volatile double readUnits;
    volatile double writeUnits;
    volatile double maxReadUnits = -1;
    volatile double maxWriteUnits = -1;
    /** CREATING while a new GSI backfills, DELETING while it goes, else ACTIVE. */
    volatile String status = "ACTIVE";

    IndexDef(
            String name,
            String arn,
            boolean global,
            KeyDef key,
            String projectionType,
            Set<String> nonKeyAttributes,
            double readUnits,
            double writeUnits) {
        this.name = name;
        this.arn = arn;
        this.global = global;
        this.key = key;
        this.projectionType = projectionType;
        this.nonKeyAttributes = java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(nonKeyAttributes));
        this.readUnits = readUnits;
        this.writeUnits = writeUnits;
    }

    public String name() {
        return name;
    }

    public String arn() {
        return arn;
    }

    public boolean global() {
        return global;
    }

    public KeyDef key() {
        return key;
    }

    public String projectionType() {
        return projectionType;
    }

    public String status() {
        return status;
    }

    public Set<String> nonKeyAttributes() {
        return nonKeyAttributes;
    }

    /** The index entry for a table item: table keys + index keys + projected attributes. */
    Map<String, AttrValue> project(Map<String, AttrValue> item, KeyDef tableKey) {
        if (projectionType.equals("ALL")) {
            return item;
        }
        Map<String, AttrValue> out = new LinkedHashMap<>();
        for (Map.Entry<String, AttrValue> e : item.entrySet()) {
            String attr = e.getKey();
            boolean isKey = attr.equals(tableKey.partitionKey())
                    || attr.equals(tableKey.sortKey())
                    || attr.equals(key.partitionKey())
                    || attr.equals(key.sortKey());
            if (isKey || (projectionType.equals("INCLUDE") && nonKeyAttributes.contains(attr))) {
                out.put(attr, e.getValue());
            }
        }
        return out;
    }
}
