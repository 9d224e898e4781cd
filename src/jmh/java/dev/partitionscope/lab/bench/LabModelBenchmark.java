package dev.partitionscope.lab.bench;

import dev.partitionscope.lab.partition.Decision;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Model-only throughput: modelled requests per second on one core, in simulated time, with no HTTP and no storage.
 * The target is at least 5 million per second including metering ({@link #acquireAndMeter}). The stream is
 * described in {@link Workload}; simulated time advances 50 µs per request, so the model sees 20,000 requests per
 * simulated second, its seconds roll, its hot partition splits and its meter turns minutes.
 *
 * <pre>
 * mvn -B -Pbench package
 * java -jar target/benchmarks.jar LabModelBenchmark            # ops/s per benchmark
 * java -jar target/benchmarks.jar LabModelBenchmark -prof gc   # plus allocation per op
 * java -cp target/benchmarks.jar dev.partitionscope.lab.bench.MeterMemory   # bytes per metered key
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
// Pre-touching the heap keeps first-touch page faults (slow in a VM) out of the numbers.
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Threads(1)
public class LabModelBenchmark {
    /** Whether requests carry a sort key (then the partition + sort key sketches are fed too). */
    @Param({"true", "false"})
    public boolean sortKeys;

    private Workload workload;

    @Setup(Level.Trial)
    public void setUp() {
        workload = new Workload(42, 1 << 16, sortKeys);
    }

    /** One request decided by the partition model and recorded by the meter: the Lab's per-request work. */
    @Benchmark
    public Decision acquireAndMeter() {
        return workload.acquireAndRecord();
    }

    /** The partition model alone. */
    @Benchmark
    public Decision acquireOnly() {
        return workload.acquireOnly();
    }
}
