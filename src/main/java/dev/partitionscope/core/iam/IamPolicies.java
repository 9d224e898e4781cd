package dev.partitionscope.core.iam;

import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The IAM policies PartitionScope needs, written once: the read-only policy per {@link Feature}, and apart the writes
 * (enabling Contributor Insights or a stream). docs/iam.md shows exactly what this class writes (a test compares
 * them), and the connection dialog's "Copy IAM policy" copies it; access-denied messages point to both.
 */
public final class IamPolicies {
    /** Where the policies are explained, relative to the repository (and the docs published with a release). */
    public static final String DOC = "docs/iam.md";

    /** The connection dialog's button that copies a policy. */
    public static final String COPY_BUTTON = "Copy IAM policy";

    private IamPolicies() {}

    /** Every read-only feature, no write. */
    public static String readOnly(Target target) {
        return policy(Feature.reads(), target);
    }

    /** Only the writes: enabling Contributor Insights (with its service-linked role) and a stream. */
    public static String writes(Target target) {
        return policy(Feature.writes(), target);
    }

    /** Every read-only feature and the writes. */
    public static String readOnlyAndWrites(Target target) {
        return policy(List.of(Feature.values()), target);
    }

    /**
     * A policy document (Version 2012-10-17) with one statement per feature and scope, Sid = feature + scope (e.g.
     * {@code OverviewTable}), in {@link Feature} order whatever the order of {@code features}.
     */
    public static String policy(Collection<Feature> features, Target target) {
        Set<Feature> chosen = features.isEmpty() ? EnumSet.noneOf(Feature.class) : EnumSet.copyOf(features);
        StringBuilder sb = new StringBuilder();
        sb.append("{\n");
        sb.append("  \"Version\": \"2012-10-17\",\n");
        sb.append("  \"Statement\": [");
        boolean first = true;
        for (Feature f : chosen) {
            for (Grant g : f.grants()) {
                sb.append(first ? "\n" : ",\n");
                first = false;
                statement(sb, f.sid() + g.scope().sidSuffix(), g, target);
            }
        }
        sb.append(first ? "]\n" : "\n  ]\n");
        sb.append("}\n");
        return sb.toString();
    }

    private static void statement(StringBuilder sb, String sid, Grant g, Target target) {
        sb.append("    {\n");
        sb.append("      \"Sid\": ").append(quote(sid)).append(",\n");
        sb.append("      \"Effect\": \"Allow\",\n");
        sb.append("      \"Action\": ").append(array(g.actions())).append(",\n");
        sb.append("      \"Resource\": ").append(array(g.scope().resources(target)));
        if (g.scope() == Scope.CONTRIBUTOR_INSIGHTS_ROLE) {
            sb.append(",\n");
            sb.append("      \"Condition\": {\n");
            sb.append("        \"StringLike\": {\n");
            sb.append("          \"iam:AWSServiceName\": ")
                    .append(quote(Scope.CONTRIBUTOR_INSIGHTS_SERVICE))
                    .append("\n");
            sb.append("        }\n");
            sb.append("      }");
        }
        sb.append("\n    }");
    }

    private static String array(List<String> values) {
        return values.stream().map(IamPolicies::quote).collect(Collectors.joining(", ", "[", "]"));
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** The features whose policy holds {@code action} (e.g. {@code dynamodb:DescribeTable}), reads first. */
    public static List<Feature> featuresNeeding(String action) {
        if (action == null) {
            return List.of();
        }
        return java.util.Arrays.stream(Feature.values())
                .filter(f -> f.actions().stream().anyMatch(a -> a.equalsIgnoreCase(action)))
                .toList();
    }

    /**
     * The sentence an access-denied message ends with: which features' policies hold {@code action} (when it is one
     * of ours) and where to get them.
     */
    public static String accessDeniedHint(String action) {
        List<Feature> needing = featuresNeeding(action);
        String which = needing.isEmpty()
                ? ""
                : action + " is in the policy of "
                        + needing.stream().map(Feature::title).collect(Collectors.joining(", ")) + ". ";
        return which + "The IAM policy for each feature is in " + DOC + ", and " + COPY_BUTTON
                + " in the connection dialog (Ctrl+K) copies it.";
    }

    /**
     * The docs' table for {@code features}: feature, actions and the resources they apply to, one row per statement.
     */
    public static String markdownTable(Collection<Feature> features) {
        Set<Feature> chosen = features.isEmpty() ? EnumSet.noneOf(Feature.class) : EnumSet.copyOf(features);
        StringBuilder sb = new StringBuilder();
        sb.append("| feature | actions | resource |\n");
        sb.append("|---|---|---|\n");
        for (Feature f : chosen) {
            boolean first = true;
            for (Grant g : f.grants()) {
                sb.append("| ")
                        .append(first ? "**" + f.title() + "**" : "")
                        .append(" | ")
                        .append(g.actions().stream().map(a -> "`" + a + "`").collect(Collectors.joining(", ")))
                        .append(" | ")
                        .append(g.scope().describe())
                        .append(" |\n");
                first = false;
            }
        }
        return sb.toString();
    }

    /** The docs' list for {@code features}: each title with what it covers. */
    public static String markdownDescriptions(Collection<Feature> features) {
        Set<Feature> chosen = features.isEmpty() ? EnumSet.noneOf(Feature.class) : EnumSet.copyOf(features);
        StringBuilder sb = new StringBuilder();
        for (Feature f : chosen) {
            sb.append("- **")
                    .append(f.title())
                    .append("**: ")
                    .append(f.description())
                    .append('\n');
        }
        return sb.toString();
    }
}
