package dev.partitionscope.ui.session;

import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.core.table.TableShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the top bar's index chooser selected on the selected table: the base table, or one of its indexes by name
 * and kind. Screens compare these values, never the chooser's labels.
 */
public sealed interface TableResource permits TableResource.BaseTable, TableResource.Index {
    /**
     * The base table itself, no index. (No default methods here: initializing a record below then never initializes
     * this interface, so this constant cannot deadlock class initialization.)
     */
    TableResource BASE_TABLE = new BaseTable();

    /** The chooser's label: "(base table)" or the index name. */
    String label();

    /** The index name, null for the base table (what a Query's IndexName takes). */
    String indexName();

    /** True for the base table. */
    boolean isBaseTable();

    /**
     * The key schema a Query on this resource of {@code shape} uses.
     *
     * @throws IllegalArgumentException when {@code shape} has no such index
     */
    KeySchema keySchema(TableShape shape);

    /** The CloudWatch resource of {@code table} this stands for (LSIs share the table's capacity and metrics). */
    Resource metricsResource(String table);

    /** The base table. */
    record BaseTable() implements TableResource {
        @Override
        public String label() {
            return "(base table)";
        }

        @Override
        public String indexName() {
            return null;
        }

        @Override
        public boolean isBaseTable() {
            return true;
        }

        @Override
        public KeySchema keySchema(TableShape shape) {
            return shape.keySchema();
        }

        @Override
        public Resource metricsResource(String table) {
            return Resource.table(table);
        }

        @Override
        public String toString() {
            return label();
        }
    }

    /** A secondary index of the selected table. */
    record Index(String name, IndexShape.Kind kind) implements TableResource {
        public Index {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(kind, "kind");
        }

        @Override
        public String label() {
            return name;
        }

        @Override
        public String indexName() {
            return name;
        }

        @Override
        public boolean isBaseTable() {
            return false;
        }

        @Override
        public KeySchema keySchema(TableShape shape) {
            List<IndexShape> indexes = kind == IndexShape.Kind.GLOBAL ? shape.globalIndexes() : shape.localIndexes();
            return indexes.stream()
                    .filter(i -> i.name().equals(name))
                    .findFirst()
                    .map(IndexShape::keySchema)
                    .orElseThrow(() ->
                            new IllegalArgumentException(shape.name() + " has no " + kind.shortName() + " " + name));
        }

        @Override
        public Resource metricsResource(String table) {
            return kind == IndexShape.Kind.GLOBAL ? Resource.index(table, name) : Resource.table(table);
        }

        @Override
        public String toString() {
            return label();
        }
    }

    /** A global secondary index by name. */
    static TableResource gsi(String name) {
        return new Index(name, IndexShape.Kind.GLOBAL);
    }

    static TableResource of(IndexShape index) {
        return new Index(index.name(), index.kind());
    }

    /** The chooser's entries for {@code shape}: the base table, then each GSI (null shape: the base table only). */
    static List<TableResource> options(TableShape shape) {
        List<TableResource> out = new ArrayList<>();
        out.add(BASE_TABLE);
        if (shape != null) {
            shape.globalIndexes().forEach(i -> out.add(of(i)));
        }
        return List.copyOf(out);
    }

    /**
     * The resource of {@code shape} called {@code indexName}: the base table for null or blank, a GSI or LSI by
     * name otherwise; empty when the table has no such index.
     */
    static Optional<TableResource> named(TableShape shape, String indexName) {
        if (indexName == null || indexName.isBlank()) {
            return Optional.of(BASE_TABLE);
        }
        if (shape == null) {
            return Optional.empty();
        }
        return shape.globalIndexes().stream()
                .filter(i -> i.name().equals(indexName))
                .findFirst()
                .or(() -> shape.localIndexes().stream()
                        .filter(i -> i.name().equals(indexName))
                        .findFirst())
                .map(TableResource::of);
    }
}
