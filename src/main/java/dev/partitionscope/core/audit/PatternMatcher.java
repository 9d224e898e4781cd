package dev.partitionscope.core.audit;

import java.util.List;

/**
 * Which sampled pattern a key belongs to, for joining load measured per key (Contributor Insights' top keys, the
 * Lab's meter) with the patterns of the sample. A key matches a pattern when it splits into the same parts with the
 * same separators ({@link KeyParts}) and each part fits: a literal equals, an enumerated part is one of its values,
 * a shard or number part is digits, a uuid, date, month, hour or timestamp part reads as one, text takes anything.
 * Patterns are tried in the order given (most items first), the catch-all never matches: a key of no pattern is
 * load the sample did not see.
 */
public final class PatternMatcher {
    private final List<PatternStats> patterns;

    public PatternMatcher(List<PatternStats> patterns) {
        this.patterns = patterns.stream()
                .filter(p -> !p.other() && !p.parts().isEmpty())
                .toList();
    }

    /** The pattern of {@code key}, or null. */
    public PatternStats patternOf(String key) {
        KeyParts k = KeyParts.of(key);
        for (PatternStats p : patterns) {
            if (matches(p, k)) {
                return p;
            }
        }
        return null;
    }

    static boolean matches(PatternStats p, KeyParts k) {
        List<PatternStats.Part> parts = p.parts();
        if (parts.size() != k.count()) {
            return false;
        }
        for (int i = 0; i < parts.size(); i++) {
            PatternStats.Part part = parts.get(i);
            if (i > 0 && (part.separator().isEmpty() || part.separator().charAt(0) != k.separator(i))) {
                return false;
            }
            String text = k.part(i);
            ValueKind kind = k.kind(i);
            boolean fits =
                    switch (part.kind()) {
                        case LITERAL -> text.equals(part.literal());
                        case ENUM ->
                            part.values().stream().anyMatch(v -> v.value().equals(text));
                        case SHARD, NUMBER -> kind == ValueKind.NUMBER;
                        case TEXT -> true;
                        default -> kind == part.kind();
                    };
            if (!fits) {
                return false;
            }
        }
        return true;
    }
}
