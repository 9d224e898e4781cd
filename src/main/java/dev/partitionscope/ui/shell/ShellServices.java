package dev.partitionscope.ui.shell;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectionStore;
import dev.partitionscope.config.Settings;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.task.FxTaskRunner;
import java.util.function.Supplier;

/**
 * What the window needs from the composition root.
 *
 * @param files asks the user for files to save and open (a native chooser; tests hand in paths)
 */
public record ShellServices(
        MainViewModel main,
        FxTaskRunner tasks,
        ConnectionStore connections,
        Supplier<AwsProfiles> profiles,
        Settings settings,
        Runnable saveSettings,
        LabHost labHost,
        FileDialogs files) {}
