package dev.partitionscope.core.iam;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IamPoliciesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Target ORDERS = new Target("eu-west-1", "123456789012", "orders");

    private static JsonNode parse(String policy) throws Exception {
        return JSON.readTree(policy);
    }

    private static Map<String, JsonNode> bySid(JsonNode policy) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        policy.get("Statement").forEach(s -> out.put(s.get("Sid").asText(), s));
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void theReadOnlyPolicyParsesAndHasOneStatementPerFeatureAndScope() throws Exception {
        JsonNode policy = parse(IamPolicies.readOnly(ORDERS));

        assertThat(policy.get("Version").asText()).isEqualTo("2012-10-17");
        Map<String, JsonNode> statements = bySid(policy);
        assertThat(statements.keySet())
                .containsExactly(
                        "OverviewAnyResource",
                        "OverviewTable",
                        "OverviewTableAndIndexes",
                        "MetricsAnyResource",
                        "ContributorInsightsTableAndIndexes",
                        "ContributorInsightsInsightRules",
                        "HeatmapAnyResource",
                        "HeatmapTableAndIndexes",
                        "HeatmapInsightRules",
                        "AuditTable",
                        "AuditTableAndIndexes",
                        "ScatterGatherTableAndIndexes",
                        "ScatterGatherTable",
                        "ShardingTable",
                        "StreamsTable",
                        "StreamsStream",
                        "FleetAnyResource",
                        "FleetAllTables");
        statements.values().forEach(s -> assertThat(s.get("Effect").asText()).isEqualTo("Allow"));

        JsonNode describe = statements.get("OverviewTable");
        assertThat(texts(describe.get("Action"))).containsExactly("dynamodb:DescribeTable");
        assertThat(texts(describe.get("Resource")))
                .containsExactly("arn:aws:dynamodb:eu-west-1:123456789012:table/orders");
        assertThat(texts(statements.get("OverviewAnyResource").get("Resource"))).containsExactly("*");
        assertThat(texts(statements.get("AuditTableAndIndexes").get("Resource")))
                .containsExactly(
                        "arn:aws:dynamodb:eu-west-1:123456789012:table/orders",
                        "arn:aws:dynamodb:eu-west-1:123456789012:table/orders/index/*");
        assertThat(texts(statements.get("StreamsStream").get("Action")))
                .containsExactly("dynamodb:DescribeStream", "dynamodb:GetShardIterator", "dynamodb:GetRecords");
        assertThat(texts(statements.get("StreamsStream").get("Resource")))
                .containsExactly("arn:aws:dynamodb:eu-west-1:123456789012:table/orders/stream/*");
        assertThat(texts(statements.get("ContributorInsightsInsightRules").get("Resource")))
                .containsExactly(
                        "arn:aws:cloudwatch:eu-west-1:123456789012:insight-rule/DynamoDBContributorInsights-*");
        assertThat(texts(statements.get("FleetAllTables").get("Resource")))
                .containsExactly("arn:aws:dynamodb:eu-west-1:123456789012:table/*");
        assertThat(texts(statements.get("MetricsAnyResource").get("Action")))
                .containsExactly("cloudwatch:GetMetricData", "cloudwatch:ListMetrics");
    }

    @Test
    void theReadOnlyPolicyGrantsNoWrite() throws Exception {
        List<String> actions = new ArrayList<>();
        parse(IamPolicies.readOnly(Target.any())).get("Statement").forEach(s -> actions.addAll(texts(s.get("Action"))));

        assertThat(actions)
                .isNotEmpty()
                .allSatisfy(a -> assertThat(a).matches("(dynamodb|cloudwatch):(Describe|List|Get|Query|Scan).*"))
                .doesNotContain("dynamodb:UpdateTable", "dynamodb:UpdateContributorInsights");
    }

    @Test
    void theWritesAreApartWithTheServiceLinkedRoleOnlyForContributorInsights() throws Exception {
        Map<String, JsonNode> statements = bySid(parse(IamPolicies.writes(ORDERS)));

        assertThat(statements.keySet())
                .containsExactly(
                        "EnableContributorInsightsTableAndIndexes",
                        "EnableContributorInsightsServiceLinkedRole",
                        "EnableStreamTable");
        assertThat(texts(statements
                        .get("EnableContributorInsightsTableAndIndexes")
                        .get("Action")))
                .containsExactly("dynamodb:UpdateContributorInsights");
        JsonNode role = statements.get("EnableContributorInsightsServiceLinkedRole");
        assertThat(texts(role.get("Action"))).containsExactly("iam:CreateServiceLinkedRole");
        assertThat(texts(role.get("Resource")))
                .containsExactly(
                        "arn:aws:iam::123456789012:role/aws-service-role/contributorinsights.dynamodb.amazonaws.com/"
                                + "AWSServiceRoleForDynamoDBCloudWatchContributorInsights");
        assertThat(role.at("/Condition/StringLike/iam:AWSServiceName").asText())
                .isEqualTo("contributorinsights.dynamodb.amazonaws.com");
        assertThat(texts(statements.get("EnableStreamTable").get("Action"))).containsExactly("dynamodb:UpdateTable");
        assertThat(texts(statements.get("EnableStreamTable").get("Resource")))
                .containsExactly("arn:aws:dynamodb:eu-west-1:123456789012:table/orders");

        assertThat(bySid(parse(IamPolicies.readOnlyAndWrites(ORDERS))))
                .hasSize(bySid(parse(IamPolicies.readOnly(ORDERS))).size() + 3);
    }

    @Test
    void unknownPartsAreWildcardsAndTheRegionChoosesThePartition() throws Exception {
        Map<String, JsonNode> any = bySid(parse(IamPolicies.policy(List.of(Feature.OVERVIEW), Target.region(null))));
        assertThat(texts(any.get("OverviewTable").get("Resource"))).containsExactly("arn:aws:dynamodb:*:*:table/*");

        Map<String, JsonNode> china =
                bySid(parse(IamPolicies.policy(List.of(Feature.OVERVIEW), Target.region("cn-north-1"))));
        assertThat(texts(china.get("OverviewTable").get("Resource")))
                .containsExactly("arn:aws-cn:dynamodb:cn-north-1:*:table/*");

        Map<String, JsonNode> gov =
                bySid(parse(IamPolicies.policy(List.of(Feature.STREAMS), new Target("us-gov-west-1", "1", "t"))));
        assertThat(texts(gov.get("StreamsStream").get("Resource")))
                .containsExactly("arn:aws-us-gov:dynamodb:us-gov-west-1:1:table/t/stream/*");
    }

    @Test
    void featuresComeInTheirOwnOrderAndNoneMakesAnEmptyStatementList() throws Exception {
        List<String> sids =
                new ArrayList<>(bySid(parse(IamPolicies.policy(List.of(Feature.FLEET, Feature.METRICS), Target.any())))
                        .keySet());
        assertThat(sids).containsExactly("MetricsAnyResource", "FleetAnyResource", "FleetAllTables");

        JsonNode empty = parse(IamPolicies.policy(List.of(), Target.any()));
        assertThat(empty.get("Statement").isArray()).isTrue();
        assertThat(empty.get("Statement")).isEmpty();
    }

    @Test
    void everyPolicyFitsInAManagedPolicy() {
        // IAM counts a managed policy's characters without whitespace, at most 6,144.
        String all = IamPolicies.readOnlyAndWrites(
                new Target("ap-southeast-2", "123456789012", "a-table-with-a-long-name-x"));
        assertThat(all.replaceAll("\\s", "").length()).isLessThan(6_144);
    }

    @Test
    void aTableNameIsQuotedAsJson() throws Exception {
        JsonNode p =
                parse(IamPolicies.policy(List.of(Feature.SHARDING), new Target("us-east-1", "1", "we\"ird\\name")));
        assertThat(p.at("/Statement/0/Resource/0").asText())
                .isEqualTo("arn:aws:dynamodb:us-east-1:1:table/we\"ird\\name");
    }

    @Test
    void theHintNamesTheFeaturesThatNeedTheActionAndWhereThePolicyIs() {
        assertThat(IamPolicies.featuresNeeding("dynamodb:GetRecords")).containsExactly(Feature.STREAMS);
        assertThat(IamPolicies.featuresNeeding("cloudwatch:GetMetricData"))
                .containsExactly(Feature.METRICS, Feature.HEATMAP, Feature.FLEET);
        assertThat(IamPolicies.featuresNeeding("dynamodb:PutItem")).isEmpty();

        assertThat(IamPolicies.accessDeniedHint("dynamodb:GetRecords"))
                .isEqualTo("dynamodb:GetRecords is in the policy of Streams. The IAM policy for each feature is in"
                        + " docs/iam.md, and Copy IAM policy in the connection dialog (Ctrl+K) copies it.");
        assertThat(IamPolicies.accessDeniedHint("dynamodb:PutItem"))
                .isEqualTo("The IAM policy for each feature is in docs/iam.md, and Copy IAM policy in the connection"
                        + " dialog (Ctrl+K) copies it.");
    }
}
