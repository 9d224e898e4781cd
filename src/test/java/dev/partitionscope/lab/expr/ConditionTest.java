package dev.partitionscope.lab.expr;

import static dev.partitionscope.lab.expr.Fixtures.b;
import static dev.partitionscope.lab.expr.Fixtures.bool;
import static dev.partitionscope.lab.expr.Fixtures.bs;
import static dev.partitionscope.lab.expr.Fixtures.ctx;
import static dev.partitionscope.lab.expr.Fixtures.item;
import static dev.partitionscope.lab.expr.Fixtures.l;
import static dev.partitionscope.lab.expr.Fixtures.m;
import static dev.partitionscope.lab.expr.Fixtures.n;
import static dev.partitionscope.lab.expr.Fixtures.names;
import static dev.partitionscope.lab.expr.Fixtures.ns;
import static dev.partitionscope.lab.expr.Fixtures.s;
import static dev.partitionscope.lab.expr.Fixtures.ss;
import static dev.partitionscope.lab.expr.Fixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Evaluation of ConditionExpression / FilterExpression against items. */
class ConditionTest {
    private static final Map<String, AttrValue> ORDER = item(
            "pk",
            s("order#1"),
            "amount",
            n("12.50"),
            "phase",
            s("OPEN"),
            "qty",
            n("3"),
            "tags",
            ss("red", "blue"),
            "sizes",
            ns("1", "2.5"),
            "blobs",
            bs("ab"),
            "entries",
            l(s("apple"), n("7"), m("sku", s("X1"))),
            "address",
            m("city", s("Zürich"), "zip", s("8001"), "geo", m("lat", n("47.37"))),
            "flag",
            bool(true),
            "nothing",
            AttrValue.Null.INSTANCE,
            "bin",
            b("héllo"),
            "title",
            s("日本語のテキスト"));

    private static boolean test(String expression, Map<String, AttrValue> values) {
        return Condition.parseCondition(expression, Fixtures.withValues(values)).test(ORDER);
    }

    private static boolean test(String expression, Object... values) {
        return test(expression, Fixtures.values(values));
    }

    @ParameterizedTest(name = "{0} with :v={1} is {2}")
    @CsvSource({
        "qty = :v, 3, true", "qty = :v, 3.0, true", "qty <> :v, 4, true", "qty < :v, 10, true",
        "qty <= :v, 3, true", "qty > :v, 3, false", "qty >= :v, 3, true", "amount > :v, 12.4, true",
        "amount < :v, 9, false"
    })
    void comparesNumbersByValue(String expression, String value, boolean expected) {
        assertThat(test(expression, ":v", n(value))).isEqualTo(expected);
    }

    @Test
    void comparesStringsByUtf8Bytes() {
        assertThat(test("pk > :v", ":v", s("order#0"))).isTrue();
        assertThat(test("pk < :v", ":v", s("order#10"))).isTrue(); // a prefix sorts first
        assertThat(test("pk < :v", ":v", s("order#0"))).isFalse();
        // U+FFFD sorts below U+1F600 in UTF-8 although its UTF-16 code unit is larger than the surrogate's.
        Map<String, AttrValue> item = item("k", s("\uFFFD"));
        Condition c = Condition.parseCondition("k < :v", Fixtures.withValues(values(":v", s("\uD83D\uDE00"))));
        assertThat(c.test(item)).isTrue();
    }

    @Test
    void comparingDifferentTypesIsFalseNotAnError() {
        assertThat(test("qty = :v", ":v", s("3"))).isFalse();
        assertThat(test("qty < :v", ":v", s("9"))).isFalse();
        assertThat(test("qty >= :v", ":v", s("0"))).isFalse();
        assertThat(test("qty <> :v", ":v", s("3"))).isTrue();
    }

    @Test
    void comparisonsOnMissingAttributesAreFalseExceptNotEqual() {
        assertThat(test("absent = :v", ":v", n("1"))).isFalse();
        assertThat(test("absent < :v", ":v", n("1"))).isFalse();
        assertThat(test("absent <> :v", ":v", n("1"))).isTrue();
    }

