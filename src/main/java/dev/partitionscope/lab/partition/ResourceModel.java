package dev.partitionscope.lab.partition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/**
 * The model of one table or one GSI: its partitions (each with a hard ceiling, and without adaptive capacity a
 * provisioned share with burst) and its table-level limits (provisioned rate with burst, or {@link OnDemandLimits}).
 * {@link ThroughputModel} drives it in three phases per request (add pending demand, check, commit), so a request
 * touching several resources is decided atomically. Not thread-safe on its own: used under the model's lock.
 */
final class ResourceModel {
    static final int KEY_RANGE = 1 << slot(ThrottleReason.Cause.KEY_RANGE);
    static final int PROVISIONED = 1 << slot(ThrottleReason.Cause.PROVISIONED);
    static final int ACCOUNT_LIMIT = 1 << slot(ThrottleReason.Cause.ACCOUNT_LIMIT);
    static final int MAX_ON_DEMAND = 1 << slot(ThrottleReason.Cause.MAX_ON_DEMAND);

    /** A cause's bit in the throttle masks and its place in {@code reasons}, checked per request. */
    @SuppressWarnings("EnumOrdinal") // the ordinal is the dense index of the masks and the reasons array
    private static int slot(ThrottleReason.Cause c) {
        return c.ordinal();
    }

    final String name;
    final String arn;
    final boolean index;
    private final ModelParams p;
    private final double ceilReadCap;
    private final double ceilWriteCap;
    private final double trackRead;
    private final double trackWrite;

    boolean onDemand;
    double readRate;
    double writeRate;
    private final PartitionMap parts;

    /** Partitions now (cheap: no snapshot). Caller holds the model's lock. */
    int partitionCount() {
        return parts.size();
    }

    private boolean shareActive;
    private double shareReadRate;
    private double shareWriteRate;
    private double shareReadCap;
    private double shareWriteCap;

    /** Provisioned table level (null when on-demand). */
    private Bucket tableRead;

    private Bucket tableWrite;
    /** On-demand table level (null when provisioned). */
    private OnDemandLimits onDemandLimits;

    private double previousPeak;

    private long second;
    private double readNow;
    private double writeNow;
    private long prevSecond = Long.MIN_VALUE;
    private double readPrev;
    private double writePrev;
    private int splits;

    int failRead;
    int failWrite;
    boolean reported;

    private final ThrottleReason[] reasons = new ThrottleReason[8];
    private final Decision[] decisions = new Decision[32];

    ResourceModel(
            String name,
            String arn,
            boolean index,
            ModelParams params,
            boolean onDemand,
            double readUnits,
            double writeUnits,
            long now,
            long nowSecond) {
        this.name = name;
        this.arn = arn;
        this.index = index;
        this.p = params;
        this.ceilReadCap = params.partitionReadCeiling() * params.bucketSeconds();
        this.ceilWriteCap = params.partitionWriteCeiling() * params.bucketSeconds();
        this.trackRead = params.partitionReadCeiling() * params.splitUtilization() / 4;
        this.trackWrite = params.partitionWriteCeiling() * params.splitUtilization() / 4;
        this.second = nowSecond;
        for (ThrottleReason.Cause c : ThrottleReason.Cause.values()) {
            reasons[slot(c)] = new ThrottleReason(index, false, c, arn);
            reasons[4 + slot(c)] = new ThrottleReason(index, true, c, arn);
        }
        parts = new PartitionMap(
                params.initialPartitions(onDemand, readUnits, writeUnits), now, nowSecond, ceilReadCap, ceilWriteCap);
        configure(onDemand, readUnits, writeUnits, now, true);
    }

