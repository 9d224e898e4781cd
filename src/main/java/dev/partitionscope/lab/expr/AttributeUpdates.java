package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * UpdateItem's legacy {@code AttributeUpdates}: per top-level attribute, {@code PUT} a value, {@code ADD} to a number,
 * set or list (creating it when missing), or {@code DELETE} the attribute or elements of a set (a set left empty is
 * removed). An ADD or DELETE against a value of another type is DynamoDB's "Type mismatch for attribute to update".
 *
 * <p>Immutable; {@link #apply} never modifies its input.
 */
public final class AttributeUpdates {
    /** One attribute's update; {@code value} is null only for a DELETE of the whole attribute. */
    public record Action(String attribute, Kind kind, AttrValue value) {}

    public enum Kind {
        PUT,
        ADD,
        DELETE
    }

    private final List<Action> actions;

    public AttributeUpdates(List<Action> actions) {
        this.actions = List.copyOf(actions);
    }

    public List<Action> actions() {
        return actions;
    }

    /** The attributes written, in request order (ReturnValues UPDATED_OLD / UPDATED_NEW return these). */
    public Set<String> attributeNames() {
        Set<String> names = new LinkedHashSet<>();
        actions.forEach(a -> names.add(a.attribute()));
        return names;
    }

    /** The item after the updates. */
    public Map<String, AttrValue> apply(Map<String, AttrValue> base) {
        Map<String, AttrValue> item = new LinkedHashMap<>(base);
        for (Action a : actions) {
            AttrValue current = item.get(a.attribute());
            switch (a.kind()) {
                case PUT -> item.put(a.attribute(), a.value());
                case ADD -> item.put(a.attribute(), add(current, a.value()));
                case DELETE -> {
                    if (a.value() == null) {
                        item.remove(a.attribute());
                    } else if (current != null) {
                        AttrValue left = subtract(current, a.value());
                        if (left == null) {
                            item.remove(a.attribute());
                        } else {
                            item.put(a.attribute(), left);
                        }
                    }
                }
            }
        }
        return item;
    }

    private static AttrValue add(AttrValue current, AttrValue value) {
        if (current == null) {
            return value;
        }
        if (current.type() != value.type()) {
            throw mismatch();
        }
        switch (value.type()) {
            case N -> {
                return UpdateValue.Arithmetic.toNumber(
                        ((AttrValue.N) current).value().add(((AttrValue.N) value).value()));
            }
            case SS -> {
                List<String> all = new ArrayList<>(((AttrValue.SS) current).values());
                all.addAll(((AttrValue.SS) value).values());
                return new AttrValue.SS(all);
            }
            case NS -> {
                List<AttrValue.N> all = new ArrayList<>(((AttrValue.NS) current).values());
                all.addAll(((AttrValue.NS) value).values());
                return new AttrValue.NS(all);
            }
            case BS -> {
                List<AttrValue.B> all = new ArrayList<>(((AttrValue.BS) current).values());
                all.addAll(((AttrValue.BS) value).values());
                return new AttrValue.BS(all);
            }
            case L -> {
                List<AttrValue> all = new ArrayList<>(((AttrValue.L) current).values());
                all.addAll(((AttrValue.L) value).values());
                return new AttrValue.L(all);
            }
            default -> throw mismatch();
        }
    }

    /** The set without the given elements; null when nothing is left. */
    private static AttrValue subtract(AttrValue current, AttrValue value) {
        if (current.type() != value.type()) {
            throw mismatch();
        }
        AttrValue left =
                switch (value.type()) {
                    case SS ->
                        new AttrValue.SS(((AttrValue.SS) current)
                                .values().stream()
                                        .filter(v ->
                                                !((AttrValue.SS) value).values().contains(v))
                                        .toList());
                    case NS ->
                        new AttrValue.NS(((AttrValue.NS) current)
                                .values().stream()
                                        .filter(v ->
                                                !((AttrValue.NS) value).values().contains(v))
                                        .toList());
                    case BS ->
                        new AttrValue.BS(((AttrValue.BS) current)
                                .values().stream()
                                        .filter(v ->
                                                !((AttrValue.BS) value).values().contains(v))
                                        .toList());
                    default -> throw mismatch();
                };
        return Values.setElements(left).isEmpty() ? null : left;
    }

    private static ExpressionException mismatch() {
        return new ExpressionException("Type mismatch for attribute to update");
    }
}
