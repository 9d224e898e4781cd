package dev.partitionscope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.cli.RootCommand;
import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatPalette;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code partitionscope report} in-process, through the real SDK, against a Lab that played seed 001's order-status
 * before-scenario for ten fast-forwarded minutes (PENDING takes ~1,250 WCU/s and throttles on KeyRange). The report
 * covers the Lab's last hour — its simulated one — and must name PENDING everywhere a reader looks: the summary, the
 * top-keys CSV, the heatmap's hottest row; bad inputs get a one-line reason and the documented exit code.
 */
class ReportCommandTest {
    private static final String TABLE = "order-status-index";
    private static ScenarioLab lab;

    @TempDir
    static Path tmp;

    private static Path out;
    private static int code;
    private static String stdout;
    private static String stderr;

    @BeforeAll
    static void reportOnTheOrderStatusBeforeScenario() throws IOException {
        lab = ScenarioLab.played("order-status", "before", Duration.ofMinutes(10));
        out = tmp.resolve("order-status report");
        Run r = run(
                "report", "--endpoint", lab.endpoint(), "--table", TABLE, "--out", out.toString(), "--budget-rcu", "0");
        code = r.code;
        stdout = r.out;
        stderr = r.err;
    }

    @AfterAll
    static void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int c = RootCommand.execute(new PrintWriter(o, true), new PrintWriter(e, true), args);
        return new Run(c, o.toString(), e.toString());
    }

    @Test
    void writesEveryFileAndSaysWhere() throws IOException {
        assertThat(code).as(stdout + stderr).isZero();
        for (String name : ReportWriter.FILES) {
            Path f = out.resolve(name);
            assertThat(f).as(name).isRegularFile();
            assertThat(Files.size(f)).as(name).isPositive();
        }
        try (var files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactlyInAnyOrderElementsOf(ReportWriter.FILES);
        }
        assertThat(stdout)
                .contains("written to " + out, "summary.md", "Verdict: Hot partition", "Recommendation: PENDING");
        assertThat(stderr).isEmpty();
    }

    @Test
    void pngsDecodeAtTheirSize() throws IOException {
        BufferedImage heat = ImageIO.read(out.resolve(ReportWriter.HEATMAP).toFile());
        BufferedImage metrics = ImageIO.read(out.resolve(ReportWriter.METRICS).toFile());
        assertThat(heat.getWidth()).isEqualTo(1600);
        assertThat(heat.getHeight()).isEqualTo(900);
        assertThat(metrics.getWidth()).isEqualTo(1600);
        assertThat(metrics.getHeight()).isEqualTo(900);
    }

    @Test
    void topKeysCsvLeadsWithPending() throws IOException {
        List<String> lines = Files.readAllLines(out.resolve(ReportWriter.TOP_KEYS));
        assertThat(lines.get(0)).startsWith("table,index,partition_key,");
        assertThat(lines.get(1)).startsWith(TABLE + ",,PENDING,");
        assertThat(lines).hasSizeGreaterThanOrEqualTo(5); // PENDING, SHIPPED, DELIVERED, CANCELLED
    }

    @Test
    void summaryNamesTheHotKeyTheVerdictTheSchemeAndN() throws IOException {
        String md = Files.readString(out.resolve(ReportWriter.SUMMARY));
        assertThat(md).startsWith("# Hot-partition report: `" + TABLE + "`");
        assertThat(md).as("the Lab's simulated last hour, in UTC").contains("**2026-06-22 09:10 → 10:10 UTC**");
        assertThat(md)
                .contains(
                        "## Verdict",
                        "**Hot partition:",
                        "KeyRange write throttles",
                        "The hot key is `PENDING` (" + TABLE + ")");
        assertThat(md)
                .contains("**Scheme:** `PENDING", ":hash:")
                .containsPattern(
                        "\\*\\*N = \\d+\\*\\* — `N = ⌈[\\d,]+ WCU/s ÷ 1,000 WCU/s × 2\\.5 headroom⌉ = ⌈[\\d.]+⌉ = \\d+`");
        assertThat(md)
                .contains(
                        "| `PENDING` | " + TABLE + " |",
                        "hot partition (KeyRange)",
                        "### Risk matrix",
                        "| **High** |",
                        "![heatmap](heatmap.png)",
                        "![metrics](metrics.png)",
                        "[top-keys.csv](top-keys.csv)");
    }

    @Test
    void heatmapPaintsPendingHotterThanAColdRow() throws IOException {
        List<String> rows = heatmapRowKeys();
        int pending = rows.indexOf("PENDING");
        int cancelled = rows.indexOf("CANCELLED");
        assertThat(pending).as(rows.toString()).isNotNegative();
        assertThat(cancelled).as(rows.toString()).isNotNegative();
        BufferedImage heat = ImageIO.read(out.resolve(ReportWriter.HEATMAP).toFile());
        double rowHeight = (HeatmapPng.plotBottom() - HeatmapPng.plotTop()) / rows.size();
        int x = (int) HeatmapPng.plotRight() - 60; // the last minutes of the hour, when the scenario ran
        int hot = level(heat.getRGB(x, (int) (HeatmapPng.plotTop() + (pending + 0.5) * rowHeight)));
        int cold = level(heat.getRGB(x, (int) (HeatmapPng.plotTop() + (cancelled + 0.5) * rowHeight)));
        assertThat(hot)
                .as("PENDING at or over its ceiling: cyan or the top of the ramp")
                .isGreaterThanOrEqualTo(80);
        assertThat(cold).as("CANCELLED, 2 % of the writes").isBetween(1, 20);
    }

    /** The heatmap's rows top to bottom, from heatmap.csv (written in the grid's order). */
    private static List<String> heatmapRowKeys() throws IOException {
        List<String> keys = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve(ReportWriter.HEATMAP_CSV), StandardCharsets.UTF_8)) {
            if (!line.startsWith("#") && !line.startsWith("resource,")) {
                keys.add(line.split(",", -1)[1]);
            }
        }
        return keys;
    }

    /** The LUT level whose colour is nearest the pixel (0 = no traffic, 101 = over the ceiling). */
    private static int level(int rgb) {
        int[] lut = ColorLut.build(HeatPalette.HEAT, 0).table();
        int best = -1;
        long bestDistance = Long.MAX_VALUE;
        for (int level = 1; level < lut.length; level++) {
            long d = distance(lut[level], rgb);
            if (d < bestDistance) {
                bestDistance = d;
                best = level;
            }
        }
        return distance(0xFF07090C, rgb) < bestDistance ? 0 : best;
    }

    private static long distance(int a, int b) {
        long dr = ((a >> 16) & 0xFFL) - ((b >> 16) & 0xFFL);
        long dg = ((a >> 8) & 0xFFL) - ((b >> 8) & 0xFFL);
        long db = (a & 0xFFL) - (b & 0xFFL);
        return dr * dr + dg * dg + db * db;
    }

    @Test
    void jsonListsTheFilesVerdictAndRecommendation() throws IOException {
        Path dir = tmp.resolve("json");
        Run r = run(
                "report",
                "--endpoint",
                lab.endpoint(),
                "--table",
                TABLE,
                "--out",
                dir.toString(),
                "--no-audit",
                "--minutes",
                "15",
                "--json");
        assertThat(r.code).as(r.err).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out);
        assertThat(doc.get("table").asText()).isEqualTo(TABLE);
        assertThat(doc.get("files"))
                .extracting(JsonNode::asText)
                .contains("summary.md", "heatmap.png", "metrics.png", "top-keys.csv")
                .doesNotContain("audit-matrix.csv");
        assertThat(doc.at("/verdict/kind").asText()).isEqualTo("HOT_PARTITION");
        assertThat(doc.at("/hotKey/partitionKey").asText()).isEqualTo("PENDING");
        assertThat(doc.at("/recommendation/scheme").asText()).startsWith("PENDING:hash:");
        assertThat(doc.at("/recommendation/shards").asInt()).isBetween(2, 8);
        assertThat(doc.get("start").asText()).isEqualTo("2026-06-22T09:55:00Z");
        assertThat(Files.readString(dir.resolve(ReportWriter.SUMMARY))).contains("Key audit skipped");
    }

    @Test
    void aMissingTableIsExitCode1WithTheTableNamed() {
        Run r = run(
                "report",
                "--endpoint",
                lab.endpoint(),
                "--table",
                "no-such-table",
                "--out",
                tmp.resolve("missing").toString(),
                "--no-audit");
        assertThat(r.code).isEqualTo(1);
        assertThat(r.err)
                .startsWith("error: Table 'no-such-table' not found at ")
                .doesNotContain("Exception");
        assertThat(tmp.resolve("missing")).doesNotExist();
    }

    @Test
    void anUnreachableEndpointIsExitCode1WithoutAStackTrace() {
        Run r = run(
                "report",
                "--endpoint",
                "http://127.0.0.1:9",
                "--table",
                TABLE,
                "--out",
                tmp.resolve("unreachable").toString());
        assertThat(r.code).isEqualTo(1);
        assertThat(r.err).startsWith("error: ").doesNotContain("\tat ", "Exception");
    }

    @Test
    void anOutThatIsAFileIsExitCode2BeforeConnecting() throws IOException {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "mine");
        Run r = run("report", "--endpoint", "http://127.0.0.1:9", "--table", TABLE, "--out", file.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).startsWith("error: " + file + " is a file, not a folder");
        assertThat(Files.readString(file)).isEqualTo("mine");
    }

    @Test
    void aFolderOfOtherFilesNeedsForce() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("busy"));
        Files.writeString(dir.resolve("design.md"), "mine");
        Run r = run("report", "--endpoint", "http://127.0.0.1:9", "--table", TABLE, "--out", dir.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).contains("already holds other files (design.md)", "--force");
    }

    @Test
    void badWindowOptionsAreExitCode2() {
        Run both = run(
                "report",
                "--endpoint",
                lab.endpoint(),
                "--table",
                TABLE,
                "--out",
                tmp.resolve("w").toString(),
                "--minutes",
                "5",
                "--range",
                "1h");
        assertThat(both.code).isEqualTo(2);
        assertThat(both.err).contains("each give the window; use one");
        Run zero = run(
                "report",
                "--endpoint",
                lab.endpoint(),
                "--table",
                TABLE,
                "--out",
                tmp.resolve("w").toString(),
                "--minutes",
                "0");
        assertThat(zero.code).isEqualTo(2);
        assertThat(zero.err).contains("--minutes is 1 or more");
    }
}
