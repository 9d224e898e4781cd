package dev.partitionscope.ui.shell.demo;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.demo.Story;
import dev.partitionscope.lab.demo.StoryLab;
import dev.partitionscope.ui.audit.AuditViewModel;
import dev.partitionscope.ui.metrics.MetricsViewModel;
import dev.partitionscope.ui.scatter.ScatterViewModel;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.sharding.ShardingViewModel;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.TaskHandle;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What each kind of story step does to the screens — through their ViewModels, exactly as the user's clicks would —
 * and when it is done: a RUN plays its minutes and refreshes the heatmap after each, METRICS reloads and waits for
 * the verdict, AUDIT runs the audit, DESIGN samples the table's ids into the designer with the story's schemes,
 * SCATTER runs the sharded read, compares it with a Scan and, for calculated suffixes, reads one item by its id.
 */
final class DemoSteps {
    private final DemoScreens screens;
    private final long minutePauseMillis;

    /**
     * @param minutePauseMillis real time between two simulated minutes of a RUN, so the audience sees the heat build
     *                          up (0 in tests)
     */
    DemoSteps(DemoScreens screens, long minutePauseMillis) {
        this.screens = screens;
        this.minutePauseMillis = minutePauseMillis;
    }

    /** The screen a step shows. */
    static Screen screen(Story.Kind kind) {
        return switch (kind) {
            case RUN -> Screen.HEATMAP;
            case METRICS -> Screen.METRICS;
            case AUDIT -> Screen.AUDIT;
            case DESIGN -> Screen.SHARDING;
            case SCATTER -> Screen.SCATTER_GATHER;
        };
    }

    /**
     * Starts the step; {@code done} runs once, on the UI thread, when it finished (or failed: the screen shows why).
     *
     * @param status  the step's progress line (under the caption)
     * @param paused  read between simulated minutes
     * @param hurry   read between simulated minutes: true skips the pause between them (the presenter pressed Next)
     * @return how to abandon it
     */
    Waits.Cancel perform(
            Story.Step step,
            StoryLab lab,
            Consumer<String> status,
            BooleanSupplier paused,
            BooleanSupplier hurry,
            Runnable done) {
        return switch (step.kind()) {
            case RUN -> run(step, lab, status, paused, hurry, done);
            case METRICS -> metrics(status, done);
            case AUDIT -> audit(status, done);
            case DESIGN -> design(step, lab, status, done);
            case SCATTER -> scatter(step, lab, status, done);
        };
    }

    private Waits.Cancel run(
            Story.Step step,
            StoryLab lab,
            Consumer<String> status,
            BooleanSupplier paused,
            BooleanSupplier hurry,
            Runnable done) {
        String variant = step.arg("variant", "before");
        int minutes = Integer.parseInt(step.arg("minutes", "5"));
        var heatmap = screens.heatmap();
        heatmap.foldShardsProperty().set(false); // the point of an after-variant is the shards side by side
        MainViewModel main = screens.main();
        // The window ends where this run's traffic will: the heat fills it in minute by minute, and no empty minutes
        // (those of a later run) trail after the data.
        main.timeRangeProperty()
                .set(TimeRange.custom(
                        lab.start(),
                        lab.playedEnd(minutes),
                        main.timeRangeProperty().get().utc()));
        status.accept("Playing " + minutes + " simulated minutes of the " + variant + " workload…");
        TaskHandle task = main.tasks()
                .run(
                        "Demo: " + lab.story().scenario() + " " + variant,
                        ctx -> {
                            return lab.play(
                                    variant,
                                    minutes,
                                    (m, of, t) -> {
                                        ctx.progress((double) m / of, "Demo: minute " + m + " of " + of);
                                        ctx.post(() -> {
                                            status.accept(line(variant, m, of, t));
                                            if (!heatmap.loadingProperty().get()) {
                                                heatmap.reload();
                                            }
                                        });
                                        if (minutePauseMillis > 0 && m < of && !hurry.getAsBoolean()) {
                                            try {
                                                Thread.sleep(minutePauseMillis);
                                            } catch (InterruptedException e) {
                                                Thread.currentThread().interrupt();
                                            }
                                        }
                                    },
                                    paused,
                                    () -> ctx.isCancelled()
                                            || Thread.currentThread().isInterrupted());
                        },
                        t -> {
                            status.accept(line(variant, t.minutes(), t.minutes(), t));
                            heatmap.reload();
                            done.run();
                        },
                        failure -> {
                            status.accept("The " + variant + " workload failed: " + failure.getMessage());
                            done.run();
                        });
        return task::cancel;
    }

    static String line(String variant, int minute, int of, StoryLab.Tally t) {
        String throttles = t.throttled() == 0
                ? "no throttles"
                : String.format(
                        java.util.Locale.ROOT,
                        "%,d throttled (%.0f %%), %,d on a key range",
                        t.throttled(),
                        100.0 * t.throttled() / Math.max(1, t.requests()),
                        t.keyRangeThrottles());
        return String.format(
                java.util.Locale.ROOT,
                "%s · simulated minute %d of %d · %,d requests · %s",
                variant,
                minute,
                of,
                t.requests(),
                throttles);
    }

    private Waits.Cancel metrics(Consumer<String> status, Runnable done) {
        MetricsViewModel m = screens.metrics();
        status.accept("Reading CloudWatch metrics and Contributor Insights…");
        m.reload();
        return Waits.until(
                () -> !m.loadingProperty().get()
                        && !m.insightsLoadingProperty().get()
                        && (m.verdictProperty().get() != null
                                || m.errorProperty().get() != null),
                () -> {
                    status.accept(
                            m.verdictProperty().get() == null
                                    ? ""
                                    : m.verdictProperty().get().headline());
                    done.run();
                },
                m.loadingProperty(),
                m.insightsLoadingProperty(),
                m.verdictProperty(),
                m.errorProperty());
    }

