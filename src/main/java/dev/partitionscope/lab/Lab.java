package dev.partitionscope.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.clock.LabClock;
import dev.partitionscope.lab.clock.SystemLabClock;
import dev.partitionscope.lab.cloudwatch.CloudWatchRoute;
import dev.partitionscope.lab.cloudwatch.CloudWatchService;
import dev.partitionscope.lab.engine.CapacityGate;
import dev.partitionscope.lab.engine.EngineMeter;
import dev.partitionscope.lab.engine.LabEngine;
import dev.partitionscope.lab.engine.LabTable;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.partition.ModelSnapshot;
import dev.partitionscope.lab.partition.ThroughputModel;
import dev.partitionscope.lab.server.LabServer;
import java.io.IOException;
import java.util.Optional;

/**
 * The Lab: a DynamoDB look-alike that throttles like the real service, on one local port. Composes the engine, one
 * partition model per table, the meter and the HTTP endpoint; started inside the app (ephemeral port) or by
 * {@code partitionscope lab}. In proxy mode requests go to an upstream engine after the same admission.
 */
public final class Lab implements AutoCloseable, dev.partitionscope.lab.cloudwatch.MetricsSource {

    /** How to run the Lab. {@code host} null means 127.0.0.1; {@code port} 0 a free port. */
    public record Options(
            String host,
            int port,
            ModelParams params,
            long latencyMillis,
            String upstream,
            LabClock clock,
            String region,
            boolean throttling) {
        public static Options defaults() {
            return new Options(null, 0, ModelParams.defaults(), 0, null, SystemLabClock.INSTANCE, "us-east-1", true);
        }

        public Options withPort(int p) {
            return new Options(host, p, params, latencyMillis, upstream, clock, region, throttling);
        }

        public Options withHost(String h) {
            return new Options(h, port, params, latencyMillis, upstream, clock, region, throttling);
        }

        public Options withParams(ModelParams p) {
            return new Options(host, port, p, latencyMillis, upstream, clock, region, throttling);
        }

        public Options withLatencyMillis(long l) {
            return new Options(host, port, params, l, upstream, clock, region, throttling);
        }

        public Options withUpstream(String u) {
            return new Options(host, port, params, latencyMillis, u, clock, region, throttling);
        }

        public Options withClock(LabClock c) {
            return new Options(host, port, params, latencyMillis, upstream, c, region, throttling);
        }

        public Options withThrottling(boolean on) {
            return new Options(host, port, params, latencyMillis, upstream, clock, region, on);
        }
    }

    private final Options options;
    private final Meter meter;
    private final LabEngine engine;
    private volatile ModelParams params;
    private LabServer server;
    private dev.partitionscope.lab.proxy.ProxyHandler proxy;

    private Lab(Options options) {
        this.options = options;
        this.params = options.params();
        this.meter = new Meter(options.clock());
        this.engine = new LabEngine(options.clock(), options.region(), this::gateFor, new MeterAdapter(meter));
    }

    /** A Lab without an HTTP endpoint: for tests, benchmarks and fast-forwarded runs. */
    public static Lab inProcess(Options options) {
        return new Lab(options);
    }

    /** Starts the Lab and its endpoint. */
    public static Lab start(Options options) throws IOException {
        Lab lab = new Lab(options);
        LabServer.RequestHandler handler = lab.engineHandler();
        if (options.upstream() != null) {
            lab.proxy = new dev.partitionscope.lab.proxy.ProxyHandler(
                    options.upstream(), options.clock(), options.region(), lab::gateFor, new MeterAdapter(lab.meter));
            handler = lab.proxy;
        }
        lab.server = lab.serve(options.host(), options.port(), handler, options.latencyMillis());
        return lab;
    }

    /**
     * Serves an in-process Lab (e.g. one loaded from a recording) on an HTTP endpoint, as {@link #start} would.
     */
    public synchronized void listen(String host, int port, long latencyMillis) throws IOException {
        if (server != null) {
            throw new IllegalStateException("The Lab is already listening on " + server.endpoint());
        }
        server = serve(host, port, engineHandler(), latencyMillis);
    }

    /**
     * The engine as the endpoint's handler: single-item operations on the connection's I/O thread (a hand-off to a
     * worker and back cost more than the PutItem itself: src/jmh/wrk/README.md), everything that may read or write
     * many items (Scan, Query, batches, transactions, PartiQL, table changes) on the server's workers, so that it
     * does not hold up the other connections of its loop.
     */
    private LabServer.RequestHandler engineHandler() {
        return endpointHandler(engine);
    }

