package dev.partitionscope.ui.sharding;

import dev.partitionscope.core.design.SchemePreview;
import java.util.Locale;

/** The designer's state as Markdown for a design document: inputs, N with its reasoning, the comparison. */
final class DesignReport {
    private DesignReport() {}

    static String markdown(ShardingViewModel vm) {
        ShardingViewModel.Outcome o = vm.outcomeProperty().get();
        StringBuilder sb = new StringBuilder();
        sb.append("## Sharding `").append(vm.baseKeyProperty().get()).append("`\n\n");
        sb.append("- Peak writes: ")
                .append(vm.writesPerSecondProperty().get())
                .append("/s of ")
                .append(vm.itemBytesProperty().get())
                .append(" bytes; peak reads: ")
                .append(vm.readsPerSecondProperty().get())
                .append("/s\n");
        sb.append("- Ids: ").append(vm.idsSourceProperty().get()).append("\n\n");
        if (o == null) {
            return sb.append("_Not computed yet._\n").toString();
        }
        if (o.inputError() != null) {
            return sb.append("_").append(o.inputError()).append("_\n").toString();
        }
        if (o.recommendation() != null) {
            sb.append("**")
                    .append(
                            o.recommendation().shard()
                                    ? "N = " + o.recommendation().shards()
                                    : "Don't shard")
                    .append("** — ")
                    .append(o.recommendation().text())
                    .append("\n\n");
        }
        sb.append("| scheme | keys used | busiest share | max ÷ mean | writes throttled (before → after) |"
                + " busiest key after | queries per read | point reads | verdict |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|\n");
        for (ShardingViewModel.Result r : o.results()) {
            if (r.error() != null) {
                sb.append("| `")
                        .append(r.spec())
                        .append("` | | | | | | | | ")
                        .append(r.error())
                        .append(" |\n");
                continue;
            }
            SchemePreview p = r.preview();
            sb.append(String.format(
                    Locale.ROOT,
                    "| `%s` | %,d of %,d | %s | %.2f | %s → %s | %.0f %% of ceiling |" + " %,d | %s | %s |%n",
                    r.spec(),
                    p.distinctShards(),
                    p.possibleShards(),
                    ShardHistogram.percent(p.maxShare()),
                    p.maxToMean(),
                    ShardHistogram.percent(r.prediction().writesBefore().throttledShare()),
                    ShardHistogram.percent(r.prediction().writesAfter().throttledShare()),
                    r.prediction().writesAfter().peakOfCeiling() * 100,
                    r.readCost().queries(),
                    r.readCost().pointReads() ? "yes" : "no",
                    p.verdict().replace("|", "\\|")));
        }
        return sb.toString();
    }
}
