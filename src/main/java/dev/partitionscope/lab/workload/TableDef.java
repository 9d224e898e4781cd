package dev.partitionscope.lab.workload;

import java.util.List;

/**
 * A table a scenario needs, created when missing. Keys are strings (every seed's keys are). Provisioned tables give
 * their GSIs the table's capacity; on-demand tables start with the Lab's (and AWS's) initial on-demand throughput.
 * {@code stream} is the view type of the table's DynamoDB stream (KEYS_ONLY, NEW_IMAGE, OLD_IMAGE,
 * NEW_AND_OLD_IMAGES), or null for none.
 */
public record TableDef(
        String name,
        String partitionKey,
        String sortKey,
        List<Gsi> indexes,
        boolean onDemand,
        long readCapacity,
        long writeCapacity,
        String stream) {

    /** A global secondary index; {@code keysOnly} projects only keys (else ALL). */
    public record Gsi(String name, String partitionKey, String sortKey, boolean keysOnly) {}

    /** A table without a stream. */
    public TableDef(
            String name,
            String partitionKey,
            String sortKey,
            List<Gsi> indexes,
            boolean onDemand,
            long readCapacity,
            long writeCapacity) {
        this(name, partitionKey, sortKey, indexes, onDemand, readCapacity, writeCapacity, null);
    }

    public TableDef {
        indexes = List.copyOf(indexes);
    }

    public Gsi index(String indexName) {
        return indexes.stream()
                .filter(g -> g.name().equals(indexName))
                .findFirst()
                .orElse(null);
    }

    /** "on-demand" or "provisioned 2,000 RCU / 2,000 WCU", for captions. */
    public String billingText() {
        return onDemand ? "on-demand" : String.format("provisioned %,d RCU / %,d WCU", readCapacity, writeCapacity);
    }
}
