package dev.partitionscope.ui;

import dev.partitionscope.ui.common.FileDialogs;
import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.Window;

/**
 * File dialogs that show nothing and answer what the test set: the file to save to or to open, the folder to write a
 * report into. Nothing set is the user cancelling.
 */
public final class AnsweringFileDialogs implements FileDialogs {
    private volatile Path file;
    private volatile Path folder;

    /** The file every save and open dialog answers from now on (null: cancel). */
    public AnsweringFileDialogs answer(Path file) {
        this.file = file;
        return this;
    }

    /** The folder the folder dialog answers (null: cancel). */
    public AnsweringFileDialogs folder(Path folder) {
        this.folder = folder;
        return this;
    }

    @Override
    public Optional<Path> saveFile(Window owner, String title, String initialName, Type type) {
        return Optional.ofNullable(file);
    }

    @Override
    public Optional<Path> openFile(Window owner, String title, Type type) {
        return Optional.ofNullable(file);
    }

    @Override
    public Optional<Path> chooseFolder(Window owner, String title) {
        return Optional.ofNullable(folder);
    }
}
