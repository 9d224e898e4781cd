package dev.partitionscope.core.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.scheme.KeyScheme;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The generated Java compiles against the SDK and computes exactly KeyScheme's keys on 10,000 ids per scheme. */
class JavaGeneratorTest {

    private static final List<KeyCases.Row> ROWS = KeyCases.rows();

    private static Class<?> compile(CodeGenRequest request) {
        List<GeneratedFile> files = CodeGenerator.of(Language.JAVA).generate(request);
        assertThat(files).hasSize(1);
        return JavaCompiling.compile(
                request.javaPackage(), request.className(), files.get(0).content());
    }

    @Test
    void keyFunctionMatchesKeySchemeOnTenThousandIdsForEveryScheme() throws Exception {
        for (KeyCases.Case c : KeyCases.CASES) {
            KeyScheme scheme = c.scheme();
            Class<?> cls = compile(CodeGenRequest.of(scheme, "orders", "PK")
                    .withSeparator(c.separator())
                    .withSortKey("SK")
                    .withRationale("peak 4,000 writes/s ÷ 1,000 WCU/s per key × 1.25 → 5, rounded"));
            Method key = keyMethod(cls, scheme);
            List<String> actual = new ArrayList<>();
            for (KeyCases.Row r : ROWS) {
                actual.add((String) key.invoke(null, args(scheme, r)));
            }
            assertThat(actual).as(c.toString()).isEqualTo(c.expected(ROWS));
            Method all = cls.getMethod("allPartitionKeys", allTypes(scheme));
            for (KeyCases.Row r : ROWS.subList(0, 50)) {
                Object[] a =
                        scheme.bucket() != null ? new Object[] {r.base(), r.epochMillis()} : new Object[] {r.base()};
                assertThat(all.invoke(null, a))
                        .as(c + " all keys of " + r)
                        .isEqualTo(scheme.keysAt(r.base(), r.epochMillis(), c.separator()));
            }
        }
    }

    @Test
    void hotValuesLeaveColdValuesUnchangedAndShardHotOnes() throws Exception {
        KeyScheme scheme = KeyScheme.parse("PENDING,SHIPPED:hash:8");
        Method key = keyMethod(compile(CodeGenRequest.of(scheme, "orders", "status")), scheme);
        assertThat(key.invoke(null, "DELIVERED", "o-1")).isEqualTo("DELIVERED");
        assertThat(key.invoke(null, "pending", "o-1")).as("case matters").isEqualTo("pending");
        assertThat((String) key.invoke(null, "PENDING", "foo")).isEqualTo("PENDING#" + (4_138_058_784L % 8 + 1));
    }

    @Test
    void randomSuffixStaysInOneToN() throws Exception {
        KeyScheme scheme = KeyScheme.parse("random:5");
        Class<?> cls = compile(CodeGenRequest.of(scheme, "orders", "PK").withSeparator("."));
        Method key = keyMethod(cls, scheme);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            seen.add((String) key.invoke(null, "2014-07-09"));
        }
        assertThat(seen)
                .containsExactlyInAnyOrder(
                        "2014-07-09.1", "2014-07-09.2", "2014-07-09.3", "2014-07-09.4", "2014-07-09.5");
        assertThat(cls.getMethods())
                .extracting(Method::getName)
                .as("no point read for random suffixes")
                .doesNotContain("get")
                .contains("partitionKey", "allPartitionKeys");
    }

    @Test
    void nIsANamedConstantDocumentedWithTheRationaleAndTheSuffixIsComputedInOnePlace() throws Exception {
        String rationale = "peak 4,000 writes/s ÷ 1,000 WCU/s per key × 1.25 headroom → 5, rounded to 8 */ \\u000a";
        CodeGenRequest request =
                CodeGenRequest.of(KeyScheme.parse("day+hash:8"), "orders", "PK").withRationale(rationale);
        String src = CodeGenerator.of(Language.JAVA).generate(request).get(0).content();
        assertThat(src)
                .contains("public static final int SHARDS = 8;")
                .contains(
                        "Why 8: peak 4,000 writes/s ÷ 1,000 WCU/s per key × 1.25 headroom → 5, rounded to 8 * / /u000a");
        assertThat(src.split("hashSuffix\\(id, SHARDS\\)", -1))
                .as("one call site computes the suffix")
                .hasSize(2);
        assertThat(src).doesNotContain("% 8").doesNotContain(", 8)");
        assertThat(compile(request).getField("SHARDS").getInt(null)).isEqualTo(8);
        assertThat(CodeGenerator.of(Language.JAVA)
                        .generate(request.withRationale(null))
                        .get(0)
                        .content())
                .contains("Why 8: TODO");
    }

    @Test
    void readerCompilesAgainstTheSdkForEveryShapeOfRequest() throws Exception {
        List<CodeGenRequest> requests = List.of(
                CodeGenRequest.of(KeyScheme.parse("day+hash:8"), "orders", "PK").withSortKey("SK"),
                CodeGenRequest.of(KeyScheme.parse("PENDING,SHIPPED:hash:8"), "orders", "GSI1PK")
                        .withSortKey("GSI1SK")
                        .withIndex("GSI1")
                        .withJavaPackage("com.example.orders")
                        .withName("StatusKeys"),
                CodeGenRequest.of(KeyScheme.parse("random:200"), "app-events 2026", "pk"),
                CodeGenRequest.of(KeyScheme.parse("hour"), "counters", "PK").withIndex("byHour"),
                CodeGenRequest.of(KeyScheme.parse("sum:10"), "t\"q", "P\"K")
                        .withSortKey("S\\K")
                        .withSeparator("\"\\"));
        for (CodeGenRequest r : requests) {
            Class<?> cls = compile(r);
            Class<?> reader = Class.forName(cls.getName() + "$Reader", true, cls.getClassLoader());
            assertThat(reader.getConstructor(DynamoDbClient.class)).isNotNull();
            List<String> names = new ArrayList<>();
            for (Method m : reader.getDeclaredMethods()) {
                names.add(m.getName());
            }
            assertThat(names).as(r.scheme().toString()).contains("queryAll");
            if (r.scheme().recomputable()) {
                assertThat(names).contains("get");
            }
        }
    }

    static Method keyMethod(Class<?> cls, KeyScheme scheme) throws NoSuchMethodException {
        List<Class<?>> types = new ArrayList<>(List.of(String.class));
        if (scheme.needsId()) {
            types.add(String.class);
        }
        if (scheme.bucket() != null) {
            types.add(long.class);
        }
        return cls.getMethod("partitionKey", types.toArray(Class<?>[]::new));
    }

    private static Class<?>[] allTypes(KeyScheme scheme) {
        return scheme.bucket() != null ? new Class<?>[] {String.class, long.class} : new Class<?>[] {String.class};
    }

    private static Object[] args(KeyScheme scheme, KeyCases.Row r) {
        List<Object> a = new ArrayList<>(List.of(r.base()));
        if (scheme.needsId()) {
            a.add(r.id());
        }
        if (scheme.bucket() != null) {
            a.add(r.epochMillis());
        }
        return a.toArray();
    }
}
