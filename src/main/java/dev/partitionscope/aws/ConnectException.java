package dev.partitionscope.aws;

/** A failure that already carries the message to show; thrown before or instead of an SDK error. */
public final class ConnectException extends RuntimeException {
    private final transient UserMessage userMessage;

    public ConnectException(UserMessage userMessage) {
        super(userMessage.headline() + ": " + userMessage.detail());
        this.userMessage = userMessage;
    }

    public UserMessage userMessage() {
        return userMessage;
    }
}
