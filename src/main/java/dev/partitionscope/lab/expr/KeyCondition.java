package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A Query's KeyConditionExpression, checked against the key schema of the table or index being queried and reduced
 * to what the engine needs to read one partition: the partition key value, and optionally a {@link SortKeyCondition}
 * describing the sort-key range. Condition order and operand order are free ({@code :v = pk} is fine), as in DynamoDB.
 */
public final class KeyCondition {
    private final String partitionKeyName;
    private final AttrValue partitionValue;
    private final SortKeyCondition sortKey;

    private KeyCondition(String partitionKeyName, AttrValue partitionValue, SortKeyCondition sortKey) {
        this.partitionKeyName = partitionKeyName;
        this.partitionValue = partitionValue;
        this.sortKey = sortKey;
    }

    /**
     * Parses and validates. Syntax and placeholder problems read "Invalid KeyConditionExpression: …"; shape problems
     * (OR, NOT, a non-key attribute, a wrong value type) use DynamoDB's own, unprefixed wording.
     */
    public static KeyCondition parse(String expression, ExpressionContext ctx, KeySchema schema) {
        Map<String, Comparison> conditions = parseRaw(expression, ctx).conditions();
        if (conditions.size() > 2) {
            throw new ExpressionException("Conditions can be of length 1 or 2 only");
        }
        KeyAttribute hash = schema.partitionKey();
        KeyAttribute range = schema.sortKey();
        if (range == null && conditions.size() > 1) {
            throw new ExpressionException("Query key condition not supported");
        }
        Comparison hashCondition = conditions.get(hash.name());
        if (hashCondition == null) {
            throw new ExpressionException("Query condition missed key schema element: " + hash.name());
        }
        checkTypes(hashCondition, hash);
        if (hashCondition.operator() != Comparison.Operator.EQ) {
            throw new ExpressionException("Query key condition not supported");
        }
        Comparison rangeCondition = range == null ? null : conditions.get(range.name());
        if (rangeCondition == null && conditions.size() > 1) {
            throw new ExpressionException("Query condition missed key schema element: " + range.name());
        }
        if (rangeCondition != null) {
            checkTypes(rangeCondition, range);
        }
        return of(
                hash.name(),
                hashCondition.values().get(0),
                rangeCondition == null ? null : rangeCondition.toSortKeyCondition());
    }

    /** A key condition already checked against the schema: the partition value and an optional sort-key range. */
    public static KeyCondition of(String partitionKeyName, AttrValue partitionValue, SortKeyCondition sortKey) {
        return new KeyCondition(partitionKeyName, partitionValue, sortKey);
    }

    /**
     * A KeyConditionExpression parsed as a condition (every check of a ConditionExpression applies), not yet reduced
     * to key conditions: DynamoDB parses all expressions of a request and checks its placeholders before it looks at
     * the shape of the key condition.
     */
    public static final class Raw {
        private final CondNode root;

        private Raw(CondNode root) {
            this.root = root;
        }

        /**
         * One condition per attribute, in DynamoDB's KeyConditions form ({@code :v < sk} becomes {@code GT} on sk);
         * refuses what a key condition cannot hold (OR, NOT, IN, {@code <>}, functions other than begins_with,
         * nested paths, two conditions on one key) with DynamoDB's unprefixed messages.
         */
        public Map<String, Comparison> conditions() {
            Map<String, Comparison> out = new LinkedHashMap<>();
            collect(root, out);
            return out;
        }
    }

    /** Parses a KeyConditionExpression; errors read "Invalid KeyConditionExpression: …". */
    public static Raw parseRaw(String expression, ExpressionContext ctx) {
        Objects.requireNonNull(expression, "expression");
        return new Raw(ConditionParser.parse(expression, ctx, "KeyConditionExpression").root);
    }

    private static void checkTypes(Comparison condition, KeyAttribute key) {
        for (AttrValue v : condition.values()) {
            if (!v.type().name().equals(key.type().name())) {
                throw new ExpressionException("One or more parameter values were invalid: "
                        + "Condition parameter type does not match schema type");
            }
        }
    }

