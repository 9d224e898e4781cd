package dev.partitionscope.aws.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * An opened snapshot answering an SDK client: installed as the client's HTTP client (nothing leaves the process) and
 * as an interceptor that finds each call's recorded answer by its canonical request. The answers go through the SDK's
 * own unmarshalling, so every screen reads a snapshot exactly as it read the endpoint. Each answer carries the
 * snapshot's clock, so "the last hour" means the hour before it was taken. A call the snapshot has no answer for
 * fails with {@link SnapshotMissException}, saying what the snapshot holds.
 */
public final class SnapshotReplay implements SdkHttpClient, ExecutionInterceptor {
    static final String KEY_HEADER = "x-partitionscope-snapshot-key";
    /** The header a Lab says its time in; the endpoint clock reads it. */
    static final String CLOCK_HEADER = "x-partitionscope-lab-time";

    private final Snapshot.Contents contents;
    private final String name;
    private final Map<String, Exchange> byKey = new HashMap<>();

    /** @param name the file's name, for messages */
    public SnapshotReplay(Snapshot.Contents contents, String name) {
        this.contents = contents;
        this.name = name;
        contents.exchanges().forEach(e -> byKey.put(e.key(), e));
    }

    public Snapshot.Contents contents() {
        return contents;
    }

    // Interceptor: find the answer before anything is "sent"

    @Override
    public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
        String service = attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME);
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        ObjectNode request = SdkCanonical.of(context.request());
        String key = Exchange.key(service, operation, request);
        if (!byKey.containsKey(key)) {
            throw new SnapshotMissException(missMessage(operation, request));
        }
        return context.httpRequest().toBuilder().putHeader(KEY_HEADER, key).build();
    }

    // HTTP client: answer from the snapshot

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        Exchange e = request.httpRequest()
                .firstMatchingHeader(KEY_HEADER)
                .map(byKey::get)
                .orElse(null);
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                if (e == null) {
                    throw new SnapshotMissException("This call was not matched against " + name + ".");
                }
                SdkHttpResponse.Builder response = SdkHttpResponse.builder()
                        .statusCode(e.status())
                        .putHeader(CLOCK_HEADER, Long.toString(contents.endpointMillis()))
                        .putHeader("content-length", Integer.toString(e.body().length));
                e.headers().forEach(response::putHeader);
                return HttpExecuteResponse.builder()
                        .response(response.build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(e.body())))
                        .build();
            }

            @Override
            public void abort() {
                // answered from memory: nothing to abort
            }
        };
    }

    @Override
    public String clientName() {
        return "PartitionScopeSnapshot";
    }

    @Override
    public void close() {
        // nothing held
    }

    // Messages

    /** "This snapshot was taken on the Heatmap and Metrics screens for table T, 12:00–13:00 UTC; it has no data…". */
    String missMessage(String operation, JsonNode request) {
        String taken = describe(contents.about());
        return "This snapshot (" + name + ")" + (taken.isEmpty() ? "" : " was taken " + taken + "; it")
                + " has no data for " + operation + describeRequest(request) + ".";
    }

    static String describe(Snapshot.About about) {
        StringBuilder sb = new StringBuilder();
        if (!about.screens().isEmpty()) {
            sb.append("on the ")
                    .append(words(about.screens()))
                    .append(about.screens().size() == 1 ? " screen" : " screens");
        }
        if (!about.tables().isEmpty()) {
            sb.append(sb.length() == 0 ? "" : " ")
                    .append(about.tables().size() == 1 ? "for table " : "for tables ")
                    .append(words(about.tables()));
        }
        if (about.toMillis() > about.fromMillis()) {
            sb.append(sb.length() == 0 ? "for " : ", ")
                    .append(window(about.fromMillis(), about.toMillis(), about.utc()));
        }
        return sb.toString();
    }

    private static String describeRequest(JsonNode r) {
        List<String> parts = new ArrayList<>();
        for (String field : List.of("TableName", "IndexName", "RuleName")) {
            if (r.hasNonNull(field)) {
                parts.add(r.path(field).asText());
            }
        }
        if (r.hasNonNull("StartTime") && r.hasNonNull("EndTime")) {
            parts.add(window(r.path("StartTime").asLong(), r.path("EndTime").asLong(), true));
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    /** "2026-06-22 12:00–13:00 UTC", or with both dates when the window spans midnight. */
    static String window(long fromMillis, long toMillis, boolean utc) {
        ZoneId zone = utc ? ZoneOffset.UTC : ZoneId.systemDefault();
        DateTimeFormatter day =
                DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(zone);
        DateTimeFormatter time =
                DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT).withZone(zone);
        Instant from = Instant.ofEpochMilli(fromMillis);
        Instant to = Instant.ofEpochMilli(toMillis);
        String end = day.format(from).equals(day.format(to)) ? time.format(to) : day.format(to) + " " + time.format(to);
        return day.format(from) + " " + time.format(from) + "–" + end + (utc ? " UTC" : " local time");
    }

    private static String words(List<String> items) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
