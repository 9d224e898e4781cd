package dev.partitionscope.lab.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Stored item maps are sized to their items: no growth while filled, no slots to spare for a small item. */
final class AttrJsonCapacityTest {

    @Test
    void anItemsMapHoldsItsAttributesWithoutGrowing() {
        for (int entries = 0; entries <= 100_000; entries++) {
            int capacity = AttrJson.capacityFor(entries);
            int table = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1; // HashMap's table: a power of two ≥ it
            if (capacity <= 1) {
                table = 1;
            }
            assertThat((int) (table * 0.75f)).as("%d attributes", entries).isGreaterThanOrEqualTo(entries);
        }
    }

    @Test
    void aThreeAttributeItemGetsFourSlotsNotSixteen() {
        assertThat(AttrJson.capacityFor(3)).isEqualTo(4);
        assertThat(AttrJson.capacityFor(1)).isEqualTo(2);
        assertThat(AttrJson.capacityFor(12)).isEqualTo(16);
    }
}
