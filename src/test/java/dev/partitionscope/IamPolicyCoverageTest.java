package dev.partitionscope;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.partitionscope.core.iam.Feature;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The IAM policies (core/iam) against the code: every SDK operation the app sends to AWS is in some feature's policy,
 * and every action in a policy is an operation the code calls (or the service-linked role DynamoDB creates for
 * Contributor Insights). Read from the compiled classes: each call on the DynamoDB, DynamoDB Streams or CloudWatch
 * client. The Lab's workloads are left out: they only ever send to a local endpoint (SdkTarget's dummy secret).
 */
class IamPolicyCoverageTest {
    private static final Map<String, String> CLIENTS = Map.of(
            "software.amazon.awssdk.services.dynamodb.DynamoDbClient", "dynamodb",
            "software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient", "dynamodb",
            "software.amazon.awssdk.services.cloudwatch.CloudWatchClient", "cloudwatch");

    /** Client methods that send nothing. */
    private static final Set<String> NOT_OPERATIONS =
            Set.of("builder", "create", "close", "serviceName", "serviceClientConfiguration", "waiter", "utilities");

    /** Actions no code calls, that a policy needs all the same: DynamoDB creates the role on the caller's behalf. */
    private static final Set<String> IMPLIED = Set.of("iam:CreateServiceLinkedRole");

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.partitionscope");
    }

    /** The import (with the SDK classes it resolves) is large: not kept for the rest of the suite's one JVM. */
    @org.junit.jupiter.api.AfterAll
    static void release() {
        classes = null;
    }

    /** "dynamodb:DescribeTable" → callers, for every SDK operation called outside the Lab. */
    private static Map<String, Set<String>> operationsCalled() {
        Map<String, Set<String>> out = new TreeMap<>();
        for (JavaClass c : classes) {
            if (c.getPackageName().startsWith("dev.partitionscope.lab")) {
                continue;
            }
            for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
                String prefix = CLIENTS.get(call.getTargetOwner().getName());
                if (prefix == null || NOT_OPERATIONS.contains(call.getName())) {
                    continue;
                }
                String op = Character.toUpperCase(call.getName().charAt(0))
                        + call.getName().substring(1);
                out.computeIfAbsent(prefix + ":" + op, k -> new TreeSet<>()).add(c.getSimpleName());
            }
        }
        return out;
    }

    private static Set<String> policyActions() {
        Set<String> out = new TreeSet<>();
        for (Feature f : Feature.values()) {
            out.addAll(f.actions());
        }
        return out;
    }

    @Test
    void theScanFindsTheCallsItShould() {
        // Guards the scan itself: if it found nothing, the comparisons below would prove nothing.
        Map<String, Set<String>> called = operationsCalled();
        assertThat(called.get("dynamodb:DescribeTable")).contains("TableGateway");
        assertThat(called.get("dynamodb:GetRecords")).isNotEmpty();
        assertThat(called.get("cloudwatch:GetInsightRuleReport")).contains("InsightsReader");
        assertThat(called.get("dynamodb:UpdateTable")).contains("TableGateway");
    }

    @Test
    void everyOperationTheAppCallsIsInAFeaturesPolicy() {
        Map<String, Set<String>> called = operationsCalled();
        Set<String> policy = policyActions();
        Map<String, Set<String>> missing = new TreeMap<>(called);
        missing.keySet().removeAll(policy);
        assertThat(missing)
                .as("SDK operations called with no IAM action in core/iam/Feature (add them, and docs/iam.md)")
                .isEmpty();
    }

    @Test
    void everyActionInAPolicyIsCalledByTheApp() {
        Set<String> unused = policyActions();
        unused.removeAll(operationsCalled().keySet());
        unused.removeAll(IMPLIED);
        assertThat(unused)
                .as("actions granted that no code calls (least privilege)")
                .isEmpty();
    }

    @Test
    void everyActionNamesAnOperationOfTheSdk() throws Exception {
        for (String action : policyActions()) {
            if (IMPLIED.contains(action)) {
                continue;
            }
            String[] parts = action.split(":", 2);
            String model =
                    switch (parts[0]) {
                        case "dynamodb" -> "software.amazon.awssdk.services.dynamodb.model.";
                        case "cloudwatch" -> "software.amazon.awssdk.services.cloudwatch.model.";
                        default -> throw new AssertionError("unexpected service in " + action);
                    };
            assertThat(Class.forName(model + parts[1] + "Request")).as(action).isNotNull();
        }
    }

    @Test
    void theWritesAreExactlyTheGuardedOperations() {
        Set<String> writes = new TreeSet<>();
        Feature.writes().forEach(f -> writes.addAll(f.actions()));
        writes.removeAll(IMPLIED);
        Set<String> calledWrites = new TreeSet<>();
        for (String op : operationsCalled().keySet()) {
            String name = op.substring(op.indexOf(':') + 1);
            if (!dev.partitionscope.aws.WriteGuard.isRead(op.substring(0, op.indexOf(':')), name)) {
                calledWrites.add(op);
            }
        }
        assertThat(writes)
                .isEqualTo(calledWrites)
                .containsExactly("dynamodb:UpdateContributorInsights", "dynamodb:UpdateTable");
        Set<String> reads = new TreeSet<>();
        Feature.reads().forEach(f -> reads.addAll(f.actions()));
        assertThat(reads).doesNotContainAnyElementsOf(calledWrites);
    }
}
