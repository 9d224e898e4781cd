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
            for (int i = 0; i < members.size(); i++) {
                Member m = members.get(i);
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
     * errors detected". What every request asks of a member (its flags, its name in error paths, whether anything
     * below it is constrained) is worked out once, here, not per request.
     */
    final class Member {
        private final String name;
        private final Shape shape;
        private final List<Constraint> constraints;
        private final boolean required;
        private final boolean tableName;
        private final String pathName;
        private final boolean checked;
        private final boolean attributeValues;

        public Member(String name, Shape shape, List<Constraint> constraints) {
            this.name = name;
            this.shape = shape;
            this.constraints = constraints;
            this.required = scan(constraints, Constraint.Kind.REQUIRED);
            this.tableName = scan(constraints, Constraint.Kind.TABLE_NAME);
            this.pathName =
                    name == null || name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
            this.checked = !constraints.isEmpty() || walked(shape);
            this.attributeValues = attributeValues(shape);
        }

        public String name() {
            return name;
        }

        public Shape shape() {
            return shape;
        }

        public List<Constraint> constraints() {
            return constraints;
        }

        public boolean has(Constraint.Kind kind) {
            return switch (kind) {
                case REQUIRED -> required;
                case TABLE_NAME -> tableName;
                default -> scan(constraints, kind);
            };
        }

        /** The name as the constraint messages' paths spell it (lower camel case). */
        String pathName() {
            return pathName;
        }

        /**
         * Whether {@link ConstraintCheck} has anything to check at or below this member: a constraint of its own, a
         * list or map (whose null elements are errors), or a structure with such a member. An AttributeValue or a
         * plain scalar without constraints has nothing.
         */
        boolean checked() {
            return checked;
        }

        /**
         * Whether the member holds attribute values only (an AttributeValue, or lists and maps of them: Item, Key,
         * AttributeValueList …), which {@link TypeCheck} may pass on as the request wrote them when nothing changes.
         */
        boolean attributeValues() {
            return attributeValues;
        }

        /** The same member under another name (a shared definition used in several places). */
        public Member as(String newName) {
            return new Member(newName, shape, constraints);
        }

        private static boolean scan(List<Constraint> constraints, Constraint.Kind kind) {
            for (int i = 0; i < constraints.size(); i++) {
                if (constraints.get(i).kind() == kind) {
                    return true;
                }
            }
            return false;
        }

        private static boolean walked(Shape shape) {
            if (shape instanceof ListShape || shape instanceof MapShape) {
                return true;
            }
            if (shape instanceof StructShape s) {
                for (int i = 0; i < s.members().size(); i++) {
                    if (s.members().get(i).checked()) {
                        return true;
                    }
                }
            }
            return false;
        }

        private static boolean attributeValues(Shape shape) {
            if (shape instanceof AttrShape) {
                return true;
            }
            if (shape instanceof ListShape l) {
                return l.element().attributeValues();
            }
            if (shape instanceof MapShape m) {
                return m.value().attributeValues();
            }
            return false;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Member m
                    && java.util.Objects.equals(name, m.name)
                    && shape.equals(m.shape)
                    && constraints.equals(m.constraints);
        }

        @Override
        public int hashCode() {
            return (java.util.Objects.hashCode(name) * 31 + shape.hashCode()) * 31 + constraints.hashCode();
        }

        @Override
        public String toString() {
            return "Member[name=" + name + ", shape=" + shape + ", constraints=" + constraints + "]";
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
