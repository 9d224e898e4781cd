package dev.partitionscope.cli;

import dev.partitionscope.config.AppInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code partitionscope}: with no subcommand the launcher opens the window; subcommands run headless. */
@Command(
        name = "partitionscope",
        mixinStandardHelpOptions = true,
        versionProvider = RootCommand.Version.class,
        description = {
            "Makes DynamoDB hot partitions visible and fixable.",
            "Run without arguments to open the desktop app."
        },
        footer = {
            "",
            "Connections: --endpoint URL for LocalStack, DynamoDB Local, dynalite or the Lab;",
            "omit it for AWS with the default credential chain (--profile, --region as usual)."
        },
        subcommands = {
            LabCommand.class,
            WorkloadCommand.class,
            TablesCommand.class,
            DescribeCommand.class,
            MetricsCommand.class,
            HeatCommand.class,
            FleetCommand.class,
            PreviewCommand.class,
            ScatterCommand.class,
            AuditCommand.class,
            ReportCommand.class,
            CommandLine.HelpCommand.class
        })
public final class RootCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Reads the version written at build time. */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                AppInfo.NAME + " " + AppInfo.version(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
            };
        }
    }

    /** Runs the CLI and returns the exit code (tests call this instead of {@code System.exit}). */
    public static int execute(String... args) {
        return new CommandLine(new RootCommand())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .execute(args);
    }

    /** As {@link #execute(String...)}, writing to the given streams. */
    public static int execute(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        return new CommandLine(new RootCommand())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(out)
                .setErr(err)
                .execute(args);
    }
}
