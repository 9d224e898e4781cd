package dev.partitionscope.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyPartsTest {

    private static List<String> parts(String key) {
        KeyParts k = KeyParts.of(key);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < k.count(); i++) {
            out.add((i == 0 ? "" : String.valueOf(k.separator(i))) + k.part(i) + ":" + k.kind(i));
        }
        return out;
    }

    @Test
    void splitsTheSeedsKeys() {
        assertThat(parts("OPS_LOG")).containsExactly("OPS_LOG:TEXT");
        assertThat(parts("OPS_LOG#2026-06-22")).containsExactly("OPS_LOG:TEXT", "#2026-06-22:DATE");
        assertThat(parts("THREAT#brand-abc-123#2026-06"))
                .containsExactly("THREAT:TEXT", "#brand-abc-123:TEXT", "#2026-06:MONTH");
        assertThat(parts("PEDIDOS#2026-09-06.17")).containsExactly("PEDIDOS:TEXT", "#2026-09-06:DATE", ".17:NUMBER");
        assertThat(parts("2014-07-09.200")).containsExactly("2014-07-09:DATE", ".200:NUMBER");
        assertThat(parts("ORDER#3f2a9c1e-1234-4d5e-8f90-abcdefabcdef"))
                .containsExactly("ORDER:TEXT", "#3f2a9c1e-1234-4d5e-8f90-abcdefabcdef:UUID");
        assertThat(parts("OPS_LOG#2026-06-22T01#3"))
                .containsExactly("OPS_LOG:TEXT", "#2026-06-22T01:HOUR", "#3:NUMBER");
    }

    @Test
    void keepsNumbersTimesAndAddressesWhole() {
        assertThat(parts("2026-06-22T01:00:00.123Z#threat_detector"))
                .containsExactly("2026-06-22T01:00:00.123Z:TIMESTAMP", "#threat_detector:TEXT");
        assertThat(parts("2026-06-22T01:00:00.123Z")).containsExactly("2026-06-22T01:00:00.123Z:TIMESTAMP");
        assertThat(parts("10.0.0.1")).containsExactly("10.0.0.1:TEXT");
        assertThat(parts("PRICE#3.5")).containsExactly("PRICE:TEXT", "#3.5:TEXT");
        assertThat(parts("alarm:17:30")).containsExactly("alarm:TEXT", ":17:30:TEXT");
    }

    @Test
    void dotsAndColonsSplitOnlyKeysWithoutAStrongSeparator() {
        assertThat(parts("user:42:profile")).containsExactly("user:TEXT", ":42:NUMBER", ":profile:TEXT");
        assertThat(parts("tenant.acme")).containsExactly("tenant:TEXT", ".acme:TEXT");
        assertThat(parts("USER#john.smith")).containsExactly("USER:TEXT", "#john.smith:TEXT");
        assertThat(parts("a|b#c")).containsExactly("a:TEXT", "|b:TEXT", "#c:TEXT");
    }

    @Test
    void classifiesValues() {
        assertThat(kind("deadbeef01")).isEqualTo(ValueKind.HEX);
        assertThat(kind("DEADBEEF01")).isEqualTo(ValueKind.HEX);
        assertThat(kind("DeadBeef01")).isEqualTo(ValueKind.TEXT); // mixed case: not a hex id
        assertThat(kind("deadbeef")).isEqualTo(ValueKind.TEXT); // a word
        assertThat(kind("1234")).isEqualTo(ValueKind.NUMBER);
        assertThat(kind("2026-13")).isEqualTo(ValueKind.TEXT); // no month 13
        assertThat(kind("2026-06-22T01:00")).isEqualTo(ValueKind.TIMESTAMP);
        assertThat(kind("01J0ABCDXYZ")).isEqualTo(ValueKind.TEXT);
        assertThat(kind("")).isEqualTo(ValueKind.TEXT);
    }

    private static ValueKind kind(String s) {
        return KeyParts.classify(s, 0, s.length());
    }

    @Test
    void namesAreTextWithoutDigits() {
        assertThat(KeyParts.of("ORDER#1").tagged()).isTrue();
        assertThat(KeyParts.of("OPS_LOG").tagged()).isTrue();
        assertThat(KeyParts.of("brand-abc-123#2026-06").tagged()).isFalse();
        assertThat(KeyParts.of("2026-06-22#x").tagged()).isFalse();
    }

    @Test
    void signaturesKeepANameAndTypeTheRest() {
        assertThat(KeyParts.of("BRAND#2026-06-22T01:00:00.123Z#3f2a9c1e-1234-4d5e-8f90-abcdefabcdef")
                        .signature())
                .isEqualTo("BRAND#<timestamp>#<uuid>");
        assertThat(KeyParts.of("2026-06-22T01:00:00.123Z#threat_detector").signature())
                .isEqualTo("<timestamp>#<text>");
        assertThat(KeyParts.of("METADATA").signature()).isEqualTo("<text>");
    }

    @Test
    void longKeysKeepTheRestInTheLastPart() {
        KeyParts k = KeyParts.of("a#b#c#d#e#f#g#h#i#j");
        assertThat(k.count()).isEqualTo(KeyParts.MAX_PARTS);
        assertThat(k.part(KeyParts.MAX_PARTS - 1)).isEqualTo("h#i#j");
    }
}
