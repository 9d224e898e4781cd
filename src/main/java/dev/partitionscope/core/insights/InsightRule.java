package dev.partitionscope.core.insights;

import java.util.Objects;

/**
 * One Contributor Insights rule of a table or GSI. The name is DynamoDB's, taken from its rule list and passed to
 * GetInsightRuleReport as is; it is never rebuilt from the table name.
 *
 * @param index the GSI, or null for the base table
 */
public record InsightRule(String table, String index, RuleKind kind, String name) {
    public InsightRule {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }
}
