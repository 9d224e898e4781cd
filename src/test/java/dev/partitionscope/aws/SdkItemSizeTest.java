package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link SdkAttr#itemSize} sizes SDK items without converting them; it must agree with {@link ItemSize} on the core
 * conversion for every type, nesting, non-ASCII text (surrogate pairs included) and number form the SDK may hand
 * over (exponents, trailing zeros, signs), and with the figures of the DynamoDB documentation.
 */
final class SdkItemSizeTest {

    @Test
    void agreesWithItemSizeOnRandomItemsOfEveryType() {
        Random random = new Random(4711);
        for (int i = 0; i < 2_000; i++) {
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            int attrs = 1 + random.nextInt(8);
            for (int a = 0; a < attrs; a++) {
                item.put(text(random), value(random, 0));
            }
            assertThat(SdkAttr.itemSize(item)).as("item %s", item).isEqualTo(ItemSize.of(SdkAttr.toCore(item)));
        }
    }

    @Test
    void documentedSizes() {
        // the name "n" 1 B + UTF-8 "ü" 2 B + "€" 3 B; a number as ItemSize sizes it
        assertThat(SdkAttr.itemSize(Map.of("n", AttributeValue.fromS("ü€")))).isEqualTo(1 + 5);
        assertThat(SdkAttr.itemSize(Map.of("n", AttributeValue.fromN("12"))))
                .isEqualTo(1 + ItemSize.number(AttrValue.N.parse("12")));
        // a list: 3 B + 1 B per element + the elements; null and booleans 1 B
        assertThat(SdkAttr.itemSize(Map.of(
                        "l",
                        AttributeValue.fromL(List.of(AttributeValue.fromBool(true), AttributeValue.fromNul(true))))))
                .isEqualTo(1 + 3 + 2 + 2);
        assertThat(SdkAttr.keyString(AttributeValue.fromN("1.50E+2"))).isEqualTo("150");
        assertThat(SdkAttr.keyString(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3}))))
                .isEqualTo("AQID");
        assertThat(SdkAttr.keyString(null)).isNull();
    }

    private static AttributeValue value(Random random, int depth) {
        int kind = random.nextInt(depth > 3 ? 8 : 10);
        return switch (kind) {
            case 0 -> AttributeValue.fromS(text(random));
            case 1 -> AttributeValue.fromN(number(random));
            case 2 -> AttributeValue.fromB(SdkBytes.fromByteArray(bytes(random)));
            case 3 -> AttributeValue.fromBool(random.nextBoolean());
            case 4 -> AttributeValue.fromNul(true);
            case 5 -> {
                Set<String> s = new LinkedHashSet<>();
                for (int i = 0; i <= random.nextInt(4); i++) {
                    s.add(text(random) + i);
                }
                yield AttributeValue.fromSs(new ArrayList<>(s));
            }
            case 6 -> {
                Set<String> s = new LinkedHashSet<>();
                for (int i = 0; i <= random.nextInt(4); i++) {
                    s.add(number(random));
                }
                yield AttributeValue.fromNs(new ArrayList<>(s));
            }
            case 7 ->
                AttributeValue.fromBs(
                        List.of(SdkBytes.fromByteArray(bytes(random)), SdkBytes.fromByteArray(new byte[] {9})));
            case 8 -> {
                List<AttributeValue> l = new ArrayList<>();
                for (int i = 0; i < random.nextInt(4); i++) {
                    l.add(value(random, depth + 1));
                }
                yield AttributeValue.fromL(l);
            }
            default -> {
                Map<String, AttributeValue> m = new LinkedHashMap<>();
                for (int i = 0; i < random.nextInt(4); i++) {
                    m.put(text(random), value(random, depth + 1));
                }
                yield AttributeValue.fromM(m);
            }
        };
    }

    /** ASCII, 2- and 3-byte UTF-8, and 4-byte characters (surrogate pairs in Java). */
    private static String text(Random random) {
        StringBuilder b = new StringBuilder();
        int n = 1 + random.nextInt(12);
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(4)) {
                case 0 -> b.append((char) ('a' + random.nextInt(26)));
                case 1 -> b.append('ü');
                case 2 -> b.append('€');
                default -> b.appendCodePoint(0x1F600 + random.nextInt(50));
            }
        }
        return b.toString();
    }

    /** Numbers as a client may write them: signs, exponents, leading and trailing zeros. */
    private static String number(Random random) {
        BigDecimal d = new BigDecimal(random.nextLong() % 1_000_000_000_000L).movePointLeft(random.nextInt(20) - 5);
        return switch (random.nextInt(4)) {
            case 0 -> d.toString();
            case 1 -> d.toPlainString();
            case 2 -> d.toPlainString() + (d.scale() > 0 ? "000" : "");
            default -> d.toEngineeringString();
        };
    }

    private static byte[] bytes(Random random) {
        byte[] b = new byte[random.nextInt(40)];
        random.nextBytes(b);
        return b;
    }
}
