package dev.partitionscope.ui.lab;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.workload.OpDef;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RealTime;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.ScenarioException;
import dev.partitionscope.lab.workload.Variant;
import dev.partitionscope.lab.workload.WorkloadProgress;
import dev.partitionscope.lab.workload.WorkloadRun;
import dev.partitionscope.lab.workload.Workloads;
import dev.partitionscope.ui.session.Session;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Lab screen's workload generator: pick a scenario and a variant, adjust rate, duration, key skew and item size,
 * start a real-time run against the Lab the screen shows, and watch it. Starting while a run is going stops that run
 * and starts the new one — the demo's "switch to after". No JavaFX nodes here; every method runs on the FX thread
 * (or the test's thread), and the view calls {@link #poll()} a few times a second while {@link #runningProperty()}
 * is true. Runs have their own threads: nothing here waits for them.
 *
 * <p>With {@link #fastForwardProperty()} on, Start runs the plan in simulated time in a new Lab instead
 * ({@link FastForwardRun}, on the app's task runner), and when it finishes the app connects to that Lab like to an
 * opened recording, so the screen shows what the run did to the partitions.
 */
public final class WorkloadViewModel {
    private final Session main;
    private final LabHost labHost;
    private final WorkloadTarget target;
    private final ScenarioCatalog catalog;
    private final LabReplays replays;

    // Properties: inputs
    private final ObservableList<Scenario> scenarios = FXCollections.observableArrayList();
    private final ObservableList<Scenario> scenariosView = FXCollections.unmodifiableObservableList(scenarios);
    private final ObjectProperty<Scenario> scenario = new SimpleObjectProperty<>(this, "scenario");
    private final ObservableList<String> variants = FXCollections.observableArrayList();
    private final ObservableList<String> variantsView = FXCollections.unmodifiableObservableList(variants);
    private final ObjectProperty<String> variant = new SimpleObjectProperty<>(this, "variant");
    private final StringProperty rate = new SimpleStringProperty(this, "rate", "");
    private final StringProperty duration = new SimpleStringProperty(this, "duration", "");
    private final StringProperty skew = new SimpleStringProperty(this, "skew", "");
    private final StringProperty itemSize = new SimpleStringProperty(this, "itemSize", "");
    private final BooleanProperty fastForward = new SimpleBooleanProperty(this, "fastForward");

    // Properties: derived
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper(this, "caption", "");
    private final ReadOnlyBooleanWrapper skewEnabled = new ReadOnlyBooleanWrapper(this, "skewEnabled");
    private final ReadOnlyStringWrapper skewKey = new ReadOnlyStringWrapper(this, "skewKey", "");
    private final ReadOnlyObjectWrapper<Map<WorkloadForm.Field, String>> fieldErrors =
            new ReadOnlyObjectWrapper<>(this, "fieldErrors", Map.of());
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper preview = new ReadOnlyStringWrapper(this, "preview", "");
    private final ReadOnlyStringWrapper unavailable = new ReadOnlyStringWrapper(this, "unavailable", "");
    private final ReadOnlyStringWrapper startText = new ReadOnlyStringWrapper(this, "startText", "Start");
    private final ReadOnlyBooleanWrapper canStart = new ReadOnlyBooleanWrapper(this, "canStart");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyBooleanWrapper canStop = new ReadOnlyBooleanWrapper(this, "canStop");
    private final ReadOnlyStringWrapper stopText = new ReadOnlyStringWrapper(this, "stopText", "Stop");
    private final ReadOnlyBooleanWrapper fastForwarding = new ReadOnlyBooleanWrapper(this, "fastForwarding");
    private final ReadOnlyObjectWrapper<WorkloadProgress> progress = new ReadOnlyObjectWrapper<>(this, "progress");
    private final ReadOnlyStringWrapper stateText = new ReadOnlyStringWrapper(this, "stateText", "Not running");
    private final ReadOnlyStringWrapper previous = new ReadOnlyStringWrapper(this, "previous", "");
    private final ReadOnlyStringWrapper elapsed = new ReadOnlyStringWrapper(this, "elapsed", "");
    private final ReadOnlyStringWrapper achieved = new ReadOnlyStringWrapper(this, "achieved", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");

    private Plan plan;
    private Map<WorkloadForm.Field, String> shownDefaults = new EnumMap<>(WorkloadForm.Field.class);
    private WorkloadRun run;
    private Plan runPlan;
    private Lab runLab;
    private boolean stopAsked;
    private String endNote = "";
    /** Said after the run's own message: where a fast-forwarded Lab went. */
    private String doneNote = "";

    private String showTable;
    private boolean listedTables;

    public WorkloadViewModel(Session main, LabHost labHost, Supplier<ScenarioCatalog> catalog) {
        this(main, labHost, catalog, new LabReplays(main, labHost));
    }

    WorkloadViewModel(Session main, LabHost labHost, Supplier<ScenarioCatalog> catalog, LabReplays replays) {
        this.main = main;
        this.labHost = labHost;
        this.replays = replays;
        this.target = new WorkloadTarget(main, labHost);
        this.catalog = catalog.get();
        scenarios.setAll(this.catalog.scenarios());
        scenario.addListener((obs, old, now) -> scenarioChanged(now));
        variant.addListener((obs, old, now) -> variantChanged(now));
        for (StringProperty p : List.of(rate, duration, skew, itemSize)) {
            p.addListener((obs, old, now) -> update());
        }
        fastForward.addListener((obs, old, now) -> update());
        main.connectionProperty().addListener((obs, old, now) -> labChanged());
        main.guardTextProperty().addListener((obs, old, now) -> updateActions());
        scenario.set(this.catalog.find("order-status").orElse(scenarios.isEmpty() ? null : scenarios.get(0)));
        update();
    }

    // Commands

    /**
     * Starts the chosen variant against the Lab the screen shows — or, with fast-forward on, in simulated time in a
     * new Lab with the shown Lab's model parameters; while a run is going, stops it first (its totals stay readable
     * in {@link #previousProperty()}). Does nothing when the inputs or the target are not usable: the reason is in
     * {@link #problemProperty()} or {@link #unavailableProperty()}.
     */
    public void start() {
        update();
        Optional<Lab> lab = target.lab();
        if (!canStart.get() || plan == null || lab.isEmpty()) {
            return;
        }
        if (run != null && running.get() && !stopAsked) {
            run.stop();
            previous.set("Before the switch: " + summary(runPlan, run.progress()));
        } else {
            previous.set("");
        }
        Lab l = lab.get();
        runPlan = plan;
        stopAsked = false;
        endNote = "";
        doneNote = "";
        List<OpDef> ops = plan.variant().operations();
        showTable = ops.isEmpty() ? null : ops.get(0).table();
        listedTables = false;
        if (fastForward.get()) {
            FastForwardRun ff = new FastForwardRun(plan, l.params(), labHost, main.tasks());
            run = ff;
            runLab = null;
            // Assigned before it starts: a synchronous task runner (tests) finishes it inside start().
            Plan started = plan;
            ff.start(served -> fastForwarded(ff, started, served));
        } else {
            run = RealTime.start(plan, target.sdkTarget(l), l.clock()::epochMillis);
            runLab = l;
        }
        poll();
    }

    /**
     * Asks the run to stop; requests in flight finish, then the state turns to Stopped. A fast-forward is cancelled:
     * its Lab is dropped.
     */
    public void stop() {
        if (run != null && running.get()) {
            run.stop();
            stopAsked = true;
            poll();
        }
    }

    /** Reads the run's latest snapshot into the properties. */
    public void poll() {
        if (run == null) {
            return;
        }
        // Ended means the run's threads are done, not just an over state: RealTime sets its state a moment before
        // its final message, and a snapshot in between would show "Stopped" with no reason.
        boolean ended = ended(run);
        WorkloadProgress p = run.progress();
        FastForwardRun ff = run instanceof FastForwardRun f ? f : null;
        progress.set(p);
        elapsed.set(Workloads.duration(p.elapsed()) + " of " + Workloads.duration(p.planned())
                + (ff == null ? "" : " simulated"));
        achieved.set(
                ff == null
                        ? Workloads.number((double) Math.round(p.achievedRate())) + " req/s"
                        : String.format(
                                java.util.Locale.ROOT,
                                "in %.1f s",
                                ff.realElapsed().toMillis() / 1000.0));
        message.set(String.join(
                " ",
                java.util.stream.Stream.of(endNote, p.message(), doneNote)
                        .filter(t -> !t.isEmpty())
                        .toList()));
        running.set(!ended);
        canStop.set(running.get() && !stopAsked);
        fastForwarding.set(ff != null && !ended);
        stateText.set(
                !ended && p.state().over()
                        ? (ff == null ? "Stopping…" : "Cancelling…")
                        : switch (p.state()) {
                            case STARTING -> "Creating tables…";
                            case RUNNING ->
                                stopAsked
                                        ? (ff == null ? "Stopping…" : "Cancelling…")
                                        : ff == null ? "Running" : "Fast-forwarding";
                            case FINISHED -> "Finished";
                            case STOPPED -> ff == null ? "Stopped" : "Cancelled";
                            case FAILED -> "Failed";
                        });
        if (p.state() != WorkloadProgress.State.STARTING && ff == null) {
            selectRunTable();
        }
        updateActions();
    }

    /** Stops the run for good (the screen or the app goes away). */
    public void dispose() {
        if (run instanceof FastForwardRun ff) {
            ff.dispose();
        } else if (run != null) {
            run.stop();
        }
    }

    // Internals

    private void scenarioChanged(Scenario s) {
        variants.setAll(s == null ? List.of() : List.copyOf(s.variants().keySet()));
        shownDefaults = new EnumMap<>(WorkloadForm.Field.class);
        skewEnabled.set(s != null && s.skewed() != null);
        skewKey.set(s == null ? "" : WorkloadForm.skewKey(s));
        setDefault(WorkloadForm.Field.SKEW, skew, s == null ? "" : WorkloadForm.skewText(s));
        String first =
                variants.contains(Scenario.BEFORE) ? Scenario.BEFORE : variants.isEmpty() ? null : variants.get(0);
        if (Objects.equals(variant.get(), first)) {
            variantChanged(first);
        } else {
            variant.set(first);
        }
    }

    /** Fills the fields with the variant's defaults, except those the user changed (they keep their value). */
    private void variantChanged(String now) {
        Scenario s = scenario.get();
        if (s == null || now == null || !s.variants().containsKey(now)) {
            caption.set("");
            update();
            return;
        }
        Variant v = s.variant(now);
        caption.set(v.caption());
        setDefault(WorkloadForm.Field.RATE, rate, WorkloadForm.rateText(v));
        setDefault(WorkloadForm.Field.DURATION, duration, WorkloadForm.durationText(v));
        setDefault(WorkloadForm.Field.ITEM_SIZE, itemSize, WorkloadForm.itemSizeText(v));
        update();
    }

    private void setDefault(WorkloadForm.Field f, StringProperty field, String value) {
        String before = shownDefaults.get(f);
        if (before == null || before.equals(field.get().strip())) {
            field.set(value);
        }
        shownDefaults.put(f, value);
    }

    /** Re-reads the inputs (plan or problem) and what Start would do. */
    private void update() {
        readInputs();
        updateActions();
    }

    private void readInputs() {
        Scenario s = scenario.get();
        plan = null;
        String planProblem = "";
        Map<WorkloadForm.Field, String> errors = Map.of();
        if (s == null) {
            planProblem = catalog.scenarios().isEmpty() ? "No scenario could be read." : "Choose a scenario.";
        } else if (variant.get() == null) {
            planProblem = "Choose a variant.";
        } else {
            WorkloadForm.Read read =
                    WorkloadForm.read(s, rate.get(), duration.get(), skew.get(), itemSize.get(), fastForward.get());
            errors = read.errors();
            if (read.ok()) {
                try {
                    plan = Plan.of(s, variant.get(), read.settings());
                } catch (ScenarioException e) {
                    planProblem = e.getMessage();
                } catch (IllegalArgumentException e) {
                    planProblem = "These settings cannot run: " + e.getMessage() + ".";
                }
            }
        }
        fieldErrors.set(errors);
        problem.set(errors.isEmpty() ? planProblem : String.join("\n", errors.values()));
        preview.set(
                plan == null
                        ? ""
                        : plan.headline() + " · offers "
                                + Workloads.number((double) Math.round(plan.offeredWriteUnits())) + " WCU/s");
    }

    /** What Start would do now: available, start or switch. */
    private void updateActions() {
        unavailable.set(target.unavailableReason(plan, fastForward.get()));
        // While a run is stopping, Start starts afresh (the stopping run ends on its own).
        boolean runningNow = running.get() && !stopAsked;
        boolean differs =
                run == null || !runningNow || !sameRun(plan) || fastForward.get() != (run instanceof FastForwardRun);
        // A fast-forward takes seconds and ends in another Lab: it is cancelled, not switched.
        canStart.set(plan != null && unavailable.get().isEmpty() && differs && !fastForwarding.get());
        stopText.set(
                running.get()
                        ? (run instanceof FastForwardRun ? "Cancel" : "Stop")
                        : fastForward.get() ? "Cancel" : "Stop");
        startText.set(
                !runningNow || plan == null || !differs || fastForwarding.get()
                        ? "Start"
                        : fastForward.get() ? "Stop and fast-forward" : switchText(plan));
    }

    private boolean sameRun(Plan p) {
        return p != null
                && runPlan != null
                && p.scenario().name().equals(runPlan.scenario().name())
                && p.variant().name().equals(runPlan.variant().name())
                && p.settings().equals(runPlan.settings());
    }

    private String switchText(Plan p) {
        if (!p.scenario().name().equals(runPlan.scenario().name())) {
            return "Switch to " + p.scenario().name() + " · " + p.variant().name();
        }
        return p.variant().name().equals(runPlan.variant().name())
                ? "Restart with these settings"
                : "Switch to " + p.variant().name();
    }

    private void labChanged() {
        // A fast-forward writes to a Lab of its own: the app may go anywhere meanwhile.
        if (run != null
                && running.get()
                && !(run instanceof FastForwardRun)
                && target.lab().filter(l -> l == runLab).isEmpty()) {
            run.stop();
            stopAsked = true;
            endNote = "Stopped because the app left the Lab it was writing to.";
            poll();
        }
        updateActions();
    }

    /**
     * A fast-forward finished and its Lab is served: connects the app to it (the Lab screen then shows its
     * partitions) and selects the run's table once the new connection lists it. The panel keeps the run's summary.
     */
    private void fastForwarded(FastForwardRun ff, Plan p, FastForwardRun.Served served) {
        if (run != ff) {
            return; // superseded while it finished
        }
        runLab = served.lab();
        doneNote = "The Lab screen now shows that Lab; Save recording… (Ctrl+S) keeps it.";
        poll(); // over before the connection changes, so leaving the previous Lab stops nothing
        String name = p.scenario().name() + " " + p.variant().name() + " · " + Workloads.duration(p.duration());
        replays.connect(
                new LabReplays.Replay(
                        LabReplays.Kind.FAST_FORWARD,
                        served.endpoint(),
                        name,
                        served.lab().clock().epochMillis()),
                served.lab().region(),
                showTable == null ? List.of() : List.of(showTable));
    }

    /** Once tables are created, shows the run's first table in the partitions view (listing it first if new). */
    private void selectRunTable() {
        if (showTable == null || main.getConnection() == null) {
            return;
        }
        if (main.tables().contains(showTable)) {
            main.selectedTableProperty().set(showTable);
            showTable = null;
        } else if (!listedTables) {
            listedTables = true;
            main.refresh();
        }
    }

    private static boolean ended(WorkloadRun r) {
        try {
            return r.await(java.time.Duration.ZERO);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String summary(Plan p, WorkloadProgress w) {
        return p.variant().name() + " ran " + Workloads.duration(w.elapsed()) + ": " + w.countsLine()
                + (w.keyRangeThrottles() > 0 ? String.format(" (%,d hot-partition)", w.keyRangeThrottles()) : "");
    }

    // Accessors

    public ObservableList<Scenario> scenarios() {
        return scenariosView;
    }

    /** Files in the user's scenario folder that could not be read, one sentence each. */
    public List<String> catalogProblems() {
        return catalog.problems();
    }

    public ObjectProperty<Scenario> scenarioProperty() {
        return scenario;
    }

    public ObservableList<String> variants() {
        return variantsView;
    }

    public ObjectProperty<String> variantProperty() {
        return variant;
    }

    /** Operations per second, as typed. */
    public StringProperty rateProperty() {
        return rate;
    }

    /** {@code 5 min}, {@code 90 s}, {@code 300}. */
    public StringProperty durationProperty() {
        return duration;
    }

    /** Percent of requests on the hottest key; only used when {@link #skewEnabledProperty()}. */
    public StringProperty skewProperty() {
        return skew;
    }

    /** Bytes per written item. */
    public StringProperty itemSizeProperty() {
        return itemSize;
    }

    /** Start runs in simulated time in a new Lab (an hour in seconds) instead of in real time against this one. */
    public BooleanProperty fastForwardProperty() {
        return fastForward;
    }

    /** A fast-forward is running (Start is off until it ends or is cancelled). */
    public ReadOnlyBooleanProperty fastForwardingProperty() {
        return fastForwarding.getReadOnlyProperty();
    }

    /** {@code Stop}, or {@code Cancel} for a fast-forward (its Lab is dropped). */
    public ReadOnlyStringProperty stopTextProperty() {
        return stopText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }

    /** False when the scenario's hot key is one constant key: there is no skew to change. */
    public ReadOnlyBooleanProperty skewEnabledProperty() {
        return skewEnabled.getReadOnlyProperty();
    }

    /** The hottest key, whose share of requests the skew field sets ({@code PENDING}); "" when none. */
    public ReadOnlyStringProperty skewKeyProperty() {
        return skewKey.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Map<WorkloadForm.Field, String>> fieldErrorsProperty() {
        return fieldErrors.getReadOnlyProperty();
    }

    /** What is wrong with the inputs, one sentence per line; empty when they can run. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The plan's headline and the write units it offers; empty while the inputs are not usable. */
    public ReadOnlyStringProperty previewProperty() {
        return preview.getReadOnlyProperty();
    }

    /** Why nothing can be started here (no Lab, writes locked); empty when a run can start. */
    public ReadOnlyStringProperty unavailableProperty() {
        return unavailable.getReadOnlyProperty();
    }

    /** {@code Start}, or {@code Switch to after} while another variant runs. */
    public ReadOnlyStringProperty startTextProperty() {
        return startText.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canStartProperty() {
        return canStart.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canStopProperty() {
        return canStop.getReadOnlyProperty();
    }

    /** The latest snapshot of the current run; null before the first start. */
    public ReadOnlyObjectProperty<WorkloadProgress> progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty stateTextProperty() {
        return stateText.getReadOnlyProperty();
    }

    /** The totals of the run a switch replaced; empty when none. */
    public ReadOnlyStringProperty previousProperty() {
        return previous.getReadOnlyProperty();
    }

    /** {@code 12 s of 5 min}. */
    public ReadOnlyStringProperty elapsedProperty() {
        return elapsed.getReadOnlyProperty();
    }

    /** Requests per second of elapsed time, {@code 874 req/s}. */
    public ReadOnlyStringProperty achievedProperty() {
        return achieved.getReadOnlyProperty();
    }

    /** Why the run ended, or a note while it runs; empty when there is nothing to say. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The settings of the current run (for tests). */
    RunSettings runSettings() {
        return runPlan == null ? null : runPlan.settings();
    }
}
