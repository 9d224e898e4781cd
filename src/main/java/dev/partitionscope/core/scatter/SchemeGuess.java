package dev.partitionscope.core.scatter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads a key scheme off the partition keys a table actually holds: {@code PENDING#1 … PENDING#8} is an 8-way
 * numbered suffix, {@code OPS_LOG#2026-06-22} a day bucket, {@code THREAT#abc#2026-06} (base {@code THREAT#abc}) a
 * month bucket, {@code X#2026-06-22#3} {@code day+…:N}. The keys cannot tell how a numbered suffix was chosen
 * (random, hash, sum, product), so the guess says {@code hash} and says so: it matters only for point reads.
 *
 * @param spec        the scheme in the product's grammar, or null when the keys show none
 * @param shardKeys   how many distinct keys of the base were seen
 * @param explanation one sentence for the user: what was found and what was assumed
 */
public record SchemeGuess(String spec, int shardKeys, String explanation) {
    private static final Pattern NUMBER = Pattern.compile("[1-9]\\d{0,4}|0");
    private static final Pattern HOUR = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}");
    private static final Pattern DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern MONTH = Pattern.compile("\\d{4}-\\d{2}");

    public static SchemeGuess of(String base, String separator, Collection<String> keys) {
        String prefix = base + separator;
        List<String[]> suffixes = new ArrayList<>();
        for (String k : new TreeSet<>(keys)) {
            if (k.startsWith(prefix) && k.length() > prefix.length()) {
                suffixes.add(k.substring(prefix.length()).split(Pattern.quote(separator), -1));
            }
        }
        if (suffixes.isEmpty()) {
            return new SchemeGuess(
                    null,
                    0,
                    "No key starting with " + prefix + " was seen"
                            + (keys.isEmpty() ? " (the sample was empty)" : " in " + keys.size() + " keys sampled")
                            + ": the key may be unsharded (Compare › Unsharded key reads it as one), or the separator differs");
        }
        int parts = suffixes.get(0).length;
        List<String> specParts = new ArrayList<>();
        boolean numbered = false;
        boolean fromZero = false;
        for (int p = 0; p < parts; p++) {
            String kind = null;
            int max = 0;
            boolean zero = false;
            for (String[] s : suffixes) {
                if (s.length != parts) {
                    return mixed(prefix, suffixes.size());
                }
                String k = kindOf(s[p]);
                if (k == null || (kind != null && !kind.equals(k))) {
                    return mixed(prefix, suffixes.size());
                }
                kind = k;
                if (k.equals("n")) {
                    int v = Integer.parseInt(s[p]);
                    max = Math.max(max, v);
                    zero |= v == 0;
                }
            }
            if (kind.equals("n")) {
                numbered = true;
                fromZero |= zero;
                specParts.add("hash:" + max);
            } else {
                specParts.add(kind);
            }
        }
        String spec = String.join("+", specParts);
        return new SchemeGuess(
                spec,
                suffixes.size(),
                suffixes.size() + " keys of the form " + prefix + "…: "
                        + spec
                        + (numbered
                                ? " (the keys cannot show whether the number was random or computed; hash is"
                                        + " assumed — it matters only for point reads)"
                                : "")
                        + (fromZero
                                ? ". Warning: these keys are"
                                        + " numbered from 0, the scheme grammar from 1 — the keys ending in 0 are not read"
                                : ""));
    }

    private static SchemeGuess mixed(String prefix, int n) {
        return new SchemeGuess(
                null,
                n,
                n + " keys start with " + prefix + " but their suffixes do not share one"
                        + " shape (numbers, days, months): write the scheme by hand");
    }

    private static String kindOf(String part) {
        if (NUMBER.matcher(part).matches()) {
            return "n";
        }
        if (HOUR.matcher(part).matches()) {
            return "hour";
        }
        if (DAY.matcher(part).matches()) {
            return "day";
        }
        if (MONTH.matcher(part).matches()) {
            return "month";
        }
        return null;
    }
}
