package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for condition expressions (ConditionExpression, FilterExpression and the raw form of a
 * KeyConditionExpression). Precedence, lowest first: OR, AND, NOT, then comparisons, BETWEEN, IN, functions and
 * parentheses, as DynamoDB documents it.
 *
 * <pre>
 * or         := and (OR and)*
 * and        := not (AND not)*
 * not        := NOT not | primary
 * primary    := '(' or ')' | comparison
 * comparison := operand (comparator operand | BETWEEN operand AND operand | IN '(' operand (',' operand)* ')')?
 * operand    := '(' operand ')' | :value | name '(' operand (',' operand)* ')' | path
 * </pre>
 */
final class ConditionParser extends ParserBase {
    /** DynamoDB's documented maximum of operands to IN. */
    static final int MAX_IN_OPERANDS = 100;

    private static final Problem[] ORDER = {
        Problem.PARENS, Problem.UNKNOWN_FUNCTION, Problem.MISUSED_FUNCTION, Problem.RESERVED, Problem.CONDITION
    };
    /** Per-condition problems, most important first; see {@link #closeCondition()}. */
    private static final Problem[] CONDITION_ORDER = {
        Problem.UNDEFINED_NAME, Problem.OPERAND_COUNT, Problem.DISTINCT, Problem.OPERAND_TYPE
    };

    CondNode root;

    private ConditionParser(String expression, ExpressionContext ctx, String parameter) {
        super(expression, ctx, parameter, false);
    }

    /** Parses and validates; the parser is returned for its {@link #root} and the path heads it met. */
    static ConditionParser parse(String expression, ExpressionContext ctx, String parameter) {
        ConditionParser parser = new ConditionParser(expression, ctx, parameter);
        parser.root = parser.parseOr();
        parser.expectEnd();
        parser.throwReported(ORDER);
        return parser;
    }

    @Override
    boolean isKeyword(int token) {
        return lx.isWord(token, "AND")
                || lx.isWord(token, "OR")
                || lx.isWord(token, "NOT")
                || lx.isWord(token, "BETWEEN")
                || lx.isWord(token, "IN");
    }

    @Override
    Problem undefinedValueSlot() {
        // Conditions report the first undefined name or value, whichever came first.
        return Problem.UNDEFINED_NAME;
    }

    private CondNode parseOr() {
        CondNode left = parseAnd();
        while (atWord("OR")) {
            pos++;
            left = new CondNode.Or(left, parseAnd());
        }
        return left;
    }

    private CondNode parseAnd() {
        CondNode left = parseNot();
        while (atWord("AND")) {
            pos++;
            left = new CondNode.And(left, parseNot());
        }
        return left;
    }

    private CondNode parseNot() {
        if (atWord("NOT")) {
            pos++;
            return new CondNode.Not(parseNot());
        }
        return parsePrimary();
    }

    private CondNode parsePrimary() {
        if (type() == Lexer.LPAREN) {
            int close = closing(pos);
            // "(a) = :v" parenthesises an operand, "(a = :v)" a condition: what follows the ')' tells them apart.
            if (close < 0 || !startsComparison(close + 1)) {
                checkRedundant(pos, close);
                pos++;
                CondNode inner = parseOr();
                expect(Lexer.RPAREN);
                return inner;
            }
        }
        return parseComparison();
    }

    private boolean startsComparison(int token) {
        int t = typeAt(token);
        return Lexer.isComparator(t) || lx.isWord(token, "BETWEEN") || lx.isWord(token, "IN");
    }

    private CondNode parseComparison() {
        CondNode condition = parseLeaf();
        closeCondition();
        return condition;
    }

    /**
     * DynamoDB reports these problems per leaf condition: the first leaf (in text order) that has any decides the
     * message, and within it the most important kind wins. So {@code begins_with(a, :n) AND a = a} complains about
     * the operand type of begins_with, not about {@code a = a}.
     */
    private void closeCondition() {
        if (reported(Problem.CONDITION) != null) {
            return;
        }
        for (Problem p : CONDITION_ORDER) {
            String message = reported(p);
            if (message != null) {
                report(Problem.CONDITION, message);
                return;
            }
        }
    }

    private CondNode parseLeaf() {
        Operand left = parseOperand();
        int t = type();
        if (Lexer.isComparator(t)) {
            pos++;
            Operand right = parseOperand();
            checkMisused(left, right);
            checkDistinct(CondNode.Compare.symbol(t), left, right);
            return new CondNode.Compare(t, left, right);
        }
        if (atWord("BETWEEN")) {
            pos++;
            Operand lower = parseOperand();
            if (!atWord("AND")) {
                throw syntaxError();
            }
            pos++;
            Operand upper = parseOperand();
            checkMisused(left, lower, upper);
            checkBounds(lower, upper);
            return new CondNode.Between(left, lower, upper);
        }
        if (atWord("IN")) {
            pos++;
            expect(Lexer.LPAREN);
            Operand[] candidates = parseOperandList().toArray(new Operand[0]);
            checkMisused(left);
            checkMisused(candidates);
            if (candidates.length > MAX_IN_OPERANDS) {
                report(
                        Problem.OPERAND_COUNT,
                        "The IN operator is provided with too many operands; number of operands: " + candidates.length);
            }
            return new CondNode.In(left, candidates);
        }
        if (left instanceof ConditionFunction f) {
            if (f.fn == ConditionFunction.Fn.SIZE) {
                report(Problem.MISUSED_FUNCTION, misusedMessage(f.name));
            }
            return f;
        }
        throw syntaxError();
    }

