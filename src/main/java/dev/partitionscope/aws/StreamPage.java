package dev.partitionscope.aws;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;
import software.amazon.awssdk.core.exception.Crc32MismatchException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

/**
 * One GetRecords answer reduced, as it comes off the wire, to what the stream heat needs: per record its sequence
 * number, time, partition key and the sizes of its images. A page is up to a megabyte of item images; turned into SDK
 * objects (a map of {@code AttributeValue}s per image, a String per value) it cost more CPU than everything else in
 * reading a stream, to be measured and thrown away. So the reader asks for the digest: an interceptor on the streams
 * client reads the answer's bytes once with a streaming parser (sizes counted from the characters, no strings made
 * but the keys) and hands the SDK an answer without records. The call itself — signing, retries, errors, the
 * endpoint's clock, the snapshot log (which sees the bytes first) — stays the SDK's.
 *
 * <p>Sizes follow DynamoDB's item size rules as {@link ItemSize} and {@link SdkAttr#size} do (a test checks all three
 * agree on every type); an image that is absent or empty has size -1.
 */
final class StreamPage {
    /** Where the interceptor leaves the digest of one call; set on the request by {@link #ask}. */
    static final ExecutionAttribute<Sink> SINK = new ExecutionAttribute<>("partitionscope.stream-page");

