package dev.partitionscope.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
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
}
