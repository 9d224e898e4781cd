package dev.partitionscope.ui.sharding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The designer's "Load ids" reads the file on the task runner; a missing file or a bad line keeps the old ids. */
class ShardingIdsFileTest {
    @TempDir
    Path dir;

    private final DirectTaskRunner tasks = new DirectTaskRunner();
    private final MainViewModel main = new MainViewModel(
            tasks,
            new ConnectService(new ConnectionFactory(
                    AwsProfiles.from(Path.of("/nonexistent/a"), Path.of("/nonexistent/b"), Map.of()))));
    private final ShardingViewModel vm = new ShardingViewModel(main);
    private final AtomicReference<Exception> failure = new AtomicReference<>();

    @AfterEach
    void stop() {
        main.shutdown();
    }

    @Test
    void theFileIsReadOnTheRunnerAndItsIdsTaken() throws Exception {
        Path file = Files.writeString(dir.resolve("ids.txt"), "o-1\no-2, 2026-06-22T10:00:00Z\n\no-3\t1750000000000\n");

        vm.loadIds(file, failure::set);

        assertThat(tasks.titles()).contains("Loading ids from ids.txt");
        assertThat(failure.get()).isNull();
        assertThat(vm.idsSourceProperty().get()).isEqualTo("3 ids from ids.txt");
    }

    @Test
    void aMissingFileOrABadLineIsReportedAndTheIdsStay() throws Exception {
        String before = vm.idsSourceProperty().get();

        vm.loadIds(dir.resolve("gone.txt"), failure::set);
        assertThat(failure.get()).isInstanceOf(IOException.class);
        assertThat(vm.idsSourceProperty().get()).isEqualTo(before);

        Path bad = Files.writeString(dir.resolve("bad.txt"), "o-1\no-2, yesterday\n");
        vm.loadIds(bad, failure::set);
        assertThat(failure.get()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Line 2");
        assertThat(vm.idsSourceProperty().get()).isEqualTo(before);
    }
}
