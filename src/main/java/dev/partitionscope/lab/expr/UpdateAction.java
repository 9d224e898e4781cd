package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;

/**
 * One action of an update expression: {@code SET path = value}, {@code REMOVE path}, {@code ADD path :operand} or
 * {@code DELETE path :operand}. Exactly one of value (SET) and operand (ADD, DELETE) is set, neither for REMOVE.
 */
record UpdateAction(Kind kind, DocumentPath path, UpdateValue value, AttrValue operand) {
    enum Kind {
        SET,
        REMOVE,
        ADD,
        DELETE
    }
}
