package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The enumerated request members the engine acts on, decoded once into types. The front door
 * ({@code lab.api.DynamoDbApi}) has already refused values outside DynamoDB's enums by name, so decoding cannot
 * meet an unknown one; a missing member takes DynamoDB's default.
 */
final class RequestOptions {
    private RequestOptions() {}

    /** {@code ReturnValues} of PutItem, UpdateItem and DeleteItem. */
    enum ReturnValues {
        NONE,
        ALL_OLD,
        UPDATED_OLD,
        ALL_NEW,
        UPDATED_NEW;

        static ReturnValues of(JsonNode request) {
            return valueOf(request.path("ReturnValues").asText(NONE.name()));
        }
    }

    /** {@code ReturnConsumedCapacity}: none, the total, or the total with each index's share. */
    enum ConsumedCapacity {
        NONE,
        TOTAL,
        INDEXES;

        static ConsumedCapacity of(JsonNode request) {
            return valueOf(request.path("ReturnConsumedCapacity").asText(NONE.name()));
        }

        boolean wanted() {
            return this != NONE;
        }
    }

    /** {@code Select} of Query and Scan; null when the request leaves it to DynamoDB's default. */
    enum Select {
        ALL_ATTRIBUTES,
        ALL_PROJECTED_ATTRIBUTES,
        SPECIFIC_ATTRIBUTES,
        COUNT;

        static Select of(JsonNode request) {
            String s = request.path("Select").asText(null);
            return s == null ? null : valueOf(s);
        }
    }

    /** {@code BillingMode} of CreateTable and UpdateTable. */
    enum BillingMode {
        PROVISIONED,
        PAY_PER_REQUEST;

        /** The request's mode, or null when it names none (UpdateTable then keeps the table's). */
        static BillingMode of(JsonNode request) {
            String s = request.path("BillingMode").asText(null);
            return s == null ? null : valueOf(s);
        }
    }
}
