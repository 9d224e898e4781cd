package dev.partitionscope.cli;

import dev.partitionscope.core.design.Prediction;
import dev.partitionscope.core.design.SchemePreview;
import dev.partitionscope.core.design.ShardCalculator;
import dev.partitionscope.core.design.Workload;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.scheme.SchemeException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code partitionscope preview}: what a key scheme would do to a list of real ids before any code changes — keys
 * and counts, the verdict, and with {@code --rate} the predicted throttling and the recommended shard count.
 * Offline: reads a file or stdin, touches no table.
 */
@Command(
        name = "preview",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Preview a key scheme on real ids: which key each id lands on, how evenly,",
            "and with --rate how much the partition model would throttle before and after."
        },
        footer = {
            "",
            "Input: one id per line. Fields may follow, separated by a tab (or a comma):",
            "  ID                      most schemes (the whole line, or its first tab field)",
            "  ID,TIME                 schemes with hour, day or month (ISO-8601 or epoch ms)",
            "  BASE,ID[,TIME]          hot-value specs without --base (BASE is e.g. the status)",
            "Blank lines are skipped.",
            "",
            "Exit codes: 0 preview printed; 1 input missing, unreadable or empty; 2 bad options",
            "or a bad scheme.",
            "",
            "Examples:",
            "  partitionscope preview --keys order-ids.txt --scheme hash:8 --base PENDING",
            "  partitionscope preview --keys ids.txt --scheme product:200 --separator . \\",
            "      --base 2014-07-09 --rate 4000 --item-size 1000 --json",
            "  cut -f1,2 orders.tsv | partitionscope preview --keys - \\",
            "      --scheme PENDING,SHIPPED:hash:8"
        })
public final class PreviewCommand implements Callable<Integer> {
    @Option(names = "--keys", required = true, paramLabel = "FILE|-", description = "Ids, one per line; - for stdin.")
    String keys;

    @Option(
            names = "--scheme",
            required = true,
            paramLabel = "SPEC",
            description = "random:N, sum:N, product:N, hash:N, hour, day, month, joined with + (day+hash:8),"
                    + " optionally after hot values (PENDING,SHIPPED:hash:8).")
    String scheme;

    @Option(
            names = "--rate",
            paramLabel = "WRITES_PER_S",
            description = "Peak writes per second: adds the prediction and the recommended shard count.")
    Double rate;

    @Option(
            names = "--item-size",
            paramLabel = "BYTES",
            defaultValue = "1000",
            description = "Item size for WCU per write (1 per started KB). Default: ${DEFAULT-VALUE}.")
    long itemSize;

    @Option(
            names = "--separator",
            paramLabel = "S",
            defaultValue = KeyScheme.DEFAULT_SEPARATOR,
            description = "Between the key and each suffix. Default: ${DEFAULT-VALUE}.")
    String separator;

    @Option(
            names = "--base",
            paramLabel = "KEY",
            description =
                    "The key every id is written under (default KEY;" + " for hot-value specs the lines give it).")
    String base;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of random:N draws. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where {@code --keys -} reads from (tests replace it). */
    static InputStream stdin = System.in;

    /** Rows listed in the text table before it summarises the rest. */
    static final int TABLE_ROWS = 32;

