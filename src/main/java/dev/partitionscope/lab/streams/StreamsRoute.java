package dev.partitionscope.lab.streams;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.server.Headers;
import dev.partitionscope.lab.server.LabServer;
import dev.partitionscope.lab.wire.LabException;
import java.io.IOException;
import java.util.Map;

/**
 * DynamoDB Streams on the Lab's port: AWS JSON 1.0 with {@code X-Amz-Target: DynamoDBStreams_20120810.<Op>},
 * answered in the same content type and error shape as the DynamoDB side.
 */
public final class StreamsRoute implements LabServer.Route {
    public static final String TARGET_PREFIX = "DynamoDBStreams_20120810.";
    static final String AMZ_JSON = "application/x-amz-json-1.0";
    static final String JSON = "application/json";
    private static final System.Logger LOG = System.getLogger(StreamsRoute.class.getName());

    private final StreamsService service;
    private final ObjectMapper json = new ObjectMapper();

    public StreamsRoute(StreamsService service) {
        this.service = service;
        json.getFactory()
                .setStreamReadConstraints(
                        StreamReadConstraints.builder().maxNestingDepth(64).build());
    }

    /** Whether a request is a DynamoDB Streams call (by its target). */
    public static boolean isStreamsCall(Headers headers) {
        String target = headers.getFirst("X-Amz-Target");
        return target != null && target.startsWith(TARGET_PREFIX);
    }

    /** The answer's content type: the request's own JSON flavour, as the DynamoDB side answers. */
    public static String answerType(Headers headers) {
        String ct = headers.getFirst("Content-Type");
        return ct != null && ct.trim().startsWith(JSON) ? JSON : AMZ_JSON;
    }

    @Override
    public boolean accepts(String path, Headers headers) {
        return isStreamsCall(headers);
    }

    @Override
    public LabServer.Reply answer(String path, Headers headers, byte[] body) {
        String type = answerType(headers);
        String operation = headers.getFirst("X-Amz-Target").substring(TARGET_PREFIX.length());
        try {
            try {
                JsonNode request;
                try {
                    request = body.length == 0 ? json.createObjectNode() : json.readTree(body);
                } catch (IOException e) {
                    throw LabException.serialization(null);
                }
                if (request == null || !request.isObject()) {
                    throw LabException.serialization(null);
                }
                return new LabServer.Reply(200, type, Map.of(), service.answer(operation, request));
            } catch (LabException e) {
                return error(type, e);
            } catch (RuntimeException | Error e) {
                LOG.log(System.Logger.Level.ERROR, "Lab Streams answered 500 to " + operation, e);
                return error(
                        type,
                        new LabException(
                                "InternalServerError",
                                "Internal server error (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")",
                                500,
                                java.util.List.of(),
                                null));
            }
        } catch (IOException | RuntimeException e) {
            return new LabServer.Reply(
                    500,
                    type,
                    Map.of(),
                    "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\"}"
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    private LabServer.Reply error(String type, LabException e) throws IOException {
        ObjectNode error = json.createObjectNode().put("__type", e.type());
        if (e.getMessage() != null) {
            error.put(e.capitalMessage() ? "Message" : "message", e.getMessage());
        }
        return new LabServer.Reply(e.status(), type, Map.of(), json.writeValueAsBytes(error));
    }
}
