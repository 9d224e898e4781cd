package dev.partitionscope.aws;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.Resource;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Reads a table's DynamoDB stream into per-key write heat: every record of the window, key by key, down to one
 * second. CONTRACT — the implementation is being written; the signatures below are what the UI and the CLI use.
 */
public final class StreamHeatReader {
    /** How long a stream keeps its records. */
    public static final java.time.Duration RETENTION = java.time.Duration.ofHours(24);

    /**
     * What to read: the table, optionally a GSI (whose partition key is taken from the records' images; refused for
     * KEYS_ONLY streams), the window [start, end) and the bucket width in seconds (1 or 60, or any divisor of the
     * window).
     */
    public record Request(String table, String index, Instant start, Instant end, int resolutionSeconds) {}

    /** Hears the read as it goes; called on reader threads. */
    public interface Listener {
        /** The stream was described: this many shards will be read (closed ones included). */
        default void shards(int total) {}

        /** Progress: shards drained so far, records read so far, GetRecords calls made so far. */
        default void progress(int shardsDone, int shardsTotal, long records, long calls) {}
    }

    /**
     * What one read found.
     *
     * @param status        DATA, NO_DATA (stream on, no record in the window), NOT_ENABLED ("Streams are off on this
     *                      table"), ACCESS_DENIED (names the permission), or an error state with what to do next
     * @param streamArn     the stream read, null when none
     * @param viewType      KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES; null when no stream
     * @param writeUnits    write units per key per bucket ({@code MatrixUnit.WRITE_UNITS_PER_SECOND}, provenance
     *                      DYNAMODB_STREAM); null under KEYS_ONLY (no image to size)
     * @param writes        writes per key per bucket ({@code MatrixUnit.WRITES_PER_SECOND})
     * @param keys          per-key totals, by writes descending then key
     * @param records       stream records inside the window (the ones outside were read and skipped)
     * @param shards        shards read
     * @param openShards    shards still open (≈ the table's partitions)
     * @param calls         GetRecords calls made (each one a read request unit on AWS)
     * @param retainedFrom  the oldest moment the stream still holds (now − 24 h); the window before it is not in
     *                      the stream
     * @param cancelled     true when cancelled part-way (the matrices hold what was read)
     */
    public record Result(
            Resource resource,
            DataStatus status,
            String streamArn,
            String viewType,
            KeyTimeMatrix writeUnits,
            KeyTimeMatrix writes,
            List<StreamKeyTotal> keys,
            long records,
            int shards,
            int openShards,
            long calls,
            Instant retainedFrom,
            boolean cancelled) {
        public boolean keysOnly() {
            return "KEYS_ONLY".equals(viewType);
        }

        /** The matrix to draw: write units, or writes under KEYS_ONLY; null when nothing was read. */
        public KeyTimeMatrix heat() {
            return writeUnits != null ? writeUnits : writes;
        }
    }

    /** A table's stream at a glance: its ARN, view type and shard counts (open ones ≈ partitions). */
    public record StreamShape(String streamArn, String viewType, int shards, int openShards) {}

    private final Connection connection;

    public StreamHeatReader(Connection connection) {
        this.connection = connection;
    }

    /** Reads the window; never throws for AWS errors (they become the result's status). */
    public Result read(Request request, BooleanSupplier cancelled, Listener listener) {
        return new Result(
                new Resource(request.table(), request.index()),
                DataStatus.of(
                        DataState.NOT_SUPPORTED,
                        "being written (" + connection.spec().name() + ")"),
                null,
                null,
                null,
                null,
                List.of(),
                0,
                0,
                0,
                0,
                request.start(),
                cancelled.getAsBoolean());
    }

    /** The table's stream and its shards, empty when the table has no stream enabled. */
    public Optional<StreamShape> shape(String table) {
        return Optional.empty();
    }
}