    /** Applies CreateTable/UpdateTable figures; partitions are kept, and added when the figures need more. */
    void configure(boolean newOnDemand, double readUnits, double writeUnits, long now, boolean initial) {
        boolean switchedToOnDemand = !initial && !onDemand && newOnDemand;
        double oldRead = readRate;
        double oldWrite = writeRate;
        onDemand = newOnDemand;
        readRate = readUnits;
        writeRate = writeUnits;
        if (onDemand) {
            tableRead = null;
            tableWrite = null;
            if (onDemandLimits == null) {
                // AWS: a table switched to on-demand has half its provisioned throughput as previous peak.
                double peak = switchedToOnDemand
                        ? (Math.max(0, oldWrite)
                                        + Math.max(0, oldRead) * p.onDemandInitialWrite() / p.onDemandInitialRead())
                                / 2
                        : 0;
                onDemandLimits = new OnDemandLimits(p, readUnits, writeUnits, Math.max(previousPeak, peak), now);
            } else {
                onDemandLimits.setMaximums(readUnits, writeUnits, now);
            }
        } else {
            if (onDemandLimits != null) {
                previousPeak = onDemandLimits.establishedPeak(); // kept for a later switch back
                onDemandLimits = null;
            }
            double burstWindow = Math.max(p.burstSeconds(), p.bucketSeconds());
            tableRead = Bucket.resize(tableRead, Math.max(0, readUnits), burstWindow, p.bucketSeconds(), now);
            tableWrite = Bucket.resize(tableWrite, Math.max(0, writeUnits), burstWindow, p.bucketSeconds(), now);
        }
        int target = p.initialPartitions(onDemand, readUnits, writeUnits);
        while (parts.size() < target && parts.size() < p.maxPartitions()) {
            Partition widest = parts.widestSplittable();
            if (widest == null) {
                break;
            }
            refill(widest, now);
            parts.replace(widest, new long[] {HeatSplit.midpoint(widest)});
        }
        boolean wasShare = shareActive;
        shareActive = !onDemand && !p.adaptiveCapacity();
        updateShares(now, !wasShare);
    }

    /** Provisioned shares without adaptive capacity: table rate / partitions each, with burst. */
    private void updateShares(long now, boolean fill) {
        if (!shareActive) {
            return;
        }
        int n = parts.size();
        double burstWindow = Math.max(p.burstSeconds(), p.bucketSeconds());
        shareReadRate = Math.max(0, readRate) / n;
        shareWriteRate = Math.max(0, writeRate) / n;
        shareReadCap = shareReadRate * burstWindow;
        shareWriteCap = shareWriteRate * burstWindow;
        for (int i = 0; i < n; i++) {
            Partition pt = parts.get(i);
            refill(pt, now);
            if (fill) {
                pt.readShareTokens = shareReadRate * p.bucketSeconds();
                pt.writeShareTokens = shareWriteRate * p.bucketSeconds();
            }
            pt.readShareTokens = Math.min(pt.readShareTokens, shareReadCap);
            pt.writeShareTokens = Math.min(pt.writeShareTokens, shareWriteCap);
        }
    }

    // ---- the three phases of a request ----

    /** Finds (and brings up to date) the partition of a hash; may split it for heat first. */
    Partition enter(long hash, long now, long nowSecond) {
        if (second != nowSecond) {
            closeSecond(nowSecond, now);
        }
        Partition pt = parts.of(hash);
        if (pt.second != nowSecond && rollPartition(pt, nowSecond)) {
            splitForHeat(pt, now);
            pt = parts.of(hash);
        }
        refill(pt, now);
        return pt;
    }

    void addPending(Partition pt, boolean write, double units, long now) {
        if (write) {
            pt.writePending += units;
        } else {
            pt.readPending += units;
        }
        if (onDemandLimits != null) {
            onDemandLimits.addPending(write, units, now);
        } else {
            Bucket table = write ? tableWrite : tableRead;
            table.refill(now);
            table.pending += units;
        }
    }

