package dev.partitionscope.core.bench;

import dev.partitionscope.core.scheme.Murmur3;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.commons.codec.digest.MurmurHash3;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Our {@link Murmur3} against commons-codec's {@link MurmurHash3} (issue 19, item 4.5), on the ids the app hashes:
 * {@code hash32} is the {@code hash:N} scheme's shard suffix (and what the generated Java, TypeScript and Python
 * compute), {@code hash64} the key audit's per-key hash. {@link #main} checks the two give the same bits on a million
 * random byte strings of every tail length and on multi-byte UTF-8 ids.
 *
 * <pre>
 * java -jar target/benchmarks.jar Murmur3Benchmark -f 1 -wi 3 -w 1s -i 5 -r 1s
 * java -cp target/benchmarks.jar dev.partitionscope.core.bench.Murmur3Benchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class Murmur3Benchmark {
    /** A short id ({@code customer#48213}, 14 bytes) and a UUID-keyed one (42 bytes). */
    @Param({"customer#48213", "ORDER#3f2a9c1e-1234-4d5e-8f90-abcdefabcdef"})
    public String id;

    private byte[] bytes;

    @Setup(Level.Trial)
    public void setUp() {
        bytes = id.getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public int oursHash32() {
        return Murmur3.hash32(bytes, 0);
    }

    @Benchmark
    public int codecHash32() {
        return MurmurHash3.hash32x86(bytes);
    }

    @Benchmark
    public long oursHash64() {
        return Murmur3.hash64(bytes, 0);
    }

    @Benchmark
    public long codecHash64() {
        return MurmurHash3.hash128x64(bytes)[0];
    }

    public static void main(String[] args) {
        SplittableRandom rnd = new SplittableRandom(19);
        int differ32 = 0;
        int differ64 = 0;
        int n = 1_000_000;
        for (int k = 0; k < n; k++) {
            byte[] b = new byte[k % 70];
            for (int j = 0; j < b.length; j++) {
                b[j] = (byte) rnd.nextInt(256);
            }
            differ32 += Murmur3.hash32(b, 0) != MurmurHash3.hash32x86(b) ? 1 : 0;
            differ64 += Murmur3.hash64(b, 0) != MurmurHash3.hash128x64(b)[0] ? 1 : 0;
        }
        for (String s : new String[] {"", "a", "ünïcødé 🎉", "注文#42", "ORDER#3f2a9c1e-1234-4d5e-8f90-abcdefabcdef"}) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            differ32 += Murmur3.hash32(b, 0) != MurmurHash3.hash32x86(b) ? 1 : 0;
            differ64 += Murmur3.hash64(b, 0) != MurmurHash3.hash128x64(b)[0] ? 1 : 0;
        }
        System.out.printf(
                "%,d random byte strings (0..69 bytes) and 5 UTF-8 ids: hash32 differs on %d, hash64 on %d%n",
                n + 5, differ32, differ64);
    }
}
