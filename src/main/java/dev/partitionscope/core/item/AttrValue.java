package dev.partitionscope.core.item;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A DynamoDB attribute value, independent of any SDK: the Lab stores these, the capacity math sizes them, and the
 * explorer converts SDK values into them. Sets compare as sets; numbers compare by value ("1.50" equals "1.5").
 */
public sealed interface AttrValue {

    enum Type {
        S,
        N,
        B,
        BOOL,
        NULL,
        SS,
        NS,
        BS,
        L,
        M
    }

    Type type();

    /** A string: compared by its UTF-8 bytes, as DynamoDB orders sort keys. */
    record S(String value) implements AttrValue {
        public S {
            Objects.requireNonNull(value);
        }

        @Override
        public Type type() {
            return Type.S;
        }
    }

    /**
     * A number, kept in DynamoDB's canonical text form (no exponent, no trailing zeros). Its BigDecimal is made when
     * first asked for: most numbers a write stores are plain integers ({@code 12345}) whose text is already canonical,
     * and are only ever written back as that text.
     */
    final class N implements AttrValue {
        /** Null until {@link #value()} first needs it (a number made from canonical integer text). */
        private BigDecimal value;

        private final String text;

        private N(BigDecimal value) {
            this.value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
            this.text = this.value.toPlainString();
        }

        /** {@code text} is {@link #isCanonicalInteger canonical}. */
        private N(String text) {
            this.text = text;
        }

        /**
         * {@code 0} or {@code -?[1-9][0-9]{0,37}}: a whole number written as DynamoDB writes it back, and always one it
         * stores (38 digits at most, so within 38 significant digits and far from the overflow).
         */
        static boolean isCanonicalInteger(String text) {
            int n = text.length();
            int start = n > 0 && text.charAt(0) == '-' ? 1 : 0;
            int digits = n - start;
            if (digits < 1 || digits > 38) {
                return false;
            }
            if (text.charAt(start) == '0') {
                return n == 1; // "0"; not "-0", "007"
            }
            for (int i = start; i < n; i++) {
                char c = text.charAt(i);
                if (c < '0' || c > '9') {
                    return false;
                }
            }
            return true;
        }

        /**
         * Parses DynamoDB's number text; throws {@link NumberFormatException} with DynamoDB's wording when the
         * number cannot be stored (more than 38 significant digits, magnitude outside 1E-130 .. 9.9…E+125).
         */
        public static N parse(String text) {
            if (text == null || text.isBlank()) {
                throw new NumberFormatException("The parameter cannot be converted to a numeric value");
            }
            String trimmed = text.trim();
            return isCanonicalInteger(trimmed) ? new N(trimmed) : of(decimal(trimmed));
        }

        /** DynamoDB's answer to a number whose magnitude is above 9.99…E+125. */
        public static final String OVERFLOW =
                "Number overflow. Attempting to store a number with magnitude larger than supported range";
        /** DynamoDB's answer to a non-zero number whose magnitude is below 1E-130. */
        public static final String UNDERFLOW =
                "Number underflow. Attempting to store a number with magnitude smaller than supported range";

        /**
         * The value of DynamoDB number text. A zero is zero whatever its exponent ({@code 0e99999999999}); an exponent
         * beyond BigDecimal's range (about ±2^31) on any other number throws DynamoDB's {@link #OVERFLOW} or
         * {@link #UNDERFLOW} instead of BigDecimal's own error. Text that is no number throws DynamoDB's "cannot be
         * converted" message.
         */
        public static BigDecimal decimal(String text) {
            try {
                return new BigDecimal(text);
            } catch (NumberFormatException e) {
                int mark = Math.max(text.indexOf('e'), text.indexOf('E'));
                BigDecimal mantissa;
                try {
                    mantissa = mark <= 0 ? null : new BigDecimal(text.substring(0, mark));
                } catch (NumberFormatException notNumber) {
                    mantissa = null;
                }
                String exponent = mark <= 0 ? "" : text.substring(mark + 1);
                if (mantissa == null || !isInteger(exponent)) {
                    throw new NumberFormatException("The parameter cannot be converted to a numeric value: " + text);
                }
                if (mantissa.signum() == 0) {
                    return BigDecimal.ZERO;
                }
                throw new NumberFormatException(exponent.charAt(0) == '-' ? UNDERFLOW : OVERFLOW);
            }
        }

        /** {@code [+-]?[0-9]+}. */
        private static boolean isInteger(String s) {
            int start = !s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+') ? 1 : 0;
            if (start == s.length()) {
                return false;
            }
            for (int i = start; i < s.length(); i++) {
                if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                    return false;
                }
            }
            return true;
        }

