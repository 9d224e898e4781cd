package dev.partitionscope.ui.metrics;

import dev.partitionscope.core.format.Units;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.metrics.MetricPeriod;
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
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    private MetricsSummary() {
    }

    static String markdown(MetricsViewModel vm) {
        MetricsSnapshot s = vm.snapshotProperty().get();
        if (s == null) {
            return "";
        }
        return markdown(s, vm.verdictProperty().get(), vm.resourceProperty().get(), List.copyOf(vm.topKeys()));
    }

    static String markdown(MetricsSnapshot s, Verdict v, Resource selected, List<TopKey> keys) {
        StringBuilder sb = new StringBuilder();
        sb.append("## ").append(s.plan().table()).append(" — ").append(UTC.format(s.start())).append(" → ")
                .append(UTC.format(s.plan().end())).append(" (").append(MetricPeriod.label(s.periodSeconds()))
                .append(" periods)\n\n");
        if (v != null) {
            sb.append("**").append(v.headline()).append("**\n\n").append(v.detail()).append("\n\n");
        }
        sb.append("| Resource | Consumed RCU (sum) | Consumed WCU (sum) | KeyRange | Provisioned | Account | On-demand max"
                + " |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (Resource r : s.resources()) {
            sb.append("| ").append(r.label()).append(" | ")
                    .append(Units.count(Math.round(s.total(r, TableMetric.CONSUMED_READ)))).append(" | ")
                    .append(Units.count(Math.round(s.total(r, TableMetric.CONSUMED_WRITE))));
            for (Cause c : Cause.values()) {
                long n = Math.round(s.total(r, TableMetric.cause(Direction.READ, c))
                        + s.total(r, TableMetric.cause(Direction.WRITE, c)));
                sb.append(" | ").append(Units.count(n));
            }
            sb.append(" |\n");
        }
        if (!keys.isEmpty() && selected != null) {
            sb.append("\nTop partition keys of ").append(selected.label())
                    .append(" (Contributor Insights, stitched per hour):\n\n| Key | Share | Peak units/min | % of key"
                            + " ceiling | Throttles |\n|---|---:|---:|---:|---:|\n");
            for (TopKey k : keys.subList(0, Math.min(10, keys.size()))) {
                sb.append("| `").append(k.key().label().replace("|", "\\|")).append("` | ")
                        .append(InsightsPane.percent(k.share() * 100)).append(" | ")
                        .append(Units.count(Math.round(k.peakPerMinute()))).append(" | ")
                        .append(InsightsPane.percent(k.peakPercentOfCeiling())).append(" | ")
                        .append(Units.count(k.throttles())).append(" |\n");
            }
        }
        return sb.toString();
    }
}
