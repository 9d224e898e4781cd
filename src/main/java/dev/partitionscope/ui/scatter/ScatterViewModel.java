package dev.partitionscope.ui.scatter;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.ScatterGather;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.TaskHandle;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The scatter-gather console: a logical key and a scheme become N shard Queries on the top bar's table or index;
 * the plan is shown (and copyable as AWS CLI commands) before anything runs; a run streams per-shard progress into
 * a table and ends with the merged items, totals and — never silently short — the reasons a result is incomplete.
 */
public final class ScatterViewModel {
    private final MainViewModel main;
    private final StringProperty baseKey = new SimpleStringProperty(this, "baseKey", "PENDING");
    private final StringProperty scheme = new SimpleStringProperty(this, "scheme", "hash:8");
    private final StringProperty separator = new SimpleStringProperty(this, "separator", KeyScheme.DEFAULT_SEPARATOR);
    private final StringProperty sortCondition = new SimpleStringProperty(this, "sortCondition", "");
    private final StringProperty limit = new SimpleStringProperty(this, "limit", "100");
    private final StringProperty concurrency = new SimpleStringProperty(this, "concurrency", "8");
    private final BooleanProperty descending = new SimpleBooleanProperty(this, "descending");
    private final BooleanProperty consistent = new SimpleBooleanProperty(this, "consistent");
    private final ReadOnlyObjectWrapper<ScatterPlan> plan = new ReadOnlyObjectWrapper<>(this, "plan");
    private final ReadOnlyObjectWrapper<String> planError = new ReadOnlyObjectWrapper<>(this, "planError");
    private final ObservableList<ShardStats> shards = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<ScatterResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyObjectWrapper<UserMessage> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private TaskHandle task = TaskHandle.NONE;
    private int generation;

    public ScatterViewModel(MainViewModel main) {
        this.main = main;
        for (var p : List.of(baseKey, scheme, separator, sortCondition, limit, concurrency)) {
            p.addListener((obs, old, now) -> updatePlan());
        }
        descending.addListener((obs, old, now) -> updatePlan());
        consistent.addListener((obs, old, now) -> updatePlan());
        main.tableShapeProperty().addListener((obs, old, now) -> updatePlan());
        main.selectedIndexProperty().addListener((obs, old, now) -> updatePlan());
        main.timeRangeProperty().addListener((obs, old, now) -> updatePlan());
        main.designerHandOverProperty().addListener((obs, old, now) -> {
            if (now != null) {
                baseKey.set(now.key());
            }
        });
        updatePlan();
    }

    // Commands

    /** Runs the plan: N Queries with bounded concurrency, merged by sort key; per-shard progress streams in. */
    public void run() {
        ScatterPlan p = plan.get();
        Connection c = main.getConnection();
        if (p == null || c == null) {
            return;
        }
        task.cancel();
        int gen = ++generation;
        error.set(null);
        result.set(null);
        shards.setAll(p.shardKeys().stream().map(k -> new ShardStats(k, ShardStats.State.WAITING, 0, 0, 0, 0, 0, 0,
                List.of(), null)).toList());
        running.set(true);
        task = main.tasks().run("Scatter-gather over " + p.shardKeys().size() + " shards", ctx ->
                new ScatterGather(c.dynamo()).run(p, ctx::isCancelled, s -> ctx.post(() -> {
                    if (gen == generation) {
                        update(s);
                    }
                })), r -> {
            if (gen == generation) {
                running.set(false);
                shards.setAll(r.shards());
                result.set(r);
            }
        }, failure -> {
            if (gen == generation) {
                running.set(false);
                error.set(ErrorTranslator.translate(failure, c.spec(), "Query"));
            }
        }, () -> {
            if (gen == generation) {
                running.set(false);
            }
        });
    }

    /** Stops outstanding requests; what arrived stays, marked incomplete. */
    public void cancel() {
        task.cancel();
    }

    private void update(ShardStats s) {
        for (int i = 0; i < shards.size(); i++) {
            if (shards.get(i).key().equals(s.key())) {
                shards.set(i, s);
                return;
            }
        }
        shards.add(s);
    }

    // The plan

    private void updatePlan() {
        try {
            plan.set(buildPlan());
            planError.set(null);
        } catch (IllegalArgumentException e) {
            plan.set(null);
            planError.set(e.getMessage());
        }
    }

