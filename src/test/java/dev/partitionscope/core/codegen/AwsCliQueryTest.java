package dev.partitionscope.core.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.DynamoJson;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ShardQuery;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.table.KeyType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The "Copy as CLI" rendering read back: each command is split into words as a POSIX shell would (single quotes,
 * double quotes, backslashes), its JSON parsed, and the Query rebuilt — it must be the {@link ShardQuery} it was
 * rendered from, field for field. A real bash (when there is one; no AWS CLI needed) must hand the CLI exactly
 * {@link AwsCliQuery#arguments}. {@code ScatterCliDynaliteTest} runs the commands with the AWS CLI itself.
 */
class AwsCliQueryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A key that breaks every naive quoting: quotes of both kinds, $, backquotes, backslash, spaces, !, a newline. */
    static final String NASTY = "it's \"$HOME\" `id` \\n a  b! ü\nz";

    static Stream<Named<ScatterPlan>> plans() {
        Map<String, AttrValue> every = new LinkedHashMap<>();
        every.put(":s", AttrValue.s(NASTY));
        every.put(":n", AttrValue.n("-12.50"));
        every.put(":t", AttrValue.Bool.TRUE);
        every.put(":z", AttrValue.Null.INSTANCE);
        every.put(":ss", new AttrValue.SS(List.of("x'", "y\"")));
        every.put(":ns", new AttrValue.NS(List.of(AttrValue.n(1), AttrValue.n("2.5"))));
        every.put(":l", new AttrValue.L(List.of(AttrValue.s("$a"), AttrValue.n(3))));
        every.put(":m", new AttrValue.M(Map.of("k'", AttrValue.Bool.FALSE)));
        ScatterPlan text = new ScatterPlan(
                        "orders",
                        "by status",
                        "status",
                        KeyType.S,
                        "created",
                        KeyType.N,
                        List.of(NASTY + "#1", NASTY + "#2", "plain#3"),
                        SortCondition.between(AttrValue.n(-5), AttrValue.n("1e3")),
                        "#a = :s AND #p0 <> :n AND #b = :t AND attribute_exists(#c) AND #d IN (:z, :ss, :ns, :l, :m)",
                        Map.of("#a", "it's", "#p0", "total $", "#b", "created", "#c", "c\"x", "#d", "d"),
                        every,
                        List.of("note's", "total $", "created"),
                        false,
                        7,
                        true,
                        4,
                        1000)
                .withDedupeBy(List.of("orderId"));
        Map<String, AttrValue> binary = new LinkedHashMap<>();
        binary.put(":b", AttrValue.B.ofBase64("AP8="));
        binary.put(":bs", new AttrValue.BS(List.of(AttrValue.B.ofBase64("AQ=="), AttrValue.B.ofBase64("/w=="))));
        ScatterPlan bytes = ScatterPlan.of("bin", null, "pk", "sk", KeyType.B, List.of("AAE=", "AAI=", "/+8="))
                .withPartitionKeyType(KeyType.B)
                .withSortCondition(SortCondition.of(SortCondition.Op.BEGINS_WITH, AttrValue.B.ofBase64("qg==")))
                .withFilter("#v IN (:b, :bs)", Map.of("#v", "v"), binary);
        ScatterPlan number = ScatterPlan.of("n", null, "id", null, null, List.of("4201", "4202", "-3.5e2"))
                .withPartitionKeyType(KeyType.N)
                .withProjection(List.of("id"));
        return Stream.of(
                Named.of("string key with quotes, GSI, every value type, projection, dedupe, limit", text),
                Named.of("binary key, binary condition and filter values", bytes),
                Named.of("number key, no sort key, projection of the key only", number));
    }

    @ParameterizedTest
    @MethodSource("plans")
    void eachShardsCommandParsesBackIntoItsQuery(ScatterPlan plan) {
        for (String key : plan.shardKeys()) {
            ShardQuery q = ShardQuery.of(plan, key);
            String command = AwsCliQuery.command(q);
            List<String> words = shellWords(command);

            assertThat(words.subList(1, words.size())).isEqualTo(AwsCliQuery.arguments(q));
            assertThat(parse(words)).isEqualTo(q);
        }
    }

    @ParameterizedTest
    @MethodSource("plans")
    void aRealShellHandsTheCliExactlyTheArguments(ScatterPlan plan) throws Exception {
        Path bash = Path.of("/bin/bash");
        Assumptions.assumeTrue(Files.isExecutable(bash), "needs /bin/bash");
        for (String key : plan.shardKeys()) {
            ShardQuery q = ShardQuery.of(plan, key);
            // The command with printf in place of aws: one NUL-terminated word per argument the CLI would get.
            String command = AwsCliQuery.command(q).replaceFirst("^aws ", "printf '%s\\\\0' ");

            assertThat(argvThroughShell(bash, command)).isEqualTo(AwsCliQuery.arguments(q));
        }
    }

    @Test
    void theCommandSaysEverythingTheRunSends() {
        ScatterPlan plan = plans().toList().get(0).getPayload();
        ShardQuery q = ShardQuery.of(plan, "plain#3");
        String command = AwsCliQuery.command(q);

        assertThat(command)
                .startsWith("aws dynamodb query --table-name orders --index-name 'by status' --key-condition-expression"
                        + " '#pk = :pk AND #sk BETWEEN :sk1 AND :sk2' --filter-expression '#a = :s AND #p0 <> :n")
                .contains(" --projection-expression '#p1, #p0, #sk, #pk, #p2' ")
                .contains("\"#p2\":\"orderId\"")
                .contains("\":pk\":{\"S\":\"plain#3\"}")
                .contains("\":sk1\":{\"N\":\"-5\"},\":sk2\":{\"N\":\"1000\"}")
                .contains("\":n\":{\"N\":\"-12.5\"}")
                .contains("\":ss\":{\"SS\":[\"x'\\''\",\"y\\\"\"]}")
                .contains("\":ns\":{\"NS\":[\"1\",\"2.5\"]}")
                .contains("\":l\":{\"L\":[{\"S\":\"$a\"},{\"N\":\"3\"}]}")
                .contains("\":z\":{\"NULL\":true}")
                .contains("\":t\":{\"BOOL\":true}")
                .endsWith(" --consistent-read --no-scan-index-forward --max-items 7 --return-consumed-capacity TOTAL")
                .doesNotContain("--cli-binary-format");
        ShardQuery bin = ShardQuery.of(plans().toList().get(1).getPayload(), "/+8=");
        assertThat(AwsCliQuery.command(bin))
                .contains("\":pk\":{\"B\":\"/+8=\"}")
                .contains("\":bs\":{\"BS\":[\"AQ==\",\"/w==\"]}")
                .contains(" --scan-index-forward ")
                .doesNotContain("--consistent-read")
                .doesNotContain("--max-items")
                .doesNotContain("--projection-expression")
                .doesNotContain("--index-name")
                .endsWith(" --cli-binary-format base64");
    }

    // ----------------------------------------------------------------------------------------------------------------

    /** The command's arguments read back into a Query: the inverse of {@link AwsCliQuery#arguments}. */
    static ShardQuery parse(List<String> words) {
        assertThat(words.subList(0, 3)).containsExactly("aws", "dynamodb", "query");
        Map<String, String> options = new LinkedHashMap<>();
        List<String> flags = new ArrayList<>();
        for (int i = 3; i < words.size(); i++) {
            String w = words.get(i);
            assertThat(w).as("an option, not a stray word").startsWith("--");
            switch (w) {
                case "--consistent-read", "--no-consistent-read", "--scan-index-forward", "--no-scan-index-forward" ->
                    flags.add(w);
                default -> {
                    assertThat(options).as("%s given twice", w).doesNotContainKey(w);
                    options.put(w, words.get(++i));
                }
            }
        }
        assertThat(options.remove("--return-consumed-capacity")).isEqualTo("TOTAL");
        Map<String, String> names = new LinkedHashMap<>();
        json(options.remove("--expression-attribute-names"))
                .properties()
                .forEach(e -> names.put(e.getKey(), e.getValue().textValue()));
        Map<String, AttrValue> values = DynamoJson.values(json(options.remove("--expression-attribute-values")));
        String binaryFormat = options.remove("--cli-binary-format");
        assertThat(binaryFormat)
                .as("--cli-binary-format base64 exactly when a value is binary")
                .isEqualTo(values.values().stream().anyMatch(AwsCliQueryTest::binary) ? "base64" : null);
        assertThat(flags).containsAnyOf("--scan-index-forward", "--no-scan-index-forward");
        String maxItems = options.remove("--max-items");
        ShardQuery q = new ShardQuery(
                options.remove("--table-name"),
                options.remove("--index-name"),
                options.remove("--key-condition-expression"),
                names,
                values,
                options.remove("--filter-expression"),
                options.remove("--projection-expression"),
                flags.contains("--consistent-read"),
                flags.contains("--scan-index-forward"),
                maxItems == null ? 0 : Integer.parseInt(maxItems));
        assertThat(options).as("options nobody reads").isEmpty();
        return q;
    }

    private static boolean binary(AttrValue v) {
        return v instanceof AttrValue.B
                || v instanceof AttrValue.BS
                || (v instanceof AttrValue.L l && l.values().stream().anyMatch(AwsCliQueryTest::binary))
                || (v instanceof AttrValue.M m && m.values().values().stream().anyMatch(AwsCliQueryTest::binary));
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }

    /**
     * Splits a command line into words as a POSIX shell does, for what this renderer writes: blanks separate words,
     * {@code '…'} is literal, {@code "…"} is literal but for {@code \} before {@code $ ` " \}, a bare {@code \} quotes
     * the next character. Expansions ({@code $}, backquotes) outside single quotes fail the test: nothing in a
     * rendered command may be expanded.
     */
    static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = null;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ' || c == '\t') {
                if (w != null) {
                    words.add(w.toString());
                    w = null;
                }
                continue;
            }
            if (w == null) {
                w = new StringBuilder();
            }
            switch (c) {
                case '\'' -> {
                    int end = line.indexOf('\'', i + 1);
                    assertThat(end).as("unterminated ' in %s", line).isPositive();
                    w.append(line, i + 1, end);
                    i = end;
                }
                case '"' -> {
                    for (i++; line.charAt(i) != '"'; i++) {
                        char d = line.charAt(i);
                        if (d == '\\' && "$`\"\\".indexOf(line.charAt(i + 1)) >= 0) {
                            d = line.charAt(++i);
                        } else {
                            assertThat(d)
                                    .as("an expansion in double quotes: %s", line)
                                    .isNotIn('$', '`');
                        }
                        w.append(d);
                    }
                }
                case '\\' -> w.append(line.charAt(++i));
                default -> {
                    assertThat(c)
                            .as("an unquoted shell character in %s", line)
                            .isNotIn('$', '`', ';', '&', '|', '<', '>', '(', ')', '\n');
                    w.append(c);
                }
            }
        }
        if (w != null) {
            words.add(w.toString());
        }
        return words;
    }

    private static List<String> argvThroughShell(Path bash, String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(bash.toString(), "-c", command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        String all = new String(out, StandardCharsets.UTF_8);
        assertThat(all).endsWith("\0");
        return List.of(all.substring(0, all.length() - 1).split("\0", -1));
    }

    @Test
    void dynamoJsonReadsBackWhatItWrites() {
        for (Named<ScatterPlan> p : plans().toList()) {
            ShardQuery q =
                    ShardQuery.of(p.getPayload(), p.getPayload().shardKeys().get(0));
            assertThat(DynamoJson.values(DynamoJson.values(q.values()))).isEqualTo(q.values());
        }
        assertThat(Base64.getEncoder()
                        .encodeToString(((AttrValue.B) DynamoJson.value(json("{\"B\":\"AP8=\"}"))).value()))
                .isEqualTo("AP8=");
    }
}
