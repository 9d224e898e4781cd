package dev.partitionscope.aws;

import java.util.List;
import software.amazon.awssdk.regions.Region;

/** Region names for the region picker, from the SDK's own list (so new regions arrive with SDK updates). */
public final class Regions {
    private Regions() {}

    public static List<String> names() {
        return Region.regions().stream()
                .filter(r -> !r.isGlobalRegion())
                .map(Region::id)
                .filter(id -> !id.contains("global") && !id.startsWith("fips-") && !id.endsWith("-fips"))
                .sorted()
                .toList();
    }
}
