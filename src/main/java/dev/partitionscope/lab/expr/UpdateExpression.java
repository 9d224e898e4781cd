package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A parsed UpdateExpression (UpdateItem, TransactWriteItems). {@link #apply} computes the new item from the old one
 * with DynamoDB's semantics: every SET operand reads the item as it was before the update; elements SET past the end
 * of a list are appended in index order; REMOVE of several list elements removes the elements at the original
 * indexes; ADD creates a missing number (from 0) or set; DELETE removing a set's last element removes the attribute.
 *
 * <p>Immutable and thread-safe once parsed; {@code apply} never modifies its input.
 */
public final class UpdateExpression {
    private final List<UpdateAction> actions;
    private final List<DocumentPath> paths;
    private final Set<String> updatedNames;
    private final Set<String> nestedHeads;

    private UpdateExpression(List<UpdateAction> actions, Set<String> nestedHeads) {
        this.actions = List.copyOf(actions);
        List<DocumentPath> paths = new ArrayList<>(actions.size());
        Set<String> names = new LinkedHashSet<>();
        for (UpdateAction action : actions) {
            paths.add(action.path());
            names.add(action.path().head());
        }
        this.paths = Collections.unmodifiableList(paths);
        this.updatedNames = Collections.unmodifiableSet(names);
        this.nestedHeads = Set.copyOf(nestedHeads);
    }

    /** Parses and validates; errors read "Invalid UpdateExpression: …". */
    public static UpdateExpression parse(String expression, ExpressionContext ctx) {
        Objects.requireNonNull(expression, "expression");
        UpdateParser parser = UpdateParser.parse(expression, ctx);
        return new UpdateExpression(parser.actions, parser.nestedHeads);
    }

    /**
     * Refuses an update that writes a key attribute, or reads into one as if it were a map or list, with DynamoDB's
     * messages. {@link #apply} calls it too; call it early to fail before reading the item, as DynamoDB does.
     */
    public void checkKeyAttributes(Collection<String> keyAttributeNames) {
        for (String key : keyAttributeNames) {
            if (updatedNames.contains(key)) {
                throw new ExpressionException("One or more parameter values were invalid: Cannot update attribute "
                        + key + ". This attribute is part of the key");
            }
        }
        for (String key : keyAttributeNames) {
            if (nestedHeads.contains(key)) {
                throw new ExpressionException("Key attributes must be scalars; list random access '[]' and map lookup"
                        + " '.' are not allowed: Key: " + key);
            }
        }
    }

    /**
     * The item after the update. For an item that does not exist yet, pass its key attributes (DynamoDB creates the
     * item from the key, and operands may read the key). Throws {@link ExpressionException} with DynamoDB's message
     * when the update cannot be applied to this item (missing parent path, wrong operand type, missing operand).
     */
    public Map<String, AttrValue> apply(Map<String, AttrValue> oldItemOrEmpty, Set<String> keyAttributeNames) {
        checkKeyAttributes(keyAttributeNames);
        List<UpdateAction> sets = new ArrayList<>();
        List<UpdateAction> removes = new ArrayList<>();
        for (UpdateAction action : actions) {
            if (action.kind() == UpdateAction.Kind.SET) {
                // Evaluate against the old item first: a SET never sees another action's result.
                sets.add(new UpdateAction(
                        action.kind(),
                        action.path(),
                        new UpdateValue.OfValue(action.value().evaluate(oldItemOrEmpty)),
                        null));
            } else if (action.kind() == UpdateAction.Kind.REMOVE) {
                removes.add(action);
            }
        }
        MutableDocument doc = new MutableDocument(oldItemOrEmpty);
        // Ascending path order appends list elements set past the end in index order ...
        sets.sort((a, b) -> a.path().compareSteps(b.path()));
        for (UpdateAction set : sets) {
            doc.set(set.path(), ((UpdateValue.OfValue) set.value()).value);
        }
        // ... and descending order removes list elements by their original indexes.
        removes.sort((a, b) -> b.path().compareSteps(a.path()));
        for (UpdateAction remove : removes) {
            doc.remove(remove.path());
        }
        // ADDs past the end of a list append in index order too (ADD c[8] :x, c[6] :y puts y before x).
        List<UpdateAction> adds = new ArrayList<>();
        for (UpdateAction action : actions) {
            if (action.kind() == UpdateAction.Kind.ADD) {
                adds.add(action);
            }
        }
        adds.sort((a, b) -> a.path().compareSteps(b.path()));
        for (UpdateAction add : adds) {
            add(doc, add);
        }
        for (UpdateAction action : actions) {
            if (action.kind() == UpdateAction.Kind.DELETE) {
                delete(doc, action);
            }
        }
        return doc.result();
    }

    private static void add(MutableDocument doc, UpdateAction action) {
        AttrValue existing = doc.get(action.path());
        AttrValue operand = action.operand();
        if (existing != null && existing.type() != operand.type()) {
            throw new ExpressionException(UpdateValue.WRONG_TYPE);
        }
        AttrValue result;
        if (operand.type() == AttrValue.Type.N) {
            BigDecimal base = existing == null ? BigDecimal.ZERO : ((AttrValue.N) existing).value();
            result = UpdateValue.Arithmetic.toNumber(base.add(((AttrValue.N) operand).value()));
        } else {
            result = existing == null ? operand : MutableDocument.union(existing, operand);
        }
        doc.set(action.path(), result);
    }

    private static void delete(MutableDocument doc, UpdateAction action) {
        AttrValue existing = doc.get(action.path());
        if (existing == null) {
            return;
        }
        if (existing.type() != action.operand().type()) {
            throw new ExpressionException(UpdateValue.WRONG_TYPE);
        }
        AttrValue rest = MutableDocument.difference(existing, action.operand());
        if (rest == null) {
            doc.remove(action.path());
        } else {
            doc.set(action.path(), rest);
        }
    }

    /**
     * The type each top-level attribute will have where the expression says so without reading the item (a SET of a
     * value, arithmetic, list_append; an ADD or DELETE operand): DynamoDB checks these against index key types
     * before it reads the item.
     */
    public Map<String, AttrValue.Type> topLevelTypes() {
        Map<String, AttrValue.Type> types = new java.util.LinkedHashMap<>();
        for (UpdateAction a : actions) {
            if (a.path().isNested()) {
                continue;
            }
            AttrValue.Type type =
                    switch (a.kind()) {
                        case SET ->
                            a.value() instanceof UpdateValue.OfValue v
                                    ? v.value.type()
                                    : a.value() instanceof UpdateValue.Arithmetic
                                            ? AttrValue.Type.N
                                            : a.value() instanceof UpdateValue.ListAppend ? AttrValue.Type.L : null;
                        case ADD, DELETE ->
                            a.operand() == null ? null : a.operand().type();
                        default -> null;
                    };
            if (type != null) {
                types.put(a.path().head(), type);
            }
        }
        return types;
    }

    /** Top-level names of written paths that reach inside a value ({@code a.b}, {@code a[0]}). */
    public Set<String> nestedHeads() {
        return nestedHeads;
    }

    /** Top-level attributes the update writes, in order: what ReturnValues UPDATED_OLD/UPDATED_NEW are about. */
    public Set<String> updatedAttributeNames() {
        return updatedNames;
    }

    /** The document paths the update writes, in expression order. */
    public List<DocumentPath> updatedPaths() {
        return paths;
    }

    /**
     * The written paths of an item, nested as in the item: pass the old item for ReturnValues UPDATED_OLD and the
     * new one for UPDATED_NEW, as DynamoDB returns only the updated paths, not whole top-level attributes.
     */
    public Map<String, AttrValue> updatedValues(Map<String, AttrValue> item) {
        return ProjectionExpression.project(item, paths);
    }
}
