package dev.partitionscope.lab.meter;

/** GetInsightRuleReport's OrderBy: rank contributors by their sum over the range or their largest period value. */
public enum OrderBy {
    SUM,
    MAXIMUM
}
