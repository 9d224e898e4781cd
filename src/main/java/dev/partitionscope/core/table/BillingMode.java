package dev.partitionscope.core.table;

/** How a table pays for throughput; decides which ceiling applies at table level. */
public enum BillingMode {
    PROVISIONED("Provisioned"),
    PAY_PER_REQUEST("On-demand");

    private final String label;

    BillingMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** DescribeTable omits BillingModeSummary for tables that were always provisioned. */
    public static BillingMode fromWire(String wire) {
        return "PAY_PER_REQUEST".equals(wire) ? PAY_PER_REQUEST : PROVISIONED;
    }
}
