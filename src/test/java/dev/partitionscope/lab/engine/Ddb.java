package dev.partitionscope.lab.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;

/**
 * The DynamoDB operations the Lab serves, through either SDK client: the sync one, or the async (Netty) one joined
 * with its exception unwrapped, so one test body exercises both clients and asserts the same exceptions.
 */
interface Ddb {
    String kind();

    CreateTableResponse createTable(Consumer<CreateTableRequest.Builder> r);

    DescribeTableResponse describeTable(Consumer<DescribeTableRequest.Builder> r);

    ListTablesResponse listTables(Consumer<ListTablesRequest.Builder> r);

    UpdateTableResponse updateTable(Consumer<UpdateTableRequest.Builder> r);

    DeleteTableResponse deleteTable(Consumer<DeleteTableRequest.Builder> r);

    PutItemResponse putItem(Consumer<PutItemRequest.Builder> r);

    GetItemResponse getItem(Consumer<GetItemRequest.Builder> r);

    DeleteItemResponse deleteItem(Consumer<DeleteItemRequest.Builder> r);

    UpdateItemResponse updateItem(Consumer<UpdateItemRequest.Builder> r);

    QueryResponse query(Consumer<QueryRequest.Builder> r);

    ScanResponse scan(Consumer<ScanRequest.Builder> r);

    BatchWriteItemResponse batchWriteItem(Consumer<BatchWriteItemRequest.Builder> r);

    BatchGetItemResponse batchGetItem(Consumer<BatchGetItemRequest.Builder> r);

    DescribeContributorInsightsResponse describeContributorInsights(
            Consumer<DescribeContributorInsightsRequest.Builder> r);

    UpdateContributorInsightsResponse updateContributorInsights(Consumer<UpdateContributorInsightsRequest.Builder> r);

    ListContributorInsightsResponse listContributorInsights(Consumer<ListContributorInsightsRequest.Builder> r);

    /** An operation the Lab does not serve (it must answer UnknownOperationException). */
    CreateBackupResponse createBackup(Consumer<CreateBackupRequest.Builder> r);

    static Ddb sync(DynamoDbClient c) {
        return new Ddb() {
            @Override
            public String kind() {
                return "sync";
            }

            @Override
            public CreateTableResponse createTable(Consumer<CreateTableRequest.Builder> r) {
                return c.createTable(r);
            }

            @Override
            public DescribeTableResponse describeTable(Consumer<DescribeTableRequest.Builder> r) {
                return c.describeTable(r);
            }

            @Override
            public ListTablesResponse listTables(Consumer<ListTablesRequest.Builder> r) {
                return c.listTables(r);
            }

            @Override
            public UpdateTableResponse updateTable(Consumer<UpdateTableRequest.Builder> r) {
                return c.updateTable(r);
            }

            @Override
            public DeleteTableResponse deleteTable(Consumer<DeleteTableRequest.Builder> r) {
                return c.deleteTable(r);
            }

            @Override
            public PutItemResponse putItem(Consumer<PutItemRequest.Builder> r) {
                return c.putItem(r);
            }

            @Override
            public GetItemResponse getItem(Consumer<GetItemRequest.Builder> r) {
                return c.getItem(r);
            }

            @Override
            public DeleteItemResponse deleteItem(Consumer<DeleteItemRequest.Builder> r) {
                return c.deleteItem(r);
            }

            @Override
            public UpdateItemResponse updateItem(Consumer<UpdateItemRequest.Builder> r) {
                return c.updateItem(r);
            }

            @Override
            public QueryResponse query(Consumer<QueryRequest.Builder> r) {
                return c.query(r);
            }

            @Override
            public ScanResponse scan(Consumer<ScanRequest.Builder> r) {
                return c.scan(r);
            }

            @Override
            public BatchWriteItemResponse batchWriteItem(Consumer<BatchWriteItemRequest.Builder> r) {
                return c.batchWriteItem(r);
            }

            @Override
            public BatchGetItemResponse batchGetItem(Consumer<BatchGetItemRequest.Builder> r) {
                return c.batchGetItem(r);
            }

            @Override
            public DescribeContributorInsightsResponse describeContributorInsights(
                    Consumer<DescribeContributorInsightsRequest.Builder> r) {
                return c.describeContributorInsights(r);
            }

            @Override
            public UpdateContributorInsightsResponse updateContributorInsights(
                    Consumer<UpdateContributorInsightsRequest.Builder> r) {
                return c.updateContributorInsights(r);
            }

            @Override
            public ListContributorInsightsResponse listContributorInsights(
                    Consumer<ListContributorInsightsRequest.Builder> r) {
                return c.listContributorInsights(r);
            }

            @Override
            public CreateBackupResponse createBackup(Consumer<CreateBackupRequest.Builder> r) {
                return c.createBackup(r);
            }
        };
    }

