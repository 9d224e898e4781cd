package dev.partitionscope.lab.expr;

import static dev.partitionscope.lab.expr.Fixtures.ctx;
import static dev.partitionscope.lab.expr.Fixtures.failsWith;
import static dev.partitionscope.lab.expr.Fixtures.n;
import static dev.partitionscope.lab.expr.Fixtures.names;
import static dev.partitionscope.lab.expr.Fixtures.s;
import static dev.partitionscope.lab.expr.Fixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** DynamoDB's validation messages for condition and filter expressions, word for word. */
class ConditionErrorsTest {
    private static final Map<String, AttrValue> VALUES = values(":s", s("x"), ":n", n("1"), ":t", s("S"));

    private static void condition(String expression) {
        Condition.parseCondition(expression, Fixtures.withValues(new LinkedHashMap<>(VALUES)));
    }

    @Test
    void emptyExpressionIsRefused() {
        failsWith(() -> condition(""), "Invalid ConditionExpression: The expression can not be empty;");
        failsWith(
                () -> Condition.parseFilter("", Fixtures.none()),
                "Invalid FilterExpression: The expression can not be empty;");
    }

    @Test
    void syntaxErrorNamesTheTokenAndItsNeighbours() {
        failsWith(
                () -> condition("a = = :s"),
                "Invalid ConditionExpression: Syntax error; token: \"=\", near: \"= = :s\"");
        failsWith(
                () -> condition("a = :s AND"),
                "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\"");
        failsWith(() -> condition("a > 4"), "Invalid ConditionExpression: Syntax error; token: \"4\", near: \"> 4\"");
        failsWith(
                () -> condition("a = \"x\""),
                "Invalid ConditionExpression: Syntax error; token: \"\"\", near: \"= \"x\"");
    }

    @Test
    void nameStartingWithUnderscoreIsASyntaxErrorInConditions() {
        // DynamoDB (and DynamoDB Local) answer exactly this for "__typename <> :v".
        failsWith(
                () -> condition("__typename <> :s"),
                "Invalid ConditionExpression: Syntax error; token: \"_\", near: \"__\"");
        failsWith(
                () -> condition("_hidden = :s"),
                "Invalid ConditionExpression: Syntax error; token: \"_\", near: \"_hidden\"");
    }

    @Test
    void unexpectedCharacterIsReportedWhole() {
        failsWith(
                () -> condition("a = \uD83D\uDE00"),
                "Invalid ConditionExpression: Syntax error; token: \"\uD83D\uDE00\", near: \"= \uD83D\uDE00\"");
    }

    @Test
    void firstFaultyConditionDecidesWhichProblemIsReported() {
        failsWith(
                () -> condition("begins_with(a, :n) AND a = a"),
                "Invalid ConditionExpression: Incorrect operand "
                        + "type for operator or function; operator or function: begins_with, operand type: N");
        failsWith(
                () -> condition("a = a AND begins_with(a, :n)"),
                "Invalid ConditionExpression: The first operand "
                        + "must be distinct from the remaining operands for this operator or function; operator: =, first "
                        + "operand: [a]");
        failsWith(
                () -> condition("begins_with(a) AND a = :undefined"),
                "Invalid ConditionExpression: Incorrect "
                        + "number of operands for operator or function; operator or function: begins_with, "
                        + "number of operands: 1");
    }

    @Test
    void keywordCannotNameAnAttribute() {
        failsWith(
                () -> condition("and = :s"),
                "Invalid ConditionExpression: Syntax error; token: \"and\", near: \"and =\"");
    }

    @Test
    void reservedWordsAreRefusedUnlessBehindAPlaceholder() {
        failsWith(
                () -> condition("status = :s"),
                "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: status");
        failsWith(
                () -> condition("a.Name = :s"),
                "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: Name");
        Condition ok = Condition.parseCondition("#st = :s", ctx(names("#st", "status"), values(":s", s("x"))));
        assertThat(ok.test(Fixtures.item("status", s("x")))).isTrue();
        assertThat(ReservedWords.count()).isEqualTo(573);
    }

    @Test
    void undefinedPlaceholdersAreNamed() {
        failsWith(
                () -> condition("#n = :s"),
                "Invalid ConditionExpression: An expression attribute name used in the "
                        + "document path is not defined; attribute name: #n");
        failsWith(
                () -> condition("a = :v"),
                "Invalid ConditionExpression: An expression attribute value used in "
                        + "expression is not defined; attribute value: :v");
    }

