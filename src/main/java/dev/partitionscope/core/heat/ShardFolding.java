package dev.partitionscope.core.heat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which keys of a heatmap are write shards of one logical key ({@code PENDING#1} … {@code PENDING#8} of
 * {@code PENDING}), so the heatmap can show one folded row per logical key and expand it on demand. A hot logical
 * key hides behind its shards otherwise: each shard looks lukewarm while their sum is at the ceiling.
 * Immutable; built by {@link KeyHierarchy#detectShards}.
 */
public final class ShardFolding {
    /** The largest suffix read as a shard number; larger numbers are ids, not shards. */
    public static final int MAX_SHARD = 10_000;

    // A date (or month) at the very end: "2026-06-22", "2026-06", "2014.07.09". Its last number is a day or a month.
    private static final Pattern DATE_AT_END = Pattern.compile("(?<!\\d)\\d{4}([-_/.])\\d{2}(?:\\1\\d{2})?$");
    // A day or hour bucket at the end of a logical key: "2026-09-06" in "2026-09-06.17", "2026-06-22T01".
    private static final Pattern DAY_AT_END = Pattern.compile("(?<!\\d)\\d{4}([-_/.])\\d{2}\\1\\d{2}(?:T\\d{2})?$");
    // A clock time at the end: "17:30", "01:00:00".
    private static final Pattern TIME_AT_END = Pattern.compile("(?<!\\d)\\d{1,2}:\\d{2}(?::\\d{2})?$");

    private record Shard(String logical, int number) {}

    private final Map<String, Shard> shards;
    private final Map<String, List<String>> shardKeys;
    private final Set<String> logicalKeys;

    private ShardFolding(Map<String, Shard> shards, Map<String, List<String>> shardKeys, Set<String> logicalKeys) {
        this.shards = shards;
        this.shardKeys = shardKeys;
        this.logicalKeys = Collections.unmodifiableSet(logicalKeys);
    }

    /** The logical key {@code key} folds under: {@code PENDING} for {@code PENDING#3}, else {@code key} itself. */
    public String logicalKey(String key) {
        Shard s = shards.get(key);
        return s == null ? key : s.logical();
    }

    /** The shard number of {@code key}, empty when it is not a shard. */
    public OptionalInt shard(String key) {
        Shard s = shards.get(key);
        return s == null ? OptionalInt.empty() : OptionalInt.of(s.number());
    }

    /** How many of the keys are shards of {@code logical}; 0 when it is not sharded. */
    public int shardCount(String logical) {
        List<String> keys = shardKeys.get(logical);
        return keys == null ? 0 : keys.size();
    }

    /** The shard keys of {@code logical} by shard number: the rows shown when its folded row is expanded. */
    public List<String> shardKeys(String logical) {
        return shardKeys.getOrDefault(logical, List.of());
    }

    /** Every logical key, in the order the keys were given: one folded row each. */
    public Set<String> logicalKeys() {
        return logicalKeys;
    }

    static ShardFolding detect(Collection<String> keys, char separator) {
        // Candidates grouped by logical prefix and the character before the number: a shard needs a sibling.
        Map<String, List<Candidate>> groups = new HashMap<>();
        for (String key : new LinkedHashSet<>(keys)) {
            Candidate c = candidate(key, separator);
            if (c != null) {
                groups.computeIfAbsent(c.logical + '\u0000' + c.delimiter, g -> new ArrayList<>())
                        .add(c);
            }
        }
        Map<String, Shard> shards = new HashMap<>();
        Map<String, List<String>> shardKeys = new HashMap<>();
        for (List<Candidate> group : groups.values()) {
            if (group.size() < 2 || looksLikeYears(group)) {
                continue;
            }
            for (Candidate c : group) {
                shards.put(c.key, new Shard(c.logical, c.number));
                shardKeys.computeIfAbsent(c.logical, l -> new ArrayList<>()).add(c.key);
            }
        }
        Map<String, List<String>> sorted = new LinkedHashMap<>();
        shardKeys.forEach((logical, list) -> {
            list.sort(Comparator.comparingInt((String k) -> shards.get(k).number())
                    .thenComparing(k -> k));
            sorted.put(logical, List.copyOf(list));
        });
        Set<String> logical = new LinkedHashSet<>();
        for (String key : keys) {
            Shard s = shards.get(key);
            logical.add(s == null ? key : s.logical());
        }
        return new ShardFolding(shards, sorted, logical);
    }

    private record Candidate(String key, String logical, char delimiter, int number, int digits) {}

    /** {@code key} split into logical key and shard number if its shape allows it, else null. */
    private static Candidate candidate(String key, char separator) {
        int end = key.length();
        int start = end;
        while (start > 0 && end - start < 6 && isDigit(key.charAt(start - 1))) {
            start--;
        }
        int digits = end - start;
        // 1..5 digits, no leading zero ("06" is a month or a day), a delimiter before, and something before that.
        if (digits == 0 || digits > 5 || start < 2 || key.charAt(start) == '0') {
            return null;
        }
        int number = Integer.parseInt(key, start, end, 10);
        char delimiter = key.charAt(start - 1);
        if (number > MAX_SHARD || !isDelimiter(delimiter, separator)) {
            return null;
        }
        String logical = key.substring(0, start - 1);
        if (DATE_AT_END.matcher(key).find()) {
            return null; // 2026-06-22: the 22 is a day
        }
        if (isDigit(logical.charAt(logical.length() - 1))) {
            if (delimiter == '.' && !DAY_AT_END.matcher(logical).find()) {
                return null; // 3.5, 1.2.3, 10.0.0.1 are numbers, versions, addresses; 2026-09-06.17 is a shard
            }
            if (delimiter == ':' && TIME_AT_END.matcher(key).find()) {
                return null; // 17:30 is a time
            }
        }
        return new Candidate(key, logical, delimiter, number, digits);
    }

    /** REPORT#2025 and REPORT#2026 are yearly buckets, not two of thousands of shards. */
    private static boolean looksLikeYears(List<Candidate> group) {
        for (Candidate c : group) {
            if (c.digits != 4 || c.number < 1900 || c.number > 2199) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDelimiter(char c, char separator) {
        return c == separator || c == '-' || c == '_' || c == '.';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
