package dev.partitionscope.ui.sharding;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.core.codegen.CodeGenRequest;
import dev.partitionscope.core.codegen.CodeGenerator;
import dev.partitionscope.core.codegen.GeneratedFile;
import dev.partitionscope.core.codegen.Language;
import dev.partitionscope.core.design.PredictedHeat;
import dev.partitionscope.core.design.Prediction;
import dev.partitionscope.core.design.ReadCost;
import dev.partitionscope.core.design.SchemePreview;
import dev.partitionscope.core.design.ShardCalculator;
import dev.partitionscope.core.design.Workload;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.ui.session.DesignerHandOver;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskSlot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The sharding designer: a hot key, the ids its items carry, the load it takes, and up to four schemes previewed
 * side by side — per-shard spread, the partition model's prediction before and after, the read side's cost — plus
 * the N calculator. Every change recomputes in the background (the view debounces typing); results that arrive for
 * an older input are dropped.
 */
public final class ShardingViewModel {
    public static final int MAX_SCHEMES = 4;
    /** Ids generated when there are none yet: enough for a stable spread, fast to preview. */
    static final int DEFAULT_IDS = 10_000;

    static final long SEED = 42;

    /**
     * One scheme's preview. {@code error} is set (and the rest null) when the spec or the inputs do not work for it.
     */
    public record Result(
            String spec,
            KeyScheme scheme,
            SchemePreview preview,
            Prediction prediction,
            ReadCost readCost,
            Prediction.OverTime overTime,
            String error) {
        static Result failed(String spec, String error) {
            return new Result(spec, null, null, null, null, null, error);
        }
    }

    /**
     * What one computation produced: the inputs' problem (if any), the recommendation, the results, and when the
     * heatmap handed the key over with its minutes: how those minutes fare on one key ({@code before}) and which
     * values to shard when the other values of the index are known ({@code hotValues}, null otherwise).
     */
    public record Outcome(
            String inputError,
            ShardCalculator.Recommendation recommendation,
            List<Result> results,
            Prediction.OverTime before,
            ShardCalculator.HotValues hotValues,
            PredictedHeat heat) {
        Outcome(String inputError, ShardCalculator.Recommendation recommendation, List<Result> results) {
            this(inputError, recommendation, results, null, null, null);
        }
    }

    /** Ids with their timestamps (epoch millis; the time of reading when a line had none). */
    record Ids(List<String> ids, long[] epochMillis, String source) {}

    private final Session main;
    private final StringProperty baseKey = new SimpleStringProperty(this, "baseKey", "PENDING");
    private final StringProperty writesPerSecond = new SimpleStringProperty(this, "writesPerSecond", "4000");
    private final StringProperty itemBytes = new SimpleStringProperty(this, "itemBytes", "1024");
    private final StringProperty readsPerSecond = new SimpleStringProperty(this, "readsPerSecond", "0");
    private final StringProperty separator = new SimpleStringProperty(this, "separator", KeyScheme.DEFAULT_SEPARATOR);
    private final ObservableList<StringProperty> specs = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Outcome> outcome = new ReadOnlyObjectWrapper<>(this, "outcome");
    private final ReadOnlyBooleanWrapper computing = new ReadOnlyBooleanWrapper(this, "computing");
    private final ReadOnlyStringWrapper idsSource = new ReadOnlyStringWrapper(this, "idsSource", "");
    private final ReadOnlyStringWrapper handedOver = new ReadOnlyStringWrapper(this, "handedOver", "");
    private final ReadOnlyObjectWrapper<LabTrial.Result> trial = new ReadOnlyObjectWrapper<>(this, "trial");
    private final ReadOnlyBooleanWrapper trialRunning = new ReadOnlyBooleanWrapper(this, "trialRunning");
    private final ReadOnlyStringWrapper trialText = new ReadOnlyStringWrapper(this, "trialText", "");
    private Ids ids;
    /** The last hand-over; its minutes and other values apply while the key is still its key. */
    private DesignerHandOver handOver;

    private final TaskSlot task;
    private final TaskSlot trialTask;
    private final TaskSlot sampleTask;
    private final ReadOnlyStringWrapper sampleText = new ReadOnlyStringWrapper(this, "sampleText", "");

