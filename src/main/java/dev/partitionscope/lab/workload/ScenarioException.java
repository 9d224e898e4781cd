package dev.partitionscope.lab.workload;

/**
 * A scenario that cannot be used: a file that is not valid JSON, a field with a wrong value, an unknown scenario or
 * variant. The message names the file (or scenario) and the place in it, so a user editing their own scenario can
 * fix it without reading code.
 */
public final class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ScenarioException(String message) {
        super(message);
    }

    public ScenarioException(String message, Throwable cause) {
        super(message, cause);
    }
}
