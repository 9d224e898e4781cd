package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.partitionscope.core.table.BillingMode;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.ContributorInsightsState.Status;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.core.table.Projection;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.table.Throughput;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.RecordingProxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

@ExtendWith(Dynalite.Required.class)
class TableGatewayIntegrationTest {
    private static final int MANY = 105;

    @TempDir
    static Path home;

    private static String gsiTable;
    private static String lsiTable;
    private static final List<String> manyTables = new ArrayList<>();
    private static RecordingProxy proxy;
    private static Connection connection;
    private static TableGateway gateway;

    @BeforeAll
    static void setUp() throws Exception {
        gsiTable = Dynalite.createTableWithGsi("gateway-gsi");
        lsiTable = Dynalite.createTableWithLsi("gateway-lsi");
        String prefix = Dynalite.uniqueName("many");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> created = new ArrayList<>();
            for (int i = 0; i < MANY; i++) {
                String name = prefix + "-" + String.format("%03d", i);
                manyTables.add(name);
                created.add(pool.submit(() -> Dynalite.client().createTable(b -> b.tableName(name)
                        .attributeDefinitions(Dynalite.attr("id", ScalarAttributeType.S))
                        .keySchema(Dynalite.key("id", software.amazon.awssdk.services.dynamodb.model.KeyType.HASH))
                        .billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST))));
            }
            for (Future<?> f : created) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        proxy = RecordingProxy.to(Dynalite.endpoint());
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        connection = new ConnectionFactory(none)
                .open(ConnectionSpec.custom("gateway", proxy.endpoint(), "us-east-1", "gatewaytest"));
        gateway = new TableGateway(connection);
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (connection != null) {
            connection.close();
        }
        if (proxy != null) {
            proxy.close();
        }
        // Keep the shared server small for the tests that run after this one.
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> deleted = new ArrayList<>();
            for (String name : manyTables) {
                deleted.add(pool.submit(() -> Dynalite.client().deleteTable(b -> b.tableName(name))));
            }
            for (Future<?> f : deleted) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void listTablesHandsOverEveryTableInPagesOfAtMostOneHundred() {
        List<String> expected =
                Dynalite.client().listTablesPaginator().tableNames().stream().toList();
        assertThat(expected).hasSizeGreaterThan(MANY);
        List<List<String>> pages = new ArrayList<>();
        proxy.clear();

        int total = gateway.listTables(pages::add, () -> false);

        assertThat(pages).hasSize((expected.size() + 99) / 100);
        assertThat(pages.get(0)).hasSize(100);
        assertThat(pages).allSatisfy(page -> assertThat(page).hasSizeLessThanOrEqualTo(100));
        List<String> all = pages.stream().flatMap(List::stream).toList();
        assertThat(all)
                .containsExactlyElementsOf(expected)
                .doesNotHaveDuplicates()
                .containsAll(manyTables);
        assertThat(total).isEqualTo(expected.size());
        assertThat(proxy.operations()).containsOnly("ListTables").hasSize(pages.size());
    }

    @Test
    void listTablesStopsWhenCancelledAfterTheFirstPage() {
        List<List<String>> pages = new ArrayList<>();
        proxy.clear();

        int total = gateway.listTables(pages::add, () -> !pages.isEmpty());

        assertThat(pages).hasSize(1);
        assertThat(total).isEqualTo(100);
        assertThat(proxy.operations()).containsExactly("ListTables");
    }

    @Test
    void listTablesCancelledBeforeStartingSendsNothing() {
        List<List<String>> pages = new ArrayList<>();
        proxy.clear();

        int total = gateway.listTables(pages::add, () -> true);

        assertThat(total).isZero();
        assertThat(pages).isEmpty();
        assertThat(proxy.operations()).isEmpty();
    }

