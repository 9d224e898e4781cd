package dev.partitionscope.core.metrics;

/**
 * How CloudWatch answered one series of a GetMetricData call ({@code MetricDataResult.StatusCode}). Only a
 * {@link #COMPLETE} answer says what happened: a refused or failed series is unknown, never zero, so no chart, count
 * or verdict may rest on it.
 */
public enum SeriesAnswer {
    /** Every datapoint of the window; an absent throttle datapoint then means zero. */
    COMPLETE("answered"),
    /** CloudWatch still had datapoints to give when paging stopped. */
    PARTIAL_DATA("partly answered (PartialData)"),
    /** CloudWatch failed on this series (InternalError). */
    INTERNAL_ERROR("failed in CloudWatch (InternalError)"),
    /** The credentials may not read this series (Forbidden). */
    FORBIDDEN("refused (Forbidden)"),
    /** The call that would have answered it failed, or CloudWatch left it out. */
    UNANSWERED("not answered");

    private final String words;

    SeriesAnswer(String words) {
        this.words = words;
    }

    /** "refused (Forbidden)", for messages. */
    public String words() {
        return words;
    }

    /** CloudWatch's StatusCode ("Complete", "PartialData", "InternalError", "Forbidden"); null reads as complete. */
    public static SeriesAnswer ofStatusCode(String code) {
        if (code == null || code.equalsIgnoreCase("Complete")) {
            return COMPLETE;
        }
        return switch (code) {
            case "PartialData" -> PARTIAL_DATA;
            case "Forbidden" -> FORBIDDEN;
            case "InternalError" -> INTERNAL_ERROR;
            default -> UNANSWERED;
        };
    }
}
