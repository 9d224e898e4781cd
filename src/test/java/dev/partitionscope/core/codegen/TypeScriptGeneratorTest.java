package dev.partitionscope.core.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.scheme.KeyScheme;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Node executes the generated key module on 10,000 rows per scheme and must print KeyScheme's keys. Without
 * TypeScript the module is the generator's annotation-free variant (same statements); when {@code tsc} is installed
 * ({@code -Dpartitionscope.typescript.dir}, default target/dynalite where .ci/run puts it, or on PATH) the typed
 * {@code keys.ts} is compiled with {@code --strict} and run as well, and {@code reader.ts} is checked for syntax.
 */
class TypeScriptGeneratorTest {
    private static final List<KeyCases.Row> ROWS = KeyCases.rows();
    private static final TypeScriptGenerator GEN = new TypeScriptGenerator();

    private static String driver(KeyScheme scheme, String module) {
        String args = "r[0]" + (scheme.needsId() ? ", r[1]" : "") + (scheme.bucket() != null ? ", r[2]" : "");
        return "import { readFileSync } from \"node:fs\";\n"
                + "import { partitionKey } from \"" + module + "\";\n"
                + "const rows = JSON.parse(readFileSync(process.argv[2], \"utf8\"));\n"
                + "process.stdout.write(JSON.stringify(rows.map((r) => partitionKey(" + args + "))));\n";
    }

    @Test
    void nodeComputesKeySchemesKeysOnTenThousandIdsForEveryScheme() {
        Path node = ExternalTools.require("node", "TypeScript key-function tests (node)");
        Optional<Path> tsc = tsc();
        if (tsc.isEmpty() && ExternalTools.required()) {
            throw new AssertionError("TypeScript is required (PARTITIONSCOPE_REQUIRE_NODE=1) but tsc is not in "
                    + "target/dynalite/node_modules: .ci/run installs typescript@5.9.3 there");
        }
        if (tsc.isEmpty()) {
            System.err.println("NOTE: tsc not found: running the annotation-free key module only (.ci/run installs"
                    + " TypeScript into target/dynalite)");
        }
        for (KeyCases.Case c : KeyCases.CASES) {
            CodeGenRequest request = CodeGenRequest.of(c.scheme(), "orders", "PK")
                    .withSeparator(c.separator())
                    .withSortKey("SK")
                    .withRationale("peak 4,000 writes/s ÷ 1,000 WCU/s per key × 1.25 → 5, rounded");
            Path dir = ExternalTools.tempDir("ts");
            ExternalTools.write(dir.resolve("package.json"), "{ \"type\": \"module\" }\n");
            ExternalTools.writeRows(dir.resolve("rows.json"), ROWS);
            ExternalTools.write(dir.resolve("keys.js"), GEN.keysModule(request, false));
            ExternalTools.write(dir.resolve("driver.js"), driver(c.scheme(), "./keys.js"));
            List<String> expected = c.expected(ROWS);
            assertThat(ExternalTools.readKeys(
                            ExternalTools.run(dir, List.of(node.toString(), "driver.js", "rows.json"))))
                    .as("node, plain module: " + c)
                    .isEqualTo(expected);
            if (tsc.isPresent()) {
                for (GeneratedFile f : GEN.generate(request)) {
                    ExternalTools.write(dir.resolve(f.path()), f.content());
                }
                ExternalTools.run(
                        dir,
                        List.of(
                                node.toString(),
                                tsc.get().toString(),
                                "--strict",
                                "--target",
                                "es2020",
                                "--module",
                                "es2020",
                                "--outDir",
                                "ts",
                                "keys.ts"));
                ExternalTools.write(dir.resolve("driver-ts.js"), driver(c.scheme(), "./ts/keys.js"));
                assertThat(ExternalTools.readKeys(
                                ExternalTools.run(dir, List.of(node.toString(), "driver-ts.js", "rows.json"))))
                        .as("node, tsc --strict keys.ts: " + c)
                        .isEqualTo(expected);
                ExternalTools.transpileTypeScript(node, tsc.get(), dir, "reader.ts");
            }
        }
    }

    @Test
    void randomSuffixStaysInOneToNUnderNode() {
        Path node = ExternalTools.require("node", "TypeScript key-function tests (node)");
        KeyScheme scheme = KeyScheme.parse("random:5");
        Path dir = ExternalTools.tempDir("ts");
        ExternalTools.write(dir.resolve("package.json"), "{ \"type\": \"module\" }\n");
        ExternalTools.writeRows(dir.resolve("rows.json"), ROWS.subList(0, 2_000));
        ExternalTools.write(
                dir.resolve("keys.js"),
                GEN.keysModule(CodeGenRequest.of(scheme, "orders", "PK").withSeparator("."), false));
        ExternalTools.write(dir.resolve("driver.js"), driver(scheme, "./keys.js"));
        List<String> keys =
                ExternalTools.readKeys(ExternalTools.run(dir, List.of(node.toString(), "driver.js", "rows.json")));
        List<String> suffixes = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            String prefix = ROWS.get(i).base() + ".";
            assertThat(keys.get(i)).startsWith(prefix);
            suffixes.add(keys.get(i).substring(prefix.length()));
        }
        assertThat(new HashSet<>(suffixes)).containsExactlyInAnyOrder("1", "2", "3", "4", "5");
    }

    @Test
    void typedAndPlainModulesDifferOnlyInAnnotationsAndNIsDocumented() {
        CodeGenRequest request = CodeGenRequest.of(KeyScheme.parse("PENDING,SHIPPED:day+hash:8"), "orders", "GSI1PK")
                .withSortKey("GSI1SK")
                .withIndex("GSI1")
                .withRationale("peak 4,000 writes/s → 8");
        String typed = GEN.keysModule(request, true);
        String plain = GEN.keysModule(request, false);
        assertThat(typed)
                .contains("export const SHARDS = 8;")
                .contains("Why 8: peak 4,000 writes/s → 8")
                .contains("export function partitionKey(base: string, id: string, epochMillis: number): string {")
                .doesNotContain("import ");
        assertThat(typed.split("hashSuffix\\(id, SHARDS\\)", -1))
                .as("one call site computes the suffix")
                .hasSize(2);
        assertThat(plain).contains("export function partitionKey(base, id, epochMillis) {");
        assertThat(typed.replaceAll(": (string|number)(\\[])?|: ReadonlySet<string>", ""))
                .isEqualTo(plain);
        String reader = GEN.generate(request).get(1).content();
        assertThat(reader)
                .contains("from \"@aws-sdk/client-dynamodb\"")
                .contains("IndexName: INDEX")
                .contains("Promise.all")
                .contains("LastEvaluatedKey")
                .doesNotContain("GetItemCommand");
    }

    /** tsc's JavaScript entry point (run with node), if TypeScript is installed. */
    static Optional<Path> tsc() {
        String dir = System.getProperty("partitionscope.typescript.dir");
        Path base = dir == null || dir.isBlank() ? Path.of("target", "dynalite") : Path.of(dir);
        Path bin = base.resolve("node_modules")
                .resolve("typescript")
                .resolve("bin")
                .resolve("tsc")
                .toAbsolutePath();
        if (Files.isRegularFile(bin)) {
            return Optional.of(bin);
        }
        return Optional.empty();
    }
}
