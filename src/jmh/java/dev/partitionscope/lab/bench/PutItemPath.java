package dev.partitionscope.lab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.api.DynamoDbApi;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The Lab's work for one PutItem without HTTP, as {@code src/jmh/wrk/put.lua} sends it: the body's bytes parsed, read
 * through the front door (types, constraints, semantic checks) and applied by the engine of a Lab as {@code
 * partitionscope lab} runs it (throttling on, metering, the table of {@code src/jmh/wrk/create-table.json}). wrk
 * measures the whole server; this measures what the Lab adds to an HTTP server, one core.
 *
 * <pre>
 * mvn -o -Pbench -DskipTests package
 * java -jar target/benchmarks.jar PutItemPath              # µs per PutItem
 * java -jar target/benchmarks.jar PutItemPath -prof gc     # plus bytes allocated per PutItem
 * java -jar target/benchmarks.jar PutItemPath.frontDoor    # DynamoDbApi.read alone
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Threads(1)
public class PutItemPath {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Lab lab;
    private byte[][] bodies;
    private JsonNode[] trees;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        lab = Lab.inProcess(Lab.Options.defaults());
        WrkTable.create(lab);
        bodies = WrkTable.putBodies(1 << 16);
        trees = WrkTable.trees(bodies);
    }

    /** Parse, front door, engine: what a PutItem costs the Lab beyond HTTP. */
    @Benchmark
    public ObjectNode parseAndPut() throws Exception {
        byte[] body = bodies[next++ & (bodies.length - 1)];
        JsonNode request = JSON.readTree(body);
        return lab.engine().handle("PutItem", request);
    }

    /**
     * The front door alone, on an already parsed body: types, constraints, refused members, the semantic checks and
     * expressions ({@code DynamoDbApi.read} leaves the tree as it was, so the trees are parsed once).
     */
    @Benchmark
    public DynamoDbApi.ApiRequest frontDoor() {
        return DynamoDbApi.read("PutItem", trees[next++ & (trees.length - 1)]);
    }
}