    /** {@code engine} as an endpoint's handler, as the Lab serves it (tests serve an engine of their own this way). */
    public static LabServer.RequestHandler endpointHandler(LabEngine engine) {
        return LabServer.quickOn(
                new LabServer.RequestHandler() {
                    @Override
                    public ObjectNode handle(String operation, JsonNode request) {
                        return engine.handle(operation, request);
                    }

                    @Override
                    public ObjectNode handlePlain(String operation, byte[] body, int offset, int length) {
                        return engine.handlePlain(operation, body, offset, length);
                    }
                },
                QUICK_OPERATIONS);
    }

    private static final java.util.Set<String> QUICK_OPERATIONS =
            java.util.Set.of("GetItem", "PutItem", "UpdateItem", "DeleteItem", "DescribeTable");

    /**
     * The endpoint: DynamoDB through {@code handler}, CloudWatch on the same port from this Lab's own meter, and
     * DynamoDB Streams.
     */
    private LabServer serve(String host, int port, LabServer.RequestHandler handler, long latencyMillis)
            throws IOException {
        LabServer s = LabServer.start(host, port, handler, latencyMillis);
        s.setClock(options.clock()::epochMillis);
        s.setRegion(options.region());
        engine.setEndpointAddress(s.endpoint().replaceFirst("^https?://", ""));
        // In proxy mode too: CloudWatch is never forwarded, LocalStack has no DynamoDB metrics.
        s.addRoute(new CloudWatchRoute(new CloudWatchService(this)));
        // DynamoDB Streams: the engine's own streams, or in proxy mode the upstream's (forwarded as they came).
        s.addRoute(
                proxy != null
                        ? new dev.partitionscope.lab.proxy.StreamsForward(options.upstream())
                        : new dev.partitionscope.lab.streams.StreamsRoute(
                                new dev.partitionscope.lab.streams.StreamsService(engine.streams())));
        return s;
    }

    private CapacityGate gateFor(dev.partitionscope.lab.partition.CapacityConfig config) {
        if (!options.throttling()) {
            return CapacityGate.UNLIMITED;
        }
        return new ModelGate(new ThroughputModel(config, params, options.clock()));
    }

    /**
     * Applies new model parameters to every table at once. Partition state (tokens, splits) starts afresh, as after
     * a restart of the Lab.
     */
    public void setParams(ModelParams newParams) {
        this.params = newParams;
        engine.regate(this::gateFor);
        if (proxy != null) {
            proxy.resetModels();
        }
    }

    public ModelParams params() {
        return params;
    }

    /** The partition model of a table right now, if the table exists and is modelled. */
    public Optional<ModelSnapshot> snapshot(String table) {
        LabTable t = engine.tablesByName().get(table);
        if (t != null) {
            return t.gate().snapshot();
        }
        return proxy == null ? Optional.empty() : proxy.snapshot(table);
    }

    @Override
    public java.util.List<dev.partitionscope.lab.partition.CapacityConfig> tables() {
        java.util.List<dev.partitionscope.lab.partition.CapacityConfig> all = new java.util.ArrayList<>();
        engine.tables().forEach(t -> all.add(t.capacityConfig()));
        if (proxy != null) {
            all.addAll(proxy.tables());
        }
        return all;
    }

    @Override
    public java.util.List<dev.partitionscope.lab.cloudwatch.InsightRule> insightRules() {
        java.util.List<dev.partitionscope.lab.cloudwatch.InsightRule> all = new java.util.ArrayList<>();
        engine.tables().forEach(t -> all.addAll(t.insightRules()));
        if (proxy != null) {
            all.addAll(proxy.insightRules());
        }
        return all;
    }

    @Override
    public String region() {
        return options.region();
    }

    public LabEngine engine() {
        return engine;
    }

    @Override
    public Meter meter() {
        return meter;
    }

    @Override
    public LabClock clock() {
        return options.clock();
    }

    public Options options() {
        return options;
    }

    /** {@code http://127.0.0.1:PORT}; empty for an in-process Lab. */
    public Optional<String> endpoint() {
        return server == null ? Optional.empty() : Optional.of(server.endpoint());
    }

    public void setLatencyMillis(long millis) {
        if (server != null) {
            server.setLatencyMillis(millis);
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }

    /** Sends the engine's records to the meter. */
    static final class MeterAdapter implements EngineMeter {
        private final Meter meter;

        MeterAdapter(Meter meter) {
            this.meter = meter;
        }

        @Override
        public void record(RequestRecord record) {
            meter.record(record);
        }

        @Override
        public void recordItem(RequestRecord record) {
            meter.recordItem(record);
        }

        @Override
        public void recordCall(
                String table, String operation, boolean throttled, long latencyNanos, int returnedItems) {
            meter.recordCall(table, operation, throttled, latencyNanos, returnedItems);
        }
    }
}
