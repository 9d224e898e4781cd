package dev.partitionscope.ui.audit;

import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.audit.Advisor;
import dev.partitionscope.core.audit.AuditReport;
import dev.partitionscope.core.audit.PatternProfile;
import dev.partitionscope.core.design.Workload;
import dev.partitionscope.ui.session.DesignerHandOver;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskSlot;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The key audit screen: the read budget and caps, a run that samples the top bar's table and its GSIs with live
 * progress (items, RCU/s against the budget, ETA) and a cancel, then the risk matrix, the findings — each able to
 * open the sharding designer pre-filled — and the key patterns, exportable as Markdown and CSV.
 */
public final class AuditViewModel {
    private final Session main;
    private final StringProperty budget = new SimpleStringProperty(this, "budget", "");
    private final StringProperty segments =
            new SimpleStringProperty(this, "segments", Integer.toString(AuditSampler.DEFAULT_SEGMENTS));
    private final StringProperty itemCap = new SimpleStringProperty(this, "itemCap", "0");
    private final StringProperty timeCap = new SimpleStringProperty(this, "timeCap", "");
    private final BooleanProperty indexes = new SimpleBooleanProperty(this, "indexes", true);
    private final BooleanProperty insights = new SimpleBooleanProperty(this, "insights", true);
    /** Join the table's per-key writes from its DynamoDB stream instead of Contributor Insights. */
    private final BooleanProperty streamLoad = new SimpleBooleanProperty(this, "streamLoad");

    private final ReadOnlyObjectWrapper<KeyAudit.Result> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyObjectWrapper<UserMessage> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper(this, "progress", "");
    private final ReadOnlyDoubleWrapper fraction = new ReadOnlyDoubleWrapper(this, "fraction", -1);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyStringWrapper savedIn = new ReadOnlyStringWrapper(this, "savedIn");
    private final TaskSlot task;

    public AuditViewModel(Session main) {
        this.main = main;
        this.task = new TaskSlot(main.tasks());
        main.selectedTableProperty().addListener((obs, old, now) -> {
            // Dropped, not stopped: a stopped run still reports its partial audit, which would show as this table's.
            task.discard();
            running.set(false);
            result.set(null);
            savedIn.set(null);
            error.set(null);
            progress.set("");
        });
    }

    /**
     * Shows an audit saved in a file (a snapshot) instead of sampling: the same matrix, findings and patterns,
     * read-only — its checkpoint was not saved, so it cannot be resumed, and a snapshot cannot be sampled again.
     *
     * @param file where it was saved, for the status line ("snapshot-orders.pssnap")
     */
    public void showSaved(KeyAudit.Result saved, String file) {
        task.discard();
        running.set(false);
        error.set(null);
        savedIn.set(file);
        result.set(saved);
        fraction.set(1);
        progress.set(summary(saved));
    }

    /** The file the audit shown was saved in, or null for an audit run here. */
    public ReadOnlyStringProperty savedInProperty() {
        return savedIn.getReadOnlyProperty();
    }

    /** The options from the fields; throws with a sentence naming the field when one is wrong. */
    KeyAudit.Options options() {
        String b = budget.get().strip();
        AuditSampler.Budget bud = AuditSampler.Budget.fromOption(b.isEmpty() ? null : number(b, "read budget"));
        int seg = (int) number(segments.get(), "segments");
        long cap = (long) number(itemCap.get().isBlank() ? "0" : itemCap.get(), "item cap");
        Duration time = timeCap.get().isBlank() ? null : Duration.ofSeconds((long) number(timeCap.get(), "time cap"));
        return new KeyAudit.Options(
                        AuditSampler.Options.defaults()
                                .withSegments(seg)
                                .withBudget(bud)
                                .withItemCap(cap)
                                .withTimeCap(time),
                        indexes.get(),
                        main.timeRangeProperty().get(),
                        insights.get())
                .withStreamLoad(streamLoad.get());
    }

