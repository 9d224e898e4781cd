package dev.partitionscope.lab.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A compiled value template such as {@code OPS_LOG}, {@code {status}} or {@code {now}#{agent}}: literal text and
 * placeholders (<code>&#123;&#123;</code> and <code>&#125;&#125;</code> stand for braces). Rendering a constant or a
 * single placeholder allocates nothing, which keeps fast-forwarded runs fast.
 */
final class Template {
    /** Placeholder codes below 0 are built-ins. */
    static final int NOW = -1;

    static final int DATE = -2;
    static final int MONTH = -3;
    static final int EPOCH = -4;

    private final String source;
    private final String[] literals;
    private final int[] slots;

    private Template(String source, String[] literals, int[] slots) {
        this.source = source;
        this.literals = literals;
        this.slots = slots;
    }

    /** The placeholder names of a template, in order; IllegalArgumentException for unbalanced braces. */
    static List<String> placeholders(String template) {
        List<String> names = new ArrayList<>();
        parse(template, new StringBuilder(), new ArrayList<>(), names);
        return names;
    }

    static Template compile(String template, Map<String, Integer> generatorIds) {
        List<String> lits = new ArrayList<>();
        List<String> names = new ArrayList<>();
        parse(template, new StringBuilder(), lits, names);
        int[] slots = new int[names.size()];
        for (int i = 0; i < slots.length; i++) {
            String n = names.get(i);
            slots[i] = switch (n) {
                case "now" -> NOW;
                case "date" -> DATE;
                case "month" -> MONTH;
                case "epoch" -> EPOCH;
                default -> {
                    Integer id = generatorIds.get(n);
                    if (id == null) {
                        throw new IllegalArgumentException("unknown generator {" + n + "}");
                    }
                    yield id;
                }
            };
        }
        return new Template(template, lits.toArray(String[]::new), slots);
    }

    /** Splits into literals (one more than placeholders) and placeholder names. */
    private static void parse(String t, StringBuilder lit, List<String> lits, List<String> names) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '{' && i + 1 < t.length() && t.charAt(i + 1) == '{') {
                lit.append('{');
                i++;
            } else if (c == '}' && i + 1 < t.length() && t.charAt(i + 1) == '}') {
                lit.append('}');
                i++;
            } else if (c == '{') {
                int end = t.indexOf('}', i);
                if (end < 0) {
                    throw new IllegalArgumentException("a '{' is never closed (write {{ for a brace)");
                }
                String name = t.substring(i + 1, end).strip();
                if (name.isEmpty()) {
                    throw new IllegalArgumentException("'{}' names nothing");
                }
                lits.add(lit.toString());
                lit.setLength(0);
                names.add(name);
                i = end;
            } else if (c == '}') {
                throw new IllegalArgumentException("a '}' without '{' (write }} for a brace)");
            } else {
                lit.append(c);
            }
        }
        lits.add(lit.toString());
    }

    /** The generator of a template that is exactly one generator placeholder, else -1. */
    int singleGenerator() {
        return slots.length == 1 && slots[0] >= 0 && literals[0].isEmpty() && literals[1].isEmpty() ? slots[0] : -1;
    }

    boolean constant() {
        return slots.length == 0;
    }

    /** Generators this template draws (built-ins excluded). */
    int[] generators() {
        return java.util.Arrays.stream(slots).filter(s -> s >= 0).toArray();
    }

    String render(Draws d) {
        if (slots.length == 0) {
            return literals[0];
        }
        if (slots.length == 1 && literals[0].isEmpty() && literals[1].isEmpty()) {
            return d.value(slots[0]);
        }
        StringBuilder sb = new StringBuilder(source.length() + 32);
        for (int i = 0; i < slots.length; i++) {
            sb.append(literals[i]).append(d.value(slots[i]));
        }
        return sb.append(literals[slots.length]).toString();
    }

    @Override
    public String toString() {
        return source;
    }
}
