package dev.partitionscope.aws;

import java.util.Set;

/** A mutating call was stopped by the read-only guard before it left the process. */
public final class WriteBlockedException extends RuntimeException {
    private final String operation;
    private final Set<String> tables;

    public WriteBlockedException(String connectionName, String service, String operation, Set<String> tables) {
        super(message(connectionName, service, operation, tables));
        this.operation = operation;
        this.tables = Set.copyOf(tables);
    }

    private static String message(String connectionName, String service, String operation, Set<String> tables) {
        String target = tables.isEmpty()
                ? ""
                : " on " + String.join(", ", tables.stream().sorted().toList());
        String serviceLabel = service == null ? "" : service.equalsIgnoreCase("DynamoDb") ? "DynamoDB" : service;
        return serviceLabel + " " + operation + target + " was blocked: connection '" + connectionName
                + "' is read-only.";
    }

    public String operation() {
        return operation;
    }

    public Set<String> tables() {
        return tables;
    }
}
