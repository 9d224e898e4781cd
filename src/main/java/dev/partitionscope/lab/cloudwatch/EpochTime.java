package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.POJONode;
import java.time.Instant;

/**
 * A timestamp inside a CloudWatch answer tree. The two wire protocols write timestamps differently (CBOR: tag 1 and
 * epoch seconds; JSON 1.0: a plain epoch-seconds number), so the protocol-independent service leaves this marker in
 * its trees and {@link CloudWatchRoute} renders it.
 */
public record EpochTime(long millis) {

    public static POJONode node(long millis) {
        return new POJONode(new EpochTime(millis));
    }

    /** The instant of a node the service produced (for tests and callers of {@link CloudWatchService}). */
    public static long millisOf(JsonNode node) {
        if (node instanceof POJONode p && p.getPojo() instanceof EpochTime t) {
            return t.millis();
        }
        throw new IllegalArgumentException("not a timestamp: " + node);
    }

    /** Epoch seconds as CloudWatch sends them: whole seconds as an integer, else with milliseconds. */
    public Number seconds() {
        return millis % 1000 == 0 ? (Number) (millis / 1000) : (Number) (millis / 1000.0);
    }

    @Override
    public String toString() {
        return Instant.ofEpochMilli(millis).toString();
    }
}
