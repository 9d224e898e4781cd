package dev.partitionscope.lab.streams;

import dev.partitionscope.lab.clock.LabClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every stream of one Lab, in the order they were enabled: those of live tables and, until retention has passed,
 * disabled ones and those of deleted tables (still listed and readable, as on AWS). Hands out the sequence numbers,
 * which increase across the whole Lab.
 */
public final class StreamRegistry {
    /** Sequence numbers are this offset plus a counter, written in 21 digits. */
    private static final long FIRST_SEQ = 100_000_000L;

    private final LabClock clock;
    private final String region;
    private final AtomicLong seq = new AtomicLong(FIRST_SEQ);
    private final List<LabStream> streams = new ArrayList<>();

    /** Runs inside every GetRecords while it counts as reading its shard (tests hold readers here). */
    volatile Runnable duringGetRecords = () -> {};

    public StreamRegistry(LabClock clock, String region) {
        this.clock = clock;
        this.region = region;
    }

    LabClock clock() {
        return clock;
    }

    String region() {
        return region;
    }

    /** Enables a new stream on a table; its shards start from the table's partitions now. */
    public LabStream create(
            String tableArn,
            String tableName,
            String partitionKey,
            String sortKey,
            LabStream.ViewType viewType,
            LabStream.Partitions partitions) {
        long now = clock.epochMillis();
        synchronized (this) {
            // Two streams of one table enabled in the same millisecond would share a label: the later one waits.
            for (LabStream s : streams) {
                if (s.tableName().equals(tableName) && s.createdMillis() >= now) {
                    now = s.createdMillis() + 1;
                }
            }
            LabStream s = new LabStream(this, tableArn, tableName, partitionKey, sortKey, viewType, now, partitions);
            streams.add(s);
            return s;
        }
    }

    /** The streams kept now (those past retention are dropped). */
    synchronized List<LabStream> streams() {
        long now = clock.epochMillis();
        streams.removeIf(s -> s.drained(now) || s.disabledMillis() <= now - LabStream.RETENTION_MILLIS);
        return List.copyOf(streams);
    }

    LabStream stream(String arn) {
        for (LabStream s : streams()) {
            if (s.arn().equals(arn)) {
                return s;
            }
        }
        return null;
    }

    long nextSeq() {
        return seq.incrementAndGet();
    }

    long currentSeq() {
        return seq.get();
    }

    /** A sequence number as DynamoDB writes them: a decimal string of 21 digits. */
    static String seqText(long n) {
        return "1" + String.format("%020d", n);
    }

    /** The counter a sequence number stands for, or -1 when it is none of this Lab's. */
    static long seqValue(String text) {
        if (text.length() != 21 || text.charAt(0) != '1') {
            return -1;
        }
        for (int i = 1; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return -1;
            }
        }
        try {
            return Long.parseLong(text.substring(1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A 64-bit mixer (splitmix64's finaliser), for ids that look random but are reproducible. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
