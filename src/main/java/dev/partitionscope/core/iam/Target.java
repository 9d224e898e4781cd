package dev.partitionscope.core.iam;

import java.util.Locale;

/**
 * Where a policy applies: region, account and table. An unknown part is {@code "*"} (a policy that can be pasted
 * as it is, and narrowed later); {@link #placeholders()} writes names to replace instead, as the docs do.
 */
public record Target(String region, String account, String table) {
    public static final String ANY = "*";

    public Target {
        region = orAny(region);
        account = orAny(account);
        table = orAny(table);
    }

    /** Any region, account and table. */
    public static Target any() {
        return new Target(ANY, ANY, ANY);
    }

    /** The docs' form: {@code REGION}, {@code ACCOUNT_ID} and {@code TABLE} to replace. */
    public static Target placeholders() {
        return new Target("REGION", "ACCOUNT_ID", "TABLE");
    }

    /** A region's tables in any account (what the connection dialog knows). */
    public static Target region(String region) {
        return new Target(region, ANY, ANY);
    }

    /** The ARN partition of the region: {@code aws-cn} for China, {@code aws-us-gov} for GovCloud, else {@code aws}. */
    public String partition() {
        String r = region.toLowerCase(Locale.ROOT);
        if (r.startsWith("cn-")) {
            return "aws-cn";
        }
        if (r.startsWith("us-gov-")) {
            return "aws-us-gov";
        }
        return "aws";
    }

    private static String orAny(String s) {
        return s == null || s.isBlank() ? ANY : s.trim();
    }
}
