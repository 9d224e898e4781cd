package dev.partitionscope.aws;

import dev.partitionscope.core.codegen.AwsCliQuery;
import dev.partitionscope.core.scatter.ShardQuery;

/** AWS CLI equivalents of what the app does, so a user can repeat or script it in a terminal. */
public final class CliCommands {
    private CliCommands() {}

    /** {@code aws dynamodb describe-table} for this connection, with endpoint, region, profile and local keys. */
    public static String describeTable(ConnectionSpec spec, String region, String table) {
        return prefix(spec) + "aws dynamodb describe-table --table-name " + quote(table) + suffix(spec, region);
    }

    /** {@code aws dynamodb describe-contributor-insights} for the table or one of its GSIs. */
    public static String describeContributorInsights(ConnectionSpec spec, String region, String table, String index) {
        return prefix(spec) + "aws dynamodb describe-contributor-insights --table-name " + quote(table)
                + (index == null ? "" : " --index-name " + quote(index)) + suffix(spec, region);
    }

    /**
     * {@code aws dynamodb query} for one shard's Query ({@link AwsCliQuery}), with this connection's endpoint, region,
     * profile and local keys.
     */
    public static String query(ConnectionSpec spec, String region, ShardQuery query) {
        return prefix(spec) + AwsCliQuery.command(query) + suffix(spec, region);
    }

    private static String prefix(ConnectionSpec spec) {
        if (spec.kind() == ConnectionKind.AWS) {
            return "";
        }
        // Local endpoints: DynamoDB Local picks its database by access key id, so the command must send the same one.
        return "AWS_ACCESS_KEY_ID=" + quote(spec.accessKeyId()) + " AWS_SECRET_ACCESS_KEY=dummy ";
    }

    private static String suffix(ConnectionSpec spec, String region) {
        StringBuilder sb = new StringBuilder();
        if (region != null) {
            sb.append(" --region ").append(quote(region));
        }
        if (spec.kind() == ConnectionKind.AWS) {
            if (spec.profile() != null) {
                sb.append(" --profile ").append(quote(spec.profile()));
            }
        } else if (spec.endpoint() != null) {
            sb.append(" --endpoint-url ").append(quote(spec.endpoint()));
        }
        return sb.toString();
    }

    /** POSIX shell quoting: bare when safe, else single quotes with embedded quotes escaped. */
    static String quote(String s) {
        return AwsCliQuery.quote(s);
    }
}
