package dev.partitionscope.ui.shell.files;

import java.io.File;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;

/**
 * A file dropped anywhere on the window opens as File ▸ Open would open it. Any file is accepted while dragging, so
 * that one the app cannot open gets a message saying so rather than a silent "no" cursor.
 */
public final class FileDrop {
    private final FileActions actions;

    public FileDrop(FileActions actions) {
        this.actions = actions;
    }

    public void install(Scene scene) {
        scene.addEventHandler(DragEvent.DRAG_OVER, e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                e.consume();
            }
        });
        scene.addEventHandler(DragEvent.DRAG_DROPPED, e -> {
            if (e.getDragboard().hasFiles()) {
                e.setDropCompleted(dropped(e.getDragboard().getFiles()));
                e.consume();
            }
        });
    }

    /**
     * Opens the first of the dropped files (one view at a time).
     *
     * @return whether there was a file to open; whether it is one is found out in the background
     */
    public boolean dropped(List<File> files) {
        if (files == null || files.isEmpty()) {
            return false;
        }
        actions.open(files.get(0).toPath());
        return true;
    }
}
