package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORGenerator;
import dev.partitionscope.lab.server.Headers;
import dev.partitionscope.lab.server.LabServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * CloudWatch's two wire protocols on the Lab's port, in front of {@link CloudWatchService}:
 * <ul>
 *   <li>Smithy RPC v2 CBOR, what the Java SDK's CloudWatchClient sends (since 2.40.6):
 *       {@code POST /service/GraniteServiceVersion20100801/operation/<Op>}, {@code Content-Type: application/cbor},
 *       {@code smithy-protocol: rpc-v2-cbor}; answers in CBOR with the {@code smithy-protocol} header, timestamps as
 *       tag 1 + epoch seconds;</li>
 *   <li>AWS JSON 1.0, what the AWS CLI v2, boto3 and the JS SDK may send:
 *       {@code X-Amz-Target: GraniteServiceVersion20100801.<Op>}; timestamps as epoch-seconds numbers.</li>
 * </ul>
 * Errors in both: CloudWatch's status, a body with {@code __type} (the shape id, which the SDK maps to its exception
 * class) and {@code message}, and {@code x-amzn-query-error: Code;Sender} (CloudWatch is query-compatible: clients
 * report that code). A malformed body is a SerializationException, a failure inside the Lab an
 * InternalServiceFault: always an answer, never a dropped connection.
 *
 * <p>CBOR comes from jackson-dataformat-cbor rather than the SDK's shaded copy: it plugs into the same
 * ObjectMapper/JsonNode trees as the rest of the Lab, while the shaded classes are SDK-internal API with their own
 * (relocated) Jackson types.
 */
public final class CloudWatchRoute implements LabServer.Route {
    private static final System.Logger LOG = System.getLogger(CloudWatchRoute.class.getName());

    public static final String SERVICE = "GraniteServiceVersion20100801";
    public static final String CBOR_PATH = "/service/" + SERVICE + "/operation/";
    public static final String JSON_TARGET = SERVICE + ".";
    static final String CBOR_TYPE = "application/cbor";
    static final String JSON_TYPE = "application/x-amz-json-1.0";

    private final CloudWatchService service;
    private final ObjectMapper cbor;
    private final ObjectMapper json;

    public CloudWatchRoute(CloudWatchService service) {
        this.service = service;
        StreamReadConstraints limits =
                StreamReadConstraints.builder().maxNestingDepth(64).build();
        CBORFactory cborFactory = new CBORFactory();
        cborFactory.setStreamReadConstraints(limits);
        this.cbor = new ObjectMapper(cborFactory);
        JsonFactory jsonFactory = new JsonFactory();
        jsonFactory.setStreamReadConstraints(limits);
        this.json = new ObjectMapper(jsonFactory);
    }

    @Override
    public boolean accepts(String path, Headers headers) {
        String target = headers.getFirst("X-Amz-Target");
        return path.startsWith(CBOR_PATH) || (target != null && target.startsWith(JSON_TARGET));
    }

    @Override
    public LabServer.Reply answer(String path, Headers headers, byte[] body) {
        boolean isCbor = path.startsWith(CBOR_PATH);
        String operation = isCbor
                ? path.substring(CBOR_PATH.length())
                : headers.getFirst("X-Amz-Target").substring(JSON_TARGET.length());
        try {
            try {
                JsonNode request = parse(isCbor ? cbor : json, body);
                return success(isCbor, service.handle(operation, request));
            } catch (CloudWatchError e) {
                return error(isCbor, e);
            } catch (RuntimeException | Error e) {
                LOG.log(System.Logger.Level.ERROR, "Lab CloudWatch answered 500 to " + operation, e);
                return error(
                        isCbor,
                        CloudWatchError.internal("Internal error in the Lab's CloudWatch ("
                                + e.getClass().getSimpleName() + ": " + e.getMessage() + ")"));
            }
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.ERROR, "Lab CloudWatch could not render its answer to " + operation, e);
            // Rendering itself failed: the plainest well-formed answer there is.
            return new LabServer.Reply(
                    500,
                    JSON_TYPE,
                    Map.of(),
                    "{\"__type\":\"com.amazonaws.cloudwatch#InternalServiceFault\"}".getBytes(StandardCharsets.UTF_8));
        }
    }

    private static JsonNode parse(ObjectMapper mapper, byte[] body) {
        if (body.length == 0) {
            return JsonNodeFactory.instance.objectNode();
        }
        try {
            JsonNode n = mapper.readTree(body);
            if (n == null || n.isMissingNode() || n.isNull()) {
                return JsonNodeFactory.instance.objectNode();
            }
            if (!n.isObject()) {
                throw CloudWatchError.serialization("The request body must be a structure (a map)");
            }
            return n;
        } catch (IOException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            throw CloudWatchError.serialization(
                    m.toLowerCase(java.util.Locale.ROOT).contains("nesting depth")
                            ? "Nesting levels have exceeded supported limits"
                            : "The request body could not be parsed");
        }
    }

    private LabServer.Reply success(boolean isCbor, ObjectNode answer) {
        return new LabServer.Reply(
                200,
                isCbor ? CBOR_TYPE : JSON_TYPE,
                isCbor ? Map.of("smithy-protocol", "rpc-v2-cbor") : Map.of(),
                write(isCbor, answer));
    }

    private LabServer.Reply error(boolean isCbor, CloudWatchError e) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("__type", e.wireType());
        if (e.getMessage() != null) {
            body.put("message", e.getMessage());
        }
        Map<String, String> headers = isCbor
                ? Map.of("smithy-protocol", "rpc-v2-cbor", "x-amzn-query-error", e.queryErrorHeader())
                : Map.of("x-amzn-query-error", e.queryErrorHeader());
        return new LabServer.Reply(e.status(), isCbor ? CBOR_TYPE : JSON_TYPE, headers, write(isCbor, body));
    }

    private byte[] write(boolean isCbor, JsonNode tree) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = (isCbor ? cbor : json).getFactory().createGenerator(out)) {
            write(g, tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Writes a tree; {@link EpochTime}s become tag 1 + epoch seconds in CBOR, epoch seconds in JSON. */
    static void write(JsonGenerator g, JsonNode n) throws IOException {
        if (n.isObject()) {
            g.writeStartObject(n, n.size()); // definite-length map in CBOR
            for (Map.Entry<String, JsonNode> f : n.properties()) {
                g.writeFieldName(f.getKey());
                write(g, f.getValue());
            }
            g.writeEndObject();
        } else if (n.isArray()) {
            g.writeStartArray(n, n.size());
            for (JsonNode e : n) {
                write(g, e);
            }
            g.writeEndArray();
        } else if (n instanceof POJONode p && p.getPojo() instanceof EpochTime t) {
            if (g instanceof CBORGenerator c) {
                c.writeTag(1);
            }
            Number seconds = t.seconds();
            if (seconds instanceof Long l) {
                g.writeNumber(l);
            } else {
                g.writeNumber(seconds.doubleValue());
            }
        } else if (n.isTextual()) {
            g.writeString(n.asText());
        } else if (n.isBoolean()) {
            g.writeBoolean(n.booleanValue());
        } else if (n.isIntegralNumber()) {
            g.writeNumber(n.longValue());
        } else if (n.isNumber()) {
            g.writeNumber(n.doubleValue());
        } else {
            g.writeNull();
        }
    }
}
