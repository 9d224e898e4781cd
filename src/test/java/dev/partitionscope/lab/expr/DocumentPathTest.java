package dev.partitionscope.lab.expr;

import static dev.partitionscope.lab.expr.Fixtures.ctx;
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

/** Document paths: parsing through placeholders, and resolving against nested maps and lists. */
class DocumentPathTest {
    private static final Map<String, AttrValue> ITEM = item(
            "a", m("b", m("c", s("deep"))),
            "matrix", l(l(n("1"), n("2")), l(n("3"), m("label", s("x"), "c", s("found")))),
            "scalar", s("text"));

    private static DocumentPath path(String expression) {
        return ProjectionExpression.parse(expression, ctx(names("#n", "label"), null))
                .paths()
                .get(0);
    }

    @Test
    void resolvesNestedMapKeys() {
        assertThat(path("a.b.c").resolve(ITEM)).isEqualTo(s("deep"));
        assertThat(path("a").resolve(ITEM)).isEqualTo(m("b", m("c", s("deep"))));
    }

    @Test
    void resolvesListIndexesAndPlaceholdersInOnePath() {
        DocumentPath p = path("matrix[1][1].#n");
        assertThat(p.resolve(ITEM)).isEqualTo(s("x"));
        assertThat(p.toString()).isEqualTo("[matrix, [1], [1], label]");
        assertThat(p.head()).isEqualTo("matrix");
        assertThat(p.size()).isEqualTo(4);
        assertThat(p.isIndex(1)).isTrue();
        assertThat(p.index(2)).isEqualTo(1);
        assertThat(p.name(3)).isEqualTo("label");
    }

    @Test
    void missingStepsAndWrongKindsResolveToAbsent() {
        assertThat(path("a.x.c").resolve(ITEM)).isNull();
        assertThat(path("matrix[7]").resolve(ITEM)).isNull();
        assertThat(path("a[0]").resolve(ITEM)).isNull();
        assertThat(path("matrix.b").resolve(ITEM)).isNull();
        assertThat(path("scalar.b").resolve(ITEM)).isNull();
        assertThat(path("nothing").resolve(ITEM)).isNull();
    }

    @Test
    void placeholderValueIsTakenLiterallyEvenWithDotsOrBrackets() {
        Map<String, AttrValue> item = item("a.b", s("dotted"), "a", m("b", s("nested")));
        DocumentPath p = ProjectionExpression.parse("#k", ctx(names("#k", "a.b"), null))
                .paths()
                .get(0);
        assertThat(p.resolve(item)).isEqualTo(s("dotted"));
        assertThat(p.isNested()).isFalse();
    }

    @Test
    void pathsWithTheSameStepsAreEqual() {
        assertThat(path("matrix[1][1].#n")).isEqualTo(path("matrix[1][1].label"));
        assertThat(path("a.b")).isEqualTo(DocumentPath.of("a", "b"));
        assertThat(path("a.b")).isNotEqualTo(path("a.c"));
    }
}
