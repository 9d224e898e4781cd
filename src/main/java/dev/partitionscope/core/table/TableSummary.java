package dev.partitionscope.core.table;

import dev.partitionscope.core.format.Units;
import java.util.List;

/**
 * A table's shape and capacity settings as Markdown, ready to paste into a design doc or ticket. Labels every
 * approximate figure as such.
 */
public final class TableSummary {
    private TableSummary() {}

    public static String markdown(TableShape t, List<ContributorInsightsState> insights) {
        StringBuilder sb = new StringBuilder();
        sb.append("## ").append(t.name()).append("\n\n");
        sb.append("| | |\n|---|---|\n");
        row(sb, "Status", t.status());
        row(sb, "Partition key", t.keySchema().partitionKey().toString());
        row(sb, "Sort key", t.keySchema().sort().map(KeyAttribute::toString).orElse("none"));
        row(sb, "Billing mode", t.billingMode().label());
        row(sb, "Capacity", capacity(t.billingMode(), t.provisioned(), t.onDemandMaximum()));
        if (t.warmThroughput() != null) {
            row(sb, "Warm throughput", warm(t.warmThroughput()));
        }
        row(sb, "Items (approximate)", Units.count(t.itemCount()));
        row(sb, "Size (approximate)", Units.bytes(t.sizeBytes()));
        row(sb, "Table class", t.tableClass());
        row(sb, "Stream", t.stream().describe());
        row(sb, "Deletion protection", t.deletionProtection() ? "on" : "off");
        if (!t.globalIndexes().isEmpty() || !t.localIndexes().isEmpty()) {
            sb.append("\n| Index | Type | Keys | Projection | Capacity |\n|---|---|---|---|---|\n");
            for (IndexShape i : t.globalIndexes()) {
                indexRow(sb, i, capacity(t.billingMode(), i.provisioned(), i.onDemandMaximum()));
            }
            for (IndexShape i : t.localIndexes()) {
                indexRow(sb, i, "shares the table's");
            }
        }
        if (insights != null && !insights.isEmpty()) {
            sb.append("\n| Contributor Insights | Status |\n|---|---|\n");
            for (ContributorInsightsState s : insights) {
                sb.append("| ")
                        .append(s.resourceLabel())
                        .append(" | ")
                        .append(s.describe())
                        .append(" |\n");
            }
        }
        sb.append("\nItem count and size are approximate: DynamoDB refreshes them about every 6 hours.\n");
        return sb.toString();
    }

    /** "5 RCU/s · 5 WCU/s" for provisioned, "on-demand, max 100 read / 50 write units/s" for on-demand. */
    public static String capacity(BillingMode mode, Throughput provisioned, Throughput onDemandMax) {
        if (mode == BillingMode.PROVISIONED) {
            if (provisioned == null) {
                return "provisioned (not reported)";
            }
            return Units.perSecond(provisioned.readUnitsPerSecond(), "RCU") + " · "
                    + Units.perSecond(provisioned.writeUnitsPerSecond(), "WCU");
        }
        if (onDemandMax == null || (!onDemandMax.hasRead() && !onDemandMax.hasWrite())) {
            return "on-demand, no maximum set (the account's per-table quota applies)";
        }
        return "on-demand, max " + (onDemandMax.hasRead() ? Units.count(onDemandMax.readUnitsPerSecond()) : "unlimited")
                + " read / " + (onDemandMax.hasWrite() ? Units.count(onDemandMax.writeUnitsPerSecond()) : "unlimited")
                + " write request units/s";
    }

    public static String warm(WarmThroughput w) {
        return Units.count(w.readUnitsPerSecond()) + " read units/s · " + Units.count(w.writeUnitsPerSecond())
                + " write units/s" + (w.status() == null ? "" : " (" + w.status() + ")");
    }

    private static void indexRow(StringBuilder sb, IndexShape i, String capacity) {
        sb.append("| ")
                .append(i.name())
                .append(" | ")
                .append(i.kind().shortName())
                .append(" | ")
                .append(i.keySchema().describe())
                .append(" | ")
                .append(i.projection().describe())
                .append(" | ")
                .append(capacity)
                .append(" |\n");
    }

    private static void row(StringBuilder sb, String key, String value) {
        sb.append("| ")
                .append(key)
                .append(" | ")
                .append(value == null ? "—" : value)
                .append(" |\n");
    }
}
