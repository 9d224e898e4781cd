package dev.partitionscope.lab.workload;

import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The counters of a real-time run, updated by many workers; {@link #snapshot} freezes them for display. */
final class Tally {
    final LongAdder operations = new LongAdder();
    final LongAdder requests = new LongAdder();
    final LongAdder succeeded = new LongAdder();
    final LongAdder throttled = new LongAdder();
    final LongAdder unprocessed = new LongAdder();
    final LongAdder errors = new LongAdder();
    private final Map<String, LongAdder> reasons = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();
    volatile String doing = "";

    void throttle(String reason) {
        reasons.computeIfAbsent(reason, r -> new LongAdder()).increment();
    }

    void error(String kind) {
        errors.increment();
        errorKinds.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    WorkloadProgress snapshot(
            String headline, WorkloadProgress.State state, Duration elapsed, Duration planned, String message) {
        return new WorkloadProgress(
                headline,
                WorkloadProgress.Mode.REAL_TIME,
                state,
                elapsed,
                planned,
                operations.sum(),
                requests.sum(),
                succeeded.sum(),
                throttled.sum(),
                unprocessed.sum(),
                errors.sum(),
                sorted(reasons),
                sorted(errorKinds),
                doing,
                message);
    }

    /** Most frequent first. */
    static Map<String, Long> sorted(Map<String, LongAdder> counts) {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Comparator.comparingLong(
                                (Map.Entry<String, LongAdder> e) -> e.getValue().sum())
                        .reversed())
                .forEach(e -> out.put(e.getKey(), e.getValue().sum()));
        return out;
    }
}
