package dev.partitionscope.lab.server;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;

/**
 * A request's HTTP headers as the Lab's handlers and routes see them: names case-insensitive, values as they came.
 * The server's own type stays inside {@link LabServer}, so nothing else depends on which HTTP server the Lab runs.
 */
public final class Headers {
    private final HttpHeaders values;

    /** Empty headers, to be filled with {@link #add} (an in-process call, a test). */
    public Headers() {
        this(DefaultHttpHeadersFactory.headersFactory().newHeaders());
    }

    Headers(HttpHeaders values) {
        this.values = values;
    }

    /** The first value of this header, or null when the request has none. */
    public String getFirst(String name) {
        return values.get(name);
    }

    /** Every value of this header, in the request's order (empty when it has none). */
    public List<String> all(String name) {
        return values.getAll(name);
    }

    /** Adds a value (after any others of this name). */
    public Headers add(String name, String value) {
        values.add(name, value);
        return this;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
