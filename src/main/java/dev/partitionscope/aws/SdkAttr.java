package dev.partitionscope.aws;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts between the SDK's attribute values and core's {@link AttrValue}, both ways, losslessly; and measures SDK
 * items as {@link ItemSize} does, without the conversion, for readers that see every item of a table once.
 */
public final class SdkAttr {
    private SdkAttr() {}

    public static Map<String, AttrValue> toCore(Map<String, AttributeValue> item) {
        Map<String, AttrValue> out = new LinkedHashMap<>();
        item.forEach((k, v) -> out.put(k, toCore(v)));
        return out;
    }

    public static AttrValue toCore(AttributeValue v) {
        return switch (v.type()) {
            case S -> AttrValue.s(v.s());
            case N -> AttrValue.N.parse(v.n());
            case B -> new AttrValue.B(v.b().asByteArray());
            case BOOL -> v.bool() ? AttrValue.Bool.TRUE : AttrValue.Bool.FALSE;
            case NUL -> AttrValue.Null.INSTANCE;
            case SS -> new AttrValue.SS(v.ss());
            case NS -> new AttrValue.NS(v.ns().stream().map(AttrValue.N::parse).toList());
            case BS ->
                new AttrValue.BS(v.bs().stream()
                        .map(b -> new AttrValue.B(b.asByteArray()))
                        .toList());
            case L -> new AttrValue.L(v.l().stream().map(SdkAttr::toCore).toList());
            case M -> new AttrValue.M(toCore(v.m()));
            case UNKNOWN_TO_SDK_VERSION -> throw new IllegalArgumentException("unknown attribute type: " + v);
        };
    }

    public static Map<String, AttributeValue> toSdk(Map<String, AttrValue> item) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        item.forEach((k, v) -> out.put(k, toSdk(v)));
        return out;
    }

    public static AttributeValue toSdk(AttrValue v) {
        if (v instanceof AttrValue.S s) {
            return AttributeValue.fromS(s.value());
        }
        if (v instanceof AttrValue.N n) {
            return AttributeValue.fromN(n.text());
        }
        if (v instanceof AttrValue.B b) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(b.value()));
        }
        if (v instanceof AttrValue.Bool b) {
            return AttributeValue.fromBool(b.value());
        }
        if (v instanceof AttrValue.Null) {
            return AttributeValue.fromNul(true);
        }
        if (v instanceof AttrValue.SS s) {
            return AttributeValue.fromSs(s.values());
        }
        if (v instanceof AttrValue.NS s) {
            return AttributeValue.fromNs(
                    s.values().stream().map(AttrValue.N::text).toList());
        }
        if (v instanceof AttrValue.BS s) {
            return AttributeValue.fromBs(s.values().stream()
                    .map(b -> SdkBytes.fromByteArray(b.value()))
                    .toList());
        }
        if (v instanceof AttrValue.L l) {
            List<AttributeValue> out = new ArrayList<>();
            l.values().forEach(x -> out.add(toSdk(x)));
            return AttributeValue.fromL(out);
        }
        return AttributeValue.fromM(toSdk(((AttrValue.M) v).values()));
    }

    /**
     * DynamoDB's size of an SDK item, equal to {@code ItemSize.of(toCore(item))} (the same rules, and the same
     * helpers for UTF-8 and numbers) but without building core values for every attribute: a table audit sizes
     * every item it scans and keeps none.
     */
    public static long itemSize(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            size += ItemSize.utf8Length(e.getKey()) + size(e.getValue());
        }
        return size;
    }

    /** DynamoDB's size of one SDK value (see {@link ItemSize#of(AttrValue)} for the rules). */
    public static long size(AttributeValue v) {
        return switch (v.type()) {
            case S -> ItemSize.utf8Length(v.s());
            case N -> ItemSize.number(v.n());
            case B -> v.b().asByteBuffer().remaining();
            case BOOL, NUL -> 1;
            case SS -> v.ss().stream().mapToLong(ItemSize::utf8Length).sum();
            case NS -> v.ns().stream().mapToLong(ItemSize::number).sum();
            case BS ->
                v.bs().stream().mapToLong(b -> b.asByteBuffer().remaining()).sum();
            case L -> 3 + v.l().stream().mapToLong(x -> 1 + size(x)).sum();
            case M -> 3 + v.m().size() + itemSize(v.m());
            case UNKNOWN_TO_SDK_VERSION -> throw new IllegalArgumentException("unknown attribute type: " + v);
        };
    }

    /**
     * A key value as plain text, the way Contributor Insights and the Lab's meter show keys: a string as is, a number
     * in DynamoDB's canonical text, binary as base64; null for a missing value.
     */
    public static String keyString(AttributeValue v) {
        if (v == null) {
            return null;
        }
        return switch (v.type()) {
            case S -> v.s();
            case N -> AttrValue.N.parse(v.n()).text();
            case B -> java.util.Base64.getEncoder().encodeToString(v.b().asByteArrayUnsafe());
            default -> throw new IllegalArgumentException("a key is S, N or B, not " + v.type());
        };
    }
}
