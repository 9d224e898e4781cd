package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeatScaleTest {
    private static final HeatScale CONSUMED = HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE);

    // Absolute mode, calibrated to the per-key ceiling

    @Test
    void aKeyAtTheCeilingForTheWholeMinuteIsLevel100AndOneUnitMoreIsOverTheCeiling() {
        assertThat(CONSUMED.level(180_000)).isEqualTo(100);
        assertThat(CONSUMED.level(180_001)).isEqualTo(ColorLut.OVER_CEILING).isEqualTo(101);
        assertThat(CONSUMED.level(179_999)).isEqualTo(100);
        assertThat(CONSUMED.percentOfCeiling(180_000)).isCloseTo(100, within(1e-12));
    }

    @Test
    void halfTheCeilingIsLevel50AndQuartersLandOnTheirLevels() {
        assertThat(CONSUMED.level(90_000)).isEqualTo(50);
        assertThat(CONSUMED.level(45_000)).isEqualTo(25);
        assertThat(CONSUMED.level(135_000)).isEqualTo(75);
        assertThat(CONSUMED.level(90_001)).isEqualTo(51);
        assertThat(CONSUMED.percentOfCeiling(90_000)).isCloseTo(50, within(1e-12));
    }

    @Test
    void noTrafficIsLevel0AndAnyTrafficIsVisible() {
        assertThat(CONSUMED.level(0)).isZero();
        assertThat(CONSUMED.level(-5)).isZero();
        assertThat(CONSUMED.level(Double.NaN)).isZero();
        assertThat(CONSUMED.level(1e-9)).isEqualTo(1);
        assertThat(CONSUMED.level(Double.MIN_VALUE)).isEqualTo(1);
        assertThat(CONSUMED.level(1)).isEqualTo(1);
    }

    @Test
    void readAndWriteUnitsPerSecondUseTheir3000And1000Ceilings() {
        HeatScale rcu = HeatScale.absolute(MatrixUnit.READ_UNITS_PER_SECOND);
        HeatScale wcu = HeatScale.absolute(MatrixUnit.WRITE_UNITS_PER_SECOND);

        assertThat(rcu.level(3_000)).isEqualTo(100);
        assertThat(rcu.level(3_000.5)).isEqualTo(101);
        assertThat(rcu.level(1_500)).isEqualTo(50);
        assertThat(rcu.level(1_000)).isEqualTo(34);
        assertThat(wcu.level(1_000)).isEqualTo(100);
        assertThat(wcu.level(1_001)).isEqualTo(101);
        assertThat(wcu.level(500)).isEqualTo(50);
        // per-second units ignore the bucket: they are rates already
        assertThat(HeatScale.absolute(MatrixUnit.WRITE_UNITS_PER_SECOND, 300).level(1_000))
                .isEqualTo(100);
    }

    @Test
    void aFiveMinuteBucketSumIsComparedWithFiveMinutesOfCeiling() {
        HeatScale fiveMinutes = HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE, 300);

        assertThat(fiveMinutes.level(900_000)).isEqualTo(100);
        assertThat(fiveMinutes.level(900_001)).isEqualTo(101);
        assertThat(fiveMinutes.level(450_000)).isEqualTo(50);
        assertThat(fiveMinutes.percentOfCeiling(450_000)).isCloseTo(50, within(1e-12));
    }

    @Test
    void throttleCountsHaveNoCeilingSoOnlyTheRelativeScaleTakesThem() {
        assertThatThrownBy(() -> HeatScale.absolute(MatrixUnit.THROTTLE_EVENTS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no per-key ceiling");
        assertThat(HeatScale.relativeLog(40, MatrixUnit.THROTTLE_EVENTS).level(40))
                .isEqualTo(100);
    }

    @Test
    void absoluteLegendNamesTheCeilingInItsUnit() {
        assertThat(HeatScale.absolute(MatrixUnit.WRITE_UNITS_PER_SECOND).legend())
                .containsExactly(
                        new HeatScale.LegendTick(0, "0"), new HeatScale.LegendTick(25, "25 %"),
                        new HeatScale.LegendTick(50, "50 %"), new HeatScale.LegendTick(75, "75 %"),
                        new HeatScale.LegendTick(100, "100 % (1,000 WCU/s)"), new HeatScale.LegendTick(101, "> 100 %"));
        assertThat(HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE, 300)
                        .legend()
                        .get(4)
                        .label())
                .isEqualTo("100 % (180,000 throughput units/min)");
        assertThat(HeatScale.absolute(MatrixUnit.READ_UNITS_PER_SECOND)
                        .legend()
                        .get(4)
                        .label())
                .isEqualTo("100 % (3,000 RCU/s)");
    }

    // Relative log mode

    @Test
    void relativeLogPutsTheViewsMaxAt100AndIsMonotonic() {
        HeatScale log = HeatScale.relativeLog(12_345);

        assertThat(log.level(12_345)).isEqualTo(100);
        assertThat(log.level(1_000_000))
                .as("a stale max never reads as over the ceiling")
                .isEqualTo(100);
        assertThat(log.level(0)).isZero();
        assertThat(log.level(1e-6)).isEqualTo(1);
        // log1p(110) / log1p(12,345) × 100 = 49.94 → 50
        assertThat(log.level(110)).isEqualTo(50);
        int previous = 0;
        for (double v = 0.001; v <= 12_345; v *= 1.01) {
            int level = log.level(v);
            assertThat(level)
                    .as("level of %s", v)
                    .isGreaterThanOrEqualTo(previous)
                    .isBetween(1, 100);
            previous = level;
        }
    }

    @Test
    void relativeLogOfAnEmptyViewStillShowsAnyTraffic() {
        assertThat(HeatScale.relativeLog(0).level(3)).isEqualTo(100);
        assertThat(HeatScale.relativeLog(0).level(0)).isZero();
    }

    @Test
    void relativeLogLegendShowsValuesWithThousandsSeparatorsAndTheUnit() {
        List<HeatScale.LegendTick> legend = HeatScale.relativeLog(180_000, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .legend();

        assertThat(legend).extracting(HeatScale.LegendTick::level).containsExactly(0, 25, 50, 75, 100);
        assertThat(legend.get(4).label()).isEqualTo("180,000 throughput units/min");
        // 180,001^0.5 − 1 = 423.27; 180,001^0.75 − 1 = 8,738.4
        assertThat(legend.get(2).label()).isEqualTo("423 throughput units/min");
        assertThat(legend.get(3).label()).isEqualTo("8,738 throughput units/min");
    }

    // Colour lookup table

    @Test
    void brightnessZeroReproducesThePaletteAnchorsAtTheirLevels() {
        for (HeatPalette palette : HeatPalette.values()) {
            int[] anchors = palette.anchors();
            ColorLut lut = ColorLut.build(palette, 0);
            int step = 100 / (anchors.length - 1);
            assertThat(step * (anchors.length - 1))
                    .as("anchors sit on whole levels")
                    .isEqualTo(100);
            for (int i = 0; i < anchors.length; i++) {
                assertThat(palette.at(i / (double) (anchors.length - 1))).isEqualTo(anchors[i]);
                if (i > 0) {
                    assertThat(hex(lut.color(i * step)))
                            .as("%s anchor %d", palette, i)
                            .isEqualTo(hex(anchors[i]));
                }
            }
        }
        assertThat(hex(ColorLut.build(HeatPalette.CIVIDIS, 0).color(100))).isEqualTo("FFFEE838");
    }

    @Test
    void brightnessRebuildsOnlyTheTableNotTheLevels() {
        int level = CONSUMED.level(18_000);
        ColorLut neutral = ColorLut.build(HeatPalette.HEAT, 0);
        ColorLut brighter = ColorLut.build(HeatPalette.HEAT, 0.6);
        ColorLut darker = ColorLut.build(HeatPalette.HEAT, -0.6);

        assertThat(CONSUMED.level(18_000)).isEqualTo(level).isEqualTo(10);
        assertThat(lightness(brighter.color(level))).isGreaterThan(lightness(neutral.color(level)) + 5);
        assertThat(lightness(darker.color(level))).isLessThan(lightness(neutral.color(level)));
        for (ColorLut lut : List.of(brighter, darker)) {
            assertThat(lut.color(100)).as("the hottest colour stays put").isEqualTo(neutral.color(100));
            assertThat(lut.color(0)).isEqualTo(lut.empty()).isEqualTo(neutral.empty());
            assertThat(lut.color(101)).isEqualTo(lut.overCeiling()).isEqualTo(neutral.overCeiling());
        }
    }

    @Test
    void tableHasEmptyRampAndOverCeilingAt0To101() {
        ColorLut lut = ColorLut.build(HeatPalette.CIVIDIS, 0.3);
        int[] table = lut.table();

        assertThat(table).hasSize(102);
        assertThat(table[0]).isEqualTo(lut.empty());
        assertThat(lut.empty() >>> 24).as("no traffic is transparent").isZero();
        assertThat(table[101]).isEqualTo(lut.overCeiling());
        for (int level = 1; level <= 100; level++) {
            assertThat(table[level] >>> 24).as("level %d is opaque", level).isEqualTo(0xFF);
            assertThat(table[level]).isEqualTo(lut.color(level));
        }
        table[5] = 0;
        assertThat(lut.color(5)).as("table() is a copy").isNotZero();
    }

    @Test
    void overCeilingIsFarFromEveryRampColourInBothPalettesAtAnyBrightness() {
        for (HeatPalette palette : HeatPalette.values()) {
            for (double brightness : new double[] {-1, -0.5, 0, 0.5, 1}) {
                ColorLut lut = ColorLut.build(palette, brightness);
                for (int level = 1; level <= 100; level++) {
                    assertThat(distance(lut.overCeiling(), lut.color(level)))
                            .as("%s at brightness %s, level %d", palette, brightness, level)
                            .isGreaterThan(60);
                }
            }
        }
    }

    @Test
    void cividisLightnessRisesMonotonicallySoItReadsWithoutHue() {
        for (double brightness : new double[] {-1, 0, 1}) {
            ColorLut lut = ColorLut.build(HeatPalette.CIVIDIS, brightness);
            for (int level = 2; level <= 100; level++) {
                assertThat(lightness(lut.color(level)))
                        .as("L* at level %d, brightness %s", level, brightness)
                        .isGreaterThanOrEqualTo(lightness(lut.color(level - 1)));
            }
        }
        ColorLut neutral = ColorLut.build(HeatPalette.CIVIDIS, 0);
        assertThat(lightness(neutral.color(100)) - lightness(neutral.color(1))).isGreaterThan(70);
    }

    @Test
    void heatRampAlsoGetsLighterFromGreysToPale() {
        ColorLut lut = ColorLut.build(HeatPalette.HEAT, 0);
        for (int level = 2; level <= 100; level++) {
            assertThat(lightness(lut.color(level)))
                    .as("L* at level %d", level)
                    .isGreaterThanOrEqualTo(lightness(lut.color(level - 1)) - 0.5);
        }
    }

    private static String hex(int argb) {
        return String.format("%08X", argb);
    }

    private static double distance(int a, int b) {
        double dr = ((a >> 16) & 0xFF) - ((b >> 16) & 0xFF);
        double dg = ((a >> 8) & 0xFF) - ((b >> 8) & 0xFF);
        double db = (a & 0xFF) - (b & 0xFF);
        return Math.sqrt(dr * dr + dg * dg + db * db);
    }

    /** CIE L* (0..100) of an sRGB colour. */
    private static double lightness(int argb) {
        double y = 0.2126 * linear((argb >> 16) & 0xFF)
                + 0.7152 * linear((argb >> 8) & 0xFF)
                + 0.0722 * linear(argb & 0xFF);
        return y > 216.0 / 24389 ? 116 * Math.cbrt(y) - 16 : y * 24389 / 27;
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
