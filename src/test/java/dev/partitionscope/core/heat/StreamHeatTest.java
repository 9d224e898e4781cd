package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StreamHeatTest {
    private static final Instant T0 = Instant.parse("2026-06-22T01:00:00Z");
    private static final long MS = T0.toEpochMilli();

    private static StreamHeat heat(int resolution, boolean keysOnly) {
        return new StreamHeat("orders", null, T0, T0.plusSeconds(600), resolution, keysOnly);
    }

    @Test
    void writeUnitsAreTheLargerImagePerStartedKb() {
        assertThat(StreamHeat.writeUnits(-1, 100)).isEqualTo(1);
        assertThat(StreamHeat.writeUnits(1024, 100)).isEqualTo(1);
        assertThat(StreamHeat.writeUnits(1025, 100)).isEqualTo(2);
        assertThat(StreamHeat.writeUnits(100, 3000)).isEqualTo(3);
        assertThat(StreamHeat.writeUnits(-1, -1))
                .as("no image at all: the minimum")
                .isEqualTo(1);
    }

    @Test
    void sumsExactlyPerKeyAndOrdersByWritesThenKey() {
        StreamHeat h = heat(60, false);
        StreamHeat.Shard s = h.shard();
        for (int i = 0; i < 5; i++) {
            s.add("HOT", MS + i * 1000L, 2);
        }
        s.add("b", MS + 70_000, 1);
        s.add("a", MS + 80_000, 3);
        h.merge(s);

        assertThat(h.records()).isEqualTo(7);
        assertThat(h.keys())
                .containsExactly(
                        new StreamKeyTotal("HOT", 5, 10, 2),
                        new StreamKeyTotal("a", 1, 3, 3),
                        new StreamKeyTotal("b", 1, 1, 1));
        KeyTimeMatrix units = h.writeUnits();
        KeyTimeMatrix writes = h.writes();
        assertThat(units.unit()).isEqualTo(MatrixUnit.WRITE_UNITS_PER_SECOND);
        assertThat(writes.unit()).isEqualTo(MatrixUnit.WRITES_PER_SECOND);
        assertThat(units.provenance()).isEqualTo(Provenance.DYNAMODB_STREAM);
        assertThat(units.columns()).isEqualTo(10);
        int hot = units.indexOf(RowKey.of("orders", null, "HOT"));
        assertThat(units.value(hot, 0)).isEqualTo(10 / 60.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(writes.value(writes.indexOf(RowKey.of("orders", null, "HOT")), 0))
                .isEqualTo(5 / 60.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(units.value(units.indexOf(RowKey.of("orders", null, "a")), 1))
                .isEqualTo(3 / 60.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void peakIsTheBusiestSecondEvenAtMinuteResolution() {
        StreamHeat h = heat(60, false);
        StreamHeat.Shard s = h.shard();
        for (int i = 0; i < 30; i++) {
            s.add("k", MS + 5_000 + i * 10L, 1); // 30 units in second 5
        }
        for (int i = 0; i < 40; i++) {
            s.add("k", MS + 10_000 + i * 1000L, 1); // 1 unit a second for 40 s
        }
        h.merge(s);
        StreamKeyTotal k = h.keys().get(0);
        assertThat(k.writes()).isEqualTo(70);
        assertThat(k.writeUnits()).isEqualTo(70);
        assertThat(k.peakWriteUnitsPerSecond()).isEqualTo(30);
    }

    @Test
    void oneSecondResolutionPutsABurstInItsSeconds() {
        StreamHeat h = heat(1, false);
        StreamHeat.Shard s = h.shard();
        for (int i = 0; i < 100; i++) {
            s.add("burst", MS + 42_000 + i, 1);
        }
        for (int i = 0; i < 50; i++) {
            s.add("burst", MS + 43_500 + i, 2);
        }
        h.merge(s);
        KeyTimeMatrix m = h.writeUnits();
        assertThat(m.columns()).isEqualTo(600);
        assertThat(m.nonEmptyCells()).isEqualTo(2);
        assertThat(m.value(0, 42)).isEqualTo(100);
        assertThat(m.value(0, 43)).isEqualTo(100);
        assertThat(h.writes().value(0, 43)).isEqualTo(50);
    }

    @Test
    void recordsOutsideTheWindowAreSkipped() {
        StreamHeat h = heat(1, false);
        StreamHeat.Shard s = h.shard();
        assertThat(s.add("k", MS - 1, 1)).isFalse();
        assertThat(s.add("k", MS, 1)).isTrue();
        assertThat(s.add("k", MS + 599_999, 1)).isTrue();
        assertThat(s.add("k", MS + 600_000, 1)).isFalse();
        h.merge(s);
        assertThat(h.records()).isEqualTo(2);
        assertThat(h.keys()).containsExactly(new StreamKeyTotal("k", 2, 2, 1));
        assertThat(h.writes().value(0, 599)).isEqualTo(1);
    }

    @Test
    void keysOnlyCountsWritesOnly() {
        StreamHeat h = heat(60, true);
        StreamHeat.Shard s = h.shard();
        s.add("k", MS, Double.NaN);
        s.add("k", MS + 1, Double.NaN);
        h.merge(s);
        assertThat(h.writeUnits()).isNull();
        StreamKeyTotal k = h.keys().get(0);
        assertThat(k.writes()).isEqualTo(2);
        assertThat(k.writeUnits()).isNaN();
        assertThat(k.peakWriteUnitsPerSecond()).isNaN();
        assertThat(h.writes().total()).isEqualTo(2 / 60.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void columnsBeforeTheStreamsRetentionAreMarkedMissing() {
        StreamHeat h = heat(60, false);
        h.availableFrom(T0.plusSeconds(150), "older than the stream's 24 h retention");
        KeyTimeMatrix m = h.writes();
        assertThat(m.isMissing(0)).isTrue();
        assertThat(m.isMissing(1)).isTrue();
        assertThat(m.isMissing(2)).as("partly retained").isFalse();
        assertThat(m.qualities()).contains(Quality.MISSING_COLUMNS);
    }

    @Test
    void shardsMergedFromManyThreadsSumExactly() throws Exception {
        StreamHeat h = new StreamHeat("t", null, T0, T0.plusSeconds(86_400), 1, false);
        int shards = 16;
        int perShard = 50_000;
        long[] expectedWrites = new long[1000];
        long[] expectedUnits = new long[1000];
        List<long[]> plan = new ArrayList<>();
        Random random = new Random(7);
        for (int i = 0; i < shards * perShard; i++) {
            int key = random.nextInt(1000);
            long t = MS + (long) random.nextInt(86_400_000);
            int units = 1 + random.nextInt(4);
            expectedWrites[key]++;
            expectedUnits[key] += units;
            plan.add(new long[] {key, t, units});
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<?>> futures = new ArrayList<>();
        for (int sh = 0; sh < shards; sh++) {
            int from = sh * perShard;
            futures.add(pool.submit(() -> {
                StreamHeat.Shard s = h.shard();
                for (int i = from; i < from + perShard; i++) {
                    long[] r = plan.get(i);
                    s.add("k" + r[0], r[1], (double) r[2]);
                    if (i % 10_000 == 0) { // merge part-way too, as a cancelled reader does
                        h.merge(s);
                        s.clear();
                    }
                }
                h.merge(s);
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

        assertThat(h.records()).isEqualTo((long) shards * perShard);
        List<StreamKeyTotal> keys = h.keys();
        assertThat(keys).hasSize(1000);
        for (StreamKeyTotal k : keys) {
            int key = Integer.parseInt(k.partitionKey().substring(1));
            assertThat(k.writes()).isEqualTo(expectedWrites[key]);
            assertThat(k.writeUnits()).isEqualTo((double) expectedUnits[key]);
        }
        assertThat(keys).isSortedAccordingTo(StreamHeat.KEY_ORDER);
        KeyTimeMatrix m = h.writeUnits();
        double total = 0;
        for (long u : expectedUnits) {
            total += u;
        }
        assertThat(m.total()).isEqualTo(total);
        assertThat(h.writes().total()).isEqualTo((double) shards * perShard);
    }
}
