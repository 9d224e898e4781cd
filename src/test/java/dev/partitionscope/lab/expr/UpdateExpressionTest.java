package dev.partitionscope.lab.expr;

import static dev.partitionscope.lab.expr.Fixtures.bs;
import static dev.partitionscope.lab.expr.Fixtures.ctx;
import static dev.partitionscope.lab.expr.Fixtures.failsWith;
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
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Applying update expressions: the resulting item, with DynamoDB's semantics for every action. */
class UpdateExpressionTest {
    private static final Set<String> KEYS = Set.of("pk");
    private static final Map<String, AttrValue> OLD = item(
            "pk",
            s("p"),
            "qty",
            n("1.10"),
            "tags",
            ss("a", "b"),
            "ids",
            ns("1", "2"),
            "letters",
            l(s("a"), s("b"), s("c"), s("d"), s("e")),
            "info",
            m("title", s("x"), "counts", m("seen", n("7"))),
            "label",
            s("old"));

    private static Map<String, AttrValue> apply(String expression, Object... values) {
        ExpressionContext ctx = Fixtures.withValues(values(values));
        return UpdateExpression.parse(expression, ctx).apply(OLD, KEYS);
    }

    @Test
    void setReplacesAndAddsAttributes() {
        Map<String, AttrValue> updated = apply("SET label = :l, fresh = :f", ":l", s("new"), ":f", n("1"));
        assertThat(updated.get("label")).isEqualTo(s("new"));
        assertThat(updated.get("fresh")).isEqualTo(n("1"));
        assertThat(updated.get("qty")).isEqualTo(n("1.1"));
    }

    @Test
    void numberArithmeticKeepsDynamoDbCanonicalForm() {
        Map<String, AttrValue> updated =
                apply("SET qty = qty + :two, diff = :a - :b", ":two", n("2"), ":a", n("1E+2"), ":b", n("0.50"));
        assertThat(((AttrValue.N) updated.get("qty")).text()).isEqualTo("3.1");
        assertThat(((AttrValue.N) updated.get("diff")).text()).isEqualTo("99.5");
    }

    @Test
    void arithmeticOverflowUsesDynamoDbNumberMessage() {
        failsWith(
                () -> apply("SET qty = :big + :big", ":big", n("9.9E+125")),
                "Number overflow. Attempting to store a number with magnitude larger than supported range");
    }

    @Test
    void setOperandsReadTheItemBeforeTheUpdate() {
        Map<String, AttrValue> updated = apply("SET label = qty, qty = label");
        assertThat(updated.get("label")).isEqualTo(n("1.1"));
        assertThat(updated.get("qty")).isEqualTo(s("old"));
    }

    @Test
    void ifNotExistsKeepsAnExistingValue() {
        Map<String, AttrValue> updated = apply(
                "SET label = if_not_exists(label, :d), hits = if_not_exists(hits, :z) " + "+ :one",
                ":d",
                s("default"),
                ":z",
                n("0"),
                ":one",
                n("1"));
        assertThat(updated.get("label")).isEqualTo(s("old"));
        assertThat(updated.get("hits")).isEqualTo(n("1"));
    }

    @Test
    void listAppendJoinsListsInEitherOrder() {
        Map<String, AttrValue> updated = apply(
                "SET letters = list_append(:front, letters), more = "
                        + "list_append(if_not_exists(more, :empty), :front)",
                ":front",
                l(s("z")),
                ":empty",
                l());
        assertThat(((AttrValue.L) updated.get("letters")).values())
                .hasSize(6)
                .first()
                .isEqualTo(s("z"));
        assertThat(updated.get("more")).isEqualTo(l(s("z")));
    }

    @Test
    void setsNestedMapKeysAndListElements() {
        ExpressionContext ctx = ctx(names("#new", "added"), values(":v", n("8")));
        Map<String, AttrValue> updated = UpdateExpression.parse(
                        "SET info.counts.seen = :v, info.#new = :v, " + "letters[0] = :v", ctx)
                .apply(OLD, KEYS);
        assertThat(updated.get("info")).isEqualTo(m("title", s("x"), "counts", m("seen", n("8")), "added", n("8")));
        assertThat(((AttrValue.L) updated.get("letters")).values().get(0)).isEqualTo(n("8"));
    }

    @Test
    void elementsSetPastTheEndAreAppendedInIndexOrder() {
        Map<String, AttrValue> updated = apply("SET letters[20] = :y, letters[10] = :x", ":x", s("x"), ":y", s("y"));
        assertThat(updated.get("letters")).isEqualTo(l(s("a"), s("b"), s("c"), s("d"), s("e"), s("x"), s("y")));
    }

