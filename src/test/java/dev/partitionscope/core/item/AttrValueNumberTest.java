package dev.partitionscope.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB numbers whose exponent is beyond BigDecimal's own range: DynamoDB answers overflow or underflow (or stores a
 * zero), where {@code new BigDecimal} throws its own NumberFormatException and the Lab once answered 500 with it.
 */
final class AttrValueNumberTest {

    @Test
    void exponentsBeyondBigDecimalAreOverflowOrUnderflow() {
        for (String text : new String[] {"1e99999999999", "-2.5E+99999999999", "1E+2147483648", "15e2147483647"}) {
            assertThatThrownBy(() -> AttrValue.N.parse(text))
                    .as(text)
                    .isInstanceOf(NumberFormatException.class)
                    .hasMessage(AttrValue.N.OVERFLOW);
        }
        for (String text : new String[] {"1e-99999999999", "-1e-2147483648", ".5e-2147483649"}) {
            assertThatThrownBy(() -> AttrValue.N.parse(text))
                    .as(text)
                    .isInstanceOf(NumberFormatException.class)
                    .hasMessage(AttrValue.N.UNDERFLOW);
        }
    }

    @Test
    void aZeroIsZeroWhateverItsExponent() {
        assertThat(AttrValue.N.parse("0e99999999999").text()).isEqualTo("0");
        assertThat(AttrValue.N.parse("-0.000E-99999999999").text()).isEqualTo("0");
        assertThat(AttrValue.N.decimal("0e99999999999")).isEqualByComparingTo(BigDecimal.ZERO);
    }

    @Test
    void textThatIsNoNumberIsStillRefusedAsSuch() {
        for (String text : new String[] {"e99999999999", "1e99999999999x", "1e", "abc", "1e+-5"}) {
            assertThatThrownBy(() -> AttrValue.N.parse(text))
                    .as(text)
                    .isInstanceOf(NumberFormatException.class)
                    .hasMessageStartingWith("The parameter cannot be converted to a numeric value");
        }
    }

    @Test
    void magnitudeIsTheLeadingDigitsPowerOfTenEvenNearTheIntLimits() {
        assertThat(AttrValue.N.magnitude(new BigDecimal("1234"))).isEqualTo(3);
        assertThat(AttrValue.N.magnitude(new BigDecimal("0.05"))).isEqualTo(-2);
        assertThat(AttrValue.N.magnitude(new BigDecimal("1500"))).isEqualTo(3);
        // precision 2, scale -2147483647: an int sum would wrap to a large negative number (an "underflow").
        assertThat(AttrValue.N.magnitude(new BigDecimal("15e2147483647"))).isEqualTo(2147483648L);
        assertThatThrownBy(() -> AttrValue.N.parse("15e2147483647")).hasMessage(AttrValue.N.OVERFLOW);
    }

    @Test
    void theLimitsThemselvesStillHold() {
        assertThat(AttrValue.N
                        .parse("9.9999999999999999999999999999999999999E+125")
                        .text())
                .startsWith("99999999999999999999999999999999999999");
        assertThat(AttrValue.N.parse("1e-130").value()).isEqualByComparingTo(new BigDecimal("1e-130"));
        assertThatThrownBy(() -> AttrValue.N.parse("1e126")).hasMessage(AttrValue.N.OVERFLOW);
        assertThatThrownBy(() -> AttrValue.N.parse("1e-131")).hasMessage(AttrValue.N.UNDERFLOW);
    }

    @Test
    void canonicalIntegersAreRecognisedExactly() {
        for (String yes : new String[] {"0", "7", "-7", "12345", "-9223372036854775808", "1".repeat(38)}) {
            assertThat(AttrValue.N.isCanonicalInteger(yes)).as(yes).isTrue();
        }
        for (String no : new String[] {"", "-", "-0", "007", "+5", "1.0", "1e2", "1".repeat(39), " 5", "5 ", "1_0"}) {
            assertThat(AttrValue.N.isCanonicalInteger(no)).as(no).isFalse();
        }
    }

    /**
     * A number made from canonical integer text (its BigDecimal made later) is the same number as one made through
     * BigDecimal: same text, equal both ways, same hash, and the same stripped BigDecimal (the Scan order's hash reads
     * its scale and digits).
     */
    @Test
    void lazyAndEagerNumbersAgreeInEverything() {
        Random r = new Random(20261202);
        for (int i = 0; i < 20_000; i++) {
            String text = randomNumberText(r);
            AttrValue.N parsed = AttrValue.N.parse(text);
            AttrValue.N eager = AttrValue.N.of(new BigDecimal(text));
            assertThat(parsed.text()).as(text).isEqualTo(eager.text());
            assertThat(parsed).as(text).isEqualTo(eager);
            assertThat(eager).as(text).isEqualTo(parsed);
            assertThat(parsed.hashCode()).as(text).isEqualTo(eager.hashCode());
            assertThat(parsed.value()).as(text).isEqualTo(eager.value()); // equals: scale and digits too
        }
        assertThat(AttrValue.N.parse("100")).isEqualTo(AttrValue.N.parse("1e2"));
        assertThat(AttrValue.N.parse("100").value().scale()).isEqualTo(-2);
        assertThat(AttrValue.N.of(0).value()).isSameAs(BigDecimal.ZERO);
        assertThat(AttrValue.N.of(-42).text()).isEqualTo("-42");
        assertThat(AttrValue.N.parse("5")).isNotEqualTo(AttrValue.N.parse("5.5"));
    }

    private static String randomNumberText(Random r) {
        StringBuilder b = new StringBuilder();
        if (r.nextInt(3) == 0) {
            b.append('-');
        }
        int digits = 1 + r.nextInt(r.nextBoolean() ? 6 : 38);
        for (int d = 0; d < digits; d++) {
            b.append((char) ('0' + (d == 0 && r.nextInt(4) > 0 ? 1 + r.nextInt(9) : r.nextInt(10))));
        }
        switch (r.nextInt(5)) {
            case 0 -> b.append("e").append(r.nextInt(20) - 10);
            case 1 -> b.insert(b.length() - Math.min(b.length() - (b.charAt(0) == '-' ? 1 : 0), 1 + r.nextInt(3)), '.');
            default -> {
                // a plain integer, often canonical
            }
        }
        return b.toString();
    }
}
