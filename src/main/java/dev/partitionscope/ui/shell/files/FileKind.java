package dev.partitionscope.ui.shell.files;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.partitionscope.aws.snapshot.Snapshot;
import dev.partitionscope.lab.recording.Recording;
import dev.partitionscope.ui.lab.RecordingViewModel;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * The files the app opens: Lab recordings and snapshots of a live view. A file is told by its content (the
 * {@code "format"} field both write first), so a renamed file still opens; a damaged file with our extension goes to
 * its reader, which says what is wrong with it; anything else is refused with one sentence.
 */
enum FileKind {
    RECORDING,
    SNAPSHOT;

    /** Thrown for a file that is neither; the message is for the user. */
    static final class NotOurs extends RuntimeException {
        NotOurs(String message) {
            super(message);
        }
    }

    /**
     * What {@code file} is. Reads at most its first few hundred bytes; call off the UI thread.
     *
     * @throws NotOurs when it is neither a recording nor a snapshot, or cannot be read at all
     */
    static FileKind of(Path file) {
        String name = file.getFileName().toString();
        if (!Files.exists(file)) {
            throw new NotOurs("There is no file " + file + ".");
        }
        if (Files.isDirectory(file)) {
            throw new NotOurs(name + " is a folder, not a PartitionScope recording or snapshot.");
        }
        String format = format(file);
        if (Recording.FORMAT.equals(format)) {
            return RECORDING;
        }
        if (Snapshot.FORMAT.equals(format)) {
            return SNAPSHOT;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith("." + RecordingViewModel.EXTENSION)) {
            return RECORDING;
        }
        if (lower.endsWith("." + Snapshot.EXTENSION)) {
            return SNAPSHOT;
        }
        throw new NotOurs(name + " is not a PartitionScope recording or snapshot.");
    }

    /** The top-level "format" field of a gzip-compressed JSON object, or null. */
    private static String format(Path file) {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
            raw.mark(2);
            if (raw.read() != 0x1f || raw.read() != 0x8b) {
                return null;
            }
            raw.reset();
            try (JsonParser p = new JsonFactory().createParser(new GZIPInputStream(raw))) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return null;
                }
                for (int fields = 0; fields < 16 && p.nextToken() == JsonToken.FIELD_NAME; fields++) {
                    String field = p.currentName();
                    JsonToken value = p.nextToken();
                    if ("format".equals(field)) {
                        return value == JsonToken.VALUE_STRING ? p.getText() : null;
                    }
                    p.skipChildren();
                }
                return null;
            }
        } catch (NoSuchFileException e) {
            throw new NotOurs("There is no file " + file + ".");
        } catch (IOException e) {
            return null; // damaged: its reader (chosen by extension) says how, anything else is not ours
        }
    }
}
