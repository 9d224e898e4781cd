package dev.partitionscope.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.lab.clock.SystemLabClock;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Global secondary indexes created and deleted (UpdateTable) while other threads write, query and scan the same
 * table: every request must succeed or fail with a DynamoDB error ({@link LabException}), never with an internal
 * one. Straight against the engine, without HTTP, so the threads really overlap.
 */
class IndexChangesUnderLoadTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void requestsRacingIndexCreationAndDeletionNeverFailInternally() throws Exception {
        LabEngine engine =
                new LabEngine(SystemLabClock.INSTANCE, "us-east-1", c -> CapacityGate.UNLIMITED, record -> {});
        engine.handle(
                "CreateTable",
                json("{'TableName':'racing','BillingMode':'PAY_PER_REQUEST',"
                        + "'AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
                        + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}"));
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong served = new AtomicLong();
        Map<String, Throwable> internal = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        String[] load = {
            "PutItem",
            "{'TableName':'racing','Item':{'pk':{'S':'k%d'},'g%d':{'S':'v'}}}",
            "Query",
            "{'TableName':'racing','IndexName':'idx%d','KeyConditionExpression':'g%d = :v',"
                    + "'ExpressionAttributeValues':{':v':{'S':'v'}}}",
            "Scan",
            "{'TableName':'racing','IndexName':'idx%d','Limit':%d}",
            "BatchWriteItem",
            "{'RequestItems':{'racing':[{'PutRequest':{'Item':{'pk':{'S':'b%d'}," + "'g%d':{'S':'w'}}}}]}}",
        };
        for (int t = 0; t < load.length; t += 2) {
            String operation = load[t];
            String template = load[t + 1];
            Thread worker = new Thread(
                    () -> {
                        int i = 0;
                        while (!stop.get()) {
                            i++;
                            try {
                                engine.handle(operation, json(String.format(template, i % 50, i % 4)));
                                served.incrementAndGet();
                            } catch (LabException expected) {
                                served.incrementAndGet(); // e.g. "no such index" while it is being deleted
                            } catch (Throwable e) {
                                internal.putIfAbsent(operation + ": " + e, e);
                            }
                        }
                    },
                    "load-" + operation);
            threads.add(worker);
            worker.start();
        }
        long end = System.nanoTime() + 1_500_000_000L;
        int changes = 0;
        while (System.nanoTime() < end) {
            int g = changes++ % 4;
            engine.handle(
                    "UpdateTable",
                    json("{'TableName':'racing','AttributeDefinitions':[{'AttributeName':'g" + g
                            + "','AttributeType':'S'}],'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'idx" + g
                            + "','KeySchema':[{'AttributeName':'g" + g + "','KeyType':'HASH'}],"
                            + "'Projection':{'ProjectionType':'ALL'}}}]}"));
            engine.handle("DescribeTable", json("{'TableName':'racing'}"));
            engine.handle(
                    "UpdateTable",
                    json("{'TableName':'racing','GlobalSecondaryIndexUpdates':[{'Delete':" + "{'IndexName':'idx" + g
                            + "'}}]}"));
        }
        stop.set(true);
        for (Thread t : threads) {
            t.join(10_000);
        }
        assertThat(changes).isGreaterThan(10);
        assertThat(served.get()).isGreaterThan(1000);
        assertThat(internal)
                .as("requests that failed with something other than a DynamoDB error")
                .isEmpty();
    }

    private static JsonNode json(String singleQuoted) {
        try {
            return JSON.readTree(singleQuoted.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
