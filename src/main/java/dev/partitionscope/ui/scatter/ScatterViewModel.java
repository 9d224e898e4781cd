package dev.partitionscope.ui.scatter;

import dev.partitionscope.aws.CliCommands;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.PointReader;
import dev.partitionscope.aws.ScanBaseline;
import dev.partitionscope.aws.ScatterGather;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.codegen.AwsCliQuery;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemsCsv;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.core.scatter.FilterInput;
import dev.partitionscope.core.scatter.RequestSpan;
import dev.partitionscope.core.scatter.ResultDiff;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.SchemeGuess;
import dev.partitionscope.core.scatter.ShardQuery;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskSlot;
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
    /** Numbers as DynamoDB writes them: 90, not the 9E+1 a stripped BigDecimal prints by default. */
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper()
                    .enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    private final Session main;
    private final StringProperty baseKey = new SimpleStringProperty(this, "baseKey", "PENDING");
    private final StringProperty scheme = new SimpleStringProperty(this, "scheme", "hash:8");
    private final StringProperty separator = new SimpleStringProperty(this, "separator", KeyScheme.DEFAULT_SEPARATOR);
    private final StringProperty sortCondition = new SimpleStringProperty(this, "sortCondition", "");
    private final StringProperty limit = new SimpleStringProperty(this, "limit", "100");
    private final StringProperty concurrency = new SimpleStringProperty(this, "concurrency", "8");
    private final BooleanProperty descending = new SimpleBooleanProperty(this, "descending");
    private final BooleanProperty consistent = new SimpleBooleanProperty(this, "consistent");
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final StringProperty filterValues = new SimpleStringProperty(this, "filterValues", "");
    private final StringProperty projection = new SimpleStringProperty(this, "projection", "");
    private final StringProperty itemCap =
            new SimpleStringProperty(this, "itemCap", Integer.toString(ScatterPlan.DEFAULT_ITEM_CAP));
    private final StringProperty gsiKey = new SimpleStringProperty(this, "gsiKey", "");
    private final StringProperty pointId = new SimpleStringProperty(this, "pointId", "");
    private final StringProperty pointSortKey = new SimpleStringProperty(this, "pointSortKey", "");
    private final ObservableList<Map<String, AttrValue>> items = FXCollections.observableArrayList();
    private final ObservableList<RequestSpan> requests = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Comparison> comparison = new ReadOnlyObjectWrapper<>(this, "comparison");
    private final ReadOnlyObjectWrapper<PointRead> pointRead = new ReadOnlyObjectWrapper<>(this, "pointRead");
    private final ReadOnlyObjectWrapper<String> note = new ReadOnlyObjectWrapper<>(this, "note");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    // One slot each, with its own cancel token: stopping one kind of work never touches another's.
    private final TaskSlot compareTask;
    private final TaskSlot pointTask;
    private final TaskSlot detectTask;
    private final ReadOnlyObjectWrapper<ScatterPlan> plan = new ReadOnlyObjectWrapper<>(this, "plan");
    private final ReadOnlyObjectWrapper<String> planError = new ReadOnlyObjectWrapper<>(this, "planError");
    private final ObservableList<ShardStats> shards = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<ScatterResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyObjectWrapper<UserMessage> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final TaskSlot task;

    /**
     * The console on {@code main}'s connection; "now" is the endpoint's ({@link Session#endpointNow()}: a fast-forwarded or
     * replayed Lab lives in simulated time): the time window and the time-bucketed keys of a point read are computed
     * on it, so a day-bucketed scheme names the Lab's day, not this machine's.
     */
    public ScatterViewModel(Session main) {
        this.main = main;
        this.task = new TaskSlot(main.tasks());
        this.compareTask = new TaskSlot(main.tasks());
        this.pointTask = new TaskSlot(main.tasks());
        this.detectTask = new TaskSlot(main.tasks());
        for (var p : List.of(
                baseKey,
                scheme,
                separator,
                sortCondition,
                limit,
                concurrency,
                filter,
                filterValues,
                projection,
                itemCap)) {
            p.addListener((obs, old, now) -> updatePlan());
        }
        descending.addListener((obs, old, now) -> updatePlan());
        consistent.addListener((obs, old, now) -> updatePlan());
        main.tableShapeProperty().addListener((obs, old, now) -> updatePlan());
        main.selectedResourceProperty().addListener((obs, old, now) -> updatePlan());
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
        task.discard();
        error.set(null);
        result.set(null);
        comparison.set(null);
        items.clear();
        requests.clear();
        shards.setAll(p.shardKeys().stream()
                .map(k -> new ShardStats(k, ShardStats.State.WAITING, 0, 0, 0, 0, 0, 0, List.of(), null))
                .toList());
        running.set(true);
        task.submit(
                "Scatter-gather over " + p.shardKeys().size() + " shards",
                ctx -> new ScatterGather(c.dynamo()).run(p, ctx::isCancelled, new ScatterGather.Listener() {
                    @Override
                    public void shard(ShardStats s) {
                        ctx.post(() -> update(s));
                    }

                    @Override
                    public void request(RequestSpan span) {
                        ctx.post(() -> requests.add(span));
                    }

                    @Override
                    public void merged(List<Map<String, AttrValue>> fresh) {
                        ctx.post(() -> items.addAll(fresh));
                    }
                }),
                r -> {
                    running.set(false);
                    shards.setAll(r.shards());
                    requests.setAll(r.requests());
                    items.setAll(r.items());
                    result.set(r);
                },
                failure -> {
                    running.set(false);
                    error.set(ErrorTranslator.translate(failure, c.spec(), "Query"));
                },
                () -> {
                    running.set(false);
                    note.set("Cancelled: " + items.size() + " items arrived and are shown; the result is incomplete.");
                });
    }

    /**
     * Stops outstanding requests; what arrived stays, marked incomplete (the run still reports its result). A
     * comparison, point read or detection in progress is cancelled.
     */
    public void cancel() {
        task.stop();
        compareTask.cancel();
        pointTask.cancel();
        detectTask.cancel();
    }

    /** Busy while a comparison, point read or detection runs. */
    private void updateBusy() {
        busy.set(compareTask.isRunning() || pointTask.isRunning() || detectTask.isRunning());
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
        String index = main.selectedResource().indexName();
        boolean onIndex = index != null;
        KeyAttribute pk = shape.keySchema().partitionKey();
        KeyAttribute sk = shape.keySchema().sort().orElse(null);
        if (onIndex) {
            var gsi = shape.globalIndexes().stream()
                    .filter(g -> g.name().equals(index))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(shape.name() + " has no index " + index));
            pk = gsi.keySchema().partitionKey();
            sk = gsi.keySchema().sort().orElse(null);
        }
        String base = baseKey.get().trim();
        if (base.isEmpty()) {
            throw new IllegalArgumentException("Type the logical key to read, e.g. PENDING");
        }
        KeyScheme s = KeyScheme.parse(scheme.get().trim());
        TimeRange.Window w = main.resolvedTimeRange();
        String sep = separator.get().isEmpty() ? KeyScheme.DEFAULT_SEPARATOR : separator.get();
        List<String> keys = ScatterPlan.shardKeys(
                s, base, sep, w.start().toEpochMilli(), w.end().toEpochMilli());
        ScatterPlan p = new ScatterPlan(
                shape.name(),
                onIndex ? index : null,
                pk.name(),
                pk.type(),
                sk == null ? null : sk.name(),
                sk == null ? null : sk.type(),
                keys,
                null,
                null,
                null,
                null,
                null,
                !descending.get(),
                whole(limit.get(), "limit", 0),
                consistent.get() && !onIndex,
                Math.max(1, whole(concurrency.get(), "concurrency", 1)),
                cap());
        String cond = sortCondition.get().trim();
        if (!cond.isEmpty()) {
            if (sk == null) {
                throw new IllegalArgumentException(
                        (onIndex ? index : shape.name()) + " has no sort key: leave the" + " sort-key condition empty");
            }
            p = p.withSortCondition(SortCondition.parse(cond, sk.type()));
        }
        FilterInput f = FilterInput.parse(filter.get(), filterValues.get());
        if (!f.isEmpty()) {
            p = p.withFilter(f.expression(), f.names(), f.values());
        }
        List<String> attrs = java.util.Arrays.stream(projection.get().split(","))
                .map(String::strip)
                .filter(a -> !a.isEmpty())
                .toList();
        return p.withProjection(attrs);
    }

    private int cap() {
        int n = whole(itemCap.get(), "item cap", 1);
        return n == 0 ? ScatterPlan.DEFAULT_ITEM_CAP : n;
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
            throw new IllegalArgumentException(
                    "The " + what + " must be a whole number ≥ " + min + ", not \"" + text.trim() + "\"");
        }
    }

    /**
     * The plan's Queries as AWS CLI commands, one line per shard (what "Copy as CLI" puts on the clipboard): the
     * {@link ShardQuery} each shard's run sends, rendered by {@link CliCommands#query} with this connection's
     * endpoint, region and keys. Run in a shell, each prints that shard's items; merged by the sort key they are the
     * console's result.
     */
    public String cliCommands() {
        ScatterPlan p = plan.get();
        if (p == null) {
            return "";
        }
        Connection c = main.getConnection();
        StringBuilder sb = new StringBuilder();
        for (String key : p.shardKeys()) {
            ShardQuery q = ShardQuery.of(p, key);
            sb.append(c == null ? AwsCliQuery.command(q) : CliCommands.query(c.spec(), c.region(), q))
                    .append('\n');
        }
        return sb.toString();
    }

    /** Attribute names of the merged items, key attributes first, in first-seen order. */
    public List<String> columns() {
        return columns(items);
    }

    // Comparisons: the same logical read another way, item for item against the sharded result

    /** What a comparison reads. */
    public enum CompareKind {
        /** The logical key as one partition (the legacy, pre-sharding layout). */
        UNSHARDED("Unsharded key"),
        /** One Query on a GSI whose key unifies the shards (seed 000's "shard writes, unify reads on a GSI"). */
        GSI("Through a GSI"),
        /** The legacy key and the new shards, de-duplicated: reading during a migration. */
        BOTH("Both patterns"),
        /** A Scan of the whole table or index, filtered and sorted here: the brute-force answer. */
        SCAN("Scan baseline");

        private final String label;

        CompareKind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One comparison's outcome.
     *
     * @param how      what was read ("1 Query of PENDING on order-status-index")
     * @param diff     against the sharded result, or null when there is none yet
     * @param note     why the comparison may be short, or null
     */
    public record Comparison(
            CompareKind kind,
            String how,
            List<Map<String, AttrValue>> items,
            int requests,
            double consumedCapacity,
            long wallMs,
            boolean complete,
            String note,
            ResultDiff diff) {}

    /** A GetItem by recomputed key: the key, how it was computed, what came back. */
    public record PointRead(
            Map<String, String> key,
            String how,
            Map<String, AttrValue> item,
            double consumedCapacity,
            long latencyMs) {}

    /** The GSIs of the top bar's table (for "Through a GSI"). */
    public List<String> gsiNames() {
        TableShape shape = main.tableShapeProperty().get();
        return shape == null
                ? List.of()
                : shape.globalIndexes().stream().map(g -> g.name()).toList();
    }

    /** True when a Scan baseline would read a live AWS table (billed by its size): the view asks first. */
    public boolean scanIsBilled() {
        Connection c = main.getConnection();
        return c != null && c.spec().kind() == dev.partitionscope.aws.ConnectionKind.AWS;
    }

    /**
     * Runs the comparison {@code kind} ({@code gsi} names the index for {@link CompareKind#GSI}) and diffs its items
     * with the sharded result's, matched by {@link #identity()}.
     */
    public void compare(CompareKind kind, String gsi) {
        ScatterPlan p = plan.get();
        Connection c = main.getConnection();
        if (p == null || c == null) {
            return;
        }
        ScatterPlan other;
        String how;
        try {
            other = comparisonPlan(kind, gsi, p);
            how = switch (kind) {
                case UNSHARDED -> "1 Query of " + other.shardKeys().get(0) + " on " + where(other);
                case GSI -> "1 Query of " + other.shardKeys().get(0) + " on " + where(other);
                case BOTH ->
                    other.shardKeys().size() + " Queries (" + other.shardKeys().get(0) + " + "
                            + p.shardKeys().size() + " shards) on " + where(other) + ", de-duplicated by "
                            + String.join(" + ", other.dedupeBy());
                case SCAN -> "a Scan of " + where(other) + ", filtered and sorted here";
            };
        } catch (IllegalArgumentException e) {
            note.set(e.getMessage());
            return;
        }
        busy.set(true);
        note.set(kind.label() + ": " + how + " …");
        List<Map<String, AttrValue>> sharded =
                result.get() == null ? null : result.get().items();
        List<String> id = identity();
        ScatterPlan read = other;
        String what = how;
        compareTask.submit(
                kind.label(),
                ctx -> {
                    if (kind == CompareKind.SCAN) {
                        ScanBaseline.Result r = new ScanBaseline(c.dynamo()).run(read, ctx::isCancelled);
                        return new Comparison(
                                kind,
                                what + " (" + String.format(java.util.Locale.ROOT, "%,d", r.scanned())
                                        + " items scanned)",
                                r.items(),
                                r.pages(),
                                r.consumedCapacity(),
                                r.wallMs(),
                                r.complete(),
                                r.reason(),
                                sharded == null ? null : ResultDiff.of(sharded, r.items(), id));
                    }
                    ScatterResult r =
                            new ScatterGather(c.dynamo()).run(read, ctx::isCancelled, ScatterGather.Listener.NONE);
                    String why = r.complete()
                            ? (r.duplicatesDropped() > 0 ? r.duplicatesDropped() + " duplicates dropped" : null)
                            : String.join("; ", r.reasons());
                    return new Comparison(
                            kind,
                            what,
                            r.items(),
                            r.requests().size(),
                            r.totals().consumedCapacity(),
                            r.totals().wallMs(),
                            r.complete(),
                            why,
                            sharded == null ? null : ResultDiff.of(sharded, r.items(), id));
                },
                r -> {
                    updateBusy();
                    note.set(null);
                    comparison.set(r);
                },
                failure -> {
                    updateBusy();
                    note.set(null);
                    error.set(
                            ErrorTranslator.translate(failure, c.spec(), kind == CompareKind.SCAN ? "Scan" : "Query"));
                },
                () -> {
                    updateBusy();
                    note.set(kind.label() + " cancelled");
                });
    }

    private static String where(ScatterPlan p) {
        return p.table() + (p.index() == null ? "" : " · " + p.index());
    }

    /** The plan a comparison runs, from the sharded plan {@code p}. */
    ScatterPlan comparisonPlan(CompareKind kind, String gsi, ScatterPlan p) {
        String base = baseKey.get().trim();
        return switch (kind) {
            case UNSHARDED -> p.withShardKeys(List.of(base)).withDedupeBy(List.of());
            case BOTH -> {
                List<String> keys = new ArrayList<>();
                keys.add(base);
                keys.addAll(p.shardKeys());
                yield p.withShardKeys(keys).withDedupeBy(identity());
            }
            case SCAN -> p;
            case GSI -> {
                TableShape shape = main.tableShapeProperty().get();
                var index = shape.globalIndexes().stream()
                        .filter(g -> g.name().equals(gsi))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(
                                gsi == null
                                        ? shape.name() + " has no GSI" + " to compare with"
                                        : shape.name() + " has no GSI " + gsi));
                var pk = index.keySchema().partitionKey();
                var sk = index.keySchema().sort().orElse(null);
                String key = gsiKey.get().isBlank() ? base : gsiKey.get().strip();
                yield p.onKeySchema(
                                index.name(),
                                pk.name(),
                                pk.type(),
                                sk == null ? null : sk.name(),
                                sk == null ? null : sk.type(),
                                List.of(key))
                        .withDedupeBy(List.of());
            }
        };
    }

    /**
     * The attributes that identify an item whatever its partition key: the table's sort key (the partition key is
     * what sharding changes), or the table's partition key when it has no sort key.
     */
    public List<String> identity() {
        TableShape shape = main.tableShapeProperty().get();
        if (shape == null) {
            return List.of();
        }
        return List.of(shape.keySchema()
                .sort()
                .map(KeyAttribute::name)
                .orElse(shape.keySchema().partitionKey().name()));
    }

    // Point read

    /**
     * GetItem by the key the scheme computes for an id: {@code PENDING#3} for order {@code abc} under hash:8. The
     * table's sort key is the typed sort key, or the id itself when none is typed.
     */
    public void readPoint() {
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        if (c == null || shape == null) {
            return;
        }
        Map<String, AttrValue> key;
        Map<String, String> shown = new LinkedHashMap<>();
        String how;
        try {
            String index = main.selectedResource().indexName();
            if (index != null) {
                throw new IllegalArgumentException(
                        "GetItem reads the table, not " + index + ": pick the base table in" + " the top bar");
            }
            KeyScheme s = KeyScheme.parse(scheme.get().trim());
            String id = pointId.get().strip();
            String base = baseKey.get().strip();
            if (id.isEmpty()) {
                throw new IllegalArgumentException("Type the id the suffix is computed from (e.g. the order id)");
            }
            if (!s.recomputable()) {
                throw new IllegalArgumentException(s + " picks its suffix at random: the item may be under any of "
                        + s.shards() + " keys, so there is no key to compute. Run the scatter with the sort-key"
                        + " condition = " + id + " instead");
            }
            String sep = separator.get().isEmpty() ? KeyScheme.DEFAULT_SEPARATOR : separator.get();
            String pkValue = s.apply(base, id, main.endpointNow().toEpochMilli(), null, sep);
            KeyAttribute pk = shape.keySchema().partitionKey();
            KeyAttribute sk = shape.keySchema().sort().orElse(null);
            key = new LinkedHashMap<>();
            key.put(pk.name(), keyValue(pk, pkValue));
            shown.put(pk.name(), pkValue);
            if (sk != null) {
                String skValue =
                        pointSortKey.get().isBlank() ? id : pointSortKey.get().strip();
                key.put(sk.name(), keyValue(sk, skValue));
                shown.put(sk.name(), skValue);
            }
            how = s.appliesTo(base)
                    ? s + " of \"" + id + "\" → " + pkValue
                    : base + " is not one of the scheme's" + " hot values: its key is unsharded";
            if (s.bucket() != null) {
                how += " (time bucket of now, UTC)";
            }
        } catch (IllegalArgumentException e) {
            pointRead.set(null);
            note.set(e.getMessage());
            return;
        }
        boolean strong = consistent.get();
        String table = shape.name();
        String explained = how;
        busy.set(true);
        note.set(null);
        pointTask.submit(
                "GetItem " + shown,
                ctx -> {
                    PointReader.Result r = new PointReader(c.dynamo()).read(table, key, strong);
                    return new PointRead(shown, explained, r.item(), r.consumedCapacity(), r.latencyMs());
                },
                r -> {
                    updateBusy();
                    pointRead.set(r);
                },
                failure -> {
                    updateBusy();
                    error.set(ErrorTranslator.translate(failure, c.spec(), "GetItem"));
                },
                this::updateBusy);
    }

    private static AttrValue keyValue(KeyAttribute a, String text) {
        return switch (a.type()) {
            case N -> {
                try {
                    yield AttrValue.N.parse(text);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(a.name() + " is a number; \"" + text + "\" is not");
                }
            }
            case B -> throw new IllegalArgumentException(a.name() + " is binary: point reads take text keys only");
            case S -> new AttrValue.S(text);
        };
    }

    // Detecting the scheme

    /** Samples the table's partition keys (a key-only Scan of up to 5,000 items) and reads the scheme off them. */
    public void detectScheme() {
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        String base = baseKey.get().strip();
        if (c == null || shape == null || base.isEmpty()) {
            note.set("Pick a table and type the logical key first; the scheme is read off its keys");
            return;
        }
        String index = main.selectedResource().indexName();
        boolean onIndex = index != null;
        String pk = onIndex
                ? shape.globalIndexes().stream()
                        .filter(g -> g.name().equals(index))
                        .findFirst()
                        .map(g -> g.keySchema().partitionKey().name())
                        .orElse(shape.keySchema().partitionKey().name())
                : shape.keySchema().partitionKey().name();
        String sep = separator.get().isEmpty() ? KeyScheme.DEFAULT_SEPARATOR : separator.get();
        busy.set(true);
        note.set("Reading the keys of " + (onIndex ? index : shape.name()) + " …");
        detectTask.submit(
                "Detect the scheme of " + base,
                ctx -> SchemeGuess.of(
                        base,
                        sep,
                        new dev.partitionscope.aws.TableGateway(c)
                                .partitionKeySample(
                                        shape.name(), onIndex ? index : null, pk, DETECT_SAMPLE, ctx::isCancelled)),
                g -> {
                    updateBusy();
                    if (g.spec() != null) {
                        scheme.set(g.spec());
                    }
                    note.set((g.spec() == null ? "No scheme found: " : "Scheme detected: ") + g.explanation());
                },
                failure -> {
                    updateBusy();
                    note.set(null);
                    error.set(ErrorTranslator.translate(failure, c.spec(), "Scan"));
                },
                this::updateBusy);
    }

    static final int DETECT_SAMPLE = 5_000;

    // Export

    /** The items shown (the sharded result, or {@code list}) as CSV with the discovered columns. */
    public String csv(List<Map<String, AttrValue>> list) {
        return ItemsCsv.csv(columns(list), list);
    }

    /** Items as a JSON array of plain values (strings, numbers, booleans, lists, objects). */
    public static String json(List<Map<String, AttrValue>> list) {
        try {
            return JSON.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(list.stream().map(PlainValues::plain).toList());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Attribute names of {@code list}, the key attributes first, then in first-seen order. */
    public List<String> columns(List<Map<String, AttrValue>> list) {
        ScatterPlan p = plan.get();
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        if (p != null) {
            out.add(p.partitionKey());
            if (p.sortKey() != null) {
                out.add(p.sortKey());
            }
        }
        for (Map<String, AttrValue> item : list) {
            out.addAll(item.keySet());
        }
        return new ArrayList<>(out);
    }

    /**
     * The plan's Queries as PartiQL SELECTs, one line per shard (what "Copy plan as → PartiQL" puts on the clipboard),
     * rendered by {@link dev.partitionscope.core.codegen.PartiqlQuery} from the same {@link ShardQuery}s a run sends.
     * PartiQL has no binary literal: for a plan with binary values this is null and {@link #errorProperty()} says to
     * copy the CLI or code form instead.
     */
    public String partiqlStatements() {
        ScatterPlan p = plan.get();
        if (p == null) {
            return "";
        }
        try {
            return dev.partitionscope.core.codegen.PartiqlQuery.text(p);
        } catch (IllegalArgumentException e) {
            error.set(UserMessage.of("Cannot copy the plan as PartiQL", e.getMessage(), null));
            return null;
        }
    }

    /** The plan's Queries as SDK code (what "Copy as code" puts on the clipboard). */
    public String code(dev.partitionscope.core.codegen.Language language) {
        ScatterPlan p = plan.get();
        return p == null
                ? ""
                : dev.partitionscope.core.codegen.ScatterCode.generate(language, p)
                        .content();
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

    public StringProperty filterProperty() {
        return filter;
    }

    /** {@code :min=N:40; :s=PENDING}. */
    public StringProperty filterValuesProperty() {
        return filterValues;
    }

    /** Attributes to return, comma-separated (empty: all). */
    public StringProperty projectionProperty() {
        return projection;
    }

    public StringProperty itemCapProperty() {
        return itemCap;
    }

    /** The partition-key value to read on a GSI (empty: the logical key). */
    public StringProperty gsiKeyProperty() {
        return gsiKey;
    }

    public StringProperty pointIdProperty() {
        return pointId;
    }

    public StringProperty pointSortKeyProperty() {
        return pointSortKey;
    }

    /** The merged items so far (streamed in while the read runs). */
    public ObservableList<Map<String, AttrValue>> items() {
        return items;
    }

    /** Every request so far, for the waterfall. */
    public ObservableList<RequestSpan> requests() {
        return requests;
    }

    public ReadOnlyObjectProperty<Comparison> comparisonProperty() {
        return comparison.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<PointRead> pointReadProperty() {
        return pointRead.getReadOnlyProperty();
    }

    /** A one-line status: a detected scheme, a point-read problem, a cancelled comparison. */
    public ReadOnlyObjectProperty<String> noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** A comparison, point read or detection is running. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public Session main() {
        return main;
    }
}
