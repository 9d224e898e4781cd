package dev.partitionscope.ui.shell.files;

import dev.partitionscope.ui.common.Icons;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * The top bar's File menu: Open…, Save recording…, Save snapshot…, Recent files. Its items come from
 * {@link #fileMenuItems()}, in menu order, so more file items slot in at one marked place.
 */
public final class FileMenu {
    public static final KeyCombination OPEN_KEY = new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN);
    public static final KeyCombination SAVE_RECORDING_KEY =
            new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN);
    public static final KeyCombination SAVE_SNAPSHOT_KEY =
            new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    private final FileActions actions;
    private final Menu recent = new Menu("Recent files", Icons.of("mdi2h-history"));
    /** Counts the rebuilds of the recent files, so that a late existence check for an older list is ignored. */
    private long rebuilds;

    public FileMenu(FileActions actions) {
        this.actions = actions;
        recent.setId("fileRecent");
    }

    /** Fills {@code button}; the recent files are listed afresh each time it opens. */
    public void install(MenuButton button) {
        button.setGraphic(Icons.of("mdi2f-file-outline", 18));
        button.getItems().setAll(fileMenuItems());
        button.setOnShowing(e -> rebuildRecent());
        rebuildRecent();
    }

    /** The items, in menu order. */
    public List<MenuItem> fileMenuItems() {
        MenuItem open = new MenuItem("Open…", Icons.of("mdi2f-folder-open-outline"));
        open.setId("fileOpen");
        open.setAccelerator(OPEN_KEY);
        open.setOnAction(e -> actions.open());
        MenuItem saveRecording = new MenuItem("Save recording…", Icons.of("mdi2c-content-save-outline"));
        saveRecording.setId("fileSaveRecording");
        saveRecording.setAccelerator(SAVE_RECORDING_KEY);
        saveRecording.disableProperty().bind(actions.canSaveRecordingProperty().not());
        saveRecording.setOnAction(e -> actions.saveRecording());
        MenuItem saveSnapshot = new MenuItem("Save snapshot…", Icons.of("mdi2c-camera-outline"));
        saveSnapshot.setId("fileSaveSnapshot");
        saveSnapshot.setAccelerator(SAVE_SNAPSHOT_KEY);
        saveSnapshot.disableProperty().bind(actions.canSaveSnapshotProperty().not());
        saveSnapshot.setOnAction(e -> actions.saveSnapshot());
        List<MenuItem> items =
                new ArrayList<>(List.of(open, recent, new SeparatorMenuItem(), saveRecording, saveSnapshot));
        // The window adds Export report… and Guided demo ▸ after these.
        return items;
    }

    /**
     * Lists the recent files at once; the ones no longer there are marked "(missing)" and disabled when the check,
     * off the UI thread, answers (a check answering after the menu was rebuilt again is ignored).
     */
    private void rebuildRecent() {
        recent.getItems().clear();
        List<Path> files = actions.recentFiles();
        long generation = ++rebuilds;
        Map<Path, MenuItem> items = new HashMap<>();
        int n = 0;
        for (Path file : files) {
            MenuItem item = new MenuItem(label(file, false));
            item.setId("recent-" + n++);
            item.setMnemonicParsing(false);
            item.setOnAction(e -> actions.openRecent(file));
            recent.getItems().add(item);
            items.put(file, item);
        }
        if (files.isEmpty()) {
            MenuItem none = new MenuItem("No recent files");
            none.setDisable(true);
            recent.getItems().add(none);
        }
        actions.findMissing(files, missing -> {
            if (generation != rebuilds) {
                return;
            }
            for (Path gone : missing) {
                MenuItem item = items.get(gone);
                if (item != null) {
                    item.setText(label(gone, true));
                    item.setDisable(true);
                }
            }
        });
    }

    private static String label(Path file, boolean missing) {
        return file.getFileName() + (missing ? "  (missing)" : "") + "  —  "
                + file.toAbsolutePath().getParent();
    }
}
