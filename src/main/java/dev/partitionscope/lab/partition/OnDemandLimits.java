package dev.partitionscope.lab.partition;

import java.util.Arrays;

/**
 * The table-level limits of an on-demand table or GSI, which throttle with their own reasons:
 * <ul>
 *   <li>the configured maximum (MaxRead/WriteRequestUnits) → {@code MaxOnDemandThroughputExceeded} (raises ThrottlingException);</li>
 *   <li>the account's per-table quota → {@code AccountLimitExceeded} (raises RequestLimitExceeded);</li>
 *   <li>the peak allowance: a new table takes 4,000 write or 12,000 read units/s "or a linear combination", and
 *       later up to twice its previous peak. The Lab counts in write-equivalent units (a read unit weighs
 *       initialWrite / initialRead) and treats a per-second peak as "previous" once it is the peak window (30
 *       minutes) old, at minute resolution. More than the allowance throttles with {@code KeyRangeThroughputExceeded}
 *       (an assumption: the table has too few partitions yet).</li>
 * </ul>
 */
final class OnDemandLimits {
    private final ModelParams p;
    final double readToWrite;
    private Bucket maxRead;
    private Bucket maxWrite;
    private final Bucket quotaRead;
    private final Bucket quotaWrite;
    private Bucket allowance;
    private double establishedPeak;
    private final long[] peakMinute;
    private final double[] peakMax;

    OnDemandLimits(ModelParams params, double maxReadUnits, double maxWriteUnits, double previousPeak, long now) {
        this.p = params;
        this.readToWrite = params.onDemandInitialWrite() / params.onDemandInitialRead();
        int ring = params.onDemandPeakWindowSeconds() / 60 + 3;
        peakMinute = new long[ring];
        peakMax = new double[ring];
        Arrays.fill(peakMinute, -1);
        quotaRead = Bucket.resize(null, params.tableReadQuota(), params.bucketSeconds(), params.bucketSeconds(), now);
        quotaWrite = Bucket.resize(null, params.tableWriteQuota(), params.bucketSeconds(), params.bucketSeconds(), now);
        establishedPeak = previousPeak;
        updateAllowance(now);
        setMaximums(maxReadUnits, maxWriteUnits, now);
    }

    /** Configured maximums; negative means none. */
    void setMaximums(double maxReadUnits, double maxWriteUnits, long now) {
        double w = p.bucketSeconds();
        maxRead = maxReadUnits >= 0 ? Bucket.resize(maxRead, maxReadUnits, w, w, now) : null;
        maxWrite = maxWriteUnits >= 0 ? Bucket.resize(maxWrite, maxWriteUnits, w, w, now) : null;
    }

    void addPending(boolean write, double units, long now) {
        Bucket max = write ? maxWrite : maxRead;
        if (max != null) {
            max.refill(now);
            max.pending += units;
        }
        Bucket quota = write ? quotaWrite : quotaRead;
        quota.refill(now);
        quota.pending += units;
        allowance.refill(now);
        allowance.pending += write ? units : units * readToWrite;
    }

    int check(boolean write) {
        int mask = 0;
        Bucket max = write ? maxWrite : maxRead;
        if (max != null && !max.admits()) {
            mask |= ResourceModel.MAX_ON_DEMAND;
        }
        if (!(write ? quotaWrite : quotaRead).admits()) {
            mask |= ResourceModel.ACCOUNT_LIMIT;
        }
        if (!allowance.admits()) {
            mask |= ResourceModel.KEY_RANGE;
        }
        return mask;
    }

    void commit(boolean write, double units) {
        Bucket max = write ? maxWrite : maxRead;
        if (max != null) {
            max.tokens -= units;
        }
        (write ? quotaWrite : quotaRead).tokens -= units;
        allowance.tokens -= write ? units : units * readToWrite;
    }

    void clearPending() {
        if (maxRead != null) {
            maxRead.pending = 0;
        }
        if (maxWrite != null) {
            maxWrite.pending = 0;
        }
        quotaRead.pending = 0;
        quotaWrite.pending = 0;
        allowance.pending = 0;
    }

    /** Records a closed second's consumption for the peak rule and establishes peaks that are old enough. */
    void closeSecond(long sec, double readUnits, double writeUnits, long nowSecond, long now) {
        double load = writeUnits + readUnits * readToWrite;
        if (p.onDemandPeakWindowSeconds() == 0) {
            establish(load, now);
            return;
        }
        long minute = Math.floorDiv(sec, 60);
        int slot = (int) Math.floorMod(minute, (long) peakMinute.length);
        if (peakMinute[slot] != minute) {
            if (peakMinute[slot] >= 0) {
                establish(peakMax[slot], now);
            }
            peakMinute[slot] = minute;
            peakMax[slot] = 0;
        }
        peakMax[slot] = Math.max(peakMax[slot], load);
        for (int i = 0; i < peakMinute.length; i++) {
            if (peakMinute[i] >= 0 && (peakMinute[i] + 1) * 60 + p.onDemandPeakWindowSeconds() <= nowSecond) {
                establish(peakMax[i], now);
                peakMinute[i] = -1;
            }
        }
    }

    private void establish(double peak, long now) {
        if (peak > establishedPeak) {
            establishedPeak = peak;
            updateAllowance(now);
        }
    }

    private void updateAllowance(long now) {
        double a = Math.max(p.onDemandInitialWrite(), p.onDemandPeakMultiplier() * establishedPeak);
        allowance = Bucket.resize(allowance, a, p.bucketSeconds(), p.bucketSeconds(), now);
    }

    double readAvailable(long now) {
        return available(maxRead, quotaRead, readToWrite, now);
    }

    double writeAvailable(long now) {
        return available(maxWrite, quotaWrite, 1, now);
    }

    private double available(Bucket max, Bucket quota, double weight, long now) {
        allowance.refill(now);
        quota.refill(now);
        double a = Math.min(quota.tokens, allowance.tokens / weight);
        if (max != null) {
            max.refill(now);
            a = Math.min(a, max.tokens);
        }
        return a;
    }

    double allowanceRate() {
        return allowance.rate;
    }

    double establishedPeak() {
        return establishedPeak;
    }
}
