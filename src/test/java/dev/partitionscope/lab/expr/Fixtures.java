package dev.partitionscope.lab.expr;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.item.AttrValue;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Short builders for items, values and contexts, so each test reads like the DynamoDB request it models. */
final class Fixtures {
    private Fixtures() {}

    static AttrValue.S s(String v) {
        return new AttrValue.S(v);
    }

    static AttrValue.N n(String v) {
        return AttrValue.N.parse(v);
    }

    static AttrValue.B b(String utf8) {
        return new AttrValue.B(utf8.getBytes(StandardCharsets.UTF_8));
    }

    static AttrValue.L l(AttrValue... elements) {
        return new AttrValue.L(Arrays.asList(elements));
    }

    static AttrValue.M m(Object... keysAndValues) {
        return new AttrValue.M(map(keysAndValues));
    }

    static AttrValue.SS ss(String... values) {
        return new AttrValue.SS(List.of(values));
    }

    static AttrValue.NS ns(String... values) {
        return new AttrValue.NS(Arrays.stream(values).map(AttrValue.N::parse).toList());
    }

    static AttrValue.BS bs(String... utf8) {
        return new AttrValue.BS(Arrays.stream(utf8).map(Fixtures::b).toList());
    }

    static AttrValue.Bool bool(boolean v) {
        return v ? AttrValue.Bool.TRUE : AttrValue.Bool.FALSE;
    }

    /** An item: {@code item("pk", s("a"), "n", n("1"))}. */
    static Map<String, AttrValue> item(Object... keysAndValues) {
        return map(keysAndValues);
    }

    /** ExpressionAttributeValues: {@code values(":v", s("a"))}. */
    static Map<String, AttrValue> values(Object... keysAndValues) {
        return map(keysAndValues);
    }

    /** ExpressionAttributeNames: {@code names("#n", "name")}. */
    static Map<String, String> names(String... pairs) {
        Map<String, String> names = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            names.put(pairs[i], pairs[i + 1]);
        }
        return names;
    }

    static ExpressionContext ctx(Map<String, String> names, Map<String, AttrValue> values) {
        return ExpressionContext.of(names, values);
    }

    /** A context with values only; an empty map stands for "no ExpressionAttributeValues". */
    static ExpressionContext withValues(Map<String, AttrValue> values) {
        return ExpressionContext.of(null, values.isEmpty() ? null : values);
    }

    static ExpressionContext none() {
        return ExpressionContext.empty();
    }

    private static Map<String, AttrValue> map(Object... keysAndValues) {
        Map<String, AttrValue> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], (AttrValue) keysAndValues[i + 1]);
        }
        return map;
    }

    /** Asserts an ExpressionException with exactly this message. */
    static AbstractThrowableAssert<?, ? extends Throwable> failsWith(ThrowingCallable call, String message) {
        return assertThatThrownBy(call).isInstanceOf(ExpressionException.class).hasMessage(message);
    }
}
