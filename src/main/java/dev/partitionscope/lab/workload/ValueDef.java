package dev.partitionscope.lab.workload;

import dev.partitionscope.core.scheme.KeyScheme;

/**
 * How one attribute value is made: a template such as {@code OPS_LOG} or {@code {now}#{agent}} (placeholders name
 * generators or the built-ins {@code now}, {@code date}, {@code month}, {@code epoch}), optionally widened by a
 * {@link KeyScheme} whose calculated parts take the id from the {@code id} template.
 */
public record ValueDef(boolean number, String template, KeyScheme scheme, String id, String separator) {

    public static ValueDef text(String template) {
        return new ValueDef(false, template, null, null, KeyScheme.DEFAULT_SEPARATOR);
    }

    /** {@code status = {status}, widened by PENDING,SHIPPED:hash:8 of {orderId}}, for captions. */
    public String describe() {
        String base = template;
        if (scheme == null) {
            return base;
        }
        return base + " + " + scheme + (id == null ? "" : " of " + id)
                + (separator.equals(KeyScheme.DEFAULT_SEPARATOR) ? "" : " (separator " + separator + ")");
    }
}
