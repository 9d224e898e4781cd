package dev.partitionscope.ui.common.chart;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.common.chart.TimeChart.Kind;
import dev.partitionscope.ui.common.chart.TimeChart.Series;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.RowConstraints;
import javafx.stage.Stage;

/**
 * Throwaway look at {@link TimeChart} with fake data, light then dark: writes against a provisioned line, throttles
 * stacked by cause, a week of operations, an empty chart with its message. Hovers two charts so the overlay shows.
 * Run with a PNG path: writes {@code <name>-light.png} and {@code <name>-dark.png} next to it and exits.
 */
public final class TimeChartDemo {
    private static final Instant DAY_START = Instant.parse("2024-03-14T00:00:00Z");

    private TimeChartDemo() {}

    /** The main class must not extend Application, or the classpath launcher refuses to start JavaFX. */
    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    public static final class App extends Application {
        @Override
        public void start(Stage stage) {
            TimeChartDemo.start(stage, getParameters().getRaw());
        }
    }

    private static void start(Stage stage, List<String> args) {
        String out = args.isEmpty() ? "/tmp/chart-demo.png" : args.get(0);
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());

        TimeChart writes = writes();
        TimeChart throttles = throttles();
        TimeChart operations = operations();
        TimeChart empty = new TimeChart("Read capacity", "RCU/s (Sum ÷ period)");
        empty.setData(DAY_START, 60, List.of(), ZoneOffset.UTC);
        empty.setMessage("No data — the table had no traffic in this range");

        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(16);
        grid.setStyle("-fx-background-color: -color-bg-default; -fx-padding: 16;");
        grid.add(writes, 0, 0);
        grid.add(throttles, 1, 0);
        grid.add(operations, 0, 1);
        grid.add(empty, 1, 1);
        for (int i = 0; i < 2; i++) {
            ColumnConstraints c = new ColumnConstraints();
            c.setPercentWidth(50);
            c.setHgrow(Priority.ALWAYS);
            grid.getColumnConstraints().add(c);
            RowConstraints r = new RowConstraints();
            r.setPercentHeight(50);
            r.setVgrow(Priority.ALWAYS);
            grid.getRowConstraints().add(r);
        }
        Scene scene = new Scene(grid, 1400, 760);
        stage.setScene(scene);
        stage.setTitle("TimeChart demo");
        stage.show();

        String base = out.endsWith(".png") ? out.substring(0, out.length() - 4) : out;
        DemoShots.after(800, () -> {
            hover(writes, 0.58, 0.45);
            hover(throttles, 0.6, 0.6);
            DemoShots.after(300, () -> {
                DemoShots.save(scene, base + "-light.png");
                Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
                DemoShots.after(800, () -> {
                    DemoShots.save(scene, base + "-dark.png");
                    Platform.exit();
                });
            });
        });
    }

    private static TimeChart writes() {
        Random random = new Random(7);
        double[] consumed = new double[1440];
        double[] provisioned = new double[1440];
        for (int m = 0; m < 1440; m++) {
            double daily = 450 + 250 * Math.sin((m - 360) / 1440.0 * 2 * Math.PI);
            double spike = m >= 830 && m < 870 ? 700 * Math.exp(-Math.pow((m - 845) / 10.0, 2)) : 0;
            consumed[m] = Math.max(0, daily + spike + random.nextGaussian() * 40);
            provisioned[m] = 1000;
        }
        for (int m = 540; m < 560; m++) {
            consumed[m] = Double.NaN; // CloudWatch sent no datapoints: a gap, not zero
        }
        TimeChart chart = new TimeChart("Write capacity", "WCU/s (Sum ÷ period)");
        chart.setValueUnit("WCU/s");
        chart.setData(
                DAY_START,
                60,
                List.of(
                        new Series("Consumed", "chart-write", Kind.LINE, consumed),
                        new Series("Provisioned", "chart-limit", Kind.DASHED_LINE, provisioned)),
                ZoneOffset.UTC);
        return chart;
    }

    private static TimeChart throttles() {
        Random random = new Random(11);
        double[] keyRange = new double[1440];
        double[] provisioned = new double[1440];
        for (int m = 0; m < 1440; m++) {
            if (m >= 800 && m < 900) {
                double burst = Math.exp(-Math.pow((m - 845) / 25.0, 2));
                keyRange[m] = Math.round(70 * burst + random.nextInt(15));
                provisioned[m] = m >= 830 && m < 870 ? Math.round(50 * burst + random.nextInt(10)) : 0;
            } else if (random.nextInt(90) == 0) {
                keyRange[m] = 1 + random.nextInt(6);
            }
        }
        TimeChart chart = new TimeChart("Throttled requests", "requests per minute");
        chart.setValueUnit("requests");
        chart.setData(
                DAY_START,
                60,
                List.of(
                        new Series("Hot key range", "chart-keyrange", Kind.STACKED_BAR, keyRange),
                        new Series("Provisioned throughput", "chart-provisioned", Kind.STACKED_BAR, provisioned)),
                ZoneOffset.UTC);
        return chart;
    }

    private static TimeChart operations() {
        Random random = new Random(3);
        int n = 7 * 1440;
        String[] names = {"GetItem", "PutItem", "Query", "UpdateItem", "BatchWriteItem"};
        List<Series> series = new java.util.ArrayList<>();
        for (int s = 0; s < names.length; s++) {
            double[] v = new double[n];
            double scale = 12_000.0 / (s + 1);
            for (int m = 0; m < n; m++) {
                double daily = 0.55 + 0.45 * Math.sin((m % 1440 - 420) / 1440.0 * 2 * Math.PI);
                v[m] = scale * daily * (0.9 + 0.2 * random.nextDouble());
            }
            if (s == 3) {
                java.util.Arrays.fill(v, 3000, 3600, Double.NaN);
            }
            series.add(new Series(names[s], "chart-c" + (s + 1), Kind.LINE, v));
        }
        TimeChart chart = new TimeChart("Requests by operation", "requests per second (SampleCount ÷ period)");
        chart.setValueUnit("req/s");
        chart.setData(Instant.parse("2024-03-10T23:00:00Z"), 60, series, ZoneId.of("Europe/Berlin"));
        return chart;
    }

    private static void hover(TimeChart chart, double fx, double fy) {
        DemoShots.hover(chart, chart.getWidth() * fx, chart.getHeight() * fy);
    }
}
