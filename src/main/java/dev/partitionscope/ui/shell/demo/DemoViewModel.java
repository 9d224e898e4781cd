package dev.partitionscope.ui.shell.demo;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.demo.Story;
import dev.partitionscope.lab.demo.StoryLab;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.TaskHandle;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * A guided demo in progress: which story, which step, its caption and what the step is doing, and the presenter's
 * controls — next, back, pause and resume, stop. Starting a story gives it its own Lab on a simulated clock (served
 * on a port and connected like any endpoint, read-only), sets the top bar to the story's time window and table, and
 * walks the steps: each step shows its screen and performs its action ({@link DemoSteps}) the first time it is
 * reached; when it is done and the demo is not paused, the next step follows after time to read the caption.
 * Going back shows an earlier step's screen again without undoing anything (the workloads ran).
 */
public final class DemoViewModel {
    /** Runs something later on the UI thread; the window uses a timeline, tests run it when they choose. */
    @FunctionalInterface
    public interface Scheduler {
        Waits.Cancel after(Duration delay, Runnable action);
    }

    /** Pacing: real time between two simulated minutes, and how a step's reading time is worked out. */
    public record Pacing(long minutePauseMillis, Duration minDwell, Duration perWord, Duration maxDwell) {
        /** In the window: a caption of 50 words stays 12.5 s; a story plays by itself in about 1¼ minutes. */
        public static final Pacing PRESENTER =
                new Pacing(900, Duration.ofSeconds(8), Duration.ofMillis(250), Duration.ofSeconds(16));
        /** Tests: no waiting at all. */
        public static final Pacing NONE = new Pacing(0, Duration.ZERO, Duration.ZERO, Duration.ZERO);

        Duration dwell(String caption) {
            long words = caption.isBlank() ? 0 : caption.trim().split("\\s+").length;
            Duration d = perWord.multipliedBy(words);
            return d.compareTo(minDwell) < 0 ? minDwell : d.compareTo(maxDwell) > 0 ? maxDwell : d;
        }
    }

    /** A story's Lab, served at {@code endpoint}. */
    private record Prepared(StoryLab lab, String endpoint) {}

    private final DemoScreens screens;
    private final LabHost labHost;
    private final Scheduler scheduler;
    private final Pacing pacing;
    private final DemoSteps steps;

    private final ReadOnlyObjectWrapper<Story> story = new ReadOnlyObjectWrapper<>(this, "story");
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(this, "index", -1);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper(this, "caption", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final BooleanProperty paused = new SimpleBooleanProperty(this, "paused");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");

    private StoryLab lab;
    private String endpoint;
    private boolean[] performed = new boolean[0];
    private boolean[] done = new boolean[0];
    private String[] statuses = new String[0];
    private volatile boolean hurry;
    private volatile boolean pausedNow;
    private boolean advanceWhenDone;
    private Waits.Cancel stepWait = () -> {};
    private Waits.Cancel autoAdvance = () -> {};
    private Waits.Cancel connectWait = () -> {};
    private TaskHandle prepare = TaskHandle.NONE;

    public DemoViewModel(DemoScreens screens, LabHost labHost, Scheduler scheduler, Pacing pacing) {
        this.screens = screens;
        this.labHost = labHost;
        this.scheduler = scheduler;
        this.pacing = pacing;
        this.steps = new DemoSteps(screens, pacing.minutePauseMillis());
        // Connecting elsewhere (or disconnecting) mid-story ends the demo: its steps would act on another table.
        screens.main().connectionProperty().addListener((obs, old, now) -> {
            if (story.get() != null
                    && index.get() >= 0
                    && (now == null || !now.spec().endpoint().equals(endpoint))) {
                stop();
            }
        });
        paused.addListener((obs, old, now) -> {
            pausedNow = now;
            if (now) {
                autoAdvance.cancel();
            } else {
                scheduleAdvance();
            }
        });
    }

    // Commands

    /** Starts a story from its first step, in a Lab of its own. A story already running is stopped first. */
    public void start(Story s) {
        stop();
        MainViewModel main = screens.main();
        story.set(s);
        int n = s.steps().size();
        performed = new boolean[n];
        done = new boolean[n];
        statuses = new String[n];
        Arrays.fill(statuses, "");
        index.set(-1);
        finished.set(false);
        error.set(null);
        paused.set(false);
        title.set(s.title());
        caption.set(s.summary() + " Preparing its Lab…");
        status.set("");
        busy.set(true);
        // The story's simulated time ends about now, so its timestamps read as today's.
        Instant start =
                Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(StoryLab.totalMinutes(s)));
        prepare = main.tasks()
                .run(
                        "Demo: preparing " + s.id(),
                        ctx -> {
                            StoryLab l = new StoryLab(s, ScenarioCatalog.load(), start);
                            return new Prepared(l, labHost.serve(l.lab()));
                        },
                        prepared -> {
                            lab = prepared.lab();
                            endpoint = prepared.endpoint();
                            main.timeRangeProperty()
                                    .set(TimeRange.custom(
                                            lab.start(),
                                            lab.playedEnd(firstRunMinutes(s)),
                                            main.timeRangeProperty().get().utc()));
                            main.setPreferredTable(s.table());
                            main.connect(ConnectionSpec.custom(
                                    "Demo · " + s.id(), endpoint, lab.lab().region(), ConnectionSpec.LOCAL_ACCESS_KEY));
                            connectWait = Waits.until(
                                    this::connected,
                                    () -> {
                                        busy.set(false);
                                        goTo(0);
                                    },
                                    main.connectionProperty(),
                                    main.tableShapeProperty(),
                                    main.connectErrorProperty());
                        },
                        failure -> {
                            busy.set(false);
                            error.set("The demo's Lab could not start: " + failure.getMessage());
                        });
    }

