package dev.partitionscope.lab.workload;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A workload that tells one of the seeds' stories, read from a scenario file (see {@link ScenarioReader} for the
 * format). Every scenario has a {@code before} and an {@code after} variant and may have more
 * ({@code bulk-import}, {@code after-sharded}).
 *
 * @param skewGenerator the generator whose hottest value a "key skew" override changes; null when none applies
 * @param source        where it was read from: {@code bundled} or a file path
 */
public record Scenario(
        String name,
        String title,
        String seed,
        String summary,
        String skewGenerator,
        Map<String, GenDef> generators,
        Map<String, Variant> variants,
        String source) {

    public static final String BEFORE = "before";
    public static final String AFTER = "after";

    public Scenario {
        generators = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(generators));
        variants = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variants));
    }

    /** The variant, or a ScenarioException listing the ones there are. */
    public Variant variant(String variantName) {
        Variant v = variants.get(variantName);
        if (v == null) {
            throw new ScenarioException("Scenario " + name + " has no variant '" + variantName + "'; it has "
                    + String.join(", ", variants.keySet()) + ".");
        }
        return v;
    }

    /** The generator a skew override changes, or null. */
    public GenDef skewed() {
        return skewGenerator == null ? null : generators.get(skewGenerator);
    }
}
