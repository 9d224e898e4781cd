package dev.partitionscope.core.scatter;

import dev.partitionscope.core.item.AttrValue;
import java.util.List;
import java.util.Map;

/**
 * The merged items of a scatter-gather read and how each shard fared. {@link #complete()} is false whenever the items
 * may be short — a shard failed, the read was cancelled, or the item cap stopped it — and {@link #reasons()} say why,
 * naming the missing shards: never silently short. {@link #requests()} is every request made, for the waterfall;
 * {@link #duplicatesDropped()} counts items the merge dropped as already seen (a plan with {@code dedupeBy}).
 */
public record ScatterResult(
        List<Map<String, AttrValue>> items,
        List<ShardStats> shards,
        Totals totals,
        boolean complete,
        List<String> failedShards,
        boolean cancelled,
        boolean capped,
        List<String> reasons,
        List<RequestSpan> requests,
        int duplicatesDropped) {

    /**
     * What the whole fan-out added up to: items, capacity, time, pages, throttles and retries.
     *
     * @param wallMs        from the first request to the result
     * @param slowestShardMs the longest shard latency: wall time near it means the fan-out ran in parallel
     */
    public record Totals(
            int items,
            double consumedCapacity,
            long wallMs,
            long slowestShardMs,
            int pages,
            int throttles,
            int retries) {}

    public ScatterResult {
        items = List.copyOf(items);
        shards = List.copyOf(shards);
        failedShards = List.copyOf(failedShards);
        reasons = List.copyOf(reasons);
        requests = requests == null ? List.of() : List.copyOf(requests);
    }
}
