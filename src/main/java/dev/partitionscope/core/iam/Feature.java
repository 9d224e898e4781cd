package dev.partitionscope.core.iam;

import static dev.partitionscope.core.iam.Scope.ALL_TABLES;
import static dev.partitionscope.core.iam.Scope.ANY;
import static dev.partitionscope.core.iam.Scope.CONTRIBUTOR_INSIGHTS_ROLE;
import static dev.partitionscope.core.iam.Scope.INSIGHT_RULES;
import static dev.partitionscope.core.iam.Scope.STREAM;
import static dev.partitionscope.core.iam.Scope.TABLE;
import static dev.partitionscope.core.iam.Scope.TABLE_AND_INDEXES;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What PartitionScope does on AWS, each with the exact IAM actions its code calls (package {@code aws}; a test
 * compares these with the SDK calls in the compiled classes, so they cannot drift). Reads first; the writes (billed
 * or table-changing, each behind Connection ▸ Unlock writes…) are apart.
 */
public enum Feature {
    OVERVIEW(
            "Overview",
            "Overview",
            "Connect (one ListTables proves the credentials), the table list, a table's details and its Contributor"
                    + " Insights status. Every other feature starts here.",
            false),
    METRICS(
            "Metrics",
            "Metrics",
            "CloudWatch metrics of the table and its GSIs: throttles by cause, consumed capacity, the verdict"
                    + " (Metrics screen, `metrics` and `report`).",
            false),
    CONTRIBUTOR_INSIGHTS(
            "ContributorInsights",
            "Contributor Insights reports",
            "The most accessed and throttled keys from the rules DynamoDB made when Contributor Insights was"
                    + " enabled (Metrics screen's top keys, key drill-down, `metrics`).",
            false),
    HEATMAP(
            "Heatmap",
            "Heatmap",
            "Key × time heat from Contributor Insights with the throttle strip from CloudWatch (Heatmap screen,"
                    + " `heat --source insights`, `report`). With the stream as its source, add Streams.",
            false),
    AUDIT(
            "Audit",
            "Audit scans",
            "The key audit's bounded sample Scans of the table and its GSIs (Audit screen, `audit`, `report`). Its"
                    + " load column reads what the Heatmap (or Streams) reads.",
            false),
    SCATTER_GATHER(
            "ScatterGather",
            "Scatter-gather",
            "One Query per shard, the Scan baseline it is checked against, the key sample a scheme is read from, and"
                    + " GetItem by recomputed key (Scatter screen, `scatter`).",
            false),
    SHARDING(
            "Sharding",
            "Sharding",
            "The sort-key values stored under one partition key, read with a Query projecting the sort key only"
                    + " (Sharding screen).",
            false),
    STREAMS(
            "Streams",
            "Streams",
            "Per-second write heat read from the table's DynamoDB stream (Heatmap with the stream as source,"
                    + " `heat --source streams`, the audit's load from the stream).",
            false),
    FLEET(
            "Fleet",
            "Fleet",
            "Every table of the region at once: throttles, capacity, Contributor Insights and stream status (Fleet"
                    + " screen, `fleet`).",
            false),
    ENABLE_CONTRIBUTOR_INSIGHTS(
            "EnableContributorInsights",
            "Enable Contributor Insights",
            "A billed write: turns Contributor Insights on or off for the table or a GSI. The first time in an account,"
                    + " DynamoDB creates its service-linked role, which needs iam:CreateServiceLinkedRole.",
            true),
    ENABLE_STREAM(
            "EnableStream",
            "Enable the stream",
            "A write: UpdateTable with a StreamSpecification (NEW_AND_OLD_IMAGES) turns the table's stream on.",
            true);

    private final String sid;
    private final String title;
    private final String description;
    private final boolean write;

    Feature(String sid, String title, String description, boolean write) {
        this.sid = sid;
        this.title = title;
        this.description = description;
        this.write = write;
    }

    /** The start of this feature's statement ids, e.g. {@code Overview} in {@code OverviewTable}. */
    public String sid() {
        return sid;
    }

    public String title() {
        return title;
    }

    public String description() {
        return description;
    }

    /** True for what changes a table (apart from the read-only policy, behind Unlock writes). */
    public boolean isWrite() {
        return write;
    }

    /** The statements of this feature: actions by the resources they apply to. */
    public List<Grant> grants() {
        return switch (this) {
            case OVERVIEW ->
                List.of(
                        Grant.of(ANY, "dynamodb:ListTables"),
                        Grant.of(TABLE, "dynamodb:DescribeTable"),
                        Grant.of(TABLE_AND_INDEXES, "dynamodb:DescribeContributorInsights"));
            case METRICS -> List.of(Grant.of(ANY, "cloudwatch:GetMetricData", "cloudwatch:ListMetrics"));
            case CONTRIBUTOR_INSIGHTS ->
                List.of(
                        Grant.of(TABLE_AND_INDEXES, "dynamodb:DescribeContributorInsights"),
                        Grant.of(INSIGHT_RULES, "cloudwatch:GetInsightRuleReport"));
            case HEATMAP ->
                List.of(
                        Grant.of(ANY, "cloudwatch:GetMetricData", "cloudwatch:ListMetrics"),
                        Grant.of(TABLE_AND_INDEXES, "dynamodb:DescribeContributorInsights"),
                        Grant.of(INSIGHT_RULES, "cloudwatch:GetInsightRuleReport"));
            case AUDIT ->
                List.of(Grant.of(TABLE, "dynamodb:DescribeTable"), Grant.of(TABLE_AND_INDEXES, "dynamodb:Scan"));
            case SCATTER_GATHER ->
                List.of(
                        Grant.of(TABLE_AND_INDEXES, "dynamodb:Query", "dynamodb:Scan"),
                        Grant.of(TABLE, "dynamodb:GetItem"));
            case SHARDING -> List.of(Grant.of(TABLE, "dynamodb:Query"));
            case STREAMS ->
                List.of(
                        Grant.of(TABLE, "dynamodb:DescribeTable"),
                        Grant.of(
                                STREAM, "dynamodb:DescribeStream", "dynamodb:GetShardIterator", "dynamodb:GetRecords"));
            case FLEET ->
                List.of(
                        Grant.of(
                                ANY,
                                "dynamodb:ListTables",
                                "dynamodb:ListContributorInsights",
                                "cloudwatch:GetMetricData"),
                        Grant.of(ALL_TABLES, "dynamodb:DescribeTable"));
            case ENABLE_CONTRIBUTOR_INSIGHTS ->
                List.of(
                        Grant.of(TABLE_AND_INDEXES, "dynamodb:UpdateContributorInsights"),
                        Grant.of(CONTRIBUTOR_INSIGHTS_ROLE, "iam:CreateServiceLinkedRole"));
            case ENABLE_STREAM -> List.of(Grant.of(TABLE, "dynamodb:UpdateTable"));
        };
    }

    /** Every action of this feature, in the order of its grants. */
    public Set<String> actions() {
        Set<String> out = new LinkedHashSet<>();
        grants().forEach(g -> out.addAll(g.actions()));
        return out;
    }

    /** The read-only features, in order. */
    public static List<Feature> reads() {
        return Arrays.stream(values()).filter(f -> !f.write).toList();
    }

    /** The writes, in order. */
    public static List<Feature> writes() {
        return Arrays.stream(values()).filter(f -> f.write).toList();
    }
}
