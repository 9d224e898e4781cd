package dev.partitionscope.aws;

import dev.partitionscope.core.audit.Advisor;
import dev.partitionscope.core.audit.AuditProfiles;
import dev.partitionscope.core.audit.KeyPatterns;
import dev.partitionscope.core.audit.PatternProfile;
import dev.partitionscope.core.audit.PatternStats;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The key audit of one table, end to end: sample the table and each GSI under the read budget
 * ({@link AuditSampler}), extract their key patterns ({@link KeyPatterns}), read the load per key where Contributor
 * Insights has it (through {@link TrafficLoader}, as the heatmap does), join the two ({@link AuditProfiles}) and ask
 * the {@link Advisor}. Sampling is a read: it runs on read-only connections, within the budget.
 */
public final class KeyAudit {
    /** Contributor Insights sub-windows on local endpoints (free there; on AWS every report is billed). */
    static final int LOCAL_SUB_WINDOWS = 96;

    /**
     * How an audit runs: what it samples and where the load comes from.
     *
     * @param sampling the sampler's options, used for every resource in turn
     * @param indexes  sample the GSIs too
     * @param range    the window whose Contributor Insights give the load
     * @param insights read Contributor Insights at all (on AWS every report is billed)
     */
    public record Options(
            AuditSampler.Options sampling,
            boolean indexes,
            TimeRange range,
            boolean insights,
            dev.partitionscope.core.heat.HeatSource loadSource) {
        public Options {
            loadSource = loadSource == null ? dev.partitionscope.core.heat.HeatSource.INSIGHTS : loadSource;
        }

        /** The load from Contributor Insights. */
        public Options(AuditSampler.Options sampling, boolean indexes, TimeRange range, boolean insights) {
            this(sampling, indexes, range, insights, dev.partitionscope.core.heat.HeatSource.INSIGHTS);
        }

        public static Options defaults() {
            return new Options(AuditSampler.Options.defaults(), true, TimeRange.last(TimeRange.Preset.LAST_3H), true);
        }

        /** The same options with another item cap per table or index (0: none). */
        public Options withItemCap(long cap) {
            return new Options(sampling.withItemCap(cap), indexes, range, insights, loadSource);
        }

        /**
         * The same options joining the table's per-key writes read from its DynamoDB stream instead of Contributor
         * Insights (when the table has a stream; GSIs then have no load).
         */
        public Options withStreamLoad(boolean stream) {
            return new Options(
                    sampling,
                    indexes,
                    range,
                    insights,
                    stream
                            ? dev.partitionscope.core.heat.HeatSource.STREAMS
                            : dev.partitionscope.core.heat.HeatSource.INSIGHTS);
        }
    }

    /** Hears the audit's steps, on the calling thread. */
    public interface Listener {
        /** Sampling {@code resource} ({@code n} of {@code total}). */
        default void resource(String resource, int n, int total) {}

        default void progress(String resource, AuditSampler.Progress progress) {}

        /** Sampling is done; the load is being read. */
        default void loadingInsights() {}

        Listener NONE = new Listener() {};
    }

    /**
     * One table or GSI audited.
     *
     * @param label    {@code app} or {@code app · GSI1}
     * @param load     the per-key load found, or null (not enabled, no traffic, not read)
     */
    public record ResourceAudit(
            String label,
            String index,
            List<PatternStats> patterns,
            long itemsSampled,
            AuditSampler.Result sampling,
            AuditProfiles.ResourceLoad load,
            KeyPatterns sample) {}

    /**
     * A finished (or stopped) audit: what each resource's sample showed, the patterns with their load, and the advice.
     *
     * @param loadNote why there is no load, or where it comes from
     * @param pending  GSIs not sampled at all (the run was cancelled before them): a resume samples them
     */
    public record Result(
            TableShape shape,
            List<ResourceAudit> resources,
            List<PatternProfile> profiles,
            Advisor.Advice advice,
            double consumedRcu,
            String loadNote,
            boolean complete,
            List<String> pending) {}

    /** One resource to sample: where a previous run stopped (or null) and the patterns it found so far. */
    private record Slot(String index, KeyPatterns patterns, AuditSampler.Checkpoint from, AuditSampler.Result done) {}

    private final Connection connection;
    private final AuditSampler sampler;

    public KeyAudit(Connection connection) {
        this(connection, new AuditSampler(connection.dynamo()));
    }

    KeyAudit(Connection connection, AuditSampler sampler) {
        this.connection = connection;
        this.sampler = sampler;
    }

    public Result run(String table, Options options, BooleanSupplier cancelled, Listener listener) {
        return run(new TableGateway(connection).describe(table), options, null, cancelled, listener);
    }

