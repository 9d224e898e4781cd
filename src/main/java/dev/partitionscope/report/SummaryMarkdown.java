package dev.partitionscope.report;

import dev.partitionscope.config.AppInfo;
import dev.partitionscope.core.audit.AuditReport;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code summary.md}: the report as Markdown to paste into a design doc — title with the table and the UTC window,
 * the verdict in one sentence, the recommendation (scheme, N and the arithmetic), the evidence (hot keys against the
 * ceiling, throttles by reason, capacity, top keys, with the images linked relatively), the audit's risk matrix and
 * findings, and what each file of the folder holds.
 */
final class SummaryMarkdown {
    /** A top key at or above this share of its ceiling is listed as evidence even when it was not throttled. */
    static final double EVIDENCE_PERCENT = 50;

    private SummaryMarkdown() {}

    static String render(Report r, List<ReportWriter.FileEntry> files) {
        StringBuilder md = new StringBuilder();
        md.append("# Hot-partition report: `").append(r.table()).append("`\n\n");
        Duration length = Duration.between(r.window().start(), r.window().end());
        md.append("**")
                .append(ChartKit.window(r.window().start(), r.window().end()))
                .append("** (")
                .append(length(length))
                .append(", ")
                .append(MetricPeriod.label(r.snapshot().periodSeconds()))
                .append(" periods) · ")
                .append(Tables.cell(r.where()))
                .append(" · made with ")
                .append(AppInfo.NAME)
                .append(' ')
                .append(AppInfo.version())
                .append("\n\n");
        verdict(md, r);
        recommendation(md, r.recommendation());
        md.append("## Evidence\n\n![heatmap](").append(ReportWriter.HEATMAP).append(")\n\n");
        hotKeys(md, r);
        Tables.throttles(md, r);
        md.append("### Capacity and throttles over time\n\n![metrics](")
                .append(ReportWriter.METRICS)
                .append(")\n\n");
        Tables.capacity(md, r);
        Tables.topKeys(md, r);
        audit(md, r);
        md.append("## Files\n\n| File | What it holds |\n|---|---|\n");
        for (ReportWriter.FileEntry f : files) {
            md.append("| [")
                    .append(f.name())
                    .append("](")
                    .append(f.name())
                    .append(") | ")
                    .append(f.description())
                    .append(" |\n");
        }
        return md.toString();
    }

    private static void verdict(StringBuilder md, Report r) {
        Verdict v = r.verdict();
        md.append("## Verdict\n\n**")
                .append(v.headline().strip())
                .append(v.headline().strip().endsWith(".") ? "" : ".")
                .append("**");
        TopKey hot = r.hotKey();
        if (hot != null && (hot.throttles() > 0 || hot.peakPercentOfCeiling() >= EVIDENCE_PERCENT)) {
            md.append(String.format(
                    Locale.ROOT,
                    " The hot key is `%s` (%s): it peaked at %s of one key's" + " ceiling%s.",
                    hot.key().label(),
                    hot.key().resourceLabel(),
                    Tables.percent(hot.peakPercentOfCeiling()),
                    hot.throttles() > 0
                            ? String.format(Locale.ROOT, " and %,d of its requests were throttled", hot.throttles())
                            : ""));
        } else if (hot != null) {
            md.append(String.format(
                    Locale.ROOT,
                    " The busiest key, `%s`, peaked at %s of one key's ceiling.",
                    hot.key().label(),
                    Tables.percent(hot.peakPercentOfCeiling())));
        }
        md.append("\n\n");
        if (v.detail() != null && !v.detail().isBlank()) {
            md.append("> ").append(v.detail().strip()).append("\n\n");
        }
    }

    private static void recommendation(StringBuilder md, Recommendation rec) {
        md.append("## Recommendation\n\n");
        if (rec.changes()) {
            md.append("**Scheme:** `")
                    .append(rec.scheme())
                    .append("` — from ")
                    .append(rec.basis())
                    .append(".\n\n");
        } else {
            md.append("**No key change needed** (").append(rec.basis()).append(").\n\n");
        }
        if (rec.advice() != null) {
            md.append("> ").append(rec.advice()).append("\n\n");
        }
        if (Double.isNaN(rec.peakWriteUnits())) {
            md.append("**N = ")
                    .append(rec.shards())
                    .append("** — ")
                    .append(rec.formula())
                    .append("; nothing" + " measured the load, so there is no peak to size it from.\n\n");
        } else {
            md.append("**N = ")
                    .append(rec.shards())
                    .append("** — `")
                    .append(rec.formula())
                    .append("`, seed 002's"
                            + " rule: peak write units per second on the hottest key ÷ 1,000 WCU/s (one key's ceiling) ×"
                            + " headroom ")
                    .append(Recommender.num(rec.headroom()))
                    .append(".\n\n");
        }
        for (String step : rec.reasoning()) {
            md.append("- ").append(step).append('\n');
        }
        md.append('\n');
    }

    private static void hotKeys(StringBuilder md, Report r) {
        List<TopKey> hot = new ArrayList<>();
        for (TopKey k : r.topKeys()) {
            if (k.throttles() > 0 || k.peakPercentOfCeiling() >= EVIDENCE_PERCENT) {
                hot.add(k);
            }
        }
        if (hot.isEmpty() && r.hotKey() != null) {
            hot.add(r.hotKey());
        }
        md.append("### Hot keys against the per-key ceiling\n\n");
        if (hot.isEmpty()) {
            md.append("No per-key data (Contributor Insights: ")
                    .append(Tables.clause(
                            r.insightsStatus(Resource.table(r.table())).message()))
                    .append(").\n\n");
            return;
        }
        md.append("| Key | Where | Peak consumed (per minute) | One key's"
                + " ceiling | % of ceiling | Throttled requests |\n|---|---|---:|---:|---:|---:|\n");
        for (TopKey k : hot) {
            md.append(String.format(
                    Locale.ROOT,
                    "| `%s` | %s | %s units/min (≈ %s WCU/s) | 180,000 units/min" + " (1,000 WCU/s) | **%s** | %,d |%n",
                    Tables.cell(k.key().label()),
                    Tables.cell(k.key().resourceLabel()),
                    Tables.number(k.peakPerMinute()),
                    Tables.number(k.peakPerMinute() / 180),
                    Tables.percent(k.peakPercentOfCeiling()),
                    k.throttles()));
        }
        md.append("\nUnits are Contributor Insights' consumed throughput units (3 × WCU + RCU): a key at its ceiling"
                + " for a whole minute takes 180,000. Consumed units stop at the ceiling; the throttled requests are"
                + " the demand beyond it.\n\n");
    }

    private static void audit(StringBuilder md, Report r) {
        md.append("## Key audit\n\n").append(r.auditNote()).append("\n\n");
        if (r.audit() == null) {
            return;
        }
        md.append("### Risk matrix\n\n")
                .append(AuditReport.matrixTable(r.audit().advice()))
                .append('\n');
        md.append("### Findings\n\n")
                .append(AuditReport.findingsList(r.audit().advice()))
                .append('\n');
    }

    static String length(Duration d) {
        long minutes = d.toMinutes();
        if (minutes % 1440 == 0 && minutes > 0) {
            return minutes / 1440 + " d";
        }
        return minutes % 60 == 0 && minutes > 0 ? minutes / 60 + " h" : minutes + " min";
    }
}
