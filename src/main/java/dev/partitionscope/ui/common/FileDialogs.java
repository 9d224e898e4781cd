package dev.partitionscope.ui.common;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * Asks the user for a file to save to or to open. An interface because a native file chooser cannot be driven in a
 * headless test: the app uses {@link #system()}, UI tests hand in the path they want.
 */
public interface FileDialogs {

    /**
     * A kind of file: {@code ("PartitionScope Lab recording", "psrec")}; {@code others} are more extensions the same
     * chooser accepts ({@code File ▸ Open} takes recordings and snapshots).
     */
    record Type(String description, String extension, List<String> others) {
        public Type {
            others = List.copyOf(others);
        }

        public Type(String description, String extension) {
            this(description, extension, List.of());
        }

        String pattern() {
            return "*." + extension;
        }

        List<String> patterns() {
            List<String> all = new ArrayList<>();
            all.add(pattern());
            others.forEach(o -> all.add("*." + o));
            return all;
        }
    }

    /** Where to save; empty when the user cancelled. */
    Optional<Path> saveFile(Window owner, String title, String initialName, Type type);

    /** What to open; empty when the user cancelled. */
    Optional<Path> openFile(Window owner, String title, Type type);

    /**
     * A folder to write several files into (a report); empty when the user cancelled. A default method, so test
     * doubles written before it still compile; they override it to hand in a folder.
     */
    default Optional<Path> chooseFolder(Window owner, String title) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle(title);
        return Optional.ofNullable(chooser.showDialog(owner)).map(File::toPath);
    }

    /** The platform's file chooser, starting where the user last saved or opened a file (else the home folder). */
    static FileDialogs system() {
        return new FileDialogs() {
            private Path lastDir;

            @Override
            public Optional<Path> saveFile(Window owner, String title, String initialName, Type type) {
                FileChooser chooser = chooser(title, type);
                chooser.setInitialFileName(initialName);
                return remember(chooser.showSaveDialog(owner));
            }

            @Override
            public Optional<Path> openFile(Window owner, String title, Type type) {
                FileChooser chooser = chooser(title, type);
                chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("All files", "*"));
                return remember(chooser.showOpenDialog(owner));
            }

            @Override
            public Optional<Path> chooseFolder(Window owner, String title) {
                DirectoryChooser chooser = new DirectoryChooser();
                chooser.setTitle(title);
                Path dir = lastDir != null && Files.isDirectory(lastDir)
                        ? lastDir
                        : Path.of(System.getProperty("user.home"));
                if (Files.isDirectory(dir)) {
                    chooser.setInitialDirectory(dir.toFile());
                }
                File chosen = chooser.showDialog(owner);
                if (chosen == null) {
                    return Optional.empty();
                }
                lastDir = chosen.toPath().toAbsolutePath();
                return Optional.of(chosen.toPath());
            }

            private FileChooser chooser(String title, Type type) {
                FileChooser chooser = new FileChooser();
                chooser.setTitle(title);
                chooser.getExtensionFilters()
                        .add(new FileChooser.ExtensionFilter(
                                type.description() + " (" + String.join(", ", type.patterns()) + ")", type.patterns()));
                Path dir = lastDir != null && Files.isDirectory(lastDir)
                        ? lastDir
                        : Path.of(System.getProperty("user.home"));
                if (Files.isDirectory(dir)) {
                    chooser.setInitialDirectory(dir.toFile());
                }
                return chooser;
            }

            private Optional<Path> remember(File chosen) {
                if (chosen == null) {
                    return Optional.empty();
                }
                Path path = chosen.toPath();
                lastDir = path.toAbsolutePath().getParent();
                return Optional.of(path);
            }
        };
    }
}
