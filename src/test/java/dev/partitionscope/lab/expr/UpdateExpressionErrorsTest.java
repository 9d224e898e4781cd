package dev.partitionscope.lab.expr;

import static dev.partitionscope.lab.expr.Fixtures.b;
import static dev.partitionscope.lab.expr.Fixtures.bool;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.item.AttrValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** DynamoDB's refusals of update expressions: when parsing, and when applying to a particular item. */
class UpdateExpressionErrorsTest {
    private static final Map<String, AttrValue> VALUES = values(
            ":s",
            s("x"),
            ":n",
            n("1"),
            ":b",
            b("x"),
            ":t",
            bool(true),
            ":l",
            l(),
            ":m",
            m(),
            ":ss",
            ss("a"),
            ":ns",
            ns("1"));
    private static final Map<String, AttrValue> OLD = item(
            "pk",
            s("p"),
            "num",
            n("1"),
            "str",
            s("x"),
            "tags",
            ss("a"),
            "ids",
            ns("1"),
            "arr",
            l(s("a")),
            "dict",
            m("k", s("v")));

    private static UpdateExpression parse(String expression) {
        return UpdateExpression.parse(expression, ctx(names("#a", "a", "#pk", "pk"), new LinkedHashMap<>(VALUES)));
    }

    private static void apply(String expression) {
        parse(expression).apply(OLD, Set.of("pk"));
    }

