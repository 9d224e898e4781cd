package dev.partitionscope.core.audit;

import dev.partitionscope.core.scheme.KeyScheme;

/**
 * What one part of a key holds. A part's kind is read off each key's text (uuid, number, date, …); whether a text or
 * number part is a {@link #LITERAL}, an {@link #ENUM}, a {@link #SHARD} or free {@link #TEXT} / {@link #NUMBER} is
 * only known from the values a pattern has seen, which is why the last four exist only in {@link PatternStats}.
 */
public enum ValueKind {
    /** One value in every key of the pattern: {@code OPS_LOG}, {@code THREAT}. */
    LITERAL(null),
    /** A few text values (at most {@link KeyPatterns#ENUM_LIMIT}): {@code PENDING|SHIPPED|DELIVERED|CANCELLED}. */
    ENUM(null),
    /** Free text, id-like: brand ids, tenant names, ULIDs. */
    TEXT("<text>"),
    /** Digits only, not a shard: order numbers, epoch millis. */
    NUMBER("<n>"),
    /** A write-shard suffix: a small number counted from 0 or 1 that takes few values ({@code PENDING#3}). */
    SHARD(null),
    /** {@code 3f2a9c1e-1234-4d5e-8f90-abcdefabcdef}. */
    UUID("<uuid>"),
    /** At least 8 hex digits with digits and letters: hashes, object ids. */
    HEX("<hex>"),
    /** A day bucket, {@code yyyy-MM-dd}. */
    DATE("<date>"),
    /** A month bucket, {@code yyyy-MM}. */
    MONTH("<month>"),
    /** An hour bucket, {@code yyyy-MM-ddTHH}. */
    HOUR("<hour>"),
    /** An instant to the minute or finer, {@code 2026-06-22T01:00:00.123Z}: a key per moment, not a bucket. */
    TIMESTAMP("<timestamp>");

    private final String placeholder;

    ValueKind(String placeholder) {
        this.placeholder = placeholder;
    }

    /** How a hole of this kind reads in a template; null for kinds whose text depends on the values seen. */
    String placeholder() {
        return placeholder;
    }

    /** The time bucket this kind is, or null: a timestamp is not a bucket (every moment is its own key). */
    public KeyScheme.Bucket bucket() {
        return switch (this) {
            case DATE -> KeyScheme.Bucket.DAY;
            case MONTH -> KeyScheme.Bucket.MONTH;
            case HOUR -> KeyScheme.Bucket.HOUR;
            default -> null;
        };
    }
}
