package dev.partitionscope.lab.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.clock.LabClock;
import dev.partitionscope.lab.cloudwatch.InsightRule;
import dev.partitionscope.lab.cloudwatch.InsightRules;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Contributor Insights served by the proxy itself: LocalStack answers DescribeContributorInsights with DISABLED and
 * fails Update/List, DynamoDB Local and dynalite do not know them. Through the proxy they work as on AWS, with rules
 * fed by the proxy's own meter.
 */
final class ProxyInsights {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private record Setting(String table, String index, boolean hasSortKey, String status, String mode, long millis) {}

    private final TableCatalog catalog;
    private final LabClock clock;
    private final Map<String, Setting> settings = new ConcurrentHashMap<>();

    ProxyInsights(TableCatalog catalog, LabClock clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    static boolean handles(String operation) {
        return operation.equals("DescribeContributorInsights")
                || operation.equals("UpdateContributorInsights")
                || operation.equals("ListContributorInsights");
    }

    ObjectNode handle(Upstream.Call call, JsonNode request) {
        return switch (call.operation()) {
            case "UpdateContributorInsights" -> update(call, request);
            case "ListContributorInsights" -> list(request);
            default -> describe(call, request);
        };
    }

    private ObjectNode describe(Upstream.Call call, JsonNode request) {
        String table = table(request);
        String index = index(call, table, request);
        Setting s = settings.get(key(table, index));
        ObjectNode out = F.objectNode().put("TableName", table);
        if (index != null) {
            out.put("IndexName", index);
        }
        if (s == null || !s.status().equals("ENABLED")) {
            return out.put("ContributorInsightsStatus", "DISABLED");
        }
        ArrayNode rules = out.putArray("ContributorInsightsRuleList");
        rulesOf(s).forEach(r -> rules.add(r.name()));
        return out.put("ContributorInsightsStatus", "ENABLED")
                .put("ContributorInsightsMode", s.mode())
                .put("LastUpdateDateTime", s.millis() / 1000.0);
    }

    private ObjectNode update(Upstream.Call call, JsonNode request) {
        String table = table(request);
        String index = index(call, table, request);
        String action = request.path("ContributorInsightsAction").asText("");
        if (!action.equals("ENABLE") && !action.equals("DISABLE")) {
            throw LabException.validation("1 validation error detected: Value '" + action + "' at"
                    + " 'contributorInsightsAction' failed to satisfy constraint: Member must satisfy enum value set:"
                    + " [ENABLE, DISABLE]");
        }
        String mode = request.path("ContributorInsightsMode").asText(InsightRules.ACCESSED_AND_THROTTLED);
        TableCatalog.Entry entry = catalog.entry(call, table);
        boolean hasSortKey = index == null
                ? entry.key().sortKey() != null
                : entry.indexes().get(index).key().sortKey() != null;
        Setting s = new Setting(
                table, index, hasSortKey, action.equals("ENABLE") ? "ENABLED" : "DISABLED", mode, clock.epochMillis());
        settings.put(key(table, index), s);
        ObjectNode out = F.objectNode().put("TableName", table);
        if (index != null) {
            out.put("IndexName", index);
        }
        out.put("ContributorInsightsStatus", s.status());
        if (s.status().equals("ENABLED")) {
            out.put("ContributorInsightsMode", mode);
        }
        return out;
    }

    private ObjectNode list(JsonNode request) {
        String only = request.path("TableName").asText(null);
        ObjectNode out = F.objectNode();
        ArrayNode list = out.putArray("ContributorInsightsSummaries");
        for (Setting s : settings.values()) {
            if (only != null && !only.equals(s.table())) {
                continue;
            }
            ObjectNode o = list.addObject().put("TableName", s.table());
            if (s.index() != null) {
                o.put("IndexName", s.index());
            }
            o.put("ContributorInsightsStatus", s.status());
            if (s.status().equals("ENABLED")) {
                o.put("ContributorInsightsMode", s.mode());
            }
        }
        return out;
    }

    List<InsightRule> rules() {
        List<InsightRule> all = new ArrayList<>();
        settings.values().stream().filter(s -> s.status().equals("ENABLED")).forEach(s -> all.addAll(rulesOf(s)));
        return all;
    }

    private static List<InsightRule> rulesOf(Setting s) {
        return InsightRules.of(s.table(), s.index(), s.hasSortKey(), s.mode(), s.millis());
    }

    private static String table(JsonNode request) {
        String table = request.path("TableName").asText(null);
        if (table == null) {
            throw LabException.validation("1 validation error detected: Value null at 'tableName' failed to satisfy"
                    + " constraint: Member must not be null");
        }
        return table;
    }

    /** The GSI named in the request, checked against the upstream table (a missing table is the upstream's error). */
    private String index(Upstream.Call call, String table, JsonNode request) {
        String index = request.path("IndexName").asText(null);
        TableCatalog.Entry entry = catalog.entry(call, table);
        if (index != null && !entry.indexes().containsKey(index)) {
            throw LabException.notFound(
                    "Requested resource not found: Index: " + index + " not found for table: " + table);
        }
        return index;
    }

    private static String key(String table, String index) {
        return table + "|" + (index == null ? "" : index);
    }
}
