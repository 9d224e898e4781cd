package dev.partitionscope.lab.workload;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.engine.CapacityGate;
import dev.partitionscope.lab.engine.LabTable;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.partition.ThrottleReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Runs a plan in simulated time inside an in-process Lab: an hour of traffic in seconds. Sending millions of
 * requests as JSON through the engine would take far longer than the traffic itself, so each request goes straight
 * to what the engine would do with it — a {@link Charge} to the table's partition model (placed with the same key
 * hash) and a {@link RequestRecord} to the meter, with the capacity the engine would compute — while the
 * {@link SimulatedClock} steps to the request's instant. Throttles, splits, metered minutes and hot keys are
 * therefore the engine's. Differences, stated: items are not stored except a sample ({@code sampleItems}, spread
 * over the run, plus counters with their final totals), so a Query is charged as a full page of Limit items and a
 * GetItem as finding its item; latency is recorded as {@value #NOMINAL_LATENCY_MILLIS} ms.
 *
 * <p>Requests are evenly spaced ({@code 1 / rate}); deterministic for a seed. The calling thread draws and decides
 * every request; metering them is handed, in order and stamped with each request's instant, to a second thread
 * ({@link MeterFeed}), so the meter ends up exactly as if the calling thread had metered each request itself, and is
 * complete when {@link #run()} returns (while the run goes on it trails by at most a few thousand requests).
 */
public final class FastForward {
    static final long NOMINAL_LATENCY_MILLIS = 1;
    private static final long LATENCY_NANOS = NOMINAL_LATENCY_MILLIS * 1_000_000;
    /** Progress is published every this many operations (and at the end). */
    private static final int PUBLISH_EVERY = 1 << 14;

    /** The plans run together, each at its own rate over the same simulated time. */
    private final List<Plan> plans;

    private final Lab lab;
    private final SimulatedClock clock;
    private final int sampleItems;
    private final Meter meter;
    /** Each plan's gates, by step. */
    private final CapacityGate[][] gates;
    /** Each plan's draws. */
    private final Draws[] drawsByPlan;
    /** The draws of the plan whose request is being made. */
    private Draws draws;

    // Counters: plain fields, published as snapshots (one thread writes them).
    private long operations;
    private long requests;
    private long succeeded;
    private long throttled;
    private long unprocessed;
    private final Map<ThrottleReason, long[]> reasons = new HashMap<>();
    /** Cancelled transactions' reasons, as {@link SdkCalls#cancelledReason} names them. */
    private final Map<String, long[]> cancelReasons = new HashMap<>();
    /** Each table's gate, for a transaction's actions. */
    private final Map<String, CapacityGate> gatesByTable = new HashMap<>();
    /**
     * The last reason counted and its counter in {@link #reasons}: the model hands out the same reason objects
     * again and again, so an identity check usually spares the record's hashCode and equals.
     */
    private ThrottleReason lastReason;

    private long[] lastReasonCount;
    private String doing = "";
    private long writesSeen;
    private long sampleEvery;
    /** The value of {@link #writesSeen} at which the next item is sampled (a multiple of sampleEvery). */
    private long nextSample;

    private int sampled;
    private final Map<String, Counter> counters = new LinkedHashMap<>();
    private volatile WorkloadProgress progress;
    private volatile boolean stop;
    private Decision lastDecision;
    /** Where this run's records go to the meter (for the length of {@link #run()}). */
    private MeterFeed feed;
    /** The stream of each table whose stream is enabled when the run starts: every admitted write appends to it. */
    private final Map<String, dev.partitionscope.lab.streams.LabStream> streamsByTable = new HashMap<>();
    /** The plan's headline, formatted once (every progress snapshot carries it). */
    private final String headline;

    /** A counter item kept with its running total (UpdateItem ADD), stored when the run ends. */
    private record Counter(Step step, Map<String, AttrValue> key, long[] sums) {}

    /**
     * @param lab         an in-process Lab whose clock is {@code clock}; the plan's tables are created when missing
     * @param sampleItems items to store at most (spread over the run); 0 stores none
     */
    public FastForward(Plan plan, Lab lab, SimulatedClock clock, int sampleItems) {
        this(List.of(plan), lab, clock, sampleItems);
    }

    /**
     * Several plans at once over the same simulated time (each at its own rate, requests interleaved in time order),
     * as several applications share one Lab; one plan runs exactly as {@link #FastForward(Plan, Lab, SimulatedClock,
     * int)}. When the clock {@linkplain SimulatedClock#followsSystemClock() follows the system clock}, nothing is
     * moved: the plans' requests are all made now, as fast as they come (a real-time caller sends a second's worth
     * each second).
     */
    public FastForward(List<Plan> plans, Lab lab, SimulatedClock clock, int sampleItems) {
        if (lab.clock() != clock) {
            throw new IllegalArgumentException("fast-forward needs the Lab's own simulated clock");
        }
        if (plans.isEmpty()) {
            throw new IllegalArgumentException("fast-forward needs a plan");
        }
        this.plans = List.copyOf(plans);
        this.lab = lab;
        this.clock = clock;
        this.sampleItems = sampleItems;
        this.meter = lab.meter();
        for (Plan plan : this.plans) {
            for (TableDef t : plan.tables().values()) {
                EngineTables.ensure(lab.engine(), t);
            }
        }
        gates = new CapacityGate[this.plans.size()][];
        drawsByPlan = new Draws[this.plans.size()];
        for (int p = 0; p < gates.length; p++) {
            Plan plan = this.plans.get(p);
            gates[p] = new CapacityGate[plan.steps.length];
            for (int i = 0; i < gates[p].length; i++) {
                LabTable t = lab.engine().tablesByName().get(plan.steps[i].table.name());
                gates[p][i] = t.gate();
            }
            for (TableDef t : plan.tables().values()) {
                LabTable table = lab.engine().tablesByName().get(t.name());
                gatesByTable.put(t.name(), table.gate());
                if (table.stream() != null && table.stream().enabled()) {
                    streamsByTable.put(t.name(), table.stream());
                }
            }
            drawsByPlan[p] = plan.draws(0);
        }
        draws = drawsByPlan[0];
        headline = String.join(" + ", this.plans.stream().map(Plan::headline).toList());
        progress = snapshot(WorkloadProgress.State.STARTING, Duration.ZERO, "");
    }

    /** The longest plan's duration: the run's. */
    private Duration duration() {
        Duration d = Duration.ZERO;
        for (Plan plan : plans) {
            d = plan.duration().compareTo(d) > 0 ? plan.duration() : d;
        }
        return d;
    }

    /** Runs to the end (or until {@link #stop()}) on this thread and returns the final progress. */
    public WorkloadProgress run() {
        int n = plans.size();
        long[] totals = new long[n];
        double[] steps = new double[n];
        long[] next = new long[n];
        double expectedWrites = 0;
        for (int p = 0; p < n; p++) {
            Plan plan = plans.get(p);
            totals[p] = (long) Math.floor(plan.rate() * plan.duration().toNanos() / 1e9);
            steps[p] = 1e9 / plan.rate();
            double writeShare = 0;
            double weights = 0;
            for (Step s : plan.steps) {
                weights += s.def.weight();
                writeShare += s.def.type().write() ? s.def.weight() * s.def.batch() : 0;
            }
            expectedWrites += totals[p] * writeShare / weights;
        }
        sampleEvery = sampleItems <= 0 ? Long.MAX_VALUE : Math.max(1, (long) Math.ceil(expectedWrites / sampleItems));
        nextSample = sampleEvery;
        boolean paced = !clock.followsSystemClock();
        long start = clock.nanoTime();
        progress = snapshot(WorkloadProgress.State.RUNNING, Duration.ZERO, "");
        long i = 0;
        feed = new MeterFeed(meter);
        boolean completed = false;
        try {
            for (; !stop; i++) {
                // The plan whose next request comes first (the first plan on a tie): one plan runs as it always did.
                int p = -1;
                long at = Long.MAX_VALUE;
                for (int q = 0; q < n; q++) {
                    if (next[q] < totals[q]) {
                        long t = start + (long) (next[q] * steps[q]);
                        if (t < at) {
                            at = t;
                            p = q;
                        }
                    }
                }
                if (p < 0) {
                    break;
                }
                next[p]++;
                long now = clock.nanoTime();
                if (paced && at > now) {
                    clock.advanceNanos(at - now);
                }
                Plan plan = plans.get(p);
                draws = drawsByPlan[p];
                draws.next(clock.epochMillis());
                int s = plan.pickIndex(draws);
                operations++;
                execute(plan.steps[s], gates[p][s]);
                if ((i & (PUBLISH_EVERY - 1)) == 0) {
                    progress = snapshot(WorkloadProgress.State.RUNNING, Duration.ofNanos(clock.nanoTime() - start), "");
                }
            }
            completed = true;
        } finally {
            feed.finish(completed); // every record metered before the run ends (or fails)
        }
        // The run covers its whole duration: time moves to its end even when the last request came earlier.
        long end = start + duration().toNanos();
        if (paced && !stop && clock.nanoTime() < end) {
            clock.advanceNanos(end - clock.nanoTime());
        }
        storeCounters();
        Duration elapsed = Duration.ofNanos(clock.nanoTime() - start);
        progress = snapshot(
                stop ? WorkloadProgress.State.STOPPED : WorkloadProgress.State.FINISHED,
                elapsed,
                (stop ? "Stopped" : "Finished")
                        + String.format(
                                " after %,d operations in %s of simulated time.", i, Workloads.duration(elapsed)));
        return progress;
    }

    public void stop() {
        stop = true;
    }

    public WorkloadProgress progress() {
        return progress;
    }

    // One operation

    private void execute(Step s, CapacityGate gate) {
        switch (s.def.type()) {
            case PUT_ITEM -> write(s, gate, false);
            case BATCH_WRITE -> batch(s, gate);
            case UPDATE_ITEM -> update(s, gate);
            case GET_ITEM, QUERY -> read(s, gate);
            case TRANSACT_WRITE -> transact(s);
        }
    }

    /**
     * A TransactWriteItems as the engine runs it: every action in order charged twice its item's write units (its GSI
     * entries at the plain price) on its own table's partition and metered as a TransactWriteItems item; then one call
     * per table, throttled when any action was. All or nothing: a throttled action cancels the transaction (the
     * capacity the others' partitions gave stays taken), and only a committed one adds to its counters.
     */
    private void transact(Step s) {
        boolean committed = true;
        List<String> codes = new ArrayList<>(s.actions.length);
        StringBuilder shown = new StringBuilder();
        for (Step a : s.actions) {
            String pk = a.makers[a.pk].render(draws);
            long hash = a.makers[a.pk].hash(draws, pk);
            String sk = a.sk < 0 ? null : a.makers[a.sk].render(draws);
            List<Charge.IndexWrite> iw = new ArrayList<>(a.gsis.length);
            List<RequestRecord.IndexUnits> iu = new ArrayList<>(a.gsis.length);
            for (int g = 0; g < a.gsis.length; g++) {
                String gpk = a.makers[a.gsiPk[g]].render(draws);
                String gsk = a.gsiSk[g] < 0 ? null : a.makers[a.gsiSk[g]].render(draws);
                iw.add(new Charge.IndexWrite(a.gsis[g].name(), a.makers[a.gsiPk[g]].hash(draws, gpk), a.gsiUnits[g]));
                iu.add(new RequestRecord.IndexUnits(a.gsis[g].name(), gpk, gsk, a.gsiUnits[g]));
            }
            double units = SdkCalls.TRANSACTION_FACTOR * a.writeUnits;
            Decision d = gatesByTable.get(a.table.name()).acquire(Charge.write(hash, units, iw));
            boolean ok = d.allowed();
            feed.add(
                    MeterFeed.ITEM,
                    new RequestRecord(
                            a.table.name(),
                            null,
                            OpDef.Type.TRANSACT_WRITE.apiName(),
                            pk,
                            sk,
                            0,
                            ok ? units : 0,
                            ok ? iu : List.of(),
                            d.reasons(),
                            LATENCY_NANOS,
                            0),
                    clock.epochMillis());
            if (!ok) {
                committed = false;
                codes.add(a.table.onDemand() ? SdkCalls.THROTTLING_ERROR : SdkCalls.PROVISIONED_EXCEEDED);
            }
            shown.append(shown.length() == 0 ? "" : " + ")
                    .append(a.table.name())
                    .append(" · ")
                    .append(pk);
        }
        java.util.Set<String> tables = new java.util.LinkedHashSet<>();
        for (Step a : s.actions) {
            tables.add(a.table.name());
        }
        for (String t : tables) {
            feed.add(
                    MeterFeed.CALL,
                    new MeterFeed.Call(t, OpDef.Type.TRANSACT_WRITE.apiName(), !committed, LATENCY_NANOS, 0),
                    clock.epochMillis());
        }
        requests++;
        if (committed) {
            succeeded++;
            for (Step a : s.actions) {
                dev.partitionscope.lab.streams.LabStream stream = streamsByTable.get(a.table.name());
                if (stream != null) {
                    String pk = a.makers[a.pk].render(draws);
                    stream.recordModelled(
                            a.makers[a.pk].hash(draws, pk),
                            a.item(draws),
                            a.def.type() == OpDef.Type.UPDATE_ITEM,
                            clock.epochMillis());
                }
                if (a.def.type() == OpDef.Type.UPDATE_ITEM) {
                    String pk = a.makers[a.pk].render(draws);
                    String sk = a.sk < 0 ? null : a.makers[a.sk].render(draws);
                    addToCounter(a, pk, sk);
                }
            }
        } else {
            throttled++;
            for (String code : codes) {
                cancelReasons.computeIfAbsent(SdkCalls.cancelledReason(code), k -> new long[1])[0]++;
            }
        }
        if ((operations & 1023) == 1) {
            doing = OpDef.Type.TRANSACT_WRITE.apiName() + " " + shown;
        }
    }

    /** Charges one item write (and its GSI entries); true when admitted. */
    private boolean write(Step s, CapacityGate gate, boolean batchItem) {
        String pk = s.makers[s.pk].render(draws);
        long hash = s.makers[s.pk].hash(draws, pk);
        String sk = s.sk < 0 ? null : s.makers[s.sk].render(draws);
        List<Charge.IndexWrite> iw = List.of();
        List<RequestRecord.IndexUnits> iu = List.of();
        if (s.gsis.length > 0) {
            iw = new ArrayList<>(s.gsis.length);
            iu = new ArrayList<>(s.gsis.length);
            for (int g = 0; g < s.gsis.length; g++) {
                String gpk = s.makers[s.gsiPk[g]].render(draws);
                String gsk = s.gsiSk[g] < 0 ? null : s.makers[s.gsiSk[g]].render(draws);
                iw.add(new Charge.IndexWrite(s.gsis[g].name(), s.makers[s.gsiPk[g]].hash(draws, gpk), s.gsiUnits[g]));
                iu.add(new RequestRecord.IndexUnits(s.gsis[g].name(), gpk, gsk, s.gsiUnits[g]));
            }
        }
        Decision d = gate.acquire(Charge.write(hash, s.writeUnits, iw));
        lastDecision = d;
        boolean ok = d.allowed();
        dev.partitionscope.lab.streams.LabStream stream = streamsByTable.get(s.table.name());
        if (ok && stream != null) {
            stream.recordModelled(hash, s.item(draws), false, clock.epochMillis());
        }
        RequestRecord r = new RequestRecord(
                s.table.name(),
                null,
                s.def.type().apiName(),
                pk,
                sk,
                0,
                ok ? s.writeUnits : 0,
                ok ? iu : List.of(),
                d.reasons(),
                LATENCY_NANOS,
                0);
        if (batchItem) {
            feed.add(MeterFeed.ITEM, r, clock.epochMillis());
        } else {
            feed.add(MeterFeed.RECORD, r, clock.epochMillis());
            count(d);
            maybeDescribe(s, pk);
        }
        // Every sampleEvery-th admitted write is sampled (as writesSeen % sampleEvery == 0, without a division).
        if (ok && ++writesSeen == nextSample) {
            nextSample = sampleEvery > Long.MAX_VALUE - writesSeen ? Long.MAX_VALUE : writesSeen + sampleEvery;
            if (sampled < sampleItems) {
                sampled++;
                lab.engine().putUnmetered(s.table.name(), s.item(draws));
            }
        }
        return ok;
    }

    private void batch(Step s, CapacityGate gate) {
        int admitted = 0;
        Decision last = null;
        String firstPk = null;
        for (int i = 0; i < s.def.batch(); i++) {
            if (i > 0) {
                draws.next(draws.now); // every item of the batch draws its own values
            }
            if (firstPk == null) {
                firstPk = s.makers[s.pk].render(draws);
            }
            if (write(s, gate, true)) {
                admitted++;
            } else {
                last = lastDecision;
            }
        }
        boolean allThrottled = admitted == 0;
        feed.add(
                MeterFeed.CALL,
                new MeterFeed.Call(s.table.name(), "BatchWriteItem", allThrottled, LATENCY_NANOS, 0),
                clock.epochMillis());
        requests++;
        if (allThrottled) {
            count(last);
        } else {
            succeeded++;
            unprocessed += s.def.batch() - admitted;
        }
        maybeDescribe(s, firstPk);
    }

    private void update(Step s, CapacityGate gate) {
        String pk = s.makers[s.pk].render(draws);
        long hash = s.makers[s.pk].hash(draws, pk);
        String sk = s.sk < 0 ? null : s.makers[s.sk].render(draws);
        Decision d = gate.acquire(Charge.write(hash, s.writeUnits, List.of()));
        boolean ok = d.allowed();
        feed.add(
                MeterFeed.RECORD,
                new RequestRecord(
                        s.table.name(),
                        null,
                        "UpdateItem",
                        pk,
                        sk,
                        0,
                        ok ? s.writeUnits : 0,
                        List.of(),
                        d.reasons(),
                        LATENCY_NANOS,
                        0),
                clock.epochMillis());
        count(d);
        maybeDescribe(s, pk);
        if (ok) {
            addToCounter(s, pk, sk);
            dev.partitionscope.lab.streams.LabStream stream = streamsByTable.get(s.table.name());
            if (stream != null) {
                stream.recordModelled(hash, s.item(draws), true, clock.epochMillis());
            }
        }
    }

    /** Adds an admitted UpdateItem ADD to its counter item, kept for the run's end (up to the sample's size). */
    private void addToCounter(Step s, String pk, String sk) {
        String id = sk == null ? pk : pk + '\u0000' + sk;
        Counter c = counters.get(id);
        if (c == null && counters.size() < Math.max(sampleItems, 1)) {
            c = new Counter(s, s.item(draws), new long[s.def.add().size()]);
            counters.put(id, c);
        }
        if (c != null) {
            int i = 0;
            for (long v : s.def.add().values()) {
                c.sums()[i++] += v;
            }
        }
    }

    private void read(Step s, CapacityGate gate) {
        String index = s.def.index();
        String op = s.def.type().apiName();
        List<String> keys = s.readKeys(draws);
        String sk = s.def.type() == OpDef.Type.GET_ITEM && s.sk >= 0 ? s.makers[s.sk].render(draws) : null;
        for (int k = 0, n = keys.size(); k < n; k++) {
            String pk = keys.get(k);
            long hash = n == 1 && !s.def.fanOut()
                    ? s.makers[s.readKey].hash(draws, pk)
                    : dev.partitionscope.lab.partition.KeyHash.of(new AttrValue.S(pk));
            Decision d = gate.acquire(Charge.read(index, hash, s.readUnits));
            boolean ok = d.allowed();
            feed.add(
                    MeterFeed.RECORD,
                    new RequestRecord(
                            s.table.name(),
                            index,
                            op,
                            pk,
                            sk,
                            ok ? s.readUnits : 0,
                            0,
                            List.of(),
                            d.reasons(),
                            LATENCY_NANOS,
                            ok ? s.returnedItems : 0),
                    clock.epochMillis());
            count(d);
        }
        maybeDescribe(s, SdkCalls.shown(keys));
    }

    @SuppressWarnings("ReferenceEquality") // identity fast path before the map lookup, which uses equals
    private void count(Decision d) {
        lastDecision = d;
        requests++;
        if (d.allowed()) {
            succeeded++;
            return;
        }
        throttled++;
        List<ThrottleReason> rs = d.reasons();
        for (int i = 0, n = rs.size(); i < n; i++) {
            ThrottleReason r = rs.get(i);
            if (r != lastReason) {
                lastReasonCount = reasons.computeIfAbsent(r, k -> new long[1]);
                lastReason = r;
            }
            lastReasonCount[0]++;
        }
    }

    private void maybeDescribe(Step s, String key) {
        if ((operations & 1023) == 1) {
            doing = s.def.type().apiName() + " " + s.table.name() + " · " + s.names[s.readKey] + " = " + key;
        }
    }

    private void storeCounters() {
        for (Counter c : counters.values()) {
            Map<String, AttrValue> item = new LinkedHashMap<>(c.key());
            int i = 0;
            for (String attr : c.step().def.add().keySet()) {
                item.put(attr, AttrValue.N.of(c.sums()[i++]));
            }
            lab.engine().putUnmetered(c.step().table.name(), item);
        }
    }

    private WorkloadProgress snapshot(WorkloadProgress.State state, Duration elapsed, String message) {
        Map<String, Long> byReason = new LinkedHashMap<>();
        reasons.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]))
                .forEach(e -> byReason.merge(e.getKey().wire(), e.getValue()[0], Long::sum));
        cancelReasons.forEach((reason, n) -> byReason.merge(reason, n[0], Long::sum));
        return new WorkloadProgress(
                headline,
                WorkloadProgress.Mode.FAST_FORWARD,
                state,
                elapsed,
                duration(),
                operations,
                requests,
                succeeded,
                throttled,
                unprocessed,
                0,
                byReason,
                Map.of(),
                doing,
                message);
    }

    /**
     * Meters a run's records on a second thread: the run's thread fills batches of records, each with the instant it
     * was made at, and hands them over through a small queue; the meter thread passes them to the {@link Meter} in the
     * same order with the same instants, so the meter's state is exactly what metering on the run's thread would
     * have made. Drawing and deciding requests and metering them then use two cores. At most {@value #BATCHES}
     * batches wait; a full queue makes the run's thread wait for the meter.
     */
    static final class MeterFeed {
        static final byte RECORD = 0;
        static final byte ITEM = 1;
        static final byte CALL = 2;
        private static final int SIZE = 4096;
        private static final int BATCHES = 4;

        /** {@link Meter#recordCall} of a batch call. */
        record Call(String table, String operation, boolean throttled, long latencyNanos, int returnedItems) {}

        private static final class Batch {
            final Object[] records = new Object[SIZE];
            final long[] millis = new long[SIZE];
            final byte[] kinds = new byte[SIZE];
            int size;
            boolean last;
        }

        private final Meter meter;
        private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES + 1);
        private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES + 1);
        private final Thread thread;
        private Batch current = new Batch();
        private volatile Throwable failure;
        private boolean interrupted;

        MeterFeed(Meter meter) {
            this.meter = meter;
            for (int i = 0; i < BATCHES; i++) {
                free.add(new Batch());
            }
            thread = new Thread(this::drain, "fast-forward-meter");
            thread.setDaemon(true);
            thread.start();
        }

        /** One record to meter: a {@link RequestRecord} (RECORD, ITEM) or a {@link Call}, made at epochMillis. */
        void add(byte kind, Object record, long epochMillis) {
            Batch b = current;
            int n = b.size;
            b.records[n] = record;
            b.millis[n] = epochMillis;
            b.kinds[n] = kind;
            b.size = n + 1;
            if (n + 1 == SIZE) {
                put(b);
                current = take();
                rethrow();
            }
        }

        /**
         * Hands over the last batch and waits until everything is metered; rethrows a metering failure when
         * {@code rethrow} (false while another exception is on its way out). Interrupts are kept for the caller.
         */
        void finish(boolean rethrow) {
            current.last = true;
            put(current);
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            if (rethrow) {
                rethrow();
            }
        }

        private void rethrow() {
            Throwable t = failure;
            if (t instanceof RuntimeException e) {
                throw e;
            }
            if (t instanceof Error e) {
                throw e;
            }
            if (t != null) {
                throw new IllegalStateException("metering failed", t);
            }
        }

        // A run ignores interrupts (stop() ends it), as it did when it metered on its own thread.

        private void put(Batch b) {
            while (true) {
                try {
                    full.put(b);
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }

        private Batch take() {
            while (true) {
                try {
                    return free.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }

        /** The meter thread: meters batches in order until the last; after a failure, only returns them. */
        private void drain() {
            while (true) {
                Batch b;
                try {
                    b = full.take();
                } catch (InterruptedException e) {
                    continue; // nobody interrupts this thread but the JVM's own shutdown: keep draining
                }
                if (failure == null) {
                    try {
                        meter(b);
                    } catch (Throwable t) {
                        failure = t;
                    }
                }
                java.util.Arrays.fill(b.records, 0, b.size, null);
                b.size = 0;
                if (b.last) {
                    return;
                }
                free.add(b);
            }
        }

        private void meter(Batch b) {
            Object[] records = b.records;
            long[] millis = b.millis;
            byte[] kinds = b.kinds;
            for (int i = 0, n = b.size; i < n; i++) {
                switch (kinds[i]) {
                    case RECORD -> meter.record((RequestRecord) records[i], millis[i]);
                    case ITEM -> meter.recordItem((RequestRecord) records[i], millis[i]);
                    default -> {
                        Call c = (Call) records[i];
                        meter.recordCall(
                                c.table(),
                                c.operation(),
                                c.throttled(),
                                c.latencyNanos(),
                                c.returnedItems(),
                                millis[i]);
                    }
                }
            }
        }
    }
}
