package dev.partitionscope.core.insights;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Puts a contributor's {@code Keys} in the order the app reads them — partition key first, sort key second — using
 * the report's {@code KeyLabels}, which name what each position holds. A sort-key rule's labels may list the sort
 * key first; reading by position would then show sort-key values as partition keys. Labels are matched by what
 * they say (the key attribute's name, or a word like "partition"/"sort"); when they say nothing recognisable the
 * order is kept as sent.
 */
public final class ContributorKeys {
    private ContributorKeys() {}

    /**
     * Puts one contributor's keys in partition-then-sort order, going by what the labels say.
     *
     * @param labels        the report's KeyLabels (may be empty)
     * @param keys          one contributor's Keys, in the order of the labels
     * @param partitionName the table's (or index's) partition key attribute name, or null when unknown
     * @param sortName      its sort key attribute name, or null
     * @return the keys with the partition key first
     */
    public static List<String> ordered(List<String> labels, List<String> keys, String partitionName, String sortName) {
        if (labels == null || labels.size() != keys.size() || keys.size() < 2) {
            return keys;
        }
        int partition = -1;
        int sort = -1;
        for (int i = 0; i < labels.size(); i++) {
            Role role = role(labels.get(i), partitionName, sortName);
            if (role == Role.PARTITION && partition < 0) {
                partition = i;
            } else if (role == Role.SORT && sort < 0) {
                sort = i;
            }
        }
        if (partition < 0 && sort >= 0 && keys.size() == 2) {
            partition = 1 - sort;
        }
        if (partition <= 0) {
            return keys; // already first, or the labels do not say
        }
        List<String> out = new ArrayList<>(keys.size());
        out.add(keys.get(partition));
        if (sort >= 0) {
            out.add(keys.get(sort));
        }
        for (int i = 0; i < keys.size(); i++) {
            if (i != partition && i != sort) {
                out.add(keys.get(i));
            }
        }
        return out;
    }

    private enum Role {
        PARTITION,
        SORT,
        UNKNOWN
    }

    private static Role role(String label, String partitionName, String sortName) {
        if (label == null) {
            return Role.UNKNOWN;
        }
        String bare = label.startsWith("$.") ? label.substring(2) : label;
        if (partitionName != null && bare.equals(partitionName)) {
            return Role.PARTITION;
        }
        if (sortName != null && bare.equals(sortName)) {
            return Role.SORT;
        }
        String l = bare.toLowerCase(Locale.ROOT);
        if (l.contains("sort") || l.contains("range")) {
            return Role.SORT;
        }
        if (l.contains("partition") || l.contains("hash")) {
            return Role.PARTITION;
        }
        return Role.UNKNOWN;
    }
}
