/**
 * The key audit's pure core (issue 9): what seed 000 did by hand — list every partition-key pattern of a table,
 * count its cardinality, see where its items pile up and what one operation on them costs — computed from a sample
 * of items in bounded memory, so the risk matrix and the advisor can say which patterns will throttle before they do.
 *
 * <p>{@link dev.partitionscope.core.audit.KeyPatterns} takes the sampled items one by one ({@code add(pk, sk,
 * bytes)}) and gives {@link dev.partitionscope.core.audit.PatternStats} per pattern: a template with typed holes
 * ({@code ORDER#<uuid>}, {@code OPS_LOG#<date>}, {@code THREAT#<text>#<month>}, {@code PEDIDOS#<date>.<shard 1..10>},
 * {@code {PENDING|SHIPPED|DELIVERED|CANCELLED}}), its parts ({@link dev.partitionscope.core.audit.ValueKind}), the
 * distinct keys seen and estimated, the busiest keys and their share, item sizes with the write and read units of
 * one operation, and the time bucket or shard suffix the keys already carry. Sampling the table (the read budget),
 * joining load, judging risk and advising are built on top of this, outside it.
 *
 * <p>Pure Java like the rest of core: no JavaFX, no AWS SDK. The sketches it uses (Space-Saving, HyperLogLog) are in
 * {@code dev.partitionscope.core.sketch}; part kinds follow the heatmap's key reading
 * ({@code core.heat.KeyHierarchy}, {@code ShardFolding}) and schemes the product's grammar
 * ({@code core.scheme.KeyScheme}).
 */
package dev.partitionscope.core.audit;
