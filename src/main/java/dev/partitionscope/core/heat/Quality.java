package dev.partitionscope.core.heat;

/** Caveats a matrix carries, so a view can warn instead of presenting gaps and estimates as facts. */
public enum Quality {
    TRUNCATED("Some time windows had more keys than the 25 a report returns: keys outside a window's top 25 are "
            + "counted in \"other keys\" there."),
    APPROXIMATE("Values are CloudWatch's approximations or sketch estimates, not exact counts."),
    MISSING_COLUMNS("Some time buckets failed to load and are shown as gaps."),
    OTHER_ESTIMATED("\"Other keys\" is the table's total minus the keys shown, not a measurement of its own."),
    PARTIAL("Loading was cancelled part-way: later time buckets may be empty.");

    private final String description;

    Quality(String description) {
        this.description = description;
    }

    /** One sentence for a tooltip. */
    public String describe() {
        return description;
    }
}
