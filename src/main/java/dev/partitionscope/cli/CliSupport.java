package dev.partitionscope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.UserMessage;
import java.io.PrintWriter;

/** Exit codes and error printing shared by subcommands: a message and a hint, never a stack trace. */
final class CliSupport {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;

    private CliSupport() {}

    /** The mapper of {@code --json} output: ISO-8601 times, indented, as {@code describe --json} writes them. */
    static ObjectMapper json() {
        return new ObjectMapper()
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(SerializationFeature.INDENT_OUTPUT)
                // An item's number 90 is held stripped (9E+1): written plain, as DynamoDB writes it.
                .enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    }

    static int fail(PrintWriter err, Throwable error, ConnectionSpec spec, String operation) {
        UserMessage m = ErrorTranslator.translate(error, spec, operation);
        err.println("error: " + m.headline());
        if (m.detail() != null && !m.detail().isBlank()) {
            err.println("  " + m.detail());
        }
        if (m.hint() != null && !m.hint().isBlank()) {
            err.println("  what to do: " + m.hint());
        }
        err.flush();
        return FAILED;
    }
}
