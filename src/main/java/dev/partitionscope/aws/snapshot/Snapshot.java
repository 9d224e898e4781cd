package dev.partitionscope.aws.snapshot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.config.AppInfo;
import dev.partitionscope.config.GzipJsonFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A snapshot of what the app read from a live endpoint (AWS, LocalStack, any custom endpoint), in one file for a
 * review without the account: the read calls the screens made and their answers ({@link Exchange}), the endpoint's
 * clock, where it came from (kind and region only) and the view to reopen at. Opening it answers the same calls the
 * same way ({@link SnapshotReplay}), so every screen reads it through the SDK as it read the endpoint.
 *
 * <p>Format (documented in docs/file-formats.md): gzip-compressed JSON, {@code {"format":"partitionscope-snapshot",
 * "version":1, ...}}. It holds no credentials, no profile, no request ids or signatures; account ids in ARNs are
 * replaced by zeros; answers with item contents only when the user asked for them.
 */
public final class Snapshot {
    public static final String FORMAT = "partitionscope-snapshot";
    public static final int VERSION = 1;
    public static final String EXTENSION = "pssnap";

    private static final GzipJsonFile.Kind KIND =
            new GzipJsonFile.Kind(FORMAT, VERSION, "snapshot", "snapshot", SnapshotException::new);
    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** The 12-digit account in an ARN: same-length zeros keep a CBOR body's string lengths intact. */
    private static final Pattern ACCOUNT = Pattern.compile("(arn:aws[a-z-]*:[a-z0-9-]+:[a-z0-9-]*:)(\\d{12})(:)");

    /**
     * Where a snapshot came from: the kind of connection and its region, nothing that names an account or a profile.
     *
     * @param endpoint the URL of a local endpoint (LocalStack, custom); null for AWS
     * @param upstream the engine behind a Lab proxy, or null
     */
    public record Source(ConnectionKind kind, String region, String endpoint, String upstream) {}

    /**
     * What the snapshot holds, in words for messages: the screens that were open, the tables read and the window.
     */
    public record About(List<String> screens, List<String> tables, long fromMillis, long toMillis, boolean utc) {
        public About {
            screens = List.copyOf(screens);
            tables = List.copyOf(tables);
        }
    }

    /**
     * Everything a snapshot file holds: when and by whom it was saved, where it was taken, what it covers, the view
     * to reopen, and the recorded exchanges.
     *
     * @param endpointMillis the endpoint's clock when the snapshot was taken: "now" for the screens that reopen it
     * @param view           the view to reopen at (the app's business), or null
     * @param itemContents   whether answers holding item contents were included
     * @param audit          the Audit screen's result as data ({@link AuditJson}), or null: an audit samples items,
     *                       so without item contents its Scans are not in the snapshot and this is what reopens
     */
    public record Contents(
            long savedAtMillis,
            String createdBy,
            long endpointMillis,
            Source source,
            About about,
            JsonNode view,
            boolean itemContents,
            List<Exchange> exchanges,
            JsonNode audit) {
        public Contents {
            exchanges = List.copyOf(exchanges);
        }

        /** Contents without an audit. */
        public Contents(
                long savedAtMillis,
                String createdBy,
                long endpointMillis,
                Source source,
                About about,
                JsonNode view,
                boolean itemContents,
                List<Exchange> exchanges) {
            this(savedAtMillis, createdBy, endpointMillis, source, about, view, itemContents, exchanges, null);
        }
    }

    private Snapshot() {}

