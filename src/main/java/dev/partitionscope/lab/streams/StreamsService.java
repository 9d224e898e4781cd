package dev.partitionscope.lab.streams;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.DynamoJson;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.wire.LabException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The DynamoDB Streams API over a Lab's {@link StreamRegistry}: ListStreams, DescribeStream, GetShardIterator and
 * GetRecords, with the service's limits (iterators live 15 minutes of Lab time, GetRecords returns at most 1,000
 * records and 1 MB, at most two readers per shard at once) and its errors.
 */
public final class StreamsService {
    static final long ITERATOR_MILLIS = 15L * 60_000;
    static final int MAX_RECORD_BYTES = 1024 * 1024;
    static final int READERS_PER_SHARD = 2;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> ITERATOR_TYPES =
            List.of("TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER");

    private final StreamRegistry registry;

    public StreamsService(StreamRegistry registry) {
        this.registry = registry;
    }

    /**
     * Answers one call with its JSON body; throws {@link LabException} for every error. GetRecords is written straight
     * from the records to the bytes (a page is up to a megabyte of images; a tree of it cost as much as the rest).
     */
    public byte[] answer(String operation, JsonNode request) {
        try {
            return switch (operation) {
                case "ListStreams" -> MAPPER.writeValueAsBytes(listStreams(request));
                case "DescribeStream" -> MAPPER.writeValueAsBytes(describeStream(request));
                case "GetShardIterator" -> MAPPER.writeValueAsBytes(getShardIterator(request));
                case "GetRecords" -> getRecords(request);
                default -> throw LabException.coral("UnknownOperationException", null);
            };
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    // ListStreams

    private ObjectNode listStreams(JsonNode req) {
        Check c = new Check(req);
        String table = c.text("TableName", "tableName", 3, 255, false);
        if (table != null && !table.matches("[a-zA-Z0-9_.-]+")) {
            c.fail("tableName", table, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }
        Integer limit = c.integer("Limit", "limit", 100);
        String start = c.text("ExclusiveStartStreamArn", "exclusiveStartStreamArn", 37, 1024, false);
        c.done();
        List<LabStream> all = new ArrayList<>();
        for (LabStream s : registry.streams()) {
            if (table == null || s.tableName().equals(table)) {
                all.add(s);
            }
        }
        int from = 0;
        if (start != null) {
            from = -1;
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).arn().equals(start)) {
                    from = i + 1;
                }
            }
            if (from < 0) {
                throw notFound("Requested resource not found: Stream: " + start + " not found");
            }
        }
        int max = limit == null ? 100 : limit;
        ObjectNode out = F.objectNode();
        ArrayNode list = out.putArray("Streams");
        int i = from;
        for (; i < all.size() && list.size() < max; i++) {
            LabStream s = all.get(i);
            list.addObject()
                    .put("StreamArn", s.arn())
                    .put("TableName", s.tableName())
                    .put("StreamLabel", s.label());
        }
        if (i < all.size()) {
            out.put("LastEvaluatedStreamArn", all.get(i - 1).arn());
        }
        return out;
    }

    // DescribeStream

    private ObjectNode describeStream(JsonNode req) {
        Check c = new Check(req);
        String arn = c.text("StreamArn", "streamArn", 37, 1024, true);
        Integer limit = c.integer("Limit", "limit", 100);
        String startShard = c.text("ExclusiveStartShardId", "exclusiveStartShardId", 28, 65, false);
        JsonNode filter = req.get("ShardFilter");
        String childrenOf = null;
        if (filter != null && !filter.isNull()) {
            if (!filter.isObject()) {
                throw LabException.serialization(null);
            }
            Check f = new Check(filter);
            String type = f.text("Type", "shardFilter.type", 0, Integer.MAX_VALUE, false);
            if (type != null && !type.equals("CHILD_SHARDS")) {
                c.fail("shardFilter.type", type, "Member must satisfy enum value set: [CHILD_SHARDS]");
            }
            childrenOf = f.text("ShardId", "shardFilter.shardId", 28, 65, false);
            c.errors.addAll(f.errors);
        }
        c.done();
        LabStream s = stream(arn);
        long now = registry.clock().epochMillis();
        List<Shard> shards = s.shards(now);
        if (childrenOf != null) {
            String parent = childrenOf;
            shards = shards.stream().filter(x -> parent.equals(x.parentId)).toList();
        }
        int from = 0;
        if (startShard != null) {
            for (int i = 0; i < shards.size(); i++) {
                if (shards.get(i).id.equals(startShard)) {
                    from = i + 1;
                }
            }
        }
        int max = limit == null ? 100 : limit;
        ObjectNode d = F.objectNode();
        ObjectNode sd = d.putObject("StreamDescription");
        sd.put("StreamArn", s.arn()).put("StreamLabel", s.label());
        sd.put("StreamStatus", s.enabled() ? "ENABLED" : "DISABLED");
        sd.put("StreamViewType", s.viewType().name());
        sd.put("CreationRequestDateTime", s.createdMillis() / 1000.0);
        sd.put("TableName", s.tableName());
        ArrayNode keys = sd.putArray("KeySchema");
        for (String[] k : s.keySchema()) {
            keys.addObject().put("AttributeName", k[0]).put("KeyType", k[1]);
        }
        ArrayNode list = sd.putArray("Shards");
        int i = from;
        for (; i < shards.size() && list.size() < max; i++) {
            Shard sh = shards.get(i);
            ObjectNode o = list.addObject().put("ShardId", sh.id);
            ObjectNode range = o.putObject("SequenceNumberRange");
            range.put("StartingSequenceNumber", StreamRegistry.seqText(sh.startSeq));
            synchronized (s) {
                if (sh.closed()) {
                    range.put("EndingSequenceNumber", StreamRegistry.seqText(sh.endSeq()));
                }
            }
            if (sh.parentId != null) {
                o.put("ParentShardId", sh.parentId);
            }
        }
        if (i < shards.size()) {
            sd.put("LastEvaluatedShardId", shards.get(i - 1).id);
        }
        return d;
    }

