package dev.partitionscope.aws.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.StreamHeatReader;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.wire.LabException;
import java.time.Instant;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jol.info.GraphLayout;

/**
 * The stream reader's target: 24 h of a stream with 1,000,000 records, read from the Lab (over HTTP, through the SDK,
 * as the explorer reads AWS) and turned into the 1-second heat matrices in at most 10 s.
 *
 * <p>Set-up (not timed): a Lab on a simulated clock, table {@code events} (on-demand, NEW_AND_OLD_IMAGES stream),
 * 1,000,000 PutItems through the engine's in-process entry, 11–12 a second over 86,400 simulated seconds, across
 * 10,000 keys of which {@code hot} takes 10 %; items of 100–2,100 bytes (1–3 WCU). The open shards roll over about
 * every 4 hours, so the stream holds chains of closed parents and children.
 *
 * <p>Timed: {@link StreamHeatReader#read} of [T0, T0 + 24 h) at 1 s resolution, three times (the first warms the JIT
 * and the Lab). Printed: seconds, records, shards, GetRecords calls, the matrices' non-empty cells and bytes per cell
 * (JOL's walk of each matrix). On a Lab the reader is unpaced; on AWS it keeps to {@value
 * StreamHeatReader#AWS_CALLS_PER_SECOND_PER_SHARD} calls a second per shard, and the same read would take at least
 * calls / (2 × shards read at once) seconds.
 *
 * <p>Measured 2026-12-02 on the shared 2-core machine (load average 4–6, another build beside it): all 1,000,000
 * records, 10,001 keys, 48 shards (8 open), 1,103 GetRecords calls, in 17.2 s cold (JIT warming the Lab and the
 * reader), then 10.1 s and 8.7 s (CPU 19.0 s and 15.6 s, Lab and reader together). Before the reader took each page as
 * a digest off the wire ({@code StreamPage}) and the Lab wrote pages straight to bytes: 28.5 s cold, 18.3 s, 15.5 s.
 * Matrices: 960,391 non-empty cells, 10.0 B per cell each (JOL, keys included).
 *
 * <p>Run: {@code mvn -o -Pbench -DskipTests package && java -Xmx2g -cp target/benchmarks.jar
 * dev.partitionscope.aws.bench.StreamHeatBenchmark [records] [keys]}
 */
public final class StreamHeatBenchmark {
    static final Instant T0 = Instant.parse("2026-06-22T00:00:00Z");

    private StreamHeatBenchmark() {}