    /** Bit mask of {@link ThrottleReason.Cause} ordinals that refuse the pending demand on this side. */
    int check(Partition pt, boolean write) {
        int mask = 0;
        double pend = write ? pt.writePending : pt.readPending;
        double ceilTokens = write ? pt.writeCeilTokens : pt.readCeilTokens;
        if (ceilTokens < Math.min(pend, write ? ceilWriteCap : ceilReadCap)) {
            mask |= KEY_RANGE;
        }
        if (onDemandLimits != null) {
            return mask | onDemandLimits.check(write);
        }
        boolean tableOk = (write ? tableWrite : tableRead).admits();
        if (!tableOk) {
            mask |= PROVISIONED;
        }
        if (shareActive) {
            double share = write ? pt.writeShareTokens : pt.readShareTokens;
            double shareCap = write ? shareWriteCap : shareReadCap;
            // Over its own share while the table still has capacity: a hot partition (KeyRange).
            if (shareCap <= 0 || share < Math.min(pend, shareCap)) {
                mask |= tableOk ? KEY_RANGE : PROVISIONED;
            }
        }
        return mask;
    }

    void commit(Partition pt, boolean write, double units, long keyHash) {
        if (write) {
            pt.writeCeilTokens -= units;
            pt.writeShareTokens -= units;
            pt.writeNow += units;
            writeNow += units;
        } else {
            pt.readCeilTokens -= units;
            pt.readShareTokens -= units;
            pt.readNow += units;
            readNow += units;
        }
        if (onDemandLimits != null) {
            onDemandLimits.commit(write, units);
        } else {
            (write ? tableWrite : tableRead).tokens -= units;
        }
        // Keys are tracked only once a partition is warm this second: split for heat only asks about hot
        // partitions, and the cold majority skips the tracker.
        if (pt.writeNow >= trackWrite || pt.readNow >= trackRead) {
            pt.track(keyHash, write ? units / p.partitionWriteCeiling() : units / p.partitionReadCeiling());
        }
    }

    void clearPending(Partition pt) {
        pt.readPending = 0;
        pt.writePending = 0;
        if (onDemandLimits != null) {
            onDemandLimits.clearPending();
        } else {
            tableRead.pending = 0;
            tableWrite.pending = 0;
        }
        failRead = 0;
        failWrite = 0;
        reported = false;
    }

    /** The cached single-resource decision for a failure mask (allocated once per mask). */
    Decision decision(boolean write, int mask) {
        int slot = (write ? 16 : 0) + mask;
        Decision d = decisions[slot];
        if (d == null) {
            d = Decision.throttled(reasonList(write, mask, new ArrayList<>()));
            decisions[slot] = d;
        }
        return d;
    }

    List<ThrottleReason> reasonList(boolean write, int mask, List<ThrottleReason> into) {
        for (int c = 0; c < 4; c++) {
            if ((mask & (1 << c)) != 0) {
                into.add(reasons[(write ? 4 : 0) + c]);
            }
        }
        return into;
    }

    // ---- time ----

    private void refill(Partition pt, long now) {
        long dt = now - pt.lastNanos;
        if (dt <= 0) {
            return;
        }
        double s = dt * 1e-9;
        // Math.min, not branches: see Bucket.refill.
        pt.readCeilTokens = Math.min(pt.readCeilTokens + p.partitionReadCeiling() * s, ceilReadCap);
        pt.writeCeilTokens = Math.min(pt.writeCeilTokens + p.partitionWriteCeiling() * s, ceilWriteCap);
        if (shareActive) {
            pt.readShareTokens = Math.min(pt.readShareTokens + shareReadRate * s, shareReadCap);
            pt.writeShareTokens = Math.min(pt.writeShareTokens + shareWriteRate * s, shareWriteCap);
        }
        pt.lastNanos = now;
    }

    private void closeSecond(long nowSecond, long now) {
        if (onDemandLimits != null) {
            onDemandLimits.closeSecond(second, readNow, writeNow, nowSecond, now);
        }
        readPrev = readNow;
        writePrev = writeNow;
        prevSecond = second;
        readNow = 0;
        writeNow = 0;
        second = nowSecond;
    }

