package dev.partitionscope.lab.workload;

import java.util.List;
import java.util.Map;

/**
 * One way of running a scenario — {@code before} (the design with the hot key), {@code after} (the fix), or another
 * named variant — with its own operation mix and defaults. {@code rate} is operations per second; an operation that
 * fans out or writes a batch sends several items.
 */
public record Variant(
        String name,
        String caption,
        double rate,
        long durationSeconds,
        int itemSize,
        Map<String, TableDef> tables,
        List<OpDef> operations) {

    public Variant {
        tables = Map.copyOf(tables);
        operations = List.copyOf(operations);
    }

    /** Total weight of the mix (weights are relative). */
    public double totalWeight() {
        return operations.stream().mapToDouble(OpDef::weight).sum();
    }
}
