/**
 * Code generation for key schemes: {@link dev.partitionscope.core.codegen.CodeGenerator#of} per
 * {@link dev.partitionscope.core.codegen.Language}, fed a {@link dev.partitionscope.core.codegen.CodeGenRequest}.
 *
 * <p>Output layout. Java: one file {@code <Name>Keys.java} with static {@code partitionKey(base[, id][, epochMillis])},
 * {@code allPartitionKeys(base[, epochMillis])}, the N constants, and a nested {@code Reader} on the SDK v2
 * {@code DynamoDbClient} ({@code get} by recomputed key, {@code queryAll} on a thread pool). TypeScript:
 * {@code keys.ts} (pure, no imports) and {@code reader.ts} ({@code @aws-sdk/client-dynamodb}, imports
 * {@code ./keys.js}). Python: {@code keys.py} (standard library) and {@code reader.py} (boto3, {@code from keys
 * import …}). The split keeps the key functions usable and testable without any SDK; the tests execute each language's
 * key module (javac in-process, node, python3) on 10,000 rows per scheme and compare with
 * {@link dev.partitionscope.core.scheme.KeyScheme#apply}.
 *
 * <p>Every N is a named constant ({@code SHARDS}, or {@code SHARDS_1}… with several numbered parts) whose comment
 * carries the request's rationale, and the suffix is computed in exactly one expression ({@code partitionKey}).
 * Time buckets are computed with integer civil-date arithmetic in TypeScript and Python so that every year formats as
 * {@code java.time} does. No JavaFX here.
 *
 * <p>{@link dev.partitionscope.core.codegen.ScatterCode} writes one scatter-gather read (a
 * {@link dev.partitionscope.core.scatter.ScatterPlan}, as the console runs it) as a single self-contained file per
 * language: {@code ScatterRead.java}, {@code scatter_read.py}, {@code scatterRead.ts}.
 */
package dev.partitionscope.core.codegen;