    @Test
    void equalityCoversSetsListsAndMaps() {
        assertThat(test("tags = :v", ":v", ss("blue", "red"))).isTrue();
        assertThat(test("sizes = :v", ":v", ns("2.50", "1"))).isTrue();
        assertThat(test("address.geo = :v", ":v", m("lat", n("47.370")))).isTrue();
        assertThat(test("entries[2] = :v", ":v", m("sku", s("X1")))).isTrue();
        assertThat(test("flag = :v", ":v", bool(true))).isTrue();
    }

    @Test
    void andBindsTighterThanOr() {
        // a = :x OR (b = :y AND NOT c = :z): true through the left branch even though the right one is false.
        String expr = "qty = :three OR phase = :closed AND NOT pk = :pk";
        assertThat(test(expr, ":three", n("3"), ":closed", s("CLOSED"), ":pk", s("order#1")))
                .isTrue();
        // Grouped the other way it is false: (true OR false) AND NOT true.
        assertThat(test(
                        "(qty = :three OR phase = :closed) AND NOT pk = :pk",
                        ":three",
                        n("3"),
                        ":closed",
                        s("CLOSED"),
                        ":pk",
                        s("order#1")))
                .isFalse();
    }

    @Test
    void notBindsTighterThanAnd() {
        assertThat(test("NOT qty = :one AND phase = :open", ":one", n("1"), ":open", s("OPEN")))
                .isTrue();
        assertThat(test("NOT (qty = :three AND phase = :open)", ":three", n("3"), ":open", s("OPEN")))
                .isFalse();
        assertThat(test("not not qty = :three", ":three", n("3"))).isTrue();
    }

    @Test
    void keywordsAreCaseInsensitiveAndParenthesesMayWrapOperands() {
        assertThat(test("(qty) between :a and (:b)", ":a", n("1"), ":b", n("5")))
                .isTrue();
        assertThat(test("qty In (:a, :b)", ":a", n("9"), ":b", n("3"))).isTrue();
    }

    @Test
    void betweenIsInclusiveAndTypeStrict() {
        assertThat(test("qty BETWEEN :a AND :b", ":a", n("3"), ":b", n("3"))).isTrue();
        assertThat(test("qty BETWEEN :a AND :b", ":a", n("4"), ":b", n("9"))).isFalse();
        assertThat(test("phase BETWEEN :a AND :b", ":a", s("A"), ":b", s("Z"))).isTrue();
        assertThat(test("qty BETWEEN :a AND :b AND phase = :s", ":a", n("1"), ":b", n("5"), ":s", s("OPEN")))
                .isTrue();
    }

    @Test
    void inMatchesAnyCandidateOfTheSameType() {
        assertThat(test("phase IN (:a, :b)", ":a", s("NEW"), ":b", s("OPEN"))).isTrue();
        assertThat(test("phase IN (:a, :b)", ":a", s("NEW"), ":b", n("3"))).isFalse();
        assertThat(test("absent IN (:a)", ":a", s("NEW"))).isFalse();
    }

    @Test
    void attributeExistsAndNotExistsFollowNestedPaths() {
        assertThat(test("attribute_exists(address.geo.lat)")).isTrue();
        assertThat(test("attribute_exists(entries[5])")).isFalse();
        assertThat(test("attribute_not_exists(address.street)")).isTrue();
        assertThat(test("attribute_exists(nothing)")).isTrue(); // a NULL value exists
        assertThat(Condition.parseCondition("attribute_not_exists(pk)", Fixtures.none())
                        .test(Map.of()))
                .isTrue();
    }

