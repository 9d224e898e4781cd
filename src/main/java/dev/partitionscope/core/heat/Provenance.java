package dev.partitionscope.core.heat;

/** Where a matrix's numbers came from; the UI shows it so nobody mistakes an estimate for a measurement. */
public enum Provenance {
    CONTRIBUTOR_INSIGHTS_STITCHED("Contributor Insights reports for consecutive sub-windows, stitched together so "
            + "keys that were hot at different times all appear."),
    LAB_METER("Measured exactly by the lab's own meter on every request it served."),
    SAMPLE_SCAN("Estimated from a sample of the table's items, not from traffic."),
    DYNAMODB_STREAM("Read from the table's DynamoDB stream: every successful write, key by key, to the second. "
            + "Writes only: reads and throttled requests never reach a stream."),
    RECORDING("Replayed from a recording made earlier."),
    PREDICTED("Predicted by the partition model from the designer's ids and load, not measured.");

    private final String description;

    Provenance(String description) {
        this.description = description;
    }

    /** One sentence for a tooltip. */
    public String describe() {
        return description;
    }
}
