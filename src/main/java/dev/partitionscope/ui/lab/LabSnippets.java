package dev.partitionscope.ui.lab;

import dev.partitionscope.aws.ConnectionSpec;

/**
 * What to paste to reach the Lab from outside the app: the AWS CLI example, the one-line hint, environment variables
 * and SDK clients. The Lab accepts any credentials, so the snippets use test / test.
 */
public record LabSnippets(String endpoint) {

    /** The AWS CLI example for the clipboard. */
    public String cliExample() {
        return "aws dynamodb list-tables --endpoint-url " + endpoint + " --region " + ConnectionSpec.LOCAL_REGION;
    }

    /** How to point your own code at the Lab. */
    public String clientHint() {
        return "Point your own app at it: endpoint override " + endpoint + ", region " + ConnectionSpec.LOCAL_REGION
                + ", any access key and secret (e.g. test / test). Or set AWS_ENDPOINT_URL_DYNAMODB=" + endpoint
                + " for any AWS SDK or the CLI.";
    }

    /** Environment variables that point any recent AWS SDK or the AWS CLI at the Lab. */
    public String environment() {
        return "export AWS_ENDPOINT_URL_DYNAMODB=" + endpoint + "\n"
                + "export AWS_REGION=" + ConnectionSpec.LOCAL_REGION + "\n"
                + "export AWS_ACCESS_KEY_ID=test\nexport AWS_SECRET_ACCESS_KEY=test\n";
    }

    /** A Java SDK v2 client for the Lab. */
    public String java() {
        return "DynamoDbClient dynamo = DynamoDbClient.builder()\n"
                + "        .endpointOverride(URI.create(\"" + endpoint + "\"))\n"
                + "        .region(Region.US_EAST_1)\n"
                + "        .credentialsProvider(StaticCredentialsProvider.create(\n"
                + "                AwsBasicCredentials.create(\"test\", \"test\")))\n"
                + "        .build();\n";
    }

    /** A boto3 client for the Lab. */
    public String python() {
        return "dynamodb = boto3.client(\"dynamodb\", endpoint_url=\"" + endpoint + "\",\n"
                + "                        region_name=\"us-east-1\", aws_access_key_id=\"test\",\n"
                + "                        aws_secret_access_key=\"test\")\n";
    }
}