    @ParameterizedTest(name = "attribute_type({0}, {1}) is {2}")
    @CsvSource({
        "amount, N, true",
        "amount, S, false",
        "tags, SS, true",
        "sizes, NS, true",
        "blobs, BS, true",
        "entries, L, true",
        "address, M, true",
        "flag, BOOL, true",
        "nothing, NULL, true",
        "bin, B, true",
        "absent, S, false"
    })
    void attributeTypeChecksTheStoredType(String path, String type, boolean expected) {
        assertThat(test("attribute_type(" + path + ", :t)", ":t", s(type))).isEqualTo(expected);
    }

    @Test
    void beginsWithWorksOnUnicodeStringsAndBinary() {
        assertThat(test("begins_with(title, :p)", ":p", s("日本"))).isTrue();
        assertThat(test("begins_with(title, :p)", ":p", s("本"))).isFalse();
        assertThat(test("begins_with(address.city, :p)", ":p", s("Zü"))).isTrue();
        assertThat(test("begins_with(bin, :p)", ":p", b("hé"))).isTrue();
        assertThat(test("begins_with(qty, :p)", ":p", s("3"))).isFalse();
    }

    @Test
    void containsChecksSubstringsSetMembersAndListElements() {
        assertThat(test("contains(title, :v)", ":v", s("のテ"))).isTrue();
        assertThat(test("contains(address.city, :v)", ":v", s("üri"))).isTrue();
        assertThat(test("contains(tags, :v)", ":v", s("red"))).isTrue();
        assertThat(test("contains(tags, :v)", ":v", s("re"))).isFalse();
        assertThat(test("contains(sizes, :v)", ":v", n("2.50"))).isTrue();
        assertThat(test("contains(blobs, :v)", ":v", b("ab"))).isTrue();
        assertThat(test("contains(entries, :v)", ":v", n("7"))).isTrue();
        assertThat(test("contains(entries, :v)", ":v", m("sku", s("X1")))).isTrue();
        assertThat(test("contains(bin, :v)", ":v", b("éll"))).isTrue();
        assertThat(test("contains(qty, :v)", ":v", n("3"))).isFalse();
    }

    /** A string's size is its characters, not its UTF-8 bytes (DynamoDB: size of "abÿ" is 3); a binary's, bytes. */
    @ParameterizedTest(name = "size({0}) = {1}")
    @CsvSource({"phase, 4", "title, 8", "bin, 6", "tags, 2", "entries, 3", "address, 3"})
    void sizeCountsCharactersBytesElementsAndEntries(String path, String size) {
        assertThat(test("size(" + path + ") = :n", ":n", n(size))).isTrue();
    }

    @Test
    void sizeOfMissingOrNumberIsNoValue() {
        assertThat(test("size(absent) >= :z", ":z", n("0"))).isFalse();
        assertThat(test("size(qty) >= :z", ":z", n("0"))).isFalse();
        assertThat(test("size(tags) > size(entries)")).isFalse();
        assertThat(test("size(entries) > size(tags)")).isTrue();
    }

    @Test
    void namePlaceholdersResolveReservedWordsAndNestedSteps() {
        Condition c = Condition.parseCondition(
                "#s = :open AND #a.#c = :city AND entries[2].#sku = :sku",
                ctx(
                        names("#s", "phase", "#a", "address", "#c", "city", "#sku", "sku"),
                        values(":open", s("OPEN"), ":city", s("Zürich"), ":sku", s("X1"))));
        assertThat(c.test(ORDER)).isTrue();
        assertThat(c.topLevelNames()).containsExactly("phase", "address", "entries");
    }

    @Test
    void pathsMayBeComparedWithPaths() {
        Map<String, AttrValue> item = item("a", n("1"), "b", n("2"));
        assertThat(Condition.parseFilter("a < b", Fixtures.none()).test(item)).isTrue();
    }

    @Test
    void whitespaceAndLineBreaksAreIgnored() {
        assertThat(test("\n  qty\t=\r\n:v  ", ":v", n("3"))).isTrue();
        assertThat(test("address . geo . lat > :v AND entries [ 1 ] = :s", ":v", n("47"), ":s", n("7")))
                .isTrue();
    }
}
