package dev.partitionscope.lab.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * One DynamoDB operation's input as the Lab serves it: its members (types and constraints, in DynamoDB's checking
 * order), the semantic checks DynamoDB makes before it looks at any table, and what the Lab does with each member the
 * service model defines — so that no member is ever accepted and silently ignored.
 *
 * @param refused members of the service model the Lab does not implement, each with the sentence that refuses it;
 *                every other member of {@code input} takes effect
 */
public record OperationSpec(String name, Shape.StructShape input, Semantic semantic, Map<String, String> refused) {

    /**
     * The checks DynamoDB makes after the constraints and before the table: combinations of members, attribute
     * values, expressions. Returns the request's parsed expressions (or {@link RequestExpressions#NONE}); a problem
     * is thrown as a {@link dev.partitionscope.lab.wire.LabException}.
     */
    @FunctionalInterface
    public interface Semantic {
        RequestExpressions check(ObjectNode data);
    }

    static OperationSpec of(String name, Shape.StructShape input, Semantic semantic) {
        return new OperationSpec(name, input, semantic, Map.of());
    }

    OperationSpec refusing(Map<String, String> members) {
        return new OperationSpec(name, input, semantic, Map.copyOf(members));
    }
}
