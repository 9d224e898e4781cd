package dev.partitionscope.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes small JSON state files safely: writes go to a temporary file that is then moved into place, so a
 * crash never leaves half a file; a file that cannot be parsed is moved aside (not deleted) and reported.
 */
public final class JsonFiles {
    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // A connection kind from a newer release reads as null and that entry is skipped, not the whole file.
            .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL);

    private JsonFiles() {}

    /** What reading produced: the value (or the fallback) and, when the file was unreadable, a message. */
    public record Read<T>(T value, String problem) {}

    public static <T> Read<T> read(Path file, Class<T> type, T fallback) {
        if (!Files.isRegularFile(file)) {
            return new Read<>(fallback, null);
        }
        try {
            T value = MAPPER.readValue(file.toFile(), type);
            return new Read<>(value == null ? fallback : value, null);
        } catch (IOException e) {
            Path aside = file.resolveSibling(file.getFileName() + ".unreadable-" + System.currentTimeMillis());
            try {
                Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException moveFailed) {
                aside = file;
            }
            return new Read<>(
                    fallback,
                    file.getFileName() + " could not be read and was kept as " + aside.getFileName() + " ("
                            + firstLine(e.getMessage()) + "); starting from defaults.");
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    public static void write(Path file, Object value) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = Files.createTempFile(
                file.toAbsolutePath().getParent(), file.getFileName().toString(), ".tmp");
        try {
            MAPPER.writeValue(tmp.toFile(), value);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
