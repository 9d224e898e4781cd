package dev.partitionscope.lab.expr;

/**
 * A request whose expression DynamoDB would reject. The message is DynamoDB's own wording, word for word where it is
 * known, because SDKs and user code match on it; the Lab's server sends it back as a {@code ValidationException}.
 */
public class ExpressionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ExpressionException(String message) {
        // No stack trace on purpose: these are expected, user-facing answers, thrown per request.
        super(message, null, false, false);
    }
}