    /**
     * The designer on {@code main}'s connection; "now" is the endpoint's ({@link Session#endpointNow()}: a fast-forwarded or
     * replayed Lab lives in simulated time). Ids without a timestamp are stamped with it, and the predicted window and
     * the Lab trial end at it, so time-bucketed schemes (day+hash:8) name the endpoint's day, not this machine's.
     */
    public ShardingViewModel(Session main) {
        this.main = main;
        this.task = new TaskSlot(main.tasks());
        this.trialTask = new TaskSlot(main.tasks());
        this.sampleTask = new TaskSlot(main.tasks());
        for (String s : List.of("hash:8", "random:8", "sum:8", "product:200")) {
            specs.add(new SimpleStringProperty(s));
        }
        ids = generated(DEFAULT_IDS, main.endpointNow().toEpochMilli());
        idsSource.set(ids.source());
        takeHandOver(main.designerHandOverProperty().get());
        main.designerHandOverProperty().addListener((obs, old, now) -> {
            takeHandOver(now);
            recompute();
        });
    }

    private void takeHandOver(DesignerHandOver h) {
        if (h == null) {
            return;
        }
        handOver = h;
        baseKey.set(h.key());
        if (h.hasRate()) {
            writesPerSecond.set(String.format(Locale.ROOT, "%.0f", h.writesPerSecond()));
            itemBytes.set("1024");
        }
        handedOver.set("From the heatmap: " + h.key() + (h.note() == null ? "" : " · " + h.note()));
    }

    // Commands

    /** Replaces the ids with {@code count} random UUIDs (seeded: the same count gives the same ids). */
    public void generateIds(int count) {
        ids = generated(count, main.endpointNow().toEpochMilli());
        idsSource.set(ids.source());
        recompute();
    }

    /**
     * Ids from text: one per line, optionally followed by a comma or tab and a timestamp (ISO-8601 or epoch
     * millis). Blank lines are skipped.
     *
     * @throws IllegalArgumentException naming the first bad line, or when there is no id
     */
    public void setIds(String text, String source) {
        ids = parse(text, source, main.endpointNow().toEpochMilli());
        idsSource.set(ids.source());
        recompute();
    }

    /**
     * Ids from a file, as {@link #setIds}: the file is read on the task runner (never on the FX thread), the ids taken
     * on the UI thread. {@code onFailure} gets an unreadable file ({@link IOException}) or a bad line
     * ({@link IllegalArgumentException}); the previous ids stay.
     */
    public void loadIds(Path file, java.util.function.Consumer<Exception> onFailure) {
        String source = file.getFileName().toString();
        main.tasks()
                .run(
                        "Loading ids from " + source,
                        ctx -> Files.readString(file, StandardCharsets.UTF_8),
                        text -> {
                            try {
                                setIds(text, source);
                            } catch (IllegalArgumentException e) {
                                onFailure.accept(e);
                            }
                        },
                        error -> onFailure.accept(
                                error instanceof Exception e ? e : new IOException(error.getMessage(), error)));
    }

    /**
     * Ids sampled from the selected table: the sort-key values stored under the hot key (up to {@code max}), read
     * with Queries that project only the sort key — a read, allowed on read-only connections.
     */
    public void sampleFromTable(int max) {
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        String key = baseKey.get().trim();
        if (c == null || shape == null || key.isEmpty()) {
            sampleText.set(
                    c == null
                            ? "Connect and pick a table to sample its ids"
                            : shape == null
                                    ? "Pick a table in the top bar to sample its ids"
                                    : "Type the hot key first");
            return;
        }
        sampleTask.cancel();
        sampleText.set("Reading the sort keys of " + key + " in " + shape.name() + "…");
        long stamp = main.endpointNow().toEpochMilli();
        sampleTask.submit(
                "Sampling ids of " + key,
                ctx -> new TableGateway(c).sortKeyValues(shape, key, max, ctx::isCancelled),
                values -> {
                    if (values.isEmpty()) {
                        sampleText.set(shape.name() + " has no items under " + key + ": generate or paste ids instead");
                        return;
                    }
                    sampleText.set("");
                    ids = new Ids(
                            values,
                            nowArray(values.size(), stamp),
                            String.format(Locale.ROOT, "%,d sort keys of %s in %s", values.size(), key, shape.name()));
                    idsSource.set(ids.source());
                    recompute();
                },
                failure -> sampleText.set(
                        ErrorTranslator.translate(failure, c.spec(), "Query").asText()));
    }

