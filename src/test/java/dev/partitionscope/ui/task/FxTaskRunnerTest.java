package dev.partitionscope.ui.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Work handed to a runner that has shut down (the app is closing) is dropped quietly, not thrown on the FX thread. */
class FxTaskRunnerTest {
    @Test
    void workAfterShutdownIsDroppedWithoutAnException() throws Exception {
        FxToolkit.registerPrimaryStage();
        FxTaskRunner runner = new FxTaskRunner(1);
        runner.shutdown();
        AtomicInteger called = new AtomicInteger();
        TaskHandle h = WaitForAsyncUtils.asyncFx(() -> runner.run(
                        "late",
                        ctx -> 1,
                        v -> called.incrementAndGet(),
                        e -> called.incrementAndGet(),
                        called::incrementAndGet))
                .get();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(h).isSameAs(TaskHandle.NONE);
        assertThat(called).hasValue(0);
    }
}
