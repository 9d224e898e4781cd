package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A ProjectionExpression: the document paths a read returns. {@link #apply} builds the projected item the way
 * DynamoDB does: nested maps keep only the projected keys, and projected list elements keep their relative order
 * (projecting {@code l[3], l[1]} yields a two-element list: element 1, then element 3).
 *
 * <p>Immutable and thread-safe once parsed.
 */
public final class ProjectionExpression {
    private static final ParserBase.Problem[] ORDER = {
        ParserBase.Problem.RESERVED,
        ParserBase.Problem.UNDEFINED_NAME,
        ParserBase.Problem.OVERLAP,
        ParserBase.Problem.CONFLICT
    };

    private final List<DocumentPath> paths;
    private final Set<String> topLevelNames;

    private ProjectionExpression(List<DocumentPath> paths) {
        this.paths = Collections.unmodifiableList(paths);
        Set<String> names = new LinkedHashSet<>();
        for (DocumentPath p : paths) {
            names.add(p.head());
        }
        this.topLevelNames = Collections.unmodifiableSet(names);
    }

    /** Parses {@code path (, path)*}; errors read "Invalid ProjectionExpression: …". */
    public static ProjectionExpression parse(String expression, ExpressionContext ctx) {
        Objects.requireNonNull(expression, "expression");
        ParserBase parser = new ParserBase(expression, ctx, "ProjectionExpression", true) {
            @Override
            boolean isKeyword(int token) {
                return false;
            }
        };
        List<DocumentPath> paths = new ArrayList<>();
        paths.add(parser.parsePath());
        while (parser.type() == Lexer.COMMA) {
            parser.pos++;
            paths.add(parser.parsePath());
        }
        parser.expectEnd();
        parser.checkOverlaps(paths);
        parser.throwReported(ORDER);
        return new ProjectionExpression(paths);
    }

    public List<DocumentPath> paths() {
        return paths;
    }

    /** The top-level attributes the projection reads (e.g. to decide whether an index covers them). */
    public Set<String> topLevelNames() {
        return topLevelNames;
    }

    /** The projected copy of an item; attributes and elements that do not exist are left out. */
    public Map<String, AttrValue> apply(Map<String, AttrValue> item) {
        return project(item, paths);
    }

    /**
     * Keeps only the given (non-overlapping) paths of an item. Shared with UpdateExpression, whose UPDATED_OLD and
     * UPDATED_NEW return values are exactly this projection over the paths it wrote.
     */
    static Map<String, AttrValue> project(Map<String, AttrValue> item, List<DocumentPath> paths) {
        Node root = new Node();
        for (DocumentPath path : paths) {
            AttrValue value = path.resolve(item);
            if (value == null) {
                continue;
            }
            Node node = root;
            for (int i = 1; i < path.size(); i++) {
                node = node.child(path, i - 1);
            }
            node.put(path, path.size() - 1, value);
        }
        Map<String, AttrValue> result = new LinkedHashMap<>();
        if (root.keys != null) {
            root.keys.forEach((name, child) -> result.put(name, child.build()));
        }
        return result;
    }

    /** A node of the projected document under construction: a value, or a map or list of child nodes. */
    private static final class Node {
        AttrValue value;
        Map<String, Node> keys;
        TreeMap<Integer, Node> elements;

        Node child(DocumentPath path, int step) {
            Node child = new Node();
            Node existing;
            if (path.isIndex(step)) {
                existing = elements().putIfAbsent(path.index(step), child);
            } else {
                existing = keys().putIfAbsent(path.name(step), child);
            }
            return existing != null ? existing : child;
        }

        void put(DocumentPath path, int step, AttrValue v) {
            Node leaf = child(path, step);
            leaf.value = v;
        }

        private Map<String, Node> keys() {
            if (keys == null) {
                keys = new LinkedHashMap<>();
            }
            return keys;
        }

        private Map<Integer, Node> elements() {
            if (elements == null) {
                elements = new TreeMap<>();
            }
            return elements;
        }

        AttrValue build() {
            if (value != null) {
                return value;
            }
            if (keys != null) {
                Map<String, AttrValue> map = new LinkedHashMap<>();
                keys.forEach((name, child) -> map.put(name, child.build()));
                return new AttrValue.M(map);
            }
            List<AttrValue> list = new ArrayList<>();
            for (Node child : elements.values()) {
                list.add(child.build());
            }
            return new AttrValue.L(list);
        }
    }
}
