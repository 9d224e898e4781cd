package dev.partitionscope.core.codegen;

import java.util.List;

/**
 * Writes application code for a {@link dev.partitionscope.core.scheme.KeyScheme}: the key function (the suffix
 * calculation in one place, N a named constant whose comment says why that N), the point read by recomputed key and
 * the scatter-gather reader (one paginated Query per shard key, in parallel, merged by sort key). The key functions
 * give exactly the keys {@code KeyScheme.apply} gives (random parts aside, which are only ever in range).
 *
 * <p>Java comes as one file; TypeScript and Python as a pure key module with no imports ({@code keys.ts},
 * {@code keys.py}) and a reader module that imports the SDK ({@code reader.ts}, {@code reader.py}), so the keys can be
 * used, and tested, without the SDK.
 */
public interface CodeGenerator {

    Language language();

    /** The files for this request, the key module first. */
    List<GeneratedFile> generate(CodeGenRequest request);

    static CodeGenerator of(Language language) {
        return switch (language) {
            case JAVA -> new JavaGenerator();
            case TYPESCRIPT -> new TypeScriptGenerator();
            case PYTHON -> new PythonGenerator();
        };
    }
}
