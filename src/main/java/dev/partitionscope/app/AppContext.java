package dev.partitionscope.app;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionStore;
import dev.partitionscope.aws.LocalStackProbe;
import dev.partitionscope.config.AppDirs;
import dev.partitionscope.config.JsonFiles;
import dev.partitionscope.config.Settings;
import dev.partitionscope.config.SettingsStore;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.FxTaskRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The composition root: builds the long-lived services once and hands them to the window. Tests build their own
 * with a temporary config directory and fake profile files.
 */
public final class AppContext {
    private final SettingsStore settingsStore;
    private final Settings settings;
    private final ConnectionStore connectionStore;
    private final Supplier<AwsProfiles> profiles;
    private final FxTaskRunner tasks;
    private final MainViewModel main;
    private final List<String> startupProblems = new ArrayList<>();
    private final LabHost labHost;
    private FileDialogs fileDialogs = FileDialogs.system();
    /** How the built-in Lab starts alive when the setting is on; null: never (tests, unless they ask). */
    private volatile dev.partitionscope.lab.LivingLab.Options labAlive;

    public AppContext(Path configDir, Supplier<AwsProfiles> profiles, ConnectionFactory.Timeouts timeouts) {
        this.settingsStore = new SettingsStore(configDir);
        JsonFiles.Read<Settings> read = settingsStore.load();
        this.settings = read.value();
        if (read.problem() != null) {
            startupProblems.add(read.problem());
            System.getLogger(AppContext.class.getName()).log(System.Logger.Level.WARNING, read.problem());
        }
        this.connectionStore = new ConnectionStore(configDir);
        String connectionsProblem = connectionStore.load().problem();
        if (connectionsProblem != null) {
            startupProblems.add(connectionsProblem);
        }
        this.profiles = profiles;
        this.tasks = new FxTaskRunner(4);
        // Profiles are re-read on every connect so a config edit needs no restart.
        // -Dpartitionscope.lab.port=8000 gives the embedded Lab a fixed port, so other tools can reach it too.
        this.labHost = new LabHost(Lab.Options.defaults().withPort(Integer.getInteger("partitionscope.lab.port", 0)));
        ConnectService connectService = new ConnectService(
                () -> new ConnectionFactory(profiles.get(), timeouts),
                new LocalStackProbe(timeouts.connect()),
                labHost);
        this.main = new MainViewModel(tasks, connectService);
        labHost.startAlive(this::labAlive);
    }

    /** The user's app: the built-in Lab starts alive unless the setting says not to. */
    public static AppContext forUser() {
        AppContext context =
                new AppContext(AppDirs.configDir(), AwsProfiles::fromEnvironment, ConnectionFactory.Timeouts.DEFAULT);
        context.startLabAlive(dev.partitionscope.lab.LivingLab.Options.defaults());
        return context;
    }

    /**
     * Lets the built-in Lab start alive with these options while {@link Settings#labStartsAlive} is on. Contexts
     * built by tests start it still unless they call this (before the Lab starts).
     */
    public void startLabAlive(dev.partitionscope.lab.LivingLab.Options options) {
        this.labAlive = options;
    }

    /** How the built-in Lab starts alive now: null when it starts still (not allowed here, or the setting is off). */
    public dev.partitionscope.lab.LivingLab.Options labAlive() {
        dev.partitionscope.lab.LivingLab.Options options = labAlive;
        return options != null && settings.labStartsAlive ? options : null;
    }

    public Settings settings() {
        return settings;
    }

    public void saveSettings() {
        try {
            settingsStore.save(settings);
        } catch (IOException e) {
            System.getLogger(AppContext.class.getName())
                    .log(System.Logger.Level.WARNING, "could not save settings to " + settingsStore.file(), e);
        }
    }

    public ConnectionStore connectionStore() {
        return connectionStore;
    }

    public AwsProfiles profiles() {
        return profiles.get();
    }

    public FxTaskRunner tasks() {
        return tasks;
    }

    public MainViewModel main() {
        return main;
    }

    public List<String> startupProblems() {
        return List.copyOf(startupProblems);
    }

    public LabHost labHost() {
        return labHost;
    }

    /** How the window asks for files to save and open. */
    public FileDialogs fileDialogs() {
        return fileDialogs;
    }

    /** For tests, before the window opens: a native file chooser cannot be driven headless. */
    public void useFileDialogs(FileDialogs dialogs) {
        this.fileDialogs = dialogs;
    }

    public void shutdown() {
        main.shutdown();
        tasks.shutdown();
        labHost.close();
    }
}
