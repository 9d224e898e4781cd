package dev.partitionscope.lab.demo;

import java.util.List;
import java.util.Map;

/**
 * A seed's story as a guided demo: the scenario it plays in the Lab and the steps a presenter walks through — the
 * before workload throttling, the audit naming the pattern, the designer previewing the fix, the after workload
 * spreading the heat, the sharded read returning the same answer. Data only: what a step does to the screens is the
 * UI's, so the same story can be checked headless.
 *
 * @param id       short name ({@code order-status}), as the Demo menu and tests know it
 * @param seed     the seed document it comes from ({@code 001})
 * @param scenario the Lab scenario it plays (bundled under resources/scenarios)
 * @param table    the table the screens look at
 */
public record Story(
        String id, String title, String seed, String scenario, String table, String summary, List<Step> steps) {

    public Story {
        steps = List.copyOf(steps);
    }

    /** What a step does; each has its screen. */
    public enum Kind {
        /** Plays a variant of the scenario in simulated time; the heatmap fills in as it runs. */
        RUN,
        /** The metrics screen: throttles by cause, the verdict, Contributor Insights' top keys. */
        METRICS,
        /** A key audit of the table: the risk matrix names the pattern. */
        AUDIT,
        /** The sharding designer previews schemes on the table's ids and load. */
        DESIGN,
        /** The sharded read as a scatter-gather, compared item for item with a Scan of the table. */
        SCATTER
    }

    /**
     * One step of a story.
     *
     * @param args what the step needs: {@code variant}, {@code minutes} (RUN); {@code key}, {@code rate},
     *             {@code itemBytes}, {@code schemes} (| separated), {@code separator} (DESIGN); {@code key},
     *             {@code scheme}, {@code separator}, {@code index}, {@code limit}, {@code point} (SCATTER). A value may
     *             hold {@code {date}}, the story's simulated day (yyyy-MM-dd).
     */
    public record Step(Kind kind, String title, String caption, Map<String, String> args) {
        public Step {
            args = Map.copyOf(args);
        }

        public String arg(String name, String fallback) {
            return args.getOrDefault(name, fallback);
        }
    }

    /** Index of the first RUN step of this variant, or -1. */
    public int runStep(String variant) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).kind() == Kind.RUN
                    && variant.equals(steps.get(i).args().get("variant"))) {
                return i;
            }
        }
        return -1;
    }
}
