package dev.partitionscope.aws.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.Lab;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The audit's sampling target from the issue, end to end: {@link AuditSampler} with {@value #SEGMENTS} segments and
 * no budget over a Lab table of {@value #ITEMS} items (on-demand, throttling off), through the app's own SDK client
 * ({@code ConnectionFactory} on {@code ConnectionSpec.lab()}) over HTTP to the Lab on 127.0.0.1 in this JVM. Target:
 * at least {@value #TARGET_ITEMS_PER_SECOND} items sampled per second, and memory bounded regardless of table size.
 *
 * <p>A {@code main}, not a JMH benchmark: one measurement is a whole 20-second scan of a million items, and the
 * memory figure comes from full GCs in a separate run, which JMH's model does not express. The figures:
 * <ul>
 *   <li><b>Throughput</b>: items delivered to the sink over the wall time of {@code sample()} (DescribeTable
 *       included), median of {@code --reps} full scans after {@code --warmup} more (the JIT needs a few million
 *       items: the first scan of a cold JVM runs at a fraction of the steady rate); also the process CPU per item,
 *       since the Lab serving the pages runs on the same two cores as the client parsing them.</li>
 *   <li><b>Memory</b>: one more full scan whose sink, every 100,000 items, waits for the pages in flight to arrive
 *       (the other readers then wait on the run's lock, each holding its parsed page), forces a full GC and notes
 *       the heap. The baseline is the heap after a full GC before the scan, which holds the Lab's copy of the
 *       table; what the sampler adds is the figure minus the baseline. Bounded means it stays within one page per
 *       segment ({@value #PAGE_BOUND_MB} MB each: DynamoDB's 1 MB of data as SDK objects) at every mark, whatever
 *       the items read so far, and the heap after the scan is back at the baseline within {@value #RETAINED_MB} MB
 *       (nothing retained). A sampler that kept something per item (a set of keys seen, say) would grow with the
 *       marks and fail both.</li>
 * </ul>
 *
 * <p>Items are about 150 B ({@code pk} {@code ORDER#<16 hex>} or one of a few hot keys, a number {@code sk}, a
 * {@code status}, an {@code amount}, a padding string), written straight into the Lab's engine (no HTTP, no meter):
 * setup takes some seconds and about 1.5 GB of heap for the table, hence {@code -Xmx6g}.
 *
 * <pre>
 * mvn -o -Pbench -DskipTests package
 * java -Xmx6g -cp target/benchmarks.jar dev.partitionscope.aws.bench.AuditScanBenchmark
 * java -Xmx6g -cp target/benchmarks.jar dev.partitionscope.aws.bench.AuditScanBenchmark --reps 5 --items 2000000
 * </pre>
 *
 * <p>Mind the machine: another build or test run on the same two cores slows both halves of this benchmark (the
 * system load average is printed before and after). Exit status 0 when every target passes, 1 when one fails, 2 for
 * bad arguments.
 */
public final class AuditScanBenchmark {
    static final int ITEMS = 1_000_000;
    static final int SEGMENTS = 8;
    static final int TARGET_ITEMS_PER_SECOND = 50_000;
    /** What one page in flight may take: 1 MB of DynamoDB data is ~7,500 items of ~135 B as SDK objects (~8 MB). */
    static final long PAGE_BOUND_MB = 16;

    static final long RETAINED_MB = 32;
    private static final int GC_EVERY = 100_000;
    private static final String TABLE = "audit-bench";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** {@link #keyHash} summed over every item written. */
    private static long expectedKeyHash;

    private AuditScanBenchmark() {}

    public static void main(String[] args) throws Exception {
        int warmup = 3;
        int reps = 5;
        int items = ITEMS;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--items" -> items = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("usage: AuditScanBenchmark [--warmup N] [--reps N] [--items N]");
                    System.exit(2);
                }
            }
        }
        boolean pass;
        try (Lab lab = Lab.start(Lab.Options.defaults().withThrottling(false))) {
            pass = run(lab, items, Math.max(0, warmup), Math.max(1, reps));
        }
        System.exit(pass ? 0 : 1);
    }

    private static boolean run(Lab lab, int items, int warmup, int reps) throws Exception {
        long t0 = System.nanoTime();
        long bytes = fill(lab, items);
        double setup = (System.nanoTime() - t0) / 1e9;
        Path home = Files.createTempDirectory("partitionscope-audit-bench");
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        try (Connection connection = new ConnectionFactory(none)
                .open(ConnectionSpec.lab().withEndpoint(lab.endpoint().orElseThrow()))) {
            System.out.printf(
                    "%nAuditScanBenchmark: Lab at %s, throttling off, on-demand table of %,d items"
                            + " (%,d B, %.0f B an item), %d segments, no budget; %d cores, max heap %,d MB;"
                            + " setup %.1f s; system load average %.2f%n",
                    lab.endpoint().orElseThrow(),
                    items,
                    bytes,
                    bytes / (double) items,
                    SEGMENTS,
                    Runtime.getRuntime().availableProcessors(),
                    Runtime.getRuntime().maxMemory() >> 20,
                    setup,
                    loadAverage());
            boolean speed = throughput(connection.dynamo(), items, bytes, warmup, reps);
            boolean memory = memory(connection.dynamo(), items);
            System.out.printf(
                    "%nOVERALL: %s (system load average now %.2f)%n", speed && memory ? "PASS" : "FAIL", loadAverage());
            return speed && memory;
        } finally {
            try (var files = Files.walk(home)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A hash of one key; summed over a scan (order does not matter) it tells whether every key came once. */
    static long keyHash(String partitionKey, String sortKey) {
        return 31L * partitionKey.hashCode() + (sortKey == null ? 0 : sortKey.hashCode());
    }

    /** Counts and sums what it is given and keeps nothing, as the key audit's aggregations keep only summaries. */
    private static final class Sink implements AuditSampler.ItemSink {
        long items;
        long bytes;
        long keyHash;

        @Override
        public void sampled(String partitionKey, String sortKey, long sizeBytes) {
            items++;
            bytes += sizeBytes;
            keyHash += keyHash(partitionKey, sortKey);
        }
    }

    private static boolean throughput(DynamoDbClient client, int items, long bytes, int warmup, int reps) {
        AuditSampler sampler = new AuditSampler(client);
        AuditSampler.Options options =
                AuditSampler.Options.defaults().withSegments(SEGMENTS).withBudget(AuditSampler.Budget.unlimited());
        System.out.printf(
                "%n== Throughput: %,d items, %d segments, no budget (%d warm-up scans, then %d measured;"
                        + " all full) ==%n",
                items, SEGMENTS, warmup, reps);
        System.out.println("  run      items   pages      RCU   wall ms     items/s    MB/s  CPU µs/item  load");
        double[] rates = new double[reps];
        boolean shapeOk = true;
        for (int r = -warmup; r < reps; r++) {
            Sink sink = new Sink();
            long cpu0 = cpu();
            long w0 = System.nanoTime();
            AuditSampler.Result res =
                    sampler.sample(TABLE, null, options, sink, AuditSampler.Listener.NONE, () -> false);
            long wall = System.nanoTime() - w0;
            long cpu = cpu() - cpu0;
            double rate = sink.items / (wall / 1e9);
            String problem = null;
            if (!res.complete() || sink.items != items || sink.bytes != bytes || sink.keyHash != expectedKeyHash) {
                problem = res.summary() + "; sink saw " + sink.items + " items, " + sink.bytes + " B";
            } else if (res.throttles() > 0) {
                problem = res.throttles() + " throttles";
            }
            shapeOk &= problem == null;
            System.out.printf(
                    "  %-4s %,10d %7d %8.1f %9d %,11.0f %7.1f %12.1f %5.2f%s%n",
                    r < 0 ? "w" + (r + warmup + 1) : Integer.toString(r + 1),
                    sink.items,
                    res.pages(),
                    res.consumedRcu(),
                    wall / 1_000_000,
                    rate,
                    sink.bytes / (wall / 1e9) / 1e6,
                    cpu / 1e3 / Math.max(1, sink.items),
                    loadAverage(),
                    problem == null ? "" : "  !! " + problem);
            if (r >= 0) {
                rates[r] = rate;
            }
        }
        double median = median(rates);
        boolean ok = median >= TARGET_ITEMS_PER_SECOND;
        System.out.printf(
                "  %s  ≥ %,d items/s: median %,.0f items/s (min %,.0f, max %,.0f)%n",
                ok ? "PASS" : "FAIL",
                TARGET_ITEMS_PER_SECOND,
                median,
                Arrays.stream(rates).min().orElse(0),
                Arrays.stream(rates).max().orElse(0));
        System.out.printf(
                "  %s  every full scan complete: every item once (count, byte sum, key hash sum), no" + " throttles%n",
                shapeOk ? "PASS" : "FAIL");
        return ok && shapeOk;
    }

    /** A full scan that takes the heap after a full GC every {@value #GC_EVERY} items (slow: not timed). */
    private static boolean memory(DynamoDbClient client, int items) {
        long baseline = usedAfterGc();
        List<Long> marks = new ArrayList<>();
        Sink counting = new Sink();
        AuditSampler.ItemSink sink = (pk, sk, size) -> {
            counting.sampled(pk, sk, size);
            if (counting.items % GC_EVERY == 0) {
                // let the pages in flight arrive: every other reader then waits on the lock with its page parsed,
                // so each mark sees the same state (a page a segment), not 0 to 8 pages half-way through the Lab
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                marks.add(usedAfterGc());
            }
        };
        AuditSampler.Result res = new AuditSampler(client)
                .sample(
                        TABLE,
                        null,
                        AuditSampler.Options.defaults()
                                .withSegments(SEGMENTS)
                                .withBudget(AuditSampler.Budget.unlimited()),
                        sink,
                        AuditSampler.Listener.NONE,
                        () -> false);
        long after = usedAfterGc();
        System.out.printf("%n== Memory: heap after a full GC, every %,d items of a full scan ==%n", GC_EVERY);
        System.out.printf("  baseline before the scan (the Lab's table, the client): %,d MB%n", baseline >> 20);
        StringBuilder line = new StringBuilder("  above the baseline, MB:");
        for (int i = 0; i < marks.size(); i++) {
            line.append(String.format(" %,dk=%.1f", (i + 1) * GC_EVERY / 1000, (marks.get(i) - baseline) / 1048576.0));
        }
        System.out.println(line);
        long max = marks.stream().mapToLong(Long::longValue).max().orElse(baseline);
        long min = marks.stream().mapToLong(Long::longValue).min().orElse(baseline);
        int half = marks.size() / 2;
        double early = marks.subList(0, half).stream()
                        .mapToLong(Long::longValue)
                        .average()
                        .orElse(0)
                - baseline;
        double late = marks.subList(half, marks.size()).stream()
                        .mapToLong(Long::longValue)
                        .average()
                        .orElse(0)
                - baseline;
        System.out.printf(
                "  after the scan: %+.1f MB against the baseline; %s%n", (after - baseline) / 1048576.0, res.summary());
        System.out.printf(
                "  spread %.1f MB; mean of the first %d marks %.1f MB, of the last %d %.1f MB (the last"
                        + " ones fall as segments finish)%n",
                (max - min) / 1048576.0, half, early / 1048576.0, marks.size() - half, late / 1048576.0);
        boolean flat = marks.size() == items / GC_EVERY && max - baseline <= ((PAGE_BOUND_MB * SEGMENTS) << 20);
        boolean released = Math.abs(after - baseline) <= (RETAINED_MB << 20);
        System.out.printf(
                "  %s  bounded: at most %.1f MB above the baseline at every mark, within one page per"
                        + " segment (%d × %d MB), whatever the items read%n",
                flat ? "PASS" : "FAIL", (max - baseline) / 1048576.0, SEGMENTS, PAGE_BOUND_MB);
        System.out.printf(
                "  %s  nothing retained: heap after the scan within %d MB of the baseline%n",
                released ? "PASS" : "FAIL", RETAINED_MB);
        return flat && released && res.complete();
    }

    private static void createTable(Lab lab) {
        ObjectNode create = F.objectNode().put("TableName", TABLE).put("BillingMode", "PAY_PER_REQUEST");
        var attrs = create.putArray("AttributeDefinitions");
        attrs.addObject().put("AttributeName", "pk").put("AttributeType", "S");
        attrs.addObject().put("AttributeName", "sk").put("AttributeType", "N");
        var keys = create.putArray("KeySchema");
        keys.addObject().put("AttributeName", "pk").put("KeyType", "HASH");
        keys.addObject().put("AttributeName", "sk").put("KeyType", "RANGE");
        lab.engine().handle("CreateTable", create);
    }

    /** Writes the items straight into the engine; returns their total DynamoDB size. */
    private static long fill(Lab lab, int items) {
        createTable(lab);
        Random random = new Random(42);
        String[] statuses = {"PENDING", "SHIPPED", "DONE", "CANCELLED"};
        long bytes = 0;
        for (int i = 0; i < items; i++) {
            Map<String, AttrValue> item = new LinkedHashMap<>();
            item.put(
                    "pk",
                    AttrValue.s(
                            i % 20 == 0
                                    ? "OPS_LOG#" + (i % 3)
                                    : "ORDER#" + Long.toHexString(random.nextLong() | Long.MIN_VALUE)));
            item.put("sk", AttrValue.n(i));
            item.put("status", AttrValue.s(statuses[random.nextInt(statuses.length)]));
            item.put("amount", AttrValue.N.parse(random.nextInt(100_000) + "." + random.nextInt(100)));
            item.put("pad", AttrValue.s("x".repeat(60 + random.nextInt(40))));
            lab.engine().putUnmetered(TABLE, item);
            bytes += ItemSize.of(item);
            expectedKeyHash += keyHash(((AttrValue.S) item.get("pk")).value(), ((AttrValue.N) item.get("sk")).text());
        }
        return bytes;
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