        /**
         * The power of ten of a non-zero number's leading digit ({@code 1234 → 3}, {@code 0.05 → -2}), in a long:
         * precision minus scale leaves an int's range for exponents near ±2^31.
         */
        public static long magnitude(BigDecimal nonZero) {
            BigDecimal s = nonZero.stripTrailingZeros();
            return (long) s.precision() - s.scale() - 1;
        }

        public static N of(BigDecimal d) {
            if (d.signum() != 0) {
                BigDecimal s = d.stripTrailingZeros();
                long exponent = magnitude(s);
                if (exponent > 125) {
                    throw new NumberFormatException(OVERFLOW);
                }
                if (exponent < -130) {
                    throw new NumberFormatException(UNDERFLOW);
                }
                if (s.precision() > 38) {
                    throw new NumberFormatException("Attempting to store more than 38 significant digits in a Number");
                }
            }
            return new N(d);
        }

        public static N of(long v) {
            return new N(Long.toString(v));
        }

        public BigDecimal value() {
            BigDecimal v = value;
            if (v == null) {
                // The form the other constructor keeps (stripped: 100 is 1E+2), so scale and unscaled value agree
                // however the number was made. A benign race, as String's hash: BigDecimal's state is final.
                v = text.equals("0") ? BigDecimal.ZERO : new BigDecimal(text).stripTrailingZeros();
                value = v;
            }
            return v;
        }

        public String text() {
            return text;
        }

        @Override
        public Type type() {
            return Type.N;
        }

        @Override
        public boolean equals(Object o) {
            // Canonical text names one value and each value has one canonical text: equal texts, equal numbers.
            return o instanceof N n && n.text.equals(text);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }

        @Override
        public String toString() {
            return "N[" + text + "]";
        }
    }

    /** Binary: compared as unsigned bytes. */
    record B(byte[] value) implements AttrValue {
        public B {
            Objects.requireNonNull(value);
        }

        public static B ofBase64(String base64) {
            return new B(Base64.getDecoder().decode(base64));
        }

        public String base64() {
            return Base64.getEncoder().encodeToString(value);
        }

        @Override
        public Type type() {
            return Type.B;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof B b && Arrays.equals(b.value, value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            return "B[" + base64() + "]";
        }
    }

    record Bool(boolean value) implements AttrValue {
        public static final Bool TRUE = new Bool(true);
        public static final Bool FALSE = new Bool(false);

        @Override
        public Type type() {
            return Type.BOOL;
        }
    }

    record Null() implements AttrValue {
        public static final Null INSTANCE = new Null();

        @Override
        public Type type() {
            return Type.NULL;
        }
    }

    /** String set: insertion order kept for output, equality as a set. */
    record SS(List<String> values) implements AttrValue {
        public SS {
            values = List.copyOf(new LinkedHashSet<>(values));
        }

        @Override
        public Type type() {
            return Type.SS;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof SS s
                    && s.values.size() == values.size()
                    && new LinkedHashSet<>(values).containsAll(s.values);
        }

        @Override
        public int hashCode() {
            return new java.util.HashSet<>(values).hashCode();
        }
    }

    record NS(List<N> values) implements AttrValue {
        public NS {
            values = List.copyOf(new LinkedHashSet<>(values));
        }

        @Override
        public Type type() {
            return Type.NS;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NS s
                    && s.values.size() == values.size()
                    && new LinkedHashSet<>(values).containsAll(s.values);
        }

        @Override
        public int hashCode() {
            return new java.util.HashSet<>(values).hashCode();
        }
    }

    record BS(List<B> values) implements AttrValue {
        public BS {
            values = List.copyOf(new LinkedHashSet<>(values));
        }

        @Override
        public Type type() {
            return Type.BS;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BS s
                    && s.values.size() == values.size()
                    && new LinkedHashSet<>(values).containsAll(s.values);
        }

        @Override
        public int hashCode() {
            return new java.util.HashSet<>(values).hashCode();
        }
    }

    record L(List<AttrValue> values) implements AttrValue {
        public L {
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }

        @Override
        public Type type() {
            return Type.L;
        }
    }

    record M(Map<String, AttrValue> values) implements AttrValue {
        public M {
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        @Override
        public Type type() {
            return Type.M;
        }
    }

    static S s(String v) {
        return new S(v);
    }

    static N n(String v) {
        return N.parse(v);
    }

    static N n(long v) {
        return N.of(v);
    }

    /** UTF-8 bytes of a string value (what DynamoDB sizes and orders by). */
    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
