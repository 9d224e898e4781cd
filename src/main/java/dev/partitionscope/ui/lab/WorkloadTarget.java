package dev.partitionscope.ui.lab;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.SdkTarget;
import dev.partitionscope.ui.session.Session;
import java.util.List;
import java.util.Optional;

/**
 * Where a workload started on the Lab screen goes: the Lab the screen shows, which is the Lab behind the current
 * connection — the embedded one, or a Lab proxy this app runs in front of LocalStack or another engine. A proxy's
 * connection is read-only unless the user unlocked the tables, and its guard goes into the run's client too. A
 * replay (an opened recording, a fast-forwarded run) takes no real-time run: its clock does not move.
 */
final class WorkloadTarget {
    private final Session main;
    private final LabHost labHost;

    WorkloadTarget(Session main, LabHost labHost) {
        this.main = main;
        this.labHost = labHost;
    }

    /** The Lab behind the current connection; empty for any other connection or none. */
    Optional<Lab> lab() {
        Connection c = main.getConnection();
        return c == null ? Optional.empty() : labHost.forEndpoint(c.spec().endpoint());
    }

    /** The SDK target for a run against {@code lab} (one of {@link #lab()}'s answers). */
    SdkTarget sdkTarget(Lab lab) {
        String endpoint = lab.endpoint().orElseThrow();
        if (labHost.running().filter(lab::equals).isPresent()) {
            return SdkTarget.local(endpoint);
        }
        // A Lab proxy: the upstream's database is chosen by region and access key, and the connection's guard
        // decides what may be written.
        Connection c = main.getConnection();
        return new SdkTarget(
                endpoint, c.region(), c.spec().accessKeyId(), List.of(c.guard().interceptor()));
    }

    /**
     * Why {@code plan} (null: any plan) cannot run here, as a sentence with the way out; "" when it can. A
     * fast-forward runs in a Lab of its own, so it only needs a Lab on screen (for its model parameters).
     */
    String unavailableReason(Plan plan, boolean fastForward) {
        Connection c = main.getConnection();
        if (c == null || lab().isEmpty()) {
            return "Connect to the Lab to run a workload: it sends its requests to the Lab whose partitions this"
                    + " screen shows.";
        }
        if (fastForward) {
            return "";
        }
        if (labHost.isReplay(c.spec().endpoint())) {
            return "This Lab is a replay: its clock stands still where it was saved, so a real-time run cannot go"
                    + " here. Go back to the live Lab to run one, or turn on Fast-forward to run this workload in"
                    + " simulated time in a new Lab.";
        }
        if (plan != null && !c.guard().isAlwaysWritable()) {
            List<String> locked = plan.tables().keySet().stream()
                    .filter(t -> !c.guard().isUnlocked(t))
                    .sorted()
                    .toList();
            if (!locked.isEmpty()) {
                return "Writes are locked on " + c.spec().name() + ", and this workload writes to "
                        + String.join(", ", locked) + ". Unlock writes to " + (locked.size() == 1 ? "it" : "them")
                        + " (Connection ▸ Unlock writes…) or connect to the built-in Lab.";
            }
        }
        return "";
    }
}
