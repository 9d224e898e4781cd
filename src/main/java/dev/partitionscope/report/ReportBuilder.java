package dev.partitionscope.report;

import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.aws.TrafficLoader;
import dev.partitionscope.core.heat.HeatMetric;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.heat.TopKeys;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Gathers a {@link Report} without any UI: the same reads the screens make — {@link TrafficLoader} for the metrics,
 * verdict and Contributor Insights (as the metrics screen and heatmap read them), {@link HeatPipeline} for the
 * heatmap, {@link TopKeys}, {@link KeyAudit} under a read budget (joined with the load already read, so every
 * insight report is read once) — then the recommendation. The CLI's {@code report} and the app's Export report both
 * call it; it reports progress and stops between steps (and inside the long ones) when {@code cancelled} says so.
 */
public final class ReportBuilder {
    /** Contributor Insights sub-windows on local endpoints, where reports cost nothing (as the heatmap screen). */
    static final int LOCAL_SUB_WINDOWS = 96;
    /** About how many rows the heatmap PNG has room for, each with its key written next to it. */
    static final int HEAT_ROWS = 40;

    private ReportBuilder() {}

    /**
     * Reads and assembles the report.
     *
     * @throws CancellationException when {@code cancelled} turned true before the report was complete
     * @throws software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException for a table that is not there
     */
    public static Report build(
            Connection c, String table, ReportOptions options, ReportProgress progress, BooleanSupplier cancelled) {
        return build(c, table, options, null, progress, cancelled);
    }

    /**
     * As {@link #build(Connection, String, ReportOptions, ReportProgress, BooleanSupplier)}, with the key audit
     * already at hand: {@code saved} (an audit saved in a snapshot, shown on the Audit screen) is used instead of
     * sampling when it is of {@code table}. A snapshot is never sampled: without a saved audit the report says so.
     */
    public static Report build(
            Connection c,
            String table,
            ReportOptions options,
            SavedAudit saved,
            ReportProgress progress,
            BooleanSupplier cancelled) {
        long started = System.nanoTime();
        progress.update(0.01, "Describing " + table + "…");
        TableShape shape = new TableGateway(c).describe(table);
        // Whole seconds: a stopped Lab clock is extrapolated by the milliseconds since it last answered.
        Instant now = (options.now() != null ? options.now() : c.clock().now()).truncatedTo(ChronoUnit.SECONDS);
        TimeRange.Window w = options.window(now);
        TimeRange range = TimeRange.custom(w.start(), w.end(), true);
        double readShare = options.audit() ? 0.45 : 0.9;
        int windows = c.spec().kind() == ConnectionKind.AWS ? 0 : LOCAL_SUB_WINDOWS;
        progress.update(0.03, "Reading CloudWatch metrics…");
        TrafficLoader.Traffic traffic = new TrafficLoader(c, windows)
                .load(shape, range, now, cancelled, new TrafficLoader.Listener() {
                    @Override
                    public void metrics(MetricsSnapshot snapshot, Verdict verdict) {
                        progress.update(0.1, "Reading Contributor Insights…");
                    }

                    @Override
                    public void reports(int done, int total) {
                        progress.update(
                                0.1 + (readShare - 0.1) * done / Math.max(1, total),
                                "Contributor Insights report " + done + " of " + total);
                    }
                });
        checkCancelled(cancelled);
        w = new TimeRange.Window(traffic.plan().start(), traffic.plan().end()); // what was read, period-aligned
        List<Resource> resources = resources(shape);
        HeatPipeline.Result heat = traffic.insights() == null
                ? null
                : HeatPipeline.build(
                        traffic.insights().partitionKeys(),
                        traffic.snapshot(),
                        new HeatPipeline.Spec(
                                resources, HeatMetric.THROUGHPUT, false, Set.of(), null, null, HEAT_ROWS));
        List<TopKey> top = topKeys(traffic, resources, options.topKeys());
        KeyAudit.Result audit = null;
        String auditNote;
        if (!options.audit()) {
            auditNote = "Key audit skipped (--no-audit).";
        } else if (saved != null && saved.result().shape().name().equals(table)) {
            audit = saved.result();
            auditNote = "The key audit saved in " + saved.file() + " (not sampled again). " + auditNote(audit);
        } else if (c.isSnapshot()) {
            auditNote = "No key audit: this snapshot holds none, and a snapshot cannot be sampled (an audit scans the"
                    + " table's items). Save the snapshot after running the audit to include one.";
        } else {
            audit = audit(c, shape, range, traffic, options, readShare, progress, cancelled);
            checkCancelled(cancelled);
            auditNote = auditNote(audit);
        }
        progress.update(0.97, "Writing the recommendation…");
        Report partial =
                new Report(shape, c.whereLabel(), w, now, traffic, heat, top, audit, auditNote, null, Duration.ZERO);
        Recommendation rec = Recommender.of(audit, partial.hotKey(), partial.matrices(), options.headroom());
        return new Report(
                shape,
                c.whereLabel(),
                w,
                now,
                traffic,
                heat,
                top,
                audit,
                auditNote,
                rec,
                Duration.ofNanos(System.nanoTime() - started));
    }

