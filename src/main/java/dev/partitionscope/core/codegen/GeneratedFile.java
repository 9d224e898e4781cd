package dev.partitionscope.core.codegen;

import java.util.Objects;

/**
 * One generated source file: a relative path ({@code OrdersKeys.java}, {@code keys.ts}) and its whole text.
 *
 * @param path    file name to save it under, relative, with {@code /} separators
 * @param content the source, UTF-8 when written out, ending with a newline
 */
public record GeneratedFile(String path, String content) {
    public GeneratedFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(content, "content");
    }
}
