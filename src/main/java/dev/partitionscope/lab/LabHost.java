package dev.partitionscope.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The Lab embedded in the desktop app: started on first use on a free 127.0.0.1 port with the demo tables, kept for
 * the life of the app (so its tables survive reconnecting) and stopped at exit.
 */
public final class LabHost implements AutoCloseable, dev.partitionscope.aws.LabLauncher {
    private final Lab.Options options;
    private volatile Lab lab;
    private final java.util.Map<String, Lab> proxies = new java.util.concurrent.ConcurrentHashMap<>();
    /** Recordings being served, by endpoint. */
    private final java.util.Map<String, Lab> replays = new java.util.concurrent.ConcurrentHashMap<>();
    /** How the embedded Lab starts alive, asked when it starts; null (the default) starts it still. */
    private volatile java.util.function.Supplier<LivingLab.Options> alive = () -> null;

    private volatile LivingLab living;

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
                    LivingLab.Options startAlive = alive.get();
                    if (startAlive == null) {
                        Lab started = Lab.start(options);
                        DemoTables.create(started.engine());
                        lab = started;
                    } else {
                        // Its clock starts the history ago; the living Lab plays it and then follows the real time.
                        dev.partitionscope.lab.clock.SimulatedClock clock =
                                new dev.partitionscope.lab.clock.SimulatedClock(System.currentTimeMillis()
                                        - startAlive.history().toMillis());
                        Lab started = Lab.start(options.withClock(clock));
                        DemoTables.create(started.engine());
                        lab = started;
                        living = LivingLab.start(started, clock, startAlive);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("The built-in Lab could not start: " + e.getMessage(), e);
                }
            }
            return lab;
        }
    }

    /**
     * Makes the embedded Lab start alive ({@link LivingLab}) when {@code options} gives options at its start; null
     * starts it still, as it always did. Only the embedded Lab: proxies and replays never live.
     */
    public void startAlive(java.util.function.Supplier<LivingLab.Options> options) {
        this.alive = options;
    }

    /** The embedded Lab's living workload, when it started alive. */
    public Optional<LivingLab> living() {
        return Optional.ofNullable(living);
    }

    /** Whether this endpoint is the embedded Lab and it started alive. */
    public boolean isLiving(String endpoint) {
        Lab l = lab;
        return living != null
                && l != null
                && endpoint != null
                && l.endpoint().map(endpoint::equals).orElse(false);
    }

    public String endpoint() {
        return lab().endpoint().orElseThrow();
    }

    @Override
    public String embedded() {
        return endpoint();
    }

    /**
     * A Lab proxy on 127.0.0.1:{@code port} in front of {@code upstream}, started on first use and kept (with its
     * meter) for the life of the app, so reconnecting keeps the history.
     *
     * @throws UncheckedIOException when the port cannot be bound
     */
    @Override
    public String proxy(String upstream, int port) {
        String key = upstream + "|" + port;
        Lab existing = proxies.get(key);
        if (existing != null) {
            return existing.endpoint().orElseThrow();
        }
        synchronized (this) {
            Lab raced = proxies.get(key);
            if (raced != null) {
                return raced.endpoint().orElseThrow();
            }
            try {
                Lab started = Lab.start(options.withPort(port).withUpstream(upstream));
                proxies.put(key, started);
                return started.endpoint().orElseThrow();
            } catch (IOException e) {
                throw new UncheckedIOException("Port " + port + " is not available: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Serves a saved recording on a free 127.0.0.1 port, for as long as the app runs (each opening is its own Lab, so
     * two recordings can be compared side by side).
     *
     * @return the replay's endpoint
     * @throws dev.partitionscope.lab.recording.Recording.RecordingException when the file is not a readable recording
     * @throws UncheckedIOException when no port can be bound
     */
    public String openRecording(java.nio.file.Path file) {
        return serve(dev.partitionscope.lab.recording.Recording.load(file));
    }

    /**
     * Serves an in-process Lab (a loaded recording, a fast-forwarded run) on a free 127.0.0.1 port for as long as the
     * app runs; this host closes it at exit.
     *
     * @return its endpoint
     * @throws UncheckedIOException when no port can be bound (the Lab is closed)
     */
    public String serve(Lab inProcess) {
        try {
            inProcess.listen("127.0.0.1", 0, options.latencyMillis());
        } catch (IOException e) {
            inProcess.close();
            throw new UncheckedIOException("The Lab could not be served: " + e.getMessage(), e);
        }
        String endpoint = inProcess.endpoint().orElseThrow();
        replays.put(endpoint, inProcess);
        return endpoint;
    }

    /** Whether this endpoint serves a recording or run opened with {@link #openRecording} or {@link #serve}. */
    public boolean isReplay(String endpoint) {
        return endpoint != null && replays.containsKey(endpoint);
    }

    /** The embedded Lab, a proxy or a replay serving at this endpoint, if this app runs it. */
    public Optional<Lab> forEndpoint(String endpoint) {
        if (endpoint == null) {
            return Optional.empty();
        }
        Lab embedded = lab;
        if (embedded != null && embedded.endpoint().map(endpoint::equals).orElse(false)) {
            return Optional.of(embedded);
        }
        Lab replay = replays.get(endpoint);
        if (replay != null) {
            return Optional.of(replay);
        }
        return proxies.values().stream()
                .filter(p -> p.endpoint().map(endpoint::equals).orElse(false))
                .findFirst();
    }

    /** The Lab if it was started, without starting it. */
    public Optional<Lab> running() {
        return Optional.ofNullable(lab);
    }

    @Override
    public synchronized void close() {
        if (living != null) {
            living.stop();
            try {
                living.await(java.time.Duration.ofSeconds(2)); // it writes into the Lab about to close
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (lab != null) {
            lab.close();
            lab = null;
        }
        proxies.values().forEach(Lab::close);
        proxies.clear();
        replays.values().forEach(Lab::close);
        replays.clear();
    }
}
