package dev.partitionscope.cli;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The connection options every headless subcommand shares. */
public final class ConnectionOptions {
    @Option(
            names = "--endpoint",
            paramLabel = "URL",
            description = "Endpoint URL (LocalStack, DynamoDB Local, dynalite, the Lab). Omit for AWS.")
    String endpoint;

    @Option(names = "--region", description = "Region (default: the profile's, or us-east-1 for --endpoint).")
    String region;

    @Option(names = "--profile", description = "AWS profile (AWS only; default: the default credential chain).")
    String profile;

    @Option(
            names = "--access-key",
            paramLabel = "ID",
            defaultValue = "test",
            description = "Access key id sent to a local endpoint (DynamoDB Local keeps one database per key and"
                    + " region). Default: ${DEFAULT-VALUE}.")
    String accessKey;

    ConnectionSpec spec() {
        if (endpoint != null) {
            return ConnectionSpec.custom(
                    "cli", endpoint, region == null ? ConnectionSpec.LOCAL_REGION : region, accessKey);
        }
        return ConnectionSpec.aws("cli", profile, region);
    }

    /** What a subcommand does with an open connection; returns the exit code. */
    @FunctionalInterface
    interface Work {
        int run(Connection connection) throws Exception;
    }

    /**
     * Connects, runs the work, closes the connection; any failure becomes a message and hint on stderr and exit
     * code 1, never a stack trace.
     */
    int run(CommandLine.Model.CommandSpec command, String operation, Work work) throws Exception {
        ConnectionSpec s = spec();
        ConnectService service = new ConnectService(new ConnectionFactory(AwsProfiles.fromEnvironment()));
        try (Connection c = service.connect(s).connection()) {
            int code = work.run(c);
            command.commandLine().getOut().flush();
            return code;
        } catch (RuntimeException e) {
            return CliSupport.fail(command.commandLine().getErr(), e, s, operation);
        }
    }
}
