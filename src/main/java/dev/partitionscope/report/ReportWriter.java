package dev.partitionscope.report;

import dev.partitionscope.core.audit.AuditReport;
import dev.partitionscope.core.heat.HeatCsv;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.TopKeys;
import java.awt.AWTError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link Report} as a folder of stable file names ({@link #FILES}) that a design doc can link to. Everything
 * is rendered in memory first, so a failure leaves the folder as it was; each file is then written beside its target
 * and moved over it, so a reader never sees half a PNG.
 *
 * <p>The folder rule: it may be missing (it is created), empty, or hold only the files of a previous report (they are
 * replaced, and files that report had but this one has not — {@code audit.md} after {@code --no-audit} — removed).
 * Anything else is refused unless {@code force}, and then only the report's own files are written or replaced.
 */
public final class ReportWriter {
    public static final String SUMMARY = "summary.md";
    public static final String HEATMAP = "heatmap.png";
    public static final String METRICS = "metrics.png";
    public static final String TOP_KEYS = "top-keys.csv";
    public static final String AUDIT_MATRIX = "audit-matrix.csv";
    public static final String AUDIT = "audit.md";
    public static final String HEATMAP_CSV = "heatmap.csv";
    /** Every file a report may write, in the order the summary lists them. */
    public static final List<String> FILES =
            List.of(SUMMARY, HEATMAP, METRICS, TOP_KEYS, AUDIT_MATRIX, AUDIT, HEATMAP_CSV);

    /** One file of the folder and what it holds (the summary's "Files" table). */
    public record FileEntry(String name, String description) {}

    /** What was written: the folder and its files in {@link #FILES} order. */
    public record Written(Path folder, List<Path> files) {
        public Written {
            files = List.copyOf(files);
        }
    }

    /** The output folder cannot take a report: a file, or a folder of other files without {@code force}. */
    public static final class FolderException extends IOException {
        private static final long serialVersionUID = 1L;

        FolderException(String message) {
            super(message);
        }
    }

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmm", Locale.ROOT).withZone(ZoneOffset.UTC);

    private ReportWriter() {}

    /**
     * Checks the folder rule without writing anything, so the CLI can refuse before it connects.
     *
     * @throws FolderException when {@code dir} is a file, or a non-empty folder of other files and not {@code force}
     */
    public static void checkFolder(Path dir, boolean force) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new FolderException(dir + " is a file, not a folder: give a folder to write the report into (it is"
                    + " created when missing).");
        }
        if (!Files.isDirectory(dir) || force) {
            return;
        }
        List<String> others = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (!FILES.contains(name) && !(name.startsWith(".") && name.endsWith(".tmp"))) {
                    others.add(name);
                }
            }
        }
        if (!others.isEmpty()) {
            others.sort(null);
            throw new FolderException(dir + " already holds other files ("
                    + String.join(", ", others.subList(0, Math.min(3, others.size())))
                    + (others.size() > 3 ? ", …" : "") + "): a report goes into a new or"
                    + " empty folder, or over a previous report. Choose another folder, or --force to write the"
                    + " report's files into this one (only " + String.join(", ", FILES) + " are replaced).");
        }
    }

    /**
     * Where a report goes when the user picked {@code chosen} in a folder dialog: the folder itself when it is empty
     * or holds a previous report, else a new {@code <table>-report-<yyyyMMdd-HHmm>} folder inside it (numbered when
     * that exists), so picking "Documents" never scatters seven files among the user's own.
     */
    public static Path folderFor(Path chosen, String table, Instant at) throws IOException {
        if (!Files.exists(chosen)) {
            return chosen;
        }
        try {
            checkFolder(chosen, false);
            return chosen;
        } catch (FolderException otherFiles) {
            if (!Files.isDirectory(chosen)) {
                throw otherFiles;
            }
        }
        String stem = table.replaceAll("[^A-Za-z0-9._-]", "_") + "-report-" + STAMP.format(at);
        Path dir = chosen.resolve(stem);
        for (int n = 2; Files.exists(dir); n++) {
            dir = chosen.resolve(stem + "-" + n);
        }
        return dir;
    }

    /** The folder's files as bytes, by name, in {@link #FILES} order: the summary last rendered but listed first. */
    public static Map<String, byte[]> render(Report r) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        List<FileEntry> entries = entries(r);
        files.put(SUMMARY, null);
        try {
            files.put(HEATMAP, HeatmapPng.render(r));
            files.put(METRICS, MetricsPng.render(r));
        } catch (AWTError | LinkageError | InternalError e) {
            // A Java without fonts or without java.desktop's native libraries (slim container images).
            throw new UncheckedIOException(new IOException(
                    "could not draw the PNGs (" + e + "): this Java needs"
                            + " fontconfig and a font, e.g. apt-get install fontconfig fonts-dejavu-core",
                    e));
        }
        files.put(TOP_KEYS, utf8(TopKeys.csv(r.topKeys(), MatrixUnit.CONSUMED_UNITS_PER_MINUTE)));
        if (r.audit() != null) {
            files.put(AUDIT_MATRIX, utf8(AuditReport.csv(r.audit().advice())));
            files.put(
                    AUDIT,
                    utf8(AuditReport.markdown(
                            "Key audit: " + r.table() + " (" + r.where() + ")",
                            r.auditNote(),
                            r.audit().advice())));
        }
        if (r.heat() != null) {
            files.put(HEATMAP_CSV, utf8(HeatCsv.toCsv(r.heat().grid())));
        }
        files.put(SUMMARY, utf8(SummaryMarkdown.render(r, entries)));
        return files;
    }

    /** Renders the report and writes it into {@code dir} under the folder rule. */
    public static Written write(Report r, Path dir, boolean force) throws IOException {
        checkFolder(dir, force);
        Map<String, byte[]> files;
        try {
            files = render(r);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        Files.createDirectories(dir);
        boolean previousOnly = !force || onlyReportFiles(dir);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            written.add(writeAtomically(dir.resolve(f.getKey()), f.getValue()));
        }
        if (previousOnly) {
            for (String stale : FILES) {
                if (!files.containsKey(stale)) {
                    Files.deleteIfExists(dir.resolve(stale));
                }
            }
        }
        return new Written(dir, written);
    }

    /** The files this report will hold, with a line on each, for the summary's table. */
    static List<FileEntry> entries(Report r) {
        List<FileEntry> out = new ArrayList<>();
        out.add(new FileEntry(SUMMARY, "this summary"));
        out.add(new FileEntry(
                HEATMAP,
                "the key × time heatmap (" + HeatmapPng.WIDTH + " × " + HeatmapPng.HEIGHT
                        + "): colour = share of one key's ceiling, throttle marks, throttles by cause, UTC axis"));
        out.add(new FileEntry(
                METRICS,
                "consumed vs provisioned capacity (WCU/s, RCU/s) and throttle events by cause" + " for "
                        + MetricsPng.label(MetricsPng.resourceOf(r))));
        out.add(new FileEntry(
                TOP_KEYS,
                "the top partition keys of the table and each GSI: total, share, peak, % of"
                        + " the ceiling, throttles"));
        if (r.audit() != null) {
            out.add(new FileEntry(AUDIT_MATRIX, "the key audit's risk matrix, one row per key pattern"));
            out.add(new FileEntry(AUDIT, "the key audit as Markdown: risk matrix and findings"));
        }
        if (r.heat() != null) {
            out.add(new FileEntry(HEATMAP_CSV, "the heatmap's cells as drawn (rates per minute, one row per key)"));
        }
        return out;
    }

    private static boolean onlyReportFiles(Path dir) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                if (!FILES.contains(p.getFileName().toString())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Path writeAtomically(Path target, byte[] bytes) throws IOException {
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
