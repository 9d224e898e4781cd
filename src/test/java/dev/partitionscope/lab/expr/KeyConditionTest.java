package dev.partitionscope.lab.expr;

import static dev.partitionscope.lab.expr.Fixtures.b;
import static dev.partitionscope.lab.expr.Fixtures.ctx;
import static dev.partitionscope.lab.expr.Fixtures.failsWith;
import static dev.partitionscope.lab.expr.Fixtures.item;
import static dev.partitionscope.lab.expr.Fixtures.n;
import static dev.partitionscope.lab.expr.Fixtures.names;
import static dev.partitionscope.lab.expr.Fixtures.s;
import static dev.partitionscope.lab.expr.Fixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.expr.SortKeyCondition.Operator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** KeyConditionExpression: reduction to partition value + sort range, and DynamoDB's refusals. */
class KeyConditionTest {
    private static final KeySchema STRING_SORT =
            new KeySchema(new KeyAttribute("pk", KeyType.S), new KeyAttribute("sk", KeyType.S));
    private static final KeySchema NUMBER_SORT =
            new KeySchema(new KeyAttribute("pk", KeyType.S), new KeyAttribute("sk", KeyType.N));
    private static final KeySchema HASH_ONLY = new KeySchema(new KeyAttribute("pk", KeyType.S), null);
    private static final Map<String, AttrValue> VALUES =
            values(":p", s("user#1"), ":a", s("2024-01"), ":b", s("2024-06"), ":n", n("5"), ":m", n("9"));

    private static KeyCondition parse(String expression, KeySchema schema) {
        return KeyCondition.parse(expression, Fixtures.withValues(new LinkedHashMap<>(VALUES)), schema);
    }

