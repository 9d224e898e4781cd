package dev.partitionscope.core.codegen;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.testing.Dynalite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Node and Python for the generated-code tests: found on PATH (through {@link Dynalite#onPath}, as the dynalite tests
 * find node); missing means a loud skip, or a failure when {@code PARTITIONSCOPE_REQUIRE_NODE=1} (CI, where
 * {@code .ci/run} installs them).
 */
final class ExternalTools {
    static final ObjectMapper JSON = new ObjectMapper();

    private ExternalTools() {}

    static boolean required() {
        return "1".equals(System.getenv("PARTITIONSCOPE_REQUIRE_NODE"));
    }

    /** The program on PATH, else fail (CI) or skip with a banner on stderr. */
    static Path require(String program, String what) {
        Optional<Path> p = Dynalite.onPath(program);
        if (p.isPresent()) {
            return p.get();
        }
        if (required()) {
            Assertions.fail("'" + program + "' is required for " + what + " (PARTITIONSCOPE_REQUIRE_NODE=1) but is not"
                    + " on PATH");
        }
        System.err.println(String.join(
                System.lineSeparator(),
                "",
                "##################################################################################",
                "##  " + what + " SKIPPED: '" + program + "' is not on PATH.",
                "##  The generated code was NOT executed. Install it, or set",
                "##  PARTITIONSCOPE_REQUIRE_NODE=1 to make this a failure instead of a skip.",
                "##################################################################################",
                ""));
        Assumptions.abort(what + " SKIPPED: '" + program + "' is not on PATH");
        throw new AssertionError("unreachable");
    }

    /** Runs a command in {@code dir}; its stdout, or a failure with everything it printed. */
    static String run(Path dir, List<String> command) {
        try {
            Path out = Files.createTempFile(dir, "out", ".txt");
            Path err = Files.createTempFile(dir, "err", ".txt");
            Process p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                Assertions.fail(String.join(" ", command) + " timed out");
            }
            String stdout = Files.readString(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                Assertions.fail(String.join(" ", command) + " exited " + p.exitValue() + ":\n"
                        + Files.readString(err, StandardCharsets.UTF_8) + "\n" + stdout);
            }
            return stdout;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * TypeScript's own transpiler (tsc's {@code typescript.js}, run by node) on {@code file} in {@code dir}: fails on
     * syntax errors and writes the JavaScript next to it ({@code x.ts} → {@code x.js}). Syntax only, no type check:
     * the files import the SDK, which is not installed here.
     */
    static Path transpileTypeScript(Path node, Path tsc, Path dir, String file) {
        Path ts = tsc.getParent().getParent().resolve("lib").resolve("typescript.js");
        String script = "const ts = require(" + JSON.valueToTree(ts.toString()) + ");\n"
                + "const fs = require('fs');\n"
                + "const src = fs.readFileSync(process.argv[2], 'utf8');\n"
                + "const out = ts.transpileModule(src, { reportDiagnostics: true, compilerOptions: { target: 'es2020',"
                + " module: 'es2020' } });\n"
                + "const errs = out.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\\n'));\n"
                + "if (errs.length) { console.error(errs.join('\\n')); process.exit(1); }\n"
                + "fs.writeFileSync(process.argv[3], out.outputText);\n";
        write(dir.resolve("transpile.cjs"), script);
        String js = file.replaceFirst("\\.ts$", ".js");
        run(dir, List.of(node.toString(), "transpile.cjs", file, js));
        return dir.resolve(js);
    }

    static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(Files.createDirectories(Path.of("target", "codegen-tests")), prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rows as JSON, {@code [[base, id, epochMillis], …]}, for the drivers. */
    static void writeRows(Path file, List<KeyCases.Row> rows) {
        List<List<Object>> data = new ArrayList<>();
        for (KeyCases.Row r : rows) {
            data.add(List.of(r.base(), r.id(), r.epochMillis()));
        }
        try {
            Files.writeString(file, JSON.writeValueAsString(data), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> readKeys(String json) {
        try {
            return List.of(JSON.readValue(json, String[].class));
        } catch (IOException e) {
            throw new AssertionError("not a JSON array of keys: " + json.substring(0, Math.min(json.length(), 500)), e);
        }
    }

    static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
