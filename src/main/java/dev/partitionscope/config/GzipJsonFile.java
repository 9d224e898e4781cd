package dev.partitionscope.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;

/**
 * The envelope of the files people share — Lab recordings and snapshots: gzip-compressed JSON with a {@code format}
 * name and a {@code version}, written to a temporary file and moved into place (a crash never leaves half), and read
 * back with one plain sentence for each way a file can be wrong: not ours, damaged, cut short, missing, or made by a
 * newer version.
 */
public final class GzipJsonFile {
    private GzipJsonFile() {}

    /** What a kind of file is called in messages, and the exception its reader throws. */
    public record Kind(
            String format, int version, String name, String shortName, Function<String, RuntimeException> refuse) {}

    /** Writes {@code root} compressed; the file appears complete or not at all. */
    public static void write(Path file, JsonNode root, ObjectMapper json) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // Not createTempFile: its owner-only permissions would follow the file, and these files are made to share.
        Path tmp = dir.resolve(
                "." + file.getFileName() + "." + ProcessHandle.current().pid() + "." + System.nanoTime() + ".tmp");
        try {
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tmp))) {
                json.writeValue(out, root);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Reads and checks the envelope: gzip, JSON, the kind's format, a version this build reads.
     *
     * @throws RuntimeException from {@code kind.refuse()}, with a message meant for the user
     */
    public static JsonNode read(Path file, Kind kind, ObjectMapper json) {
        JsonNode root;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            in.mark(2);
            int b1 = in.read();
            int b2 = in.read();
            in.reset();
            if (b1 != 0x1f || b2 != 0x8b) {
                throw kind.refuse()
                        .apply(file.getFileName() + " is not a PartitionScope " + kind.name() + " (not a"
                                + " compressed " + kind.shortName() + " file).");
            }
            root = json.readTree(new GZIPInputStream(in));
        } catch (ZipException | JsonProcessingException e) {
            throw kind.refuse()
                    .apply(file.getFileName() + " is damaged and cannot be read (" + firstLine(e.getMessage()) + ").");
        } catch (java.io.EOFException e) {
            throw kind.refuse()
                    .apply(file.getFileName() + " is incomplete (it ends early): it may have been"
                            + " copied while still being written.");
        } catch (java.nio.file.NoSuchFileException e) {
            throw kind.refuse().apply("There is no file " + file + ".");
        } catch (IOException e) {
            throw kind.refuse().apply(file.getFileName() + " could not be read: " + e.getMessage());
        }
        if (root == null || !kind.format().equals(root.path("format").asText())) {
            throw kind.refuse().apply(file.getFileName() + " is not a PartitionScope " + kind.name() + ".");
        }
        int version = root.path("version").asInt(-1);
        if (version > kind.version()) {
            throw kind.refuse()
                    .apply(file.getFileName() + " was made by a newer PartitionScope (" + kind.shortName()
                            + " format version " + version + "; this one reads up to version " + kind.version() + ")."
                            + " Update PartitionScope to open it.");
        }
        if (version < 1) {
            throw kind.refuse().apply(file.getFileName() + " has no valid format version.");
        }
        return root;
    }

    /** The first line of an exception's message, for a one-sentence error. */
    public static String firstLine(String s) {
        if (s == null) {
            return "unknown problem";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
