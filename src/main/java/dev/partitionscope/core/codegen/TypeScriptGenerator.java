package dev.partitionscope.core.codegen;

import java.util.List;

final class TypeScriptGenerator implements CodeGenerator {
    @Override
    public Language language() {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<GeneratedFile> generate(CodeGenRequest r) {
        throw new UnsupportedOperationException();
    }
}
