package dev.partitionscope.core.iam;

import java.util.List;

/** Actions granted on one {@link Scope}: one statement of a feature's policy. */
public record Grant(Scope scope, List<String> actions) {
    public Grant {
        actions = List.copyOf(actions);
        if (actions.isEmpty()) {
            throw new IllegalArgumentException("a grant needs an action");
        }
    }

    static Grant of(Scope scope, String... actions) {
        return new Grant(scope, List.of(actions));
    }
}
