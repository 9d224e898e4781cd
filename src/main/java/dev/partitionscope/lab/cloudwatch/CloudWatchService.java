package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The Lab's CloudWatch, independent of the wire: the explorer reads DynamoDB metrics and Contributor Insights through
 * the same SDK calls offline as on AWS, but LocalStack publishes no {@code AWS/DynamoDB} metrics and has no insight
 * rules, so the Lab answers them from its own meter. Requests and answers are Jackson trees with CloudWatch's member
 * names; timestamps in answers are {@link EpochTime} nodes, which {@link CloudWatchRoute} writes per protocol.
 * Failures are {@link CloudWatchError}s carrying CloudWatch's error shapes and messages.
 *
 * <p>Operations: GetMetricData (MetricStat queries; metric math is refused), GetMetricStatistics, ListMetrics,
 * DescribeInsightRules, GetInsightRuleReport. Anything else is UnknownOperationException. Thread-safe and
 * stateless: every answer is computed from the {@link MetricsSource} at call time.
 */
public final class CloudWatchService {
    /** The operations the Lab's CloudWatch answers. */
    public static final List<String> OPERATIONS = List.of(
            "GetMetricData", "GetMetricStatistics", "ListMetrics", "DescribeInsightRules", "GetInsightRuleReport");

    private final MetricDataOp metricData;
    private final MetricStatisticsOp metricStatistics;
    private final ListMetricsOp listMetrics;
    private final InsightRulesOp insights;

    public CloudWatchService(MetricsSource source) {
        this.metricData = new MetricDataOp(source);
        this.metricStatistics = new MetricStatisticsOp(source);
        this.listMetrics = new ListMetricsOp(source);
        this.insights = new InsightRulesOp(source);
    }

    /**
     * Answers one operation.
     *
     * @param request the request structure; null or an empty object for operations without required input
     * @throws CloudWatchError with CloudWatch's error shape when the request is invalid or names nothing known
     */
    public ObjectNode handle(String operation, JsonNode request) {
        JsonNode req = request == null || request.isNull() ? JsonNodeFactory.instance.objectNode() : request;
        if (!req.isObject()) {
            throw CloudWatchError.serialization("The request must be a structure");
        }
        if (operation == null) {
            throw CloudWatchError.unknownOperation(null);
        }
        return switch (operation) {
            case "GetMetricData" -> metricData.run(req);
            case "GetMetricStatistics" -> metricStatistics.run(req);
            case "ListMetrics" -> listMetrics.run(req);
            case "DescribeInsightRules" -> insights.describe(req);
            case "GetInsightRuleReport" -> insights.report(req);
            default -> throw CloudWatchError.unknownOperation(operation);
        };
    }
}
