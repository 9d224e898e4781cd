package dev.partitionscope.ui.metrics;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.InsightsReader;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.Quality;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.ui.task.TaskHandle;
import dev.partitionscope.ui.task.TaskRunner;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The partition + sort key reports (SKC, SKT) of one resource, read only when the user asks for them: they are as many
 * billed calls again as the partition-key reports, and only the "PK + SK" view needs them. Kept per resource until
 * the next load of the screen.
 */
final class SortKeyReports {
    /** What one resource's sort-key reports gave. */
    record Loaded(KeyTimeMatrix matrix, DataStatus status) {}

    private final TaskRunner tasks;
    private final Map<Resource, Loaded> loaded = new HashMap<>();
    private TaskHandle task = TaskHandle.NONE;
    private Resource loading;

    SortKeyReports(TaskRunner tasks) {
        this.tasks = tasks;
    }

    Loaded get(Resource r) {
        return loaded.get(r);
    }

    boolean isLoading(Resource r) {
        return r.equals(loading);
    }

    /** Forgets everything (a new load of the screen) and stops a running read. */
    void clear() {
        task.cancel();
        loading = null;
        loaded.clear();
    }

    /**
     * Reads the sort-key reports of {@code r} in the window of {@code base}. On the UI thread: {@code onProgress}
     * gets progress text ("" at the end), {@code onDone} runs when the reports are in, {@code onStopped} when the read
     * was cancelled.
     */
    void load(
            Resource r,
            Connection c,
            InsightsReader.Request base,
            Consumer<String> onProgress,
            Runnable onDone,
            Runnable onStopped) {
        if (r.equals(loading) || loaded.containsKey(r)) {
            return;
        }
        task.cancel();
        loading = r;
        List<ContributorInsightsState> states = base.states().stream()
                .filter(s -> s.tableName().equals(r.table()) && Objects.equals(s.indexName(), r.index()))
                .toList();
        InsightsReader.Request request = new InsightsReader.Request(
                states,
                base.start(),
                base.periodSeconds(),
                base.columns(),
                base.tableUnitsPerBucket(),
                InsightsReader.SORT_KEY_RULES);
        onProgress.accept("Reading partition + sort key reports…");
        task = tasks.run(
                "Reading partition + sort key reports of " + r.label(),
                ctx -> new InsightsReader(c).load(request, ctx::isCancelled, (done, total) -> {
                    ctx.progress((double) done / total, "Sort-key report " + done + " of " + total);
                    ctx.post(() -> onProgress.accept("Partition + sort key reports: " + done + " of " + total));
                }),
                result -> {
                    loading = null;
                    KeyTimeMatrix m = result.sortKeys().get(r);
                    DataStatus status = result.status().get(r);
                    if (m == null) {
                        status = status != null && !status.state().hasValues()
                                ? status
                                : DataStatus.of(
                                        DataState.NO_DATA,
                                        "no partition + sort key rules (the key has no sort key, or the mode is throttled keys only)");
                    } else if (status == null || status.state().hasValues()) {
                        // Partition + sort key pairs are many: 25 per window is the rule, not news, but say so.
                        status = m.qualities().contains(Quality.TRUNCATED)
                                ? DataStatus.of(
                                        DataState.TRUNCATED, "each window shows its top 25 partition + sort key pairs")
                                : DataStatus.DATA;
                    }
                    loaded.put(r, new Loaded(m, status));
                    onProgress.accept("");
                    onDone.run();
                },
                failure -> {
                    loading = null;
                    loaded.put(
                            r,
                            new Loaded(
                                    null,
                                    DataStatus.of(
                                            DataState.FAILED,
                                            ErrorTranslator.translate(failure, c.spec(), "GetInsightRuleReport")
                                                    .headline())));
                    onProgress.accept("");
                    onDone.run();
                },
                () -> {
                    loading = null;
                    onStopped.run();
                });
    }
}
