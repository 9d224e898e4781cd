package dev.partitionscope.core.table;

import java.util.Objects;
import java.util.Optional;

/** Partition key and optional sort key of a table or index. */
public record KeySchema(KeyAttribute partitionKey, KeyAttribute sortKey) {
    public KeySchema {
        Objects.requireNonNull(partitionKey, "partitionKey");
    }

    public Optional<KeyAttribute> sort() {
        return Optional.ofNullable(sortKey);
    }

    /** Short human form: {@code PK (S) · SK (S)} or just the partition key. */
    public String describe() {
        return sortKey == null ? partitionKey.toString() : partitionKey + " · " + sortKey;
    }
}
