package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every expression parser shares: the token cursor, document paths, placeholders, and DynamoDB's way of
 * reporting problems. A syntax error stops parsing at once. Every other problem is only recorded, and when the parse
 * is complete the most important recorded one is thrown, in the order DynamoDB reports them (which differs per
 * expression kind), so an expression with two mistakes gets DynamoDB's message, not just the first one we met.
 */
abstract class ParserBase {
    /** Problem kinds that are recorded during the parse; each parser throws them in its own priority order. */
    enum Problem {
        PARENS,
        UNKNOWN_FUNCTION,
        MISUSED_FUNCTION,
        RESERVED,
        SECTION,
        UNDEFINED_NAME,
        UNDEFINED_VALUE,
        OVERLAP,
        CONFLICT,
        OPERAND_COUNT,
        DISTINCT,
        OPERAND_TYPE,
        ACTION_TYPE,
        /** Conditions: the first problem of the first leaf condition that had one (see ConditionParser). */
        CONDITION
    }

    static final String REDUNDANT_PARENS = "The expression has redundant parentheses;";

    final Lexer lx;
    final ExpressionContext ctx;
    /** The request parameter, for the message prefix: "Invalid ConditionExpression: …". */
    final String parameter;
    /** Top-level attribute names of every path met, in order. */
    final Set<String> pathHeads = new LinkedHashSet<>();
    /** Top-level names of paths that go deeper than the top level (DynamoDB refuses those on key attributes). */
    final Set<String> nestedHeads = new LinkedHashSet<>();

    int pos;
    private final Map<Problem, String> problems = new EnumMap<>(Problem.class);

    ParserBase(String expression, ExpressionContext ctx, String parameter, boolean underscoreStartsName) {
        this.ctx = ctx;
        this.parameter = parameter;
        if (expression.isEmpty()) {
            throw fail("The expression can not be empty;");
        }
        this.lx = Lexer.tokenize(expression, underscoreStartsName);
    }

    /** Whether token i is a keyword of this expression kind (and so cannot name an attribute). */
    abstract boolean isKeyword(int token);

    final ExpressionException fail(String message) {
        return new ExpressionException("Invalid " + parameter + ": " + message);
    }

    final ExpressionException syntaxError() {
        return fail(lx.syntaxError(pos));
    }

    final int type() {
        return lx.type[pos];
    }

    final int typeAt(int token) {
        return token < lx.count ? lx.type[token] : Lexer.EOF;
    }

    final boolean atWord(String keyword) {
        return lx.isWord(pos, keyword);
    }

    final void expect(int tokenType) {
        if (lx.type[pos] != tokenType) {
            throw syntaxError();
        }
        pos++;
    }

    final void expectEnd() {
        if (lx.type[pos] != Lexer.EOF) {
            throw syntaxError();
        }
    }

    /** Records a problem unless one of that kind is already recorded (DynamoDB reports the first of each kind). */
    final void report(Problem problem, String message) {
        problems.putIfAbsent(problem, message);
    }

    final String reported(Problem problem) {
        return problems.get(problem);
    }

    /** Throws the first recorded problem in the given priority order, if any. */
    final void throwReported(Problem... order) {
        for (Problem p : order) {
            String message = problems.get(p);
            if (message != null) {
                throw fail(message);
            }
        }
    }

    /** Where a problem about an undefined {@code :value} goes; conditions share one slot for names and values. */
    Problem undefinedValueSlot() {
        return Problem.UNDEFINED_VALUE;
    }

    /** {@code name}, {@code #name}, then any of {@code .name}, {@code .#name}, {@code [digits]}. */
    final DocumentPath parsePath() {
        List<String> names = new ArrayList<>(4);
        names.add(pathName());
        return steps(names, new int[4]);
    }