    /** Closes the partition's second; true when it has now been hot long enough to split. */
    private boolean rollPartition(Partition pt, long nowSecond) {
        boolean hot = pt.readNow >= p.splitUtilization() * p.partitionReadCeiling()
                || pt.writeNow >= p.splitUtilization() * p.partitionWriteCeiling();
        pt.readPrev = pt.readNow;
        pt.writePrev = pt.writeNow;
        pt.prevSecond = pt.second;
        pt.hotSeconds = hot ? pt.hotSeconds + 1 : 0;
        boolean due = hot
                && p.splitForHeat()
                && pt.hotSeconds >= p.splitSeconds()
                && parts.size() < p.maxPartitions()
                && pt.splittable();
        if (nowSecond > pt.second + 1 && !due) {
            pt.hotSeconds = 0; // idle seconds in between broke the streak
        }
        if (pt.hotSeconds == 0) {
            pt.resetTracker(); // track keys over the current hot streak only
        }
        pt.readNow = 0;
        pt.writeNow = 0;
        pt.second = nowSecond;
        return due;
    }

    private void splitForHeat(Partition pt, long now) {
        pt.hotSeconds = 0;
        long[] cuts = HeatSplit.cuts(pt, p.isolateKeyShare());
        int room = p.maxPartitions() - parts.size();
        if (cuts.length > room) {
            cuts = Arrays.copyOf(cuts, Math.max(0, room));
        }
        if (cuts.length > 0) {
            refill(pt, now);
            parts.replace(pt, cuts);
            splits++;
            updateShares(now, false);
        }
    }

    // ---- snapshot ----

    ModelSnapshot.ResourceView view(long now, long nowSecond) {
        if (second != nowSecond) {
            closeSecond(nowSecond, now);
        }
        double tableReadAvail;
        double tableWriteAvail;
        if (onDemandLimits != null) {
            tableReadAvail = onDemandLimits.readAvailable(now);
            tableWriteAvail = onDemandLimits.writeAvailable(now);
        } else {
            tableRead.refill(now);
            tableWrite.refill(now);
            tableReadAvail = tableRead.tokens;
            tableWriteAvail = tableWrite.tokens;
        }
        int n = parts.size();
        List<ModelSnapshot.PartitionView> views = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Partition pt = parts.get(i);
            refill(pt, now);
            double ra = Math.min(pt.readCeilTokens, shareActive ? pt.readShareTokens : tableReadAvail);
            double wa = Math.min(pt.writeCeilTokens, shareActive ? pt.writeShareTokens : tableWriteAvail);
            int hot = pt.hottest();
            boolean current = pt.second == nowSecond || pt.second == nowSecond - 1;
            views.add(new ModelSnapshot.PartitionView(
                    i,
                    pt.lo,
                    pt.hi,
                    p.partitionReadCeiling(),
                    p.partitionWriteCeiling(),
                    lastSecond(pt.second, pt.readNow, pt.prevSecond, pt.readPrev, nowSecond),
                    lastSecond(pt.second, pt.writeNow, pt.prevSecond, pt.writePrev, nowSecond),
                    ra,
                    wa,
                    current ? pt.hotSeconds : 0,
                    pt.isolated,
                    hot >= 0 ? OptionalLong.of(pt.keys[hot]) : OptionalLong.empty()));
        }
        boolean od = onDemandLimits != null;
        return new ModelSnapshot.ResourceView(
                name,
                arn,
                index,
                onDemand,
                readRate,
                writeRate,
                tableReadAvail,
                tableWriteAvail,
                lastSecond(second, readNow, prevSecond, readPrev, nowSecond),
                lastSecond(second, writeNow, prevSecond, writePrev, nowSecond),
                od ? onDemandLimits.allowanceRate() : Double.NaN,
                od ? onDemandLimits.establishedPeak() : Double.NaN,
                splits,
                views);
    }

    /** Consumption in the last complete second, from a (current, previous) pair of per-second counters. */
    private static double lastSecond(long sec, double now, long prevSec, double prev, long nowSecond) {
        if (sec == nowSecond) {
            return prevSec == nowSecond - 1 ? prev : 0;
        }
        return sec == nowSecond - 1 ? now : 0;
    }
}