    /** Writes a snapshot; to a temporary file first, moved into place, so a crash never leaves half a file. */
    public static void save(Contents c, Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT)
                .put("version", VERSION)
                .put("createdBy", c.createdBy())
                .put("savedAtMillis", c.savedAtMillis())
                .put("endpointMillis", c.endpointMillis());
        root.set("source", JSON.valueToTree(c.source()));
        root.set("about", JSON.valueToTree(c.about()));
        root.put("itemContents", c.itemContents());
        if (c.view() != null) {
            root.set("view", c.view());
        }
        if (c.audit() != null) {
            root.set("audit", c.audit());
        }
        ArrayNode list = root.putArray("exchanges");
        for (Exchange e : c.exchanges()) {
            if (e.itemContents() && !c.itemContents()) {
                continue;
            }
            ObjectNode o = list.addObject()
                    .put("service", e.service())
                    .put("operation", e.operation())
                    .put("key", e.key());
            o.set("request", e.request());
            o.put("status", e.status());
            ObjectNode headers = o.putObject("headers");
            e.headers().forEach(headers::put);
            byte[] body = redactAccounts(e.body());
            if (isText(e.headers())) {
                o.put("body", new String(body, StandardCharsets.UTF_8));
            } else {
                o.put("bodyBase64", Base64.getEncoder().encodeToString(body));
            }
        }
        GzipJsonFile.write(file, root, JSON);
    }

    /**
     * Reads a snapshot.
     *
     * @throws SnapshotException with a message saying what is wrong (not a snapshot, newer version, damaged)
     */
    public static Contents load(Path file) {
        JsonNode root = read(file);
        try {
            List<Exchange> exchanges = new ArrayList<>();
            for (JsonNode e : root.path("exchanges")) {
                Map<String, String> headers = new LinkedHashMap<>();
                e.path("headers")
                        .properties()
                        .forEach(h -> headers.put(h.getKey(), h.getValue().asText()));
                byte[] body = e.has("body")
                        ? e.path("body").asText().getBytes(StandardCharsets.UTF_8)
                        : Base64.getDecoder().decode(e.path("bodyBase64").asText());
                ObjectNode request = (ObjectNode) e.path("request");
                String service = e.path("service").asText();
                String operation = e.path("operation").asText();
                String key = e.hasNonNull("key") ? e.path("key").asText() : Exchange.key(service, operation, request);
                exchanges.add(new Exchange(
                        service, operation, request, key, e.path("status").asInt(), headers, body));
            }
            Source source = JSON.treeToValue(root.path("source"), Source.class);
            About about = JSON.treeToValue(root.path("about"), About.class);
            if (source == null || source.kind() == null || about == null) {
                throw new SnapshotException(file.getFileName() + " is damaged: it does not say where it was taken.");
            }
            JsonNode view = root.path("view");
            JsonNode audit = root.path("audit");
            return new Contents(
                    root.path("savedAtMillis").asLong(),
                    root.path("createdBy").asText(),
                    root.path("endpointMillis").asLong(),
                    source,
                    about,
                    view.isObject() ? view : null,
                    root.path("itemContents").asBoolean(false),
                    exchanges,
                    audit.isObject() ? audit : null);
        } catch (JsonProcessingException | RuntimeException e) {
            if (e instanceof SnapshotException s) {
                throw s;
            }
            throw new SnapshotException(file.getFileName() + " is damaged: " + firstLine(e.getMessage()));
        }
    }

    /** Reads and checks the envelope: gzip, JSON, our format, a version this build reads. */
    private static JsonNode read(Path file) {
        return GzipJsonFile.read(file, KIND, JSON);
    }

    /** "PartitionScope 0.1.0": who wrote a file. */
    public static String createdBy() {
        return AppInfo.NAME + " " + AppInfo.version();
    }

    /** Account ids in ARNs become zeros (same length, so binary bodies stay valid). */
    static byte[] redactAccounts(byte[] body) {
        String text = new String(body, StandardCharsets.ISO_8859_1);
        Matcher m = ACCOUNT.matcher(text);
        if (!m.find()) {
            return body;
        }
        return m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + "000000000000" + r.group(3)))
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    private static boolean isText(Map<String, String> headers) {
        String type = headers.getOrDefault("content-type", "");
        return type.contains("json") || type.startsWith("text/");
    }

    private static String firstLine(String s) {
        return GzipJsonFile.firstLine(s);
    }

    /** A snapshot that cannot be opened; the message says why and is meant for the user. */
    public static final class SnapshotException extends RuntimeException {
        public SnapshotException(String message) {
            super(message);
        }
    }
}
