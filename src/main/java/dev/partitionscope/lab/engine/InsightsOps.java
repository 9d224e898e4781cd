package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.List;

/**
 * Describe/Update/ListContributorInsights with modes. The rule names follow AWS
 * ({@code DynamoDBContributorInsights-PKC-<resource>-<epoch-millis>}; THROTTLED_KEYS mode only PKT/SKT); the rules'
 * reports are served by the Lab's CloudWatch side. The Lab enables at once (ENABLED), where AWS passes through ENABLING.
 */
final class InsightsOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final LabEngine engine;

    InsightsOps(LabEngine engine) {
        this.engine = engine;
    }

    ObjectNode describe(JsonNode req) {
        LabTable t = engine.table(Req.tableName(req));
        String index = index(t, req);
        LabTable.InsightsSetting s = t.insights.get(index == null ? "" : index);
        ObjectNode out = F.objectNode().put("TableName", t.name);
        if (index != null) {
            out.put("IndexName", index);
        }
        if (s == null || s.status().equals("DISABLED")) {
            out.put("ContributorInsightsStatus", "DISABLED");
            return out;
        }
        ArrayNode rules = out.putArray("ContributorInsightsRuleList");
        ruleNames(t, index, s).forEach(rules::add);
        out.put("ContributorInsightsStatus", s.status());
        out.put("ContributorInsightsMode", s.mode());
        out.put("LastUpdateDateTime", s.lastUpdateMillis() / 1000.0);
        return out;
    }

    ObjectNode update(JsonNode req) {
        LabTable t = engine.table(Req.tableName(req));
        String index = index(t, req);
        String action = Req.optEnum(req, "ContributorInsightsAction", "contributorInsightsAction", "ENABLE", "DISABLE");
        if (action == null) {
            throw LabException.validation("1 validation error detected: Value null at 'contributorInsightsAction'"
                    + " failed to satisfy constraint: Member must not be null");
        }
        String mode = Req.optEnum(
                req,
                "ContributorInsightsMode",
                "contributorInsightsMode",
                "ACCESSED_AND_THROTTLED_KEYS",
                "THROTTLED_KEYS");
        String resource = index == null ? "" : index;
        long now = engine.clock().epochMillis();
        if (action.equals("ENABLE")) {
            LabTable.InsightsSetting old = t.insights.get(resource);
            boolean keepRules = old != null
                    && old.status().equals("ENABLED")
                    && old.mode().equals(mode == null ? old.mode() : mode);
            t.insights.put(
                    resource,
                    new LabTable.InsightsSetting(
                            "ENABLED",
                            mode == null ? "ACCESSED_AND_THROTTLED_KEYS" : mode,
                            keepRules ? old.lastUpdateMillis() : now));
        } else {
            t.insights.put(resource, new LabTable.InsightsSetting("DISABLED", null, now));
        }
        ObjectNode out = F.objectNode().put("TableName", t.name);
        if (index != null) {
            out.put("IndexName", index);
        }
        out.put("ContributorInsightsStatus", action.equals("ENABLE") ? "ENABLED" : "DISABLED");
        if (action.equals("ENABLE")) {
            out.put("ContributorInsightsMode", t.insights.get(resource).mode());
        }
        return out;
    }

    ObjectNode list(JsonNode req) {
        String only = Req.optString(req, "TableName");
        Integer max = Req.optInt(req, "MaxResults", 1, 100, "maxResults");
        ObjectNode out = F.objectNode();
        ArrayNode list = out.putArray("ContributorInsightsSummaries");
        List<ObjectNode> all = new ArrayList<>();
        for (LabTable t : only == null ? engine.tables() : List.of(engine.table(only))) {
            List<String> resources = new ArrayList<>();
            resources.add("");
            resources.addAll(t.globalIndexes.keySet());
            for (String r : resources) {
                LabTable.InsightsSetting s = t.insights.get(r);
                ObjectNode o = F.objectNode().put("TableName", t.name);
                if (!r.isEmpty()) {
                    o.put("IndexName", r);
                }
                o.put("ContributorInsightsStatus", s == null ? "DISABLED" : s.status());
                if (s != null && s.mode() != null) {
                    o.put("ContributorInsightsMode", s.mode());
                }
                all.add(o);
            }
        }
        int from = 0;
        String token = Req.optString(req, "NextToken");
        if (token != null) {
            try {
                from = Integer.parseInt(token);
            } catch (NumberFormatException e) {
                throw LabException.validation("Invalid NextToken");
            }
        }
        int limit = max == null ? 100 : max;
        all.stream().skip(from).limit(limit).forEach(list::add);
        if (from + limit < all.size()) {
            out.put("NextToken", Integer.toString(from + limit));
        }
        return out;
    }

    private static String index(LabTable t, JsonNode req) {
        String index = Req.optString(req, "IndexName");
        if (index != null && !t.globalIndexes.containsKey(index)) {
            throw LabException.notFound(
                    "Requested resource not found: Index: " + index + " not found for table: " + t.name);
        }
        return index;
    }

    /** AWS's rule names for the resource in its mode (only throttled-key rules in THROTTLED_KEYS mode). */
    static List<String> ruleNames(LabTable t, String index, LabTable.InsightsSetting s) {
        KeyDef key = index == null ? t.key : t.globalIndexes.get(index).key();
        return dev.partitionscope.lab.cloudwatch.InsightRules.of(
                        t.name, index, key.hasSortKey(), s.mode(), s.lastUpdateMillis())
                .stream()
                .map(dev.partitionscope.lab.cloudwatch.InsightRule::name)
                .toList();
    }
}
