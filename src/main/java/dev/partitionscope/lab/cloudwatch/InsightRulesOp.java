package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.meter.ContributorReport;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.partition.CapacityConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Contributor Insights for DynamoDB: DescribeInsightRules lists the managed rules of the resources whose insights
 * are enabled, and GetInsightRuleReport answers from the meter's key sketches with AWS's semantics — PKC/SKC values
 * are consumed throughput units (3 × write + read), PKT/SKT throttle counts; at most 25 contributors for DynamoDB
 * rules; OrderBy Sum or Maximum; a contributor's datapoints only in periods where it appeared; data only from the
 * rule's creation on (the range is clipped to the start of the minute the rule was created in).
 */
final class InsightRulesOp {
    static final int MAX_CONTRIBUTORS = 25;
    private static final List<String> METRICS =
            List.of("UniqueContributors", "MaxContributorValue", "SampleCount", "Sum", "Minimum", "Maximum", "Average");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String SCHEMA = "{\"Name\":\"ServiceLogRule\",\"Version\":1}";

    private final MetricsSource source;

    InsightRulesOp(MetricsSource source) {
        this.source = source;
    }

    ObjectNode describe(JsonNode req) {
        Long max = Params.integer(req, "MaxResults");
        if (max != null && (max < 1 || max > 500)) {
            throw CloudWatchError.validation("1 validation error detected: Value '" + max + "' at 'maxResults' failed"
                    + " to satisfy constraint: Member must have value "
                    + (max < 1 ? "greater than or equal to 1" : "less than or equal to 500"));
        }
        List<InsightRule> rules = rules();
        PageToken token = PageToken.parse(Params.string(req, "NextToken"), "rules");
        int from = Math.min(token.query(), rules.size());
        int to = (int) Math.min(rules.size(), from + (max == null ? 500 : max));
        ObjectNode out = F.objectNode();
        ArrayNode list = out.putArray("InsightRules");
        for (InsightRule r : rules.subList(from, to)) {
            list.addObject()
                    .put("Name", r.name())
                    .put("State", "ENABLED")
                    .put("Schema", SCHEMA)
                    .put("Definition", definition(r))
                    .put("ManagedRule", true);
        }
        if (to < rules.size()) {
            out.put("NextToken", PageToken.encode("rules", to, null));
        }
        return out;
    }

    ObjectNode report(JsonNode req) {
        String name = Params.requiredString(req, "RuleName", "RuleName");
        long start = Params.requiredTimestamp(req, "StartTime");
        long end = Params.requiredTimestamp(req, "EndTime");
        Long period = Params.integer(req, "Period");
        if (period == null) {
            throw CloudWatchError.missingParameter("Period");
        }
        Long max = Params.integer(req, "MaxContributorCount");
        List<String> metrics = Params.strings(req, "Metrics");
        String orderBy = Params.string(req, "OrderBy");
        InsightRule rule = rules().stream()
                .filter(r -> r.name().equals(name))
                .findFirst()
                .orElseThrow(() -> CloudWatchError.resourceNotFound("Rule " + name + " does not exist."));
        if (max != null && (max < 1 || max > MAX_CONTRIBUTORS)) {
            throw CloudWatchError.invalidParameterValue("MaxContributorCount must be between 1 and " + MAX_CONTRIBUTORS
                    + " for DynamoDB Contributor Insights rules, not " + max + ".");
        }
        if (orderBy != null && !orderBy.equals("Sum") && !orderBy.equals("Maximum")) {
            throw CloudWatchError.invalidParameterValue(
                    "The value " + orderBy + " for parameter OrderBy is not" + " valid: use Sum or Maximum.");
        }
        if (metrics != null) {
            for (String m : metrics) {
                if (!METRICS.contains(m)) {
                    throw CloudWatchError.invalidParameterValue("The value " + m + " for parameter Metrics is not"
                            + " valid: use " + String.join(", ", METRICS) + ".");
                }
            }
        }
        if (period < 60 || period % 60 != 0) {
            throw CloudWatchError.invalidParameterValue("The parameter Period must be a multiple of 60.");
        }
        if (start >= end) {
            throw CloudWatchError.invalidParameterValue(
                    "The parameter StartTime must be less than the parameter EndTime.");
        }
        // Only data from the rule's creation on, to the minute: the meter keeps keys per minute, so the minute the
        // rule was created in counts whole (dropping it would hide the first minute of traffic after enabling).
        long created = Math.floorDiv(rule.createdMillis(), MetricSeries.MINUTE) * MetricSeries.MINUTE;
        long from = Math.max(Math.floorDiv(start, MetricSeries.MINUTE) * MetricSeries.MINUTE, created);
        KeyKind kind = rule.kind().sortKey() ? KeyKind.PARTITION_AND_SORT_KEY : KeyKind.PARTITION_KEY;
        InsightMetric metric =
                rule.kind().throttled() ? InsightMetric.THROTTLE_COUNT : InsightMetric.CONSUMED_THROUGHPUT_UNITS;
        ContributorReport report = from >= end
                ? null
                : source.meter()
                        .topContributors(
                                new dev.partitionscope.lab.meter.ResourceId(rule.table(), rule.index()),
                                kind,
                                metric,
                                from,
                                end,
                                Duration.ofSeconds(period),
                                max == null ? 10 : max.intValue(),
                                "Maximum".equals(orderBy) ? OrderBy.MAXIMUM : OrderBy.SUM);
        return render(rule, report, metrics == null ? List.of() : metrics);
    }

