package dev.partitionscope.lab.api;

import static dev.partitionscope.lab.api.ItemSpecs.check;
import static dev.partitionscope.lab.api.Members.INDEX_NAME;
import static dev.partitionscope.lab.api.Members.TABLE_NAME;
import static dev.partitionscope.lab.api.Members.TABLE_NAME_FIRST;
import static dev.partitionscope.lab.api.Members.TAGS;
import static dev.partitionscope.lab.api.Shape.bool;
import static dev.partitionscope.lab.api.Shape.field;
import static dev.partitionscope.lab.api.Shape.integer;
import static dev.partitionscope.lab.api.Shape.listOf;
import static dev.partitionscope.lab.api.Shape.request;
import static dev.partitionscope.lab.api.Shape.str;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.wire.LabException;
import java.util.regex.Pattern;

/**
 * The control-plane operations beside tables: Time to Live, tags, limits, endpoints, continuous backups and
 * Contributor Insights.
 */
final class OtherSpecs {
    /** Anything shaped like an ARN at all; DynamoDB answers other strings as an authorization failure. */
    private static final Pattern ANY_ARN = Pattern.compile(".+:.+:.+:.+:.+:.+/.+");
    /** A DynamoDB table ARN with a name of at least three characters. */
    static final Pattern TABLE_ARN = Pattern.compile("arn:aws:dynamodb:.+:\\d+:table/[^/]{2}[^/]+");
    /** The Lab's caller, as DynamoDB names the principal in an AccessDeniedException. */
    static final String CALLER = "arn:aws:iam::000000000000:user/lab";

    private OtherSpecs() {}

    static final OperationSpec DESCRIBE_TIME_TO_LIVE =
            OperationSpec.of("DescribeTimeToLive", request(TABLE_NAME_FIRST), data -> RequestExpressions.NONE);

    static final OperationSpec UPDATE_TIME_TO_LIVE = OperationSpec.of(
            "UpdateTimeToLive",
            request(
                    TABLE_NAME_FIRST,
                    field(
                                    "TimeToLiveSpecification",
                                    str().notNull().maxLength(255).named("AttributeName"),
                                    bool().notNull().named("Enabled"))
                            .named("TimeToLiveSpecification")),
            data -> {
                if (!data.has("TimeToLiveSpecification")) {
                    check("1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy"
                            + " constraint: Member must not be null");
                }
                if (data.path("TimeToLiveSpecification")
                        .path("AttributeName")
                        .asText()
                        .isEmpty()) {
                    check("TimeToLiveSpecification.AttributeName must be non empty");
                }
                return RequestExpressions.NONE;
            });

    static final OperationSpec TAG_RESOURCE =
            OperationSpec.of("TagResource", request(str().named("ResourceArn"), TAGS), data -> {
                checkArn(data, "TagResource");
                if (!data.has("Tags")) {
                    check("1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must"
                            + " not be null");
                }
                checkTableArn(data);
                if (data.get("Tags").isEmpty()) {
                    check("Atleast one Tag needs to be provided as Input.");
                }
                return RequestExpressions.NONE;
            });

    static final OperationSpec UNTAG_RESOURCE = OperationSpec.of(
            "UntagResource",
            request(
                    str().named("ResourceArn"),
                    listOf(str().minLength(1).maxLength(128)).named("TagKeys")),
            data -> {
                checkArn(data, "UntagResource");
                if (!data.has("TagKeys")) {
                    check("1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member"
                            + " must not be null");
                }
                checkTableArn(data);
                if (data.get("TagKeys").isEmpty()) {
                    check("Atleast one Tag Key needs to be provided as Input.");
                }
                return RequestExpressions.NONE;
            });

    static final OperationSpec LIST_TAGS_OF_RESOURCE = OperationSpec.of(
            "ListTagsOfResource", request(str().named("ResourceArn"), str().named("NextToken")), data -> {
                checkArn(data, "ListTagsOfResource");
                checkTableArn(data);
                return RequestExpressions.NONE;
            });

    private static void checkArn(ObjectNode data, String operation) {
        JsonNode arn = data.get("ResourceArn");
        if (arn == null) {
            check("Invalid TableArn");
        }
        if (!ANY_ARN.matcher(arn.asText()).matches()) {
            throw LabException.coral(
                    "AccessDeniedException",
                    "User: " + CALLER + " is not authorized to perform:" + " dynamodb:" + operation + " on resource: "
                            + (arn.asText().isEmpty() ? "*" : arn.asText()));
        }
    }

    private static void checkTableArn(ObjectNode data) {
        String arn = data.get("ResourceArn").asText();
        if (!TABLE_ARN.matcher(arn).matches()) {
            check("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
    }

    static final OperationSpec DESCRIBE_LIMITS =
            OperationSpec.of("DescribeLimits", request(), data -> RequestExpressions.NONE);

    static final OperationSpec DESCRIBE_ENDPOINTS =
            OperationSpec.of("DescribeEndpoints", request(), data -> RequestExpressions.NONE);

    static final OperationSpec DESCRIBE_CONTINUOUS_BACKUPS =
            OperationSpec.of("DescribeContinuousBackups", request(TABLE_NAME), data -> RequestExpressions.NONE);

    static final OperationSpec UPDATE_CONTINUOUS_BACKUPS = OperationSpec.of(
            "UpdateContinuousBackups",
            request(
                    TABLE_NAME,
                    field(
                                    "PointInTimeRecoverySpecification",
                                    bool().notNull().named("PointInTimeRecoveryEnabled"),
                                    integer().min(1).max(35).named("RecoveryPeriodInDays"))
                            .notNull()
                            .named("PointInTimeRecoverySpecification")),
            data -> RequestExpressions.NONE);

    static final OperationSpec DESCRIBE_CONTRIBUTOR_INSIGHTS = OperationSpec.of(
            "DescribeContributorInsights", request(TABLE_NAME, INDEX_NAME), data -> RequestExpressions.NONE);

    static final OperationSpec UPDATE_CONTRIBUTOR_INSIGHTS = OperationSpec.of(
            "UpdateContributorInsights",
            request(
                    TABLE_NAME,
                    INDEX_NAME,
                    str().notNull().oneOf("ENABLE", "DISABLE").named("ContributorInsightsAction"),
                    str().oneOf("ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS").named("ContributorInsightsMode")),
            data -> RequestExpressions.NONE);

    static final OperationSpec LIST_CONTRIBUTOR_INSIGHTS = OperationSpec.of(
            "ListContributorInsights",
            request(
                    str().pattern(Members.NAME_PATTERN)
                            .minLength(3)
                            .maxLength(255)
                            .named("TableName"),
                    str().named("NextToken"),
                    integer().max(100).named("MaxResults")),
            data -> RequestExpressions.NONE);
}