    @Test
    void partitionKeyAloneHasNoSortCondition() {
        KeyCondition kc = parse("pk = :p", STRING_SORT);
        assertThat(kc.partitionKeyName()).isEqualTo("pk");
        assertThat(kc.partitionValue()).isEqualTo(s("user#1"));
        assertThat(kc.sortKey()).isEmpty();
        assertThat(kc.matches(item("pk", s("user#1"), "sk", s("anything")))).isTrue();
        assertThat(kc.matches(item("pk", s("user#2")))).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "pk = :p AND sk = :n|EQ|5|true|5|true",
                "pk = :p AND sk < :n|LT||false|5|false",
                "pk = :p AND sk <= :n|LE||false|5|true",
                "pk = :p AND sk > :n|GT|5|false||false",
                "pk = :p AND sk >= :n|GE|5|true||false",
                "pk = :p AND sk BETWEEN :n AND :m|BETWEEN|5|true|9|true",
                "sk > :n AND pk = :p|GT|5|false||false",
                ":n < sk AND :p = pk|GT|5|false||false",
                ":n >= sk AND pk = :p|LE||false|5|true"
            })
    void sortKeyConditionExposesBounds(
            String expression, String op, String lower, boolean lowerInclusive, String upper, boolean upperInclusive) {
        SortKeyCondition sk = parse(expression, NUMBER_SORT).sortKey().orElseThrow();
        assertThat(sk.operator()).isEqualTo(Operator.valueOf(op));
        assertThat(sk.attributeName()).isEqualTo("sk");
        assertThat(sk.lower()).isEqualTo(lower == null ? null : n(lower));
        assertThat(sk.upper()).isEqualTo(upper == null ? null : n(upper));
        if (lower != null) {
            assertThat(sk.lowerInclusive()).isEqualTo(lowerInclusive);
        }
        if (upper != null) {
            assertThat(sk.upperInclusive()).isEqualTo(upperInclusive);
        }
    }

    @Test
    void rangeChecksFollowKeyOrder() {
        SortKeyCondition between =
                parse("pk = :p AND sk BETWEEN :a AND :b", STRING_SORT).sortKey().orElseThrow();
        assertThat(between.matches(s("2024-03"))).isTrue();
        assertThat(between.matches(s("2024-06"))).isTrue();
        assertThat(between.isBelowRange(s("2023-12"))).isTrue();
        assertThat(between.isAboveRange(s("2024-06-01"))).isTrue();
        assertThat(between.matches(n("5"))).isFalse();

        SortKeyCondition lt =
                parse("pk = :p AND sk < :n", NUMBER_SORT).sortKey().orElseThrow();
        assertThat(lt.matches(n("4.99"))).isTrue();
        assertThat(lt.isAboveRange(n("5"))).isTrue();
        assertThat(lt.isBelowRange(n("-100"))).isFalse();
    }

    @Test
    void beginsWithGivesAPrefixRangeOnUnicodeStrings() {
        KeyCondition kc = KeyCondition.parse(
                "#pk = :p AND begins_with(#sk, :pre)",
                ctx(names("#pk", "pk", "#sk", "sk"), values(":p", s("u"), ":pre", s("日本"))),
                STRING_SORT);
        SortKeyCondition sk = kc.sortKey().orElseThrow();
        assertThat(sk.operator()).isEqualTo(Operator.BEGINS_WITH);
        assertThat(sk.prefix()).isEqualTo(s("日本"));
        assertThat(sk.lower()).isEqualTo(s("日本"));
        assertThat(sk.upper()).isNull();
        assertThat(sk.matches(s("日本語"))).isTrue();
        assertThat(sk.matches(s("日"))).isFalse();
        assertThat(sk.isBelowRange(s("日"))).isTrue();
        assertThat(sk.isAboveRange(s("日本語"))).isFalse();
        assertThat(sk.isAboveRange(s("日本\uFFFF"))).isFalse();
        assertThat(sk.isAboveRange(s("日李"))).isTrue();
        assertThat(kc.matches(item("pk", s("u"), "sk", s("日本酒")))).isTrue();
    }

    @Test
    void beginsWithWorksOnBinarySortKeys() {
        KeySchema binary = new KeySchema(new KeyAttribute("pk", KeyType.S), new KeyAttribute("sk", KeyType.B));
        KeyCondition kc = KeyCondition.parse(
                "pk = :p AND begins_with(sk, :pre)",
                Fixtures.withValues(values(":p", s("u"), ":pre", b("ab"))),
                binary);
        assertThat(kc.sortKey().orElseThrow().matches(b("abc"))).isTrue();
    }

    @Test
    void beginsWithOnANumberSortKeyIsRefused() {
        failsWith(
                () -> parse("pk = :p AND begins_with(sk, :n)", NUMBER_SORT),
                "Invalid KeyConditionExpression: "
                        + "Incorrect operand type for operator or function; operator or function: begins_with, "
                        + "operand type: N");
        failsWith(
                () -> parse("pk = :p AND begins_with(sk, :a)", NUMBER_SORT),
                "One or more parameter values were invalid: Condition parameter type does not match schema type");
    }

    @Test
    void missingPartitionKeyConditionIsRefused() {
        failsWith(() -> parse("sk = :a", STRING_SORT), "Query condition missed key schema element: pk");
        failsWith(() -> parse("color = :p", HASH_ONLY), "Query condition missed key schema element: pk");
    }

    @Test
    void conditionOnANonKeyAttributeIsRefused() {
        failsWith(() -> parse("pk = :p AND color = :a", STRING_SORT), "Query condition missed key schema element: sk");
        failsWith(() -> parse("pk = :p AND sk = :a", HASH_ONLY), "Query key condition not supported");
    }

    @Test
    void partitionKeyNeedsEquality() {
        failsWith(() -> parse("pk > :p", STRING_SORT), "Query key condition not supported");
        failsWith(() -> parse("begins_with(pk, :p)", STRING_SORT), "Query key condition not supported");
    }

    @Test
    void valueTypeMustMatchTheKeyType() {
        failsWith(
                () -> parse("pk = :n", STRING_SORT),
                "One or more parameter values were invalid: Condition parameter type does not match schema type");
        failsWith(
                () -> parse("pk = :p AND sk > :a", NUMBER_SORT),
                "One or more parameter values were invalid: Condition parameter type does not match schema type");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "pk = :p OR sk = :a|Invalid operator used in KeyConditionExpression: OR",
                "pk = :p AND NOT sk = :a|Invalid operator used in KeyConditionExpression: NOT",
                "pk = :p AND sk <> :a|Invalid operator used in KeyConditionExpression: <>",
                "pk IN (:p)|Invalid operator used in KeyConditionExpression: IN",
                "pk = :p AND attribute_exists(sk)|Invalid operator used in KeyConditionExpression: attribute_exists",
                "pk = :p AND contains(sk, :a)|Invalid operator used in KeyConditionExpression: contains",
                "pk = :p AND size(sk) > :n|KeyConditionExpressions cannot contain nested operations",
                "pk = :p AND sk = pk|Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
                        + "condition",
                "pk = :p AND sk.x = :a|KeyConditionExpressions cannot have conditions on nested attributes",
                "pk = :p AND :a = :b|Invalid condition in KeyConditionExpression: No key attribute specified",
                "pk = :p AND pk = :p|KeyConditionExpressions must only contain one condition per key",
                "pk = :p AND :a BETWEEN sk AND :b|Invalid condition in KeyConditionExpression: BETWEEN operator must have "
                        + "the key attribute as its first operand",
                "pk = :p AND begins_with(:a, sk)|Invalid condition in KeyConditionExpression: begins_with operator must "
                        + "have the key attribute as its first operand",
                "pk = :p AND sk = :a AND x = :b|Conditions can be of length 1 or 2 only"
            })
    void shapesAKeyConditionCannotHaveAreRefused(String expression, String message) {
        failsWith(() -> parse(expression, STRING_SORT), message);
    }

    @Test
    void parseProblemsCarryTheKeyConditionPrefix() {
        failsWith(
                () -> parse("pk = :p AND sk BETWEEN :b AND :a", STRING_SORT),
                "Invalid KeyConditionExpression: "
                        + "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound "
                        + "operand: AttributeValue: {S:2024-06}, upper bound operand: AttributeValue: {S:2024-01}");
        failsWith(
                () -> parse("pk = :nope", STRING_SORT),
                "Invalid KeyConditionExpression: An expression attribute "
                        + "value used in expression is not defined; attribute value: :nope");
        failsWith(
                () -> parse("pk = ", STRING_SORT),
                "Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\", near: \"=\"");
    }
}
