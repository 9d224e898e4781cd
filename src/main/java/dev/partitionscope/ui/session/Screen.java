package dev.partitionscope.ui.session;

/** The screens of the navigation rail, in rail order (Ctrl+1 … Ctrl+8). */
public enum Screen {
    OVERVIEW(
            "Overview",
            "mdi2t-table-large",
            null,
            "Tables, keys, indexes and capacity settings of the connected endpoint."),
    HEATMAP(
            "Heatmap",
            "mdi2f-fire",
            null,
            "Partition keys down, time across, heat as colour calibrated to the partition ceiling (1,000 WCU/s or"
                    + " 3,000 RCU/s per key = 100 %), with throttles overlaid — the Key Visualizer DynamoDB never had."),
    METRICS(
            "Metrics",
            "mdi2c-chart-timeline-variant",
            null,
            "Consumed vs provisioned capacity per second, throttles split by cause (hot partition, provisioned,"
                    + " account limit, on-demand maximum), Contributor Insights top keys and a verdict that says why the"
                    + " table throttles."),
    SHARDING(
            "Sharding",
            "mdi2s-source-branch",
            null,
            "Preview random, calculated, hash and time-bucket suffixes on your real keys and load: per-shard load,"
                    + " predicted throttling, the N calculator and the read fan-out cost — before changing any code."),
    SCATTER_GATHER(
            "Scatter-gather",
            "mdi2s-sitemap-outline",
            null,
            "Run a sharded read as N parallel queries with a k-way merge; see each shard's items, capacity, latency"
                    + " and throttles, and compare with the unsharded or GSI read."),
    AUDIT(
            "Audit",
            "mdi2c-clipboard-search-outline",
            null,
            "Sample the table under a read budget, find its key patterns and their cardinality, and get a risk"
                    + " matrix with advice that opens the sharding designer pre-filled."),
    LAB(
            "Lab",
            "mdi2f-flask-outline",
            null,
            "A local DynamoDB + CloudWatch that throttles like the real service: partitions, burst and adaptive"
                    + " capacity, the seeds' demo workloads, and a metering proxy in front of LocalStack."),
    FLEET(
            "Fleet",
            "mdi2v-view-list-outline",
            null,
            "Every table and GSI of the region with its hot-partition (KeyRange) throttles first: other throttles,"
                    + " consumed units, peak % of capacity, Contributor Insights and stream — which tables to look at.");

    private final String title;
    private final String icon;
    private final String plannedIn;
    private final String description;

    Screen(String title, String icon, String plannedIn, String description) {
        this.title = title;
        this.icon = icon;
        this.plannedIn = plannedIn;
        this.description = description;
    }

    public String title() {
        return title;
    }

    /** Ikonli Material Design 2 literal. */
    public String icon() {
        return icon;
    }

    /** Null when the screen is built; otherwise where it is planned. */
    public String plannedIn() {
        return plannedIn;
    }

    public String description() {
        return description;
    }

    /** 1-based position, the digit of its Ctrl shortcut. */
    @SuppressWarnings("EnumOrdinal") // the declaration order is the navigation order, shortcuts included
    public int shortcutDigit() {
        return ordinal() + 1;
    }

    public static Screen parse(String name, Screen fallback) {
        if (name != null) {
            for (Screen s : values()) {
                if (s.name().equals(name)) {
                    return s;
                }
            }
        }
        return fallback;
    }
}
