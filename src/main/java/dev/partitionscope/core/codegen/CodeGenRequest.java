package dev.partitionscope.core.codegen;

import dev.partitionscope.core.scheme.KeyScheme;
import java.util.Objects;

/**
 * What to generate code for.
 *
 * @param scheme                the key scheme (parts, shard counts, hot values)
 * @param separator             joins the base value and each suffix ({@link KeyScheme#DEFAULT_SEPARATOR} if null)
 * @param table                 the table name
 * @param partitionKeyAttribute the attribute holding the sharded key (a string attribute): the table's partition key,
 *                              or the index's when {@code indexName} is set
 * @param sortKeyAttribute      the sort key attribute (of the table, or of the index), or null when there is none;
 *                              the scatter-gather merges by it and the point read needs its value
 * @param indexName             a GSI whose partition key is the sharded attribute, or null: reads then go to the
 *                              index (GetItem cannot, so the point read becomes a Query of one recomputed key)
 * @param rationale             why N is what it is, for the doc comment on N (e.g. "peak 4,000 writes/s ÷ 1,000
 *                              WCU/s per key × 1.25 headroom → 5, rounded to 8"); null or blank writes a TODO
 * @param name                  the Java class name; null derives it from the table ({@code orders} →
 *                              {@code OrdersKeys}). TypeScript and Python modules are always {@code keys} and
 *                              {@code reader}
 * @param javaPackage           the Java package, or null for none
 */
public record CodeGenRequest(
        KeyScheme scheme,
        String separator,
        String table,
        String partitionKeyAttribute,
        String sortKeyAttribute,
        String indexName,
        String rationale,
        String name,
        String javaPackage) {

    public CodeGenRequest {
        Objects.requireNonNull(scheme, "scheme");
        requireText(table, "table");
        requireText(partitionKeyAttribute, "partitionKeyAttribute");
        if (separator == null) {
            separator = KeyScheme.DEFAULT_SEPARATOR;
        }
        sortKeyAttribute = blankToNull(sortKeyAttribute);
        indexName = blankToNull(indexName);
        rationale = blankToNull(rationale);
        name = blankToNull(name);
        javaPackage = blankToNull(javaPackage);
        if (name != null && !Identifiers.isJavaIdentifier(name)) {
            throw new IllegalArgumentException("'" + name + "' is not a Java class name");
        }
        if (javaPackage != null && !Identifiers.isJavaPackage(javaPackage)) {
            throw new IllegalArgumentException("'" + javaPackage + "' is not a Java package name");
        }
    }

    /** A request with the default separator, no sort key, no index, no rationale. */
    public static CodeGenRequest of(KeyScheme scheme, String table, String partitionKeyAttribute) {
        return new CodeGenRequest(scheme, null, table, partitionKeyAttribute, null, null, null, null, null);
    }

    public CodeGenRequest withSeparator(String s) {
        return new CodeGenRequest(
                scheme, s, table, partitionKeyAttribute, sortKeyAttribute, indexName, rationale, name, javaPackage);
    }

    public CodeGenRequest withSortKey(String attribute) {
        return new CodeGenRequest(
                scheme, separator, table, partitionKeyAttribute, attribute, indexName, rationale, name, javaPackage);
    }

    public CodeGenRequest withIndex(String index) {
        return new CodeGenRequest(
                scheme, separator, table, partitionKeyAttribute, sortKeyAttribute, index, rationale, name, javaPackage);
    }

    public CodeGenRequest withRationale(String text) {
        return new CodeGenRequest(
                scheme, separator, table, partitionKeyAttribute, sortKeyAttribute, indexName, text, name, javaPackage);
    }

    public CodeGenRequest withName(String className) {
        return new CodeGenRequest(
                scheme,
                separator,
                table,
                partitionKeyAttribute,
                sortKeyAttribute,
                indexName,
                rationale,
                className,
                javaPackage);
    }

    public CodeGenRequest withJavaPackage(String pkg) {
        return new CodeGenRequest(
                scheme, separator, table, partitionKeyAttribute, sortKeyAttribute, indexName, rationale, name, pkg);
    }

    /** The Java class name: {@link #name()} or the table in PascalCase + {@code Keys}. */
    public String className() {
        if (name != null) {
            return name;
        }
        StringBuilder sb = new StringBuilder();
        boolean upper = true;
        for (int i = 0; i < table.length(); i++) {
            char c = table.charAt(i);
            if (c < 128 && Character.isLetterOrDigit(c)) {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        if (sb.length() == 0 || !Character.isLetter(sb.charAt(0))) {
            sb.insert(0, "Table");
        }
        return sb.append("Keys").toString();
    }

    private static void requireText(String s, String what) {
        if (s == null || s.isBlank()) {
            throw new IllegalArgumentException(what + " is empty");
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
