package dev.partitionscope.core.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.table.KeyType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** "Copy plan as → PartiQL": one SELECT per shard, every placeholder replaced by a correctly quoted name or literal. */
class PartiqlQueryTest {
    private static ScatterPlan orders(List<String> shards) {
        return ScatterPlan.of("orders", null, "PK", "SK", KeyType.S, shards);
    }

    @Test
    void oneStatementPerShardWithDoubleQuotedIdentifiersAndSingleQuotedKeys() {
        ScatterPlan plan = orders(List.of("ORDERS#1", "ORDERS#2", "it's#3"));
        assertThat(PartiqlQuery.statements(plan))
                .containsExactly(
                        "SELECT * FROM \"orders\" WHERE \"PK\" = 'ORDERS#1'",
                        "SELECT * FROM \"orders\" WHERE \"PK\" = 'ORDERS#2'",
                        "SELECT * FROM \"orders\" WHERE \"PK\" = 'it''s#3'");
        assertThat(PartiqlQuery.text(plan)).hasLineCount(3).endsWith("'it''s#3'\n");
    }

    @Test
    void everySortConditionIsMapped() {
        ScatterPlan plan = orders(List.of("A"));
        Map<SortCondition, String> expected = new LinkedHashMap<>();
        expected.put(SortCondition.of(SortCondition.Op.EQ, AttrValue.s("x")), "\"SK\" = 'x'");
        expected.put(SortCondition.of(SortCondition.Op.LT, AttrValue.s("x")), "\"SK\" < 'x'");
        expected.put(SortCondition.of(SortCondition.Op.LE, AttrValue.s("x")), "\"SK\" <= 'x'");
        expected.put(SortCondition.of(SortCondition.Op.GT, AttrValue.s("x")), "\"SK\" > 'x'");
        expected.put(SortCondition.of(SortCondition.Op.GE, AttrValue.s("x")), "\"SK\" >= 'x'");
        expected.put(
                SortCondition.between(AttrValue.s("2024-01-01"), AttrValue.s("2024-02-01")),
                "\"SK\" BETWEEN '2024-01-01' AND '2024-02-01'");
        expected.put(SortCondition.of(SortCondition.Op.BEGINS_WITH, AttrValue.s("o'k")), "begins_with(\"SK\", 'o''k')");
        expected.forEach((condition, text) -> assertThat(PartiqlQuery.statements(plan.withSortCondition(condition)))
                .containsExactly("SELECT * FROM \"orders\" WHERE \"PK\" = 'A' AND " + text));
    }

    @Test
    void numbersAreBareAndIndexNamesQuoted() {
        ScatterPlan plan = new ScatterPlan(
                "events",
                "by \"day\"",
                "day",
                KeyType.N,
                "ts",
                KeyType.N,
                List.of("20240101", "-3.5"),
                SortCondition.between(AttrValue.n(-5), AttrValue.n("1e3")),
                null,
                null,
                null,
                null,
                false,
                0,
                true,
                4,
                100);
        assertThat(PartiqlQuery.statements(plan))
                .containsExactly(
                        "SELECT * FROM \"events\".\"by \"\"day\"\"\" WHERE \"day\" = 20240101 AND \"ts\" BETWEEN -5"
                                + " AND 1000 ORDER BY \"ts\" DESC",
                        "SELECT * FROM \"events\".\"by \"\"day\"\"\" WHERE \"day\" = -3.5 AND \"ts\" BETWEEN -5"
                                + " AND 1000 ORDER BY \"ts\" DESC");
    }

    @Test
    void theFilterAndProjectionAreRenderedWithTheirValuesAndPartiqlSpellings() {
        Map<String, AttrValue> values = new LinkedHashMap<>();
        values.put(":min", AttrValue.n(40));
        values.put(":s", AttrValue.s("PEND'ING"));
        values.put(":t", AttrValue.Bool.TRUE);
        values.put(":z", AttrValue.Null.INSTANCE);
        values.put(":ss", new AttrValue.SS(List.of("a", "b'c")));
        values.put(":ns", new AttrValue.NS(List.of(AttrValue.n(1), AttrValue.n(2))));
        values.put(":l", new AttrValue.L(List.of(AttrValue.s("x"), AttrValue.n(3))));
        values.put(":m", new AttrValue.M(Map.of("k'", AttrValue.Bool.FALSE)));
        ScatterPlan plan = orders(List.of("ORDERS#1"))
                .withSortCondition(SortCondition.of(SortCondition.Op.GE, AttrValue.s("2024")))
                .withFilter(
                        "#total > :min AND #status = :s AND attribute_exists(#paid) AND attribute_not_exists(#gone)"
                                + " AND #tags IN (:t, :z, :ss, :ns, :l, :m) AND contains(#note, :s)"
                                + " AND size(#items) >= :min",
                        Map.of(
                                "#total", "total",
                                "#status", "status",
                                "#paid", "paid at",
                                "#gone", "deleted",
                                "#tags", "tags",
                                "#note", "note",
                                "#items", "items"),
                        values)
                .withProjection(List.of("total", "status"));
        assertThat(PartiqlQuery.statements(plan))
                .containsExactly(
                        "SELECT \"total\", \"status\", \"PK\", \"SK\" FROM \"orders\" WHERE \"PK\" = 'ORDERS#1'"
                                + " AND \"SK\" >= '2024' AND (\"total\" > 40 AND \"status\" = 'PEND''ING'"
                                + " AND \"paid at\" IS NOT MISSING AND \"deleted\" IS MISSING"
                                + " AND \"tags\" IN [true, NULL, <<'a', 'b''c'>>, <<1, 2>>, ['x', 3], {'k''': false}]"
                                + " AND contains(\"note\", 'PEND''ING') AND size(\"items\") >= 40)");
    }

    @Test
    void aValueThatLooksLikeAPlaceholderIsNotReplacedAgain() {
        ScatterPlan plan = orders(List.of("#pk :pk IN (x)"));
        assertThat(PartiqlQuery.statements(plan))
                .containsExactly("SELECT * FROM \"orders\" WHERE \"PK\" = '#pk :pk IN (x)'");
    }

    @Test
    void binaryHasNoPartiqlLiteral() {
        ScatterPlan plan = new ScatterPlan(
                "blobs",
                null,
                "id",
                KeyType.B,
                null,
                null,
                List.of("AAE="),
                null,
                null,
                null,
                null,
                null,
                true,
                0,
                false,
                1,
                10);
        assertThatThrownBy(() -> PartiqlQuery.statements(plan))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("binary");
    }
}
