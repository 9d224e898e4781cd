package dev.partitionscope.lab.partiql;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Parses DynamoDB's PartiQL subset: SELECT, INSERT, UPDATE, DELETE and a transaction's EXISTS(SELECT …). Keywords are
 * case-insensitive, identifiers bare or double-quoted, strings single-quoted ({@code ''} for a quote). Every problem
 * is DynamoDB's ValidationException: malformed text is "Statement wasn't well formed, can't be processed: …", a form
 * DynamoDB knows but refuses has DynamoDB's own sentence, and a form the Lab does not serve says so by name.
 */
public final class PartiqlParser {
    private static final String MALFORMED = "Statement wasn't well formed, can't be processed: ";
    private static final Set<String> CONDITION_FUNCTIONS =
            Set.of("begins_with", "contains", "attribute_exists", "attribute_not_exists", "attribute_type");
    private static final Set<String> IS_TYPES =
            Set.of("MISSING", "NULL", "BOOLEAN", "BLOB", "STRING", "NUMERIC", "STRUCT", "TUPLE", "LIST");

    private enum Kind {
        WORD,
        QUOTED,
        STRING,
        NUMBER,
        PUNCT,
        EOF
    }

    private record Token(Kind kind, String text, int pos) {
        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }

        boolean word(String keyword) {
            return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
        }
    }

    private final List<Token> tokens;
    private int at;
    private int params;

    private PartiqlParser(String text) {
        this.tokens = lex(text);
    }

    /** Parses one statement; throws DynamoDB's ValidationException for anything it cannot serve. */
    public static Statement parse(String text) {
        PartiqlParser p = new PartiqlParser(text);
        Statement s = p.statement();
        if (p.peek().is(";")) {
            p.at++;
        }
        if (p.peek().kind != Kind.EOF) {
            throw p.unexpected();
        }
        return s;
    }

    // Lexer ---------------------------------------------------------------------------------------------------------

    private static List<Token> lex(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                if (end < 0) {
                    throw malformed("Unterminated comment");
                }
                i = end + 2;
            } else if (c == '\'' || c == '"') {
                StringBuilder b = new StringBuilder();
                int start = i++;
                while (true) {
                    if (i >= n) {
                        throw malformed(c == '"' ? "Unterminated quoted identifier" : "Unterminated string literal");
                    }
                    char d = s.charAt(i);
                    if (d == c) {
                        if (i + 1 < n && s.charAt(i + 1) == c) {
                            b.append(c);
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    b.append(d);
                    i++;
                }
                out.add(new Token(c == '"' ? Kind.QUOTED : Kind.STRING, b.toString(), start));
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1)))) {
                int start = i;
                while (i < n && Character.isDigit(s.charAt(i))) {
                    i++;
                }
                if (i < n && s.charAt(i) == '.') {
                    i++;
                    while (i < n && Character.isDigit(s.charAt(i))) {
                        i++;
                    }
                }
                if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                    int save = i++;
                    if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                        i++;
                    }
                    if (i < n && Character.isDigit(s.charAt(i))) {
                        while (i < n && Character.isDigit(s.charAt(i))) {
                            i++;
                        }
                    } else {
                        i = save;
                    }
                }
                out.add(new Token(Kind.NUMBER, s.substring(start, i), start));
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
                out.add(new Token(Kind.WORD, s.substring(start, i), start));
            } else {
                String two = i + 1 < n ? s.substring(i, i + 2) : "";
                if (List.of("<>", "!=", "<=", ">=", "<<", ">>").contains(two)) {
                    out.add(new Token(Kind.PUNCT, two.equals("!=") ? "<>" : two, i));
                    i += 2;
                } else if ("=<>,.()[]{}*?:+-;".indexOf(c) >= 0) {
                    out.add(new Token(Kind.PUNCT, String.valueOf(c), i));
                    i++;
                } else {
                    throw malformed("Unexpected character '" + c + "'");
                }
            }
        }
        out.add(new Token(Kind.EOF, "<EOF>", n));
        return out;
    }

    // Statements ----------------------------------------------------------------------------------------------------

    private Statement statement() {
        Token t = peek();
        if (t.word("SELECT")) {
            return select();
        }
        if (t.word("INSERT")) {
            return insert();
        }
        if (t.word("UPDATE")) {
            return update();
        }
        if (t.word("DELETE")) {
            return delete();
        }
        if (t.word("EXISTS")) {
            at++;
            expect("(");
            Statement.Select s = select();
            expect(")");
            return new Statement.Exists(s, params);
        }
        if (t.word("UPSERT") || t.word("REPLACE")) {
            throw LabException.validation("Unsupported operation: " + t.text().toUpperCase(Locale.ROOT));
        }
        throw malformed("Expected data manipulation");
    }

    private Statement.Select select() {
        keyword("SELECT");
        if (peek().word("VALUE") || peek().word("PIVOT")) {
            throw LabException.validation("Select projection doesn't support value or pivot keywords");
        }
        if (peek().word("DISTINCT")) {
            throw LabException.validation("Unsupported clause: DISTINCT");
        }
        List<Path> projection = null;
        if (peek().is("*")) {
            at++;
            if (peek().is(",")) {
                throw LabException.validation(
                        "Other attributes should not be present in the projection when '*' is used.");
            }
        } else {
            projection = new ArrayList<>();
            Set<String> seen = new java.util.HashSet<>();
            do {
                if (peek().is("*")) {
                    throw LabException.validation(
                            "Other attributes should not be present in the projection when '*' is used.");
                }
                Path p = path();
                if (peek().word("AS")) {
                    throw LabException.validation("Aliasing is not supported");
                }
                if (!seen.add(p.toString())) {
                    throw LabException.validation("Duplicate identifiers in select clause: " + p);
                }
                projection.add(p);
            } while (accept(","));
            if (peek().is("*")) {
                throw LabException.validation(
                        "Other attributes should not be present in the projection when '*' is used.");
            }
        }
        keyword("FROM");
        String table = identifier();
        String index = null;
        if (accept(".")) {
            index = identifier();
            if (peek().is(".")) {
                throw LabException.validation("A path may contain at most 2 components in the FROM clause");
            }
        }
        if (peek().is(",") || peek().word("JOIN")) {
            throw LabException.validation("Only select from a single table or index is supported.");
        }
        Cond where = null;
        if (peek().word("WHERE")) {
            at++;
            where = condition();
        }
        refuseTrailingClauses();
        return new Statement.Select(projection, table, index, where, params);
    }

    private void refuseTrailingClauses() {
        Token t = peek();
        if (t.word("ORDER")) {
            throw LabException.validation("The Lab does not serve ORDER BY in PartiQL statements");
        }
        for (String clause : List.of("GROUP", "HAVING", "LIMIT", "OFFSET", "UNION", "INTERSECT", "EXCEPT")) {
            if (t.word(clause)) {
                throw LabException.validation("Unsupported clause: " + clause);
            }
        }
    }

    private Statement.Insert insert() {
        keyword("INSERT");
        keyword("INTO");
        String table = identifier();
        if (peek().is(".")) {
            throw LabException.validation(
                    "FROM clause may only contain a single table name in data manipulation statements");
        }
        if (peek().word("VALUES")) {
            throw LabException.validation("Unsupported operation: Inserting multiple items in a single statement is"
                    + " not supported, use \"INSERT INTO tableName VALUE item\" instead");
        }
        keyword("VALUE");
        Expr item = value();
        if (!(item instanceof Expr.MapLit)) {
            throw LabException.validation("Unsupported format in item expression. Please use struct format {...} to"
                    + " express item values for insert statement.");
        }
        if (peek().word("RETURNING")) {
            throw LabException.validation("RETURNING is not supported in INSERT");
        }
        if (peek().word("ON")) {
            throw LabException.validation("Invalid conflict action. Only \"DO NOTHING\" action is supported.");
        }
        return new Statement.Insert(table, item, params);
    }

    private Statement.Update update() {
        keyword("UPDATE");
        String table = identifier();
        if (peek().is(".")) {
            throw LabException.validation(
                    "FROM clause may only contain a single table name in data manipulation statements");
        }
        List<Statement.Action> actions = new ArrayList<>();
        while (true) {
            if (accept("SET")) {
                do {
                    Path p = path();
                    expect("=");
                    actions.add(new Statement.Action(p, updateValue()));
                } while (accept(","));
            } else if (accept("REMOVE")) {
                do {
                    actions.add(new Statement.Action(path(), null));
                } while (accept(","));
            } else if (peek().word("ADD") || peek().word("DELETE")) {
                throw LabException.validation("Only SET and REMOVE are supported in update expressions at this time");
            } else {
                break;
            }
        }
        if (actions.isEmpty()) {
            throw unexpected();
        }
        if (!peek().word("WHERE")) {
            throw LabException.validation("Where clause does not contain a mandatory equality on all key attributes");
        }
        at++;
        Cond where = condition();
        return new Statement.Update(table, actions, where, returning(), params);
    }

    private Statement.Delete delete() {
        keyword("DELETE");
        keyword("FROM");
        String table = identifier();
        if (peek().is(".")) {
            throw LabException.validation(
                    "FROM clause may only contain a single table name in data manipulation statements");
        }
        if (!peek().word("WHERE")) {
            throw LabException.validation("Where clause does not contain a mandatory equality on all key attributes");
        }
        at++;
        Cond where = condition();
        Statement.Returning r = returning();
        if (r != null && r != Statement.Returning.ALL_OLD) {
            throw LabException.validation("Invalid returning clause: RETURNING " + r.text()
                    + ". Only RETURNING ALL OLD * is allowed in DELETE statements.");
        }
        return new Statement.Delete(table, where, r, params);
    }

    private Statement.Returning returning() {
        if (!peek().word("RETURNING")) {
            return null;
        }
        at++;
        boolean all;
        if (accept("ALL")) {
            all = true;
        } else if (accept("MODIFIED")) {
            all = false;
        } else {
            throw unexpected();
        }
        boolean old;
        if (accept("OLD")) {
            old = true;
        } else if (accept("NEW")) {
            old = false;
        } else {
            throw unexpected();
        }
        if (!peek().is("*")) {
            throw LabException.validation("Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause");
        }
        at++;
        if (peek().is(",")) {
            throw LabException.validation("Invalid syntax with multiple returning elements in RETURNING clause");
        }
        if (all) {
            return old ? Statement.Returning.ALL_OLD : Statement.Returning.ALL_NEW;
        }
        return old ? Statement.Returning.MODIFIED_OLD : Statement.Returning.MODIFIED_NEW;
    }

    // Conditions ----------------------------------------------------------------------------------------------------

    private Cond condition() {
        Cond left = conjunction();
        while (accept("OR")) {
            left = new Cond.Or(left, conjunction());
        }
        return left;
    }

    private Cond conjunction() {
        Cond left = negation();
        while (accept("AND")) {
            left = new Cond.And(left, negation());
        }
        return left;
    }

    private Cond negation() {
        if (accept("NOT")) {
            return new Cond.Not(negation());
        }
        return predicate();
    }

    private Cond predicate() {
        Token t = peek();
        if (t.is("(")) {
            at++;
            Cond c = condition();
            expect(")");
            return c;
        }
        if (t.kind == Kind.WORD && peekAt(1).is("(")) {
            String name = t.text().toLowerCase(Locale.ROOT);
            if (CONDITION_FUNCTIONS.contains(name)) {
                at += 2;
                List<Expr> args = new ArrayList<>();
                if (!peek().is(")")) {
                    do {
                        args.add(operand());
                    } while (accept(","));
                }
                expect(")");
                return new Cond.Function(name, args);
            }
            if (name.equals("exists")) {
                throw LabException.validation("EXISTS can only be used in ExecuteTransaction write requests.");
            }
            if (!name.equals("size")) {
                throw LabException.validation("Unrecognized function: " + t.text());
            }
        }
        Expr left = operand();
        Token op = peek();
        if (op.kind == Kind.PUNCT && List.of("=", "<>", "<", "<=", ">", ">=").contains(op.text())) {
            at++;
            return new Cond.Compare(op.text(), left, operand());
        }
        boolean negated = false;
        if (op.word("NOT") && (peekAt(1).word("BETWEEN") || peekAt(1).word("IN"))) {
            at++;
            negated = true;
        }
        if (accept("BETWEEN")) {
            Expr low = operand();
            keyword("AND");
            Cond c = new Cond.Between(left, low, operand());
            return negated ? new Cond.Not(c) : c;
        }
        if (accept("IN")) {
            List<Expr> candidates = new ArrayList<>();
            String close;
            if (accept("[")) {
                close = "]";
            } else if (accept("(")) {
                close = ")";
            } else {
                throw LabException.validation("IN operator must have a left hand argument of type Variable Reference"
                        + " and right hand argument of type Seq with at least one member");
            }
            if (!peek().is(close)) {
                do {
                    candidates.add(operand());
                } while (accept(","));
            }
            expect(close);
            if (candidates.isEmpty() || !(left instanceof Expr.PathRef)) {
                throw LabException.validation("IN operator must have a left hand argument of type Variable Reference"
                        + " and right hand argument of type Seq with at least one member");
            }
            Cond c = new Cond.In(left, candidates);
            return negated ? new Cond.Not(c) : c;
        }
        if (accept("IS")) {
            boolean not = accept("NOT");
            Token type = peek();
            if (type.kind != Kind.WORD) {
                throw unexpected();
            }
            at++;
            String name = type.text().toUpperCase(Locale.ROOT);
            if (!IS_TYPES.contains(name)) {
                throw LabException.validation("Unsupported data type for IS operator: " + type.text()
                        + ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE,"
                        + " LIST]");
            }
            if (!(left instanceof Expr.PathRef p)) {
                throw LabException.validation(
                        "The left hand side argument to IS must be a Variable Reference, Literal, or Path");
            }
            return new Cond.Is(p.path(), name, not);
        }
        throw LabException.validation("WHERE clause must contain an expression that resolves to a boolean");
    }

    // Values --------------------------------------------------------------------------------------------------------

    /** A comparison operand: a path, a value, a parameter or size(path). */
    private Expr operand() {
        Token t = peek();
        if (t.kind == Kind.WORD && peekAt(1).is("(")) {
            String name = t.text().toLowerCase(Locale.ROOT);
            if (!name.equals("size")) {
                throw LabException.validation("Unrecognized function: " + t.text());
            }
            at += 2;
            Expr arg = operand();
            expect(")");
            return new Expr.Call(name, List.of(arg));
        }
        if (t.kind == Kind.QUOTED || (t.kind == Kind.WORD && !isValueWord(t))) {
            return new Expr.PathRef(path());
        }
        return value();
    }

    /** The right side of SET: an operand, {@code a + b}, {@code a - b}, or list_append/set_add/set_delete. */
    private Expr updateValue() {
        Token t = peek();
        Expr left;
        if (t.kind == Kind.WORD && peekAt(1).is("(")) {
            String name = t.text().toLowerCase(Locale.ROOT);
            if (!List.of("list_append", "set_add", "set_delete").contains(name)) {
                throw LabException.validation("Unrecognized function: " + t.text());
            }
            at += 2;
            List<Expr> args = new ArrayList<>();
            do {
                args.add(operand());
            } while (accept(","));
            expect(")");
            left = new Expr.Call(name, args);
        } else {
            left = operand();
        }
        if (peek().is("+") || peek().is("-")) {
            char op = next().text().charAt(0);
            return new Expr.Arith(op, left, operand());
        }
        return left;
    }

    private static boolean isValueWord(Token t) {
        return t.word("TRUE") || t.word("FALSE") || t.word("NULL") || t.word("MISSING");
    }

    private Expr value() {
        Token t = next();
        switch (t.kind) {
            case STRING -> {
                return new Expr.Literal(new AttrValue.S(t.text()));
            }
            case NUMBER -> {
                return number(t.text());
            }
            case WORD -> {
                if (t.word("TRUE") || t.word("FALSE")) {
                    return new Expr.Literal(t.word("TRUE") ? AttrValue.Bool.TRUE : AttrValue.Bool.FALSE);
                }
                if (t.word("NULL")) {
                    return new Expr.Literal(AttrValue.Null.INSTANCE);
                }
                if (t.word("MISSING")) {
                    throw LabException.validation("MISSING must be compared using IS operator");
                }
                at--;
                throw unexpected();
            }
            case PUNCT -> {
                switch (t.text()) {
                    case "?" -> {
                        return new Expr.Param(params++);
                    }
                    case "-" -> {
                        Token n = next();
                        if (n.kind != Kind.NUMBER) {
                            at--;
                            throw unexpected();
                        }
                        return number("-" + n.text());
                    }
                    case "[" -> {
                        List<Expr> elements = new ArrayList<>();
                        if (!peek().is("]")) {
                            do {
                                elements.add(value());
                            } while (accept(","));
                        }
                        expect("]");
                        return new Expr.ListLit(elements);
                    }
                    case "<<" -> {
                        List<Expr> elements = new ArrayList<>();
                        if (!peek().is(">>")) {
                            do {
                                elements.add(value());
                            } while (accept(","));
                        }
                        expect(">>");
                        if (elements.isEmpty()) {
                            throw LabException.validation("Empty bags are not supported");
                        }
                        return new Expr.BagLit(elements);
                    }
                    case "{" -> {
                        Map<String, Expr> entries = new LinkedHashMap<>();
                        if (!peek().is("}")) {
                            do {
                                Token k = next();
                                if (k.kind != Kind.STRING) {
                                    at--;
                                    throw unexpected();
                                }
                                expect(":");
                                Expr v = value();
                                if (entries.put(k.text(), v) != null) {
                                    throw LabException.validation(
                                            "Duplicate keys in tuple. Key: " + k.text() + " under item");
                                }
                            } while (accept(","));
                        }
                        expect("}");
                        return new Expr.MapLit(entries);
                    }
                    default -> {
                        at--;
                        throw unexpected();
                    }
                }
            }
            default -> {
                at--;
                throw unexpected();
            }
        }
    }

    private static Expr number(String text) {
        try {
            return new Expr.Literal(AttrValue.N.parse(text));
        } catch (RuntimeException e) {
            throw LabException.validation(e.getMessage() == null ? MALFORMED + text : e.getMessage());
        }
    }

    private Path path() {
        List<Object> steps = new ArrayList<>();
        if (peek().is("[")) {
            throw LabException.validation("A path cannot start with a list index");
        }
        steps.add(identifier());
        while (true) {
            if (peek().is(".")) {
                at++;
                if (peek().is("*")) {
                    throw LabException.validation("Unpivot path component like a.*.b are not supported");
                }
                steps.add(identifier());
            } else if (peek().is("[")) {
                at++;
                Token n = next();
                if (n.is("*")) {
                    throw LabException.validation("Wildcard path component like a[*].b are not supported");
                }
                if (n.kind != Kind.NUMBER || !n.text().chars().allMatch(Character::isDigit)) {
                    at--;
                    throw unexpected();
                }
                int index;
                try {
                    index = Integer.parseInt(n.text());
                } catch (NumberFormatException e) {
                    throw LabException.validation(
                            "List index is not within the allowable range; index: [" + n.text() + "]");
                }
                steps.add(index);
                expect("]");
            } else {
                return new Path(steps);
            }
        }
    }

    /** A bare or double-quoted name; an empty quoted name is refused as DynamoDB does. */
    private String identifier() {
        Token t = next();
        if (t.kind == Kind.QUOTED) {
            if (t.text().isEmpty()) {
                throw LabException.validation("Path component cannot be an empty string");
            }
            return t.text();
        }
        if (t.kind == Kind.WORD && !isValueWord(t)) {
            return t.text();
        }
        at--;
        throw unexpected();
    }

    // Tokens --------------------------------------------------------------------------------------------------------

    private Token peek() {
        return tokens.get(at);
    }

    private Token peekAt(int ahead) {
        return tokens.get(Math.min(at + ahead, tokens.size() - 1));
    }

    private Token next() {
        Token t = tokens.get(at);
        if (t.kind != Kind.EOF) {
            at++;
        }
        return t;
    }

    /** Consumes a keyword or punctuation mark when it is next. */
    private boolean accept(String s) {
        Token t = peek();
        if (t.is(s) || t.word(s)) {
            at++;
            return true;
        }
        return false;
    }

    private void keyword(String k) {
        if (!accept(k)) {
            throw unexpected();
        }
    }

    private void expect(String punct) {
        if (!accept(punct)) {
            throw unexpected();
        }
    }

    private LabException unexpected() {
        Token t = peek();
        if (t.kind == Kind.EOF) {
            return malformed("Unexpected end of statement");
        }
        return malformed("Unexpected token '" + t.text() + "' at position " + (t.pos() + 1));
    }

    private static LabException malformed(String detail) {
        return LabException.validation(MALFORMED + detail);
    }
}
