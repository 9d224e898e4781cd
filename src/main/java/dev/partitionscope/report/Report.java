package dev.partitionscope.report;

import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.aws.TrafficLoader;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything one hot-partition report says about a table over a window, gathered once by {@link ReportBuilder} and
 * rendered by {@link ReportWriter}: the CloudWatch metrics and verdict, the per-key heat (Contributor Insights
 * stitched into key × time matrices, bucketed as the heatmap screen draws it), the top keys, the key audit and the
 * recommendation. Immutable, so a worker thread builds it and the UI or the CLI writes it.
 *
 * @param where        the connection as the status bar names it ("Lab (built in) · http://…", "AWS · eu-west-1")
 * @param generatedAt  the endpoint's time when the report was made (simulated on a fast-forwarded Lab)
 * @param traffic      what {@link TrafficLoader} read (metrics, verdict, insight states, matrices)
 * @param heat         the heatmap as drawn (all resources, shards unfolded), or null without any key data
 * @param topKeys      the busiest keys of the table and each GSI, busiest first
 * @param audit        the key audit, or null when skipped or cancelled
 * @param auditNote    why there is no audit, or how it was sampled
 * @param elapsed      how long gathering took
 */
public record Report(
        TableShape shape,
        String where,
        TimeRange.Window window,
        Instant generatedAt,
        TrafficLoader.Traffic traffic,
        HeatPipeline.Result heat,
        List<TopKey> topKeys,
        KeyAudit.Result audit,
        String auditNote,
        Recommendation recommendation,
        Duration elapsed) {
    public Report {
        topKeys = List.copyOf(topKeys);
    }

    public String table() {
        return shape.name();
    }

    public MetricsSnapshot snapshot() {
        return traffic.snapshot();
    }

    public Verdict verdict() {
        return traffic.verdict();
    }

    /** The per-key matrices by table or index; empty when Contributor Insights gave nothing. */
    public Map<Resource, KeyTimeMatrix> matrices() {
        return traffic.insights() == null ? Map.of() : traffic.insights().partitionKeys();
    }

    /** The table and each GSI, in that order. */
    public List<Resource> resources() {
        return ReportBuilder.resources(shape);
    }

    /** Contributor Insights' state for a table or index: data, not enabled, not supported, access denied, … */
    public DataStatus insightsStatus(Resource r) {
        if (traffic.insights() == null) {
            return DataStatus.of(DataState.FAILED, "the load was cancelled before the reports");
        }
        DataStatus s = traffic.insights().status().get(r);
        if (s != null) {
            return s;
        }
        return traffic.states().stream()
                .filter(x -> x.tableName().equals(r.table()) && java.util.Objects.equals(x.indexName(), r.index()))
                .findFirst()
                .map(dev.partitionscope.aws.InsightsReader::readiness)
                .orElse(DataStatus.of(DataState.NO_DATA, "no Contributor Insights report for " + r.label()));
    }

    /** The hottest key: the top key closest to (or over) its ceiling, throttled ones first; null without keys. */
    public TopKey hotKey() {
        TopKey best = null;
        for (TopKey k : topKeys) {
            if (best == null || hotter(k, best)) {
                best = k;
            }
        }
        return best;
    }

    private static boolean hotter(TopKey a, TopKey b) {
        if ((a.throttles() > 0) != (b.throttles() > 0)) {
            return a.throttles() > 0;
        }
        double pa = Double.isNaN(a.peakPercentOfCeiling()) ? -1 : a.peakPercentOfCeiling();
        double pb = Double.isNaN(b.peakPercentOfCeiling()) ? -1 : b.peakPercentOfCeiling();
        if (pa != pb) {
            return pa > pb;
        }
        return a.throttles() != b.throttles() ? a.throttles() > b.throttles() : a.total() > b.total();
    }
}
