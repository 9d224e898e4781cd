package dev.partitionscope.core.scheme;

/** A scheme spec that cannot be parsed; the message names the spec and says what to write instead. */
public final class SchemeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SchemeException(String message) {
        super(message);
    }
}
