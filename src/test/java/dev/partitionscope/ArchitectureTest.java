package dev.partitionscope;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Layering rules, checked on the source text: {@code core} is pure Java (no JavaFX, no AWS SDK, no outer layer), and
 * {@code aws} / {@code config} know nothing of JavaFX or the UI, so they stay usable from the CLI and in tests.
 */
class ArchitectureTest {
    private static final Path MAIN = Path.of("src", "main", "java", "dev", "partitionscope");

    /** import lines and fully qualified references, outside comments and string literals. */
    private static final Pattern REFERENCE = Pattern.compile(
            "\\b(javafx|software\\.amazon|dev\\.partitionscope\\.[a-z]+)\\.[\\w.*]+");

    @Test
    void coreDependsOnNoUiNoAppNoAwsSdkAndNoOuterLayer() {
        List<String> violations = violations("core", List.of("javafx.", "software.amazon.",
                "dev.partitionscope.ui.", "dev.partitionscope.app.", "dev.partitionscope.cli.",
                "dev.partitionscope.aws.", "dev.partitionscope.config."));

        assertThat(violations).as("core must stay pure Java; offending references:%n%s",
                String.join(System.lineSeparator(), violations)).isEmpty();
    }

    @Test
    void awsAndConfigUseNoJavaFxAndNoUi() {
        List<String> violations = new ArrayList<>();
        for (String layer : List.of("aws", "config")) {
            violations.addAll(violations(layer, List.of("javafx.", "dev.partitionscope.ui.",
                    "dev.partitionscope.app.")));
        }

        assertThat(violations).as("aws and config must not touch JavaFX or the UI; offending references:%n%s",
                String.join(System.lineSeparator(), violations)).isEmpty();
    }

    @Test
    void reportsDrawWithoutJavaFx() {
        // The CLI's report command runs on servers without a display or a JavaFX toolkit: AWT only.
        List<String> violations = violations("report", List.of("javafx.", "dev.partitionscope.ui.",
                "dev.partitionscope.app.", "dev.partitionscope.cli."));

        assertThat(violations).as("report must not touch JavaFX, the UI or the CLI; offending references:%n%s",
                String.join(System.lineSeparator(), violations)).isEmpty();
    }

    @Test
    void theRuleSeesWhatItShouldSee() {
        assertThat(offending("import javafx.scene.Node;\nclass A {}", List.of("javafx."))).hasSize(1);
        assertThat(offending("import static software.amazon.awssdk.regions.Region.US_EAST_1;",
                List.of("software.amazon."))).hasSize(1);
        assertThat(offending("class A { javafx.scene.Node n; }", List.of("javafx."))).hasSize(1);
        assertThat(offending("import dev.partitionscope.ui.shell.MainWindow;", List.of("dev.partitionscope.ui.")))
                .hasSize(1);
        assertThat(offending("// see javafx.scene.Node\n/* software.amazon.X */ class A {}",
                List.of("javafx.", "software.amazon."))).isEmpty();
        assertThat(offending("import dev.partitionscope.uikit.X;", List.of("dev.partitionscope.ui."))).isEmpty();
        assertThat(offending("class A { String s = \"import software.amazon.X;\"; String t = \"\"\"\n"
                + "software.amazon.Y\n\"\"\"; char q = '\"'; }", List.of("software.amazon."))).isEmpty();
        assertThat(offending("class A { String s = \"// x\"; software.amazon.Z z; }", List.of("software.amazon.")))
                .hasSize(1);
    }

    private static List<String> violations(String layer, List<String> forbidden) {
        Path root = MAIN.resolve(layer);
        assertThat(root).as("source folder of layer '%s' (run from the project root)", layer).isDirectory();
        List<String> violations = new ArrayList<>();
        int files = 0;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path file : paths.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                files++;
                for (String reference : offending(Files.readString(file), forbidden)) {
                    violations.add(file + ": " + reference);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(files).as("Java files found under %s", root).isPositive();
        return violations;
    }

    static List<String> offending(String source, List<String> forbidden) {
        String code = codeOnly(source).replaceAll("(?m)^\\s*package\\s+[\\w.]+;", "");
        List<String> found = new ArrayList<>();
        Matcher m = REFERENCE.matcher(code);
        while (m.find()) {
            String reference = m.group();
            if (forbidden.stream().anyMatch(reference::startsWith)) {
                found.add(reference);
            }
        }
        return found;
    }

    /**
     * The source without comments and string, text-block and char literals (generated code may name any class in a
     * string: that is text, not a dependency). One pass, so a quote in a comment or a slash in a string is harmless.
     */
    private static String codeOnly(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                i = source.indexOf('\n', i) < 0 ? n : source.indexOf('\n', i);
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                while (end > 0 && source.charAt(end - 1) == '\\') {
                    end = source.indexOf("\"\"\"", end + 1);
                }
                i = end < 0 ? n : end + 3;
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = Math.min(n, j + 1);
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