    /** Operands up to and including the closing ')'. */
    private List<Operand> parseOperandList() {
        List<Operand> operands = new ArrayList<>(4);
        operands.add(parseOperand());
        while (type() == Lexer.COMMA) {
            pos++;
            operands.add(parseOperand());
        }
        expect(Lexer.RPAREN);
        return operands;
    }

    private Operand parseOperand() {
        int t = type();
        if (t == Lexer.LPAREN) {
            checkRedundant(pos, closing(pos));
            pos++;
            Operand inner = parseOperand();
            expect(Lexer.RPAREN);
            if (inner instanceof Operand.Path path && (type() == Lexer.DOT || type() == Lexer.LBRACKET)) {
                return new Operand.Path(continuePath(path.path));
            }
            return inner;
        }
        if (t == Lexer.ATTR_VALUE) {
            return new Operand.Value(parseValueRef());
        }
        if (t == Lexer.NAME && typeAt(pos + 1) == Lexer.LPAREN && !isKeyword(pos)) {
            String name = lx.text(pos);
            pos += 2;
            return function(name, parseOperandList().toArray(new Operand[0]));
        }
        return new Operand.Path(parsePath());
    }

    private ConditionFunction function(String name, Operand[] args) {
        ConditionFunction f = new ConditionFunction(name, args);
        if (f.fn == null) {
            report(Problem.UNKNOWN_FUNCTION, "Invalid function name; function: " + name);
            return f;
        }
        checkMisused(args);
        if (args.length != f.fn.arity) {
            report(Problem.OPERAND_COUNT, operandCountMessage(name, args.length));
            return f;
        }
        if (args.length == 2) {
            checkDistinct(name, args[0], args[1]);
        }
        switch (f.fn) {
            case ATTRIBUTE_EXISTS, ATTRIBUTE_NOT_EXISTS -> {
                if (!(args[0] instanceof Operand.Path)) {
                    report(
                            Problem.OPERAND_TYPE,
                            "Operator or function requires a document path; operator or function: " + name);
                }
            }
            case BEGINS_WITH -> {
                for (Operand arg : args) {
                    AttrValue.Type type = arg.knownType();
                    if (type != null && type != AttrValue.Type.S && type != AttrValue.Type.B) {
                        report(Problem.OPERAND_TYPE, operandTypeMessage(name, type.name()));
                        break;
                    }
                }
            }
            case ATTRIBUTE_TYPE -> checkTypeName(args[1]);
            case SIZE -> {
                AttrValue.Type type = args[0].knownType();
                if (type == AttrValue.Type.N || type == AttrValue.Type.BOOL || type == AttrValue.Type.NULL) {
                    report(Problem.OPERAND_TYPE, operandTypeMessage(name, type.name()));
                }
            }
            default -> {}
        }
        return f;
    }

    private void checkTypeName(Operand arg) {
        AttrValue.Type type = arg.knownType();
        if (type != AttrValue.Type.S) {
            report(
                    Problem.OPERAND_TYPE,
                    operandTypeMessage(
                            "attribute_type", type == null ? "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}" : type.name()));
            return;
        }
        String name = ((AttrValue.S) ((Operand.Value) arg).value).value();
        for (AttrValue.Type t : AttrValue.Type.values()) {
            if (t.name().equals(name)) {
                return;
            }
        }
        report(
                Problem.OPERAND_TYPE,
                "Invalid attribute type name found; type: " + name + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
    }

    /** Functions other than size() yield true/false and cannot be operands of anything. */
    private void checkMisused(Operand... operands) {
        for (Operand operand : operands) {
            if (operand instanceof ConditionFunction f && f.fn != ConditionFunction.Fn.SIZE) {
                report(Problem.MISUSED_FUNCTION, misusedMessage(f.name));
                return;
            }
        }
    }

    private static String misusedMessage(String function) {
        return "The function is not allowed to be used this way in an expression; function: " + function;
    }

    /** {@code a = a}, {@code contains(a, a)}: DynamoDB refuses comparing a path with itself. */
    private void checkDistinct(String operator, Operand first, Operand second) {
        if (first instanceof Operand.Path a && second instanceof Operand.Path b && a.path.equals(b.path)) {
            report(
                    Problem.DISTINCT,
                    "The first operand must be distinct from the remaining operands for this "
                            + "operator or function; operator: " + operator + ", first operand: " + a.path);
        }
    }

    /** BETWEEN with two literal bounds: same type, lower not above upper. */
    private void checkBounds(Operand lower, Operand upper) {
        if (!(lower instanceof Operand.Value lo)
                || !(upper instanceof Operand.Value hi)
                || lo.value == null
                || hi.value == null) {
            return;
        }
        String operands = "lower bound operand: AttributeValue: " + Values.describe(lo.value)
                + ", upper bound operand: AttributeValue: " + Values.describe(hi.value);
        if (lo.value.type() != hi.value.type()) {
            report(
                    Problem.OPERAND_TYPE,
                    "The BETWEEN operator requires same data type for lower and upper bounds; " + operands);
        } else if (Values.ordered(lo.value, hi.value) && Values.compare(lo.value, hi.value) > 0) {
            report(
                    Problem.OPERAND_TYPE,
                    "The BETWEEN operator requires upper bound to be greater than or equal to " + "lower bound; "
                            + operands);
        }
    }

    /** {@code ((x))}: the parentheses at {@code open} hold nothing but another parenthesised group. */
    private void checkRedundant(int open, int close) {
        if (close > open + 1 && typeAt(open + 1) == Lexer.LPAREN && closing(open + 1) == close - 1) {
            report(Problem.PARENS, REDUNDANT_PARENS);
        }
    }

    private int closing(int open) {
        return lx.closingParen(open);
    }
}
