package dev.partitionscope.lab.partiql;

import java.util.List;

/** One parsed PartiQL statement of DynamoDB's subset. {@code parameters} counts its {@code ?}. */
public sealed interface Statement {
    String table();

    int parameters();

    /** Whether the statement reads (SELECT, EXISTS) rather than writes. */
    default boolean isRead() {
        return this instanceof Select;
    }

    /**
     * {@code SELECT projection FROM "table"[."index"] [WHERE cond]}; {@code projection} null for {@code *}.
     */
    record Select(List<Path> projection, String table, String index, Cond where, int parameters) implements Statement {}

    /** {@code INSERT INTO "table" VALUE {…}}. */
    record Insert(String table, Expr item, int parameters) implements Statement {}

    /** {@code UPDATE "table" SET …/REMOVE … WHERE … [RETURNING …]}. */
    record Update(String table, List<Action> actions, Cond where, Returning returning, int parameters)
            implements Statement {}

    /** {@code DELETE FROM "table" WHERE … [RETURNING ALL OLD *]}. */
    record Delete(String table, Cond where, Returning returning, int parameters) implements Statement {}

    /** {@code EXISTS(SELECT * FROM "table" WHERE …)}: a transaction's condition check. */
    record Exists(Select select, int parameters) implements Statement {
        @Override
        public String table() {
            return select.table();
        }
    }

    /** One assignment of UPDATE: SET {@code path = value}, or REMOVE {@code path} ({@code value} null). */
    record Action(Path path, Expr value) {}

    /** RETURNING's four forms, as written. */
    enum Returning {
        ALL_OLD("ALL OLD *"),
        MODIFIED_OLD("MODIFIED OLD *"),
        ALL_NEW("ALL NEW *"),
        MODIFIED_NEW("MODIFIED NEW *");

        private final String text;

        Returning(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        /** The UpdateItem/DeleteItem ReturnValues it stands for. */
        public String returnValues() {
            return switch (this) {
                case ALL_OLD -> "ALL_OLD";
                case MODIFIED_OLD -> "UPDATED_OLD";
                case ALL_NEW -> "ALL_NEW";
                case MODIFIED_NEW -> "UPDATED_NEW";
            };
        }
    }
}