    @Test
    void describeMapsAProvisionedTableWithAGlobalIndex() {
        TableShape shape = gateway.describe(gsiTable);

        assertThat(shape.name()).isEqualTo(gsiTable);
        assertThat(shape.arn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/" + gsiTable);
        assertThat(shape.status()).isEqualTo("ACTIVE");
        assertThat(shape.keySchema())
                .isEqualTo(new KeySchema(new KeyAttribute("pk", KeyType.S), new KeyAttribute("sk", KeyType.S)));
        assertThat(shape.attributeTypes())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("pk", KeyType.S, "sk", KeyType.S, "gsiPk", KeyType.S, "gsiSk", KeyType.N));
        assertThat(shape.billingMode()).isEqualTo(BillingMode.PROVISIONED);
        assertThat(shape.provisioned()).isEqualTo(new Throughput(10, 5));
        assertThat(shape.localIndexes()).isEmpty();
        assertThat(shape.stream()).isEqualTo(TableShape.StreamSetting.DISABLED);
        assertThat(shape.tableClass()).isEqualTo("STANDARD");
        assertThat(shape.createdAt()).isNotNull();

        assertThat(shape.globalIndexNames()).containsExactly(Dynalite.GSI);
        IndexShape gsi = shape.globalIndex(Dynalite.GSI).orElseThrow();
        assertThat(gsi.kind()).isEqualTo(IndexShape.Kind.GLOBAL);
        assertThat(gsi.keySchema())
                .isEqualTo(new KeySchema(new KeyAttribute("gsiPk", KeyType.S), new KeyAttribute("gsiSk", KeyType.N)));
        assertThat(gsi.projection()).isEqualTo(new Projection("INCLUDE", List.of("title", "owner")));
        assertThat(gsi.provisioned()).isEqualTo(new Throughput(4, 2));
        assertThat(gsi.status()).isEqualTo("ACTIVE");
    }

    @Test
    void describeMapsAnOnDemandTableWithALocalIndex() {
        TableShape shape = gateway.describe(lsiTable);

        assertThat(shape.billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(shape.provisioned()).isNull();
        assertThat(shape.keySchema())
                .isEqualTo(new KeySchema(new KeyAttribute("id", KeyType.N), new KeyAttribute("ts", KeyType.N)));
        assertThat(shape.globalIndexes()).isEmpty();
        assertThat(shape.localIndexes()).singleElement().satisfies(lsi -> {
            assertThat(lsi.name()).isEqualTo(Dynalite.LSI);
            assertThat(lsi.kind()).isEqualTo(IndexShape.Kind.LOCAL);
            assertThat(lsi.keySchema())
                    .isEqualTo(
                            new KeySchema(new KeyAttribute("id", KeyType.N), new KeyAttribute("created", KeyType.S)));
            assertThat(lsi.projection()).isEqualTo(new Projection("KEYS_ONLY", List.of()));
            assertThat(lsi.provisioned()).isNull();
        });
    }

    @Test
    void dynaliteAnswersContributorInsightsWithUnknownOperation() {
        DynamoDbException e = catchThrowableOfType(DynamoDbException.class, () -> Dynalite.client()
                .describeContributorInsights(b -> b.tableName(gsiTable)));

        assertThat(e.statusCode()).isEqualTo(400);
        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnknownOperationException");
    }

    @Test
    void contributorInsightsIsNotSupportedForTheTableAndEachGlobalIndex() {
        TableShape shape = gateway.describe(gsiTable);

        List<ContributorInsightsState> states = gateway.contributorInsights(shape);

        assertThat(states)
                .extracting(
                        ContributorInsightsState::tableName,
                        ContributorInsightsState::indexName,
                        ContributorInsightsState::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(gsiTable, null, Status.NOT_SUPPORTED),
                        org.assertj.core.groups.Tuple.tuple(gsiTable, Dynalite.GSI, Status.NOT_SUPPORTED));
        assertThat(states.get(0).describe()).isEqualTo("Not supported by this endpoint");
    }

    @Test
    void enablingContributorInsightsIsAGuardedWrite() {
        proxy.clear();

        WriteBlockedException blocked = catchThrowableOfType(
                WriteBlockedException.class,
                () -> gateway.setContributorInsights(gsiTable, Dynalite.GSI, true, "THROTTLED_KEYS"));

        assertThat(blocked.operation()).isEqualTo("UpdateContributorInsights");
        assertThat(blocked.tables()).containsExactly(gsiTable);
        assertThat(proxy.operations()).isEmpty();
    }
}
