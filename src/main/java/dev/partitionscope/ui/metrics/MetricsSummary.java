package dev.partitionscope.ui.metrics;

import dev.partitionscope.aws.StreamHeatReader;
import dev.partitionscope.core.format.Units;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.TableMetric.Cause;
import dev.partitionscope.core.metrics.TableMetric.Direction;
import dev.partitionscope.core.metrics.Verdict;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The metrics screen as Markdown, for a design doc or a ticket: verdict, per-resource totals, top keys. */
final class MetricsSummary {
    private static final DateTimeFormatter UTC =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private MetricsSummary() {}

    static String markdown(MetricsViewModel vm) {
        MetricsSnapshot s = vm.snapshotProperty().get();
        if (s == null) {
            return "";
        }
        String out =
                markdown(s, vm.verdictProperty().get(), vm.resourceProperty().get(), List.copyOf(vm.topKeys()));
        StreamHeatReader.Result stream = vm.streamsProperty().get();
        return stream == null ? out : out + streamKeys(stream, List.copyOf(vm.streamKeys()));
    }

    /** The stream's busiest keys by writes (write units are n/a on a KEYS_ONLY stream: no images to size). */
    static String streamKeys(StreamHeatReader.Result r, List<StreamKeyTotal> keys) {
        if (keys.isEmpty()) {
            return "\nDynamoDB stream: " + r.status().message() + "\n";
        }
        StringBuilder sb = new StringBuilder();
        sb.append("\nTop partition keys by writes (DynamoDB stream, ")
                .append(Units.count(r.records()))
                .append(" records):\n\n| Key | Writes | Write units | Peak WCU/s |\n|---|---:|---:|---:|\n");
        for (StreamKeyTotal k : keys.subList(0, Math.min(10, keys.size()))) {
            boolean units = !Double.isNaN(k.writeUnits());
            sb.append("| `")
                    .append(k.partitionKey().replace("|", "\\|"))
                    .append("` | ")
                    .append(Units.count(k.writes()))
                    .append(" | ")
                    .append(units ? Units.count(Math.round(k.writeUnits())) : "n/a (KEYS_ONLY)")
                    .append(" | ")
                    .append(units ? Units.count(Math.round(k.peakWriteUnitsPerSecond())) : "n/a")
                    .append(" |\n");
        }
        return sb.toString();
    }

    /** A count, or "unknown" for a series CloudWatch did not answer (never 0). */
    private static String known(double total) {
        return Double.isNaN(total) ? "unknown" : Units.count(Math.round(total));
    }

    /** Reads + writes of a cause; a direction the resource does not publish (per-GSI account limits) is left out. */
    private static String causeCell(MetricsSnapshot s, Resource r, Cause c) {
        double sum = 0;
        boolean any = false;
        for (Direction d : Direction.values()) {
            MetricQuery.Key key = new MetricQuery.Key(r, TableMetric.cause(d, c), null);
            if (s.plan().plans(key)) {
                sum += s.total(key);
                any = true;
            }
        }
        return any ? known(sum) : "not published";
    }

    static String markdown(MetricsSnapshot s, Verdict v, Resource selected, List<TopKey> keys) {
        StringBuilder sb = new StringBuilder();
        sb.append("## ")
                .append(s.plan().table())
                .append(" — ")
                .append(UTC.format(s.start()))
                .append(" → ")
                .append(UTC.format(s.plan().end()))
                .append(" (")
                .append(MetricPeriod.label(s.periodSeconds()))
                .append(" periods)\n\n");
        if (v != null) {
            sb.append("**")
                    .append(v.headline())
                    .append("**\n\n")
                    .append(v.detail())
                    .append("\n\n");
        }
        sb.append(
                "| Resource | Consumed RCU (sum) | Consumed WCU (sum) | KeyRange | Provisioned | Account | On-demand max"
                        + " |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (Resource r : s.resources()) {
            sb.append("| ")
                    .append(r.label())
                    .append(" | ")
                    .append(known(s.total(r, TableMetric.CONSUMED_READ)))
                    .append(" | ")
                    .append(known(s.total(r, TableMetric.CONSUMED_WRITE)));
            for (Cause c : Cause.values()) {
                sb.append(" | ").append(causeCell(s, r, c));
            }
            sb.append(" |\n");
        }
        if (!s.plan().notes().isEmpty()) {
            sb.append('\n');
            s.plan().notes().forEach(n -> sb.append("- ").append(n).append('\n'));
        }
        if (!keys.isEmpty() && selected != null) {
            sb.append("\nTop partition keys of ")
                    .append(selected.label())
                    .append(" (Contributor Insights, stitched per hour):\n\n| Key | Share | Peak units/min | % of key"
                            + " ceiling | Throttles |\n|---|---:|---:|---:|---:|\n");
            for (TopKey k : keys.subList(0, Math.min(10, keys.size()))) {
                sb.append("| `")
                        .append(k.key().label().replace("|", "\\|"))
                        .append("` | ")
                        .append(InsightsPane.percent(k.share() * 100))
                        .append(" | ")
                        .append(Units.count(Math.round(k.peakPerMinute())))
                        .append(" | ")
                        .append(InsightsPane.percent(k.peakPercentOfCeiling()))
                        .append(" | ")
                        .append(Units.count(k.throttles()))
                        .append(" |\n");
            }
        }
        return sb.toString();
    }
}
