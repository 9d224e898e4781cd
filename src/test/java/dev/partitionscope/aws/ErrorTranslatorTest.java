package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.cloudwatch.model.CloudWatchException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

class ErrorTranslatorTest {
    private static final ConnectionSpec AWS_SSO = ConnectionSpec.aws("prod", "sso-dev", "eu-west-1");
    private static final ConnectionSpec AWS_DEFAULT = ConnectionSpec.aws("default chain", null, "us-east-1");
    private static final ConnectionSpec LOCALSTACK = ConnectionSpec.localStack();

    /** Every message produced here, checked at the end for stack traces. */
    private static final List<UserMessage> produced = new ArrayList<>();

    private static UserMessage translate(Throwable error, ConnectionSpec spec, String operation) {
        UserMessage message = ErrorTranslator.translate(error, spec, operation);
        produced.add(message);
        return message;
    }

    private static DynamoDbException dynamo(int status, String code, String message) {
        return (DynamoDbException) DynamoDbException.builder()
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode(code)
                        .errorMessage(message)
                        .serviceName("DynamoDb")
                        .build())
                .message(message + " (Service: DynamoDb, Status Code: " + status + ", Request ID: ABC123)")
                .statusCode(status)
                .build();
    }

    @Test
    void accessDeniedNamesThePermissionFromAwsMessage() {
        String aws = "User: arn:aws:iam::123:user/x is not authorized to perform: dynamodb:ListTables on resource:"
                + " arn:aws:dynamodb:eu-west-1:123:table/* because no identity-based policy allows the"
                + " dynamodb:ListTables action";

        UserMessage message = translate(dynamo(400, "AccessDeniedException", aws), AWS_SSO, "DescribeTable");

        assertThat(message.headline()).isEqualTo("Access denied: dynamodb:ListTables is missing");
        assertThat(message.detail()).isEqualTo(aws);
        assertThat(message.hint())
                .isEqualTo("Ask for dynamodb:ListTables on this resource, or connect with a profile that has it."
                        + " dynamodb:ListTables is in the policy of Overview, Fleet. The IAM policy for each feature is"
                        + " in docs/iam.md, and Copy IAM policy in the connection dialog (Ctrl+K) copies it.");
    }

    @Test
    void accessDeniedOnDescribeTableNamesTheActionAndPointsToThePolicies() {
        String aws = "User: arn:aws:sts::123456789012:assumed-role/ReadOnly/me is not authorized to perform:"
                + " dynamodb:DescribeTable on resource: arn:aws:dynamodb:eu-west-1:123456789012:table/orders because"
                + " no identity-based policy allows the dynamodb:DescribeTable action";

        UserMessage message = translate(dynamo(400, "AccessDeniedException", aws), AWS_SSO, "ListTables");

        assertThat(message.headline()).isEqualTo("Access denied: dynamodb:DescribeTable is missing");
        assertThat(message.detail()).isEqualTo(aws);
        assertThat(message.hint())
                .startsWith("Ask for dynamodb:DescribeTable on this resource")
                .contains("dynamodb:DescribeTable is in the policy of Overview, Audit scans, Streams, Fleet.")
                .contains("docs/iam.md")
                .contains("Copy IAM policy");
        assertThat(message.asText()).contains("What to do: Ask for dynamodb:DescribeTable");
    }

    @Test
    void unauthorizedOperationAndAStreamsDenialNameTheirAction() {
        DynamoDbException streams = dynamo(
                400,
                "AccessDeniedException",
                "User: arn:aws:iam::1:user/x is not authorized to perform: dynamodb:GetRecords on resource:"
                        + " arn:aws:dynamodb:us-east-1:1:table/t/stream/2026-01-01T00:00:00.000");
        UserMessage s = translate(streams, AWS_DEFAULT, "GetShardIterator");
        assertThat(s.headline()).isEqualTo("Access denied: dynamodb:GetRecords is missing");
        assertThat(s.hint()).contains("in the policy of Streams.", "docs/iam.md");

        DynamoDbException unauthorized =
                dynamo(403, "UnauthorizedOperation", "You are not authorized to perform this operation.");
        UserMessage u = translate(unauthorized, AWS_DEFAULT, "Scan");
        assertThat(u.headline()).isEqualTo("Access denied: dynamodb:Scan is missing");
        assertThat(u.hint()).contains("in the policy of Audit scans, Scatter-gather.", "docs/iam.md");
    }

    @Test
    void accessDeniedOnCloudWatchNamesTheCloudWatchPermission() {
        CloudWatchException e = (CloudWatchException) CloudWatchException.builder()
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode("AccessDenied")
                        .serviceName("CloudWatch")
                        .errorMessage("User: arn:aws:sts::123:assumed-role/ReadOnly/me is not authorized to perform:"
                                + " cloudwatch:GetMetricData because no identity-based policy allows it")
                        .build())
                .statusCode(403)
                .build();

        assertThat(translate(e, AWS_SSO, "GetMetricData").headline())
                .isEqualTo("Access denied: cloudwatch:GetMetricData is missing");
    }

    @Test
    void accessDeniedWithoutThePolicyTextIsDerivedFromTheOperationAndService() {
        assertThat(translate(dynamo(400, "AccessDeniedException", "Access denied"), AWS_SSO, "DescribeTable")
                        .headline())
                .isEqualTo("Access denied: dynamodb:DescribeTable is missing");

        CloudWatchException cw = (CloudWatchException) CloudWatchException.builder()
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode("AccessDenied")
                        .serviceName("CloudWatch")
                        .errorMessage("Access Denied")
                        .build())
                .statusCode(403)
                .build();
        assertThat(translate(cw, AWS_SSO, "GetMetricData").headline())
                .isEqualTo("Access denied: cloudwatch:GetMetricData is missing");

        assertThat(ErrorTranslator.missingPermission(null, null, null)).isEqualTo("dynamodb:<operation>");
    }

    @Test
    void unrecognizedClientSaysTheCredentialsWereRejectedAndNamesTheProfile() {
        DynamoDbException e =
                dynamo(400, "UnrecognizedClientException", "The security token included in the request is invalid.");

        UserMessage withProfile = translate(e, AWS_SSO, "ListTables");
        UserMessage withoutProfile = translate(e, AWS_DEFAULT, "ListTables");

        assertThat(withProfile.headline()).isEqualTo("AWS rejected the credentials");
        assertThat(withProfile.detail())
                .isEqualTo("UnrecognizedClientException: The security token included in the" + " request is invalid.");
        assertThat(withProfile.hint()).contains("profile 'sso-dev'").contains("aws configure --profile sso-dev");
        assertThat(withoutProfile.hint())
                .isEqualTo("Check your credentials (aws configure), or pick a profile in the" + " connection dialog.");
    }

    @Test
    void expiredTokenWithAProfileSuggestsSsoLoginForThatProfile() {
        DynamoDbException e =
                dynamo(400, "ExpiredTokenException", "The security token included in the request is" + " expired");

        UserMessage message = translate(e, AWS_SSO, "ListTables");

        assertThat(message.headline()).isEqualTo("The credentials have expired");
        assertThat(message.hint()).contains("aws sso login --profile sso-dev");
        assertThat(translate(e, AWS_DEFAULT, "ListTables").hint()).doesNotContain("--profile");
    }

    @Test
    void theSdksSsoSessionExpiredErrorSuggestsSsoLogin() {
        SdkClientException e = SdkClientException.create("The SSO session associated with this profile has expired or"
                + " is otherwise invalid. To refresh this SSO session run aws sso login with the corresponding"
                + " profile.");

        UserMessage message = translate(e, AWS_SSO, "ListTables");

        assertThat(message.headline()).isEqualTo("Your SSO session has expired");
        assertThat(message.hint())
                .isEqualTo("Run 'aws sso login --profile sso-dev' in a terminal, then connect again.");
        assertThat(translate(e, AWS_DEFAULT, "ListTables").hint()).contains("aws sso login --profile <profile>");
    }

    @Test
    void noCredentialsInTheDefaultChainSaysSoWithoutBeingMistakenForSso() {
        // The shape of DefaultCredentialsProvider's message (SDK 2.57) when no source has credentials.
        SdkClientException e = SdkClientException.create("Unable to load credentials from any of the providers in the"
                + " chain AwsCredentialsProviderChain(credentialsProviders=[SystemPropertyCredentialsProvider(),"
                + " EnvironmentVariableCredentialsProvider(), WebIdentityTokenCredentialsProvider(),"
                + " ProfileCredentialsProvider(profileName=default, profileFile=ProfileFile(sections=[])),"
                + " ContainerCredentialsProvider(), InstanceProfileCredentialsProvider()]) :"
                + " [SystemPropertyCredentialsProvider(): Unable to load credentials from system settings. Access key"
                + " must be specified either via environment variable (AWS_ACCESS_KEY_ID) or system property"
                + " (aws.accessKeyId)., WebIdentityTokenCredentialsProvider(): Either the environment variable"
                + " AWS_WEB_IDENTITY_TOKEN_FILE or the javaproperty aws.webIdentityTokenFile must be set.,"
                + " ProfileCredentialsProvider(profileName=default, profileFile=ProfileFile(sections=[])): Profile"
                + " file contained no credentials for profile 'default': ProfileFile(sections=[]),"
                + " ContainerCredentialsProvider(): Cannot fetch credentials from container - neither"
                + " AWS_CONTAINER_CREDENTIALS_FULL_URI or AWS_CONTAINER_CREDENTIALS_RELATIVE_URI environment"
                + " variables are set., InstanceProfileCredentialsProvider(): Failed to load credentials from IMDS.]");

        UserMessage message = translate(e, AWS_DEFAULT, "ListTables");

        assertThat(message.headline()).isEqualTo("No AWS credentials found");
        assertThat(message.hint()).contains("aws configure");
    }

    @Test
    void noCredentialsForAProfileWhoseNameContainsSsoIsNotAnSsoExpiry() {
        SdkClientException e = SdkClientException.create("Unable to load credentials from any of the providers in the"
                + " chain AwsCredentialsProviderChain(credentialsProviders=[SystemPropertyCredentialsProvider(),"
                + " EnvironmentVariableCredentialsProvider(), WebIdentityTokenCredentialsProvider(),"
                + " ProfileCredentialsProvider(profileName=sso-admin, profileFile=ProfileFile(sections=[]))]) :"
                + " [ProfileCredentialsProvider(profileName=sso-admin): Profile file contained no credentials for"
                + " profile 'sso-admin']");

        assertThat(translate(e, AWS_DEFAULT, "ListTables").headline()).isEqualTo("No AWS credentials found");
    }

    @Test
    void aMissingSsoTokenAlsoSuggestsSsoLogin() {
        SdkClientException e = SdkClientException.create("Unable to load SSO token");

        UserMessage message = translate(e, AWS_SSO, "ListTables");

        assertThat(message.headline()).isEqualTo("Your SSO session has expired");
        assertThat(message.hint()).contains("aws sso login --profile sso-dev");
    }

    @Test
    void unknownOperationSaysTheEndpointDoesNotSupportIt() {
        DynamoDbException e = dynamo(400, "UnknownOperationException", null);

        UserMessage message = translate(e, LOCALSTACK, "DescribeContributorInsights");

        assertThat(message.headline()).isEqualTo("Not supported by this endpoint");
        assertThat(message.detail())
                .isEqualTo("DescribeContributorInsights is not implemented by" + " http://localhost:4566.");
    }

    @Test
    void serverErrorsNameTheHttpStatus() {
        UserMessage internal = translate(dynamo(500, "InternalServerError", "Internal server error"), AWS_SSO, "Query");
        UserMessage unavailable = translate(dynamo(503, "ServiceUnavailable", null), AWS_SSO, "Query");

        assertThat(internal.headline()).isEqualTo("The server failed (HTTP 500)");
        assertThat(internal.detail()).isEqualTo("InternalServerError: Internal server error");
        assertThat(unavailable.headline()).isEqualTo("The server failed (HTTP 503)");
        assertThat(unavailable.detail()).isEqualTo("ServiceUnavailable");
    }

    @Test
    void otherClientErrorsAreRefusalsNamingTheOperation() {
        UserMessage message = translate(
                dynamo(400, "ValidationException", "One or more parameter values were" + " invalid"), AWS_SSO, "Query");

        assertThat(message.headline()).isEqualTo("Request refused: Query");
        assertThat(message.detail()).isEqualTo("ValidationException: One or more parameter values were invalid");
    }

    @Test
    void throttlingAndMissingTablesHaveTheirOwnHeadlines() {
        assertThat(translate(
                                dynamo(
                                        400,
                                        "ProvisionedThroughputExceededException",
                                        "The level of configured"
                                                + " provisioned throughput for the table was exceeded."),
                                AWS_SSO,
                                "PutItem")
                        .headline())
                .isEqualTo("Throttled");
        assertThat(translate(
                                dynamo(
                                        400,
                                        "ResourceNotFoundException",
                                        "Requested resource not found: Table: t not" + " found"),
                                AWS_SSO,
                                "DescribeTable")
                        .headline())
                .isEqualTo("Not found");
    }

    @Test
    void aBlockedWriteIsExplainedEvenWhenWrapped() {
        WriteBlockedException blocked = new WriteBlockedException("prod", "DynamoDb", "PutItem", Set.of("orders"));

        UserMessage message = translate(new RuntimeException("task failed", blocked), AWS_SSO, "PutItem");

        assertThat(message.headline()).isEqualTo("Writes are locked on this connection");
        assertThat(message.detail())
                .isEqualTo("DynamoDB PutItem on orders was blocked: connection 'prod' is" + " read-only.");
        assertThat(message.hint()).startsWith("Nothing was sent. If you really mean to change orders");
    }

    @Test
    void aConnectExceptionCarriesItsOwnMessage() {
        UserMessage own = UserMessage.of("Unknown AWS profile 'x'", "detail", "hint");

        assertThat(translate(new ConnectException(own), AWS_SSO, "ListTables")).isSameAs(own);
    }

    @Test
    void anUnknownHostIsNamed() {
        SdkClientException e = SdkClientException.create(
                "Unable to execute HTTP request: nowhere.invalid", new UnknownHostException("nowhere.invalid"));

        UserMessage message =
                translate(e, ConnectionSpec.custom("c", "http://nowhere.invalid:8000", "us-east-1", "k"), "ListTables");

        assertThat(message.headline()).isEqualTo("Unknown host");
        assertThat(message.detail())
                .isEqualTo("The host in http://nowhere.invalid:8000 could not be resolved" + " (nowhere.invalid).");
    }

    @Test
    void aRefusedConnectionToLocalStackSuggestsStartingIt() {
        SdkClientException e = SdkClientException.create(
                "Unable to execute HTTP request: Connect to" + " http://localhost:4566 failed: Connection refused",
                new java.net.ConnectException("Connection refused"));

        UserMessage message = translate(e, LOCALSTACK, "ListTables");

        assertThat(message.headline()).isEqualTo("Cannot reach the endpoint");
        assertThat(message.hint()).startsWith("Start LocalStack");
    }

    @Test
    void aCallTimeoutSaysTheEndpointDidNotAnswerInTime() {
        UserMessage message = translate(ApiCallTimeoutException.create(1500), LOCALSTACK, "ListTables");

        assertThat(message.headline()).isEqualTo("The endpoint did not answer in time");
        assertThat(message.detail()).isEqualTo("http://localhost:4566 accepted no request within the timeout.");
    }

    @Test
    void anInterruptionIsACancellation() {
        SdkClientException e = SdkClientException.create("interrupted", new InterruptedException());

        assertThat(translate(e, LOCALSTACK, "Scan").headline()).isEqualTo("Cancelled");
    }

    @Test
    void anythingElseIsUnexpectedWithTheFirstLineOfItsMessageOnly() {
        IllegalStateException e = new IllegalStateException("boom\n\tat some.Class.method(Class.java:1)");

        UserMessage message = translate(e, AWS_SSO, "Scan");

        assertThat(message.headline()).isEqualTo("Unexpected error in Scan");
        assertThat(message.detail()).isEqualTo("IllegalStateException: boom");
    }

    @AfterAll
    static void noMessageContainsAStackTrace() {
        assertThat(produced).isNotEmpty().allSatisfy(m -> {
            assertThat(m.asText()).doesNotContain("Exception\n\tat").doesNotContain("\tat ");
            assertThat(m.headline()).isNotBlank().doesNotContain("\n");
            assertThat(m.hint()).isNotBlank();
        });
    }
}