    /** A key audit read from a file, and the file's name for the report's note. */
    public record SavedAudit(KeyAudit.Result result, String file) {}

    private static KeyAudit.Result audit(
            Connection c,
            TableShape shape,
            TimeRange range,
            TrafficLoader.Traffic t,
            ReportOptions options,
            double from,
            ReportProgress progress,
            BooleanSupplier cancelled) {
        KeyAudit.Options o = new KeyAudit.Options(options.sampling(), true, range, t.insights() != null);
        return new KeyAudit(c).run(shape, o, t, cancelled, new KeyAudit.Listener() {
            private int n = 1;
            private int total = 1;

            @Override
            public void resource(String resource, int n, int total) {
                this.n = n;
                this.total = total;
                progress.update(
                        from + (0.95 - from) * (n - 1) / total,
                        "Sampling " + resource + " (" + n + " of " + total + ")…");
            }

            @Override
            public void progress(String resource, AuditSampler.Progress p) {
                double f = Math.max(0, p.fraction());
                progress.update(
                        from + (0.95 - from) * (n - 1 + f) / total,
                        String.format(
                                Locale.ROOT,
                                "Sampling %s · %,d items · %.0f RCU",
                                resource,
                                p.items(),
                                p.consumedRcu()));
            }
        });
    }

    /** One sentence per table or index on how it was sampled, then where the load came from. */
    static String auditNote(KeyAudit.Result a) {
        StringBuilder sb = new StringBuilder("Sampled with a parallel Scan under a read budget: ");
        for (int i = 0; i < a.resources().size(); i++) {
            KeyAudit.ResourceAudit r = a.resources().get(i);
            AuditSampler.Result s = r.sampling();
            String how =
                    switch (s.stop()) {
                        case COMPLETE -> "every item";
                        case ITEM_CAP -> "stopped at the item cap";
                        case TIME_CAP -> "stopped at the time cap";
                        case CANCELLED -> "cancelled";
                        case FAILED -> "failed (" + String.join("; ", s.problems()) + ")";
                    };
            sb.append(i == 0 ? "" : "; ")
                    .append(r.label())
                    .append(String.format(
                            Locale.ROOT,
                            " — %s, %,d items," + " %,.0f RCU in %.1f s (budget: %s%s)",
                            how,
                            r.itemsSampled(),
                            s.consumedRcu(),
                            s.elapsedMs() / 1000.0,
                            s.budget().basis(),
                            s.throttles() > 0 ? ", " + s.throttles() + " throttled pages retried" : ""));
        }
        if (!a.pending().isEmpty()) {
            sb.append("; not sampled: ").append(String.join(", ", a.pending()));
        }
        return sb.append(". ").append(capitalize(a.loadNote())).append('.').toString();
    }

    /** The busiest keys of the table and each GSI, each share within its own table or index, busiest first. */
    static List<TopKey> topKeys(TrafficLoader.Traffic t, List<Resource> resources, int limit) {
        if (t.insights() == null) {
            return List.of();
        }
        List<TopKey> all = new ArrayList<>();
        for (Resource r : resources) {
            KeyTimeMatrix m = t.insights().partitionKeys().get(r);
            if (m != null) {
                all.addAll(TopKeys.of(m, limit));
            }
        }
        all.sort(Comparator.comparingDouble(TopKey::total)
                .reversed()
                .thenComparing(Comparator.comparingLong(TopKey::throttles).reversed()));
        return all;
    }

    static List<Resource> resources(TableShape shape) {
        List<Resource> out = new ArrayList<>();
        out.add(Resource.table(shape.name()));
        shape.globalIndexNames().forEach(i -> out.add(Resource.index(shape.name(), i)));
        return out;
    }

    private static void checkCancelled(BooleanSupplier cancelled) {
        if (cancelled.getAsBoolean()) {
            throw new CancellationException("The report was cancelled");
        }
    }

    private static String capitalize(String s) {
        return s == null || s.isEmpty() ? "" : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
