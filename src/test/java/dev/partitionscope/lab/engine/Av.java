package dev.partitionscope.lab.engine;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Short SDK attribute values and items for the Lab tests. */
final class Av {
    private Av() {}

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    static AttributeValue n(Object v) {
        return AttributeValue.fromN(v.toString());
    }

    static AttributeValue b(byte[] v) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(v));
    }

    static AttributeValue bool(boolean v) {
        return AttributeValue.fromBool(v);
    }

    static AttributeValue nul() {
        return AttributeValue.fromNul(true);
    }

    static AttributeValue ss(String... v) {
        return AttributeValue.fromSs(Arrays.asList(v));
    }

    static AttributeValue ns(Object... v) {
        return AttributeValue.fromNs(Arrays.stream(v).map(Object::toString).toList());
    }

    static AttributeValue l(AttributeValue... v) {
        return AttributeValue.fromL(Arrays.asList(v));
    }

    static AttributeValue m(Object... kv) {
        return AttributeValue.fromM(item(kv));
    }

    /** An item from alternating names and values. */
    static Map<String, AttributeValue> item(Object... kv) {
        if (kv.length % 2 != 0) {
            throw new IllegalArgumentException("name/value pairs expected");
        }
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], (AttributeValue) kv[i + 1]);
        }
        return m;
    }

    /** A string of exactly {@code n} ASCII bytes. */
    static String ascii(int n) {
        return "x".repeat(n);
    }

    static AttributeDefinition attr(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(type)
                .build();
    }

    static KeySchemaElement hash(String name) {
        return KeySchemaElement.builder()
                .attributeName(name)
                .keyType(KeyType.HASH)
                .build();
    }

    static KeySchemaElement range(String name) {
        return KeySchemaElement.builder()
                .attributeName(name)
                .keyType(KeyType.RANGE)
                .build();
    }

    static List<KeySchemaElement> keys(String hash, String range) {
        return range == null ? List.of(hash(hash)) : List.of(hash(hash), range(range));
    }

    static ProvisionedThroughput throughput(long read, long write) {
        return ProvisionedThroughput.builder()
                .readCapacityUnits(read)
                .writeCapacityUnits(write)
                .build();
    }
}