    /**
     * More steps after a path that stood in parentheses ({@code (a.b).c}): DynamoDB reads that as the path
     * {@code a.b.c}, with the parentheses as redundant ones.
     */
    final DocumentPath continuePath(DocumentPath base) {
        List<String> names = new ArrayList<>(base.size() + 2);
        int[] indexes = new int[base.size() + 4];
        for (int i = 0; i < base.size(); i++) {
            names.add(base.isIndex(i) ? null : base.name(i));
            indexes[i] = base.isIndex(i) ? base.index(i) : 0;
        }
        return steps(names, indexes);
    }

    private DocumentPath steps(List<String> names, int[] indexes) {
        while (true) {
            if (type() == Lexer.DOT) {
                pos++;
                names.add(pathName());
            } else if (type() == Lexer.LBRACKET) {
                pos++;
                if (type() != Lexer.NUMBER || lx.end[pos] - lx.start[pos] > 9) {
                    throw syntaxError();
                }
                int index = Integer.parseInt(lx.text(pos));
                pos++;
                expect(Lexer.RBRACKET);
                if (names.size() >= indexes.length) {
                    indexes = Arrays.copyOf(indexes, indexes.length * 2);
                }
                indexes[names.size()] = index;
                names.add(null);
            } else {
                break;
            }
        }
        DocumentPath path = new DocumentPath(names.toArray(new String[0]), Arrays.copyOf(indexes, names.size()));
        pathHeads.add(path.head());
        if (path.isNested()) {
            nestedHeads.add(path.head());
        }
        return path;
    }

    private String pathName() {
        int t = type();
        if (t == Lexer.NAME && !isKeyword(pos)) {
            String name = lx.text(pos++);
            if (ReservedWords.isReserved(name)) {
                report(Problem.RESERVED, "Attribute name is a reserved keyword; reserved keyword: " + name);
            }
            return name;
        }
        if (t == Lexer.ATTR_NAME) {
            String placeholder = lx.text(pos++);
            String name = ctx.name(placeholder);
            if (name == null) {
                report(
                        Problem.UNDEFINED_NAME,
                        "An expression attribute name used in the document path is not defined; attribute name: "
                                + placeholder);
                return placeholder; // keeps parsing; the recorded problem is thrown at the end
            }
            return name;
        }
        throw syntaxError();
    }

    /** An {@code :value} placeholder at the cursor; its value, or {@code null} (recorded) when undefined. */
    final AttrValue parseValueRef() {
        if (type() != Lexer.ATTR_VALUE) {
            throw syntaxError();
        }
        String placeholder = lx.text(pos++);
        AttrValue value = ctx.value(placeholder);
        if (value == null) {
            report(
                    undefinedValueSlot(),
                    "An expression attribute value used in expression is not defined; attribute value: " + placeholder);
        }
        return value;
    }

    /** Records DynamoDB's overlap (first found) and conflict problems among paths that one expression writes. */
    final void checkOverlaps(List<DocumentPath> paths) {
        for (int j = 1; j < paths.size(); j++) {
            for (int i = 0; i < j; i++) {
                DocumentPath.Relation relation = paths.get(i).relationTo(paths.get(j));
                if (relation == DocumentPath.Relation.NONE) {
                    continue;
                }
                String which = "must remove or rewrite one of these paths; path one: " + paths.get(i) + ", path two: "
                        + paths.get(j);
                if (relation == DocumentPath.Relation.OVERLAP) {
                    report(Problem.OVERLAP, "Two document paths overlap with each other; " + which);
                    return;
                }
                report(Problem.CONFLICT, "Two document paths conflict with each other; " + which);
            }
        }
    }

    /** DynamoDB's message for an operand of the wrong type: {@code …; operator or function: +, operand type: S}. */
    static String operandTypeMessage(String function, String type) {
        return "Incorrect operand type for operator or function; operator or function: " + function + ", operand type: "
                + type;
    }

    static String operandCountMessage(String function, int count) {
        return "Incorrect number of operands for operator or function; operator or function: " + function
                + ", number of operands: " + count;
    }
}