    @Test
    void removeDeletesAttributesAndNestedKeys() {
        Map<String, AttrValue> updated = apply("REMOVE label, info.counts, absent");
        assertThat(updated).doesNotContainKey("label");
        assertThat(updated.get("info")).isEqualTo(m("title", s("x")));
    }

    @Test
    void removingListElementsShiftsTheRestAndUsesOriginalIndexes() {
        Map<String, AttrValue> updated = apply("REMOVE letters[1], letters[3], letters[9]");
        assertThat(updated.get("letters")).isEqualTo(l(s("a"), s("c"), s("e")));
    }

    @Test
    void addToNumberAddsAndCreatesMissingNumbers() {
        Map<String, AttrValue> updated =
                apply("ADD qty :n, visits :n, info.counts.seen :neg", ":n", n("2"), ":neg", n("-7"));
        assertThat(updated.get("qty")).isEqualTo(n("3.1"));
        assertThat(updated.get("visits")).isEqualTo(n("2"));
        assertThat(updated.get("info")).isEqualTo(m("title", s("x"), "counts", m("seen", n("0"))));
    }

    @Test
    void addToSetIsAUnionAndCreatesMissingSets() {
        Map<String, AttrValue> updated =
                apply("ADD tags :t, ids :i, blobs :b", ":t", ss("b", "c"), ":i", ns("2.0", "3"), ":b", bs("x"));
        assertThat(updated.get("tags")).isEqualTo(ss("a", "b", "c"));
        assertThat(((AttrValue.SS) updated.get("tags")).values()).containsExactly("a", "b", "c");
        assertThat(updated.get("ids")).isEqualTo(ns("1", "2", "3"));
        assertThat(updated.get("blobs")).isEqualTo(bs("x"));
    }

    @Test
    void deleteRemovesSetElementsAndTheAttributeWhenEmpty() {
        Map<String, AttrValue> updated =
                apply("DELETE tags :a, ids :all, absent :a", ":a", ss("a", "zz"), ":all", ns("1", "2"));
        assertThat(updated.get("tags")).isEqualTo(ss("b"));
        assertThat(updated).doesNotContainKeys("ids", "absent");
    }

    @Test
    void clausesMayComeInAnyOrderAndCase() {
        Map<String, AttrValue> updated =
                apply("remove label add qty :one set fresh = :one delete tags :t", ":one", n("1"), ":t", ss("a"));
        assertThat(updated)
                .doesNotContainKey("label")
                .containsEntry("qty", n("2.1"))
                .containsEntry("fresh", n("1"))
                .containsEntry("tags", ss("b"));
    }

    @Test
    void newItemStartsFromItsKey() {
        UpdateExpression update =
                UpdateExpression.parse("SET dup = pk ADD n :one", Fixtures.withValues(values(":one", n("1"))));
        assertThat(update.apply(item("pk", s("k")), KEYS)).isEqualTo(item("pk", s("k"), "dup", s("k"), "n", n("1")));
    }

    @Test
    void inputItemIsNeverModified() {
        Map<String, AttrValue> before = new HashMap<>(OLD);
        apply(
                "SET info.counts.seen = :v, letters[1] = :v REMOVE info.title, letters[0] ADD tags :t",
                ":v",
                n("1"),
                ":t",
                ss("q"));
        assertThat(OLD).isEqualTo(before);
        assertThat(OLD.get("info")).isEqualTo(m("title", s("x"), "counts", m("seen", n("7"))));
    }

    @Test
    void reportsWhichAttributesAndPathsItWrites() {
        UpdateExpression update = UpdateExpression.parse(
                "SET info.counts.seen = :v, label = :v REMOVE letters[1]", Fixtures.withValues(values(":v", n("9"))));
        assertThat(update.updatedAttributeNames()).containsExactly("info", "label", "letters");
        assertThat(update.updatedPaths())
                .extracting(Object::toString)
                .containsExactly("[info, counts, seen]", "[label]", "[letters, [1]]");
        Map<String, AttrValue> updated = update.apply(OLD, KEYS);
        assertThat(update.updatedValues(OLD))
                .isEqualTo(item("info", m("counts", m("seen", n("7"))), "label", s("old"), "letters", l(s("b"))));
        assertThat(update.updatedValues(updated))
                .isEqualTo(item("info", m("counts", m("seen", n("9"))), "label", n("9"), "letters", l(s("c"))));
    }
}
