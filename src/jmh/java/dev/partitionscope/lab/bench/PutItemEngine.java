package dev.partitionscope.lab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.Lab;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine's part of {@link PutItemPath}: the same PutItems (65,536 over 1M keys) already parsed into trees, so only
 * the front door and the engine are measured. {@code prefill} items (keys {@code key-1} .. {@code key-<prefill>})
 * are stored before measuring: with 1,048,576 every put replaces one of a million items, as under a long wrk run,
 * which shows what finding an item in a large store costs.
 *
 * <pre>
 * java -jar target/benchmarks.jar PutItemEngine -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@Threads(1)
public class PutItemEngine {

    @Param({"0", "1048576"})
    public int prefill;

    private Lab lab;
    private JsonNode[] requests;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        lab = Lab.inProcess(Lab.Options.defaults());
        WrkTable.create(lab);
        for (int i = 1; i <= prefill; i++) {
            Map<String, AttrValue> item = new LinkedHashMap<>();
            item.put("pk", new AttrValue.S("key-" + i));
            item.put("v", new AttrValue.S("payload-payload-payload-payload"));
            item.put("n", AttrValue.N.of(i));
            lab.engine().putUnmetered("bench", item);
        }
        byte[][] bodies = WrkTable.putBodies(1 << 16);
        requests = WrkTable.trees(bodies);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        lab.close();
    }

    /** Front door and engine of one PutItem. */
    @Benchmark
    public ObjectNode put() {
        return lab.engine().handle("PutItem", requests[next++ & (requests.length - 1)]);
    }

    /** Runs puts for a profiler: {@code java -XX:StartFlightRecording=... -cp ... PutItemEngine seconds}. */
    public static void main(String[] args) throws Exception {
        PutItemEngine b = new PutItemEngine();
        b.prefill = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        b.setUp();
        long end = System.nanoTime() + Long.parseLong(args.length > 0 ? args[0] : "20") * 1_000_000_000L;
        long n = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                b.put();
            }
            n += 10_000;
        }
        System.out.println(n + " puts");
        b.tearDown();
    }
}
