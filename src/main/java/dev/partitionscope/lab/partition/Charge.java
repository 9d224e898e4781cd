package dev.partitionscope.lab.partition;

import java.util.List;

/**
 * What one request wants to consume. {@code index} null means the base table; a Query on a GSI charges the GSI.
 * {@code keyHash} places the request on a partition (see {@link KeyHash}). Writes that change a GSI also carry one
 * {@link IndexWrite} per affected GSI: if any GSI cannot take its share, the base write is throttled (back-pressure).
 */
public record Charge(String index, long keyHash, double readUnits, double writeUnits, List<IndexWrite> indexWrites) {

    public record IndexWrite(String index, long keyHash, double writeUnits) {}

    public Charge {
        indexWrites = indexWrites == null ? List.of() : List.copyOf(indexWrites);
    }

    public static Charge read(String index, long keyHash, double readUnits) {
        return new Charge(index, keyHash, readUnits, 0, List.of());
    }

    public static Charge write(long keyHash, double writeUnits, List<IndexWrite> indexWrites) {
        return new Charge(null, keyHash, 0, writeUnits, indexWrites);
    }
}