    private static long[] nowArray(int n, long now) {
        long[] t = new long[n];
        java.util.Arrays.fill(t, now);
        return t;
    }

    /** Recomputes every scheme now, in the background. */
    public void recompute() {
        task.cancel();
        Ids in = ids;
        String base = baseKey.get().trim();
        String sep = separator.get().isEmpty() ? KeyScheme.DEFAULT_SEPARATOR : separator.get();
        List<String> specTexts = specs.stream().map(StringProperty::get).toList();
        DesignerHandOver seen = handOver != null && handOver.key().equals(base) ? handOver : null;
        String writes = writesPerSecond.get();
        String bytes = itemBytes.get();
        String reads = readsPerSecond.get();
        Instant end = main.endpointNow();
        computing.set(true);
        task.submit(
                "Previewing " + specTexts.size() + " schemes",
                ctx -> compute(in, base, sep, specTexts, writes, bytes, reads, seen, end),
                o -> {
                    computing.set(false);
                    outcome.set(o);
                },
                failure -> {
                    computing.set(false);
                    outcome.set(new Outcome("The preview failed: " + failure.getMessage(), null, List.of()));
                });
    }

    /**
     * The code of the first scheme that previews without a problem, in {@code language}: the key function (N as a
     * named constant, documented with the calculator's reasoning), the point read and the scatter-gather reader, for
     * the selected table's key attributes (or PK/SK when no table is selected).
     *
     * @throws IllegalStateException when no scheme previews
     */
    public List<GeneratedFile> code(Language language) {
        Outcome o = outcome.get();
        Result chosen = o == null
                ? null
                : o.results().stream()
                        .filter(r -> r.error() == null)
                        .findFirst()
                        .orElse(null);
        if (chosen == null) {
            throw new IllegalStateException("No scheme previews yet: fix the scheme fields first");
        }
        TableShape shape = main.tableShapeProperty().get();
        String table = shape == null ? "my-table" : shape.name();
        String pk = shape == null ? "PK" : shape.keySchema().partitionKey().name();
        String sk = shape == null
                ? "SK"
                : shape.keySchema().sort().map(KeyAttribute::name).orElse(null);
        CodeGenRequest request = CodeGenRequest.of(chosen.scheme(), table, pk)
                .withSeparator(separator.get())
                .withSortKey(sk)
                .withRationale(
                        o.recommendation() == null ? null : o.recommendation().text());
        return CodeGenerator.of(language).generate(request);
    }

    /**
     * "Try it in the Lab": replays the load (peak writes/s, item size) for {@link LabTrial#DEFAULT_DURATION} of
     * simulated time on the key as it is and with the first working scheme, each in a fresh Lab read through the SDK.
     */
    public void runTrial() {
        Outcome o = outcome.get();
        Result chosen = o == null
                ? null
                : o.results().stream()
                        .filter(r -> r.error() == null)
                        .findFirst()
                        .orElse(null);
        if (chosen == null || o.inputError() != null) {
            trialText.set("Fix the inputs and the schemes first: the trial replays the first scheme that previews.");
            return;
        }
        double writes;
        long bytes;
        try {
            writes = number(writesPerSecond.get(), "writes/s");
            bytes = (long) number(itemBytes.get(), "item size");
        } catch (IllegalArgumentException e) {
            trialText.set(e.getMessage());
            return;
        }
        trialTask.cancel();
        String key = baseKey.get().trim();
        String spec = chosen.spec();
        trial.set(null);
        trialRunning.set(true);
        trialText.set("Replaying " + key + " in the Lab…");
        Instant trialEnd = main.endpointNow();
        trialTask.submit(
                "Trying " + spec + " in the Lab",
                ctx -> LabTrial.run(
                        key, spec, writes, bytes, LabTrial.DEFAULT_DURATION, trialEnd, ctx::isCancelled, step -> {
                            String text = step.equals("before")
                                    ? "Replaying " + key + " as it is (10 simulated minutes)…"
                                    : "Replaying " + key + " with " + spec + "…";
                            ctx.progress(step.equals("before") ? 0.1 : 0.6, text);
                            ctx.post(() -> trialText.set(text));
                        }),
                r -> {
                    trialRunning.set(false);
                    trial.set(r);
                    trialText.set(r == null ? "Cancelled" : "");
                },
                failure -> {
                    trialRunning.set(false);
                    trialText.set("The Lab trial failed: " + failure.getMessage());
                },
                () -> {
                    trialRunning.set(false);
                    trialText.set("Cancelled");
                });
    }

