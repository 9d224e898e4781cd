package dev.partitionscope.core.codegen;

/** The languages PartitionScope writes key code for, each with its AWS SDK's idiom. */
public enum Language {
    /** One {@code .java} file: the key functions plus a reader on the AWS SDK for Java v2 {@code DynamoDbClient}. */
    JAVA,
    /** {@code keys.ts} (pure, no imports) plus {@code reader.ts} on {@code @aws-sdk/client-dynamodb} (SDK v3). */
    TYPESCRIPT,
    /** {@code keys.py} (pure, standard library only) plus {@code reader.py} on boto3's low-level client. */
    PYTHON
}