    private static double number(String text, String what) {
        try {
            double v = Double.parseDouble(text.strip().replace(",", ""));
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("The " + what + " must be a number ≥ 0, not \"" + text.strip() + "\"");
        }
    }

    public void run() {
        start(null);
    }

    /** Continues a partial audit where each table and GSI stopped (after a cap or a cancel). */
    public void resume() {
        KeyAudit.Result previous = result.get();
        if (previous != null && !previous.complete()) {
            start(previous);
        }
    }

    /** True when the audit shown stopped early and can be resumed. */
    public boolean resumable() {
        return result.get() != null && !result.get().complete() && savedIn.get() == null;
    }

    private void start(KeyAudit.Result previous) {
        Connection c = main.getConnection();
        String table = previous != null
                ? previous.shape().name()
                : main.selectedTableProperty().get();
        if (c == null || table == null) {
            return;
        }
        if (c.isSnapshot()) {
            // Its sampling Scans split the table differently every run, so a snapshot could only answer "not held":
            // an audit of 0 items would replace the one saved in the file.
            error.set(UserMessage.of(
                    "A snapshot cannot be sampled again",
                    "An audit scans the table's items in"
                            + " parallel segments that differ from run to run; a snapshot answers only the reads it holds."
                            + (savedIn.get() != null
                                    ? " The audit shown is the one saved in " + savedIn.get() + "."
                                    : ""),
                    "Run the audit where the table can be read (the endpoint the snapshot was taken of)."));
            return;
        }
        KeyAudit.Options o;
        try {
            o = options();
        } catch (IllegalArgumentException e) {
            error.set(UserMessage.of("Cannot start the audit", e.getMessage(), "Fix the field and run again."));
            return;
        }
        task.discard();
        error.set(null);
        result.set(null);
        savedIn.set(null);
        running.set(true);
        fraction.set(-1);
        progress.set("Starting the audit of " + table + " …");
        task.submit(
                "Key audit of " + table,
                ctx -> {
                    KeyAudit audit = new KeyAudit(c);
                    java.util.function.BooleanSupplier stopped = ctx::isCancelled;
                    KeyAudit.Listener listener = new KeyAudit.Listener() {
                        private String current = table;

                        @Override
                        public void resource(String resource, int n, int total) {
                            current = resource + " (" + n + " of " + total + ")";
                        }

                        @Override
                        public void progress(String resource, AuditSampler.Progress p) {
                            String text = String.format(
                                    Locale.ROOT,
                                    "Sampling %s · %,d items · %.1f RCU at %.1f RCU/s" + "%s%s",
                                    current,
                                    p.items(),
                                    p.consumedRcu(),
                                    p.rcuPerSecond(),
                                    p.throttles() > 0 ? " · " + p.throttles() + " throttles" : "",
                                    p.eta() == null
                                            ? ""
                                            : " · about " + p.eta().toSeconds() + " s left (" + p.etaNote() + ")");
                            double f = p.fraction();
                            ctx.post(() -> {
                                progress.set(text);
                                fraction.set(f);
                            });
                        }

                        @Override
                        public void loadingInsights() {
                            ctx.post(() -> {
                                progress.set(
                                        o.loadSource().readsStream()
                                                ? "Reading the DynamoDB stream for the load …"
                                                : "Reading Contributor Insights for the load …");
                                fraction.set(-1);
                            });
                        }
                    };
                    return previous == null
                            ? audit.run(table, o, stopped, listener)
                            : audit.resume(previous, o, stopped, listener);
                },
                r -> {
                    running.set(false);
                    result.set(r);
                    progress.set(summary(r));
                    fraction.set(1);
                },
                failure -> {
                    running.set(false);
                    progress.set("");
                    error.set(ErrorTranslator.translate(failure, c.spec(), "Scan"));
                },
                () -> {
                    running.set(false);
                    progress.set("Cancelled.");
                });
    }

