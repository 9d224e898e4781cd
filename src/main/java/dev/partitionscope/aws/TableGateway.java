package dev.partitionscope.aws;

import dev.partitionscope.core.iam.IamPolicies;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.ContributorInsightsState.Status;
import dev.partitionscope.core.table.TableShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** Table-level reads (and the few guarded writes) the overview needs, over one connection's DynamoDB client. */
public final class TableGateway {
    /** ListTables returns at most 100 names a page. */
    static final int PAGE_SIZE = 100;

    private final Connection connection;

    public TableGateway(Connection connection) {
        this.connection = connection;
    }

    /**
     * Lists every table, handing each page to {@code onPage} as it arrives so a long list fills in progressively.
     * Stops early, without error, when {@code cancelled} turns true.
     *
     * @return the number of tables seen
     */
    public int listTables(Consumer<List<String>> onPage, BooleanSupplier cancelled) {
        String start = null;
        int total = 0;
        do {
            if (cancelled.getAsBoolean()) {
                return total;
            }
            String from = start;
            ListTablesResponse page =
                    connection.dynamo().listTables(b -> b.limit(PAGE_SIZE).exclusiveStartTableName(from));
            List<String> names = page.hasTableNames() ? page.tableNames() : List.of();
            total += names.size();
            onPage.accept(names);
            start = page.lastEvaluatedTableName();
        } while (start != null);
        return total;
    }

    public TableShape describe(String tableName) {
        return TableShapes.from(
                connection.dynamo().describeTable(b -> b.tableName(tableName)).table());
    }

    /**
     * Contributor Insights for the table and each of its GSIs. An endpoint without the operation (LocalStack's
     * Update/List, DynamoDB Local, dynalite) yields NOT_SUPPORTED for all; a missing permission ACCESS_DENIED.
     */
    public List<ContributorInsightsState> contributorInsights(TableShape table) {
        List<ContributorInsightsState> states = new ArrayList<>();
        List<String> resources = new ArrayList<>();
        resources.add(null);
        resources.addAll(table.globalIndexNames());
        for (String index : resources) {
            try {
                DescribeContributorInsightsResponse r = connection
                        .dynamo()
                        .describeContributorInsights(
                                b -> b.tableName(table.name()).indexName(index));
                String failure = r.failureException() == null
                        ? null
                        : r.failureException().exceptionName() + ": "
                                + r.failureException().exceptionDescription();
                states.add(new ContributorInsightsState(
                        table.name(),
                        index,
                        Status.fromWire(r.contributorInsightsStatusAsString()),
                        r.contributorInsightsModeAsString(),
                        failure,
                        r.hasContributorInsightsRuleList() ? r.contributorInsightsRuleList() : List.of()));
            } catch (AwsServiceException e) {
                String code =
                        e.awsErrorDetails() == null ? "" : e.awsErrorDetails().errorCode();
                if ("UnknownOperationException".equals(code)) {
                    return notSupported(table, resources);
                }
                if (code != null && code.startsWith("AccessDenied")) {
                    states.add(new ContributorInsightsState(
                            table.name(),
                            index,
                            Status.ACCESS_DENIED,
                            null,
                            "needs dynamodb:DescribeContributorInsights (" + IamPolicies.DOC + ")"));
                } else {
                    states.add(new ContributorInsightsState(
                            table.name(),
                            index,
                            Status.UNAVAILABLE,
                            null,
                            ErrorTranslator.translate(e, connection.spec(), "DescribeContributorInsights")
                                    .headline()));
                }
            }
        }
        return states;
    }

    private static List<ContributorInsightsState> notSupported(TableShape table, List<String> resources) {
        return resources.stream()
                .map(index -> new ContributorInsightsState(table.name(), index, Status.NOT_SUPPORTED, null, null))
                .toList();
    }

    /** Enables or disables Contributor Insights: a billed write, so it passes the write guard. */
    public void setContributorInsights(String table, String index, boolean enable, String mode) {
        connection.dynamo().updateContributorInsights(b -> {
            b.tableName(table)
                    .indexName(index)
                    .contributorInsightsAction(
                            enable ? ContributorInsightsAction.ENABLE : ContributorInsightsAction.DISABLE);
            if (enable && mode != null) {
                b.contributorInsightsMode(mode);
            }
        });
    }