    private Waits.Cancel audit(Consumer<String> status, Runnable done) {
        AuditViewModel a = screens.audit();
        a.budgetProperty().set("0"); // the story's own Lab: nothing to save, and the audience is waiting
        status.accept("Sampling the table and its indexes…");
        a.run();
        return Waits.until(
                () -> !a.runningProperty().get()
                        && (a.resultProperty().get() != null
                                || a.errorProperty().get() != null),
                () -> {
                    var r = a.resultProperty().get();
                    status.accept(
                            r == null
                                    ? ""
                                    : r.advice().findings().isEmpty()
                                            ? "No findings"
                                            : r.advice().findings().get(0).message());
                    done.run();
                },
                a.runningProperty(),
                a.resultProperty(),
                a.errorProperty());
    }

    private Waits.Cancel design(Story.Step step, StoryLab lab, Consumer<String> status, Runnable done) {
        ShardingViewModel d = screens.sharding();
        String key = lab.resolve(step.arg("key", ""));
        d.baseKeyProperty().set(key);
        d.writesPerSecondProperty().set(step.arg("rate", "1000"));
        d.itemBytesProperty().set(step.arg("itemBytes", "1024"));
        d.separatorProperty().set(step.arg("separator", "#"));
        List<String> schemes = List.of(step.arg("schemes", "hash:8").split("\\|"));
        for (int i = 0; i < d.specs().size() && i < schemes.size(); i++) {
            d.specs().get(i).set(schemes.get(i));
        }
        status.accept("Sampling the ids stored under " + key + "…");
        d.sampleFromTable(2_000);
        String sampled = "sort keys of " + key + " in ";
        return Waits.until(
                () -> !d.computingProperty().get()
                        && d.outcomeProperty().get() != null
                        && (d.idsSourceProperty().get().contains(sampled)
                                || failed(d.sampleTextProperty().get())),
                () -> {
                    status.accept(
                            d.idsSourceProperty().get().contains(sampled)
                                    ? "Previewed on " + d.idsSourceProperty().get()
                                    : d.sampleTextProperty().get());
                    done.run();
                },
                d.computingProperty(),
                d.outcomeProperty(),
                d.idsSourceProperty(),
                d.sampleTextProperty());
    }

    private static boolean failed(String sampleText) {
        return !sampleText.isEmpty() && !sampleText.startsWith("Reading");
    }

    private Waits.Cancel scatter(Story.Step step, StoryLab lab, Consumer<String> status, Runnable done) {
        ScatterViewModel s = screens.scatter();
        MainViewModel main = screens.main();
        String index = step.arg("index", null);
        main.selectedResourceProperty()
                .set(TableResource.named(main.tableShapeProperty().get(), index)
                        .orElseGet(() -> TableResource.gsi(index)));
        s.baseKeyProperty().set(lab.resolve(step.arg("key", "")));
        s.schemeProperty().set(step.arg("scheme", "hash:8"));
        s.separatorProperty().set(step.arg("separator", "#"));
        s.limitProperty().set(step.arg("limit", "100"));
        s.descendingProperty().set(Boolean.parseBoolean(step.arg("descending", "false")));
        status.accept("Running " + s.planProperty().get().shardKeys().size() + " Queries in parallel…");
        Waits.Cancel[] current = new Waits.Cancel[1];
        s.run();
        current[0] = Waits.until(
                () -> !s.runningProperty().get()
                        && (s.resultProperty().get() != null
                                || s.errorProperty().get() != null),
                () -> {
                    if (s.resultProperty().get() == null) {
                        done.run();
                        return;
                    }
                    status.accept("Comparing with a Scan of the table…");
                    s.compare(ScatterViewModel.CompareKind.SCAN, null);
                    current[0] = Waits.until(
                            () -> !s.busyProperty().get()
                                    && (s.comparisonProperty().get() != null
                                            || s.errorProperty().get() != null),
                            () -> afterCompare(step, s, status, done, current),
                            s.busyProperty(),
                            s.comparisonProperty(),
                            s.errorProperty());
                },
                s.runningProperty(),
                s.resultProperty(),
                s.errorProperty());
        return () -> current[0].cancel();
    }

    private void afterCompare(
            Story.Step step, ScatterViewModel s, Consumer<String> status, Runnable done, Waits.Cancel[] current) {
        var c = s.comparisonProperty().get();
        status.accept(summary(c));
        String attribute = step.arg("point", null);
        List<Map<String, AttrValue>> items = s.resultProperty().get().items();
        if (attribute == null || items.isEmpty() || !(items.get(0).get(attribute) instanceof AttrValue.S text)) {
            done.run();
            return;
        }
        String value = text.value();
        String prefix = step.arg("pointPrefix", "");
        String id = value.startsWith(prefix) ? value.substring(prefix.length()) : value;
        s.pointIdProperty().set(id);
        s.pointSortKeyProperty().set(prefix.isEmpty() ? "" : value);
        s.readPoint();
        current[0] = Waits.until(
                () -> !s.busyProperty().get()
                        && (s.pointReadProperty().get() != null
                                || s.noteProperty().get() != null
                                || s.errorProperty().get() != null),
                () -> {
                    var p = s.pointReadProperty().get();
                    if (p != null) {
                        status.accept(
                                summary(c) + " · GetItem " + p.how() + (p.item() == null ? ": not found" : ": found"));
                    }
                    done.run();
                },
                s.busyProperty(),
                s.pointReadProperty(),
                s.noteProperty(),
                s.errorProperty());
    }

    private static String summary(ScatterViewModel.Comparison c) {
        return c == null || c.diff() == null ? "" : c.diff().summary();
    }
}
