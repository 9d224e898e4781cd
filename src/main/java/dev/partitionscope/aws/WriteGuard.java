package dev.partitionscope.aws;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The one gate every mutating DynamoDB and CloudWatch call passes (it sits in the SDK clients as an interceptor, so
 * no code path can go around it). Connections start read-only except the Lab. The user unlocks writes per table by
 * typing the table's name; the unlock lasts until the connection closes.
 *
 * <p>Operations are classified by an allow-list of reads: anything not known to be a read counts as a write, so a new
 * SDK operation is blocked rather than let through. PartiQL statements count as writes for the same reason.
 */
public final class WriteGuard {

    private final String connectionName;
    private final boolean alwaysWritable;
    private final Set<String> unlockedTables = new TreeSet<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public WriteGuard(String connectionName, boolean alwaysWritable) {
        this.connectionName = connectionName;
        this.alwaysWritable = alwaysWritable;
    }

    /** The guard for a connection of this kind: only the Lab (a sandbox on this machine) starts writable. */
    public static WriteGuard forSpec(ConnectionSpec spec) {
        return new WriteGuard(spec.name(), spec.kind() == ConnectionKind.LAB);
    }

    /** True when a call of this service/operation changes nothing. */
    public static boolean isRead(String service, String operation) {
        if (operation == null) {
            return false;
        }
        if (operation.startsWith("Describe") || operation.startsWith("List") || operation.startsWith("Get")) {
            return true;
        }
        boolean dynamo = service == null || service.toLowerCase(Locale.ROOT).startsWith("dynamo");
        return dynamo
                && (operation.equals("Query")
                        || operation.equals("Scan")
                        || operation.equals("BatchGetItem")
                        || operation.equals("TransactGetItems"));
    }

    /**
     * Throws {@link WriteBlockedException} unless the call is a read, the connection is writable, or every table it
     * touches was unlocked. A write that names no table (e.g. a CloudWatch change) needs a writable connection.
     */
    public void check(String service, String operation, Collection<String> tables) {
        if (isRead(service, operation) || alwaysWritable) {
            return;
        }
        synchronized (unlockedTables) {
            if (!tables.isEmpty() && unlockedTables.containsAll(tables)) {
                return;
            }
        }
        throw new WriteBlockedException(connectionName, service, operation, Set.copyOf(tables));
    }

    /**
     * Unlocks writes to one table after the user typed its name; a mismatch (case included) is refused, so an
     * unlock is always deliberate.
     */
    public void unlock(String tableName, String typedConfirmation) {
        if (tableName == null || tableName.isBlank()) {
            throw new IllegalArgumentException("Choose the table to unlock first.");
        }
        if (!tableName.equals(typedConfirmation == null ? null : typedConfirmation.trim())) {
            throw new IllegalArgumentException("Type the table name exactly ('" + tableName + "') to unlock writes.");
        }
        synchronized (unlockedTables) {
            unlockedTables.add(tableName);
        }
        fireChanged();
    }

    /** Locks every table again (also what happens at disconnect, when the guard is thrown away). */
    public void lockAll() {
        synchronized (unlockedTables) {
            unlockedTables.clear();
        }
        fireChanged();
    }

    /**
     * This guard as an SDK interceptor, for clients the app builds apart from a {@link Connection}'s (a workload's
     * client): their calls pass the same gate, so they cannot write where the user has not allowed it.
     */
    public software.amazon.awssdk.core.interceptor.ExecutionInterceptor interceptor() {
        return new WriteGuardInterceptor(this);
    }

    public boolean isAlwaysWritable() {
        return alwaysWritable;
    }

    public boolean isReadOnly() {
        synchronized (unlockedTables) {
            return !alwaysWritable && unlockedTables.isEmpty();
        }
    }

    public boolean isUnlocked(String table) {
        synchronized (unlockedTables) {
            return alwaysWritable || unlockedTables.contains(table);
        }
    }

    public Set<String> unlockedTables() {
        synchronized (unlockedTables) {
            return Set.copyOf(unlockedTables);
        }
    }

    /** Listener runs on the thread that changed the guard. */
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    public void removeListener(Runnable listener) {
        listeners.remove(listener);
    }

    private void fireChanged() {
        listeners.forEach(Runnable::run);
    }
}
