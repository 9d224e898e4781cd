package dev.partitionscope.lab.meter;

import dev.partitionscope.lab.partition.ThrottleReason;
import java.util.List;

/**
 * One metered request, as the engine reports it after deciding (and possibly executing) it.
 *
 * @param index         GSI name for reads served by a GSI, null for the base table
 * @param partitionKey  the partition key value as Contributor Insights shows it (string form), null for Scan
 * @param sortKey       the sort key value's string form, null when the table has none or the request names none
 * @param readUnits     consumed read units (0 when throttled)
 * @param writeUnits    consumed write units on the table (0 when throttled)
 * @param indexWrites   write units consumed per GSI by this write (for the GSIs' own metrics)
 * @param throttleReasons empty when the request succeeded
 * @param returnedItems items returned (Query/Scan/Get/BatchGet), for ReturnedItemCount
 */
public record RequestRecord(
        String table,
        String index,
        String operation,
        String partitionKey,
        String sortKey,
        double readUnits,
        double writeUnits,
        List<IndexUnits> indexWrites,
        List<ThrottleReason> throttleReasons,
        long latencyNanos,
        int returnedItems) {

    public record IndexUnits(String index, String partitionKey, String sortKey, double writeUnits) {}

    public RequestRecord {
        indexWrites = indexWrites == null ? List.of() : List.copyOf(indexWrites);
        throttleReasons = throttleReasons == null ? List.of() : List.copyOf(throttleReasons);
    }

    public boolean throttled() {
        return !throttleReasons.isEmpty();
    }
}
