package dev.partitionscope.ui.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.DynamoJson;
import dev.partitionscope.core.scatter.KWayMerge;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.testing.AwsCli;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * "Copy as CLI" is the query that runs: the scatter console connected to dynalite runs a read, then every line of its
 * {@link ScatterViewModel#cliCommands()} is run through {@code bash -c} with the real AWS CLI, each shard's
 * {@code Items} are merged as the console merges ({@link KWayMerge}: sort key, direction, limit) and must equal the
 * console's items — with a FilterExpression, a projection, a sort-key condition, a GSI, and shard keys holding
 * {@code '}, {@code "}, spaces and {@code $}, and a number-typed partition key. Skipped loudly without Node.js or the
 * AWS CLI, failing instead in CI ({@code PARTITIONSCOPE_REQUIRE_NODE=1}, {@code PARTITIONSCOPE_REQUIRE_AWSCLI=1}).
 */
@ExtendWith({Dynalite.Required.class, AwsCli.Required.class})
class ScatterCliDynaliteTest {
    /** A logical key that a shell would mangle if any quoting were wrong. */
    static final String NASTY = "it's \"$HOME\" `id` a  b";

    static final String GSI = "byGroup";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String text;
    private static String numeric;

    private MainViewModel main;
    private ScatterViewModel vm;

    @BeforeAll
    static void tables() {
        AwsCli.require();
        text = Dynalite.uniqueName("cli-txt");
        Dynalite.createTable(b -> b.tableName(text)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        Dynalite.attr("pk", ScalarAttributeType.S),
                        Dynalite.attr("sk", ScalarAttributeType.N),
                        Dynalite.attr("grp", ScalarAttributeType.S),
                        Dynalite.attr("rank", ScalarAttributeType.N))
                .keySchema(Dynalite.key("pk", KeyType.HASH), Dynalite.key("sk", KeyType.RANGE))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                        .indexName(GSI)
                        .keySchema(Dynalite.key("grp", KeyType.HASH), Dynalite.key("rank", KeyType.RANGE))
                        .projection(Projection.builder()
                                .projectionType(ProjectionType.ALL)
                                .build())
                        .build()));
        numeric = Dynalite.uniqueName("cli-num");
        Dynalite.createTable(b -> b.tableName(numeric)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        Dynalite.attr("id", ScalarAttributeType.N), Dynalite.attr("at", ScalarAttributeType.S))
                .keySchema(Dynalite.key("id", KeyType.HASH), Dynalite.key("at", KeyType.RANGE)));
        KeyScheme hash4 = KeyScheme.parse("hash:4");
        KeyScheme hash3 = KeyScheme.parse("hash:3");
        Random r = new Random(11);
        for (int i = 0; i < 80; i++) {
            Map<String, AttributeValue> item = new HashMap<>();
            item.put("pk", AttributeValue.fromS(hash4.apply(NASTY, "o" + i, 0L, r, "#")));
            item.put("sk", AttributeValue.fromN(Integer.toString(i * 10)));
            item.put("status", AttributeValue.fromS(i % 3 == 0 ? "it's $x \"ok\"" : "other"));
            item.put("total", AttributeValue.fromN(Integer.toString(i % 7)));
            item.put("note", AttributeValue.fromS("n'" + i + " $PATH"));
            item.put("extra", AttributeValue.fromS("not projected"));
            // The GSI: its own sharded key, with a space and a dollar sign in the logical key.
            item.put("grp", AttributeValue.fromS(hash3.apply("group $1", "o" + i, 0L, r, ".")));
            item.put("rank", AttributeValue.fromN(Integer.toString((i * 37) % 101)));
            Dynalite.client().putItem(b -> b.tableName(text).item(item));
            // Noise under another logical key: never in a result.
            Map<String, AttributeValue> noise = new HashMap<>(item);
            noise.put("pk", AttributeValue.fromS(hash4.apply("it's", "o" + i, 0L, r, "#")));
            noise.put("grp", AttributeValue.fromS("group"));
            Dynalite.client().putItem(b -> b.tableName(text).item(noise));
        }
        // Number-typed partition key: 42 sharded with the separator 0 gives the numbers 4201, 4202, 4203.
        for (int i = 0; i < 45; i++) {
            String id = hash3.apply("42", "e" + i, 0L, r, "0");
            Map<String, AttributeValue> item = Map.of(
                    "id",
                    AttributeValue.fromN(id),
                    "at",
                    AttributeValue.fromS(String.format(
                            java.util.Locale.ROOT, "2026-06-%02d %s'%d", 1 + i % 28, i % 2 == 0 ? "a" : "b", i)),
                    "kind",
                    AttributeValue.fromS(i % 4 == 0 ? "x\"y" : "z"),
                    "size",
                    AttributeValue.fromN(Integer.toString(i)));
            Dynalite.client().putItem(b -> b.tableName(numeric).item(item));
        }
    }

    @BeforeEach
    void connect() {
        main = new MainViewModel(
                new DirectTaskRunner(),
                new ConnectService(new ConnectionFactory(
                        AwsProfiles.from(Path.of("/nonexistent/a"), Path.of("/nonexistent/b"), Map.of()))));
        main.connect(ConnectionSpec.custom("dynalite", Dynalite.endpoint(), "us-east-1", Dynalite.ACCESS_KEY));
    }

    @AfterEach
    void close() {
        main.shutdown();
    }

    private void console(String table) {
        main.selectedTableProperty().set(table);
        assertThat(main.tableShapeProperty().get()).isNotNull();
        vm = new ScatterViewModel(main);
    }

    @Test
    void filterProjectionSortConditionAndQuotesNewestFirstWithALimit() throws Exception {
        console(text);
        vm.baseKeyProperty().set(NASTY);
        vm.schemeProperty().set("hash:4");
        vm.sortConditionProperty().set("between 40 and 700");
        vm.filterProperty().set("#status = :s AND #total >= :min");
        vm.filterValuesProperty().set(":s=S:it's $x \"ok\"; :min=N:2");
        vm.projectionProperty().set("total, note");
        vm.descendingProperty().set(true);
        vm.consistentProperty().set(true);
        vm.limitProperty().set("6");

        List<String> commands = assertCliMatchesRun(4);
        assertThat(commands).allSatisfy(c -> assertThat(c)
                .contains("--filter-expression '#status = :s AND #total >= :min'")
                .contains("--projection-expression '#total, #p0, #pk, #sk'")
                .contains("--consistent-read")
                .contains("--no-scan-index-forward")
                .contains("--max-items 6")
                .contains("--endpoint-url " + Dynalite.endpoint()));
        assertThat(vm.resultProperty().get().items())
                .allSatisfy(i -> assertThat(i).containsOnlyKeys("pk", "sk", "total", "note"));
    }

    @Test
    void everyMatchingItemAscendingWithoutALimit() throws Exception {
        console(text);
        vm.baseKeyProperty().set(NASTY);
        vm.schemeProperty().set("hash:4");
        vm.sortConditionProperty().set(">= 100");
        vm.filterProperty().set("#note <> :n");
        vm.filterValuesProperty().set(":n=S:n'5 $PATH");
        vm.limitProperty().set("0");

        List<String> commands = assertCliMatchesRun(4);
        assertThat(commands).allSatisfy(c -> assertThat(c)
                .contains("--scan-index-forward")
                .doesNotContain("--max-items")
                .doesNotContain("--projection-expression"));
        assertThat(vm.resultProperty().get().items()).hasSizeGreaterThan(40);
    }

    @Test
    void aShardedGsiWithASpaceAndADollarInItsKey() throws Exception {
        console(text);
        main.selectedResourceProperty().set(TableResource.gsi(GSI));
        vm.baseKeyProperty().set("group $1");
        vm.separatorProperty().set(".");
        vm.schemeProperty().set("hash:3");
        vm.sortConditionProperty().set("< 90");
        vm.projectionProperty().set("sk");
        vm.descendingProperty().set(true);
        vm.limitProperty().set("25");

        List<String> commands = assertCliMatchesRun(3);
        assertThat(commands).allSatisfy(c -> assertThat(c).contains("--index-name " + GSI));
    }

    @Test
    void aNumberTypedPartitionKeyWithAStringSortKey() throws Exception {
        console(numeric);
        vm.baseKeyProperty().set("42");
        vm.separatorProperty().set("0");
        vm.schemeProperty().set("hash:3");
        vm.sortConditionProperty().set("begins_with 2026-06-1");
        vm.filterProperty().set("#kind <> :k");
        vm.filterValuesProperty().set(":k=S:x\"y");
        vm.limitProperty().set("0");

        assertThat(vm.planProperty().get().shardKeys()).containsExactly("4201", "4202", "4203");
        List<String> commands = assertCliMatchesRun(3);
        assertThat(commands.get(0)).contains("\":pk\":{\"N\":\"4201\"}");
    }

    /**
     * Runs the console's read, then its copied commands; the merged CLI items must equal the console's. Returns the
     * commands.
     */
    private List<String> assertCliMatchesRun(int shards) throws Exception {
        assertThat(vm.planErrorProperty().get()).isNull();
        ScatterPlan plan = vm.planProperty().get();
        vm.run();
        ScatterResult result = vm.resultProperty().get();
        assertThat(result).isNotNull();
        assertThat(result.complete()).as(result.reasons().toString()).isTrue();
        assertThat(result.items()).isNotEmpty();

        List<String> commands = vm.cliCommands().lines().toList();
        assertThat(commands).hasSize(shards).hasSize(plan.shardKeys().size());
        KWayMerge merge = new KWayMerge(
                shards,
                plan.sortKey(),
                plan.ascending(),
                plan.limit() == 0 ? Integer.MAX_VALUE : plan.limit(),
                plan.dedupeBy());
        // The shards' commands side by side, as the console runs its Queries (each CLI start takes seconds).
        List<java.util.concurrent.CompletableFuture<AwsCli.Result>> runs = commands.stream()
                .map(c -> java.util.concurrent.CompletableFuture.supplyAsync(() -> AwsCli.bash(c)))
                .toList();
        for (int i = 0; i < shards; i++) {
            AwsCli.Result r = runs.get(i).join();
            assertThat(r.exitCode())
                    .as("%s\nexited %d: %s", commands.get(i), r.exitCode(), r.err())
                    .isZero();
            JsonNode doc = JSON.readTree(r.out());
            List<Map<String, AttrValue>> items = new ArrayList<>();
            doc.get("Items").forEach(item -> items.add(DynamoJson.values(item)));
            assertThat(doc.path("ConsumedCapacity").isObject())
                    .as("--return-consumed-capacity TOTAL: %s", r.out())
                    .isTrue();
            merge.offer(i, items, true);
        }
        assertThat(merge.merged()).as("the copied commands' items, merged").isEqualTo(result.items());
        return commands;
    }
}
