package dev.partitionscope.core.table;

import java.util.Objects;

/** One key attribute (partition or sort) with the type declared in AttributeDefinitions. */
public record KeyAttribute(String name, KeyType type) {
    public KeyAttribute {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    @Override
    public String toString() {
        return name + " (" + type.name() + ")";
    }
}
