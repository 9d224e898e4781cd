/**
 * Chart arithmetic shared by the app's JavaFX charts ({@code ui.metrics}) and the report's AWT images
 * ({@code report}): the y axis ({@link dev.partitionscope.core.chart.NiceScale}: 0 to a round top in 2 to 4 steps)
 * and the time axis ({@link dev.partitionscope.core.chart.TimeTicks}: round local times whose labels fit), so a
 * metric's chart in the report reads like the same chart on screen. Pure java.time, no toolkit.
 *
 * <p>Why the sharing stops at the arithmetic (issue 19, item 4): screen and report already share everything whose
 * result must match to the pixel — the heat colours ({@code core.heat.ColorLut}), scales and the cell raster
 * ({@code HeatRaster}), the verdicts — and now the axes. What is left on each side is drawing calls, and they do
 * different jobs: the screen's painters ({@code TimeChart}/{@code PlotPainter}/{@code HoverPainter},
 * {@code HeatmapCanvas}, {@code ShardHistogram}, {@code Waterfall}) repaint per frame, decimate to one value per
 * pixel column, draw hover, crosshair and pinned cells, follow the CSS theme (dark or light) and HiDPI; the report's
 * ({@code ChartKit}, {@code MetricsPng}, {@code HeatmapPng}, {@code TimePanel}, {@code ThrottleStrip},
 * {@code HeatLegend}) lay fixed-size panels out once, light theme only, measuring text with AWT's font metrics.
 * A drawing interface over {@code GraphicsContext} and {@code Graphics2D} would need fonts and text metrics, paths,
 * dashes, clips, images and colours on both sides (some 25 methods, each twice) to share a few hundred lines whose
 * layouts would still differ (the two toolkits measure text differently), and would put an indirection on the
 * screen's per-frame path. Not worth it; sharing the arithmetic is.
 */
package dev.partitionscope.core.chart;
