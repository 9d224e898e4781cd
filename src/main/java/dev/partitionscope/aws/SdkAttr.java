package dev.partitionscope.aws;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Converts between the SDK's attribute values and core's {@link AttrValue}, both ways, losslessly. */
public final class SdkAttr {
    private SdkAttr() {
    }

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
            case BS -> new AttrValue.BS(v.bs().stream().map(b -> new AttrValue.B(b.asByteArray())).toList());
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
            return AttributeValue.fromNs(s.values().stream().map(AttrValue.N::text).toList());
        }
        if (v instanceof AttrValue.BS s) {
            return AttributeValue.fromBs(s.values().stream().map(b -> SdkBytes.fromByteArray(b.value())).toList());
        }
        if (v instanceof AttrValue.L l) {
            List<AttributeValue> out = new ArrayList<>();
            l.values().forEach(x -> out.add(toSdk(x)));
            return AttributeValue.fromL(out);
        }
        return AttributeValue.fromM(toSdk(((AttrValue.M) v).values()));
    }
}
