/**
 * Hot-partition reports (issue 10): a folder a design doc can link to — {@code summary.md}, {@code heatmap.png},
 * {@code metrics.png}, {@code top-keys.csv}, {@code audit-matrix.csv}, {@code audit.md}, {@code heatmap.csv}.
 * {@link dev.partitionscope.report.ReportBuilder} gathers what the screens read (metrics and verdict, Contributor
 * Insights stitched into key × time matrices, the key audit) into a {@link dev.partitionscope.report.Report};
 * {@link dev.partitionscope.report.ReportWriter} renders and writes it. Both the CLI's {@code report} and the app's
 * Export report use them.
 *
 * <p>Why a package of its own: the images are drawn with java.awt in headless mode, so the CLI runs on a server
 * without a display or a JavaFX toolkit — which rules out {@code ui} — and {@code core} stays free of any toolkit,
 * AWT included. The heat colours still come from core's {@code ColorLut}, so a PNG looks like the app's heatmap, and
 * the axes from core's {@code chart} package ({@code NiceScale}, {@code TimeTicks}), so a chart's steps and ticks are
 * the screen's. The painting itself is not shared with the JavaFX charts: see {@code dev.partitionscope.core.chart}
 * for why one drawing interface over GraphicsContext and Graphics2D is not worth it.
 */
package dev.partitionscope.report;
