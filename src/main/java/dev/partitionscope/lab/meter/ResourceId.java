package dev.partitionscope.lab.meter;

/** A metered resource: a table ({@code index} null) or one of its GSIs; the CloudWatch dimensions of a metric. */
public record ResourceId(String table, String index) {
    public ResourceId {
        if (table == null) {
            throw new IllegalArgumentException("table is required");
        }
    }

    public static ResourceId table(String table) {
        return new ResourceId(table, null);
    }

    public static ResourceId index(String table, String index) {
        return new ResourceId(table, index);
    }

    public boolean isIndex() {
        return index != null;
    }

    @Override
    public String toString() {
        return index == null ? table : table + "/" + index;
    }
}
