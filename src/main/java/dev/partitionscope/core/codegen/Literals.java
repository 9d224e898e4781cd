package dev.partitionscope.core.codegen;

import java.util.ArrayList;
import java.util.List;

/** String literals and comment text that are safe in generated Java, TypeScript and Python. */
final class Literals {
    private Literals() {}

    /**
     * A double-quoted literal for Java and JavaScript/TypeScript (both read {@code \}{@code uXXXX} as one UTF-16
     * unit): ASCII printable characters as they are, everything else escaped, so the text survives any file encoding.
     */
    static String cLike(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c >= 0x20 && c < 0x7f) {
                        sb.append(c);
                    } else {
                        sb.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** A double-quoted Python 3 literal, non-ASCII as {@code \}{@code uXXXX}/{@code \}{@code UXXXXXXXX} escapes. */
    static String python(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            switch (cp) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (cp >= 0x20 && cp < 0x7f) {
                        sb.appendCodePoint(cp);
                    } else if (cp <= 0xffff) {
                        sb.append(String.format("\\u%04x", cp));
                    } else {
                        sb.append(String.format("\\U%08x", cp));
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /**
     * Text for a comment line: one line per input line, no comment terminator, no backslash (Java reads
     * {@code \}{@code u000a} as a line break even in comments), ASCII control characters dropped.
     */
    static List<String> commentLines(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\\R", -1)) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (c == '\\') {
                    sb.append('/');
                } else if ((c >= 0x20 && c != 0x7f) || c == '\t') {
                    sb.append(c);
                }
            }
            lines.add(sb.toString().replace("*/", "* /").stripTrailing());
        }
        return lines;
    }
}
