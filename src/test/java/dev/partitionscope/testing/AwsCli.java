package dev.partitionscope.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The AWS CLI ({@code aws}, v1 or v2) and bash for tests that run the commands the app copies to the clipboard.
 * Annotate a test class with {@code @ExtendWith(AwsCli.Required.class)}: without {@code aws} or {@code bash} on PATH
 * the class is skipped with a loud warning on stderr, or fails when {@code PARTITIONSCOPE_REQUIRE_AWSCLI=1} (CI, where
 * {@code .ci/run} installs Debian's {@code awscli}).
 *
 * <p>{@link #bash} runs one command line through {@code bash -c} with dummy credentials and a region in the
 * environment, no pager, and no user configuration (so a developer's {@code ~/.aws} cannot change what is tested).
 */
public final class AwsCli {
    private static boolean warned;

    private AwsCli() {}

    /** Skips the annotated class when {@code aws} or {@code bash} is missing, unless they are required. */
    public static final class Required implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            String missing = missing();
            if (missing == null) {
                return ConditionEvaluationResult.enabled("aws and bash found");
            }
            if (required()) {
                // Enabled, so that the test itself fails loudly in beforeAll/each through require().
                return ConditionEvaluationResult.enabled("aws CLI required (PARTITIONSCOPE_REQUIRE_AWSCLI=1)");
            }
            warnOnce(missing);
            return ConditionEvaluationResult.disabled("AWS CLI tests SKIPPED: " + missing);
        }
    }

    /** Fails when the tools are missing and required; call from {@code @BeforeAll}. */
    public static void require() {
        String missing = missing();
        if (missing != null) {
            Assertions.fail("The AWS CLI is required for these tests (PARTITIONSCOPE_REQUIRE_AWSCLI=1) but " + missing
                    + ": install it (e.g. 'apt-get install -y awscli') and run again.");
        }
    }

    /** The result of one command: exit code, stdout, stderr. */
    public record Result(int exitCode, String out, String err) {}

    /**
     * Runs {@code commandLine} with {@code bash -c}; the environment carries dummy credentials and
     * {@code AWS_DEFAULT_REGION=us-east-1} (a command's own {@code --region} or inline variables win).
     */
    public static Result bash(String commandLine) {
        ProcessBuilder pb = new ProcessBuilder(
                onPath("bash").orElseThrow(() -> new IllegalStateException("bash is not on PATH")), "-c", commandLine);
        Map<String, String> env = pb.environment();
        env.put("AWS_ACCESS_KEY_ID", "dummy");
        env.put("AWS_SECRET_ACCESS_KEY", "dummy");
        env.put("AWS_DEFAULT_REGION", "us-east-1");
        env.remove("AWS_PROFILE");
        env.remove("AWS_SESSION_TOKEN");
        env.put("AWS_PAGER", "");
        env.put("AWS_CONFIG_FILE", "/nonexistent/partitionscope-test/config");
        env.put("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/partitionscope-test/credentials");
        env.put("AWS_EC2_METADATA_DISABLED", "true");
        try {
            Path out = Files.createTempFile("awscli-out", ".txt");
            Path err = Files.createTempFile("awscli-err", ".txt");
            try {
                Process p = pb.redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
                if (!p.waitFor(120, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new AssertionError("timed out after 120 s: " + commandLine);
                }
                return new Result(
                        p.exitValue(),
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** {@code aws --version}'s first line, e.g. {@code aws-cli/2.9.19 Python/3.11.2 …}. */
    public static String version() {
        Result r = bash("aws --version 2>&1");
        return r.out().lines().findFirst().orElse("").strip();
    }

    /** True for AWS CLI v2, which reads blobs in JSON arguments as base64 (v1 sends the text's bytes). */
    public static boolean isV2() {
        return version().startsWith("aws-cli/2.");
    }

    private static boolean required() {
        return "1".equals(System.getenv("PARTITIONSCOPE_REQUIRE_AWSCLI"));
    }

    private static String missing() {
        if (onPath("bash").isEmpty()) {
            return "'bash' is not on PATH";
        }
        if (onPath("aws").isEmpty()) {
            return "'aws' (the AWS CLI) is not on PATH";
        }
        return null;
    }

    private static Optional<String> onPath(String program) {
        return Dynalite.onPath(program).map(Path::toString);
    }

    private static synchronized void warnOnce(String why) {
        if (warned) {
            return;
        }
        warned = true;
        System.err.println(String.join(
                System.lineSeparator(),
                "",
                "##################################################################################",
                "##  AWS CLI tests SKIPPED: " + why + ".",
                "##  The copied 'aws dynamodb query' commands were NOT run.",
                "##  Install the AWS CLI (e.g. 'apt-get install -y awscli'), or set",
                "##  PARTITIONSCOPE_REQUIRE_AWSCLI=1 to make this a failure instead of a skip.",
                "##################################################################################",
                ""));
    }
}