    static Ddb async(DynamoDbAsyncClient c) {
        return new Ddb() {
            @Override
            public String kind() {
                return "async";
            }

            @Override
            public CreateTableResponse createTable(Consumer<CreateTableRequest.Builder> r) {
                return join(c.createTable(r));
            }

            @Override
            public DescribeTableResponse describeTable(Consumer<DescribeTableRequest.Builder> r) {
                return join(c.describeTable(r));
            }

            @Override
            public ListTablesResponse listTables(Consumer<ListTablesRequest.Builder> r) {
                return join(c.listTables(r));
            }

            @Override
            public UpdateTableResponse updateTable(Consumer<UpdateTableRequest.Builder> r) {
                return join(c.updateTable(r));
            }

            @Override
            public DeleteTableResponse deleteTable(Consumer<DeleteTableRequest.Builder> r) {
                return join(c.deleteTable(r));
            }

            @Override
            public PutItemResponse putItem(Consumer<PutItemRequest.Builder> r) {
                return join(c.putItem(r));
            }

            @Override
            public GetItemResponse getItem(Consumer<GetItemRequest.Builder> r) {
                return join(c.getItem(r));
            }

            @Override
            public DeleteItemResponse deleteItem(Consumer<DeleteItemRequest.Builder> r) {
                return join(c.deleteItem(r));
            }

            @Override
            public UpdateItemResponse updateItem(Consumer<UpdateItemRequest.Builder> r) {
                return join(c.updateItem(r));
            }

            @Override
            public QueryResponse query(Consumer<QueryRequest.Builder> r) {
                return join(c.query(r));
            }

            @Override
            public ScanResponse scan(Consumer<ScanRequest.Builder> r) {
                return join(c.scan(r));
            }

            @Override
            public BatchWriteItemResponse batchWriteItem(Consumer<BatchWriteItemRequest.Builder> r) {
                return join(c.batchWriteItem(r));
            }

            @Override
            public BatchGetItemResponse batchGetItem(Consumer<BatchGetItemRequest.Builder> r) {
                return join(c.batchGetItem(r));
            }

            @Override
            public DescribeContributorInsightsResponse describeContributorInsights(
                    Consumer<DescribeContributorInsightsRequest.Builder> r) {
                return join(c.describeContributorInsights(r));
            }

            @Override
            public UpdateContributorInsightsResponse updateContributorInsights(
                    Consumer<UpdateContributorInsightsRequest.Builder> r) {
                return join(c.updateContributorInsights(r));
            }

            @Override
            public ListContributorInsightsResponse listContributorInsights(
                    Consumer<ListContributorInsightsRequest.Builder> r) {
                return join(c.listContributorInsights(r));
            }

            @Override
            public CreateBackupResponse createBackup(Consumer<CreateBackupRequest.Builder> r) {
                return join(c.createBackup(r));
            }
        };
    }

    /** Waits for an async call and rethrows its SDK exception as the sync client would throw it. */
    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new AssertionError("The async call did not complete within 60 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
