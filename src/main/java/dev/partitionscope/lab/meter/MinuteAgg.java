package dev.partitionscope.lab.meter;

import java.util.HashMap;
import java.util.Map;

/**
 * The mutable per-minute aggregate of one resource while its minute is being written; copied into an immutable
 * {@link MinuteStats} for readers. Plain fields and arrays, indexed by reason number and operation id, so the hot
 * path only adds numbers.
 */
final class MinuteAgg {
    static final String[] REASONS = new String[16];

    static {
        String[] causes = {
            "KeyRangeThroughputExceeded",
            "ProvisionedThroughputExceeded",
            "AccountLimitExceeded",
            "MaxOnDemandThroughputExceeded"
        };
        for (int i = 0; i < 16; i++) {
            REASONS[i] = ((i & 8) != 0 ? "Index" : "Table") + ((i & 4) != 0 ? "Write" : "Read") + causes[i & 3];
        }
    }

    final long minute;
    final Stat read = new Stat();
    final Stat write = new Stat();
    long readThrottleEvents;
    long writeThrottleEvents;
    final long[] reasons = new long[16];
    OpAgg[] ops;

    MinuteAgg(long minute) {
        this.minute = minute;
    }

    /** Sum/count/min/max of one metric. */
    static final class Stat {
        double sum;
        long count;
        double min;
        double max;

        void add(double v) {
            if (count == 0 || v < min) {
                min = v;
            }
            if (count == 0 || v > max) {
                max = v;
            }
            sum += v;
            count++;
        }

        MeterState.Stat export() {
            return new MeterState.Stat(sum, count, min, max);
        }

        void restore(MeterState.Stat s) {
            sum = s.sum();
            count = s.count();
            min = s.min();
            max = s.max();
        }

        ValueStats toStats(double scale) {
            return count == 0 ? ValueStats.EMPTY : new ValueStats(sum * scale, count, min * scale, max * scale);
        }
    }

    static final class OpAgg {
        long requests;
        long throttled;
        final Stat latencyNanos = new Stat();
        final Stat returned = new Stat();
    }

    OpAgg op(int id) {
        if (ops == null) {
            ops = new OpAgg[Operations.MAX];
        }
        OpAgg a = ops[id];
        if (a == null) {
            a = new OpAgg();
            ops[id] = a;
        }
        return a;
    }

    MeterState.Minute export() {
        Map<String, MeterState.Op> byOp = new HashMap<>();
        if (ops != null) {
            for (int i = 0; i < ops.length; i++) {
                if (ops[i] != null) {
                    byOp.put(
                            Operations.name(i),
                            new MeterState.Op(
                                    ops[i].requests,
                                    ops[i].throttled,
                                    ops[i].latencyNanos.export(),
                                    ops[i].returned.export()));
                }
            }
        }
        return new MeterState.Minute(
                minute, read.export(), write.export(), readThrottleEvents, writeThrottleEvents, reasons.clone(), byOp);
    }

    static MinuteAgg restore(MeterState.Minute m) {
        MinuteAgg a = new MinuteAgg(m.minute());
        a.read.restore(m.read());
        a.write.restore(m.write());
        a.readThrottleEvents = m.readThrottleEvents();
        a.writeThrottleEvents = m.writeThrottleEvents();
        System.arraycopy(m.reasons(), 0, a.reasons, 0, Math.min(16, m.reasons().length));
        m.operations().forEach((name, op) -> {
            OpAgg o = a.op(Operations.id(name));
            o.requests = op.requests();
            o.throttled = op.throttled();
            o.latencyNanos.restore(op.latencyNanos());
            o.returned.restore(op.returned());
        });
        return a;
    }

    MinuteStats toStats() {
        Map<String, Long> byReason = new HashMap<>();
        for (int i = 0; i < 16; i++) {
            if (reasons[i] != 0) {
                byReason.put(REASONS[i], reasons[i]);
            }
        }
        Map<String, OperationStats> byOp = new HashMap<>();
        if (ops != null) {
            for (int i = 0; i < ops.length; i++) {
                OpAgg a = ops[i];
                if (a != null) {
                    byOp.put(
                            Operations.name(i),
                            new OperationStats(
                                    a.requests, a.throttled, a.latencyNanos.toStats(1e-6), a.returned.toStats(1)));
                }
            }
        }
        return new MinuteStats(
                minute * 60_000L,
                read.toStats(1),
                write.toStats(1),
                readThrottleEvents,
                writeThrottleEvents,
                byReason,
                byOp);
    }
}
