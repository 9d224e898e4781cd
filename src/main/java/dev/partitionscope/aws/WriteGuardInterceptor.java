package dev.partitionscope.aws;

import java.util.LinkedHashSet;
import java.util.Set;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/** Puts the {@link WriteGuard} in front of every call an SDK client makes, before anything is sent. */
final class WriteGuardInterceptor implements ExecutionInterceptor {
    private final WriteGuard guard;

    WriteGuardInterceptor(WriteGuard guard) {
        this.guard = guard;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String service = attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME);
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        guard.check(service, operation, tablesOf(context.request()));
    }

    static Set<String> tablesOf(SdkRequest request) {
        Set<String> tables = new LinkedHashSet<>();
        request.getValueForField("TableName", String.class).ifPresent(tables::add);
        if (request instanceof BatchWriteItemRequest batch && batch.hasRequestItems()) {
            tables.addAll(batch.requestItems().keySet());
        }
        if (request instanceof TransactWriteItemsRequest transact && transact.hasTransactItems()) {
            for (TransactWriteItem item : transact.transactItems()) {
                if (item.put() != null) {
                    tables.add(item.put().tableName());
                }
                if (item.update() != null) {
                    tables.add(item.update().tableName());
                }
                if (item.delete() != null) {
                    tables.add(item.delete().tableName());
                }
                if (item.conditionCheck() != null) {
                    tables.add(item.conditionCheck().tableName());
                }
            }
        }
        // ResourceArn-addressed calls (tags, resource policies) name the table inside the ARN.
        request.getValueForField("ResourceArn", String.class)
                .map(WriteGuardInterceptor::tableFromArn)
                .ifPresent(tables::add);
        tables.remove(null);
        return tables;
    }

    static String tableFromArn(String arn) {
        int i = arn.indexOf(":table/");
        if (i < 0) {
            return arn;
        }
        String rest = arn.substring(i + ":table/".length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }
}
