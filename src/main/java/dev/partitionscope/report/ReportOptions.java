package dev.partitionscope.report;

import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.core.time.TimeRange;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * What a report covers and how much it may read. The window is either a look-back from the endpoint's "now" (a Lab
 * fast-forwarded or replayed lives in simulated time, so "the last hour" must be its last hour) or a fixed
 * {@link TimeRange}; the key audit samples under a read budget and caps, because a report is often made from a
 * production table.
 *
 * @param lookback  how far back from now, or null when {@code range} is given
 * @param range     a preset or fixed window, or null when {@code lookback} is given
 * @param now       the endpoint's time to count back from; null asks the endpoint (the Lab's clock, else this
 *                  machine's)
 * @param audit     sample the table for the key audit (a Scan: it consumes read capacity)
 * @param sampling  the audit's budget, segments and caps
 * @param topKeys   top keys per table or index
 * @param headroom  the shard calculator's headroom factor (N = peak ÷ ceiling × headroom)
 */
public record ReportOptions(
        Duration lookback,
        TimeRange range,
        Instant now,
        boolean audit,
        AuditSampler.Options sampling,
        int topKeys,
        double headroom) {
    /** The default window: the last hour. */
    public static final Duration DEFAULT_LOOKBACK = Duration.ofHours(1);
    /** The audit stops sampling a table or index after this many items unless told otherwise. */
    public static final long DEFAULT_ITEM_CAP = 200_000;
    /** ... or after this long: a report should not take an afternoon of read budget. */
    public static final Duration DEFAULT_TIME_CAP = Duration.ofMinutes(2);

    public ReportOptions {
        if ((lookback == null) == (range == null)) {
            throw new IllegalArgumentException("Give the window as a look-back or as a range, not both or neither");
        }
        if (lookback != null && (lookback.isNegative() || lookback.isZero())) {
            throw new IllegalArgumentException("The look-back must be positive, not " + lookback);
        }
        Objects.requireNonNull(sampling, "sampling");
        if (topKeys < 1) {
            throw new IllegalArgumentException("topKeys must be at least 1, not " + topKeys);
        }
        if (!(headroom >= 1) || Double.isInfinite(headroom)) {
            throw new IllegalArgumentException("The headroom factor must be at least 1, not " + headroom);
        }
    }

    /** The last hour, with the audit on the table's default budget (5 % of provisioned reads, or 100 RCU/s). */
    public static ReportOptions defaults() {
        return new ReportOptions(
                DEFAULT_LOOKBACK,
                null,
                null,
                true,
                AuditSampler.Options.defaults().withItemCap(DEFAULT_ITEM_CAP).withTimeCap(DEFAULT_TIME_CAP),
                10,
                dev.partitionscope.core.design.ShardCalculator.DEFAULT_HEADROOM);
    }

    public ReportOptions withLookback(Duration d) {
        return new ReportOptions(d, null, now, audit, sampling, topKeys, headroom);
    }

    public ReportOptions withRange(TimeRange r) {
        return new ReportOptions(null, r, now, audit, sampling, topKeys, headroom);
    }

    public ReportOptions withNow(Instant n) {
        return new ReportOptions(lookback, range, n, audit, sampling, topKeys, headroom);
    }

    public ReportOptions withAudit(boolean on) {
        return new ReportOptions(lookback, range, now, on, sampling, topKeys, headroom);
    }

    public ReportOptions withSampling(AuditSampler.Options s) {
        return new ReportOptions(lookback, range, now, audit, s, topKeys, headroom);
    }

    public ReportOptions withTopKeys(int n) {
        return new ReportOptions(lookback, range, now, audit, sampling, n, headroom);
    }

    /**
     * The window at the endpoint's {@code endpointNow}. Windows that count back from now end at the last whole minute,
     * so a report holds complete minutes (no half-filled first and last column) and its times read round.
     */
    public TimeRange.Window window(Instant endpointNow) {
        Instant end = endpointNow.truncatedTo(ChronoUnit.MINUTES);
        if (lookback != null) {
            return new TimeRange.Window(end.minus(lookback), end);
        }
        return range.preset() == TimeRange.Preset.CUSTOM ? range.resolve(endpointNow) : range.resolve(end);
    }
}
