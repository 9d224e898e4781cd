package dev.partitionscope.core.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.scheme.KeyScheme;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** python3 runs the generated keys.py on 10,000 rows per scheme and must print KeyScheme's keys. */
class PythonGeneratorTest {
    private static final List<KeyCases.Row> ROWS = KeyCases.rows();
    private static final PythonGenerator GEN = new PythonGenerator();

    private static String driver(KeyScheme scheme) {
        String args = "r[0]" + (scheme.needsId() ? ", r[1]" : "") + (scheme.bucket() != null ? ", r[2]" : "");
        return "import json, sys\n"
                + "from keys import partition_key\n"
                + "with open(sys.argv[1], encoding='utf-8') as f:\n"
                + "    rows = json.load(f)\n"
                + "sys.stdout.write(json.dumps([partition_key(" + args + ") for r in rows]))\n";
    }

    private static List<String> run(Path python, CodeGenRequest request, List<KeyCases.Row> rows) {
        Path dir = ExternalTools.tempDir("py");
        List<GeneratedFile> files = GEN.generate(request);
        for (GeneratedFile f : files) {
            ExternalTools.write(dir.resolve(f.path()), f.content());
        }
        ExternalTools.writeRows(dir.resolve("rows.json"), rows);
        ExternalTools.write(dir.resolve("driver.py"), driver(request.scheme()));
        // reader.py imports boto3, which need not be installed: check that it parses.
        ExternalTools.run(
                dir,
                List.of(
                        python.toString(),
                        "-c",
                        "import ast, sys; ast.parse(open('reader.py', encoding='utf-8').read(), 'reader.py')"));
        return ExternalTools.readKeys(ExternalTools.run(dir, List.of(python.toString(), "driver.py", "rows.json")));
    }

    @Test
    void pythonComputesKeySchemesKeysOnTenThousandIdsForEveryScheme() {
        Path python = ExternalTools.require("python3", "Python key-function tests (python3)");
        for (KeyCases.Case c : KeyCases.CASES) {
            CodeGenRequest request = CodeGenRequest.of(c.scheme(), "orders", "PK")
                    .withSeparator(c.separator())
                    .withSortKey("SK")
                    .withRationale("peak 4,000 writes/s ÷ 1,000 WCU/s per key × 1.25 → 5, rounded");
            assertThat(run(python, request, ROWS)).as("python3: " + c).isEqualTo(c.expected(ROWS));
        }
    }

    @Test
    void readersParseForIndexRandomAndOddNames() {
        Path python = ExternalTools.require("python3", "Python key-function tests (python3)");
        run(
                python,
                CodeGenRequest.of(KeyScheme.parse("PENDING,SHIPPED:hash:8"), "orders", "GSI1PK")
                        .withSortKey("GSI1SK")
                        .withIndex("GSI1"),
                ROWS.subList(0, 10));
        run(
                python,
                CodeGenRequest.of(KeyScheme.parse("sum:10"), "t\"q\\", "P\"K").withSeparator("\"\\\n"),
                ROWS.subList(0, 10));
        List<String> keys = run(
                python,
                CodeGenRequest.of(KeyScheme.parse("random:5"), "orders", "PK").withSeparator("."),
                ROWS.subList(0, 2_000));
        HashSet<String> suffixes = new HashSet<>();
        for (int i = 0; i < keys.size(); i++) {
            String prefix = ROWS.get(i).base() + ".";
            assertThat(keys.get(i)).startsWith(prefix);
            suffixes.add(keys.get(i).substring(prefix.length()));
        }
        assertThat(suffixes).containsExactlyInAnyOrder("1", "2", "3", "4", "5");
    }

    @Test
    void nIsANamedConstantWithItsRationaleAndOneCallSite() {
        String src = GEN.generate(CodeGenRequest.of(KeyScheme.parse("day+hash:8"), "orders", "PK")
                        .withRationale("peak 4,000 writes/s → 8\nsecond line"))
                .get(0)
                .content();
        assertThat(src)
                .contains("\nSHARDS = 8\n")
                .contains("# Why 8: peak 4,000 writes/s → 8\n# second line\n")
                .doesNotContain("import boto3");
        assertThat(src.split("_hash_suffix\\(item_id, SHARDS\\)", -1)).hasSize(2);
    }
}
