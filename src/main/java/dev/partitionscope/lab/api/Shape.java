package dev.partitionscope.lab.api;

import java.util.ArrayList;
import java.util.List;

/**
 * The type of one request member as DynamoDB's JSON deserializer sees it. DynamoDB answers a value of the wrong JSON
 * type with a SerializationException whose wording depends on the Java type behind the member (a {@code Boolean}, a
 * {@code Map<String, AttributeValue>}, a "value" or a "field" structure, …), so the shapes keep those distinctions;
 * {@link TypeCheck} walks a request against them.
 */
public sealed interface Shape {

    /** The scalar types: each has its own conversion messages. */
    enum Scalar {
        STRING,
        BOOLEAN,
        INTEGER,
        LONG,
        DOUBLE,
        BLOB
    }

    record ScalarShape(Scalar kind) implements Shape {}

    /**
     * A list. {@code parameterized}: a list whose element type is itself generic (BatchWriteItem's per-table list),
     * which DynamoDB's deserializer reports with a class-cast message.
     */
    record ListShape(Member element, boolean parameterized) implements Shape {}

    /**
     * A map from strings. {@code valueClass} names the value type in "Unrecognized collection type
     * java.util.Map&lt;java.lang.String, …&gt;"; {@code parameterized} as for lists.
     */
    record MapShape(Member value, String valueClass, boolean parameterized) implements Shape {}

    /**
     * A structure. A "value" structure (a member of a list or map) and a "field" structure (a member of another
     * structure) have different messages for a scalar in their place.
     */
    record StructShape(String className, boolean field, List<Member> members) implements Shape {
        public Member member(String name) {
            for (Member m : members) {
                if (m.name().equals(name)) {
                    return m;
                }
            }
            return null;
        }
    }

    /** An AttributeValue ({@code {"S": "x"}} …), in a value position (list, map) or a field position. */
    record AttrShape(boolean field) implements Shape {}

    /**
     * A member: its name, shape and constraints, checked in declaration order as DynamoDB lists its "validation
     * errors detected".
     */
    record Member(String name, Shape shape, List<Constraint> constraints) {
        public boolean has(Constraint.Kind kind) {
            // A loop, not a stream: asked twice per member of every request (a stream was 6 % of a PutItem's CPU).
            for (Constraint c : constraints) {
                if (c.kind() == kind) {
                    return true;
                }
            }
            return false;
        }

        /** The same member under another name (a shared definition used in several places). */
        public Member as(String newName) {
            return new Member(newName, shape, constraints);
        }
    }

    /**
     * One constraint of the service model. {@code REQUIRED} and {@code TABLE_NAME} are the two checks DynamoDB makes
     * before all others on its table-level operations, each with its own message.
     */
    record Constraint(Kind kind, Object arg) {
        public enum Kind {
            REQUIRED,
            TABLE_NAME,
            NOT_NULL,
            NOT_NULL_UNLESS,
            PATTERN,
            MIN_LENGTH,
            MAX_LENGTH,
            MIN,
            MAX,
            ENUM,
            KEYS,
            VALUES
        }
    }

    // A small builder DSL: str().notNull().pattern("[a-z]+") …

    static Builder str() {
        return new Builder(new ScalarShape(Scalar.STRING));
    }

    static Builder bool() {
        return new Builder(new ScalarShape(Scalar.BOOLEAN));
    }

    static Builder integer() {
        return new Builder(new ScalarShape(Scalar.INTEGER));
    }

    static Builder longValue() {
        return new Builder(new ScalarShape(Scalar.LONG));
    }

    static Builder doubleValue() {
        return new Builder(new ScalarShape(Scalar.DOUBLE));
    }

    static Builder blob() {
        return new Builder(new ScalarShape(Scalar.BLOB));
    }

    static Builder listOf(Builder element) {
        return new Builder(new ListShape(element.as("member"), false));
    }

    static Builder parameterizedListOf(Builder element) {
        return new Builder(new ListShape(element.as("member"), true));
    }