    private static ObjectNode render(InsightRule rule, ContributorReport report, List<String> metrics) {
        ObjectNode out = F.objectNode();
        ArrayNode labels = out.putArray("KeyLabels");
        keyLabels(rule).forEach(labels::add);
        out.put("AggregationStatistic", rule.kind().throttled() ? "Count" : "Sum");
        out.put("AggregateValue", report == null ? 0 : report.aggregateValue());
        out.put("ApproximateUniqueCount", report == null ? 0 : report.approximateUniqueCount());
        ArrayNode contributors = out.putArray("Contributors");
        ArrayNode datapoints = out.putArray("MetricDatapoints");
        if (report == null) {
            return out;
        }
        for (ContributorReport.Contributor c : report.contributors()) {
            ObjectNode o = contributors.addObject();
            ArrayNode keys = o.putArray("Keys");
            c.keys().forEach(keys::add);
            o.put("ApproximateAggregateValue", c.aggregateValue());
            ArrayNode dps = o.putArray("Datapoints");
            for (ContributorReport.Datapoint d : c.datapoints()) {
                dps.addObject()
                        .<ObjectNode>set("Timestamp", EpochTime.node(d.timestampMillis()))
                        .put("ApproximateValue", d.approximateValue());
            }
        }
        for (ContributorReport.PeriodStats p : report.metricDatapoints()) {
            ObjectNode d = datapoints.addObject();
            d.set("Timestamp", EpochTime.node(p.timestampMillis()));
            for (String m : metrics) {
                switch (m) {
                    case "UniqueContributors" -> d.put(m, (double) p.uniqueContributors());
                    case "MaxContributorValue" -> d.put(m, p.maxContributorValue());
                    case "SampleCount" -> d.put(m, (double) p.sampleCount());
                    case "Sum" -> d.put(m, p.sum());
                    case "Minimum" -> d.put(m, p.minimum());
                    case "Maximum" -> d.put(m, p.maximum());
                    default -> d.put(m, p.average());
                }
            }
        }
        return out;
    }

    private List<InsightRule> rules() {
        List<InsightRule> rules = new ArrayList<>(source.insightRules());
        rules.sort(Comparator.comparing(InsightRule::name));
        return rules;
    }

    private static List<String> keyLabels(InsightRule rule) {
        return rule.kind().sortKey() ? List.of("PartitionKey", "SortKey") : List.of("PartitionKey");
    }

    /**
     * A rule body in CloudWatch's rule syntax, shaped like the managed rules DynamoDB creates: the resource it reads,
     * the key fields it groups by, and what it sums (consumed throughput units) or counts (throttled requests).
     */
    private String definition(InsightRule rule) {
        ObjectNode d = F.objectNode();
        d.putObject("Schema").put("Name", "ServiceLogRule").put("Version", 1);
        d.put("AggregateOn", rule.kind().throttled() ? "Count" : "Sum");
        ObjectNode contribution = d.putObject("Contribution");
        ArrayNode keys = contribution.putArray("Keys");
        keyLabels(rule).forEach(k -> keys.add("$." + k));
        ArrayNode filters = contribution.putArray("Filters");
        if (rule.kind().throttled()) {
            filters.addObject().put("Match", "$.Throttled").putArray("In").add(true);
        } else {
            contribution.put("ValueOf", "$.ConsumedThroughputUnits");
        }
        d.put("LogFormat", "JSON");
        d.putArray("ResourceArns").add(arn(rule));
        return d.toString();
    }

    private String arn(InsightRule rule) {
        for (CapacityConfig c : source.tables()) {
            if (c.tableName().equals(rule.table())) {
                if (rule.index() == null) {
                    return c.tableArn();
                }
                CapacityConfig.IndexCapacity g = c.indexes().get(rule.index());
                if (g != null) {
                    return g.indexArn();
                }
            }
        }
        String table = "arn:aws:dynamodb:" + source.region() + ":000000000000:table/" + rule.table();
        return rule.index() == null ? table : table + "/index/" + rule.index();
    }
}
