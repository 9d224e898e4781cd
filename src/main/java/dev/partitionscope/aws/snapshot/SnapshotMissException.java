package dev.partitionscope.aws.snapshot;

/**
 * A call an opened snapshot has no answer for: the screens asked something the live screens did not read while the
 * snapshot was taken. The message says what the snapshot holds and what was asked, for the user.
 */
public final class SnapshotMissException extends RuntimeException {
    public SnapshotMissException(String message) {
        super(message);
    }
}
