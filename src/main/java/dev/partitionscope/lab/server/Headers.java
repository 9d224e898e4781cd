package dev.partitionscope.lab.server;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A request's HTTP headers as the Lab's handlers and routes see them: names case-insensitive, values as they came, in
 * the request's order. Kept as two short arrays, looked up by walking them: a request has a handful of headers, and a
 * hash table per request (Netty's) was a tenth of the bytes a PutItem allocated. The server's own types stay inside
 * {@link LabServer}, so nothing else depends on which HTTP server the Lab runs.
 */
public final class Headers {
    private String[] names;
    private String[] values;
    private int size;

    /** Empty headers, to be filled with {@link #add} (an in-process call, a test). */
    public Headers() {
        this(8);
    }

    Headers(int capacity) {
        names = new String[Math.max(1, capacity)];
        values = new String[names.length];
    }

    /** A copy of Netty's decoded headers (requests that came the long way: chunked, HTTP/1.0, …). */
    static Headers of(HttpHeaders netty) {
        Headers h = new Headers(netty.size());
        for (Map.Entry<String, String> e : netty) {
            h.add(e.getKey(), e.getValue());
        }
        return h;
    }

    /** The first value of this header, or null when the request has none. */
    public String getFirst(String name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equalsIgnoreCase(name)) {
                return values[i];
            }
        }
        return null;
    }

    /** Every value of this header, in the request's order (empty when it has none). */
    public List<String> all(String name) {
        List<String> out = new ArrayList<>(1);
        for (int i = 0; i < size; i++) {
            if (names[i].equalsIgnoreCase(name)) {
                out.add(values[i]);
            }
        }
        return out;
    }

    /** Whether a header of this name lists this token (comma-separated, case-insensitive: "Connection: close"). */
    boolean hasToken(String name, String token) {
        for (int i = 0; i < size; i++) {
            if (names[i].equalsIgnoreCase(name)) {
                for (String part : values[i].split(",", -1)) {
                    if (part.trim().equalsIgnoreCase(token)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Adds a value (after any others of this name). */
    public Headers add(String name, String value) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size] = value;
        size++;
        return this;
    }

    int size() {
        return size;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("Headers[");
        for (int i = 0; i < size; i++) {
            s.append(i == 0 ? "" : ", ").append(names[i]).append(": ").append(values[i]);
        }
        return s.append(']').toString();
    }
}