    private record Input(List<String> bases, List<String> ids, long[] millis) {}

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        KeyScheme s;
        try {
            s = KeyScheme.parse(scheme);
        } catch (SchemeException e) {
            return error(err, CliSupport.USAGE, "bad --scheme: " + e.getMessage(), "See --help for the grammar.");
        }
        if (rate != null && (!(rate >= 0) || rate.isInfinite())) {
            return error(
                    err,
                    CliSupport.USAGE,
                    "--rate must be a number of writes per second ≥ 0, not " + rate + ".",
                    "e.g. --rate 4000");
        }
        if (itemSize < 0) {
            return error(err, CliSupport.USAGE, "--item-size must not be negative.", "e.g. --item-size 1000");
        }
        if (separator.isEmpty()) {
            return error(err, CliSupport.USAGE, "--separator is empty.", "Leave it out for #, or give e.g. .");
        }
        boolean basePerLine = base == null && !s.hotValues().isEmpty();
        Input input;
        try {
            input = read(s, basePerLine);
        } catch (NoSuchFileException e) {
            return error(
                    err,
                    CliSupport.FAILED,
                    "no such file: " + keys,
                    "Give a file of ids, one per line, or - to" + " read them from stdin.");
        } catch (IOException e) {
            return error(
                    err,
                    CliSupport.FAILED,
                    "cannot read " + keys + ": " + e.getMessage(),
                    "Check the path and its permissions.");
        } catch (IllegalArgumentException e) {
            return error(
                    err,
                    CliSupport.FAILED,
                    e.getMessage(),
                    "Lines are ID, ID,TIME or BASE,ID[,TIME]; see" + " --help.");
        }
        if (input.ids().isEmpty()) {
            return error(
                    err,
                    CliSupport.FAILED,
                    ("-".equals(keys) ? "stdin" : keys) + " has no ids.",
                    "Give one id per line.");
        }
        SchemePreview preview = SchemePreview.of(s, separator, input.bases(), input.ids(), input.millis(), seed);
        Workload workload = rate == null ? null : Workload.writes(rate, itemSize);
        Prediction prediction = workload == null ? null : Prediction.of(preview, workload);
        ShardCalculator.Recommendation rec = workload == null ? null : ShardCalculator.recommend(workload);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            try {
                out.println(CliSupport.json().writeValueAsString(json(preview, workload, prediction, rec)));
            } catch (IOException e) {
                return error(err, CliSupport.FAILED, "cannot write JSON: " + e.getMessage(), "Report this as a bug.");
            }
        } else {
            out.print(text(preview, workload, prediction, rec));
        }
        out.flush();
        return CliSupport.OK;
    }

    private Input read(KeyScheme s, boolean basePerLine) throws IOException {
        boolean timed = s.bucket() != null;
        List<String> bases = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        long[] millis = timed ? new long[1024] : null;
        try (BufferedReader r = "-".equals(keys)
                ? new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8))
                : Files.newBufferedReader(Path.of(keys), StandardCharsets.UTF_8)) {
            int lineNo = 0;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.indexOf('\t') >= 0 ? line.split("\t", -1) : line.split(",", -1);
                int want = (basePerLine ? 2 : 1) + (timed ? 1 : 0);
                String[] fields = f.length == 1 && want == 1 ? new String[] {line} : f;
                if (fields.length < want) {
                    throw new IllegalArgumentException("line " + lineNo + " has " + fields.length + " field"
                            + (fields.length == 1 ? "" : "s") + ", needs " + want + " ("
                            + (basePerLine ? "BASE,ID" : "ID") + (timed ? ",TIME" : "") + "): " + line);
                }
                int at = 0;
                if (basePerLine) {
                    bases.add(fields[at++].strip());
                }
                // Without other fields the whole line is the id (ids may hold commas), or its first tab field.
                String id = want == 1
                        ? (f.length > 1 && line.indexOf('\t') >= 0 ? f[0] : line).strip()
                        : fields[at++].strip();
                if (timed) {
                    if (ids.size() == millis.length) {
                        millis = java.util.Arrays.copyOf(millis, millis.length * 2);
                    }
                    millis[ids.size()] = time(fields[at].strip(), lineNo);
                }
                ids.add(id);
            }
        }
        if (!basePerLine) {
            bases = List.of(base == null ? "KEY" : base);
        }
        return new Input(bases, ids, timed ? java.util.Arrays.copyOf(millis, ids.size()) : null);
    }

    private static long time(String text, int lineNo) {
        if (text.matches("-?\\d+")) {
            return Long.parseLong(text);
        }
        try {
            return Instant.parse(text).toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(text).toInstant().toEpochMilli();
            } catch (DateTimeParseException e2) {
                throw new IllegalArgumentException("line " + lineNo + ": '" + text + "' is not a time; use ISO-8601"
                        + " (2026-06-22T01:00:00Z) or epoch milliseconds");
            }
        }
    }

    private static int error(PrintWriter err, int code, String message, String hint) {
        err.println("error: " + message);
        err.println("  what to do: " + hint);
        err.flush();
        return code;
    }

    private Map<String, Object> json(SchemePreview p, Workload w, Prediction pr, ShardCalculator.Recommendation rec) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("scheme", p.scheme().toString());
        doc.put("separator", p.separator());
        if (base != null || p.scheme().hotValues().isEmpty()) {
            doc.put("base", base == null ? "KEY" : base);
        }
        doc.put("keys", p.ids());
        List<Map<String, Object>> shards = new ArrayList<>();
        for (SchemePreview.Shard s : p.shards()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("key", s.key());
            m.put("suffix", s.suffix());
            m.put("count", s.count());
            m.put("share", s.share());
            shards.add(m);
        }
        doc.put("shards", shards);
        doc.put("distinctShards", p.distinctShards());
        doc.put("possibleShards", p.possibleShards());
        doc.put("maxShare", p.maxShare());
        doc.put("maxToMean", p.maxToMean());
        doc.put("verdict", p.verdict());
        if (pr != null) {
            doc.put("rate", w.writesPerSecond());
            doc.put("itemSize", w.itemBytes());
            doc.put("wcuPerWrite", w.wcuPerWrite());
            doc.put("recommendedShards", rec.shards());
            doc.put("recommendation", rec.text());
            doc.put("predictedThrottledShare", pr.writesAfter().throttledShare());
            doc.put("throttledShareBefore", pr.writesBefore().throttledShare());
            doc.put("busiestKeyWcu", pr.writesAfter().busiestKeyUnits());
            doc.put("peakOfCeiling", pr.writesAfter().peakOfCeiling());
            doc.put(
                    "headroom",
                    Double.isInfinite(pr.writesAfter().headroom())
                            ? null
                            : pr.writesAfter().headroom());
        }
        return doc;
    }

    private String text(SchemePreview p, Workload w, Prediction pr, ShardCalculator.Recommendation rec) {
        StringBuilder sb = new StringBuilder();
        sb.append("Scheme ")
                .append(p.scheme())
                .append(" on ")
                .append(String.format(Locale.ROOT, "%,d", p.ids()))
                .append(p.ids() == 1 ? " id" : " ids")
                .append(base != null ? " under " + base : "")
                .append(" (separator ")
                .append(p.separator())
                .append(")\n\n");
        List<SchemePreview.Shard> rows = p.shards();
        String note = null;
        if (rows.size() > TABLE_ROWS) {
            List<SchemePreview.Shard> used =
                    rows.stream().filter(s -> s.count() > 0).toList();
            if (used.size() <= TABLE_ROWS) {
                note = (rows.size() - used.size()) + " more keys with no ids.";
                rows = used;
            } else {
                List<SchemePreview.Shard> top = new ArrayList<>(used);
                top.sort((a, b) -> Integer.compare(b.count(), a.count()));
                List<SchemePreview.Shard> shown = top.subList(0, TABLE_ROWS);
                long shownIds =
                        shown.stream().mapToLong(SchemePreview.Shard::count).sum();
                note = (rows.size() - TABLE_ROWS) + " more keys ("
                        + String.format(Locale.ROOT, "%,d", p.ids() - shownIds) + " ids); the " + TABLE_ROWS
                        + " busiest are shown. --json lists all.";
                rows = rows.stream().filter(shown::contains).toList();
            }
        }
        int keyWidth =
                Math.max(3, rows.stream().mapToInt(s -> s.key().length()).max().orElse(3));
        int maxCount = Math.max(1, p.busiest().count());
        sb.append(String.format(Locale.ROOT, "  %-" + keyWidth + "s  %10s  %7s%n", "key", "ids", "share"));
        for (SchemePreview.Shard s : rows) {
            int bar = (int) Math.round(30.0 * s.count() / maxCount);
            sb.append(String.format(
                    Locale.ROOT,
                    "  %-" + keyWidth + "s  %,10d  %6.1f%%  %s%n",
                    s.key(),
                    s.count(),
                    s.share() * 100,
                    "█".repeat(bar)));
        }
        if (note != null) {
            sb.append("  … ").append(note).append('\n');
        }
        sb.append('\n').append(p.verdict()).append('\n');
        sb.append(String.format(
                Locale.ROOT,
                "Keys used: %,d of %,d · busiest %.1f %% · max-to-mean %.2f%n",
                p.distinctShards(),
                p.possibleShards(),
                p.maxShare() * 100,
                p.maxToMean()));
        if (pr != null) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%nAt %,.0f writes/s of %,d B (%.0f WCU each, %,.0f WCU/s):%n",
                    w.writesPerSecond(),
                    w.itemBytes(),
                    w.wcuPerWrite(),
                    w.writeUnits()));
            sb.append(String.format(
                    Locale.ROOT,
                    "  before (one key): %.0f %% of the 1,000 WCU/s ceiling," + " %.1f %% of writes throttled%n",
                    pr.writesBefore().peakOfCeiling() * 100,
                    pr.writesBefore().throttledShare() * 100));
            sb.append(String.format(
                    Locale.ROOT,
                    "  after  (%s): busiest key %.0f %% of the ceiling, %.1f %% of" + " writes throttled%s%n",
                    p.scheme(),
                    pr.writesAfter().peakOfCeiling() * 100,
                    pr.writesAfter().throttledShare() * 100,
                    Double.isInfinite(pr.writesAfter().headroom())
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    ", headroom %.2f×",
                                    pr.writesAfter().headroom())));
            sb.append(String.format(Locale.ROOT, "%nRecommended shards: %d%n", rec.shards()));
            for (String line : rec.reasoning()) {
                sb.append("  ").append(line).append('\n');
            }
        }
        return sb.toString();
    }
}