    /** A map whose values are the element; {@code valueClass} as DynamoDB names it (e.g. "AttributeValue"). */
    static Builder mapOf(String valueClass, Builder element) {
        return new Builder(new MapShape(element.as("member"), valueClass, false));
    }

    static Builder parameterizedMapOf(Builder element) {
        return new Builder(new MapShape(element.as("member"), "AttributeValue", true));
    }

    /** {@code Map<String, AttributeValue>}: items, keys, expression values. */
    static Builder attributeMap() {
        return mapOf("AttributeValue", attr());
    }

    static Builder attr() {
        return new Builder(new AttrShape(false));
    }

    static Builder fieldAttr() {
        return new Builder(new AttrShape(true));
    }

    /** A structure in a list or map. */
    static Builder struct(String className, Builder... members) {
        return new Builder(new StructShape(className, false, named(members)));
    }

    /** A structure as a member of another structure. */
    static Builder field(String className, Builder... members) {
        return new Builder(new StructShape(className, true, named(members)));
    }

    /** The top-level request structure. */
    static StructShape request(Builder... members) {
        return new StructShape("Request", true, named(members));
    }

    private static List<Member> named(Builder... members) {
        List<Member> out = new ArrayList<>(members.length);
        for (Builder b : members) {
            if (b.name == null) {
                throw new IllegalArgumentException("structure member without a name: " + b.shape);
            }
            out.add(b.build());
        }
        return List.copyOf(out);
    }

    /** Builds a {@link Member}; constraints keep the order they are added in. */
    final class Builder {
        private final Shape shape;
        private final List<Constraint> constraints = new ArrayList<>();
        private String name;

        Builder(Shape shape) {
            this.shape = shape;
        }

        private Builder(Shape shape, List<Constraint> constraints, String name) {
            this.shape = shape;
            this.constraints.addAll(constraints);
            this.name = name;
        }

        /** A copy under a member name (builders are shared between operations, so never renamed in place). */
        public Builder named(String memberName) {
            return new Builder(shape, constraints, memberName);
        }

        private Builder with(Constraint.Kind kind, Object arg) {
            Builder b = new Builder(shape, constraints, name);
            b.constraints.add(new Constraint(kind, arg));
            return b;
        }

        public Builder required() {
            return with(Constraint.Kind.REQUIRED, null);
        }

        public Builder tableName() {
            return with(Constraint.Kind.TABLE_NAME, null);
        }

        public Builder notNull() {
            return with(Constraint.Kind.NOT_NULL, null);
        }

        /** Not null unless one of the named sibling members is present. */
        public Builder notNullUnless(String... siblings) {
            return with(Constraint.Kind.NOT_NULL_UNLESS, List.of(siblings));
        }

        public Builder pattern(String regex) {
            return with(Constraint.Kind.PATTERN, regex);
        }

        public Builder minLength(int n) {
            return with(Constraint.Kind.MIN_LENGTH, (long) n);
        }

        public Builder maxLength(int n) {
            return with(Constraint.Kind.MAX_LENGTH, (long) n);
        }

        public Builder min(long n) {
            return with(Constraint.Kind.MIN, n);
        }

        public Builder max(long n) {
            return with(Constraint.Kind.MAX, n);
        }

        /** The allowed values, in the order DynamoDB lists them in its message. */
        public Builder oneOf(String... values) {
            return with(Constraint.Kind.ENUM, List.of(values));
        }

        /** Constraints every map key must meet (checked together, reported as "Map keys must satisfy …"). */
        public Builder keys(Builder keyRules) {
            return with(Constraint.Kind.KEYS, List.copyOf(keyRules.constraints));
        }

        /** Constraints on every map value's length ("Map value must satisfy …"). */
        public Builder values(Builder valueRules) {
            return with(Constraint.Kind.VALUES, List.copyOf(valueRules.constraints));
        }

        Member as(String memberName) {
            return new Member(memberName, shape, List.copyOf(constraints));
        }

        Member build() {
            return as(name);
        }

        /** Constraints only (for {@link #keys} and {@link #values}). */
        static Builder rules() {
            return new Builder(new ScalarShape(Scalar.STRING));
        }
    }
}
