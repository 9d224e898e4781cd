package dev.partitionscope.core.audit;

import dev.partitionscope.core.csv.CsvWriter;
import java.util.Locale;

/**
 * The audit as text for a design document: a Markdown risk matrix in seed 000's manner (pattern, cardinality, burst,
 * growth, peak, risk and why), the findings as a list with the scheme to try, and the same matrix as CSV.
 */
public final class AuditReport {
    private AuditReport() {}

    /**
     * The audit's advice as a Markdown document.
     *
     * @param title   e.g. {@code Key audit: app (Lab)}
     * @param summary one line on what was sampled (items, RCU used, when), or null
     */
    public static String markdown(String title, String summary, Advisor.Advice advice) {
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(title).append("\n\n");
        if (summary != null && !summary.isBlank()) {
            sb.append(summary).append("\n\n");
        }
        sb.append("## Risk matrix\n\n").append(matrixTable(advice));
        sb.append("\n## Findings\n\n").append(findingsList(advice));
        return sb.toString();
    }

    /** The risk matrix alone, as a Markdown table (header, separator, one row per pattern), for other documents. */
    public static String matrixTable(Advisor.Advice advice) {
        StringBuilder sb = new StringBuilder();
        sb.append("| Pattern | Where | Cardinality | Peak | Burst exposure | Growth | Risk | Why |\n");
        sb.append("|---|---|---|---|---|---|---|---|\n");
        for (Advisor.RiskRow r : advice.matrix()) {
            sb.append("| `")
                    .append(cell(r.pattern()))
                    .append("` | ")
                    .append(cell(r.resource()))
                    .append(" | ")
                    .append(cell(r.cardinality()))
                    .append(" | ")
                    .append(cell(r.peak()))
                    .append(" | ")
                    .append(cell(r.burst()))
                    .append(" | ")
                    .append(cell(r.growth()))
                    .append(" | **")
                    .append(risk(r.risk()))
                    .append("** | ")
                    .append(cell(r.reason()))
                    .append(" |\n");
        }
        return sb.toString();
    }

    /** The findings alone, as a Markdown list (or a sentence saying there are none). */
    public static String findingsList(Advisor.Advice advice) {
        StringBuilder sb = new StringBuilder();
        if (advice.findings().isEmpty()) {
            sb.append("No pattern needs a change.\n");
        }
        for (Advisor.Finding f : advice.findings()) {
            sb.append("- **").append(risk(f.severity())).append("** ").append(f.message());
            if (f.suggestedScheme() != null) {
                sb.append(" Try `").append(f.suggestedScheme()).append("` in the sharding designer.");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The matrix as CSV (RFC 4180), one row per pattern. */
    public static String csv(Advisor.Advice advice) {
        return CsvWriter.build(csv -> {
            csv.row("pattern", "resource", "cardinality", "peak", "burst", "growth", "risk", "reason");
            for (Advisor.RiskRow r : advice.matrix()) {
                csv.row(
                        r.pattern(),
                        r.resource(),
                        r.cardinality(),
                        r.peak(),
                        r.burst(),
                        r.growth(),
                        r.risk().name(),
                        r.reason());
            }
        });
    }

    private static String risk(Advisor.Risk r) {
        return r.name().charAt(0) + r.name().substring(1).toLowerCase(Locale.ROOT);
    }

    /** Pipes and line breaks would break a Markdown table row. */
    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }
}
