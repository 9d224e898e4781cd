package dev.partitionscope.lab.recording;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.config.AppInfo;
import dev.partitionscope.config.GzipJsonFile;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.engine.LabTable;
import dev.partitionscope.lab.meter.MeterState;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.wire.AttrJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Lab run in one file, for replay in a review: model parameters, the tables (definitions, Contributor Insights
 * settings, items up to a cap) and everything the meter kept (minute aggregates and per-key sketches), at the
 * instant it was saved. Loading gives an in-process Lab on a simulated clock stopped at that instant, so metrics,
 * insight reports and the heatmap answer exactly as they did.
 *
 * <p>Format (documented in docs/file-formats.md): gzip-compressed JSON,
 * {@code {"format":"partitionscope-lab-recording", "version":1, ...}}. A file of another format, a newer version,
 * or a damaged file is refused with a message that says which.
 */
public final class Recording {
    public static final String FORMAT = "partitionscope-lab-recording";
    public static final int VERSION = 1;
    /** Items beyond this are not saved (the metrics are); the file says so. */
    public static final int MAX_ITEMS = 200_000;

    private static final GzipJsonFile.Kind KIND =
            new GzipJsonFile.Kind(FORMAT, VERSION, "Lab recording", "recording", RecordingException::new);
    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private Recording() {}

    /**
     * A loaded recording: the Lab, and the view it was saved at (the app's business, kept as JSON), or null for a
     * file saved without one (by the CLI, or before views were saved): it opens at the Lab screen's default.
     */
    public record Opened(Lab lab, JsonNode view) {}

    /** What a recording holds beside the data, for "open recording" dialogs and the CLI. */
    public record Summary(long savedAtMillis, String createdBy, List<String> tables, boolean itemsTruncated) {}

    /** Saves the Lab's state now. Written to a temporary file and moved into place: a crash never leaves half. */
    public static Summary save(Lab lab, Path file) throws IOException {
        return save(lab, file, null);
    }

    /**
     * Saves the Lab's state now, with the view to reopen at (an optional {@code "view"} object; readers that do not
     * know it ignore it, so the format stays version 1).
     */
    public static Summary save(Lab lab, Path file, JsonNode view) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT).put("version", VERSION).put("createdBy", AppInfo.NAME + " " + AppInfo.version());
        long now = lab.clock().epochMillis();
        root.put("savedAtMillis", now).put("region", lab.region());
        ObjectNode params = root.putObject("params");
        lab.params().toMap().forEach(params::put);
        ArrayNode tables = root.putArray("tables");
        int budget = MAX_ITEMS;
        boolean truncated = false;
        List<String> names = new java.util.ArrayList<>();
        for (LabTable t : lab.engine().tables()) {
            names.add(t.name());
            ObjectNode o = tables.addObject();
            o.set("definition", t.createRequest());
            ObjectNode insights = o.putObject("insights");
            t.insightsSettings().forEach((resource, s) -> insights.putObject(resource)
                    .put("status", s[0])
                    .put("mode", s[1])
                    .put("millis", Long.parseLong(s[2])));
            List<Map<String, AttrValue>> items = t.items(budget);
            truncated |= items.size() < t.itemCount();
            budget -= items.size();
            ArrayNode list = o.putArray("items");
            items.forEach(i -> list.add(AttrJson.toJson(i)));
        }
        root.put("itemsTruncated", truncated);
        root.set("meter", JSON.valueToTree(lab.meter().exportState()));
        if (view != null && view.isObject()) {
            root.set("view", view);
        }
        GzipJsonFile.write(file, root, JSON);
        return new Summary(now, AppInfo.NAME + " " + AppInfo.version(), names, truncated);
    }

    /**
     * Loads a recording into a new in-process Lab whose simulated clock stands at the saved instant.
     *
     * @throws RecordingException with a message saying what is wrong (not a recording, newer version, damaged)
     */
    public static Lab load(Path file) {
        return open(file).lab();
    }

    /**
     * Loads a recording as {@link #load} does, with the view it was saved at.
     *
     * @throws RecordingException with a message saying what is wrong (not a recording, newer version, damaged)
     */
    public static Opened open(Path file) {
        JsonNode root = read(file);
        ModelParams params;
        try {
            Map<String, String> values = new LinkedHashMap<>();
            root.path("params")
                    .properties()
                    .forEach(e -> values.put(e.getKey(), e.getValue().asText()));
            params = ModelParams.fromMap(values);
        } catch (IllegalArgumentException e) {
            throw new RecordingException(
                    file.getFileName() + " has model parameters this version does not know: " + e.getMessage());
        }
        long savedAt = root.path("savedAtMillis").asLong();
        SimulatedClock clock = new SimulatedClock(savedAt);
        Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock).withParams(params));
        try {
            for (JsonNode t : root.path("tables")) {
                lab.engine().handleAtOnce("CreateTable", t.path("definition"));
                LabTable table = lab.engine()
                        .tablesByName()
                        .get(t.path("definition").path("TableName").asText());
                t.path("insights")
                        .properties()
                        .forEach(e -> table.restoreInsights(
                                e.getKey(),
                                e.getValue().path("status").asText(),
                                e.getValue().path("mode").asText(null),
                                e.getValue().path("millis").asLong()));
                for (JsonNode item : t.path("items")) {
                    table.loadItem(AttrJson.item(item, "item"));
                }
            }
            lab.meter().importState(JSON.treeToValue(root.path("meter"), MeterState.class));
        } catch (RuntimeException | JsonProcessingException e) {
            throw new RecordingException(file.getFileName() + " is damaged: " + firstLine(e.getMessage()));
        }
        JsonNode view = root.path("view");
        return new Opened(lab, view.isObject() ? view : null);
    }

    /** Reads and checks the envelope: gzip, JSON, our format, a version this build reads. */
    static JsonNode read(Path file) {
        return GzipJsonFile.read(file, KIND, JSON);
    }

    /** What a file holds, without loading it. */
    public static Summary summary(Path file) {
        JsonNode root = read(file);
        List<String> tables = new java.util.ArrayList<>();
        root.path("tables")
                .forEach(t -> tables.add(t.path("definition").path("TableName").asText()));
        return new Summary(
                root.path("savedAtMillis").asLong(),
                root.path("createdBy").asText(),
                tables,
                root.path("itemsTruncated").asBoolean(false));
    }

    private static String firstLine(String s) {
        return GzipJsonFile.firstLine(s);
    }

    /** A recording that cannot be opened; the message says why and is meant for the user. */
    public static final class RecordingException extends RuntimeException {
        public RecordingException(String message) {
            super(message);
        }
    }
}
