package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The control-plane operations beside tables: Time to Live (expiry runs in {@link TimeToLive}), tags (≤ 50 per
 * table), DescribeLimits, DescribeEndpoints (the Lab's own address, so endpoint discovery never leaves it) and
 * continuous backups (state only: the Lab keeps no backups, which DescribeContinuousBackups says by its dates).
 */
final class ControlOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    static final int MAX_TAGS = 50;

    private final LabEngine engine;
    private volatile String endpointAddress = "localhost";

    ControlOps(LabEngine engine) {
        this.engine = engine;
    }

    void setEndpointAddress(String address) {
        this.endpointAddress = address;
    }

    ObjectNode describeTimeToLive(JsonNode req) {
        LabTable t = engine.table(req.get("TableName").asText());
        ObjectNode d = F.objectNode();
        String attribute = t.ttlAttribute;
        if (attribute == null) {
            d.put("TimeToLiveStatus", "DISABLED");
        } else {
            d.put("TimeToLiveStatus", "ENABLED").put("AttributeName", attribute);
        }
        return (ObjectNode) F.objectNode().set("TimeToLiveDescription", d);
    }

    ObjectNode updateTimeToLive(JsonNode req) {
        LabTable t = engine.table(req.get("TableName").asText());
        JsonNode spec = req.get("TimeToLiveSpecification");
        String attribute = spec.get("AttributeName").asText();
        boolean enable = spec.get("Enabled").booleanValue();
        return t.write(() -> {
            String current = t.ttlAttribute;
            if (enable && current != null) {
                throw LabException.validation(
                        current.equals(attribute)
                                ? "TimeToLive is already enabled"
                                : "TimeToLive is active on a different AttributeName: current AttributeName is "
                                        + current);
            }
            if (!enable && current == null) {
                throw LabException.validation("TimeToLive is already disabled");
            }
            t.ttlAttribute = enable ? attribute : null;
            ObjectNode s = F.objectNode();
            if (enable) {
                s.put("AttributeName", attribute);
            }
            s.put("Enabled", enable);
            return (ObjectNode) F.objectNode().set("TimeToLiveSpecification", s);
        });
    }

    ObjectNode tag(JsonNode req) {
        String arn = req.get("ResourceArn").asText();
        LabTable t = byArn(arn, "Requested resource not found: ResourcArn: " + arn + " not found");
        synchronized (t.tags) {
            int added = 0;
            for (JsonNode tag : req.get("Tags")) {
                if (!t.tags.containsKey(tag.get("Key").asText())) {
                    added++;
                }
            }
            if (t.tags.size() + added > MAX_TAGS) {
                throw LabException.limitExceeded("The number of tags on a resource cannot exceed " + MAX_TAGS + ": "
                        + arn + " would have " + (t.tags.size() + added));
            }
            for (JsonNode tag : req.get("Tags")) {
                String key = tag.get("Key").asText();
                if (key.startsWith("aws:")) {
                    throw LabException.validation("One or more parameter values were invalid: The tag key " + key
                            + " uses the reserved prefix aws:");
                }
            }
            for (JsonNode tag : req.get("Tags")) {
                t.tags.put(tag.get("Key").asText(), tag.get("Value").asText());
            }
        }
        return F.objectNode();
    }

    ObjectNode untag(JsonNode req) {
        LabTable t = byArn(req.get("ResourceArn").asText(), "Requested resource not found");
        for (JsonNode key : req.get("TagKeys")) {
            t.tags.remove(key.asText());
        }
        return F.objectNode();
    }

    ObjectNode listTags(JsonNode req) {
        String arn = req.get("ResourceArn").asText();
        LabTable t = byArn(arn, "Requested resource not found: ResourcArn: " + arn + " not found");
        List<Map.Entry<String, String>> all;
        synchronized (t.tags) {
            all = new ArrayList<>();
            t.tags.forEach((k, v) -> all.add(Map.entry(k, v)));
        }
        // NextToken is the last key of the previous page; the Lab answers all of a table's (≤ 50) tags at once.
        String after = req.path("NextToken").asText(null);
        int from = 0;
        if (after != null) {
            from = -1;
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).getKey().equals(after)) {
                    from = i + 1;
                }
            }
            if (from < 0) {
                throw LabException.validation("Invalid NextToken: " + after);
            }
        }
        ObjectNode out = F.objectNode();
        ArrayNode tags = out.putArray("Tags");
        for (Map.Entry<String, String> e : all.subList(from, all.size())) {
            tags.addObject().put("Key", e.getKey()).put("Value", e.getValue());
        }
        return out;
    }

    /** The table a table ARN names ({@code …:table/NAME}); ResourceNotFoundException with {@code notFound}. */
    private LabTable byArn(String arn, String notFound) {
        String name = arn.substring(arn.lastIndexOf('/') + 1);
        try {
            LabTable t = engine.table(name);
            if (!t.arn.equals(arn)) {
                throw LabException.notFound(notFound);
            }
            return t;
        } catch (LabException e) {
            throw e.name().equals("ResourceNotFoundException") ? LabException.notFound(notFound) : e;
        }
    }

    /** DynamoDB's default quotas (per account and per table, in capacity units per second). */
    ObjectNode describeLimits() {
        return F.objectNode()
                .put("AccountMaxReadCapacityUnits", 80_000)
                .put("AccountMaxWriteCapacityUnits", 80_000)
                .put("TableMaxReadCapacityUnits", 40_000)
                .put("TableMaxWriteCapacityUnits", 40_000);
    }

    ObjectNode describeEndpoints() {
        ObjectNode out = F.objectNode();
        out.putArray("Endpoints").addObject().put("Address", endpointAddress).put("CachePeriodInMinutes", 1440);
        return out;
    }

    ObjectNode describeContinuousBackups(JsonNode req) {
        LabTable t = engine.table(req.get("TableName").asText());
        return backups(t);
    }

    ObjectNode updateContinuousBackups(JsonNode req) {
        LabTable t = engine.table(req.get("TableName").asText());
        JsonNode spec = req.get("PointInTimeRecoverySpecification");
        boolean enable = spec.get("PointInTimeRecoveryEnabled").booleanValue();
        t.write(() -> {
            if (enable && !t.pointInTimeRecovery) {
                t.pointInTimeRecoveryEnabledMillis = engine.clock().epochMillis();
            }
            t.pointInTimeRecovery = enable;
            if (spec.has("RecoveryPeriodInDays")) {
                t.recoveryPeriodDays = spec.get("RecoveryPeriodInDays").asInt();
            }
            return null;
        });
        return backups(t);
    }

    private ObjectNode backups(LabTable t) {
        ObjectNode d = F.objectNode().put("ContinuousBackupsStatus", "ENABLED");
        ObjectNode pitr = d.putObject("PointInTimeRecoveryDescription");
        if (t.pointInTimeRecovery) {
            long now = engine.clock().epochMillis();
            long earliest = Math.max(t.pointInTimeRecoveryEnabledMillis, now - t.recoveryPeriodDays * 86_400_000L);
            pitr.put("PointInTimeRecoveryStatus", "ENABLED")
                    .put("RecoveryPeriodInDays", t.recoveryPeriodDays)
                    .put("EarliestRestorableDateTime", earliest / 1000.0)
                    .put("LatestRestorableDateTime", (now - 5 * 60_000L) / 1000.0);
        } else {
            pitr.put("PointInTimeRecoveryStatus", "DISABLED");
        }
        return (ObjectNode) F.objectNode().set("ContinuousBackupsDescription", d);
    }
}
