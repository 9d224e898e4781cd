package dev.partitionscope.core.table;

/** DynamoDB scalar attribute types that can be part of a key. */
public enum KeyType {
    S("String"),
    N("Number"),
    B("Binary");

    private final String label;

    KeyType(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Parses the wire form ("S", "N", "B"); anything else is reported, not guessed. */
    public static KeyType fromWire(String wire) {
        for (KeyType t : values()) {
            if (t.name().equals(wire)) {
                return t;
            }
        }
        throw new IllegalArgumentException("Unknown key attribute type '" + wire + "' (expected S, N or B)");
    }
}
