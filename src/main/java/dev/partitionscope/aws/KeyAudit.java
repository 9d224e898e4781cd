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
     * @param sampling the sampler's options, used for every resource in turn
     * @param indexes  sample the GSIs too
     * @param range    the window whose Contributor Insights give the load
     * @param insights read Contributor Insights at all (on AWS every report is billed)
     */
    public record Options(AuditSampler.Options sampling, boolean indexes, TimeRange range, boolean insights) {
        public static Options defaults() {
            return new Options(AuditSampler.Options.defaults(), true, TimeRange.last(TimeRange.Preset.LAST_3H), true);
        }
    }

    /** Hears the audit's steps, on the calling thread. */
    public interface Listener {
        /** Sampling {@code resource} ({@code n} of {@code total}). */
        default void resource(String resource, int n, int total) {
        }

        default void progress(String resource, AuditSampler.Progress progress) {
        }

        /** Sampling is done; the load is being read. */
        default void loadingInsights() {
        }

        Listener NONE = new Listener() { };
    }

    /**
     * One table or GSI audited.
     *
     * @param label    {@code app} or {@code app · GSI1}
     * @param load     the per-key load found, or null (not enabled, no traffic, not read)
     */
    public record ResourceAudit(String label, String index, List<PatternStats> patterns, long itemsSampled,
            AuditSampler.Result sampling, AuditProfiles.ResourceLoad load) {
    }

    /**
     * @param loadNote why there is no load, or where it comes from
     */
    public record Result(TableShape shape, List<ResourceAudit> resources, List<PatternProfile> profiles,
            Advisor.Advice advice, double consumedRcu, String loadNote, boolean complete) {
    }

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
        TableShape shape = new TableGateway(connection).describe(table);
        List<String> indexes = new ArrayList<>();
        indexes.add(null);
        if (options.indexes()) {
            shape.globalIndexes().stream().map(IndexShape::name).forEach(indexes::add);
        }
        List<KeyPatterns> samples = new ArrayList<>();
        List<AuditSampler.Result> sampled = new ArrayList<>();
        double rcu = 0;
        boolean complete = true;
        for (int i = 0; i < indexes.size(); i++) {
            String index = indexes.get(i);
            String label = label(table, index);
            listener.resource(label, i + 1, indexes.size());
            KeyPatterns patterns = new KeyPatterns();
            AuditSampler.Result r = sampler.sample(table, index, options.sampling(), patterns::add,
                    p -> listener.progress(label, p), cancelled);
            samples.add(patterns);
            sampled.add(r);
            rcu += r.consumedRcu();
            complete &= r.complete();
            if (r.stop() == AuditSampler.Stop.CANCELLED) {
                break;
            }
        }
        TrafficLoader.Traffic traffic = null;
        String loadNote;
        if (!options.insights()) {
            loadNote = "Contributor Insights not read (--no-insights): no load, the matrix judges by shape";
        } else if (cancelled.getAsBoolean()) {
            loadNote = "cancelled before the load was read";
        } else {
            listener.loadingInsights();
            Instant now = connection.clock().now();
            int windows = connection.spec().kind() == ConnectionKind.AWS ? 0 : LOCAL_SUB_WINDOWS;
            traffic = new TrafficLoader(connection, windows).load(shape, options.range(), now, cancelled,
                    new TrafficLoader.Listener() { });
            loadNote = traffic.insights() == null ? "Contributor Insights could not be read"
                    : "load from Contributor Insights over " + options.range().label();
        }
        List<ResourceAudit> audits = new ArrayList<>();
        List<PatternProfile> profiles = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            String index = indexes.get(i);
            String label = label(table, index);
            AuditProfiles.ResourceLoad load = null;
            if (traffic != null && traffic.insights() != null) {
                KeyTimeMatrix m = traffic.insights().partitionKeys().get(index == null ? Resource.table(table)
                        : Resource.index(table, index));
                if (m != null && m.rowCount() > 0 && m.total() > 0) {
                    load = AuditProfiles.fromInsights(m);
                }
            }
            List<PatternStats> patterns = samples.get(i).patterns();
            audits.add(new ResourceAudit(label, index, patterns, samples.get(i).itemsSampled(), sampled.get(i),
                    load));
            profiles.addAll(AuditProfiles.of(label, patterns, load));
        }
        if (traffic != null && audits.stream().allMatch(a -> a.load() == null)) {
            loadNote = "no Contributor Insights load for " + table + " in " + options.range().label() + " (not enabled, or"
                    + " no traffic): the matrix judges by shape";
        }
        return new Result(shape, audits, profiles, Advisor.of(profiles), rcu, loadNote, complete);
    }

    static String label(String table, String index) {
        return index == null ? table : table + " · " + index;
    }
}