    public void cancelTrial() {
        trialTask.cancel();
    }

    // Computing (any thread)

    static Outcome compute(
            Ids in,
            String base,
            String separator,
            List<String> specs,
            String writesText,
            String bytesText,
            String readsText,
            DesignerHandOver seen,
            Instant now) {
        if (base.isEmpty()) {
            return new Outcome(
                    "Type the hot key to shard (e.g. PENDING or OPS_LOG), or open one from the heatmap.",
                    null,
                    List.of());
        }
        Workload workload;
        try {
            workload = new Workload(
                    number(writesText, "writes/s"),
                    (long) number(bytesText, "item size"),
                    number(readsText, "reads/s"),
                    false);
        } catch (IllegalArgumentException e) {
            return new Outcome(e.getMessage(), null, List.of());
        }
        ShardCalculator.Recommendation rec = ShardCalculator.recommend(workload);
        double[] minutes = seen == null ? new double[0] : seen.writesPerMinute();
        List<Result> results = new ArrayList<>();
        for (String spec : specs) {
            results.add(one(in, base, separator, spec == null ? "" : spec.trim(), workload, minutes));
        }
        Prediction.OverTime before = null;
        if (minutes.length > 0) {
            // One key for everything (hash:1 maps every id to the same key): the minutes as they were.
            SchemePreview unsharded =
                    SchemePreview.of(KeyScheme.parse("hash:1"), separator, List.of(base), List.of(base), null, SEED);
            before = Prediction.overTime(unsharded, minutes, workload.itemBytes());
        }
        ShardCalculator.HotValues hot = null;
        if (seen != null && !seen.otherValues().isEmpty() && seen.hasRate()) {
            java.util.Map<String, Double> rates = new java.util.LinkedHashMap<>();
            rates.put(base, seen.writesPerSecond());
            rates.putAll(seen.otherValues());
            hot = ShardCalculator.hotValues(rates, workload.itemBytes(), ShardCalculator.DEFAULT_HEADROOM);
        }
        return new Outcome(null, rec, results, before, hot, predictedHeat(results, base, seen, workload, now));
    }

    /**
     * The first working scheme's predicted heatmap over the handed-over buckets, or over the last hour at the typed
     * rate when nothing was handed over; null without a working scheme or a rate.
     */
    private static PredictedHeat predictedHeat(
            List<Result> results, String base, DesignerHandOver seen, Workload workload, Instant now) {
        Result first =
                results.stream().filter(r -> r.error() == null).findFirst().orElse(null);
        if (first == null) {
            return null;
        }
        boolean series = seen != null && seen.writesPerMinute().length > 0;
        if (!series && !(workload.writesPerSecond() > 0)) {
            return null;
        }
        double[] rates = series ? seen.writesPerMinute() : new double[60];
        if (!series) {
            java.util.Arrays.fill(rates, workload.writesPerSecond());
        }
        int seconds = series ? seen.seriesBucketSeconds() : 60;
        Instant start = series && seen.seriesStart() != null
                ? seen.seriesStart()
                : now.truncatedTo(java.time.temporal.ChronoUnit.MINUTES).minusSeconds((long) seconds * rates.length);
        return PredictedHeat.of(first.preview(), "designer", base, rates, workload.itemBytes(), start, seconds);
    }

    private static Result one(Ids in, String base, String separator, String spec, Workload workload, double[] minutes) {
        if (spec.isEmpty()) {
            return Result.failed(
                    spec,
                    "Type a scheme: random:N, sum:N, product:N, hash:N, hour, day, month, or"
                            + " combinations such as day+hash:8.");
        }
        KeyScheme scheme;
        try {
            scheme = KeyScheme.parse(spec);
        } catch (IllegalArgumentException e) {
            return Result.failed(spec, e.getMessage());
        }
        try {
            SchemePreview preview = SchemePreview.of(
                    scheme,
                    separator,
                    List.of(base),
                    in.ids(),
                    scheme.bucket() == null ? null : in.epochMillis(),
                    SEED);
            Prediction prediction = Prediction.of(preview, workload);
            ReadCost read = ReadCost.of(
                    scheme,
                    base,
                    new ReadCost.Read(
                            7, 50, Math.max(1, workload.itemBytes()), false, 8, 25, false, workload.writeUnits()));
            Prediction.OverTime overTime =
                    minutes.length == 0 ? null : Prediction.overTime(preview, minutes, workload.itemBytes());
            return new Result(spec, scheme, preview, prediction, read, overTime, null);
        } catch (IllegalArgumentException | ArithmeticException e) {
            return Result.failed(spec, e.getMessage());
        }
    }

