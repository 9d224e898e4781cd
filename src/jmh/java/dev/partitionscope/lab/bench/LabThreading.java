package dev.partitionscope.lab.bench;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.server.LabServer;

/**
 * The Lab's engine served two ways, for the wrk comparison in src/jmh/wrk/README.md: {@code loop} runs every request on
 * the connection's I/O thread (what {@code partitionscope lab} does for single-item operations), {@code workers} hands
 * each to a worker thread and the answer back to the I/O thread (what it does for Scan, Query, batches, transactions,
 * and for every request of the proxy). {@code noop} answers {@code {}} to every request after the Lab's server has done
 * its part (HTTP, the signature and target checks, the JSON parse of any body but a PutItem's, which the Lab's engine
 * reads itself) and no engine work: the Lab's HTTP layer alone, to set beside {@link BareNettyServer}.
 *
 * <p>{@code java -cp target/benchmarks.jar dev.partitionscope.lab.bench.LabThreading workers 8203}
 */
public final class LabThreading {
    private LabThreading() {}

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "loop";
        boolean workers = mode.equals("workers");
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 8203;
        Lab lab = Lab.inProcess(Lab.Options.defaults());
        LabServer.RequestHandler engine = mode.equals("noop")
                ? new LabServer.RequestHandler() {
                    @Override
                    public com.fasterxml.jackson.databind.node.ObjectNode handle(
                            String operation, com.fasterxml.jackson.databind.JsonNode request) {
                        return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
                    }

                    @Override
                    public com.fasterxml.jackson.databind.node.ObjectNode handlePlain(
                            String operation, byte[] body, int offset, int length) {
                        // As the Lab: a PutItem's body goes to the engine unread (the engine reads a plain one).
                        return operation.equals("PutItem") ? handle(operation, null) : null;
                    }
                }
                : new LabServer.RequestHandler() {
                    @Override
                    public com.fasterxml.jackson.databind.node.ObjectNode handle(
                            String operation, com.fasterxml.jackson.databind.JsonNode request) {
                        return lab.engine().handle(operation, request);
                    }

                    @Override
                    public com.fasterxml.jackson.databind.node.ObjectNode handlePlain(
                            String operation, byte[] body, int offset, int length) {
                        return lab.engine().handlePlain(operation, body, offset, length);
                    }
                };
        try (LabServer server = LabServer.start(null, port, workers ? engine : LabServer.computing(engine), 0)) {
            System.out.println((mode.equals("noop") ? "Lab server answering {}" : "Lab engine") + " on "
                    + (workers ? "worker threads" : "the I/O loops") + " at " + server.endpoint());
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
