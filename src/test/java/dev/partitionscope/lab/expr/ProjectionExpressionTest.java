package dev.partitionscope.lab.expr;

import static dev.partitionscope.lab.expr.Fixtures.ctx;
import static dev.partitionscope.lab.expr.Fixtures.failsWith;
import static dev.partitionscope.lab.expr.Fixtures.item;
import static dev.partitionscope.lab.expr.Fixtures.l;
import static dev.partitionscope.lab.expr.Fixtures.m;
import static dev.partitionscope.lab.expr.Fixtures.n;
import static dev.partitionscope.lab.expr.Fixtures.names;
import static dev.partitionscope.lab.expr.Fixtures.s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ProjectionExpression: parsing, validation and the shape of the projected item. */
class ProjectionExpressionTest {
    private static final Map<String, AttrValue> ITEM = item(
            "pk",
            s("p"),
            "title",
            s("t"),
            "_version",
            n("3"),
            "info",
            m("a", n("1"), "b", n("2"), "deep", m("x", s("x"), "y", s("y"))),
            "letters",
            l(s("a"), s("b"), s("c"), s("d")),
            "grid",
            l(m("k", s("k0"), "v", s("v0")), m("k", s("k1"), "v", s("v1"))));

    private static Map<String, AttrValue> project(String expression) {
        return ProjectionExpression.parse(expression, Fixtures.none()).apply(ITEM);
    }

    @Test
    void keepsOnlyTheNamedTopLevelAttributes() {
        assertThat(project("pk, title, absent")).isEqualTo(item("pk", s("p"), "title", s("t")));
    }

    @Test
    void keepsOnlyTheNamedKeysOfNestedMaps() {
        assertThat(project("info.b, info.deep.y")).isEqualTo(item("info", m("b", n("2"), "deep", m("y", s("y")))));
    }

    @Test
    void projectedListElementsKeepTheirRelativeOrder() {
        assertThat(project("letters[3], letters[1], letters[9]")).isEqualTo(item("letters", l(s("b"), s("d"))));
    }

    @Test
    void projectsKeysInsideListElements() {
        assertThat(project("grid[1].v, grid[0].k")).isEqualTo(item("grid", l(m("k", s("k0")), m("v", s("v1")))));
    }

    @Test
    void namesMayStartWithAnUnderscoreAndComeFromPlaceholders() {
        ProjectionExpression p =
                ProjectionExpression.parse("#i.#d.x, _version", ctx(names("#i", "info", "#d", "deep"), null));
        assertThat(p.apply(ITEM)).isEqualTo(item("info", m("deep", m("x", s("x"))), "_version", n("3")));
        assertThat(p.topLevelNames()).containsExactly("info", "_version");
    }

    @Test
    void doesNotModifyTheItem() {
        Map<String, AttrValue> before = Map.copyOf(ITEM);
        project("info.a, letters[0]");
        assertThat(ITEM).isEqualTo(before);
    }

    @Test
    void overlappingPathsAreRefused() {
        failsWith(
                () -> project("info, info.a"),
                "Invalid ProjectionExpression: Two document paths overlap with each "
                        + "other; must remove or rewrite one of these paths; path one: [info], path two: [info, a]");
        failsWith(
                () -> project("pk, title, pk"),
                "Invalid ProjectionExpression: Two document paths overlap with each "
                        + "other; must remove or rewrite one of these paths; path one: [pk], path two: [pk]");
    }

    @Test
    void conflictingPathsAreRefused() {
        failsWith(
                () -> project("grid[0], grid.k"),
                "Invalid ProjectionExpression: Two document paths conflict with "
                        + "each other; must remove or rewrite one of these paths; path one: [grid, [0]], path two: [grid, k]");
    }

    @Test
    void reservedWordsUndefinedNamesAndSyntaxAreRefused() {
        failsWith(
                () -> project("pk, data"),
                "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: data");
        failsWith(
                () -> project("#x"),
                "Invalid ProjectionExpression: An expression attribute name used in the "
                        + "document path is not defined; attribute name: #x");
        failsWith(() -> project("!!"), "Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\"");
        failsWith(() -> project("pk,"), "Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"");
        failsWith(
                () -> project("letters[x]"), "Invalid ProjectionExpression: Syntax error; token: \"x\", near: \"[x]\"");
        failsWith(() -> project(""), "Invalid ProjectionExpression: The expression can not be empty;");
    }
}