    // GetShardIterator

    private ObjectNode getShardIterator(JsonNode req) {
        Check c = new Check(req);
        String arn = c.text("StreamArn", "streamArn", 37, 1024, true);
        String shardId = c.text("ShardId", "shardId", 28, 65, true);
        String type = c.text("ShardIteratorType", "shardIteratorType", 0, Integer.MAX_VALUE, true);
        if (type != null && !ITERATOR_TYPES.contains(type)) {
            c.fail(
                    "shardIteratorType",
                    type,
                    "Member must satisfy enum value set: [TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER,"
                            + " AFTER_SEQUENCE_NUMBER]");
        }
        String seqText = c.text("SequenceNumber", "sequenceNumber", 21, 40, false);
        c.done();
        boolean at = type.equals("AT_SEQUENCE_NUMBER") || type.equals("AFTER_SEQUENCE_NUMBER");
        if (at && seqText == null) {
            throw LabException.validation(
                    "Invalid Request: SequenceNumber must be specified when ShardIteratorType is " + type);
        }
        if (!at && seqText != null) {
            throw LabException.validation(
                    "Invalid Request: SequenceNumber must not be specified when" + " ShardIteratorType is " + type);
        }
        LabStream s = stream(arn);
        long now = registry.clock().epochMillis();
        Shard shard = s.shard(shardId, now);
        if (shard == null) {
            throw notFound("Requested resource not found: Shard does not exist");
        }
        long from;
        synchronized (s) {
            switch (type) {
                case "TRIM_HORIZON" -> from = Math.max(shard.startSeq + 1, shard.trimmedUpTo() + 1);
                case "LATEST" -> from = shard.closed() ? shard.endSeq() + 1 : s.latestSeq() + 1;
                default -> {
                    long n = StreamRegistry.seqValue(seqText);
                    long highest = shard.closed() ? shard.endSeq() : shard.lastSeq();
                    if (n < shard.startSeq || n > highest) {
                        throw LabException.validation("Invalid SequenceNumber " + seqText + " for shard " + shardId
                                + ": it is not in the shard's range");
                    }
                    if (n <= shard.trimmedUpTo()) {
                        throw trimmed();
                    }
                    from = type.equals("AT_SEQUENCE_NUMBER") ? n : n + 1;
                }
            }
        }
        return F.objectNode().put("ShardIterator", Iterator.of(s.arn(), shardId, from, now));
    }

    // GetRecords

    private byte[] getRecords(JsonNode req) throws IOException {
        Check c = new Check(req);
        String text = c.text("ShardIterator", "shardIterator", 1, 2048, true);
        Integer limit = c.integer("Limit", "limit", 1000);
        c.done();
        Iterator it = Iterator.parse(text);
        long now = registry.clock().epochMillis();
        if (now - it.issuedMillis() > ITERATOR_MILLIS) {
            throw new LabException(
                    "ExpiredIteratorException",
                    "Iterator expired. The iterator was created at time "
                            + java.time.Instant.ofEpochMilli(it.issuedMillis()) + " while right now it is "
                            + java.time.Instant.ofEpochMilli(now)
                            + " which is further in the future than the tolerated delay"
                            + " of " + ITERATOR_MILLIS + " milliseconds.");
        }
        LabStream s = registry.stream(it.arn());
        if (s == null) {
            throw notFound("Requested resource not found: Stream: " + it.arn() + " not found");
        }
        Shard shard = s.shard(it.shardId(), now);
        if (shard == null) {
            throw notFound("Requested resource not found: Shard does not exist");
        }
        if (shard.readers.incrementAndGet() > READERS_PER_SHARD) {
            shard.readers.decrementAndGet();
            throw LabException.limitExceeded("Rate exceeded for shard " + shard.id + " in stream " + s.arn()
                    + ": no more than " + READERS_PER_SHARD + " processes should be reading from the same streams"
                    + " shard at the same time");
        }
        try {
            registry.duringGetRecords.run();
            return read(s, shard, it, limit == null ? 1000 : limit, now);
        } finally {
            shard.readers.decrementAndGet();
        }
    }