    /** Flattens the AND tree into one condition per attribute, refusing what a key condition cannot hold. */
    private static void collect(CondNode node, Map<String, Comparison> out) {
        Operand[] operands;
        Comparison.Operator op;
        if (node instanceof CondNode.And and) {
            collect(and.left, out);
            collect(and.right, out);
            return;
        } else if (node instanceof CondNode.Or) {
            throw invalidOperator("OR");
        } else if (node instanceof CondNode.Not) {
            throw invalidOperator("NOT");
        } else if (node instanceof CondNode.In) {
            throw invalidOperator("IN");
        } else if (node instanceof CondNode.Compare compare) {
            if (compare.op == Lexer.NE) {
                throw invalidOperator("<>");
            }
            operands = new Operand[] {compare.left, compare.right};
            op = operator(compare.op);
        } else if (node instanceof CondNode.Between between) {
            if (!(between.value instanceof Operand.Path)) {
                throw keyFirst("BETWEEN");
            }
            operands = new Operand[] {between.value, between.lower, between.upper};
            op = Comparison.Operator.BETWEEN;
        } else {
            ConditionFunction f = (ConditionFunction) node;
            if (f.fn != ConditionFunction.Fn.BEGINS_WITH) {
                throw invalidOperator(f.name);
            }
            if (!(f.args[0] instanceof Operand.Path)) {
                throw keyFirst(f.name);
            }
            operands = f.args;
            op = Comparison.Operator.BEGINS_WITH;
        }
        leaf(operands, op, out);
    }

    private static void leaf(Operand[] operands, Comparison.Operator op, Map<String, Comparison> out) {
        String attribute = null;
        int attributeIndex = 0;
        List<AttrValue> values = new ArrayList<>(2);
        for (int i = 0; i < operands.length; i++) {
            Operand operand = operands[i];
            if (operand instanceof Operand.Path path) {
                if (attribute != null) {
                    throw invalidCondition("Multiple attribute names used in one condition");
                }
                if (path.path.isNested()) {
                    throw new ExpressionException(
                            "KeyConditionExpressions cannot have conditions on nested attributes");
                }
                attribute = path.path.head();
                attributeIndex = i;
            } else if (operand instanceof ConditionFunction) {
                throw new ExpressionException("KeyConditionExpressions cannot contain nested operations");
            } else {
                values.add(((Operand.Value) operand).value);
            }
        }
        if (attribute == null) {
            throw invalidCondition("No key attribute specified");
        }
        if (out.containsKey(attribute)) {
            throw new ExpressionException("KeyConditionExpressions must only contain one condition per key");
        }
        if (attributeIndex != 0) {
            op = mirrored(op); // ":v < sk" means "sk > :v"
        }
        out.put(attribute, new Comparison(attribute, op, values));
    }

    private static Comparison.Operator operator(int comparator) {
        return switch (comparator) {
            case Lexer.EQ -> Comparison.Operator.EQ;
            case Lexer.LT -> Comparison.Operator.LT;
            case Lexer.LE -> Comparison.Operator.LE;
            case Lexer.GT -> Comparison.Operator.GT;
            case Lexer.GE -> Comparison.Operator.GE;
            default -> throw new IllegalStateException("comparator " + comparator);
        };
    }

    private static Comparison.Operator mirrored(Comparison.Operator op) {
        return switch (op) {
            case LT -> Comparison.Operator.GT;
            case LE -> Comparison.Operator.GE;
            case GT -> Comparison.Operator.LT;
            case GE -> Comparison.Operator.LE;
            default -> op;
        };
    }

    private static ExpressionException invalidOperator(String operator) {
        return new ExpressionException("Invalid operator used in KeyConditionExpression: " + operator);
    }

    private static ExpressionException keyFirst(String operator) {
        return invalidCondition(operator + " operator must have the key attribute as its first operand");
    }

    private static ExpressionException invalidCondition(String detail) {
        return new ExpressionException("Invalid condition in KeyConditionExpression: " + detail);
    }

    public String partitionKeyName() {
        return partitionKeyName;
    }

    public AttrValue partitionValue() {
        return partitionValue;
    }

    /** The sort-key condition, when the expression has one. */
    public Optional<SortKeyCondition> sortKey() {
        return Optional.ofNullable(sortKey);
    }

    /** Whether an item (of the queried table or index) satisfies the whole key condition. */
    public boolean matches(Map<String, AttrValue> item) {
        if (!Values.equal(item.get(partitionKeyName), partitionValue)) {
            return false;
        }
        return sortKey == null || sortKey.matches(item.get(sortKey.attributeName()));
    }
}