    private static double number(String text, String what) {
        String t = text == null ? "" : text.trim().replace(",", "").replace("_", "");
        if (t.isEmpty()) {
            return 0;
        }
        try {
            double v = Double.parseDouble(t);
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("The " + what + " must be a number ≥ 0, not \"" + text.trim() + "\"");
        }
    }

    static Ids generated(int count, long now) {
        if (count < 1 || count > 5_000_000) {
            throw new IllegalArgumentException("Generate 1 to 5,000,000 ids, not " + count);
        }
        Random random = new Random(SEED);
        List<String> out = new ArrayList<>(count);
        long[] times = new long[count];
        for (int i = 0; i < count; i++) {
            out.add(new UUID(random.nextLong(), random.nextLong()).toString());
            times[i] = now;
        }
        return new Ids(out, times, String.format(Locale.ROOT, "%,d generated UUIDs", count));
    }

    static Ids parse(String text, String source, long now) {
        List<String> out = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            int cut = line.indexOf('\t') >= 0 ? line.indexOf('\t') : line.lastIndexOf(',');
            String id = cut < 0 ? line : line.substring(0, cut).strip();
            long at = now;
            if (cut >= 0) {
                String ts = line.substring(cut + 1).strip();
                try {
                    at = ts.chars().allMatch(Character::isDigit)
                            ? Long.parseLong(ts)
                            : Instant.parse(ts).toEpochMilli();
                } catch (DateTimeParseException | NumberFormatException e) {
                    throw new IllegalArgumentException("Line " + (i + 1) + ": \"" + ts + "\" is not a timestamp"
                            + " (ISO-8601 such as 2026-06-22T10:00:00Z, or epoch milliseconds)");
                }
            }
            out.add(id);
            times.add(at);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("No ids: give one id per line (optionally \", timestamp\")");
        }
        long[] t = new long[times.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = times.get(i);
        }
        return new Ids(out, t, String.format(Locale.ROOT, "%,d ids from %s", out.size(), source));
    }

    // Accessors

    public StringProperty baseKeyProperty() {
        return baseKey;
    }

    public StringProperty writesPerSecondProperty() {
        return writesPerSecond;
    }

    public StringProperty itemBytesProperty() {
        return itemBytes;
    }

    public StringProperty readsPerSecondProperty() {
        return readsPerSecond;
    }

    public StringProperty separatorProperty() {
        return separator;
    }

    /** The specs of the compared schemes (up to {@link #MAX_SCHEMES}). */
    public ObservableList<StringProperty> specs() {
        return specs;
    }

    public ReadOnlyObjectProperty<Outcome> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty computingProperty() {
        return computing.getReadOnlyProperty();
    }

    /** Where the ids came from, e.g. "10,000 generated UUIDs". */
    public ReadOnlyStringProperty idsSourceProperty() {
        return idsSource.getReadOnlyProperty();
    }

    /** "From the heatmap: OPS_LOG" when a key was handed over. */
    public ReadOnlyStringProperty handedOverProperty() {
        return handedOver.getReadOnlyProperty();
    }

    /** Why sampling did not (yet) give ids; empty otherwise. */
    public ReadOnlyStringProperty sampleTextProperty() {
        return sampleText.getReadOnlyProperty();
    }

    /** The last Lab trial, null before one finished. */
    public ReadOnlyObjectProperty<LabTrial.Result> trialProperty() {
        return trial.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty trialRunningProperty() {
        return trialRunning.getReadOnlyProperty();
    }

    /** What the trial is doing, or why it did not run. */
    public ReadOnlyStringProperty trialTextProperty() {
        return trialText.getReadOnlyProperty();
    }

    /** The ids previewed now (tests, code export checks). */
    List<String> ids() {
        return ids.ids();
    }

    public Session main() {
        return main;
    }
}
