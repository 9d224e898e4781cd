package dev.partitionscope.lab.meter;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Small dense numbers for operation names, so per-minute statistics are arrays rather than maps. DynamoDB's data
 * operations are registered up front; any other name gets the next number, up to {@link #MAX}, after which names
 * share the last slot ("Other"): the meter stays bounded whatever a client sends.
 */
final class Operations {
    static final int MAX = 48;
    private static final String OTHER = "Other";
    private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
    private static final String[] NAMES = new String[MAX];
    private static final AtomicInteger NEXT = new AtomicInteger();

    static {
        for (String op : new String[] {
            "GetItem",
            "PutItem",
            "UpdateItem",
            "DeleteItem",
            "Query",
            "Scan",
            "BatchGetItem",
            "BatchWriteItem",
            "TransactGetItems",
            "TransactWriteItems",
            "ExecuteStatement",
            "BatchExecuteStatement",
            "ExecuteTransaction"
        }) {
            id(op);
        }
        NAMES[MAX - 1] = OTHER;
    }

    private Operations() {}

    static int id(String name) {
        Integer id = IDS.get(name);
        if (id != null) {
            return id;
        }
        return IDS.computeIfAbsent(name, n -> {
            // Two new names may be registered at once (different bins): each takes its own number.
            int next = NEXT.getAndIncrement();
            if (next >= MAX - 1) {
                return MAX - 1;
            }
            NAMES[next] = n;
            return next;
        });
    }

    /** ExecuteStatement, BatchExecuteStatement and ExecuteTransaction, which Contributor Insights does not count. */
    static boolean isPartiql(String operation) {
        return "ExecuteStatement".equals(operation)
                || "BatchExecuteStatement".equals(operation)
                || "ExecuteTransaction".equals(operation);
    }

    static String name(int id) {
        return NAMES[id];
    }
}
