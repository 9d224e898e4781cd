package dev.partitionscope.ui.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.BillingMode;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.core.table.TableShape;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The index chooser's typed value: what screens compare, and the key schema and CloudWatch resource it reads. */
class TableResourceTest {
    private static final KeySchema TABLE_KEYS =
            new KeySchema(new KeyAttribute("PK", KeyType.S), new KeyAttribute("SK", KeyType.S));
    private static final KeySchema GSI_KEYS = new KeySchema(new KeyAttribute("GSI1PK", KeyType.S), null);
    private static final KeySchema LSI_KEYS =
            new KeySchema(new KeyAttribute("PK", KeyType.S), new KeyAttribute("createdAt", KeyType.N));

    private static IndexShape index(String name, IndexShape.Kind kind, KeySchema keys) {
        return new IndexShape(name, kind, keys, null, "ACTIVE", null, null, null, 0, 0);
    }

    private static final TableShape ORDERS = new TableShape(
            "orders",
            "arn:aws:dynamodb:us-east-1:000000000000:table/orders",
            "ACTIVE",
            TABLE_KEYS,
            Map.of("PK", KeyType.S, "SK", KeyType.S, "GSI1PK", KeyType.S, "createdAt", KeyType.N),
            List.of(index("GSI1", IndexShape.Kind.GLOBAL, GSI_KEYS)),
            List.of(index("byCreated", IndexShape.Kind.LOCAL, LSI_KEYS)),
            BillingMode.PAY_PER_REQUEST,
            null,
            null,
            null,
            0,
            0,
            null,
            TableShape.StreamSetting.DISABLED,
            false,
            null);

    @Test
    void theChooserOffersTheTableThenEachGsiAsTypedValues() {
        assertThat(TableResource.options(ORDERS))
                .containsExactly(TableResource.BASE_TABLE, new TableResource.Index("GSI1", IndexShape.Kind.GLOBAL));
        assertThat(TableResource.options(null)).containsExactly(TableResource.BASE_TABLE);
        assertThat(TableResource.options(ORDERS))
                .extracting(TableResource::label)
                .containsExactly("(base table)", "GSI1");
    }

    @Test
    void theBaseTableReadsTheTableKeysAndTheTablesMetrics() {
        TableResource base = TableResource.BASE_TABLE;
        assertThat(base.isBaseTable()).isTrue();
        assertThat(base.indexName()).isNull();
        assertThat(base.keySchema(ORDERS)).isEqualTo(TABLE_KEYS);
        assertThat(base.metricsResource("orders")).isEqualTo(Resource.table("orders"));
        assertThat(TableResource.named(ORDERS, null)).contains(base);
        assertThat(TableResource.named(ORDERS, " ")).contains(base);
    }

    @Test
    void anIndexReadsItsOwnKeysAndAGsiItsOwnMetrics() {
        TableResource gsi = TableResource.named(ORDERS, "GSI1").orElseThrow();
        assertThat(gsi).isEqualTo(TableResource.gsi("GSI1"));
        assertThat(gsi.isBaseTable()).isFalse();
        assertThat(gsi.indexName()).isEqualTo("GSI1");
        assertThat(gsi.keySchema(ORDERS)).isEqualTo(GSI_KEYS);
        assertThat(gsi.metricsResource("orders")).isEqualTo(Resource.index("orders", "GSI1"));

        TableResource lsi = TableResource.named(ORDERS, "byCreated").orElseThrow();
        assertThat(lsi).isEqualTo(new TableResource.Index("byCreated", IndexShape.Kind.LOCAL));
        assertThat(lsi.keySchema(ORDERS)).isEqualTo(LSI_KEYS);
        assertThat(lsi.metricsResource("orders"))
                .as("an LSI shares the table's capacity, so CloudWatch reports it with the table")
                .isEqualTo(Resource.table("orders"));
    }

    @Test
    void anIndexTheTableDoesNotHaveIsNoResource() {
        assertThat(TableResource.named(ORDERS, "GSI9")).isEmpty();
        assertThat(TableResource.named(null, "GSI1")).isEmpty();
        assertThatThrownBy(() -> TableResource.gsi("GSI9").keySchema(ORDERS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("orders has no GSI GSI9");
        assertThat(TableResource.gsi("byCreated"))
                .as("kind is part of the value")
                .isNotEqualTo(TableResource.named(ORDERS, "byCreated").orElseThrow());
    }
}
