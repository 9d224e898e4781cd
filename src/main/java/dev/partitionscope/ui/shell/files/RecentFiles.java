package dev.partitionscope.ui.shell.files;

import dev.partitionscope.config.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The recordings and snapshots opened or saved lately, newest first, at most {@value #MAX}, kept in the settings so
 * File ▸ Recent files survives a restart. Paths are stored absolute; a file that has gone since is still listed
 * (the menu shows it disabled) until opening it fails or it is removed.
 */
final class RecentFiles {
    static final int MAX = 10;

    private final Settings settings;
    private final Runnable save;

    RecentFiles(Settings settings, Runnable save) {
        this.settings = settings;
        this.save = save;
        if (settings.recentFiles == null) {
            settings.recentFiles = new ArrayList<>();
        }
    }

    /** Newest first. */
    List<Path> list() {
        List<Path> out = new ArrayList<>();
        for (String s : settings.recentFiles) {
            try {
                out.add(Path.of(s));
            } catch (RuntimeException e) {
                // a path this system cannot read (settings copied from another OS): not listed
            }
        }
        return out;
    }

    /** Puts {@code file} first. */
    void add(Path file) {
        String path = file.toAbsolutePath().normalize().toString();
        List<String> next = new ArrayList<>();
        next.add(path);
        settings.recentFiles.stream()
                .filter(p -> !p.equals(path))
                .limit(MAX - 1)
                .forEach(next::add);
        settings.recentFiles = next;
        save.run();
    }

    void remove(Path file) {
        String path = file.toAbsolutePath().normalize().toString();
        if (settings.recentFiles.removeIf(p -> p.equals(path))) {
            save.run();
        }
    }
}