    /** Stops sampling; the audit reports on what was sampled so far. */
    public void cancel() {
        task.stop();
    }

    static String summary(KeyAudit.Result r) {
        long items = r.resources().stream()
                .mapToLong(KeyAudit.ResourceAudit::itemsSampled)
                .sum();
        String stops = r.resources().stream()
                .filter(a -> !a.sampling().complete())
                .map(a -> a.label() + ": "
                        + a.sampling().stop().name().toLowerCase(Locale.ROOT).replace('_', ' '))
                .reduce((x, y) -> x + ", " + y)
                .map(s -> " · partial sample (" + s + ")")
                .orElse("");
        return String.format(
                Locale.ROOT,
                "%,d items sampled from %d resource%s · %.1f RCU · %s%s",
                items,
                r.resources().size(),
                r.resources().size() == 1 ? "" : "s",
                r.consumedRcu(),
                r.loadNote(),
                stops);
    }

    /** The audit as Markdown (risk matrix, findings), for a design document. */
    public String markdown() {
        KeyAudit.Result r = result.get();
        return r == null ? "" : AuditReport.markdown("Key audit: " + r.shape().name(), summary(r), r.advice());
    }

    public String csv() {
        KeyAudit.Result r = result.get();
        return r == null ? "" : AuditReport.csv(r.advice());
    }

    /** Opens the sharding designer with the finding's key, its peak write rate and, for a few values, their rates. */
    public void openInDesigner(Advisor.Finding f) {
        KeyAudit.Result r = result.get();
        PatternProfile p = r == null
                ? null
                : r.profiles().stream()
                        .filter(x -> x.template().equals(f.pattern())
                                && java.util.Objects.equals(x.resource(), f.resource()))
                        .findFirst()
                        .orElse(null);
        String key = f.pattern();
        double writes = 0;
        Map<String, Double> others = new LinkedHashMap<>();
        if (p != null && p.load() != null) {
            double wcu = Workload.writes(1, p.itemBytesP99()).wcuPerWrite();
            writes = p.load().peakWriteUnits() / wcu;
            if (p.load().hottestKey() != null) {
                key = p.load().hottestKey();
            }
            double top =
                    p.valuesByShare().isEmpty() ? 1 : p.valuesByShare().get(0).getValue();
            for (var v : p.valuesByShare()) {
                if (!v.getKey().equals(key)) {
                    others.put(v.getKey(), writes * v.getValue() / top);
                }
            }
        } else if (p != null && p.values().size() == 1) {
            key = p.values().keySet().iterator().next();
        }
        String note =
                "Audit: " + f.message() + (f.suggestedScheme() == null ? "" : " Try " + f.suggestedScheme() + ".");
        main.openInDesigner(new DesignerHandOver(key, writes, note, null, others, null, 60));
    }

    // Accessors

    /** RCU per second; empty: the table's default (5 % of provisioned reads, 100 on on-demand); 0: none. */
    public StringProperty budgetProperty() {
        return budget;
    }

    public StringProperty segmentsProperty() {
        return segments;
    }

    /** Items per table or index; 0: none. */
    public StringProperty itemCapProperty() {
        return itemCap;
    }

    /** Seconds per table or index; empty: none. */
    public StringProperty timeCapProperty() {
        return timeCap;
    }

    public BooleanProperty indexesProperty() {
        return indexes;
    }

    /** Load from the table's DynamoDB stream (writes only) instead of Contributor Insights. */
    public BooleanProperty streamLoadProperty() {
        return streamLoad;
    }

    public BooleanProperty insightsProperty() {
        return insights;
    }

    public ReadOnlyObjectProperty<KeyAudit.Result> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<UserMessage> errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** 0..1, or -1 when unknown. */
    public ReadOnlyDoubleProperty fractionProperty() {
        return fraction.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public Session main() {
        return main;
    }
}
