package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.testing.LabFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@code partitionscope audit} in-process against a Lab: a single-table design with an OPS_LOG stream (one key),
 * orders under ORDER#&lt;uuid&gt; and a BRAND_INDEX collection key — the patterns, the matrix and the findings, as
 * JSON and as Markdown; bad options exit 2 with what to write.
 */
class AuditCommandTest {
    private static LabFixture lab;
    private static String table;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        table = LabFixture.uniqueName("app");
        lab.client().createTable(b -> b.tableName(table)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        AttributeDefinition.builder()
                                .attributeName("PK")
                                .attributeType(ScalarAttributeType.S)
                                .build(),
                        AttributeDefinition.builder()
                                .attributeName("SK")
                                .attributeType(ScalarAttributeType.S)
                                .build())
                .keySchema(
                        KeySchemaElement.builder()
                                .attributeName("PK")
                                .keyType(KeyType.HASH)
                                .build(),
                        KeySchemaElement.builder()
                                .attributeName("SK")
                                .keyType(KeyType.RANGE)
                                .build()));
        Instant t = Instant.parse("2026-06-22T01:00:00Z");
        for (int i = 0; i < 300; i++) {
            put("OPS_LOG", t.plusSeconds(i * 7L) + "#agent" + (i % 4));
            put("ORDER#" + new UUID(i * 7919L, i * 104729L), "META");
        }
        for (int i = 0; i < 5; i++) {
            put("BRAND_INDEX", "BRAND#" + t.plusSeconds(i) + "#b" + i);
        }
    }

    private static void put(String pk, String sk) {
        lab.client().putItem(b -> b.tableName(table)
                .item(Map.of(
                        "PK",
                        AttributeValue.fromS(pk),
                        "SK",
                        AttributeValue.fromS(sk),
                        "pad",
                        AttributeValue.fromS("x".repeat(200)))));
    }

    @AfterAll
    static void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    private int run(String... args) {
        List<String> all = new ArrayList<>(List.of("audit", "--endpoint", lab.endpoint()));
        all.addAll(List.of(args));
        return RootCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    }

    @Test
    void jsonHasPatternsMatrixFindingsAndTheRcuUsed() throws Exception {
        assertThat(run("--table", table, "--budget-rcu", "0", "--no-insights", "--json"))
                .as(err.toString())
                .isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.get("table").asText()).isEqualTo(table);
        assertThat(doc.get("consumedRcu").asDouble()).isPositive();
        assertThat(doc.get("complete").asBoolean()).isTrue();
        Map<String, JsonNode> patterns = new java.util.HashMap<>();
        doc.get("patterns").forEach(p -> patterns.put(p.get("template").asText(), p));
        assertThat(patterns).containsKeys("OPS_LOG", "ORDER#<uuid>", "BRAND_INDEX");
        assertThat(patterns.get("OPS_LOG").get("itemsSampled").asInt()).isEqualTo(300);
        assertThat(patterns.get("OPS_LOG").get("estimatedCardinality").asInt()).isEqualTo(1);
        assertThat(patterns.get("ORDER#<uuid>").get("distinctSeen").asInt()).isEqualTo(300);
        assertThat(patterns.get("ORDER#<uuid>").get("itemSize").get("p50").asInt())
                .isGreaterThan(200);
        for (JsonNode p : doc.get("patterns")) {
            assertThat(p.has("cardinalityError") && p.has("topKeyShare")).isTrue();
        }
        JsonNode ops = null;
        for (JsonNode f : doc.get("findings")) {
            if (f.get("pattern").asText().equals("OPS_LOG")) {
                ops = f;
            }
            assertThat(f.has("severity") && f.has("message") && f.has("suggestedScheme"))
                    .isTrue();
        }
        assertThat(ops).as(doc.get("findings").toString()).isNotNull();
        assertThat(ops.get("severity").asText()).isEqualTo("MEDIUM");
        assertThat(ops.get("suggestedScheme").asText()).isEqualTo("day");
        assertThat(doc.get("load").asText()).startsWith("Contributor Insights not read");
    }

    @Test
    void textIsMarkdownWithTheMatrixFindingsAndPatterns() {
        assertThat(run("--table", table, "--budget-rcu", "0", "--no-insights", "--segments", "3"))
                .as(err.toString())
                .isZero();
        String text = out.toString();
        assertThat(text).startsWith("# Key audit: " + table);
        assertThat(text)
                .contains(
                        "## Risk matrix",
                        "| `OPS_LOG` | " + table + " | 1 — hot by definition | not" + " measured |",
                        "## Findings",
                        "- **Medium** OPS_LOG has cardinality 1",
                        "## Key patterns",
                        "| `ORDER#<uuid>` | 300 (");
        assertThat(err.toString()).contains("sampling " + table + " (1 of 1)");
    }

    @Test
    void badOptionsSayWhatToWrite() {
        assertThat(run("--table", table, "--time-cap", "soon")).isEqualTo(CliSupport.USAGE);
        assertThat(err.toString()).contains("--time-cap soon: give e.g. 90s, 5m or 1h");
        assertThat(run("--table", table, "--budget-rcu", "-3")).isEqualTo(CliSupport.USAGE);
        assertThat(run("--table", table, "--segments", "0")).isEqualTo(CliSupport.USAGE);
        assertThat(err.toString()).contains("TotalSegments is between 1 and 1,000,000, not 0");
        assertThat(run("--table", "no-such-table", "--budget-rcu", "0")).isEqualTo(CliSupport.FAILED);
    }
}