    private byte[] read(LabStream s, Shard shard, Iterator it, int limit, long now) throws IOException {
        List<StreamRecord> records;
        boolean closed;
        synchronized (s) {
            if (it.from() <= shard.trimmedUpTo()) {
                throw trimmed();
            }
            records = s.read(shard, it.from(), limit + 1); // one more: whether anything is left after this page
            closed = shard.closed();
        }
        ByteArrayBuilder out = new ByteArrayBuilder(16 * 1024);
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            g.writeStartObject();
            g.writeArrayFieldStart("Records");
            long bytes = 0;
            long next = it.from();
            int taken = 0;
            for (; taken < Math.min(limit, records.size()); taken++) {
                StreamRecord r = records.get(taken);
                long size = size(s, r);
                if (taken > 0 && bytes + size > MAX_RECORD_BYTES) {
                    break;
                }
                bytes += size;
                write(g, s, r, size);
                next = r.seq + 1;
            }
            g.writeEndArray();
            // A closed shard read to its end has no next iterator; an open one always has (records may still come).
            if (!closed || taken < records.size()) {
                g.writeStringField("NextShardIterator", Iterator.of(s.arn(), shard.id, next, now));
            }
            g.writeEndObject();
        }
        return out.toByteArray();
    }

    /** The image that carries a record's keys when it has no {@code keys} of its own. */
    private static Map<String, AttrValue> keyImage(StreamRecord r) {
        return r.newImage != null ? r.newImage : r.oldImage;
    }

    /** The size of a record's {@code Keys}: its key attributes' names and values. */
    private static long keysSize(LabStream s, StreamRecord r) {
        if (r.keys != null) {
            return ItemSize.of(r.keys);
        }
        Map<String, AttrValue> image = keyImage(r);
        long size = ItemSize.utf8Length(s.partitionKey()) + ItemSize.of(image.get(s.partitionKey()));
        AttrValue sort = s.sortKey() == null ? null : image.get(s.sortKey());
        return sort == null ? size : size + ItemSize.utf8Length(s.sortKey()) + ItemSize.of(sort);
    }

    /** Writes a record's {@code Keys} (from its image when it has none of its own: no map made per record). */
    private static void writeKeys(JsonGenerator g, LabStream s, StreamRecord r) throws IOException {
        if (r.keys != null) {
            DynamoJson.write(g, r.keys);
            return;
        }
        Map<String, AttrValue> image = keyImage(r);
        g.writeStartObject();
        g.writeFieldName(s.partitionKey());
        DynamoJson.write(g, image.get(s.partitionKey()));
        AttrValue sort = s.sortKey() == null ? null : image.get(s.sortKey());
        if (sort != null) {
            g.writeFieldName(s.sortKey());
            DynamoJson.write(g, sort);
        }
        g.writeEndObject();
    }

    /**
     * The record's size as DynamoDB counts it: its keys and the images it carries. Counted at its first read and kept
     * (records are immutable; a second reader may count it again, to the same value).
     */
    private long size(LabStream s, StreamRecord r) {
        if (r.size != 0) {
            return r.size;
        }
        long size = keysSize(s, r);
        if (r.newImage != null && r.event != StreamRecord.REMOVE) {
            size += ItemSize.of(r.newImage);
        }
        if (r.oldImage != null && r.event != StreamRecord.INSERT) {
            size += ItemSize.of(r.oldImage);
        }
        r.size = (int) Math.min(Integer.MAX_VALUE, Math.max(1, size));
        return r.size;
    }

    private void write(JsonGenerator g, LabStream s, StreamRecord r, long size) throws IOException {
        long id = StreamRegistry.mix(r.seq ^ ((long) s.arn().hashCode() << 32));
        g.writeStartObject();
        g.writeStringField("eventID", hex16(id) + hex16(StreamRegistry.mix(id)));
        g.writeStringField("eventName", r.eventName());
        g.writeStringField("eventVersion", "1.1");
        g.writeStringField("eventSource", "aws:dynamodb");
        g.writeStringField("awsRegion", registry.region());
        g.writeObjectFieldStart("dynamodb");
        g.writeNumberField("ApproximateCreationDateTime", r.millis / 1000);
        g.writeFieldName("Keys");
        writeKeys(g, s, r);
        if (r.newImage != null && r.event != StreamRecord.REMOVE) {
            g.writeFieldName("NewImage");
            DynamoJson.write(g, r.newImage);
        }
        if (r.oldImage != null && r.event != StreamRecord.INSERT) {
            g.writeFieldName("OldImage");
            DynamoJson.write(g, r.oldImage);
        }
        g.writeStringField("SequenceNumber", StreamRegistry.seqText(r.seq));
        g.writeNumberField("SizeBytes", size);
        g.writeStringField("StreamViewType", s.viewType().name());
        g.writeEndObject();
        if (r.ttl) {
            g.writeObjectFieldStart("userIdentity");
            g.writeStringField("Type", "Service");
            g.writeStringField("PrincipalId", "dynamodb.amazonaws.com");
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /** 16 lower-case hex digits, zero-padded, as {@code %016x} writes them. */
    static String hex16(long v) {
        char[] c = new char[16];
        for (int i = 15; i >= 0; i--) {
            c[i] = Character.forDigit((int) (v & 0xF), 16);
            v >>>= 4;
        }
        return new String(c);
    }

    // Helpers

    private LabStream stream(String arn) {
        LabStream s = registry.stream(arn);
        if (s == null) {
            throw notFound("Requested resource not found: Stream: " + arn + " not found");
        }
        return s;
    }

    private static LabException notFound(String message) {
        return LabException.notFound(message);
    }

    private static LabException trimmed() {
        return new LabException(
                "TrimmedDataAccessException",
                "The operation attempted to read past the oldest stream record in a shard: the records it asks for"
                        + " are older than the stream's 24 hours of retention and have been trimmed");
    }

    /** A shard iterator: where to read from, and when it was handed out. Opaque to clients. */
    record Iterator(String arn, String shardId, long from, long issuedMillis) {
        static String of(String arn, String shardId, long from, long issuedMillis) {
            String plain = arn + "|" + shardId + "|" + from + "|" + issuedMillis;
            return arn + "|1|" + Base64.getEncoder().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
        }

        static Iterator parse(String text) {
            int bar = text.lastIndexOf('|');
            try {
                String plain = new String(Base64.getDecoder().decode(text.substring(bar + 1)), StandardCharsets.UTF_8);
                String[] p = plain.split("\\|", -1);
                if (bar > 0 && p.length == 4) {
                    return new Iterator(p[0], p[1], Long.parseLong(p[2]), Long.parseLong(p[3]));
                }
            } catch (IllegalArgumentException e) {
                // not one of the Lab's iterators
            }
            throw LabException.validation("Invalid ShardIterator");
        }
    }

    /** Collects the validation errors of a request, DynamoDB's way ("N validation errors detected: ..."). */
    private static final class Check {
        private final JsonNode req;
        final List<String> errors = new ArrayList<>();

        Check(JsonNode req) {
            this.req = req;
        }

        String text(String member, String wire, int min, int max, boolean required) {
            JsonNode v = req.get(member);
            if (v == null || v.isNull()) {
                if (required) {
                    errors.add("Value null at '" + wire + "' failed to satisfy constraint: Member must not be null");
                }
                return null;
            }
            if (!v.isTextual()) {
                throw LabException.serialization(null);
            }
            String s = v.asText();
            if (s.length() < min) {
                fail(wire, s, "Member must have length greater than or equal to " + min);
            } else if (s.length() > max) {
                fail(wire, s, "Member must have length less than or equal to " + max);
            }
            return s;
        }

        Integer integer(String member, String wire, int max) {
            JsonNode v = req.get(member);
            if (v == null || v.isNull()) {
                return null;
            }
            if (!v.isIntegralNumber() || !v.canConvertToInt()) {
                throw LabException.serialization(null);
            }
            int n = v.intValue();
            if (n < 1) {
                fail(wire, Integer.toString(n), "Member must have value greater than or equal to 1");
            } else if (n > max) {
                fail(wire, Integer.toString(n), "Member must have value less than or equal to " + max);
            }
            return n;
        }

        void fail(String wire, String value, String constraint) {
            errors.add("Value '" + value + "' at '" + wire + "' failed to satisfy constraint: " + constraint);
        }

        void done() {
            if (!errors.isEmpty()) {
                throw LabException.validation(errors.size()
                        + (errors.size() == 1 ? " validation error detected: " : " validation errors detected: ")
                        + String.join("; ", errors));
            }
        }
    }
}
