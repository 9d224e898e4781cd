package dev.partitionscope.app;

import dev.partitionscope.cli.RootCommand;
import dev.partitionscope.config.AppDirs;
import dev.partitionscope.config.Logs;
import javafx.application.Application;

/**
 * Entry point of the runnable jar and of {@code mvn javafx:run}. A class that extends {@code Application} cannot
 * start from a plain classpath, so this one dispatches: no arguments opens the window, anything else is the CLI.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        // One rotating log for the window and the CLI, in the config directory (Help ▸ Copy diagnostics shows its end).
        Logs.install(AppDirs.configDir());
        if (args.length == 0) {
            String problem = displayProblem(
                    System.getProperty("os.name", ""),
                    System.getenv("DISPLAY"),
                    System.getenv("WAYLAND_DISPLAY"),
                    System.getProperty("glass.platform"));
            if (problem != null) {
                System.err.println(problem);
                System.exit(1);
            }
            Application.launch(PartitionScopeApp.class);
            return;
        }
        System.exit(RootCommand.execute(args));
    }

    /** On Linux without a display JavaFX dies with a stack trace; say what to do instead. Null when fine. */
    static String displayProblem(String osName, String display, String waylandDisplay, String glassPlatform) {
        boolean linux = osName.toLowerCase(java.util.Locale.ROOT).contains("linux");
        boolean noDisplay =
                (display == null || display.isBlank()) && (waylandDisplay == null || waylandDisplay.isBlank());
        if (!linux || !noDisplay || "Monocle".equalsIgnoreCase(glassPlatform)) {
            return null;
        }
        return "PartitionScope needs a display to open its window, and none is set (DISPLAY is empty).\n"
                + "  - On a desktop: start it from your desktop session.\n"
                + "  - Over SSH: use 'ssh -X', or run under a virtual display: xvfb-run -a java -jar partitionscope.jar\n"
                + "  - Headless: use the command line, e.g. 'partitionscope --help' or 'partitionscope tables --endpoint"
                + " http://localhost:8000'.";
    }
}
