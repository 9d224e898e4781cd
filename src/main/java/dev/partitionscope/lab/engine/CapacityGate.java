package dev.partitionscope.lab.engine;

import dev.partitionscope.lab.partition.CapacityConfig;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;

/**
 * What the engine needs from the partition model of one table: admit or throttle a request, follow capacity changes.
 * Kept as an interface so the engine can run unthrottled (as a plain local DynamoDB) or with the full model.
 */
public interface CapacityGate {
    Decision acquire(Charge charge);

    void reconfigure(CapacityConfig config);

    /**
     * Takes capacity that was already used, without refusing (the proxy learns the true cost of a request only from
     * the upstream's answer, after admitting it on an estimate).
     */
    default void consume(Charge charge) {
        acquire(charge);
    }

    /** The partition model's state, when this gate has one (for the Lab screen). */
    default java.util.Optional<dev.partitionscope.lab.partition.ModelSnapshot> snapshot() {
        return java.util.Optional.empty();
    }

    /** Partitions currently backing the table (index null) or a GSI; 1 when the gate does not model partitions. */
    int partitionCount(String index);

    CapacityGate UNLIMITED = new CapacityGate() {
        @Override
        public Decision acquire(Charge charge) {
            return Decision.ALLOWED;
        }

        @Override
        public void reconfigure(CapacityConfig config) {}

        @Override
        public int partitionCount(String index) {
            return 1;
        }
    };
}