    private ScatterPlan buildPlan() {
        TableShape shape = main.tableShapeProperty().get();
        if (shape == null) {
            throw new IllegalArgumentException("Pick a table in the top bar (Ctrl+T)");
        }
        String index = main.selectedIndexProperty().get();
        boolean onIndex = index != null && !MainViewModel.BASE_TABLE.equals(index);
        KeyAttribute pk = shape.keySchema().partitionKey();
        KeyAttribute sk = shape.keySchema().sort().orElse(null);
        if (onIndex) {
            var gsi = shape.globalIndexes().stream().filter(g -> g.name().equals(index)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(shape.name() + " has no index " + index));
            pk = gsi.keySchema().partitionKey();
            sk = gsi.keySchema().sort().orElse(null);
        }
        String base = baseKey.get().trim();
        if (base.isEmpty()) {
            throw new IllegalArgumentException("Type the logical key to read, e.g. PENDING");
        }
        KeyScheme s = KeyScheme.parse(scheme.get().trim());
        TimeRange.Window w = main.timeRangeProperty().get().resolve(Instant.now());
        String sep = separator.get().isEmpty() ? KeyScheme.DEFAULT_SEPARATOR : separator.get();
        List<String> keys = ScatterPlan.shardKeys(s, base, sep, w.start().toEpochMilli(), w.end().toEpochMilli());
        ScatterPlan p = new ScatterPlan(shape.name(), onIndex ? index : null, pk.name(), pk.type(),
                sk == null ? null : sk.name(), sk == null ? null : sk.type(), keys, null, null, null, null, null,
                !descending.get(), whole(limit.get(), "limit", 0), consistent.get() && !onIndex,
                Math.max(1, whole(concurrency.get(), "concurrency", 1)), ScatterPlan.DEFAULT_ITEM_CAP);
        String cond = sortCondition.get().trim();
        if (!cond.isEmpty()) {
            if (sk == null) {
                throw new IllegalArgumentException((onIndex ? index : shape.name()) + " has no sort key: leave the"
                        + " sort-key condition empty");
            }
            p = p.withSortCondition(SortCondition.parse(cond, sk.type()));
        }
        return p;
    }

    private static int whole(String text, String what, int min) {
        String t = text == null ? "" : text.trim().replace(",", "");
        if (t.isEmpty()) {
            return 0;
        }
        try {
            int v = Integer.parseInt(t);
            if (v < min) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("The " + what + " must be a whole number ≥ " + min + ", not \""
                    + text.trim() + "\"");
        }
    }

    /** The plan's Queries as AWS CLI commands, one per shard (what "copy as CLI" puts on the clipboard). */
    public String cliCommands() {
        ScatterPlan p = plan.get();
        if (p == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (String key : p.shardKeys()) {
            Map<String, String> names = new LinkedHashMap<>();
            names.put("#pk", p.partitionKey());
            String values = "\":pk\":{\"" + p.partitionKeyType().name() + "\":\"" + key.replace("\"", "\\\"")
                    + "\"}";
            String condition = "#pk = :pk";
            if (p.sortCondition() != null) {
                names.put(SortCondition.NAME, p.sortKey());
                condition += " AND " + p.sortCondition().expression();
                for (Map.Entry<String, AttrValue> e : p.sortCondition().values().entrySet()) {
                    values += ",\"" + e.getKey() + "\":{\"" + e.getValue().type().name() + "\":\""
                            + dev.partitionscope.core.item.PlainValues.text(e.getValue()).replace("\"", "\\\"")
                            + "\"}";
                }
            }
            StringBuilder n = new StringBuilder();
            names.forEach((k, v) -> n.append(n.isEmpty() ? "" : ",").append('"').append(k).append("\":\"")
                    .append(v).append('"'));
            sb.append("aws dynamodb query --table-name '").append(p.table()).append('\'')
                    .append(p.index() == null ? "" : " --index-name '" + p.index() + "'")
                    .append(" --key-condition-expression '").append(condition).append('\'')
                    .append(" --expression-attribute-names '{").append(n).append("}'")
                    .append(" --expression-attribute-values '{").append(values).append("}'")
                    .append(p.ascending() ? "" : " --no-scan-index-forward")
                    .append(p.consistent() ? " --consistent-read" : "")
                    .append(p.limit() > 0 ? " --max-items " + p.limit() : "")
                    .append(" --return-consumed-capacity TOTAL\n");
        }
        return sb.toString();
    }

    /** Attribute names of the merged items, key attributes first, in first-seen order. */
    public List<String> columns() {
        ScatterResult r = result.get();
        ScatterPlan p = plan.get();
        List<String> out = new ArrayList<>();
        if (p != null) {
            out.add(p.partitionKey());
            if (p.sortKey() != null) {
                out.add(p.sortKey());
            }
        }
        if (r != null) {
            for (Map<String, AttrValue> item : r.items()) {
                for (String name : item.keySet()) {
                    if (!out.contains(name)) {
                        out.add(name);
                    }
                }
            }
        }
        return out;
    }

    // Accessors

    public StringProperty baseKeyProperty() {
        return baseKey;
    }

    public StringProperty schemeProperty() {
        return scheme;
    }

    public StringProperty separatorProperty() {
        return separator;
    }

    /** e.g. {@code begins_with 2026-06}, {@code between 10 and 20}, {@code >= 2026-06-22}. */
    public StringProperty sortConditionProperty() {
        return sortCondition;
    }

    /** Items to return, 0 = all (up to the item cap). */
    public StringProperty limitProperty() {
        return limit;
    }

    public StringProperty concurrencyProperty() {
        return concurrency;
    }

    public BooleanProperty descendingProperty() {
        return descending;
    }

    public BooleanProperty consistentProperty() {
        return consistent;
    }

    public ReadOnlyObjectProperty<ScatterPlan> planProperty() {
        return plan.getReadOnlyProperty();
    }

    /** Why there is no plan (no table, a bad scheme, …), or null. */
    public ReadOnlyObjectProperty<String> planErrorProperty() {
        return planError.getReadOnlyProperty();
    }

    public ObservableList<ShardStats> shards() {
        return shards;
    }

    public ReadOnlyObjectProperty<ScatterResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<UserMessage> errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public MainViewModel main() {
        return main;
    }
}
