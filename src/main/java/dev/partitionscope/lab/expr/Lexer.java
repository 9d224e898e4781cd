package dev.partitionscope.lab.expr;

import java.util.Arrays;

/**
 * Splits an expression into tokens, kept in parallel int arrays (type, start, end) so that tokenizing a typical
 * expression allocates three small arrays and nothing per token. Keywords (AND, SET, …) are plain {@link #NAME}s;
 * each parser decides which words are keywords for its expression kind, as DynamoDB does.
 *
 * <p>A character that starts no token becomes a one-character {@link #UNKNOWN} token, so the parser can report it
 * the way DynamoDB does ({@code Syntax error; token: "!"}).
 */
final class Lexer {
    static final int EOF = 0;
    static final int NAME = 1;
    static final int ATTR_NAME = 2;
    static final int ATTR_VALUE = 3;
    static final int NUMBER = 4;
    static final int LPAREN = 5;
    static final int RPAREN = 6;
    static final int LBRACKET = 7;
    static final int RBRACKET = 8;
    static final int COMMA = 9;
    static final int DOT = 10;
    static final int EQ = 11;
    static final int NE = 12;
    static final int LT = 13;
    static final int LE = 14;
    static final int GT = 15;
    static final int GE = 16;
    static final int PLUS = 17;
    static final int MINUS = 18;
    static final int UNKNOWN = 19;

    final String source;
    int[] type;
    int[] start;
    int[] end;
    /** Number of tokens including the final EOF. */
    int count;
    /** For each '(' token, the index of its ')' (-1 when unbalanced); computed when first asked. */
    private int[] closing;

    private Lexer(String source) {
        this.source = source;
        int capacity = Math.max(8, source.length() / 2 + 2);
        type = new int[capacity];
        start = new int[capacity];
        end = new int[capacity];
    }

    /**
     * @param underscoreStartsName whether a name may begin with {@code _}: DynamoDB accepts that in update and
     *                             projection expressions but not in condition expressions
     */
    static Lexer tokenize(String source, boolean underscoreStartsName) {
        Lexer lexer = new Lexer(source);
        lexer.run(underscoreStartsName);
        return lexer;
    }

    private void run(boolean underscoreStartsName) {
        String s = source;
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                i++;
                continue;
            }
            int from = i;
            int kind;
            if (isLetter(c) || (c == '_' && underscoreStartsName)) {
                i = skipIdentifierParts(s, i + 1);
                kind = NAME;
            } else if ((c == '#' || c == ':') && i + 1 < n && isIdentifierPart(s.charAt(i + 1))) {
                i = skipIdentifierParts(s, i + 1);
                kind = c == '#' ? ATTR_NAME : ATTR_VALUE;
            } else if (c >= '0' && c <= '9') {
                while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                    i++;
                }
                kind = NUMBER;
            } else {
                i++;
                kind = punctuation(c);
                if (kind == LT && i < n && (s.charAt(i) == '=' || s.charAt(i) == '>')) {
                    kind = s.charAt(i) == '=' ? LE : NE;
                    i++;
                } else if (kind == GT && i < n && s.charAt(i) == '=') {
                    kind = GE;
                    i++;
                } else if (kind == UNKNOWN
                        && Character.isHighSurrogate(c)
                        && i < n
                        && Character.isLowSurrogate(s.charAt(i))) {
                    i++; // report a whole code point, not half of it
                }
            }
            add(kind, from, i);
        }
        add(EOF, n, n);
    }

    private static int punctuation(char c) {
        return switch (c) {
            case '(' -> LPAREN;
            case ')' -> RPAREN;
            case '[' -> LBRACKET;
            case ']' -> RBRACKET;
            case ',' -> COMMA;
            case '.' -> DOT;
            case '=' -> EQ;
            case '<' -> LT;
            case '>' -> GT;
            case '+' -> PLUS;
            case '-' -> MINUS;
            default -> UNKNOWN;
        };
    }

    private void add(int kind, int from, int to) {
        if (count == type.length) {
            int capacity = count * 2;
            type = Arrays.copyOf(type, capacity);
            start = Arrays.copyOf(start, capacity);
            end = Arrays.copyOf(end, capacity);
        }
        type[count] = kind;
        start[count] = from;
        end[count] = to;
        count++;
    }

    private static int skipIdentifierParts(String s, int i) {
        int n = s.length();
        while (i < n && isIdentifierPart(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** =, &lt;&gt;, &lt;, &lt;=, &gt;, &gt;= (their constants are consecutive). */
    static boolean isComparator(int tokenType) {
        return tokenType >= EQ && tokenType <= GE;
    }

    static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isIdentifierPart(char c) {
        return isLetter(c) || (c >= '0' && c <= '9') || c == '_';
    }

    /** The index of the ')' token matching the '(' token {@code open}, or -1 when it has none. */
    int closingParen(int open) {
        if (closing == null) {
            closing = new int[count];
            int[] stack = new int[count];
            int depth = 0;
            for (int i = 0; i < count; i++) {
                closing[i] = -1;
                if (type[i] == LPAREN) {
                    stack[depth++] = i;
                } else if (type[i] == RPAREN && depth > 0) {
                    closing[stack[--depth]] = i;
                }
            }
        }
        return closing[open];
    }

    String text(int token) {
        return type[token] == EOF ? "<EOF>" : source.substring(start[token], end[token]);
    }

    /** Whether token {@code i} is the word {@code keyword}, in any letter case. */
    boolean isWord(int i, String keyword) {
        return type[i] == NAME
                && end[i] - start[i] == keyword.length()
                && source.regionMatches(true, start[i], keyword, 0, keyword.length());
    }

    /**
     * DynamoDB's syntax error: the offending token and the source text from the token before it to the token after
     * it ({@code Syntax error; token: ":", near: "hits : incr"}).
     */
    String syntaxError(int i) {
        int from = start[i > 0 ? i - 1 : i];
        int to;
        if (type[i] == EOF) {
            to = end[i > 0 ? i - 1 : i];
        } else {
            // EOF is always the last token, so i + 1 exists here.
            to = type[i + 1] == EOF ? end[i] : end[i + 1];
        }
        return "Syntax error; token: \"" + text(i) + "\", near: \"" + source.substring(from, to) + "\"";
    }
}
