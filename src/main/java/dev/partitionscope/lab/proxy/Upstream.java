package dev.partitionscope.lab.proxy;

import dev.partitionscope.lab.server.Headers;

/** Types shared by the proxy's parts. */
final class Upstream {
    private Upstream() {}

    /** One incoming call: the operation and the caller's headers (forwarded as they came). */
    record Call(String operation, Headers headers) {
        /** The caller's access key id: DynamoDB Local keeps one database per key and region, so caches key on it. */
        String accessKey() {
            String auth = headers.getFirst("Authorization");
            if (auth == null) {
                return "";
            }
            int i = auth.indexOf("Credential=");
            if (i < 0) {
                return "";
            }
            int end = auth.indexOf('/', i);
            return end < 0 ? "" : auth.substring(i + "Credential=".length(), end);
        }

        Call as(String otherOperation) {
            return new Call(otherOperation, headers);
        }
    }
}
