package dev.partitionscope.core.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.aws.ScatterGather;
import dev.partitionscope.aws.SdkAttr;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.testing.LabFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The generated scatter-gather code must return exactly what {@link ScatterGather} returns for the same plan, in the
 * same order: Java compiled in-process and run on the Lab's SDK client; Python under python3 and TypeScript
 * (transpiled by tsc's own transpiler) under node, each handed a small client that speaks DynamoDB's JSON protocol to
 * the Lab over HTTP (the Lab does not check signatures) in place of boto3 or the SDK, which need not be installed.
 *
 * <p>The data is chosen so that the details matter: number sort keys beyond a double's precision and equal sort keys
 * in different shards (tie order), string sort keys whose UTF-16 and UTF-8 orders differ, binary keys above 0x7f, a
 * shard key containing a quote and a backslash, filters that make a shard page several times under the per-page
 * Limit, and limits that cut inside a shard.
 */
class ScatterCodeTest {
    static final String NUM = LabFixture.uniqueName("code-num");
    static final String TXT = LabFixture.uniqueName("code-txt");
    static final String BIN = LabFixture.uniqueName("code-bin");
    static final String GSI = "byGroup";
    /** Shard keys with a quote, a backslash and a non-ASCII letter: escaped in every language. */
    static final List<String> NUM_KEYS = List.of("a\"b\\é#1", "a\"b\\é#2", "a\"b\\é#3", "a\"b\\é#4");

    static final List<String> GSI_KEYS = List.of("g#1", "g#2", "g#3");
    static final List<String> TXT_KEYS = List.of("t#1", "t#2", "t#3");
    static final List<String> BIN_KEYS = List.of(b64(0, 1), b64(0, 2), b64(0xff, 3));

    private static LabFixture lab;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        DynamoDbClient c = lab.client();
        createTable(c, NUM, ScalarAttributeType.S, ScalarAttributeType.N, true);
        createTable(c, TXT, ScalarAttributeType.S, ScalarAttributeType.S, false);
        createTable(c, BIN, ScalarAttributeType.B, ScalarAttributeType.B, false);
        Random r = new Random(11);
        String[] letters = {"a", "Z", "\u00e9", "\ue000", "\ud83d\ude00", "\u00ff", "a b"};
        for (int i = 0; i < 120; i++) {
            // Large numbers beyond a double's 17 digits; small ones repeat, so equal sort keys meet across shards.
            String n =
                    i % 3 == 0 ? "12345678901234567890123" + String.format("%03d", i) : ((i % 25) - 12) + "." + (i % 7);
            put(
                    c,
                    NUM,
                    Map.of(
                            "pk",
                            AttributeValue.fromS(NUM_KEYS.get(r.nextInt(NUM_KEYS.size()))),
                            "sk",
                            AttributeValue.fromN(n),
                            "gpk",
                            AttributeValue.fromS(GSI_KEYS.get(r.nextInt(GSI_KEYS.size()))),
                            "gsk",
                            AttributeValue.fromN(Integer.toString(i % 20)),
                            "amount",
                            AttributeValue.fromN(Integer.toString(r.nextInt(100))),
                            "note",
                            AttributeValue.fromS(i % 5 == 0 ? "a\"b\\" : "item " + i)));
            String s = (i % 9 == 0 ? "x" : "k") + letters[r.nextInt(letters.length)] + i;
            put(
                    c,
                    TXT,
                    Map.of(
                            "pk",
                            AttributeValue.fromS(TXT_KEYS.get(r.nextInt(TXT_KEYS.size()))),
                            "sk",
                            AttributeValue.fromS(s),
                            "note",
                            AttributeValue.fromS(i % 4 == 0 ? "a\"b\\" : "item " + i)));
            put(
                    c,
                    BIN,
                    Map.of(
                            "pk",
                            bytes(BIN_KEYS.get(r.nextInt(BIN_KEYS.size()))),
                            "sk",
                            AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(
                                    new byte[] {(byte) (i * 53 % 256), (byte) i})),
                            "note",
                            AttributeValue.fromS("item " + i)));
        }
    }

    @AfterAll
    static void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    static Stream<Named<ScatterPlan>> plans() {
        ScatterPlan num = new ScatterPlan(
                NUM,
                null,
                "pk",
                KeyType.S,
                "sk",
                KeyType.N,
                NUM_KEYS,
                SortCondition.between(AttrValue.n("-5"), AttrValue.n("1000000000000000000000000000000")),
                "#a > :min AND #n <> :q",
                Map.of("#a", "amount", "#n", "note"),
                Map.of(":min", AttrValue.n(80), ":q", AttrValue.s("a\"b\\")),
                List.of("note"),
                true,
                7,
                true,
                3,
                ScatterPlan.DEFAULT_ITEM_CAP);
        ScatterPlan gsi = ScatterPlan.of(NUM, GSI, "gpk", "gsk", KeyType.N, GSI_KEYS)
                .withSortCondition(SortCondition.of(SortCondition.Op.LE, AttrValue.n(15)))
                .withConcurrency(2);
        ScatterPlan txt = ScatterPlan.of(TXT, null, "pk", "sk", KeyType.S, TXT_KEYS)
                .withSortCondition(SortCondition.of(SortCondition.Op.BEGINS_WITH, AttrValue.s("k")));
        ScatterPlan bin = ScatterPlan.of(BIN, null, "pk", "sk", KeyType.B, BIN_KEYS)
                .withPartitionKeyType(KeyType.B)
                .withSortCondition(
                        SortCondition.between(AttrValue.B.ofBase64(b64(0x10)), AttrValue.B.ofBase64(b64(0xf0))));
        return Stream.of(
                Named.of("number sk ascending, condition, filter, projection, limit 7", num),
                Named.of("number sk descending, condition, filter, projection, limit 7", num.withOrder(false)),
                Named.of(
                        "number sk ascending, condition, no limit",
                        num.withFilter(null, null, null).withLimit(0)),
                Named.of(
                        "index, number sk descending with ties in a shard, limit 9",
                        gsi.withOrder(false).withLimit(9)),
                Named.of("string sk ascending, begins_with, limit 6", txt.withLimit(6)),
                Named.of(
                        "string sk descending, begins_with, filter, limit 6",
                        txt.withOrder(false)
                                .withLimit(6)
                                .withFilter("#n <> :q", Map.of("#n", "note"), Map.of(":q", AttrValue.s("a\"b\\")))),
                Named.of("binary pk and sk ascending, between, limit 5", bin.withLimit(5)),
                Named.of(
                        "binary sk descending, limit 5",
                        bin.withSortCondition(null).withOrder(false).withLimit(5)),
                Named.of(
                        "no sort key: shards concatenated, limit 10",
                        ScatterPlan.of(NUM, null, "pk", null, null, NUM_KEYS)
                                .withOrder(false)
                                .withLimit(10)));
    }

    /** What the console returns for {@code plan}; checks that the case is a real one (data, a cut inside a shard). */
    private static List<Map<String, AttrValue>> expected(ScatterPlan plan) {
        ScatterResult result = new ScatterGather(lab.client()).run(plan, () -> false, ScatterGather.Listener.NONE);
        assertThat(result.complete()).as(result.reasons().toString()).isTrue();
        List<Map<String, AttrValue>> items = result.items();
        assertThat(items).as("the case must have data").isNotEmpty();
        if (plan.limit() > 0) {
            List<Map<String, AttrValue>> all = new ScatterGather(lab.client())
                    .run(plan.withLimit(0), () -> false, ScatterGather.Listener.NONE)
                    .items();
            assertThat(items).hasSize(plan.limit());
            AttrValue lastShard = items.get(plan.limit() - 1).get(plan.partitionKey());
            assertThat(all.subList(plan.limit(), all.size()))
                    .as("the limit cuts inside a shard")
                    .anyMatch(i -> i.get(plan.partitionKey()).equals(lastShard));
        }
        return items;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void generatedJavaReturnsWhatScatterGatherReturns(ScatterPlan plan) throws Exception {
        Method read = JavaCompiling.compile(null, ScatterCode.JAVA_CLASS, ScatterCode.java(plan))
                .getMethod("read", DynamoDbClient.class);
        @SuppressWarnings("unchecked")
        List<Map<String, AttributeValue>> items = (List<Map<String, AttributeValue>>) read.invoke(null, lab.client());
        assertThat(items.stream().map(SdkAttr::toCore).toList()).isEqualTo(expected(plan));
    }

    @Test
    void generatedJavaFailsOnARepeatedLastEvaluatedKeyInsteadOfLooping() throws Exception {
        ScatterPlan plan =
                ScatterPlan.of(NUM, null, "pk", "sk", KeyType.N, NUM_KEYS).withLimit(5);
        Method read = JavaCompiling.compile(null, ScatterCode.JAVA_CLASS, ScatterCode.java(plan))
                .getMethod("read", DynamoDbClient.class);
        DynamoDbClient looping = new DynamoDbClient() {
            @Override
            public QueryResponse query(QueryRequest request) {
                return QueryResponse.builder()
                        .items(List.of())
                        .lastEvaluatedKey(Map.of("pk", AttributeValue.fromS("same")))
                        .build();
            }

            @Override
            public String serviceName() {
                return "dynamodb";
            }

            @Override
            public void close() {}
        };
        assertThatThrownBy(() -> {
                    try {
                        read.invoke(null, looping);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                })
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("twice")
                .hasMessageContaining("stopping instead of looping");
    }

    private static final String PYTHON_DRIVER = """
            import base64, json, sys, types, urllib.error, urllib.request

            # scatter_read imports boto3, which need not be installed: this run talks to the Lab through LabClient.
            sys.modules.setdefault("boto3", types.ModuleType("boto3"))
            import scatter_read

            ENDPOINT = sys.argv[1]


            def as_boto3(item):
                return {k: ({"B": base64.b64decode(v["B"])} if "B" in v else v) for k, v in item.items()}


            def as_wire(item):
                return {k: ({"B": base64.b64encode(v["B"]).decode("ascii")} if "B" in v else v) for k, v in item.items()}


            class LabClient:
                \"\"\"ddb.query(**request) over DynamoDB's JSON protocol, values as boto3 gives them (B as bytes).\"\"\"

                def query(self, **request):
                    body = json.dumps(request, default=lambda b: base64.b64encode(b).decode("ascii")).encode("utf-8")
                    call = urllib.request.Request(ENDPOINT, data=body, method="POST", headers={
                        "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810.Query",
                        "X-Amz-Date": "20260101T000000Z", "Authorization": "AWS4-HMAC-SHA256"
                        " Credential=test/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host,"
                        " Signature=0"})
                    try:
                        with urllib.request.urlopen(call) as response:
                            page = json.load(response)
                    except urllib.error.HTTPError as e:
                        raise RuntimeError(e.read().decode("utf-8"))
                    page["Items"] = [as_boto3(i) for i in page.get("Items", [])]
                    if "LastEvaluatedKey" in page:
                        page["LastEvaluatedKey"] = as_boto3(page["LastEvaluatedKey"])
                    return page


            class Looping:
                def query(self, **request):
                    return {"Items": [], "LastEvaluatedKey": {"k": {"S": "same"}}}


            items = scatter_read.read(LabClient())
            loop = "no error"
            try:
                scatter_read.query_shard(Looping(), scatter_read.SHARD_KEYS[0])
            except RuntimeError as e:
                loop = str(e)
            sys.stdout.write(json.dumps({"items": [as_wire(i) for i in items], "loop": loop}))
            """;

    @Test
    void generatedPythonReturnsWhatScatterGatherReturns() {
        Path python = ExternalTools.require("python3", "Generated scatter-gather Python tests (python3)");
        for (Named<ScatterPlan> c : plans().toList()) {
            ScatterPlan plan = c.getPayload();
            Path dir = ExternalTools.tempDir("scatter-py");
            GeneratedFile file = ScatterCode.generate(Language.PYTHON, plan);
            ExternalTools.write(dir.resolve(file.path()), file.content());
            ExternalTools.write(dir.resolve("driver.py"), PYTHON_DRIVER);
            JsonNode out = json(ExternalTools.run(dir, List.of(python.toString(), "driver.py", lab.endpoint())));
            assertThat(items(out)).as("python3: " + c.getName()).isEqualTo(expected(plan));
            assertThat(out.get("loop").asText()).as(c.getName()).contains("twice; stopping instead of looping");
        }
    }

    private static final String NODE_DRIVER = """
            import { read, queryShard, SHARD_KEYS } from "./scatterRead.js";

            const endpoint = process.argv[2];
            const asWire = (key, value) => (value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value);
            const asSdk = (item) => Object.fromEntries(Object.entries(item).map(([k, v]) =>
              [k, v.B !== undefined ? { B: Uint8Array.from(Buffer.from(v.B, "base64")) } : v]));
            // client.send(new QueryCommand(input)) over DynamoDB's JSON protocol, values as the SDK gives them.
            const lab = {
              async send(command) {
                const response = await fetch(endpoint, {
                  method: "POST",
                  headers: { "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810.Query",
                    "X-Amz-Date": "20260101T000000Z", "Authorization": "AWS4-HMAC-SHA256"
                    + " Credential=test/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0" },
                  body: JSON.stringify(command.input, asWire),
                });
                const page = await response.json();
                if (!response.ok) {
                  throw new Error(JSON.stringify(page));
                }
                page.Items = (page.Items ?? []).map(asSdk);
                if (page.LastEvaluatedKey) {
                  page.LastEvaluatedKey = asSdk(page.LastEvaluatedKey);
                }
                return page;
              },
            };
            const looping = { async send() { return { Items: [], LastEvaluatedKey: { k: { S: "same" } } }; } };

            const items = await read(lab);
            let loop = "no error";
            try {
              await queryShard(looping, SHARD_KEYS[0]);
            } catch (e) {
              loop = e.message;
            }
            process.stdout.write(JSON.stringify({ items, loop }, asWire));
            """;

    @Test
    void generatedTypeScriptReturnsWhatScatterGatherReturns() {
        Path node = ExternalTools.require("node", "Generated scatter-gather TypeScript tests (node)");
        Optional<Path> tsc = TypeScriptGeneratorTest.tsc();
        if (tsc.isEmpty() && ExternalTools.required()) {
            throw new AssertionError("TypeScript is required (PARTITIONSCOPE_REQUIRE_NODE=1) but tsc is not in "
                    + "target/dynalite/node_modules: .ci/run installs typescript@5.9.3 there");
        }
        if (tsc.isEmpty()) {
            System.err.println("NOTE: tsc not found: the generated scatter-gather TypeScript is NOT checked or run"
                    + " (.ci/run installs TypeScript into target/dynalite)");
            Assumptions.abort("tsc not found: the generated scatter-gather TypeScript was not run");
        }
        for (Named<ScatterPlan> c : plans().toList()) {
            ScatterPlan plan = c.getPayload();
            Path dir = ExternalTools.tempDir("scatter-ts");
            ExternalTools.write(dir.resolve("package.json"), "{ \"type\": \"module\" }\n");
            // A stand-in for the SDK: the driver's client only needs the command's input.
            Path sdk = dir.resolve("node_modules").resolve("@aws-sdk").resolve("client-dynamodb");
            try {
                Files.createDirectories(sdk);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ExternalTools.write(
                    sdk.resolve("package.json"),
                    "{ \"name\": \"@aws-sdk/client-dynamodb\", \"type\": \"module\", \"main\": \"index.js\" }\n");
            ExternalTools.write(
                    sdk.resolve("index.js"),
                    "export class QueryCommand {\n  constructor(input) {\n    this.input = input;\n  }\n}\n");
            GeneratedFile file = ScatterCode.generate(Language.TYPESCRIPT, plan);
            ExternalTools.write(dir.resolve(file.path()), file.content());
            ExternalTools.transpileTypeScript(node, tsc.get(), dir, file.path());
            ExternalTools.write(dir.resolve("driver.js"), NODE_DRIVER);
            JsonNode out = json(ExternalTools.run(dir, List.of(node.toString(), "driver.js", lab.endpoint())));
            assertThat(items(out)).as("node: " + c.getName()).isEqualTo(expected(plan));
            assertThat(out.get("loop").asText()).as(c.getName()).contains("twice; stopping instead of looping");
        }
    }

    @Test
    void outputCarriesThePlanEscapedAndSaysWhatItDoes() {
        ScatterPlan plan = plans().toList().get(1).getPayload(); // descending, limit 7, filter value a"b\
        String java = ScatterCode.generate(Language.JAVA, plan).content();
        String python = ScatterCode.generate(Language.PYTHON, plan).content();
        String ts = ScatterCode.generate(Language.TYPESCRIPT, plan).content();
        assertThat(ScatterCode.generate(Language.JAVA, plan).path()).isEqualTo("ScatterRead.java");
        assertThat(ScatterCode.generate(Language.PYTHON, plan).path()).isEqualTo("scatter_read.py");
        assertThat(ScatterCode.generate(Language.TYPESCRIPT, plan).path()).isEqualTo("scatterRead.ts");
        for (String src : List.of(java, python, ts)) {
            for (int i = 1; i <= 4; i++) {
                assertThat(src).contains("\"a\\\"b\\\\\\u00e9#" + i + "\"");
            }
            assertThat(src)
                    .contains("\"#pk = :pk AND #sk BETWEEN :sk1 AND :sk2\"")
                    .contains("\"a\\\"b\\\\\"")
                    .contains("\"#a > :min AND #n <> :q\"")
                    .contains("\"#n, #pk, #sk\"")
                    .contains("Scatter-gather read of table " + NUM + ": 4 shards")
                    .contains("Merged by sort key sk (Number) in descending order")
                    .contains("Cut at the first 7 items")
                    .contains("Sort-key condition: sk BETWEEN -5 AND 1");
        }
        assertThat(java)
                .contains(".scanIndexForward(false)")
                .contains(".consistentRead(true)")
                .contains("public static final int LIMIT = 7;")
                .contains("Executors.newFixedThreadPool")
                .contains("CompletableFuture.supplyAsync")
                .contains("new BigDecimal(y.n())");
        assertThat(python)
                .contains("\"ScanIndexForward\": False,")
                .contains("\"ConsistentRead\": True,")
                .contains("LIMIT = 7\n")
                .contains("ThreadPoolExecutor")
                .contains("reverse=True")
                .contains("import boto3");
        assertThat(ts)
                .contains("ScanIndexForward: false,")
                .contains("ConsistentRead: true,")
                .contains("export const LIMIT = 7;")
                .contains("Promise.all")
                .contains("compareNumbers(y.N")
                .contains("from \"@aws-sdk/client-dynamodb\"");

        ScatterPlan ascending = plan.withOrder(true).withLimit(0).withConsistent(false);
        assertThat(ScatterCode.java(ascending))
                .contains(".scanIndexForward(true)")
                .doesNotContain("LIMIT")
                .doesNotContain("consistentRead")
                .contains("No limit");
        assertThat(ScatterCode.python(ascending))
                .contains("\"ScanIndexForward\": True,")
                .doesNotContain("LIMIT")
                .doesNotContain("reverse=True");
        assertThat(ScatterCode.typescript(ascending))
                .contains("ScanIndexForward: true,")
                .doesNotContain("LIMIT");
        assertThat(ScatterCode.java(plans().toList().get(3).getPayload()))
                .contains(".indexName(INDEX)")
                .contains("public static final String INDEX = \"" + GSI + "\";");
    }

    /** A filter with a value of every type DynamoDB has. */
    private static ScatterPlan everyTypePlan() {
        Map<String, AttrValue> values = new HashMap<>();
        values.put(":b", AttrValue.B.ofBase64("AP8="));
        values.put(":t", AttrValue.Bool.TRUE);
        values.put(":z", AttrValue.Null.INSTANCE);
        values.put(":ss", new AttrValue.SS(List.of("x", "y\"")));
        values.put(":ns", new AttrValue.NS(List.of(AttrValue.n(1), AttrValue.n("2.5"))));
        values.put(":l", new AttrValue.L(List.of(AttrValue.s("\n"), AttrValue.n(3))));
        values.put(":m", new AttrValue.M(Map.of("k", AttrValue.s("v"))));
        return ScatterPlan.of("t", null, "pk", "sk", KeyType.S, List.of("k"))
                .withFilter("#a IN (:b, :t, :z, :ss, :ns, :l, :m)", Map.of("#a", "a"), values);
    }

    @Test
    void everyValueTypeIsWrittenAsALiteralOfItsLanguage() {
        ScatterPlan plan = everyTypePlan();
        String java = ScatterCode.java(plan);
        JavaCompiling.compile(null, ScatterCode.JAVA_CLASS, java);
        assertThat(java)
                .contains("Map.entry(\":b\", AttributeValue.fromB(base64(\"AP8=\")))")
                .contains("AttributeValue.fromBool(true)")
                .contains("AttributeValue.fromNul(true)")
                .contains("AttributeValue.fromSs(List.of(\"x\", \"y\\\"\"))")
                .contains("AttributeValue.fromNs(List.of(\"1\", \"2.5\"))")
                .contains("AttributeValue.fromL(List.of(AttributeValue.fromS(\"\\n\"), AttributeValue.fromN(\"3\")))")
                .contains("AttributeValue.fromM(Map.ofEntries(Map.entry(\"k\", AttributeValue.fromS(\"v\"))))");
        assertThat(ScatterCode.python(plan))
                .contains("\":b\": {\"B\": base64.b64decode(\"AP8=\")},")
                .contains("{\"BOOL\": True}")
                .contains("{\"NULL\": True}")
                .contains("{\"SS\": [\"x\", \"y\\\"\"]}")
                .contains("{\"L\": [{\"S\": \"\\n\"}, {\"N\": \"3\"}]}")
                .contains("{\"M\": {\"k\": {\"S\": \"v\"}}}")
                .contains("import base64");
        assertThat(ScatterCode.typescript(plan))
                .contains("\":b\": { B: fromBase64(\"AP8=\") },")
                .contains("{ BOOL: true }")
                .contains("{ NULL: true }")
                .contains("{ NS: [\"1\", \"2.5\"] }")
                .contains("{ M: { \"k\": { S: \"v\" } } }")
                .contains("function fromBase64(");
    }

    /** Python and TypeScript (when tsc is there) must parse with a value of every type in the expressions. */
    @Test
    void valuesOfEveryTypeParseInPythonAndTypeScript() {
        Path python = ExternalTools.require("python3", "Generated scatter-gather Python tests (python3)");
        Path dir = ExternalTools.tempDir("scatter-syntax");
        ExternalTools.write(dir.resolve(ScatterCode.PYTHON_FILE), ScatterCode.python(everyTypePlan()));
        ExternalTools.run(
                dir,
                List.of(
                        python.toString(),
                        "-c",
                        "import ast; ast.parse(open('scatter_read.py', encoding='utf-8').read(), 'scatter_read.py')"));
        Path node = ExternalTools.require("node", "Generated scatter-gather TypeScript tests (node)");
        Optional<Path> tsc = TypeScriptGeneratorTest.tsc();
        if (tsc.isPresent()) {
            ExternalTools.write(dir.resolve(ScatterCode.TYPESCRIPT_FILE), ScatterCode.typescript(everyTypePlan()));
            ExternalTools.transpileTypeScript(node, tsc.get(), dir, ScatterCode.TYPESCRIPT_FILE);
        }
    }

    private static JsonNode json(String text) {
        try {
            return ExternalTools.JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text.substring(0, Math.min(text.length(), 500)), e);
        }
    }

    private static List<Map<String, AttrValue>> items(JsonNode out) {
        List<Map<String, AttrValue>> items = new ArrayList<>();
        out.get("items").forEach(i -> items.add(AttrJson.item(i, "item")));
        return items;
    }

    private static String b64(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return Base64.getEncoder().encodeToString(b);
    }

    private static AttributeValue bytes(String base64) {
        return AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(
                Base64.getDecoder().decode(base64)));
    }

    private static void createTable(
            DynamoDbClient c, String name, ScalarAttributeType pk, ScalarAttributeType sk, boolean gsi) {
        List<AttributeDefinition> defs = new ArrayList<>(List.of(def("pk", pk), def("sk", sk)));
        if (gsi) {
            defs.add(def("gpk", ScalarAttributeType.S));
            defs.add(def("gsk", ScalarAttributeType.N));
        }
        c.createTable(b -> {
            b.tableName(name)
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(keys("pk", "sk"))
                    .attributeDefinitions(defs);
            if (gsi) {
                b.globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                        .indexName(GSI)
                        .keySchema(keys("gpk", "gsk"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))
                        .build());
            }
        });
    }

    private static AttributeDefinition def(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(type)
                .build();
    }

    private static List<KeySchemaElement> keys(String pk, String sk) {
        return List.of(
                KeySchemaElement.builder()
                        .attributeName(pk)
                        .keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH)
                        .build(),
                KeySchemaElement.builder()
                        .attributeName(sk)
                        .keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.RANGE)
                        .build());
    }

    private static void put(DynamoDbClient c, String table, Map<String, AttributeValue> item) {
        c.putItem(b -> b.tableName(table).item(item));
    }
}
