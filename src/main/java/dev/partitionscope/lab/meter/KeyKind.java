package dev.partitionscope.lab.meter;

/** What a Contributor Insights rule groups by: the partition key (PK rules) or partition + sort key (SK rules). */
public enum KeyKind {
    PARTITION_KEY,
    PARTITION_AND_SORT_KEY
}
