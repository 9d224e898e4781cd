package dev.partitionscope.aws;

/** The ways PartitionScope reaches a DynamoDB endpoint. */
public enum ConnectionKind {
    /** The AWS cloud through the default credential chain or a named profile (SSO included). */
    AWS("AWS"),
    /** LocalStack's edge port; DynamoDB Local underneath, so no throttling and no DynamoDB metrics. */
    LOCALSTACK("LocalStack"),
    /** Any DynamoDB-compatible server: DynamoDB Local, dynalite, ScyllaDB Alternator, ... */
    CUSTOM("Custom endpoint"),
    /** The built-in Lab, a local endpoint that throttles like DynamoDB. */
    LAB("Lab");

    private final String label;

    ConnectionKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Local endpoints get dummy static credentials; AWS credentials only ever come from the AWS chain. */
    public boolean isLocal() {
        return this != AWS;
    }
}
