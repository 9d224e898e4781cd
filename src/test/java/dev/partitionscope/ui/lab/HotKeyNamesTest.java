package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.KeyHash;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Naming hot keys from the meter's sketches, on a clock that stands still as a replay's does. */
class HotKeyNamesTest {
    @Test
    void namesTheKeyOnAReplayOnceTheKeyTypeIsKnownAlthoughTheClockNeverMoves() {
        SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));
        Meter meter = new Meter(clock);
        for (int i = 0; i < 100; i++) {
            meter.record(new RequestRecord(
                    "orders", null, "PutItem", "PENDING", "o-" + i, 0, 2, List.of(), List.of(), 1_000_000, 0));
        }
        long now = clock.epochMillis();
        long hash = KeyHash.of(new AttrValue.S("PENDING"));
        HotKeyNames names = new HotKeyNames();

        // The first refresh comes before the table is described: no key type yet.
        names.prepare(meter, "orders", Map.of(), now);
        assertThat(names.name("orders", hash)).isNull();

        // Described now, same instant (the replay's clock stands still): the name must not wait for a second to pass.
        names.prepare(meter, "orders", Map.of("orders", KeyType.S), now);
        assertThat(names.name("orders", hash)).isEqualTo("PENDING");
    }
}