    public static void main(String[] args) throws Exception {
        System.setProperty("jol.magicFieldOffset", "true");
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int keys = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        SimulatedClock clock = new SimulatedClock(T0);
        try (Lab lab = Lab.start(Lab.Options.defaults().withClock(clock))) {
            long fillStart = System.nanoTime();
            long admitted = fill(lab, clock, records, keys);
            System.out.printf(
                    Locale.ROOT,
                    "filled: %,d of %,d puts admitted over 24 h of simulated time in %.1f s%n",
                    admitted,
                    records,
                    (System.nanoTime() - fillStart) / 1e9);
            ConnectionSpec spec = ConnectionSpec.custom("bench", lab.endpoint().orElseThrow(), "us-east-1", "bench");
            try (Connection c = new ConnectionFactory(AwsProfiles.fromEnvironment()).open(spec)) {
                StreamHeatReader reader = new StreamHeatReader(c);
                for (int run = 1; run <= 3; run++) {
                    AtomicLong calls = new AtomicLong();
                    long cpu = cpuNanos();
                    long t = System.nanoTime();
                    StreamHeatReader.Result r = reader.read(
                            new StreamHeatReader.Request("events", null, T0, T0.plusSeconds(86_400), 1),
                            () -> false,
                            new StreamHeatReader.Listener() {
                                @Override
                                public void progress(int shardsDone, int shardsTotal, long n, long made) {
                                    calls.set(made);
                                }
                            });
                    double seconds = (System.nanoTime() - t) / 1e9;
                    double cpuSeconds = (cpuNanos() - cpu) / 1e9;
                    KeyTimeMatrix units = r.writeUnits();
                    KeyTimeMatrix writes = r.writes();
                    System.out.printf(
                            Locale.ROOT,
                            "run %d: %.2f s (CPU %.1f s: Lab and reader) — %s, %,d records, %,d keys, %d shards (%d open),"
                                    + " %,d GetRecords calls%n",
                            run,
                            seconds,
                            cpuSeconds,
                            r.status().message(),
                            r.records(),
                            r.keys().size(),
                            r.shards(),
                            r.openShards(),
                            r.calls());
                    if (run == 3) {
                        long cells = units.nonEmptyCells();
                        long bytes = GraphLayout.parseInstance(units).totalSize();
                        long writeBytes = GraphLayout.parseInstance(writes).totalSize();
                        System.out.printf(
                                Locale.ROOT,
                                "write-units matrix: %,d rows × %,d columns, %,d non-empty cells, %,d bytes = %.1f B"
                                        + " per cell%n",
                                units.rowCount(),
                                units.columns(),
                                cells,
                                bytes,
                                (double) bytes / cells);
                        System.out.printf(
                                Locale.ROOT,
                                "writes matrix: %,d non-empty cells, %,d bytes = %.1f B per cell%n",
                                writes.nonEmptyCells(),
                                writeBytes,
                                (double) writeBytes / writes.nonEmptyCells());
                        System.out.printf(
                                Locale.ROOT,
                                "busiest key: %s%n",
                                r.keys().isEmpty() ? "-" : r.keys().get(0));
                    }
                }
            }
        }
    }

    /** CPU time of this process (the Lab serving and the reader reading), all threads. */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Puts {@code records} items over 24 h of simulated time; returns how many the Lab admitted. */
    static long fill(Lab lab, SimulatedClock clock, int records, int keys) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode create = json.objectNode();
        create.put("TableName", "events").put("BillingMode", "PAY_PER_REQUEST");
        create.putArray("AttributeDefinitions")
                .add(json.objectNode().put("AttributeName", "pk").put("AttributeType", "S"))
                .add(json.objectNode().put("AttributeName", "sk").put("AttributeType", "N"));
        create.putArray("KeySchema")
                .add(json.objectNode().put("AttributeName", "pk").put("KeyType", "HASH"))
                .add(json.objectNode().put("AttributeName", "sk").put("KeyType", "RANGE"));
        create.putObject("StreamSpecification").put("StreamEnabled", true).put("StreamViewType", "NEW_AND_OLD_IMAGES");
        lab.engine().handle("CreateTable", create);

        Random random = new Random(42);
        String[] pads = {"x".repeat(80), "x".repeat(1_100), "x".repeat(2_100)};
        long admitted = 0;
        int seconds = 86_400;
        int written = 0;
        for (int second = 0; second < seconds && written < records; second++) {
            clock.advanceTo(T0.toEpochMilli() + second * 1000L + 1);
            int due = (int) ((long) records * (second + 1) / seconds) - written;
            for (int i = 0; i < due; i++, written++) {
                String key = random.nextInt(10) == 0 ? "hot" : "k" + random.nextInt(keys);
                ObjectNode put = json.objectNode();
                put.put("TableName", "events");
                ObjectNode item = put.putObject("Item");
                item.putObject("pk").put("S", key);
                item.putObject("sk").put("N", Integer.toString(written));
                item.putObject("pad").put("S", pads[random.nextInt(pads.length)]);
                try {
                    lab.engine().handle("PutItem", put);
                    admitted++;
                } catch (LabException throttled) {
                    // the hot key over its partition's ceiling: not in the stream, as on AWS
                }
            }
        }
        clock.advanceTo(T0.toEpochMilli() + seconds * 1000L);
        return admitted;
    }
}
