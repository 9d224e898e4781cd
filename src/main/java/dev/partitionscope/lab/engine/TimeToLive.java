package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Time to Live's background deletion, on the Lab's clock (so simulated time expires items too). An item expires when
 * its TTL attribute is a Number of epoch seconds in the past; it is deleted by a sweep at least {@code deleteDelay}
 * after expiry — until then reads still return it, as on AWS — without consuming write capacity and without being
 * metered (Contributor Insights does not see TTL deletes). Items whose TTL lies more than five years in the past are
 * never deleted, as AWS documents. The sweep runs on the next request once {@code sweepEvery} has passed.
 */
final class TimeToLive {
    private static final long FIVE_YEARS_MILLIS = 5L * 365 * 86_400_000L;

    private final LabEngine engine;
    private volatile long deleteDelayMillis;
    private volatile long sweepEveryMillis = 1000;
    private volatile long nextSweepMillis;

    TimeToLive(LabEngine engine) {
        this.engine = engine;
    }

    void configure(long deleteDelayMillis, long sweepEveryMillis) {
        this.deleteDelayMillis = Math.max(0, deleteDelayMillis);
        this.sweepEveryMillis = Math.max(1, sweepEveryMillis);
        this.nextSweepMillis = 0;
    }

    /** Deletes what has expired, when a sweep is due. Returns the number of items deleted. */
    int sweepIfDue() {
        long now = engine.clock().epochMillis();
        if (now < nextSweepMillis) {
            return 0;
        }
        nextSweepMillis = now + sweepEveryMillis;
        int deleted = 0;
        for (LabTable t : engine.tablesByName().values()) {
            String attribute = t.ttlAttribute;
            if (attribute != null && t.status() != LabTable.Status.CREATING && t.status() != LabTable.Status.DELETING) {
                deleted += sweep(t, attribute, now);
            }
        }
        return deleted;
    }

    private int sweep(LabTable t, String attribute, long now) {
        return t.write(() -> {
            List<Map<String, AttrValue>> expired = new ArrayList<>();
            for (Iterator<Map<String, AttrValue>> it = t.base.items(); it.hasNext(); ) {
                Map<String, AttrValue> item = it.next();
                if (expired(item.get(attribute), now)) {
                    expired.add(item);
                }
            }
            for (Map<String, AttrValue> item : expired) {
                t.applyExpired(item, t.key.keyOf(item));
            }
            return expired.size();
        });
    }

    private boolean expired(AttrValue v, long now) {
        if (!(v instanceof AttrValue.N n)) {
            return false;
        }
        BigDecimal millis = n.value().movePointRight(3);
        if (millis.compareTo(BigDecimal.valueOf(now - FIVE_YEARS_MILLIS)) < 0) {
            return false;
        }
        return millis.add(BigDecimal.valueOf(deleteDelayMillis)).compareTo(BigDecimal.valueOf(now)) <= 0;
    }
}
