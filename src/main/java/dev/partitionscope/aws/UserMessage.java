package dev.partitionscope.aws;

/**
 * An error as the user reads it: what happened, the detail that identifies it, and what to do next.
 * Never a stack trace.
 */
public record UserMessage(String headline, String detail, String hint) {
    public static UserMessage of(String headline, String detail, String hint) {
        return new UserMessage(headline, detail, hint);
    }

    /** All three parts as plain text, for copying into a ticket. */
    public String asText() {
        StringBuilder sb = new StringBuilder(headline);
        if (detail != null && !detail.isBlank()) {
            sb.append('\n').append(detail);
        }
        if (hint != null && !hint.isBlank()) {
            sb.append('\n').append("What to do: ").append(hint);
        }
        return sb.toString();
    }
}
