package dev.partitionscope.core.metrics;

import dev.partitionscope.core.metrics.TableMetric.Cause;
import dev.partitionscope.core.metrics.TableMetric.Direction;
import java.util.Map;

/**
 * The one-line answer the metrics screen leads with: why (or whether) this table throttled in the window, derived
 * from the cause-specific throttle metrics and the capacity the table used at the time. The seeds' confusing symptom
 * — throttles while the table is mostly idle — is {@link Kind#HOT_PARTITION}.
 *
 * @param resource    the table or GSI that throttled most (null when nothing throttled)
 * @param direction   reads or writes, whichever throttled more (null when nothing throttled)
 * @param events      throttle events by cause over the window, all resources
 * @param utilization the resource's consumed ÷ limit in percent, averaged over the periods that throttled (or the
 *                    peak period when nothing did); NaN when the limit is unknown
 * @param inferred    true when the endpoint gave no cause-specific metrics and the cause was inferred from utilization
 */
public record Verdict(
        Kind kind,
        String headline,
        String detail,
        Resource resource,
        Direction direction,
        Map<Cause, Long> events,
        double utilization,
        boolean inferred) {

    public enum Kind {
        HOT_PARTITION(Severity.PROBLEM),
        TABLE_AT_PROVISIONED_LIMIT(Severity.PROBLEM),
        ON_DEMAND_MAXIMUM(Severity.PROBLEM),
        ACCOUNT_LIMIT(Severity.PROBLEM),
        NO_THROTTLING(Severity.GOOD),
        NO_DATA(Severity.NEUTRAL),
        UNAVAILABLE(Severity.NEUTRAL);

        private final Severity severity;

        Kind(Severity severity) {
            this.severity = severity;
        }

        public Severity severity() {
            return severity;
        }
    }

    public enum Severity {
        GOOD,
        NEUTRAL,
        PROBLEM
    }

    public Verdict {
        events = Map.copyOf(events);
    }

    /** Whether the verdict points at keys, so the heatmap and the sharding designer are the next step. */
    public boolean pointsAtKeys() {
        return kind == Kind.HOT_PARTITION;
    }
}
