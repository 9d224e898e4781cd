package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.Map;

/**
 * Something an expression evaluates to a value against an item: a document path, an {@code :value} placeholder or a
 * function such as {@code size(path)}. {@code null} means "no value" (a missing attribute), which every comparison
 * treats as false.
 */
interface Operand {
    AttrValue eval(Map<String, AttrValue> item);

    /** The value type known without an item (a placeholder's value), or {@code null}. */
    default AttrValue.Type knownType() {
        return null;
    }

    /** A document path operand. */
    final class Path implements Operand {
        final DocumentPath path;

        Path(DocumentPath path) {
            this.path = path;
        }

        @Override
        public AttrValue eval(Map<String, AttrValue> item) {
            return path.resolve(item);
        }
    }

    /** An {@code :name} placeholder, resolved when parsed. */
    final class Value implements Operand {
        final AttrValue value;

        Value(AttrValue value) {
            this.value = value;
        }

        @Override
        public AttrValue eval(Map<String, AttrValue> item) {
            return value;
        }

        @Override
        public AttrValue.Type knownType() {
            // null when the placeholder was undefined: that error is reported, the type is then unknown.
            return value == null ? null : value.type();
        }
    }
}
