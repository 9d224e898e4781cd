package dev.partitionscope.aws.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;

/**
 * An SDK request as plain JSON, the same whatever the wire protocol (AWS JSON for DynamoDB, CBOR for CloudWatch):
 * the model's members in the model's order, maps sorted by key, instants as epoch milliseconds, unset lists and
 * maps left out. Two calls that ask the same thing give equal JSON, which is how a snapshot finds its answer.
 */
public final class SdkCanonical {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private SdkCanonical() {}

    /** The request's members as JSON. */
    public static ObjectNode of(SdkPojo pojo) {
        ObjectNode o = F.objectNode();
        for (SdkField<?> field : pojo.sdkFields()) {
            JsonNode value = value(field.getValueOrDefault(pojo));
            if (value != null) {
                o.set(field.memberName(), value);
            }
        }
        return o;
    }

    private static JsonNode value(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof SdkPojo p) {
            return of(p);
        }
        if (v instanceof Collection<?> list) {
            if (list.isEmpty()) {
                return null;
            }
            ArrayNode a = F.arrayNode();
            list.forEach(e -> {
                JsonNode n = value(e);
                a.add(n == null ? F.nullNode() : n);
            });
            return a;
        }
        if (v instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                return null;
            }
            ObjectNode o = F.objectNode();
            new TreeMap<>(map).forEach((k, e) -> {
                JsonNode n = value(e);
                o.set(String.valueOf(k), n == null ? F.nullNode() : n);
            });
            return o;
        }
        if (v instanceof String s) {
            return F.textNode(s);
        }
        if (v instanceof Boolean b) {
            return F.booleanNode(b);
        }
        if (v instanceof Integer || v instanceof Long || v instanceof Short) {
            return F.numberNode(((Number) v).longValue());
        }
        if (v instanceof Double || v instanceof Float) {
            return F.numberNode(((Number) v).doubleValue());
        }
        if (v instanceof BigDecimal d) {
            return F.numberNode(d);
        }
        if (v instanceof Instant i) {
            return F.numberNode(i.toEpochMilli());
        }
        if (v instanceof SdkBytes b) {
            return F.textNode(java.util.Base64.getEncoder().encodeToString(b.asByteArray()));
        }
        return F.textNode(String.valueOf(v));
    }
}
