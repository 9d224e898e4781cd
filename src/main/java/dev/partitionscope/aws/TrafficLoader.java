package dev.partitionscope.aws;

import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.metrics.Verdicts;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Reads a table's traffic over a time range the way the metrics screen and the heatmap both need it: CloudWatch
 * metrics of the table and its GSIs (one batched GetMetricData plan), the verdict derived from them, the Contributor
 * Insights states, and the stitched partition-key reports of every enabled rule. The steps report as they finish,
 * so a screen can show the charts before the (slower, billed) reports are in.
 */
public final class TrafficLoader {
    /** Hears each step as it completes; called on the loading thread. */
    public interface Listener {
        /** Metrics and verdict are in; Contributor Insights follows. */
        default void metrics(MetricsSnapshot snapshot, Verdict verdict) {}

        /** A page of GetMetricData answered. */
        default void metricPages(int pages) {}

        /** DescribeContributorInsights answered, and this request will be read. */
        default void insightsRequest(List<ContributorInsightsState> states, InsightsReader.Request request) {}

        /** One more rule report read. */
        default void reports(int done, int total) {}

        /** The stream's read progressed (only when the source reads the stream). */
        default void stream(int shardsDone, int shardsTotal, long records, long calls) {}
    }

    /**
     * What one load read. {@code insights} is null when cancelled before the reports or when the source does not read
     * Contributor Insights; {@code streams} is null unless the source reads the stream.
     */
    public record Traffic(
            MetricPlan plan,
            MetricsSnapshot snapshot,
            Verdict verdict,
            List<ContributorInsightsState> states,
            InsightsReader.Request request,
            InsightsReader.Result insights,
            HeatSource source,
            StreamHeatReader.Result streams) {
        public Traffic(
                MetricPlan plan,
                MetricsSnapshot snapshot,
                Verdict verdict,
                List<ContributorInsightsState> states,
                InsightsReader.Request request,
                InsightsReader.Result insights) {
            this(plan, snapshot, verdict, states, request, insights, HeatSource.INSIGHTS, null);
        }
    }

    private final Connection connection;
    private final int maxSubWindows;

    /** The default sub-windows: hourly, at most 48 (every report is billed on AWS). */
    public TrafficLoader(Connection connection) {
        this(connection, 0);
    }

    /** @param maxSubWindows Contributor Insights sub-windows per range; 0 keeps the reader's default */
    public TrafficLoader(Connection connection, int maxSubWindows) {
        this.connection = connection;
        this.maxSubWindows = maxSubWindows;
    }

    /** Reads {@code range} resolved at {@code now} (the endpoint's clock: the Lab may run in simulated time). */
    public Traffic load(TableShape shape, TimeRange range, Instant now, BooleanSupplier cancelled, Listener listener) {
        return load(shape, range, now, HeatSource.INSIGHTS, 0, cancelled, listener);
    }

    /** As the full {@code load}, the stream's heat for the base table. */
    public Traffic load(
            TableShape shape,
            TimeRange range,
            Instant now,
            HeatSource source,
            int streamResolutionSeconds,
            BooleanSupplier cancelled,
            Listener listener) {
        return load(shape, range, now, source, streamResolutionSeconds, null, cancelled, listener);
    }

    /**
     * As {@link #load(TableShape, TimeRange, Instant, BooleanSupplier, Listener)}, with per-key heat from {@code
     * source}: the stream is read at {@code streamResolutionSeconds} (0: the metrics' period) keyed by the partition
     * key of {@code streamIndex} (a GSI's key, found in the images; null: the base table's).
     */
    public Traffic load(
            TableShape shape,
            TimeRange range,
            Instant now,
            HeatSource source,
            int streamResolutionSeconds,
            String streamIndex,
            BooleanSupplier cancelled,
            Listener listener) {
        TimeRange.Window w = range.resolve(now);
        int period = MetricPeriod.choose(w.start(), w.end(), now);
        MetricPlan plan = MetricPlan.forTable(shape.name(), shape.globalIndexNames(), w.start(), w.end(), period);
        MetricsSnapshot s = new MetricsReader(connection).read(plan, cancelled, listener::metricPages);
        Verdict v = Verdicts.of(s, Verdicts.limitsOf(shape));
        listener.metrics(s, v);
        if (cancelled.getAsBoolean()) {
            return new Traffic(plan, s, v, List.of(), null, null, source, null);
        }
        StreamHeatReader.Result streams = null;
        if (source.readsStream()) {
            int resolution = streamResolutionSeconds > 0 ? streamResolutionSeconds : plan.periodSeconds();
            streams = new StreamHeatReader(connection)
                    .read(
                            new StreamHeatReader.Request(
                                    shape.name(), streamIndex, plan.start(), plan.end(), resolution),
                            cancelled,
                            new StreamHeatReader.Listener() {
                                @Override
                                public void progress(int shardsDone, int shardsTotal, long records, long calls) {
                                    listener.stream(shardsDone, shardsTotal, records, calls);
                                }
                            });
            if (!source.readsInsights() || cancelled.getAsBoolean()) {
                return new Traffic(plan, s, v, List.of(), null, null, source, streams);
            }
        }
        List<ContributorInsightsState> states = new TableGateway(connection).contributorInsights(shape);
        InsightsReader.Request request = new InsightsReader.Request(
                states, plan.start(), plan.periodSeconds(), plan.columns(), s.throughputUnitsByResource());
        if (maxSubWindows > 0) {
            request = request.withMaxSubWindows(maxSubWindows);
        }
        listener.insightsRequest(states, request);
        InsightsReader.Result result = new InsightsReader(connection).load(request, cancelled, listener::reports);
        return new Traffic(plan, s, v, states, request, result, source, streams);
    }
}
