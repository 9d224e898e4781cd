package dev.partitionscope.lab.partition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Many server threads on one table model: no lost update, no double spend. */
class ConcurrencyTest {

    @Test
    void concurrentRequestsNeverSpendMoreThanTheBucketHolds() throws Exception {
        // 1,000 WCU, no burst: one second of tokens (1,000) and, with time frozen, no refill.
        ModelDriver d = new ModelDriver(
                ModelDriver.withIndex(ModelDriver.provisioned("Orders", 0, 1000), "byStatus", 0, 10_000),
                ModelParams.DEFAULTS.withBurstSeconds(0));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Integer>> tasks = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                tasks.add(() -> {
                    int admitted = 0;
                    for (int i = 0; i < 5000; i++) {
                        Charge c = Charge.write(
                                ModelDriver.hash("t" + thread + "-" + i),
                                1,
                                List.of(new Charge.IndexWrite("byStatus", ModelDriver.hash("s" + i % 7), 1)));
                        if (d.model.acquire(c).allowed()) {
                            admitted++;
                        }
                    }
                    return admitted;
                });
            }
            int total = 0;
            for (Future<Integer> f : pool.invokeAll(tasks)) {
                total += f.get();
            }

            assertThat(total).isEqualTo(1000);
            ModelSnapshot s = d.model.snapshot();
            assertThat(s.table().writeAvailable()).isZero();
            assertThat(s.resource("byStatus").writeAvailable()).isEqualTo(9000);
        } finally {
            pool.shutdownNow();
        }
    }
}
