package dev.partitionscope.core.iam;

import java.util.List;

/**
 * Which resources a group of actions is granted on. DynamoDB actions are scoped to the table (its indexes and streams
 * where the call names them); the List actions and CloudWatch's metric reads support no resource-level permission,
 * so they need {@code "*"}.
 */
public enum Scope {
    /** {@code "*"}: the action has no resource type (ListTables, ListContributorInsights, GetMetricData, ListMetrics). */
    ANY("AnyResource"),
    /** The table itself. */
    TABLE("Table"),
    /** The table and its indexes ({@code table/T} and {@code table/T/index/*}): Query, Scan, Contributor Insights. */
    TABLE_AND_INDEXES("TableAndIndexes"),
    /** Every table of the region ({@code table/*}): the fleet describes them all. */
    ALL_TABLES("AllTables"),
    /** The table's streams ({@code table/T/stream/*}). */
    STREAM("Stream"),
    /** The CloudWatch rules DynamoDB creates for Contributor Insights ({@code insight-rule/DynamoDBContributorInsights-*}). */
    INSIGHT_RULES("InsightRules"),
    /** The service-linked role DynamoDB creates the first time Contributor Insights is enabled in the account. */
    CONTRIBUTOR_INSIGHTS_ROLE("ServiceLinkedRole");

    /** The service that creates the Contributor Insights service-linked role ({@code iam:AWSServiceName}). */
    public static final String CONTRIBUTOR_INSIGHTS_SERVICE = "contributorinsights.dynamodb.amazonaws.com";

    /** The name of that role. */
    public static final String CONTRIBUTOR_INSIGHTS_ROLE_NAME =
            "AWSServiceRoleForDynamoDBCloudWatchContributorInsights";

    /** The prefix of every rule name DynamoDB gives its Contributor Insights rules. */
    public static final String INSIGHT_RULE_PREFIX = "DynamoDBContributorInsights-";

    private final String sidSuffix;

    Scope(String sidSuffix) {
        this.sidSuffix = sidSuffix;
    }

    /** Appended to a feature's Sid: one statement per feature and scope. */
    public String sidSuffix() {
        return sidSuffix;
    }

    /** The Resource entries for {@code target}. */
    public List<String> resources(Target target) {
        String dynamo =
                "arn:" + target.partition() + ":dynamodb:" + target.region() + ":" + target.account() + ":table/";
        return switch (this) {
            case ANY -> List.of("*");
            case TABLE -> List.of(dynamo + target.table());
            case TABLE_AND_INDEXES -> List.of(dynamo + target.table(), dynamo + target.table() + "/index/*");
            case ALL_TABLES -> List.of(dynamo + "*");
            case STREAM -> List.of(dynamo + target.table() + "/stream/*");
            case INSIGHT_RULES ->
                List.of("arn:" + target.partition() + ":cloudwatch:" + target.region() + ":" + target.account()
                        + ":insight-rule/" + INSIGHT_RULE_PREFIX + "*");
            case CONTRIBUTOR_INSIGHTS_ROLE ->
                List.of("arn:" + target.partition() + ":iam::" + target.account() + ":role/aws-service-role/"
                        + CONTRIBUTOR_INSIGHTS_SERVICE + "/" + CONTRIBUTOR_INSIGHTS_ROLE_NAME);
        };
    }

    /** How the docs' table says where the actions apply. */
    public String describe() {
        return switch (this) {
            case ANY -> "`*` (no resource-level permission)";
            case TABLE -> "the table";
            case TABLE_AND_INDEXES -> "the table and its indexes";
            case ALL_TABLES -> "every table (`table/*`)";
            case STREAM -> "the table's streams (`table/TABLE/stream/*`)";
            case INSIGHT_RULES -> "the Contributor Insights rules (`insight-rule/" + INSIGHT_RULE_PREFIX + "*`)";
            case CONTRIBUTOR_INSIGHTS_ROLE ->
                "the role " + CONTRIBUTOR_INSIGHTS_ROLE_NAME + ", only for `" + CONTRIBUTOR_INSIGHTS_SERVICE + "`";
        };
    }
}
