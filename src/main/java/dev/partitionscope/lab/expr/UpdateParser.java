package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser for update expressions.
 *
 * <pre>
 * update   := section+                      (each of SET, REMOVE, ADD, DELETE at most once, any order)
 * section  := SET set (',' set)* | REMOVE path (',' path)* | ADD path :value (',' …)* | DELETE path :value (',' …)*
 * set      := path '=' value
 * value    := '(' value ')' [('+' | '-') operand] | operand [('+' | '-') operand]
 * operand  := '(' operand ')' | :value | if_not_exists '(' operand ',' operand ')'
 *           | list_append '(' operand ',' operand ')' | path
 * </pre>
 */
final class UpdateParser extends ParserBase {
    private static final Problem[] ORDER = {
        Problem.RESERVED,
        Problem.UNKNOWN_FUNCTION,
        Problem.SECTION,
        Problem.UNDEFINED_NAME,
        Problem.UNDEFINED_VALUE,
        Problem.OVERLAP,
        Problem.CONFLICT,
        Problem.ACTION_TYPE,
        Problem.OPERAND_TYPE
    };
    /** Stands in for a function call that is already reported as invalid; never evaluated. */
    private static final UpdateValue INVALID = new UpdateValue.OfValue(null);

    final List<UpdateAction> actions = new ArrayList<>();
    private final Set<UpdateAction.Kind> sectionSeen = EnumSet.noneOf(UpdateAction.Kind.class);

    private UpdateParser(String expression, ExpressionContext ctx) {
        super(expression, ctx, "UpdateExpression", true);
    }

    static UpdateParser parse(String expression, ExpressionContext ctx) {
        UpdateParser parser = new UpdateParser(expression, ctx);
        parser.parseSections();
        List<DocumentPath> paths = new ArrayList<>(parser.actions.size());
        for (UpdateAction action : parser.actions) {
            paths.add(action.path());
        }
        parser.checkOverlaps(paths);
        parser.throwReported(ORDER);
        return parser;
    }

    @Override
    boolean isKeyword(int token) {
        return section(token) != null;
    }

    private UpdateAction.Kind section(int token) {
        for (UpdateAction.Kind kind : UpdateAction.Kind.values()) {
            if (lx.isWord(token, kind.name())) {
                return kind;
            }
        }
        return null;
    }

    private void parseSections() {
        do {
            UpdateAction.Kind kind = section(pos);
            if (kind == null) {
                throw syntaxError();
            }
            pos++;
            if (!sectionSeen.add(kind)) {
                report(Problem.SECTION, "The \"" + kind + "\" section can only be used once in an update expression;");
            }
            parseAction(kind);
            while (type() == Lexer.COMMA) {
                pos++;
                parseAction(kind);
            }
        } while (type() != Lexer.EOF);
    }

    private void parseAction(UpdateAction.Kind kind) {
        DocumentPath path = parsePath();
        switch (kind) {
            case SET -> {
                expect(Lexer.EQ);
                actions.add(new UpdateAction(kind, path, parseSetValue(), null));
            }
            case REMOVE -> actions.add(new UpdateAction(kind, path, null, null));
            default -> {
                AttrValue operand = parseValueRef();
                checkActionOperand(kind, operand);
                actions.add(new UpdateAction(kind, path, null, operand));
            }
        }
    }

    /** ADD takes a number or a set, DELETE only a set (DynamoDB's type names in the message). */
    private void checkActionOperand(UpdateAction.Kind kind, AttrValue operand) {
        if (operand == null
                || Values.isSet(operand)
                || (kind == UpdateAction.Kind.ADD && operand.type() == AttrValue.Type.N)) {
            return;
        }
        String type =
                switch (operand.type()) {
                    case S -> "STRING";
                    case N -> "NUMBER";
                    case B -> "BINARY";
                    case BOOL -> "BOOLEAN";
                    case L -> "LIST";
                    case M -> "MAP";
                    default -> operand.type().name();
                };
        report(
                Problem.ACTION_TYPE,
                "Incorrect operand type for operator or function; operator: " + kind + ", operand type: " + type);
    }

    private UpdateValue parseSetValue() {
        if (type() == Lexer.LPAREN) {
            pos++;
            UpdateValue inner = parseSetValue();
            expect(Lexer.RPAREN);
            boolean arithmeticFollows = type() == Lexer.PLUS || type() == Lexer.MINUS;
            return arithmeticFollows && !(inner instanceof UpdateValue.Arithmetic) ? arithmetic(inner) : inner;
        }
        UpdateValue left = parseOperand();
        return type() == Lexer.PLUS || type() == Lexer.MINUS ? arithmetic(left) : left;
    }

    private UpdateValue arithmetic(UpdateValue left) {
        boolean plus = type() == Lexer.PLUS;
        pos++;
        UpdateValue right = parseOperand();
        checkLiteralType(plus ? "+" : "-", AttrValue.Type.N, left, right);
        return new UpdateValue.Arithmetic(plus, left, right);
    }

    private UpdateValue parseOperand() {
        int t = type();
        if (t == Lexer.LPAREN) {
            pos++;
            UpdateValue inner = parseOperand();
            expect(Lexer.RPAREN);
            return inner;
        }
        if (t == Lexer.ATTR_VALUE) {
            return new UpdateValue.OfValue(parseValueRef());
        }
        if (t == Lexer.NAME && typeAt(pos + 1) == Lexer.LPAREN && !isKeyword(pos)) {
            String name = lx.text(pos);
            pos += 2;
            List<UpdateValue> args = new ArrayList<>(2);
            args.add(parseOperand());
            while (type() == Lexer.COMMA) {
                pos++;
                args.add(parseOperand());
            }
            expect(Lexer.RPAREN);
            return function(name, args);
        }
        return new UpdateValue.OfPath(parsePath());
    }

    private UpdateValue function(String name, List<UpdateValue> args) {
        boolean ifNotExists = name.equals("if_not_exists");
        if (!ifNotExists && !name.equals("list_append")) {
            report(Problem.UNKNOWN_FUNCTION, "Invalid function name; function: " + name);
            return INVALID;
        }
        if (args.size() != 2) {
            report(Problem.OPERAND_TYPE, operandCountMessage(name, args.size()));
            return INVALID;
        }
        if (ifNotExists) {
            if (!(args.get(0) instanceof UpdateValue.OfPath path)) {
                report(
                        Problem.OPERAND_TYPE,
                        "Operator or function requires a document path; operator or function: " + name);
                return INVALID;
            }
            return new UpdateValue.IfNotExists(path.path, args.get(1));
        }
        checkLiteralType(name, AttrValue.Type.L, args.get(0), args.get(1));
        return new UpdateValue.ListAppend(args.get(0), args.get(1));
    }

    /** A placeholder operand of a function or operator must already have the type the function needs. */
    private void checkLiteralType(String function, AttrValue.Type expected, UpdateValue... args) {
        for (UpdateValue arg : args) {
            if (arg instanceof UpdateValue.OfValue v && v.value != null && v.value.type() != expected) {
                report(
                        Problem.OPERAND_TYPE,
                        operandTypeMessage(function, v.value.type().name()));
                return;
            }
        }
    }
}
