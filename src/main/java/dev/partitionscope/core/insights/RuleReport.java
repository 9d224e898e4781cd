package dev.partitionscope.core.insights;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What GetInsightRuleReport answered for one rule over one sub-window, or why it failed. A failure is kept rather
 * than thrown so one bad hour shows as a gap instead of losing the whole day.
 *
 * @param end                    inclusive, as CloudWatch treats it: the next sub-window may start at the same instant
 * @param approximateUniqueCount how many keys contributed in the window, of which at most 25 are listed
 * @param failure                null when the report loaded
 */
public record RuleReport(
        InsightRule rule,
        Instant start,
        Instant end,
        int periodSeconds,
        List<Contributor> contributors,
        long approximateUniqueCount,
        String failure) {

    public RuleReport {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        contributors = contributors == null ? List.of() : List.copyOf(contributors);
    }

    public static RuleReport ofFailure(
            InsightRule rule, Instant start, Instant end, int periodSeconds, String failure) {
        return new RuleReport(rule, start, end, periodSeconds, List.of(), 0, Objects.requireNonNull(failure));
    }

    public boolean failed() {
        return failure != null;
    }

    /** More keys contributed than were listed: the rest hide in "other keys" for this window. */
    public boolean truncated() {
        return !failed() && approximateUniqueCount > contributors.size();
    }
}
