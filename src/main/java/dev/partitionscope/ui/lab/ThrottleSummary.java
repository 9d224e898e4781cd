package dev.partitionscope.ui.lab;

import dev.partitionscope.core.format.Units;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.meter.SecondStats;
import dev.partitionscope.lab.partition.ThrottleReason;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The last minute of one table (and its GSIs) as the meter saw it: throttle events per second for the chart and in
 * total, consumed units per second of the base table, and events per ThrottlingReason with a sentence on what each
 * means. The meter keeps reasons per minute only (as CloudWatch does), so reasons cover the minutes overlapping
 * the last 60 s; the caption says since when.
 *
 * @param throttlesPerSecond throttle events per complete second, oldest first ({@link #SECONDS} of them)
 * @param writePerSecond     consumed WCU/s of the base table per second
 * @param readPerSecond      consumed RCU/s of the base table per second
 * @param keyRangeLastSecond resources (table or GSI name) throttled for a hot key range in the last complete
 *                           second, as {@code name + ":w"} or {@code name + ":r"}
 */
public record ThrottleSummary(
        long writeEvents,
        long readEvents,
        List<Reason> reasons,
        String reasonsCaption,
        long[] throttlesPerSecond,
        double[] writePerSecond,
        double[] readPerSecond,
        long endMillis,
        Set<String> keyRangeLastSecond) {

    public static final int SECONDS = 60;

    public static final ThrottleSummary EMPTY = new ThrottleSummary(
            0, 0, List.of(), "", new long[SECONDS], new double[SECONDS], new double[SECONDS], 0, Set.of());

    /**
     * Whether a table or GSI was throttled for a hot key range in the last complete second (a partition near its
     * ceiling there is at it, whatever the second's count says: a bursty client makes that count noisy).
     */
    public boolean keyRangeLastSecond(String resource, boolean write) {
        return keyRangeLastSecond.contains(resource + (write ? ":w" : ":r"));
    }

    /** One ThrottlingReason with its event count. */
    public record Reason(String reason, long count, String explanation) {
        public String countText() {
            return Units.count(count);
        }

        public String asText() {
            return reason + "\t" + countText() + "\t" + explanation;
        }
    }

    public long total() {
        return writeEvents + readEvents;
    }

    public String headline() {
        if (total() == 0) {
            return "No throttling in the last minute";
        }
        return Units.count(total()) + (total() == 1 ? " throttle event" : " throttle events") + " in the last 60 s";
    }

    public String split() {
        return total() == 0 ? "" : Units.count(writeEvents) + " write · " + Units.count(readEvents) + " read";
    }

    /** Everything as text, for the clipboard. */
    public String asText() {
        StringBuilder sb = new StringBuilder(headline());
        if (total() > 0) {
            sb.append(" (").append(split()).append(')');
        }
        for (Reason r : reasons) {
            sb.append('\n').append(r.asText());
        }
        if (!reasonsCaption.isEmpty()) {
            sb.append('\n').append(reasonsCaption);
        }
        return sb.toString();
    }

    /** Reads the meter for a table and the given GSIs. */
    static ThrottleSummary of(Meter meter, String table, List<String> indexes, long nowMillis, boolean utc) {
        List<ResourceId> resources = new ArrayList<>();
        resources.add(ResourceId.table(table));
        for (String index : indexes) {
            resources.add(ResourceId.index(table, index));
        }
        long[] throttles = new long[SECONDS];
        double[] write = new double[SECONDS];
        double[] read = new double[SECONDS];
        long writeEvents = 0;
        long readEvents = 0;
        long end = 0;
        Set<String> throttledLastSecond = new HashSet<>();
        for (ResourceId id : resources) {
            List<SecondStats> seconds = meter.recentSeconds(id);
            // The last entry is the second in progress: the window is the SECONDS complete ones before it.
            int last = seconds.size() - 1;
            int first = Math.max(0, last - SECONDS);
            for (int i = first; i < last; i++) {
                SecondStats s = seconds.get(i);
                int slot = SECONDS - (last - i);
                throttles[slot] += s.writeThrottleEvents() + s.readThrottleEvents();
                writeEvents += s.writeThrottleEvents();
                readEvents += s.readThrottleEvents();
                if (!id.isIndex()) {
                    write[slot] = s.consumedWrite();
                    read[slot] = s.consumedRead();
                }
            }
            if (last >= 0) {
                end = Math.max(end, seconds.get(last).secondStartMillis());
            }
            if (last >= 1) {
                SecondStats s = seconds.get(last - 1);
                String name = id.isIndex() ? id.index() : id.table();
                if (s.writeThrottleEvents() > 0) {
                    throttledLastSecond.add(name + ":w");
                }
                if (s.readThrottleEvents() > 0) {
                    throttledLastSecond.add(name + ":r");
                }
            }
        }
        if (writeEvents + readEvents == 0) {
            return new ThrottleSummary(0, 0, List.of(), "", throttles, write, read, end, Set.of());
        }
        long from = end - SECONDS * 1000L;
        Map<String, Long> byReason = new TreeMap<>();
        Set<String> keyRange = new HashSet<>();
        long firstMinute = Long.MAX_VALUE;
        for (ResourceId id : resources) {
            String name = id.isIndex() ? id.index() : id.table();
            for (MinuteStats m : meter.minutes(id, from, nowMillis + 1)) {
                firstMinute = Math.min(firstMinute, m.minuteStartMillis());
                m.throttleEventsByReason().forEach((reason, count) -> {
                    byReason.merge(reason, count, Long::sum);
                    // Throttled in the last second, and for a hot key range this minute: a hot partition now.
                    String side = reason.contains("Write") ? ":w" : ":r";
                    if (count > 0
                            && reason.endsWith(ThrottleReason.Cause.KEY_RANGE.suffix())
                            && throttledLastSecond.contains(name + side)) {
                        keyRange.add(name + side);
                    }
                });
            }
        }
        List<Reason> reasons = new ArrayList<>();
        byReason.forEach((reason, count) -> {
            if (count > 0) {
                reasons.add(new Reason(reason, count, explain(reason)));
            }
        });
        reasons.sort((a, b) -> Long.compare(b.count(), a.count()));
        String caption = firstMinute == Long.MAX_VALUE
                ? ""
                : "Per reason since "
                        + DateTimeFormatter.ofPattern("HH:mm")
                                .withZone(utc ? ZoneOffset.UTC : ZoneId.systemDefault())
                                .format(Instant.ofEpochMilli(firstMinute))
                        + (utc ? " UTC" : "") + ": the meter, like CloudWatch, keeps reasons per minute.";
        return new ThrottleSummary(
                writeEvents, readEvents, reasons, caption, throttles, write, read, end, Set.copyOf(keyRange));
    }

    /** What a ThrottlingReason means, in one phrase. */
    static String explain(String reason) {
        String text;
        if (reason.endsWith(ThrottleReason.Cause.KEY_RANGE.suffix())) {
            text = "hot partition: one key range at its ceiling";
        } else if (reason.endsWith(ThrottleReason.Cause.PROVISIONED.suffix())) {
            text = "provisioned capacity and burst used up";
        } else if (reason.endsWith(ThrottleReason.Cause.ACCOUNT_LIMIT.suffix())) {
            text = "the account's per-table quota reached";
        } else if (reason.endsWith(ThrottleReason.Cause.MAX_ON_DEMAND.suffix())) {
            text = "the on-demand maximum set on the table reached";
        } else {
            text = "throttled";
        }
        if (reason.startsWith("Index")) {
            text += " on a GSI (writes to the table wait for it)";
        }
        return text;
    }
}
