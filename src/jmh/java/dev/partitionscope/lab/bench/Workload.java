package dev.partitionscope.lab.bench;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.CapacityConfig;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.partition.KeyHash;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.partition.ThroughputModel;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A pre-generated request stream for the benchmarks, so they time the model and the meter, not key generation:
 * 65,536 requests replayed in a loop, drawn from 100,000 partition keys with Zipf skew (the hottest key draws ~8 %
 * of requests, so it throttles at the simulated 20,000 requests/s) and, optionally, 1,024 sort key values; 70 %
 * PutItem of 1 WCU (one in five also writes a GSI), 30 % GetItem of 0.5 RCU, on a provisioned table of 40,000 RCU /
 * 40,000 WCU (54 partitions) with one GSI. Simulated time advances 50 µs per request.
 */
final class Workload {
    static final long STEP_NANOS = 50_000; // 20,000 requests per simulated second

    final int size;
    final SimulatedClock clock = new SimulatedClock(1_750_000_000_000L);
    final ThroughputModel model;
    final Meter meter = new Meter(clock);
    final Charge[] charges;
    final String[] pks;
    final String[] sks;
    final String[] ops;
    final List<RequestRecord.IndexUnits>[] indexUnits;
    int next;

    /** {@code size} pre-generated requests (a power of two), replayed in a loop; sort keys or not. */
    @SuppressWarnings("unchecked") // generic array for indexUnits: only ever filled with List<IndexUnits>
    Workload(long seed, int size, boolean sortKeys) {
        if (Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size must be a power of two");
        }
        this.size = size;
        charges = new Charge[size];
        pks = new String[size];
        sks = new String[size];
        ops = new String[size];
        String arn = "arn:aws:dynamodb:us-east-1:000000000000:table/Orders";
        model = new ThroughputModel(
                new CapacityConfig(
                        "Orders",
                        arn,
                        false,
                        40_000,
                        40_000,
                        Map.of("byStatus", new CapacityConfig.IndexCapacity(arn + "/index/byStatus", 40_000, 40_000))),
                ModelParams.DEFAULTS,
                clock);
        int keys = 100_000;
        String[] keyText = new String[keys];
        long[] keyHash = new long[keys];
        double[] cdf = new double[keys];
        double acc = 0;
        for (int i = 0; i < keys; i++) {
            keyText[i] = "customer#" + i;
            keyHash[i] = KeyHash.of(new AttrValue.S(keyText[i]));
            acc += 1.0 / (i + 1);
            cdf[i] = acc;
        }
        String[] statuses = {"PENDING", "SHIPPED", "DELIVERED", "CANCELLED"};
        long[] statusHash = new long[statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            statusHash[i] = KeyHash.of(new AttrValue.S(statuses[i]));
        }
        boolean withSortKeys = sortKeys;
        String[] sortKeyText = new String[1024];
        for (int i = 0; i < sortKeyText.length; i++) {
            sortKeyText[i] = "order#" + i;
        }
        indexUnits = (List<RequestRecord.IndexUnits>[]) new List<?>[size];
        Random rnd = new Random(seed);
        for (int i = 0; i < size; i++) {
            int k = pick(cdf, rnd.nextDouble() * acc);
            pks[i] = keyText[k];
            sks[i] = withSortKeys ? sortKeyText[rnd.nextInt(sortKeyText.length)] : null;
            if (rnd.nextInt(10) < 7) {
                ops[i] = "PutItem";
                if (rnd.nextInt(5) == 0) {
                    int s = rnd.nextInt(statuses.length);
                    charges[i] =
                            Charge.write(keyHash[k], 1, List.of(new Charge.IndexWrite("byStatus", statusHash[s], 1)));
                    indexUnits[i] = List.of(new RequestRecord.IndexUnits("byStatus", statuses[s], pks[i], 1));
                } else {
                    charges[i] = Charge.write(keyHash[k], 1, List.of());
                    indexUnits[i] = List.of();
                }
            } else {
                ops[i] = "GetItem";
                charges[i] = Charge.read(null, keyHash[k], 0.5);
                indexUnits[i] = List.of();
            }
        }
    }

    private static int pick(double[] cdf, double u) {
        int lo = 0;
        int hi = cdf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cdf[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** One modelled request: time moves, the model decides, the meter records. */
    Decision acquireAndRecord() {
        int i = next;
        next = (i + 1) & (size - 1);
        clock.advanceNanos(STEP_NANOS);
        Charge c = charges[i];
        Decision d = model.acquire(c);
        boolean ok = d.allowed();
        meter.record(new RequestRecord(
                "Orders",
                null,
                ops[i],
                pks[i],
                sks[i],
                ok ? c.readUnits() : 0,
                ok ? c.writeUnits() : 0,
                ok ? indexUnits[i] : List.of(),
                d.reasons(),
                1_000_000,
                ok ? 1 : 0));
        return d;
    }

    Decision acquireOnly() {
        int i = next;
        next = (i + 1) & (size - 1);
        clock.advanceNanos(STEP_NANOS);
        return model.acquire(charges[i]);
    }
}
