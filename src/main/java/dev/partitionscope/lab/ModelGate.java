package dev.partitionscope.lab;

import dev.partitionscope.lab.engine.CapacityGate;
import dev.partitionscope.lab.partition.CapacityConfig;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.partition.ModelSnapshot;
import dev.partitionscope.lab.partition.ThroughputModel;

/** Puts a table's {@link ThroughputModel} behind the engine's {@link CapacityGate}. */
final class ModelGate implements CapacityGate {
    private final ThroughputModel model;

    ModelGate(ThroughputModel model) {
        this.model = model;
    }

    @Override
    public Decision acquire(Charge charge) {
        return model.acquire(charge);
    }

    @Override
    public void reconfigure(CapacityConfig config) {
        model.reconfigure(config);
    }

    @Override
    public int partitionCount(String index) {
        if (index == null) {
            return model.tablePartitionCount();
        }
        ModelSnapshot.ResourceView view = model.snapshot().resource(index);
        return view == null ? 1 : view.partitions().size();
    }

    @Override
    public java.util.Optional<ModelSnapshot> snapshot() {
        return java.util.Optional.of(model.snapshot());
    }

    ThroughputModel model() {
        return model;
    }
}
