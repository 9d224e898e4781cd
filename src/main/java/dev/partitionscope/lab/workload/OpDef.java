package dev.partitionscope.lab.workload;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One operation of a variant's mix. {@code attributes} is the item for PutItem and BatchWriteItem, the key for
 * GetItem and UpdateItem, and the partition key (one entry, the table's or index's) for Query. {@code fanOut}
 * sends one request per key of the partition key's scheme (and per time bucket, {@code buckets} of them back from
 * now): the scatter-gather read a sharded key costs.
 *
 * <p>A TransactWriteItems has no attributes of its own: {@code actions} are its PutItem and UpdateItem actions, each
 * with its own table and item or key, sent as one all-or-nothing transaction at twice the price of each item;
 * {@code table} is the first action's. Every other operation has no actions.
 */
public record OpDef(
        Type type,
        String table,
        String index,
        double weight,
        Map<String, ValueDef> attributes,
        Map<String, Long> add,
        int limit,
        boolean forward,
        boolean fanOut,
        int buckets,
        int batch,
        boolean pad,
        List<OpDef> actions) {

    public OpDef {
        actions = actions == null ? List.of() : List.copyOf(actions);
    }

    /** Value makers this operation needs: one per attribute, its actions' included. */
    public int makerCount() {
        return attributes.size() + actions.stream().mapToInt(OpDef::makerCount).sum();
    }

    /** The DynamoDB operations a scenario can send. */
    public enum Type {
        PUT_ITEM("PutItem"),
        UPDATE_ITEM("UpdateItem"),
        GET_ITEM("GetItem"),
        QUERY("Query"),
        BATCH_WRITE("BatchWriteItem"),
        TRANSACT_WRITE("TransactWriteItems");

        private final String apiName;

        Type(String apiName) {
            this.apiName = apiName;
        }

        public String apiName() {
            return apiName;
        }

        public boolean write() {
            return this == PUT_ITEM || this == UPDATE_ITEM || this == BATCH_WRITE || this == TRANSACT_WRITE;
        }

        static Type of(String apiName) {
            for (Type t : values()) {
                if (t.apiName.equals(apiName)) {
                    return t;
                }
            }
            return null;
        }
    }

    /** {@code PutItem app: PK = OPS_LOG, SK = {now}#{agent}}, for captions and the CLI. */
    public String describe() {
        if (type == Type.TRANSACT_WRITE) {
            return type.apiName() + " of " + actions.size() + " (2× each): "
                    + actions.stream().map(OpDef::describe).collect(Collectors.joining(" + "));
        }
        String target = table + (index == null ? "" : " (" + index + ")");
        String what = attributes.entrySet().stream()
                .map(e -> e.getKey() + " = " + e.getValue().describe())
                .collect(Collectors.joining(", "));
        StringBuilder sb = new StringBuilder(type.apiName())
                .append(' ')
                .append(target)
                .append(": ")
                .append(what);
        if (!add.isEmpty()) {
            sb.append(" · ADD ")
                    .append(add.entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", ")));
        }
        if (type == Type.BATCH_WRITE) {
            sb.append(" · ").append(batch).append(" items per call");
        }
        if (limit > 0) {
            sb.append(" · Limit ").append(limit);
        }
        if (fanOut) {
            sb.append(" · one request per shard").append(buckets > 1 ? " of the last " + buckets + " buckets" : "");
        }
        return sb.toString();
    }
}
