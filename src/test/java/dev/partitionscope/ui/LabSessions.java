package dev.partitionscope.ui;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.LocalStackProbe;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import dev.partitionscope.ui.task.TaskRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The session ViewModel tests run on: a {@link MainViewModel} whose background work runs on the calling thread, that
 * connects to {@code labHost}'s Lab and reads no AWS profile of the machine running the tests.
 */
public final class LabSessions {
    private LabSessions() {}

    /** A MainViewModel on {@code labHost}, with the same-thread task runner and no AWS configuration files. */
    public static MainViewModel on(LabHost labHost) {
        return on(labHost, new DirectTaskRunner());
    }

    /** A MainViewModel on {@code labHost} whose background work runs on {@code tasks}. */
    public static MainViewModel on(LabHost labHost, TaskRunner tasks) {
        return new MainViewModel(
                tasks,
                new ConnectService(
                        () -> new ConnectionFactory(
                                AwsProfiles.from(
                                        Path.of("/nonexistent/config"), Path.of("/nonexistent/credentials"), Map.of()),
                                new ConnectionFactory.Timeouts(
                                        Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(10))),
                        new LocalStackProbe(Duration.ofSeconds(1)),
                        labHost));
    }
}