    /** The interceptor, registered on every connection's clients; it acts only on calls carrying a {@link Sink}. */
    static final ExecutionInterceptor INTERCEPTOR = new Interceptor();

    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(64).build())
            .build();
    private static final byte[] EMPTY_ANSWER = "{}".getBytes(StandardCharsets.UTF_8);

    /** One record: what the heat counts. {@code key} is null when the record does not carry the key attribute. */
    record Entry(String sequence, long millis, String key, long oldSize, long newSize) {}

    final List<Entry> entries;
    /** Records in the answer, including any without a {@code dynamodb} part. */
    final int records;

    final String nextShardIterator;

    StreamPage(List<Entry> entries, int records, String nextShardIterator) {
        this.entries = entries;
        this.records = records;
        this.nextShardIterator = nextShardIterator;
    }

    /**
     * What one GetRecords call asks for: the key attribute to find, and whether the record's {@code Keys} carry it
     * (the table's own key; an index's key is read from the images).
     */
    static final class Sink {
        final String keyAttribute;
        final boolean keyInKeys;
        volatile StreamPage page;

        Sink(String keyAttribute, boolean keyInKeys) {
            this.keyAttribute = keyAttribute;
            this.keyInKeys = keyInKeys;
        }
    }

    /**
     * The page of an answer: the digest when the interceptor made it, else (a client without the interceptor) the
     * same reduction of the SDK's records.
     */
    static StreamPage of(GetRecordsResponse response, Sink sink) {
        StreamPage digested = sink.page;
        if (digested != null) {
            return digested;
        }
        List<Entry> entries = new ArrayList<>(response.records().size());
        for (software.amazon.awssdk.services.dynamodb.model.Record r : response.records()) {
            StreamRecord d = r.dynamodb();
            if (d == null) {
                continue;
            }
            Map<String, AttributeValue> newImage =
                    d.hasNewImage() && !d.newImage().isEmpty() ? d.newImage() : null;
            Map<String, AttributeValue> oldImage =
                    d.hasOldImage() && !d.oldImage().isEmpty() ? d.oldImage() : null;
            AttributeValue key = null;
            if (sink.keyAttribute != null) {
                if (sink.keyInKeys && d.hasKeys()) {
                    key = d.keys().get(sink.keyAttribute);
                }
                if (key == null && newImage != null) {
                    key = newImage.get(sink.keyAttribute);
                }
                if (key == null && oldImage != null) {
                    key = oldImage.get(sink.keyAttribute);
                }
            }
            entries.add(new Entry(
                    d.sequenceNumber(),
                    d.approximateCreationDateTime() == null
                            ? Long.MIN_VALUE
                            : d.approximateCreationDateTime().toEpochMilli(),
                    SdkAttr.keyString(key),
                    oldImage == null ? -1 : SdkAttr.itemSize(oldImage),
                    newImage == null ? -1 : SdkAttr.itemSize(newImage)));
        }
        return new StreamPage(entries, response.records().size(), response.nextShardIterator());
    }

    /**
     * Reads a GetRecords answer body.
     *
     * @throws IOException              when it is not JSON
     * @throws IllegalArgumentException when it is JSON but not a GetRecords answer as DynamoDB writes them
     */
    static StreamPage parse(byte[] body, String keyAttribute, boolean keyInKeys) throws IOException {
        try (JsonParser p = JSON.createParser(body)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            List<Entry> entries = new ArrayList<>();
            int records = 0;
            String next = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if ("Records".equals(name) && t == JsonToken.START_ARRAY) {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        records++;
                        Entry e = record(p, keyAttribute, keyInKeys);
                        if (e != null) {
                            entries.add(e);
                        }
                    }
                    expect(p.currentToken(), JsonToken.END_ARRAY);
                } else if ("NextShardIterator".equals(name) && t == JsonToken.VALUE_STRING) {
                    next = p.getText();
                } else {
                    p.skipChildren();
                }
            }
            return new StreamPage(entries, records, next);
        }
    }

    /** One record, the parser on its START_OBJECT; leaves it on the record's END_OBJECT. */
    private static Entry record(JsonParser p, String keyAttribute, boolean keyInKeys) throws IOException {
        Entry entry = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if ("dynamodb".equals(name) && t == JsonToken.START_OBJECT) {
                entry = change(p, keyAttribute, keyInKeys);
            } else {
                p.skipChildren();
            }
        }
        return entry;
    }

    private static Entry change(JsonParser p, String keyAttribute, boolean keyInKeys) throws IOException {
        String sequence = null;
        long millis = Long.MIN_VALUE;
        Image keys = null;
        Image newImage = null;
        Image oldImage = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            switch (name) {
                case "SequenceNumber" -> sequence = t == JsonToken.VALUE_NULL ? null : p.getText();
                case "ApproximateCreationDateTime" -> {
                    if (t.isNumeric()) {
                        // seconds, possibly with a fraction; as the SDK turns them into an Instant's milliseconds
                        millis = p.getDecimalValue().movePointRight(3).longValue();
                    } else if (t == JsonToken.VALUE_STRING) {
                        millis = new BigDecimal(p.getText()).movePointRight(3).longValue();
                    }
                }
                case "Keys" -> keys = keyInKeys && t == JsonToken.START_OBJECT ? image(p, keyAttribute) : skip(p);
                case "NewImage" -> newImage = t == JsonToken.START_OBJECT ? image(p, keyAttribute) : skip(p);
                case "OldImage" -> oldImage = t == JsonToken.START_OBJECT ? image(p, keyAttribute) : skip(p);
                default -> p.skipChildren();
            }
        }
        String key = keys != null && keys.key != null ? keys.key : null;
        if (key == null && newImage != null && newImage.attributes > 0) {
            key = newImage.key;
        }
        if (key == null && oldImage != null && oldImage.attributes > 0) {
            key = oldImage.key;
        }
        return new Entry(
                sequence,
                millis,
                keyAttribute == null ? null : key,
                oldImage == null || oldImage.attributes == 0 ? -1 : oldImage.size,
                newImage == null || newImage.attributes == 0 ? -1 : newImage.size);
    }

    private static Image skip(JsonParser p) throws IOException {
        p.skipChildren();
        return null;
    }

    /** An item's size and attribute count, and its key attribute's value as key text. */
    private record Image(long size, int attributes, String key) {}

    /** An item (a map of typed values), the parser on its START_OBJECT. */
    private static Image image(JsonParser p, String keyAttribute) throws IOException {
        long size = 0;
        int attributes = 0;
        String key = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            attributes++;
            size += utf8Length(p);
            boolean isKey = keyAttribute != null && keyAttribute.equals(p.currentName());
            expect(p.nextToken(), JsonToken.START_OBJECT);
            if (isKey) {
                String[] text = new String[1];
                size += value(p, text);
                key = text[0];
            } else {
                size += value(p, null);
            }
        }
        return new Image(size, attributes, key);
    }

    /**
     * One typed value ({@code {"S": "x"}}), the parser on its START_OBJECT, left on its END_OBJECT; its size. When
     * {@code keyText} is given, a key-typed value's text goes in it (S as is, N canonical, B base64 canonical).
     */
    private static long value(JsonParser p, String[] keyText) throws IOException {
        expect(p.nextToken(), JsonToken.FIELD_NAME);
        String type = p.currentName();
        JsonToken t = p.nextToken();
        long size =
                switch (type) {
                    case "S" -> {
                        expect(t, JsonToken.VALUE_STRING);
                        if (keyText != null) {
                            keyText[0] = p.getText();
                        }
                        yield utf8Length(p);
                    }
                    case "N" -> {
                        expect(t, JsonToken.VALUE_STRING);
                        if (keyText != null) {
                            keyText[0] = AttrValue.N.parse(p.getText()).text();
                        }
                        yield ItemSize.number(chars(p));
                    }
                    case "B" -> {
                        expect(t, JsonToken.VALUE_STRING);
                        if (keyText != null) {
                            keyText[0] = Base64.getEncoder()
                                    .encodeToString(Base64.getDecoder().decode(p.getText()));
                        }
                        yield base64Length(p);
                    }
                    case "BOOL", "NULL" -> {
                        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
                            throw new IllegalArgumentException(type + " takes true or false");
                        }
                        yield 1;
                    }
                    case "SS", "NS", "BS" -> {
                        expect(t, JsonToken.START_ARRAY);
                        long sum = 0;
                        while (p.nextToken() == JsonToken.VALUE_STRING) {
                            sum += type.equals("SS")
                                    ? utf8Length(p)
                                    : type.equals("NS") ? ItemSize.number(chars(p)) : base64Length(p);
                        }
                        expect(p.currentToken(), JsonToken.END_ARRAY);
                        yield sum;
                    }
                    case "L" -> {
                        expect(t, JsonToken.START_ARRAY);
                        long sum = 3;
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            sum += 1 + value(p, null);
                        }
                        expect(p.currentToken(), JsonToken.END_ARRAY);
                        yield sum;
                    }
                    case "M" -> {
                        expect(t, JsonToken.START_OBJECT);
                        Image m = image(p, null);
                        yield 3 + m.attributes + m.size;
                    }
                    default -> throw new IllegalArgumentException("unknown attribute type " + type);
                };
        expect(p.nextToken(), JsonToken.END_OBJECT);
        return size;
    }

    /** The UTF-8 length of the current string or field name, counted on the parser's characters. */
    private static long utf8Length(JsonParser p) throws IOException {
        return ItemSize.utf8Length(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
    }

    private static CharSequence chars(JsonParser p) throws IOException {
        return CharBuffer.wrap(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
    }

    /** The bytes a base64 text decodes to (standard alphabet, padded or not). */
    private static long base64Length(JsonParser p) throws IOException {
        char[] c = p.getTextCharacters();
        int off = p.getTextOffset();
        int n = p.getTextLength();
        int pad = 0;
        while (pad < 2 && n - pad > 0 && c[off + n - 1 - pad] == '=') {
            pad++;
        }
        return (long) n * 3 / 4 - pad;
    }

    private static void expect(JsonToken actual, JsonToken wanted) {
        if (actual != wanted) {
            throw new IllegalArgumentException("expected " + wanted + ", found " + actual);
        }
    }

    /**
     * Digests successful answers of calls carrying a {@link Sink}; every other answer passes untouched. DynamoDB's
     * {@code x-amz-crc32} is checked here, on the bytes as they came, and taken off the answer (the SDK would check it
     * against the digested body).
     */
    private static final class Interceptor implements ExecutionInterceptor {
        private static final String CRC32_HEADER = "x-amz-crc32";

        private static boolean digests(SdkHttpResponse response, ExecutionAttributes attributes) {
            return attributes.getAttribute(SINK) != null
                    && response.isSuccessful()
                    && response.firstMatchingHeader("Content-Encoding").isEmpty();
        }

        @Override
        public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
            SdkHttpResponse response = context.httpResponse();
            return digests(response, attributes)
                    ? response.toBuilder().removeHeader(CRC32_HEADER).build()
                    : response;
        }

        @Override
        public Optional<InputStream> modifyHttpResponseContent(
                Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
            Optional<InputStream> body = context.responseBody();
            if (body.isEmpty() || !digests(context.httpResponse(), attributes)) {
                return body;
            }
            Sink sink = attributes.getAttribute(SINK);
            byte[] bytes;
            try (InputStream in = body.get()) {
                bytes = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Optional<String> crc = context.httpResponse().firstMatchingHeader(CRC32_HEADER);
            if (crc.isPresent()) {
                CRC32 actual = new CRC32();
                actual.update(bytes);
                if (!crc.get().trim().equals(Long.toString(actual.getValue()))) {
                    throw Crc32MismatchException.builder()
                            .message("Expected " + crc.get() + " as the Crc32 checksum but the actual calculated"
                                    + " checksum was " + actual.getValue())
                            .build();
                }
            }
            try {
                sink.page = parse(bytes, sink.keyAttribute, sink.keyInKeys);
            } catch (IOException | RuntimeException notDigestible) {
                // Not the shape this reader knows: the SDK reads it (and says what is wrong with it).
                sink.page = null;
                return Optional.of(new ByteArrayInputStream(bytes));
            }
            return Optional.of(new ByteArrayInputStream(EMPTY_ANSWER));
        }
    }

    /** Asks for the digest on one GetRecords call. */
    static software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest.Builder ask(
            software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest.Builder request, Sink sink) {
        return request.overrideConfiguration(o -> o.putExecutionAttribute(SINK, sink));
    }
}
