package dev.partitionscope.lab.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsStatus;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** Creates a scenario's tables through the SDK when missing, and checks existing ones have the right keys. */
final class SdkTables {
    private SdkTables() {}

    static void ensure(DynamoDbClient client, TableDef def) {
        TableDescription t;
        try {
            t = client.describeTable(b -> b.tableName(def.name())).table();
        } catch (ResourceNotFoundException e) {
            client.createTable(create(def));
            t = waitActive(client, def.name());
        }
        check(t, def);
    }

    /**
     * Turns Contributor Insights on for the table and each of its GSIs where it is off, so the run's hot keys show in
     * {@code GetInsightRuleReport} (as an engineer would before a load test). An endpoint without Contributor
     * Insights (LocalStack without the Lab proxy) does not stop the run: the answer says what was not enabled.
     *
     * @return empty when every resource has insights on, else a note for the run's status line
     */
    static String enableInsights(DynamoDbClient client, TableDef def) {
        List<String> missed = new ArrayList<>();
        List<String> indexes = new ArrayList<>();
        indexes.add(null);
        def.indexes().forEach(g -> indexes.add(g.name()));
        for (String index : indexes) {
            try {
                ContributorInsightsStatus status = client.describeContributorInsights(
                                b -> b.tableName(def.name()).indexName(index))
                        .contributorInsightsStatus();
                if (status != ContributorInsightsStatus.ENABLED && status != ContributorInsightsStatus.ENABLING) {
                    client.updateContributorInsights(b -> b.tableName(def.name())
                            .indexName(index)
                            .contributorInsightsAction(ContributorInsightsAction.ENABLE));
                }
            } catch (DynamoDbException | SdkClientException e) {
                missed.add(def.name() + (index == null ? "" : "/" + index));
            }
        }
        return missed.isEmpty()
                ? ""
                : "Contributor Insights could not be enabled on " + String.join(", ", missed)
                        + " (this endpoint does not support it; run through the Lab proxy to get insight reports).";
    }

    private static TableDescription waitActive(DynamoDbClient client, String name) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            TableDescription t = client.describeTable(b -> b.tableName(name)).table();
            if (t.tableStatus() == TableStatus.ACTIVE || System.nanoTime() > deadline) {
                return t;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ScenarioException("Interrupted while table " + name + " was being created.");
            }
        }
    }

    private static void check(TableDescription t, TableDef def) {
        String pk = null;
        String sk = null;
        for (KeySchemaElement k : t.keySchema()) {
            if (k.keyType() == KeyType.HASH) {
                pk = k.attributeName();
            } else {
                sk = k.attributeName();
            }
        }
        if (!def.partitionKey().equals(pk) || !Objects.equals(def.sortKey(), sk)) {
            throw new ScenarioException("Table " + def.name() + " exists with key " + pk
                    + (sk == null ? "" : " / " + sk) + ", but the scenario needs " + def.partitionKey()
                    + (def.sortKey() == null ? "" : " / " + def.sortKey())
                    + ". Delete the table or use another endpoint.");
        }
        for (TableDef.Gsi g : def.indexes()) {
            if (t.globalSecondaryIndexes().stream().noneMatch(i -> i.indexName().equals(g.name()))) {
                throw new ScenarioException("Table " + def.name() + " exists without the index " + g.name()
                        + " the scenario writes. Delete the table or add the index.");
            }
        }
    }

    static CreateTableRequest create(TableDef def) {
        List<String> attrs = new ArrayList<>();
        attrs.add(def.partitionKey());
        if (def.sortKey() != null) {
            attrs.add(def.sortKey());
        }
        List<GlobalSecondaryIndex> gsis = new ArrayList<>();
        ProvisionedThroughput throughput = def.onDemand()
                ? null
                : ProvisionedThroughput.builder()
                        .readCapacityUnits(def.readCapacity())
                        .writeCapacityUnits(def.writeCapacity())
                        .build();
        for (TableDef.Gsi g : def.indexes()) {
            for (String a : new String[] {g.partitionKey(), g.sortKey()}) {
                if (a != null && !attrs.contains(a)) {
                    attrs.add(a);
                }
            }
            gsis.add(GlobalSecondaryIndex.builder()
                    .indexName(g.name())
                    .keySchema(keys(g.partitionKey(), g.sortKey()))
                    .projection(p -> p.projectionType(g.keysOnly() ? ProjectionType.KEYS_ONLY : ProjectionType.ALL))
                    .provisionedThroughput(throughput)
                    .build());
        }
        CreateTableRequest.Builder b = CreateTableRequest.builder()
                .tableName(def.name())
                .keySchema(keys(def.partitionKey(), def.sortKey()))
                .attributeDefinitions(attrs.stream()
                        .map(a -> AttributeDefinition.builder()
                                .attributeName(a)
                                .attributeType(ScalarAttributeType.S)
                                .build())
                        .toList())
                .billingMode(def.onDemand() ? BillingMode.PAY_PER_REQUEST : BillingMode.PROVISIONED)
                .provisionedThroughput(throughput);
        if (!gsis.isEmpty()) {
            b.globalSecondaryIndexes(gsis);
        }
        if (def.stream() != null) {
            b.streamSpecification(s -> s.streamEnabled(true).streamViewType(def.stream()));
        }
        return b.build();
    }

    private static List<KeySchemaElement> keys(String pk, String sk) {
        List<KeySchemaElement> keys = new ArrayList<>();
        keys.add(KeySchemaElement.builder()
                .attributeName(pk)
                .keyType(KeyType.HASH)
                .build());
        if (sk != null) {
            keys.add(KeySchemaElement.builder()
                    .attributeName(sk)
                    .keyType(KeyType.RANGE)
                    .build());
        }
        return keys;
    }

    /** A sentence for an SDK failure: the service's message, or what went wrong on the way. */
    static String describe(RuntimeException e) {
        if (e instanceof DynamoDbException d && d.awsErrorDetails() != null) {
            return d.awsErrorDetails().errorCode() + ": " + d.awsErrorDetails().errorMessage();
        }
        if (e instanceof SdkClientException c) {
            return "could not reach the endpoint (" + clientKind(c) + "): " + c.getMessage();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** {@code connection refused}, {@code timeout} or the cause's class name. */
    static String clientKind(SdkClientException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.ConnectException) {
                return "connection refused";
            }
            if (t instanceof java.net.SocketTimeoutException
                    || t.getClass().getSimpleName().contains("Timeout")) {
                return "timeout";
            }
            if (t instanceof java.net.UnknownHostException) {
                return "unknown host";
            }
        }
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root == e ? "client error" : root.getClass().getSimpleName();
    }
}
