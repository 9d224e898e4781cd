package dev.partitionscope.ui.session;

import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.Icons;
import javafx.scene.control.Button;

/**
 * The empty states every per-table screen shares: not connected (with a Connect button), no table picked, the
 * table being described or failing to be.
 */
public final class TableScreenState {
    private TableScreenState() {}

    /**
     * Fills {@code empty} with what {@code screen} shows before it has a table to work on.
     *
     * @param notConnected what the screen does once connected
     * @param pickTable    what appears once a table is picked
     * @return true when there is a connection and a described table, i.e. the screen's content should show
     */
    public static boolean apply(
            EmptyState empty,
            Session main,
            ShellActions actions,
            Screen screen,
            String notConnected,
            String pickTable) {
        TableShape shape = main.tableShapeProperty().get();
        if (main.getConnection() == null) {
            Button connect = new Button("Connect…", Icons.of("mdi2p-power-plug-outline"));
            connect.setOnAction(e -> actions.openConnectionDialog());
            empty.set(screen.icon(), "Not connected", notConnected, connect);
            return false;
        }
        if (main.selectedTableProperty().get() == null) {
            empty.set(screen.icon(), "Pick a table", pickTable);
            return false;
        }
        if (shape == null) {
            empty.set(
                    screen.icon(),
                    main.shapeLoadingProperty().get()
                            ? "Describing " + main.selectedTableProperty().get() + "…"
                            : "The table could not be described",
                    main.shapeErrorProperty().get() == null
                            ? null
                            : main.shapeErrorProperty().get().detail());
            return false;
        }
        return true;
    }
}
