package dev.partitionscope.core.codegen;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles generated Java in-process against the test classpath (the AWS SDK included) and loads the class. */
final class JavaCompiling {
    private JavaCompiling() {}

    static Class<?> compile(String pkg, String className, String source) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            fail("No system Java compiler: run the tests on a JDK, not a JRE");
        }
        try {
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "codegen-tests")), "java");
            Path srcDir = dir.resolve("src");
            Path out = Files.createDirectories(dir.resolve("classes"));
            Path file = srcDir.resolve((pkg == null ? "" : pkg.replace('.', '/') + "/") + className + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source, StandardCharsets.UTF_8);
            StringWriter diagnostics = new StringWriter();
            int rc = javac.run(
                    null,
                    null,
                    new java.io.PrintStream(
                            new java.io.OutputStream() {
                                @Override
                                public void write(int b) {
                                    diagnostics.write(b);
                                }
                            },
                            true),
                    List.of(
                                    "-encoding",
                                    "UTF-8",
                                    "-Xlint:all",
                                    "-Werror",
                                    "-proc:none",
                                    "-d",
                                    out.toString(),
                                    "-classpath",
                                    System.getProperty("java.class.path"),
                                    file.toString())
                            .toArray(String[]::new));
            if (rc != 0) {
                fail("Generated " + className + ".java does not compile:\n" + diagnostics + "\n--- source ---\n"
                        + numbered(source));
            }
            URLClassLoader loader =
                    new URLClassLoader(new URL[] {out.toUri().toURL()}, JavaCompiling.class.getClassLoader());
            return Class.forName((pkg == null ? "" : pkg + ".") + className, true, loader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    static String numbered(String source) {
        StringBuilder sb = new StringBuilder();
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            sb.append(String.format("%4d  %s%n", i + 1, lines[i]));
        }
        return sb.toString();
    }
}