    /** Minutes of the story's first RUN step: the first window shown ends with that run's traffic. */
    private static int firstRunMinutes(Story s) {
        return s.steps().stream()
                .filter(step -> step.kind() == Story.Kind.RUN)
                .mapToInt(step -> Integer.parseInt(step.arg("minutes", "0")))
                .findFirst()
                .orElse(StoryLab.totalMinutes(s));
    }

    private boolean connected() {
        MainViewModel main = screens.main();
        Connection c = main.getConnection();
        if (main.connectErrorProperty().get() != null && c == null) {
            error.set("The demo could not connect to its Lab: "
                    + main.connectErrorProperty().get().headline());
            return true;
        }
        return c != null
                && c.spec().endpoint().equals(endpoint)
                && main.tableShapeProperty().get() != null
                && main.tableShapeProperty().get().name().equals(story.get().table());
    }

    /**
     * The next step; during a workload, the rest of it plays without pauses and the demo moves on when it ends. A
     * paused demo resumes: the presenter asked it to go on.
     */
    public void next() {
        if (story.get() == null || index.get() < 0) {
            return;
        }
        int i = index.get();
        paused.set(false);
        if (!done[i]) {
            hurry = true;
            advanceWhenDone = true;
            return;
        }
        if (i + 1 < performed.length) {
            goTo(i + 1);
        }
    }

    /** The previous step's screen and caption (what it did stays done). Not while a workload plays. */
    public void back() {
        int i = index.get();
        if (story.get() == null
                || i <= 0
                || (!done[i] && story.get().steps().get(i).kind() == Story.Kind.RUN)) {
            return;
        }
        advanceWhenDone = false;
        paused.set(true); // going back means the presenter is talking: do not run off again
        goTo(i - 1);
    }

    public void togglePause() {
        paused.set(!paused.get());
    }

    /** Ends the demo; the story's Lab stays connected so the audience's questions can be answered on it. */
    public void stop() {
        prepare.cancel();
        connectWait.cancel();
        stepWait.cancel();
        autoAdvance.cancel();
        story.set(null);
        index.set(-1);
        busy.set(false);
        finished.set(false);
    }

    private void goTo(int i) {
        stepWait.cancel();
        autoAdvance.cancel();
        hurry = false;
        advanceWhenDone = false;
        Story.Step step = story.get().steps().get(i);
        index.set(i);
        title.set(step.title());
        caption.set(step.caption());
        screens.main().screenProperty().set(DemoSteps.screen(step.kind()));
        finished.set(false);
        if (performed[i]) {
            status.set(statuses[i]);
            busy.set(!done[i]);
            if (done[i]) {
                stepDone(i);
            }
            return;
        }
        performed[i] = true;
        busy.set(true);
        stepWait = steps.perform(
                step,
                lab,
                text -> {
                    statuses[i] = text;
                    if (index.get() == i) {
                        status.set(text);
                    }
                },
                () -> pausedNow,
                () -> hurry,
                () -> {
                    done[i] = true;
                    if (index.get() == i) {
                        busy.set(false);
                        stepDone(i);
                    }
                });
    }

    private void stepDone(int i) {
        if (i == performed.length - 1) {
            finished.set(true);
            return;
        }
        if (advanceWhenDone) {
            advanceWhenDone = false;
            goTo(i + 1);
            return;
        }
        scheduleAdvance();
    }

    private void scheduleAdvance() {
        int i = index.get();
        autoAdvance.cancel();
        if (story.get() == null || i < 0 || paused.get() || !done[i] || i == performed.length - 1) {
            return;
        }
        autoAdvance = scheduler.after(pacing.dwell(caption.get()), () -> {
            if (index.get() == i && !paused.get()) {
                goTo(i + 1);
            }
        });
    }

    // Properties

    public ReadOnlyObjectProperty<Story> storyProperty() {
        return story.getReadOnlyProperty();
    }

    /** The step shown, 0-based; -1 before the first (preparing) and after stop. */
    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }

    /** What the step is doing or found (minute 3 of 8 · 41,234 requests · …). */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The step's action is still running. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The last step is done. */
    public ReadOnlyBooleanProperty finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    public BooleanProperty pausedProperty() {
        return paused;
    }

    /** Why the demo could not start, or null. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The story's Lab (null before it is prepared), for tests and the recording of a story. */
    public StoryLab lab() {
        return lab;
    }
}
