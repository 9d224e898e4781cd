package dev.partitionscope.aws.snapshot;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.aws.KeyAudit;

/**
 * A key audit's result as data, for a snapshot: what the Audit screen and a report show (the risk matrix, findings,
 * key patterns with their counts and top values, the sampling summary, the load), without what a snapshot must not
 * carry — the audit's raw sample sketches and its checkpoint, whose start keys are items' keys. A restored result
 * is therefore read-only: it cannot be resumed.
 */
public final class AuditJson {
    /** Bumped when the shape changes incompatibly; an older or newer audit is dropped with a note, not misread. */
    static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addMixIn(KeyAudit.ResourceAudit.class, WithoutSample.class)
            .addMixIn(AuditSampler.Result.class, WithoutCheckpoint.class);

    @JsonIgnoreProperties({"sample"})
    private abstract static class WithoutSample {}

    @JsonIgnoreProperties({"checkpoint"})
    private abstract static class WithoutCheckpoint {}

    private AuditJson() {}

    /** The result as a JSON tree: {@code {"version":1,"result":{...}}}. */
    public static JsonNode toJson(KeyAudit.Result result) {
        var root = JSON.createObjectNode().put("version", VERSION);
        root.set("result", JSON.valueToTree(result));
        return root;
    }

    /**
     * The result a tree holds.
     *
     * @throws IllegalArgumentException with a sentence when the tree is not an audit this build reads
     */
    public static KeyAudit.Result fromJson(JsonNode node) {
        if (node == null
                || !node.isObject()
                || node.path("version").asInt() != VERSION
                || !node.path("result").isObject()) {
            throw new IllegalArgumentException("the saved key audit is in a format this version does not read"
                    + (node != null && node.has("version")
                            ? " (version " + node.path("version").asText() + ")"
                            : ""));
        }
        try {
            KeyAudit.Result r = JSON.treeToValue(node.path("result"), KeyAudit.Result.class);
            if (r == null || r.shape() == null || r.advice() == null) {
                throw new IllegalArgumentException("the saved key audit is incomplete");
            }
            return r;
        } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
            if (e instanceof IllegalArgumentException i && i.getMessage().startsWith("the saved key audit")) {
                throw i;
            }
            throw new IllegalArgumentException(
                    "the saved key audit is damaged: "
                            + String.valueOf(e.getMessage()).lines().findFirst().orElse(""),
                    e);
        }
    }
}
