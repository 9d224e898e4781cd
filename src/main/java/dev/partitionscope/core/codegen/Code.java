package dev.partitionscope.core.codegen;

/** A line-oriented source builder with indentation (4 spaces for Java and Python, 2 for TypeScript). */
final class Code {
    private final StringBuilder sb = new StringBuilder();
    private final String unit;
    private int depth;

    Code(int indentWidth) {
        this.unit = " ".repeat(indentWidth);
    }

    /** Appends lines (a multi-line string becomes several lines, each indented). */
    Code add(String text) {
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty()) {
                sb.append(unit.repeat(depth)).append(line);
            }
            sb.append('\n');
        }
        return this;
    }

    /** A {@code /** … *}{@code /} block of comment-safe lines (Java and TypeScript doc comments). */
    Code docBlock(Iterable<String> lines) {
        add("/**");
        for (String line : lines) {
            for (String l : Literals.commentLines(line)) {
                add(" * " + l);
            }
        }
        return add(" */");
    }

    Code blank() {
        sb.append('\n');
        return this;
    }

    Code in() {
        depth++;
        return this;
    }

    Code out() {
        depth--;
        return this;
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
