package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class HeatRasterTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");
    private static final double CEILING = MatrixUnit.CONSUMED_UNITS_PER_MINUTE.ceiling(); // 180,000 per minute

    private static final int[] LUT = ColorLut.build(HeatPalette.HEAT, 0).table();

    /** Three keys × four minutes, one bucket a column, so every cell's rate is the value put in. */
    private static HeatGrid grid() {
        KeyTimeMatrix.Builder b =
                KeyTimeMatrix.builder(START, 60, 4, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.LAB_METER);
        RowKey a = RowKey.of("orders", null, "A");
        RowKey hot = RowKey.of("orders", null, "HOT");
        RowKey z = RowKey.of("orders", null, "Z");
        b.add(a, 0, CEILING / 2);
        b.add(a, 2, 1);
        b.add(hot, 0, CEILING); // exactly at the ceiling
        b.add(hot, 1, CEILING * 1.4); // over
        b.add(hot, 3, CEILING * 0.75);
        b.ensureRow(z); // no traffic at all
        return RowBucketing.bucket(b.build(), 100, RowBucketing.ALL_COLUMNS);
    }

    private static int row(HeatGrid grid, String pk) {
        for (int r = 0; r < grid.rowCount(); r++) {
            if (pk.equals(grid.row(r).first().partitionKey())) {
                return r;
            }
        }
        throw new AssertionError(pk);
    }

    @Test
    void everyPixelIsTheLookupColourOfItsCellsLevel() {
        HeatGrid grid = grid();
        HeatScale scale = HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        int[] argb = new int[grid.rowCount() * grid.columnCount()];

        HeatRaster.rasterize(grid, scale, LUT, argb);

        for (int r = 0; r < grid.rowCount(); r++) {
            for (int c = 0; c < grid.columnCount(); c++) {
                assertThat(argb[r * grid.columnCount() + c])
                        .as("cell %d,%d", r, c)
                        .isEqualTo(LUT[scale.level(grid.perMinute(r, c))]);
            }
        }
    }

    @Test
    void aCellAtExactlyTheCeilingTakesTheTopRampColourAndOneAboveTakesTheOverCeilingColour() {
        HeatGrid grid = grid();
        int[] argb = new int[grid.rowCount() * grid.columnCount()];
        HeatRaster.rasterize(grid, HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE), LUT, argb);

        int hot = row(grid, "HOT") * grid.columnCount();
        assertThat(argb[hot]).isEqualTo(LUT[ColorLut.MAX_LEVEL]);
        assertThat(argb[hot + 1]).isEqualTo(LUT[ColorLut.OVER_CEILING]).isEqualTo(0xFF00FFFF);
        assertThat(argb[hot + 3]).isEqualTo(LUT[75]);
        int a = row(grid, "A") * grid.columnCount();
        assertThat(argb[a]).isEqualTo(LUT[50]);
        assertThat(argb[a + 2]).as("a trickle never vanishes").isEqualTo(LUT[1]);
    }

    @Test
    void cellsWithoutTrafficTakeTheEmptyColour() {
        HeatGrid grid = grid();
        int[] argb = new int[grid.rowCount() * grid.columnCount()];
        Arrays.fill(argb, 0x12345678); // a reused buffer holding the previous frame
        HeatRaster.rasterize(grid, HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE), LUT, argb);

        int z = row(grid, "Z") * grid.columnCount();
        for (int c = 0; c < grid.columnCount(); c++) {
            assertThat(argb[z + c]).isEqualTo(LUT[0]).isEqualTo(0);
        }
        assertThat(argb[row(grid, "A") * grid.columnCount() + 1]).isEqualTo(LUT[0]);
    }

    @Test
    void theRelativeLogScaleMapsTheViewsMaxToTheTopColourAndNeverUsesOverCeiling() {
        HeatGrid grid = grid();
        HeatScale scale = HeatScale.relativeLog(grid.maxPerMinute());
        int[] argb = new int[grid.rowCount() * grid.columnCount()];
        HeatRaster.rasterize(grid, scale, LUT, argb);

        int hot = row(grid, "HOT") * grid.columnCount();
        assertThat(argb[hot + 1]).isEqualTo(LUT[ColorLut.MAX_LEVEL]);
        assertThat(argb).doesNotContain(LUT[ColorLut.OVER_CEILING]);
        for (int i = 0; i < argb.length; i++) {
            assertThat(argb[i]).isEqualTo(LUT[scale.level(grid.perMinute(i / 4, i % 4))]);
        }
    }

    @Test
    void levelsThenColorizeGiveTheSamePixelsAsRasterize() {
        HeatGrid grid = grid();
        HeatScale scale = HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        int cells = grid.rowCount() * grid.columnCount();
        int[] direct = new int[cells];
        int[] viaLevels = new int[cells];
        byte[] levels = new byte[cells];
        HeatRaster.rasterize(grid, scale, LUT, direct);
        HeatRaster.levels(grid, scale, levels);
        HeatRaster.colorize(levels, cells, LUT, viaLevels);
        assertThat(viaLevels).isEqualTo(direct);
    }

    @Test
    void refusesABufferTooSmallForTheGrid() {
        HeatGrid grid = grid();
        assertThatThrownBy(() -> HeatRaster.rasterize(grid, HeatScale.relativeLog(1), LUT, new int[3]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pixels");
    }

    @Test
    void theFastLevelLookupAgreesWithTheScaleForFloatsAcrossTheWholeRangeAndAtEveryLevelBoundary() {
        for (HeatScale scale : new HeatScale[] {
            HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE),
            HeatScale.absolute(MatrixUnit.WRITE_UNITS_PER_SECOND),
            HeatScale.relativeLog(123_456.7),
            HeatScale.relativeLog(3.5),
            HeatScale.relativeLog(0)
        }) {
            java.nio.FloatBuffer values = java.nio.FloatBuffer.allocate(1_200_000);
            for (int bits = 0; bits >= 0 && values.hasRemaining(); bits += 2003) { // positive floats, NaN and ∞
                values.put(Float.intBitsToFloat(bits));
            }
            // Every boundary: the float where the level steps up and its neighbours.
            float v = Float.MIN_VALUE;
            while (values.remaining() >= 3 && v < 1e9f) {
                values.put(Math.nextDown(v)).put(v).put(Math.nextUp(v));
                int level = scale.level(v);
                float lo = v;
                float hi = v * 2;
                while (scale.level(hi) == level && hi < 1e9f) {
                    lo = hi;
                    hi *= 2;
                }
                while (Math.nextUp(lo) < hi) { // bisect to the first float of the next level
                    float mid = lo + (hi - lo) / 2;
                    if (mid <= lo || mid >= hi) {
                        break;
                    }
                    if (scale.level(mid) == level) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                v = hi;
            }
            values.put(-1f).put(-0f).put(Float.NaN);
            int cells = values.position();
            values.flip();
            int[] argb = new int[cells];
            int[] identity = new int[ColorLut.OVER_CEILING + 1];
            for (int i = 0; i < identity.length; i++) {
                identity[i] = i; // the "colour" is the level itself
            }
            HeatRaster.rasterize(values, cells, scale, identity, argb);
            for (int i = 0; i < cells; i++) {
                assertThat(argb[i]).as("%s at %s", scale, values.get(i)).isEqualTo(scale.level(values.get(i)));
            }
        }
    }
}
