package dev.partitionscope.core.table;

import java.util.List;

/** An index projection: ALL, KEYS_ONLY or INCLUDE with the listed non-key attributes. */
public record Projection(String type, List<String> nonKeyAttributes) {
    public Projection {
        nonKeyAttributes = nonKeyAttributes == null ? List.of() : List.copyOf(nonKeyAttributes);
    }

    public String describe() {
        return nonKeyAttributes.isEmpty() ? type : type + " (" + String.join(", ", nonKeyAttributes) + ")";
    }
}
