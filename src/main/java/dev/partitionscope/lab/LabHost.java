package dev.partitionscope.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The Lab embedded in the desktop app: started on first use on a free 127.0.0.1 port with the demo tables, kept for
 * the life of the app (so its tables survive reconnecting) and stopped at exit.
 */
public final class LabHost implements AutoCloseable {
    private final Lab.Options options;
    private volatile Lab lab;

    public LabHost(Lab.Options options) {
        this.options = options;
    }

    public static LabHost defaults() {
        return new LabHost(Lab.Options.defaults());
    }

    /** The running Lab, starting it (and creating the demo tables) on first call. Safe from any thread. */
    public Lab lab() {
        Lab l = lab;
        if (l != null) {
            return l;
        }
        synchronized (this) {
            if (lab == null) {
                try {
                    Lab started = Lab.start(options);
                    DemoTables.create(started.engine());
                    lab = started;
                } catch (IOException e) {
                    throw new UncheckedIOException("The built-in Lab could not start: " + e.getMessage(), e);
                }
            }
            return lab;
        }
    }

    public String endpoint() {
        return lab().endpoint().orElseThrow();
    }

    /** The Lab if it was started, without starting it. */
    public Optional<Lab> running() {
        return Optional.ofNullable(lab);
    }

    @Override
    public synchronized void close() {
        if (lab != null) {
            lab.close();
            lab = null;
        }
    }
}
