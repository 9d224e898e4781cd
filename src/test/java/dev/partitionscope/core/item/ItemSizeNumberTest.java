package dev.partitionscope.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ItemSize#number(CharSequence)} reads the size off the characters; it must give what the rule gives on the
 * parsed value (the BigDecimal form below, which ItemSize used before), for every way a number can be written.
 */
final class ItemSizeNumberTest {

    /** The rule on a parsed value: significant digits of the stripped unscaled value, exponent of the first one. */
    private static long oracle(String text) {
        BigDecimal d = new BigDecimal(text).stripTrailingZeros();
        if (d.signum() == 0) {
            return 1;
        }
        int digits = d.unscaledValue().abs().toString().length();
        int exponent = d.precision() - d.scale() - 1;
        long size = 1 + (digits + 1L) / 2;
        if (digits % 2 == 0 && Math.floorMod(exponent, 2) == 0) {
            size += 1;
        }
        return d.signum() < 0 ? size + 1 : size;
    }

    @Test
    void agreesWithTheRuleOnTheParsedValueForEveryForm() {
        Random random = new Random(99);
        for (int i = 0; i < 50_000; i++) {
            BigDecimal d = new BigDecimal(random.nextLong() % (1L << random.nextInt(63)))
                    .movePointLeft(random.nextInt(60) - 30);
            for (String text : new String[] {
                d.toString(),
                d.toPlainString(),
                d.toEngineeringString(),
                d.toPlainString() + (d.scale() > 0 ? "00" : ".00"),
                "00" + d.abs().toPlainString(),
                "+" + d.abs(),
                d.unscaledValue() + "e" + -d.scale(),
                d.unscaledValue() + "E+" + -d.scale()
            }) {
                if (!text.matches("[+-]?\\d*\\.?\\d*([eE][+-]?\\d+)?") || text.contains("E+-")) {
                    continue;
                }
                assertThat(ItemSize.number(text)).as(text).isEqualTo(oracle(text));
                assertThat(ItemSize.number(AttrValue.N.parse(text))).as(text).isEqualTo(oracle(text));
            }
        }
    }

    @Test
    void edgeForms() {
        for (String text : new String[] {
            "0",
            "-0",
            "0.000",
            "0e10",
            ".5",
            "5.",
            "-.5",
            "1E+125",
            "9.9E-130",
            "100",
            "-100",
            "10.01",
            "0.0010",
            "12345678901234567890123456789012345678"
        }) {
            assertThat(ItemSize.number(text)).as(text).isEqualTo(oracle(text));
        }
        assertThatThrownBy(() -> ItemSize.number("")).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> ItemSize.number("-")).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> ItemSize.number("1x")).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> ItemSize.number("e5")).isInstanceOf(NumberFormatException.class);
    }
}
