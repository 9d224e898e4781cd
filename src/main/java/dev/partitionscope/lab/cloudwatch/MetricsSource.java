package dev.partitionscope.lab.cloudwatch;

import dev.partitionscope.lab.clock.LabClock;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.partition.CapacityConfig;
import java.util.List;

/**
 * What the Lab's CloudWatch answers from: the meter, the tables' capacity settings (for the Provisioned* metrics) and
 * the Contributor Insights rules that exist now. Implemented by the Lab (its own tables) and by the proxy (the tables
 * it has seen upstream), so metrics work the same in both modes.
 */
public interface MetricsSource {
    Meter meter();

    LabClock clock();

    /** Capacity settings of every table, with its GSIs. */
    List<CapacityConfig> tables();

    /** Rules of resources whose Contributor Insights are enabled. */
    List<InsightRule> insightRules();

    /** The region in ARNs and in the Lab's answers. */
    String region();
}