    /**
     * Turns the table's DynamoDB stream on with {@code viewType} (NEW_AND_OLD_IMAGES sizes every write): UpdateTable
     * with a StreamSpecification, a write, so it passes the write guard (a live table must be unlocked first).
     * Enabling costs nothing; reading the stream is billed as read request units, and only writes from now on
     * appear in it.
     */
    public void enableStream(String table, String viewType) {
        connection.dynamo().updateTable(b -> b.tableName(table)
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(viewType)));
    }

    /**
     * Enables (with a mode) or disables Contributor Insights on the table or one GSI, then polls
     * DescribeContributorInsights every {@code pollEvery} until no resource is ENABLING or DISABLING (ENABLED, or
     * FAILED with its FailureException), at most {@code maxPolls} times. Each intermediate answer goes to
     * {@code onPoll}, so a screen can show the transition.
     *
     * @return the final states of the table and its GSIs
     * @throws InterruptedException when interrupted while waiting
     */
    public List<ContributorInsightsState> setContributorInsightsAndWait(
            TableShape table,
            ContributorInsightsState target,
            boolean enable,
            String mode,
            java.time.Duration pollEvery,
            int maxPolls,
            BooleanSupplier cancelled,
            Consumer<List<ContributorInsightsState>> onPoll)
            throws InterruptedException {
        setContributorInsights(target.tableName(), target.indexName(), enable, mode);
        List<ContributorInsightsState> states = contributorInsights(table);
        for (int poll = 0; poll < maxPolls && !cancelled.getAsBoolean() && isTransitional(states); poll++) {
            onPoll.accept(states);
            Thread.sleep(pollEvery.toMillis());
            states = contributorInsights(table);
        }
        return states;
    }

    private static boolean isTransitional(List<ContributorInsightsState> states) {
        return states.stream().anyMatch(s -> s.status() == Status.ENABLING || s.status() == Status.DISABLING);
    }

    /**
     * Up to {@code max} sort-key values stored under one partition key value, read with paginated Queries that
     * project only the sort key (a read: allowed on read-only connections). A table without a sort key has one item
     * per key: the result is that key's value, once, or nothing. Stops when cancelled; a repeated LastEvaluatedKey
     * ends the read with an error instead of looping.
     *
     * @throws IllegalArgumentException for a binary partition key (it cannot be typed as text)
     */
    public List<String> sortKeyValues(TableShape table, String partitionValue, int max, BooleanSupplier cancelled) {
        var pk = table.keySchema().partitionKey();
        if (pk.type() == dev.partitionscope.core.table.KeyType.B) {
            throw new IllegalArgumentException(
                    table.name() + "'s partition key " + pk.name() + " is binary: type" + " the ids instead");
        }
        AttributeValue value = pk.type() == dev.partitionscope.core.table.KeyType.N
                ? AttributeValue.fromN(partitionValue)
                : AttributeValue.fromS(partitionValue);
        var sk = table.keySchema().sort().orElse(null);
        String projected = sk == null ? pk.name() : sk.name();
        List<String> out = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        java.util.Set<Map<String, AttributeValue>> seen = new java.util.HashSet<>();
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = connection.dynamo().query(b -> b.tableName(table.name())
                    .keyConditionExpression("#k = :v")
                    .expressionAttributeNames(Map.of("#k", pk.name(), "#p", projected))
                    .expressionAttributeValues(Map.of(":v", value))
                    .projectionExpression("#p")
                    .limit(Math.min(1_000, max - out.size()))
                    .exclusiveStartKey(from));
            for (Map<String, AttributeValue> item : page.items()) {
                AttributeValue v = item.get(projected);
                if (v != null) {
                    out.add(v.s() != null ? v.s() : v.n() != null ? v.n() : v.toString());
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            if (start != null && !seen.add(start)) {
                throw new IllegalStateException("The Query of " + partitionValue + " returned the same"
                        + " LastEvaluatedKey twice; stopped instead of looping");
            }
        } while (start != null && out.size() < max && !cancelled.getAsBoolean());
        return out;
    }

    /**
     * Distinct partition-key values of a table or index among its first {@code maxItems} items (a Scan projecting
     * the key only: cheap, but billed on AWS by item size), for reading a key scheme off the keys it produced.
     */
    public java.util.Set<String> partitionKeySample(
            String table, String index, String partitionKey, int maxItems, BooleanSupplier cancelled) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        Map<String, AttributeValue> start = null;
        java.util.Set<Map<String, AttributeValue>> seen = new java.util.HashSet<>();
        int read = 0;
        do {
            Map<String, AttributeValue> from = start;
            var page = connection.dynamo().scan(b -> b.tableName(table)
                    .indexName(index)
                    .expressionAttributeNames(Map.of("#k", partitionKey))
                    .projectionExpression("#k")
                    .exclusiveStartKey(from));
            for (Map<String, AttributeValue> item : page.items()) {
                AttributeValue v = item.get(partitionKey);
                if (v != null) {
                    out.add(v.s() != null ? v.s() : v.n() != null ? v.n() : v.toString());
                }
            }
            read += page.items().size();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            if (start != null && !seen.add(start)) {
                throw new IllegalStateException("The Scan of " + table + " returned the same LastEvaluatedKey twice;"
                        + " stopped instead of looping");
            }
        } while (start != null && read < maxItems && !cancelled.getAsBoolean());
        return out;
    }
}
