package dev.partitionscope.lab.streams;

import dev.partitionscope.core.item.AttrValue;
import java.util.Map;

/**
 * One change in a stream, kept small: its sequence number, Lab time, kind, and references to the immutable item maps
 * the engine already holds (the images its view type keeps; the keys only when no kept image carries them). Turned
 * into JSON only when read.
 */
final class StreamRecord {
    static final byte INSERT = 0;
    static final byte MODIFY = 1;
    static final byte REMOVE = 2;

    final long seq;
    final long millis;
    final byte event;
    /** Deleted by Time to Live (the record names DynamoDB as its user). */
    final boolean ttl;
    /** The keys, or null when {@link #newImage} or {@link #oldImage} carries them. */
    final Map<String, AttrValue> keys;

    final Map<String, AttrValue> newImage;
    final Map<String, AttrValue> oldImage;
    /**
     * The record's size (keys and carried images, as DynamoDB counts it), 0 until first read; see {@code
     * StreamsService.size}. A racy cache of an immutable record's derived value: every writer writes the same int.
     */
    int size;

    StreamRecord(
            long seq,
            long millis,
            byte event,
            boolean ttl,
            Map<String, AttrValue> keys,
            Map<String, AttrValue> newImage,
            Map<String, AttrValue> oldImage) {
        this.seq = seq;
        this.millis = millis;
        this.event = event;
        this.ttl = ttl;
        this.keys = keys;
        this.newImage = newImage;
        this.oldImage = oldImage;
    }

    String eventName() {
        return switch (event) {
            case INSERT -> "INSERT";
            case MODIFY -> "MODIFY";
            default -> "REMOVE";
        };
    }
}
