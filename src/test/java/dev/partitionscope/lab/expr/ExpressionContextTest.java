package dev.partitionscope.lab.expr;

import static dev.partitionscope.lab.expr.Fixtures.ctx;
import static dev.partitionscope.lab.expr.Fixtures.failsWith;
import static dev.partitionscope.lab.expr.Fixtures.n;
import static dev.partitionscope.lab.expr.Fixtures.names;
import static dev.partitionscope.lab.expr.Fixtures.s;
import static dev.partitionscope.lab.expr.Fixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.core.table.KeyType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Placeholder maps of a request: validation, and the "unused" check across all expressions of the request. */
class ExpressionContextTest {
    private static final KeySchema PK_SK =
            new KeySchema(new KeyAttribute("pk", KeyType.S), new KeyAttribute("sk", KeyType.N));

    @Test
    void unusedValueIsReportedWithItsKey() {
        ExpressionContext ctx = Fixtures.withValues(values(":used", s("a"), ":x", s("b")));
        Condition.parseCondition("a = :used", ctx);
        failsWith(ctx::checkAllUsed, "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}");
    }

    @Test
    void unusedNamesAreReportedBeforeUnusedValuesInRequestOrder() {
        ExpressionContext ctx = ctx(names("#b", "b", "#n", "n", "#a", "a"), values(":x", s("b")));
        Condition.parseCondition("#n = :x", ctx);
        assertThat(ctx.unusedNames()).containsExactly("#b", "#a");
        failsWith(
                ctx::checkAllUsed, "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b, #a}");
    }

    @Test
    void placeholdersMayBeSpreadOverTheExpressionsOfOneQuery() {
        ExpressionContext ctx = ctx(
                names("#s", "status", "#p", "payload"),
                values(":pk", s("user#1"), ":from", n("10"), ":open", s("OPEN")));
        KeyCondition.parse("pk = :pk AND sk >= :from", ctx, PK_SK);
        Condition.parseFilter("#s = :open", ctx);
        ProjectionExpression.parse("pk, #p.title", ctx);
        assertThatCode(ctx::checkAllUsed).doesNotThrowAnyException();
    }

    @Test
    void placeholderUsedOnlyInAFailedLookupStaysUnused() {
        ExpressionContext ctx = ctx(names("#n", "n"), null);
        assertThat(ctx.unusedNames()).containsExactly("#n");
        ProjectionExpression.parse("#n", ctx);
        assertThat(ctx.unusedNames()).isEmpty();
        assertThat(ctx.unusedValues()).isEmpty();
    }

    @Test
    void emptyMapsAreRefusedButAbsentOnesAreFine() {
        failsWith(() -> ExpressionContext.of(Map.of(), null), "ExpressionAttributeNames must not be empty");
        failsWith(
                () -> ExpressionContext.of(null, Map.<String, AttrValue>of()),
                "ExpressionAttributeValues must not be empty");
        assertThatCode(() -> ExpressionContext.of(null, null).checkAllUsed()).doesNotThrowAnyException();
    }

    @Test
    void malformedPlaceholderKeysAreRefused() {
        failsWith(
                () -> ExpressionContext.of(names("a", "a"), null),
                "ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"");
        failsWith(
                () -> ExpressionContext.of(names("#a-b", "a"), null),
                "ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a-b\"");
        failsWith(
                () -> ExpressionContext.of(null, values("v", s("x"))),
                "ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"");
        failsWith(
                () -> ExpressionContext.of(null, values(":", s("x"))),
                "ExpressionAttributeValues contains invalid key: Syntax error; key: \":\"");
    }
}
