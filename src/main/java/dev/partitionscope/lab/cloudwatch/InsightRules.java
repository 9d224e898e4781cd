package dev.partitionscope.lab.cloudwatch;

import java.util.ArrayList;
import java.util.List;

/** The Contributor Insights rules AWS creates for one table or GSI, by mode; one place for their names. */
public final class InsightRules {
    public static final String ACCESSED_AND_THROTTLED = "ACCESSED_AND_THROTTLED_KEYS";

    private InsightRules() {}

    /**
     * PKC and PKT (plus SKC and SKT when the resource has a sort key); THROTTLED_KEYS mode only the throttled-key
     * rules. Names: {@code DynamoDBContributorInsights-<KIND>-<table>[-<index>]-<epoch-millis>}.
     */
    public static List<InsightRule> of(
            String table, String index, boolean hasSortKey, String mode, long createdMillis) {
        String resource = index == null ? table : table + "-" + index;
        boolean accessed = ACCESSED_AND_THROTTLED.equals(mode);
        List<InsightRule> rules = new ArrayList<>();
        for (InsightRule.Kind kind : InsightRule.Kind.values()) {
            if ((kind.sortKey() && !hasSortKey) || (!kind.throttled() && !accessed)) {
                continue;
            }
            rules.add(new InsightRule(
                    "DynamoDBContributorInsights-" + kind.name() + "-" + resource + "-" + createdMillis,
                    table,
                    index,
                    kind,
                    createdMillis));
        }
        return rules;
    }
}
