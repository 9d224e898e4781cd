package dev.partitionscope.core.insights;

import java.util.Optional;

/**
 * The four Contributor Insights rules DynamoDB creates per table or GSI. PKC/SKC rank keys by consumed throughput
 * units (3 × write + read units), PKT/SKT by throttling errors; the SK rules exist only when there is a sort key.
 */
public enum RuleKind {
    PKC("most accessed partition keys"),
    PKT("most throttled partition keys"),
    SKC("most accessed partition + sort keys"),
    SKT("most throttled partition + sort keys");

    private static final String PREFIX = "DynamoDBContributorInsights-";

    private final String description;

    RuleKind(String description) {
        this.description = description;
    }

    public boolean throttled() {
        return this == PKT || this == SKT;
    }

    public boolean withSortKey() {
        return this == SKC || this == SKT;
    }

    public String describe() {
        return description;
    }

    /**
     * Classifies a rule name taken from DynamoDB's ContributorInsightsRuleList, e.g.
     * {@code DynamoDBContributorInsights-PKC-orders-1719018000000}. Only the token right after the prefix counts: a
     * table may itself be called {@code x-PKC-y}. Empty for names of any other shape.
     */
    public static Optional<RuleKind> ofRuleName(String name) {
        if (name == null
                || !name.startsWith(PREFIX)
                || name.length() < PREFIX.length() + 4
                || name.charAt(PREFIX.length() + 3) != '-') {
            return Optional.empty();
        }
        String token = name.substring(PREFIX.length(), PREFIX.length() + 3);
        for (RuleKind kind : values()) {
            if (kind.name().equals(token)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
