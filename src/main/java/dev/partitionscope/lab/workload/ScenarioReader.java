package dev.partitionscope.lab.workload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.scheme.SchemeException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a scenario file (format version {@value #VERSION}; docs/file-formats.md, "Scenario files", documents it).
 * Every problem is a {@link ScenarioException} whose message starts with the file name and names the field:
 * {@code my.json: variants.after.operations[0].item.status.scheme: 'PENDING:hsh:8': ...}. Unknown fields are
 * errors too, so a typo never silently changes a workload.
 *
 * <pre>
 * { "version": 1, "name": "order-status", "title": "...", "seed": "001", "summary": "...",
 *   "skew": "status",                                   generator the key-skew override changes (optional)
 *   "defaults": { "rate": 900, "duration": 300, "itemSize": 1200 },
 *   "generators": { "status": { "type": "weighted", "values": { "PENDING": 62, "SHIPPED": 28 } },
 *                   "orderId": { "type": "uuid" } },
 *   "tables": { "order-status-index": { "partitionKey": "status", "sortKey": "orderId",
 *               "billing": "PROVISIONED", "readCapacity": 2000, "writeCapacity": 2000,
 *               "indexes": { "GSI1": { "partitionKey": "...", "sortKey": "...", "projection": "ALL" } } } },
 *   "variants": { "before": { "caption": "...", "rate": 900, "operations": [
 *       { "op": "PutItem", "table": "order-status-index", "weight": 99,
 *         "item": { "status": "{status}", "orderId": "{orderId}", "total": { "n": "{amount}" } } },
 *       { "op": "Query", "table": "order-status-index", "weight": 1, "limit": 50,
 *         "key": { "status": { "s": "PENDING", "scheme": "PENDING,SHIPPED:hash:8" } }, "fanOut": true } ] },
 *     "after": { ... } } }
 * </pre>
 */
public final class ScenarioReader {
    public static final int VERSION = 1;
    static final Set<String> BUILT_INS = Set.of("now", "date", "month", "epoch");

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private final String file;
    private Map<String, GenDef> generators;

    /** False for the living Lab's own scenarios, which tell no problem-and-fix story. */
    private final boolean beforeAndAfter;

    private ScenarioReader(String file, boolean beforeAndAfter) {
        this.file = file;
        this.beforeAndAfter = beforeAndAfter;
    }

    /**
     * Parses one scenario file's text.
     *
     * @param file   the file name used in messages (and as the scenario's source)
     */
    public static Scenario read(String file, String text) {
        return read(file, text, true);
    }

    /**
     * A scenario of the living Lab's own ({@link ScenarioCatalog#living}): everyday traffic, which need not have
     * a before and an after variant.
     */
    static Scenario readLiving(String file, String text) {
        return read(file, text, false);
    }

    private static Scenario read(String file, String text, boolean beforeAndAfter) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new ScenarioException(file + ": not valid JSON"
                    + (loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr()) + ": "
                    + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new ScenarioException(file + ": a scenario file holds one JSON object");
        }
        return new ScenarioReader(file, beforeAndAfter).scenario(root);
    }

    private Scenario scenario(JsonNode root) {
        only(
                root,
                "",
                "version",
                "name",
                "title",
                "seed",
                "summary",
                "skew",
                "defaults",
                "generators",
                "tables",
                "variants");
        JsonNode v = root.get("version");
        if (v == null) {
            throw fail("", "has no \"version\"; scenario files start with \"version\": " + VERSION);
        }
        if (!v.canConvertToInt() || v.intValue() < 1) {
            throw fail("version", "must be a whole number (" + VERSION + "), not " + v);
        }
        if (v.intValue() > VERSION) {
            throw fail(
                    "version",
                    "is " + v.intValue() + ", but this PartitionScope reads scenario format version " + VERSION
                            + "; update PartitionScope to run it");
        }
        String name = text(root, "name", "", true);
        if (!name.matches("[a-z0-9][a-z0-9-]*")) {
            throw fail("name", "'" + name + "' must be lower-case letters, digits and dashes (it is the CLI name)");
        }
        String title = text(root, "title", "", false);
        JsonNode defaults = root.path("defaults");
        if (!defaults.isMissingNode()) {
            only(defaults, "defaults", "rate", "duration", "itemSize");
        }
        generators = generators(object(root, "generators", "", false));
        String skew = text(root, "skew", "", false);
        if (skew != null
                && (!generators.containsKey(skew) || !generators.get(skew).skewable())) {
            throw fail("skew", "'" + skew + "' must name a weighted or keys generator");
        }
        Map<String, TableDef> tables = tables(object(root, "tables", "", true));
        JsonNode variantsNode = object(root, "variants", "", true);
        Map<String, Variant> variants = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : variantsNode.properties()) {
            variants.put(e.getKey(), variant(e.getKey(), e.getValue(), defaults, tables));
        }
        for (String required : beforeAndAfter ? List.of(Scenario.BEFORE, Scenario.AFTER) : List.<String>of()) {
            if (!variants.containsKey(required)) {
                String article = required.equals(Scenario.AFTER) ? "an" : "a";
                throw fail(
                        "variants",
                        "needs " + article + " \"" + required + "\" variant (every scenario has"
                                + " before and after)");
            }
        }
        return new Scenario(
                name,
                title == null ? name : title,
                text(root, "seed", "", false),
                text(root, "summary", "", false),
                skew,
                generators,
                variants,
                file);
    }

    // Generators

    private Map<String, GenDef> generators(JsonNode node) {
        Map<String, GenDef> out = new LinkedHashMap<>();
        if (node == null) {
            return out;
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String path = "generators." + e.getKey();
            if (BUILT_INS.contains(e.getKey())) {
                throw fail(path, "'" + e.getKey() + "' is a built-in value; choose another name");
            }
            if (!e.getKey().matches("[A-Za-z][A-Za-z0-9_]*")) {
                throw fail(path, "generator names are letters, digits and _");
            }
            out.put(e.getKey(), generator(e.getKey(), e.getValue(), path));
        }
        for (GenDef g : out.values()) {
            if (g.type() == GenDef.Type.RECENT && (!out.containsKey(g.of()) || g.of().equals(g.name()))) {
                throw fail("generators." + g.name() + ".of", "'" + g.of() + "' must name another generator");
            }
        }
        return out;
    }

    private GenDef generator(String name, JsonNode g, String path) {
        if (!g.isObject()) {
            throw fail(path, "must be an object with a \"type\"");
        }
        String typeText = text(g, "type", path, true);
        GenDef.Type type;
        try {
            type = GenDef.Type.valueOf(typeText.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw fail(
                    path + ".type",
                    "'" + typeText + "' is not a generator type; use weighted, keys, uuid, number,"
                            + " recent or sequence");
        }
        List<String> values = List.of();
        double[] weights = new double[0];
        int count = 0;
        Double hotShare = null;
        Double zipf = null;
        switch (type) {
            case WEIGHTED -> {
                only(g, path, "type", "values");
                JsonNode vs = object(g, "values", path, true);
                values = new ArrayList<>();
                List<Double> ws = new ArrayList<>();
                for (Map.Entry<String, JsonNode> e : vs.properties()) {
                    if (!e.getValue().isNumber() || e.getValue().doubleValue() <= 0) {
                        throw fail(path + ".values." + e.getKey(), "the weight must be a number above 0");
                    }
                    values.add(e.getKey());
                    ws.add(e.getValue().doubleValue());
                }
                if (values.isEmpty()) {
                    throw fail(path + ".values", "needs at least one value with its weight");
                }
                weights = ws.stream().mapToDouble(Double::doubleValue).toArray();
            }
            case KEYS -> {
                only(g, path, "type", "count", "prefix", "width", "hot", "hotShare", "zipf");
                count = (int) number(g, "count", path, 1, 10_000_000, null);
                JsonNode hs = g.get("hotShare");
                if (hs != null) {
                    hotShare = number(g, "hotShare", path, 0.000001, 100, null);
                }
                if (g.has("zipf")) {
                    zipf = number(g, "zipf", path, 0.000001, 10, null);
                }
                if (hotShare != null && zipf != null) {
                    throw fail(path, "give hotShare or zipf, not both");
                }
            }
            case UUID -> only(g, path, "type");
            case NUMBER -> only(g, path, "type", "min", "max", "prefix");
            case RECENT -> only(g, path, "type", "of", "size");
            case SEQUENCE -> only(g, path, "type", "prefix");
        }
        long min = (long) number(g, "min", path, -1e15, 1e15, 0.0);
        long max = (long) number(g, "max", path, -1e15, 1e15, type == GenDef.Type.NUMBER ? null : 0.0);
        if (type == GenDef.Type.NUMBER && max < min) {
            throw fail(path, "max (" + max + ") is below min (" + min + ")");
        }
        String of = type == GenDef.Type.RECENT ? text(g, "of", path, true) : null;
        int size = (int) number(g, "size", path, 1, 1_000_000, 1024.0);
        String prefix = g.has("prefix") ? text(g, "prefix", path, true) : "";
        int width = (int) number(g, "width", path, 0, 12, 0.0);
        return new GenDef(
                name,
                type,
                List.copyOf(values),
                weights,
                count,
                prefix,
                width,
                g.has("hot") ? text(g, "hot", path, true) : null,
                hotShare,
                zipf,
                min,
                max,
                of,
                size);
    }

    // Tables

    private Map<String, TableDef> tables(JsonNode node) {
        Map<String, TableDef> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String path = "tables." + e.getKey();
            JsonNode t = e.getValue();
            if (!e.getKey().matches("[a-zA-Z0-9_.-]{3,255}")) {
                throw fail(path, "'" + e.getKey() + "' is not a DynamoDB table name (3-255 of a-z A-Z 0-9 _ . -)");
            }
            only(t, path, "partitionKey", "sortKey", "billing", "readCapacity", "writeCapacity", "indexes", "stream");
            String stream = t.has("stream") ? text(t, "stream", path, true) : null;
            if (stream != null
                    && !java.util.List.of("KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES")
                            .contains(stream)) {
                throw fail(
                        path + ".stream",
                        "'" + stream + "' must be KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES");
            }
            String billing = t.has("billing") ? text(t, "billing", path, true) : "PAY_PER_REQUEST";
            if (!billing.equals("PAY_PER_REQUEST") && !billing.equals("PROVISIONED")) {
                throw fail(path + ".billing", "'" + billing + "' must be PAY_PER_REQUEST or PROVISIONED");
            }
            boolean onDemand = billing.equals("PAY_PER_REQUEST");
            long rcu = (long) number(t, "readCapacity", path, 1, 1_000_000, onDemand ? 0.0 : null);
            long wcu = (long) number(t, "writeCapacity", path, 1, 1_000_000, onDemand ? 0.0 : null);
            List<TableDef.Gsi> gsis = new ArrayList<>();
            JsonNode idx = object(t, "indexes", path, false);
            if (idx != null) {
                for (Map.Entry<String, JsonNode> ge : idx.properties()) {
                    String gp = path + ".indexes." + ge.getKey();
                    only(ge.getValue(), gp, "partitionKey", "sortKey", "projection");
                    String projection =
                            ge.getValue().has("projection") ? text(ge.getValue(), "projection", gp, true) : "ALL";
                    if (!projection.equals("ALL") && !projection.equals("KEYS_ONLY")) {
                        throw fail(gp + ".projection", "'" + projection + "' must be ALL or KEYS_ONLY");
                    }
                    gsis.add(new TableDef.Gsi(
                            ge.getKey(),
                            text(ge.getValue(), "partitionKey", gp, true),
                            text(ge.getValue(), "sortKey", gp, false),
                            projection.equals("KEYS_ONLY")));
                }
            }
            out.put(
                    e.getKey(),
                    new TableDef(
                            e.getKey(),
                            text(t, "partitionKey", path, true),
                            text(t, "sortKey", path, false),
                            gsis,
                            onDemand,
                            rcu,
                            wcu,
                            stream));
        }
        if (out.isEmpty()) {
            throw fail("tables", "needs at least one table");
        }
        return out;
    }

    // Variants

    private Variant variant(String name, JsonNode v, JsonNode defaults, Map<String, TableDef> tables) {
        String path = "variants." + name;
        if (!v.isObject()) {
            throw fail(path, "must be an object");
        }
        only(v, path, "caption", "rate", "duration", "itemSize", "operations");
        if (!v.has("rate") && !defaults.has("rate")) {
            throw fail(path + ".rate", "is missing (set it here or in \"defaults\")");
        }
        double rate = v.has("rate")
                ? number(v, "rate", path, 0.001, 1_000_000, null)
                : number(defaults, "rate", "defaults", 0.001, 1_000_000, null);
        long duration = (long)
                (v.has("duration")
                        ? number(v, "duration", path, 1, 7 * 86_400, null)
                        : number(defaults, "duration", "defaults", 1, 7 * 86_400, 300.0));
        int itemSize = (int)
                (v.has("itemSize")
                        ? number(v, "itemSize", path, 1, 400 * 1024, null)
                        : number(defaults, "itemSize", "defaults", 1, 400 * 1024, 1000.0));
        JsonNode ops = v.get("operations");
        if (ops == null || !ops.isArray() || ops.isEmpty()) {
            throw fail(path + ".operations", "needs at least one operation");
        }
        List<OpDef> list = new ArrayList<>();
        Map<String, TableDef> used = new LinkedHashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            OpDef op = new OpReader(this, tables).op(ops.get(i), path + ".operations[" + i + "]");
            list.add(op);
            used.put(op.table(), tables.get(op.table()));
            for (OpDef action : op.actions()) {
                used.put(action.table(), tables.get(action.table()));
            }
        }
        return new Variant(name, text(v, "caption", path, false), rate, duration, itemSize, used, list);
    }

    // Shared helpers (the operation reader uses them too)

    ValueDef value(JsonNode node, String path) {
        if (node.isTextual()) {
            checkTemplate(node.textValue(), path);
            return ValueDef.text(node.textValue());
        }
        if (!node.isObject()) {
            throw fail(path, "must be a string template or an object {\"s\": ...} / {\"n\": ...}");
        }
        only(node, path, "s", "n", "scheme", "id", "separator");
        boolean number = node.has("n");
        if (number == node.has("s")) {
            throw fail(path, "give exactly one of \"s\" (string) or \"n\" (number)");
        }
        String template = text(node, number ? "n" : "s", path, true);
        checkTemplate(template, path);
        KeyScheme scheme = null;
        if (node.has("scheme")) {
            if (number) {
                throw fail(path + ".scheme", "schemes widen string keys; use \"s\"");
            }
            try {
                scheme = KeyScheme.parse(text(node, "scheme", path, true));
            } catch (SchemeException e) {
                throw fail(path + ".scheme", e.getMessage());
            }
        }
        String id = text(node, "id", path, false);
        if (id != null) {
            checkTemplate(id, path + ".id");
        }
        String separator = node.has("separator") ? text(node, "separator", path, true) : KeyScheme.DEFAULT_SEPARATOR;
        return new ValueDef(number, template, scheme, id, separator);
    }

    private void checkTemplate(String template, String path) {
        try {
            for (String name : Template.placeholders(template)) {
                if (!BUILT_INS.contains(name) && !generators.containsKey(name)) {
                    throw fail(
                            path,
                            "'" + template + "' uses {" + name + "}, which is neither a generator ("
                                    + String.join(", ", generators.keySet())
                                    + ") nor built in (now, date, month, epoch)");
                }
            }
        } catch (IllegalArgumentException e) {
            throw fail(path, "'" + template + "': " + e.getMessage());
        }
    }

    void only(JsonNode node, String path, String... known) {
        if (!node.isObject()) {
            throw fail(path, "must be an object");
        }
        List<String> names = List.of(known);
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!names.contains(f)) {
                throw fail(join(path, f), "unknown field; known here: " + String.join(", ", names));
            }
        }
    }

    String text(JsonNode node, String field, String path, boolean required) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw fail(join(path, field), "is missing");
            }
            return null;
        }
        if (!v.isTextual() || v.textValue().isEmpty()) {
            throw fail(join(path, field), "must be a non-empty string");
        }
        return v.textValue();
    }

    double number(JsonNode node, String field, String path, double min, double max, Double dflt) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (dflt == null) {
                throw fail(join(path, field), "is missing");
            }
            return dflt;
        }
        if (!v.isNumber() || v.doubleValue() < min || v.doubleValue() > max) {
            throw fail(join(path, field), "must be a number from " + fmt(min) + " to " + fmt(max) + ", not " + v);
        }
        return v.doubleValue();
    }

    JsonNode object(JsonNode node, String field, String path, boolean required) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw fail(join(path, field), "is missing");
            }
            return null;
        }
        if (!v.isObject()) {
            throw fail(join(path, field), "must be an object");
        }
        return v;
    }

    ScenarioException fail(String path, String problem) {
        return new ScenarioException(file + ": " + (path.isEmpty() ? "" : path + ": ") + problem);
    }

    private static String join(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? String.format("%,d", (long) d) : Double.toString(d);
    }
}
