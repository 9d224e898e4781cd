package dev.partitionscope.core.codegen;

import java.util.Set;
import javax.lang.model.SourceVersion;

/** Name checks for generated code. */
final class Identifiers {
    private static final Set<String> RESERVED = Set.of("var", "yield", "record", "sealed", "permits", "_");

    private Identifiers() {}

    static boolean isJavaIdentifier(String s) {
        return SourceVersion.isIdentifier(s) && !SourceVersion.isKeyword(s) && !RESERVED.contains(s);
    }

    static boolean isJavaPackage(String s) {
        for (String part : s.split("\\.", -1)) {
            if (!isJavaIdentifier(part)) {
                return false;
            }
        }
        return true;
    }
}
