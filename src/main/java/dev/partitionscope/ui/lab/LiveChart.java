package dev.partitionscope.ui.lab;

import dev.partitionscope.core.format.Units;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.scene.text.TextAlignment;

/**
 * The last 60 seconds of a table on one canvas: consumed WCU/s and RCU/s as lines, throttle events per second as
 * bars in a band underneath. Drawn chart-fx style: one canvas reused, redrawn only when data or size change (once
 * a second at most), colours read from the theme through invisible probe labels styled with AtlantaFX's looked-up
 * colours, so a theme switch recolours it without code knowing the palette.
 */
final class LiveChart extends Region {
    private static final double LEFT = 44;
    private static final double RIGHT = 6;
    private static final double TOP = 8;
    private static final double BAND = 20;
    private static final double AXIS = 16;

    private final Canvas canvas = new Canvas();
    private final Label writeProbe = probe("probe-write");
    private final Label readProbe = probe("probe-read");
    private final Label throttleProbe = probe("probe-throttle");
    private final Label gridProbe = probe("probe-grid");
    private final Label textProbe = probe("probe-text");
    private ThrottleSummary data = ThrottleSummary.EMPTY;

    LiveChart() {
        getStyleClass().add("live-chart");
        getChildren().addAll(canvas, writeProbe, readProbe, throttleProbe, gridProbe, textProbe);
        for (Label probe : new Label[] {writeProbe, readProbe, throttleProbe, gridProbe, textProbe}) {
            probe.textFillProperty().addListener((obs, old, now) -> draw());
        }
        // Its font too comes from CSS (10.5 px normally), so presentation mode's larger type reaches it.
        textProbe.fontProperty().addListener((obs, old, now) -> draw());
        setMinHeight(118);
        setPrefHeight(118);
        setPrefWidth(440);
        canvas.setFocusTraversable(false);
    }

    private Label probe(String styleClass) {
        return dev.partitionscope.ui.common.CssProbe.create(null, styleClass);
    }

    void setData(ThrottleSummary summary) {
        this.data = summary;
        draw();
    }

    @Override
    protected void layoutChildren() {
        double w = Math.floor(getWidth());
        double h = Math.floor(getHeight());
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            draw();
        }
    }

    private void draw() {
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, w, h);
        if (w < LEFT + RIGHT + 20 || h < TOP + BAND + AXIS + 20) {
            return;
        }
        int n = ThrottleSummary.SECONDS;
        double plotW = w - LEFT - RIGHT;
        double plotBottom = h - AXIS - BAND - 12;
        double plotH = plotBottom - TOP;
        double step = plotW / n;

        double max = 0;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, Math.max(data.writePerSecond()[i], data.readPerSecond()[i]));
        }
        double top = niceCeiling(max);

        g.setFont(textProbe.getFont());
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.RIGHT);
        Paint grid = color(gridProbe);
        Paint text = color(textProbe);
        g.setLineWidth(1);
        g.setStroke(grid);
        for (int k = 0; k <= 2; k++) {
            double y = Math.round(plotBottom - plotH * k / 2.0) + 0.5;
            g.strokeLine(LEFT, y, w - RIGHT, y);
            g.setFill(text);
            g.fillText(Units.count(Math.round(top * k / 2.0)), LEFT - 6, y);
        }

        drawLine(g, data.readPerSecond(), color(readProbe), top, plotBottom, plotH, step);
        drawLine(g, data.writePerSecond(), color(writeProbe), top, plotBottom, plotH, step);

        long maxThrottles = 0;
        for (long t : data.throttlesPerSecond()) {
            maxThrottles = Math.max(maxThrottles, t);
        }
        double bandTop = plotBottom + 12;
        g.setStroke(grid);
        g.strokeLine(LEFT, Math.round(bandTop + BAND) + 0.5, w - RIGHT, Math.round(bandTop + BAND) + 0.5);
        if (maxThrottles > 0) {
            g.setFill(text);
            g.fillText(Units.count(maxThrottles), LEFT - 6, bandTop + 4);
            g.setFill(color(throttleProbe));
            for (int i = 0; i < n; i++) {
                long t = data.throttlesPerSecond()[i];
                if (t > 0) {
                    double bh = Math.max(2, BAND * t / (double) maxThrottles);
                    g.fillRect(LEFT + i * step + 0.5, bandTop + BAND - bh, Math.max(1, step - 1), bh);
                }
            }
        }
        g.setFill(text);
        g.setTextBaseline(VPos.BOTTOM);
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("−60 s", LEFT, h);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText("now", w - RIGHT, h);
    }

    private static void drawLine(
            GraphicsContext g, double[] values, Paint paint, double top, double bottom, double height, double step) {
        g.setStroke(paint);
        g.setLineWidth(1.8);
        g.beginPath();
        for (int i = 0; i < values.length; i++) {
            double x = LEFT + i * step + step / 2;
            double y = bottom - height * Math.min(1, values[i] / top);
            if (i == 0) {
                g.moveTo(x, y);
            } else {
                g.lineTo(x, y);
            }
        }
        g.stroke();
    }

    /** 1, 2 or 5 × a power of ten, at least 10: a readable top for the y axis. */
    static double niceCeiling(double max) {
        if (max <= 10) {
            return 10;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * magnitude >= max) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static Paint color(Label probe) {
        return dev.partitionscope.ui.common.CssProbe.paint(probe);
    }
}
