package dev.partitionscope.ui.lab;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.ui.session.Session;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.collections.ListChangeListener;

/**
 * The Labs the Lab screen opened beside the live one — recordings and fast-forwarded runs, each served by the
 * {@link LabHost} on its own port — with what the screen says about them, and how the app connects to one: as a
 * custom endpoint (read-only, like any connection that is not the built-in Lab), so the table selector, the Lab
 * screen and every other screen show it. Their clocks stand still, which is why the screen marks them.
 */
final class LabReplays {
    /** Where a replayed Lab came from. */
    enum Kind {
        RECORDING,
        FAST_FORWARD
    }

    /**
     * @param name      the file name of a recording, or the run of a fast-forward ({@code order-status before · 1 h})
     * @param atMillis  where the Lab's clock stands: the save instant, or the end of the fast-forwarded run
     */
    record Replay(Kind kind, String endpoint, String name, long atMillis) {
        /** The connection's name, as the top bar and the status bar show it. */
        String connectionName() {
            return (kind == Kind.RECORDING ? "Replay · " : "Fast-forward · ") + name;
        }
    }

    private final Session main;
    private final LabHost labHost;
    private final Map<String, Replay> byEndpoint = new HashMap<>();
    /** Tables to select, the first one listed, once the app is connected to {@link #selectOn}. */
    private List<String> select = List.of();

    private String selectOn;

    LabReplays(Session main, LabHost labHost) {
        this.main = main;
        this.labHost = labHost;
        main.tables().addListener((ListChangeListener<String>) c -> selectListed());
    }

    /**
     * Connects the app to a replay the host serves (in the background, as every connect), and once its tables are
     * listed selects the first of {@code show} it has, so the screen opens on the partitions that matter.
     */
    void connect(Replay replay, String region, List<String> show) {
        byEndpoint.put(replay.endpoint(), replay);
        select = List.copyOf(show);
        selectOn = replay.endpoint();
        main.connect(ConnectionSpec.custom(
                replay.connectionName(), replay.endpoint(), region, ConnectionSpec.LOCAL_ACCESS_KEY));
    }

    private void selectListed() {
        Connection c = main.getConnection();
        if (select.isEmpty() || c == null || !c.spec().endpoint().equals(selectOn)) {
            return;
        }
        select.stream().filter(main.tables()::contains).findFirst().ifPresent(table -> {
            select = List.of();
            main.selectedTableProperty().set(table);
        });
    }

    /** The replay the app is connected to; empty for the live Lab, a proxy, any other connection or none. */
    Optional<Replay> current() {
        Connection c = main.getConnection();
        String endpoint = c == null ? null : c.spec().endpoint();
        if (!labHost.isReplay(endpoint)) {
            return Optional.empty();
        }
        Replay known = byEndpoint.get(endpoint);
        if (known != null) {
            return Optional.of(known);
        }
        // Served by someone else in this app: still a replay, named as connected.
        return labHost.forEndpoint(endpoint)
                .map(l -> new Replay(
                        Kind.RECORDING, endpoint, c.spec().name(), l.clock().epochMillis()));
    }
}