    @Test
    void emptyAndMalformedExpressionsAreSyntaxErrors() {
        failsWith(() -> parse(""), "Invalid UpdateExpression: The expression can not be empty;");
        failsWith(
                () -> parse("ADD hits : incr"),
                "Invalid UpdateExpression: Syntax error; token: \":\", near: \"hits : incr\"");
        failsWith(() -> parse("SET a = :s,"), "Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \",\"");
        failsWith(
                () -> parse("INVALID SYNTAX HERE"),
                "Invalid UpdateExpression: Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\"");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "set a",
        "remove a = b",
        "delete a b",
        "set a = set",
        "set a = b + c + d",
        "set a = b * c",
        "set a[1] = 1",
        "remove :s",
        "SET if_not_exists(a, b) = a",
        "set a = (b.c).d + e",
        "add a :s :s"
    })
    void grammarViolationsAreSyntaxErrors(String expression) {
        assertThatThrownBy(() -> parse(expression))
                .isInstanceOf(ExpressionException.class)
                .hasMessageStartingWith("Invalid UpdateExpression: Syntax error; ");
    }

    @Test
    void eachClauseMayAppearOnlyOnce() {
        failsWith(
                () -> parse("SET a = :s REMOVE b SET c = :s"),
                "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;");
        failsWith(
                () -> parse("add a :n delete b :ss add c :n"),
                "Invalid UpdateExpression: The \"ADD\" section can only be used once in an update expression;");
    }

    @Test
    void reservedWordsAndUndefinedPlaceholdersAreRefused() {
        failsWith(
                () -> parse("SET #a = :s, status = :s"),
                "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: status");
        failsWith(
                () -> parse("SET #zz = :s"),
                "Invalid UpdateExpression: An expression attribute name used in the "
                        + "document path is not defined; attribute name: #zz");
        failsWith(
                () -> parse("SET a = :zz"),
                "Invalid UpdateExpression: An expression attribute value used in "
                        + "expression is not defined; attribute value: :zz");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "SET a = :s REMOVE a|[a]|[a]",
                "SET a = :s, a.b = :s|[a]|[a, b]",
                "REMOVE c.d[2].e, #a, c.d[2]|[c, d, [2], e]|[c, d, [2]]",
                "SET x[1] = :s, x.k = :s, c = :s, c = :s|[c]|[c]"
            })
    void overlappingPathsAreRefusedBeforeConflictingOnes(String expression, String one, String two) {
        failsWith(
                () -> parse(expression),
                "Invalid UpdateExpression: Two document paths overlap with each other; "
                        + "must remove or rewrite one of these paths; path one: " + one + ", path two: " + two);
    }

    @Test
    void conflictingPathsAreRefused() {
        failsWith(
                () -> parse("REMOVE a.k SET a[1] = :s"),
                "Invalid UpdateExpression: Two document paths conflict "
                        + "with each other; must remove or rewrite one of these paths; path one: [a, k], path two: [a, [1]]");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "ADD a :s|Incorrect operand type for operator or function; operator: ADD, operand type: STRING",
                "ADD a :l|Incorrect operand type for operator or function; operator: ADD, operand type: LIST",
                "ADD a :t|Incorrect operand type for operator or function; operator: ADD, operand type: BOOLEAN",
                "DELETE a :n|Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER",
                "DELETE a :m|Incorrect operand type for operator or function; operator: DELETE, operand type: MAP",
                "DELETE a :b|Incorrect operand type for operator or function; operator: DELETE, operand type: BINARY",
                "SET a = b + :s|Incorrect operand type for operator or function; operator or function: +, operand type: S",
                "SET a = :ss - b|Incorrect operand type for operator or function; operator or function: -, operand type: SS",
                "SET a = list_append(:s, b)|Incorrect operand type for operator or function; operator or function: "
                        + "list_append, operand type: S",
                "SET a = if_not_exists(:s, b)|Operator or function requires a document path; operator or function: "
                        + "if_not_exists",
                "SET a = if_not_exists(b)|Incorrect number of operands for operator or function; operator or function: "
                        + "if_not_exists, number of operands: 1",
                "SET a = if_not_exist(b, :s)|Invalid function name; function: if_not_exist"
            })
    void operandTypesAndFunctionsAreCheckedWhenParsing(String expression, String message) {
        failsWith(() -> parse(expression), "Invalid UpdateExpression: " + message);
    }

    @Test
    void keyAttributesCannotBeUpdated() {
        String message = "One or more parameter values were invalid: Cannot update attribute pk. This attribute is "
                + "part of the key";
        failsWith(() -> apply("SET #pk = :s"), message);
        failsWith(() -> apply("REMOVE pk"), message);
        failsWith(() -> apply("ADD pk.x :n"), message);
        failsWith(
                () -> apply("SET alias = pk.x"),
                "Key attributes must be scalars; list random access '[]' and map "
                        + "lookup '.' are not allowed: Key: pk");
        failsWith(
                () -> parse("SET a = :s REMOVE sk").checkKeyAttributes(List.of("pk", "sk")),
                "One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of "
                        + "the key");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "SET absent.x = :s",
        "SET str.x = :s",
        "SET dict[0] = :s",
        "SET arr.k = :s",
        "SET absent[0] = :s",
        "REMOVE absent.x",
        "REMOVE dict.k.deeper",
        "ADD absent.x :n",
        "DELETE arr[0].x :ss"
    })
    void writingUnderAMissingOrScalarParentIsInvalid(String expression) {
        failsWith(() -> apply(expression), "The document path provided in the update expression is invalid for update");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "SET a = str + :n",
        "SET a = :n - dict",
        "'SET a = list_append(arr, str)'",
        "ADD str :n",
        "ADD tags :ns",
        "ADD num :ss",
        "DELETE ids :ss",
        "DELETE num :ns",
        "ADD arr :ss"
    })
    void operandsOfTheWrongStoredTypeAreRefused(String expression) {
        failsWith(() -> apply(expression), "An operand in the update expression has an incorrect data type");
    }

    @Test
    void operandPathsMustExist() {
        failsWith(
                () -> apply("SET a = absent"),
                "The provided expression refers to an attribute that does not exist in the item");
        failsWith(
                () -> apply("SET a = absent + :n"),
                "The provided expression refers to an attribute that does not exist in the item");
        failsWith(
                () -> apply("SET a = list_append(arr, absent)"),
                "The provided expression refers to an attribute that does not exist in the item");
    }
}