    /**
     * As {@link #run}, for a table already described, joining the load of traffic already read for the same window
     * instead of reading Contributor Insights again: a report reads the reports once for its heatmap, top keys and
     * audit (on AWS every report is billed). {@code options.insights()} false still means "no load"; a null
     * {@code traffic} reads the load as {@link #run(String, Options, BooleanSupplier, Listener)} does.
     */
    public Result run(
            TableShape shape,
            Options options,
            TrafficLoader.Traffic traffic,
            BooleanSupplier cancelled,
            Listener listener) {
        List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(null, new KeyPatterns(), null, null));
        if (options.indexes()) {
            shape.globalIndexes().stream()
                    .map(IndexShape::name)
                    .forEach(i -> slots.add(new Slot(i, new KeyPatterns(), null, null)));
        }
        return sample(shape, slots, options, traffic, cancelled, listener);
    }

    /**
     * Continues a partial audit (stopped by a cap or a cancel) where each table and GSI stopped, adding to the
     * patterns found so far; resources already read to their end are kept as they are. The load is read again.
     */
    public Result resume(Result previous, Options options, BooleanSupplier cancelled, Listener listener) {
        List<Slot> slots = new ArrayList<>();
        for (ResourceAudit a : previous.resources()) {
            boolean finished = a.sampling().checkpoint().finished();
            slots.add(new Slot(
                    a.index(),
                    a.sample(),
                    finished ? null : a.sampling().checkpoint(),
                    finished ? a.sampling() : null));
        }
        for (String index : previous.pending()) {
            slots.add(new Slot(index, new KeyPatterns(), null, null));
        }
        return sample(previous.shape(), slots, options, null, cancelled, listener);
    }

    private Result sample(
            TableShape shape,
            List<Slot> slots,
            Options options,
            TrafficLoader.Traffic preloaded,
            BooleanSupplier cancelled,
            Listener listener) {
        String table = shape.name();
        List<String> indexes = new ArrayList<>();
        List<KeyPatterns> samples = new ArrayList<>();
        List<AuditSampler.Result> sampled = new ArrayList<>();
        List<String> pending = new ArrayList<>();
        double rcu = 0;
        boolean complete = true;
        for (int i = 0; i < slots.size(); i++) {
            Slot slot = slots.get(i);
            String label = label(table, slot.index());
            if (!sampled.isEmpty() && sampled.get(sampled.size() - 1).stop() == AuditSampler.Stop.CANCELLED) {
                pending.add(slot.index());
                complete = false;
                continue;
            }
            AuditSampler.Result r = slot.done();
            if (r == null) {
                listener.resource(label, i + 1, slots.size());
                AuditSampler.Options o = slot.from() == null
                        ? options.sampling()
                        : options.sampling().resumingFrom(slot.from());
                r = sampler.sample(
                        table, slot.index(), o, slot.patterns()::add, p -> listener.progress(label, p), cancelled);
            }
            indexes.add(slot.index());
            samples.add(slot.patterns());
            sampled.add(r);
            rcu += r.checkpoint().consumedRcu();
            complete &= r.complete();
        }
        TrafficLoader.Traffic traffic = null;
        String loadNote;
        if (!options.insights()) {
            loadNote = "Contributor Insights not read (--no-insights): no load, the matrix judges by shape";
        } else if (preloaded != null) {
            traffic = preloaded;
            loadNote = traffic.insights() == null
                    ? "Contributor Insights could not be read"
                    : "load from Contributor Insights over " + options.range().label();
        } else if (cancelled.getAsBoolean()) {
            loadNote = "cancelled before the load was read";
        } else if (options.loadSource().readsStream() && shape.stream().enabled()) {
            listener.loadingInsights();
            traffic = new TrafficLoader(connection)
                    .load(
                            shape,
                            options.range(),
                            connection.clock().now(),
                            dev.partitionscope.core.heat.HeatSource.STREAMS,
                            0,
                            cancelled,
                            new TrafficLoader.Listener() {});
            loadNote = traffic.streams() == null
                            || !traffic.streams().status().state().hasValues()
                    ? "the DynamoDB stream could not be read"
                            + (traffic.streams() == null
                                    ? ""
                                    : ": " + traffic.streams().status().message())
                    : "load from the DynamoDB stream (writes only) over "
                            + options.range().label();
        } else {
            listener.loadingInsights();
            Instant now = connection.clock().now();
            int windows = connection.spec().kind() == ConnectionKind.AWS ? 0 : LOCAL_SUB_WINDOWS;
            traffic = new TrafficLoader(connection, windows)
                    .load(shape, options.range(), now, cancelled, new TrafficLoader.Listener() {});
            loadNote = traffic.insights() == null
                    ? "Contributor Insights could not be read"
                    : "load from Contributor Insights over " + options.range().label();
        }
        List<ResourceAudit> audits = new ArrayList<>();
        List<PatternProfile> profiles = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            String index = indexes.get(i);
            String label = label(table, index);
            AuditProfiles.ResourceLoad load = null;
            var streams = traffic == null ? null : traffic.streams();
            if (index == null && streams != null && !streams.keys().isEmpty() && streams.heat() != null) {
                var m = streams.heat();
                load = AuditProfiles.fromStream(
                        streams.keys(), (double) m.columns() * m.bucketSeconds(), streams.keysOnly());
            } else if (traffic != null && traffic.insights() != null) {
                KeyTimeMatrix m = traffic.insights()
                        .partitionKeys()
                        .get(index == null ? Resource.table(table) : Resource.index(table, index));
                if (m != null && m.rowCount() > 0 && m.total() > 0) {
                    load = AuditProfiles.fromInsights(m);
                }
            }
            List<PatternStats> patterns = samples.get(i).patterns();
            audits.add(new ResourceAudit(
                    label, index, patterns, samples.get(i).itemsSampled(), sampled.get(i), load, samples.get(i)));
            profiles.addAll(AuditProfiles.of(label, patterns, load));
        }
        if (traffic != null && traffic.streams() != null && audits.stream().allMatch(a -> a.load() == null)) {
            loadNote = "no writes in " + table + "'s DynamoDB stream in "
                    + options.range().label() + ": the matrix judges by shape";
        } else if (traffic != null && audits.stream().allMatch(a -> a.load() == null)) {
            loadNote = "no Contributor Insights load for " + table + " in "
                    + options.range().label() + " (not enabled, or" + " no traffic): the matrix judges by shape";
        }
        return new Result(shape, audits, profiles, Advisor.of(profiles), rcu, loadNote, complete, pending);
    }

    static String label(String table, String index) {
        return index == null ? table : table + " · " + index;
    }
}