    @Test
    void unknownFunctionIsNamed() {
        failsWith(
                () -> condition("attribute_exist(a)"),
                "Invalid ConditionExpression: Invalid function name; function: attribute_exist");
        failsWith(
                () -> condition("SIZE(a) > :n"), "Invalid ConditionExpression: Invalid function name; function: SIZE");
    }

    @Test
    void booleanFunctionsCannotBeOperandsAndSizeCannotBeACondition() {
        failsWith(
                () -> condition("attribute_exists(a) = :s"),
                "Invalid ConditionExpression: The function is not "
                        + "allowed to be used this way in an expression; function: attribute_exists");
        failsWith(
                () -> condition("size(a)"),
                "Invalid ConditionExpression: The function is not allowed to be used "
                        + "this way in an expression; function: size");
        failsWith(
                () -> condition("a = :s AND size(a)"),
                "Invalid ConditionExpression: The function is not allowed "
                        + "to be used this way in an expression; function: size");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "begins_with(a)|Incorrect number of operands for operator or function; operator or function: begins_with, "
                        + "number of operands: 1",
                "attribute_exists(a, b)|Incorrect number of operands for operator or function; operator or function: "
                        + "attribute_exists, number of operands: 2",
                "attribute_exists(:s)|Operator or function requires a document path; operator or function: attribute_exists",
                "begins_with(a, :n)|Incorrect operand type for operator or function; operator or function: begins_with, "
                        + "operand type: N",
                "attribute_type(a, :n)|Incorrect operand type for operator or function; operator or function: "
                        + "attribute_type, operand type: N",
                "attribute_type(a, b)|Incorrect operand type for operator or function; operator or function: "
                        + "attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}",
                "attribute_type(a, :s)|Invalid attribute type name found; type: x, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}",
                "size(:n) > :n|Incorrect operand type for operator or function; operator or function: size, operand type: N",
                "a = a|The first operand must be distinct from the remaining operands for this operator or function; "
                        + "operator: =, first operand: [a]",
                "contains(a.b[1], a.b[1])|The first operand must be distinct from the remaining operands for this operator "
                        + "or function; operator: contains, first operand: [a, b, [1]]",
                "a BETWEEN :n AND :s|The BETWEEN operator requires same data type for lower and upper bounds; lower bound "
                        + "operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:x}",
                "a BETWEEN :s AND :t|The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                        + "lower bound operand: AttributeValue: {S:x}, upper bound operand: AttributeValue: {S:S}",
                "((a = :s))|The expression has redundant parentheses;",
                "((a)) = :s|The expression has redundant parentheses;"
            })
    void functionAndOperandProblemsUseDynamoDbWording(String expression, String message) {
        failsWith(() -> condition(expression), "Invalid ConditionExpression: " + message);
    }

    @Test
    void singleParenthesesAroundConditionsAreFine() {
        condition("(a = :s) AND ((b = :n) OR (c = :s))");
        condition("(attribute_exists(a))");
    }

    @Test
    void inAcceptsAtMostOneHundredOperands() {
        Map<String, AttrValue> values = new LinkedHashMap<>();
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < 101; i++) {
            values.put(":v" + i, n(Integer.toString(i)));
            list.append(i == 0 ? "" : ", ").append(":v").append(i);
        }
        failsWith(
                () -> Condition.parseFilter("a IN (" + list + ")", Fixtures.withValues(values)),
                "Invalid FilterExpression: The IN operator is provided with too many operands; "
                        + "number of operands: 101");
        values.remove(":v100");
        String hundred = list.substring(0, list.lastIndexOf(","));
        assertThat(Condition.parseFilter("a IN (" + hundred + ")", Fixtures.withValues(values))
                        .test(Fixtures.item("a", n("99"))))
                .isTrue();
    }

    @Test
    void syntaxErrorsWinOverOtherProblemsAndParenthesesOverReservedWords() {
        failsWith(
                () -> condition("status = :undefined AND"),
                "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\"");
        failsWith(
                () -> condition("((status = :s))"),
                "Invalid ConditionExpression: The expression has redundant " + "parentheses;");
        failsWith(
                () -> condition("status = :undefined"),
                "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: status");
    }
}
