package dev.partitionscope.report;

import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.TableMetric.Cause;
import dev.partitionscope.core.metrics.TableMetric.Direction;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.metrics.Verdicts;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * The metrics PNG: for the resource the verdict names (else the table), consumed write and read capacity per second
 * against what the table may use (provisioned, or the on-demand maximum) and, when the load comes near it, one key's
 * ceiling — the picture of seed 001's "throttled at 27 % of capacity" — then throttle events per period by cause.
 * The numbers are the metrics screen's: {@link MetricsSnapshot#display} (Sum ÷ period for consumed units).
 */
final class MetricsPng {
    static final int WIDTH = 1600;
    static final int HEIGHT = 900;
    private static final int LEFT = 120;
    private static final int RIGHT = 64;
    private static final int TOP = 112;
    /** Draw one key's ceiling once the resource's peak reaches this share of it (else it only squashes the chart). */
    private static final double SHOW_KEY_CEILING = 0.3;

    private static final Color[] CAUSE_COLORS = {ChartKit.DANGER, ChartKit.ORANGE, ChartKit.PURPLE, ChartKit.MUTED};

    private MetricsPng() {}

    /** The table or GSI the charts show: where the verdict says the throttles were, else the base table. */
    static Resource resourceOf(Report r) {
        Verdict v = r.verdict();
        return v.resource() != null ? v.resource() : Resource.table(r.table());
    }

    static byte[] render(Report r) {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = ChartKit.canvas(image);
        try {
            MetricsSnapshot s = r.snapshot();
            Resource res = resourceOf(r);
            ChartKit.text(g, "Metrics · " + label(res), ChartKit.TITLE, ChartKit.TEXT, 24, 44);
            ChartKit.text(
                    g,
                    ChartKit.window(s.plan().start(), s.plan().end()) + " · " + MetricPeriod.label(s.periodSeconds())
                            + " periods · CloudWatch AWS/DynamoDB · " + r.where(),
                    ChartKit.SUBTITLE,
                    ChartKit.MUTED,
                    24,
                    70);
            Verdict v = r.verdict();
            ChartKit.text(
                    g,
                    ChartKit.fit(g, v.headline(), ChartKit.BOLD, WIDTH - 48),
                    ChartKit.BOLD,
                    v.kind().severity() == Verdict.Severity.PROBLEM
                            ? ChartKit.DANGER
                            : v.kind().severity() == Verdict.Severity.GOOD ? ChartKit.GREEN : ChartKit.TEXT,
                    24,
                    94);
            DataState state = s.status().state();
            String note = state.hasValues() || state == DataState.NO_DATA
                    ? null
                    : "CloudWatch: " + s.status().message();
            Verdicts.Limits limits = Verdicts.limitsOf(r.shape()).get(res);
            TimePanel[] panels = {
                capacity(s, res, Direction.WRITE, limits), capacity(s, res, Direction.READ, limits), throttles(s, res)
            };
            double h = (HEIGHT - TOP - 8) / 3.0;
            for (int i = 0; i < panels.length; i++) {
                if (note != null) {
                    panels[i].note(note);
                }
                panels[i].draw(g, LEFT, TOP + i * h, WIDTH - RIGHT, h - 26, i == panels.length - 1);
            }
        } finally {
            g.dispose();
        }
        return ChartKit.png(image);
    }

    private static TimePanel capacity(MetricsSnapshot s, Resource res, Direction d, Verdicts.Limits limits) {
        String unit = d.unit() + "/s";
        TimePanel p = new TimePanel(
                (d == Direction.WRITE ? "Write" : "Read") + " capacity (" + unit + ")",
                unit,
                s.plan().start(),
                s.periodSeconds(),
                s.columns());
        double[] consumed = s.display(res, TableMetric.consumed(d));
        if (!s.hasData(res, TableMetric.consumed(d)) && s.status().state().hasValues()) {
            p.note("No " + d.word() + "s in this window (CloudWatch has no datapoints)");
        }
        p.add(new TimePanel.Series("consumed " + unit, ChartKit.ACCENT, TimePanel.Style.AREA, consumed));
        double peak =
                Arrays.stream(consumed).filter(x -> !Double.isNaN(x)).max().orElse(0);
        if (limits != null && !limits.onDemand()) {
            double[] provisioned = s.display(res, TableMetric.provisioned(d));
            if (Arrays.stream(provisioned).allMatch(Double::isNaN) && !Double.isNaN(limit(limits, d))) {
                provisioned = constant(s.columns(), limit(limits, d));
            }
            p.add(new TimePanel.Series("provisioned " + unit, ChartKit.TEXT, TimePanel.Style.DASHED, provisioned));
        } else if (limits != null && (!limits.defaultMaximum() || peak >= 0.1 * limit(limits, d))) {
            p.add(new TimePanel.Series(
                    "on-demand maximum",
                    ChartKit.TEXT,
                    TimePanel.Style.DASHED,
                    constant(s.columns(), limit(limits, d))));
        }
        double keyCeiling = d == Direction.WRITE ? 1_000 : 3_000;
        if (peak >= SHOW_KEY_CEILING * keyCeiling) {
            p.add(new TimePanel.Series(
                    "one key's ceiling (" + ChartKit.number(keyCeiling) + " " + unit + ")",
                    ChartKit.DANGER,
                    TimePanel.Style.DOTTED,
                    constant(s.columns(), keyCeiling)));
        }
        return p;
    }

    private static TimePanel throttles(MetricsSnapshot s, Resource res) {
        TimePanel p = new TimePanel(
                "Throttle events by cause (read + write, per " + MetricPeriod.label(s.periodSeconds()) + " period)",
                "events",
                s.plan().start(),
                s.periodSeconds(),
                s.columns());
        boolean causes = false;
        Cause[] all = Cause.values();
        for (int i = 0; i < all.length; i++) {
            double[] sum =
                    sum(s, res, TableMetric.cause(Direction.READ, all[i]), TableMetric.cause(Direction.WRITE, all[i]));
            if (sum != null) {
                causes = true;
                p.add(new TimePanel.Series(all[i].label(), CAUSE_COLORS[i], TimePanel.Style.STACKED_BARS, sum));
            }
        }
        if (!causes) {
            double[] total = sum(s, res, TableMetric.READ_THROTTLES, TableMetric.WRITE_THROTTLES);
            p.add(new TimePanel.Series(
                    "throttle events (no cause reported)",
                    ChartKit.DANGER,
                    TimePanel.Style.STACKED_BARS,
                    total == null ? new double[s.columns()] : total));
        }
        return p;
    }

    /** The two series added up, or null when neither has a datapoint. */
    private static double[] sum(MetricsSnapshot s, Resource res, TableMetric a, TableMetric b) {
        if (!s.hasData(res, a) && !s.hasData(res, b)) {
            return null;
        }
        double[] x = s.display(res, a);
        double[] y = s.display(res, b);
        double[] out = new double[s.columns()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (Double.isNaN(x[i]) ? 0 : x[i]) + (Double.isNaN(y[i]) ? 0 : y[i]);
        }
        return out;
    }

    /** {@code orders} or {@code orders · byStatus}. */
    static String label(Resource r) {
        return r.index() == null ? r.table() : r.table() + " · " + r.index();
    }

    private static double limit(Verdicts.Limits l, Direction d) {
        return d == Direction.READ ? l.read() : l.write();
    }

    private static double[] constant(int n, double v) {
        double[] out = new double[n];
        Arrays.fill(out, v);
        return out;
    }
}
