package dev.partitionscope.aws;

/**
 * Starts Labs for connections: the one embedded in the app, and metering, throttling proxies in front of local
 * engines. Implemented by the app (the aws layer only asks for endpoints).
 */
public interface LabLauncher {
    /** The embedded Lab's endpoint, starting it if needed. */
    String embedded();

    /**
     * A Lab proxy on 127.0.0.1:{@code port} in front of {@code upstream}, started if needed (the same one for the
     * same upstream and port).
     *
     * @throws java.io.UncheckedIOException when the port is taken
     */
    String proxy(String upstream, int port);
}
