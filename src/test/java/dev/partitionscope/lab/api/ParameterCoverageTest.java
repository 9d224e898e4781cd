package dev.partitionscope.lab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.engine.CapacityGate;
import dev.partitionscope.lab.engine.EngineMeter;
import dev.partitionscope.lab.engine.LabEngine;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * "No parameter DynamoDB knows is ever ignored": for every operation the Lab serves, every member of its input in the
 * AWS SDK for Java v2's own model is read by the Lab, and either takes effect — two requests that differ only in that
 * member give different outcomes on fresh engines — or is refused with a ValidationException naming it.
 *
 * <p>Member paths are dotted, lists and maps transparent (as {@link OperationSpec#refused()} keys them):
 * {@code GlobalSecondaryIndexUpdates.Create.Projection.ProjectionType}, {@code RequestItems.Keys}. The inside of an
 * AttributeValue is not a member of the operation.
 */
class ParameterCoverageTest {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES, JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .build();
    private static final long START = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
    private static final String SDK_MODEL = "software.amazon.awssdk.services.dynamodb.model.";
    private static final Set<String> VOLATILE = Set.of(
            "TableId",
            "CreationDateTime",
            "LastIncreaseDateTime",
            "LastDecreaseDateTime",
            "LastUpdateToPayPerRequestDateTime",
            "EarliestRestorableDateTime",
            "LatestRestorableDateTime",
            "LastUpdateDateTime",
            "RequestId");

    // ---------------------------------------------------------------------------------------------------------------
    // 1. The SDK's model against the Lab's

    @Test
    void everySdkMemberIsKnownToTheLab() {
        List<String> missing = new ArrayList<>();
        DynamoDbApi.operations().forEach((op, spec) -> {
            Set<String> lab = labPaths(spec.input());
            for (String path : sdkPaths(op)) {
                if (!lab.contains(path) && !underRefused(spec, path)) {
                    missing.add(op + "." + path);
                }
            }
        });
        assertThat(missing)
                .as("members of the SDK's model the Lab's reader would drop as unknown (neither read nor" + " refused)")
                .isEmpty();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 2. Effect probes and refusals

    @TestFactory
    Stream<DynamicTest> everyMemberTakesEffectOrIsRefusedByName() {
        Stream<DynamicTest> probes = probes().stream()
                .map(p -> DynamicTest.dynamicTest(
                        p.operation() + " " + p.memberPath() + " takes effect", () -> checkProbe(p)));
        Stream<DynamicTest> refusals = refusals().stream()
                .map(r -> DynamicTest.dynamicTest(
                        r.operation() + " " + r.memberPath() + " is refused by name", () -> checkRefusal(r)));
        return Stream.concat(probes, refusals);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 3. Completeness

    @Test
    void everySdkMemberHasAProbeOrARefusal() {
        Set<String> required = new TreeSet<>();
        Set<String> refusedKeys = new TreeSet<>();
        DynamoDbApi.operations().forEach((op, spec) -> {
            for (String path : sdkPaths(op)) {
                if (!strictlyUnderRefused(spec, path)) {
                    required.add(op + "." + path);
                }
            }
            spec.refused().keySet().forEach(k -> refusedKeys.add(op + "." + k));
        });
        Set<String> probed = new TreeSet<>();
        probes().forEach(p -> probed.add(p.operation() + "." + p.memberPath()));
        Set<String> refused = new TreeSet<>();
        refusals().forEach(r -> refused.add(r.operation() + "." + r.memberPath()));
        Set<String> covered = new TreeSet<>(probed);
        covered.addAll(refused);

        Set<String> unproved = new TreeSet<>(required);
        unproved.removeAll(covered);
        Set<String> unknown = new TreeSet<>(covered);
        unknown.removeAll(required);
        Set<String> refusedWithoutProbe = new TreeSet<>(refusedKeys);
        refusedWithoutProbe.removeAll(refused);
        Set<String> probedButRefused = new TreeSet<>(probed);
        probedButRefused.retainAll(refusedKeys);
        Set<String> refusalOfAcceptedMember = new TreeSet<>(refused);
        refusalOfAcceptedMember.removeAll(refusedKeys);

        assertThat(unproved)
                .as("SDK members with neither an effect probe nor a refusal")
                .isEmpty();
        assertThat(unknown)
                .as("probes of members the SDK's model does not have")
                .isEmpty();
        assertThat(refusedWithoutProbe)
                .as("members the Lab refuses that no refusal probe sends")
                .isEmpty();
        assertThat(probedButRefused)
                .as("effect probes of members the Lab refuses")
                .isEmpty();
        assertThat(refusalOfAcceptedMember)
                .as("refusal probes of members the Lab no longer refuses: give them an" + " effect probe")
                .isEmpty();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The probes

    /** One member's effect: two requests differing only in it, each on a fresh engine after the same setup. */
    record Probe(
            String operation,
            String memberPath,
            List<Call> setup,
            ObjectNode requestA,
            ObjectNode requestB,
            Function<Run, JsonNode> outcomeReader) {
        Probe after(Call... calls) {
            return new Probe(operation, memberPath, List.of(calls), requestA, requestB, outcomeReader);
        }

        Probe reading(Function<Run, JsonNode> reader) {
            return new Probe(operation, memberPath, setup, requestA, requestB, reader);
        }
    }

    /** A request carrying a member the Lab refuses. */
    record Refusal(String operation, String memberPath, ObjectNode request) {}

    record Call(String operation, ObjectNode body) {}

    /** One fresh engine on a simulated clock, with the fixture tables and items. */
    record Run(LabEngine engine, SimulatedClock clock) {
        JsonNode call(String operation, JsonNode body) {
            try {
                return engine.handle(operation, body.deepCopy());
            } catch (LabException e) {
                ObjectNode error =
                        JSON.createObjectNode().put("error", e.name()).put("message", e.getMessage());
                if (e.extra() != null) {
                    error.set("extra", e.extra());
                }
                return error;
            }
        }
    }

    private static final String T_ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/tab";
    private static final String U_ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/uod";

    /** Table tab: pk (S) + sk (N), provisioned, LSI byA (pk, a; KEYS_ONLY), GSI byG (g, sk; ALL). */
    private static final ObjectNode TABLE_T = j("""
            {TableName:'tab',
             AttributeDefinitions:[{AttributeName:'pk',AttributeType:'S'},{AttributeName:'sk',AttributeType:'N'},
                                   {AttributeName:'a',AttributeType:'S'},{AttributeName:'g',AttributeType:'S'}],
             KeySchema:[{AttributeName:'pk',KeyType:'HASH'},{AttributeName:'sk',KeyType:'RANGE'}],
             ProvisionedThroughput:{ReadCapacityUnits:5,WriteCapacityUnits:5},
             LocalSecondaryIndexes:[{IndexName:'byA',
                 KeySchema:[{AttributeName:'pk',KeyType:'HASH'},{AttributeName:'a',KeyType:'RANGE'}],
                 Projection:{ProjectionType:'KEYS_ONLY'}}],
             GlobalSecondaryIndexes:[{IndexName:'byG',
                 KeySchema:[{AttributeName:'g',KeyType:'HASH'},{AttributeName:'sk',KeyType:'RANGE'}],
                 Projection:{ProjectionType:'ALL'},ProvisionedThroughput:{ReadCapacityUnits:5,WriteCapacityUnits:5}}]}
            """);
    /** Table uod: pk (S) only, on demand, GSI byV (v; ALL). */
    private static final ObjectNode TABLE_U = j("""
            {TableName:'uod',
             AttributeDefinitions:[{AttributeName:'pk',AttributeType:'S'},{AttributeName:'v',AttributeType:'N'}],
             KeySchema:[{AttributeName:'pk',KeyType:'HASH'}], BillingMode:'PAY_PER_REQUEST',
             GlobalSecondaryIndexes:[{IndexName:'byV',KeySchema:[{AttributeName:'v',KeyType:'HASH'}],
                 Projection:{ProjectionType:'ALL'}}]}
            """);

    private static final List<ObjectNode> ITEMS_T = List.of(
            j("{pk:{S:'a'},sk:{N:'1'},a:{S:'x1'},b:{N:'1'},g:{S:'g1'}}"),
            j("{pk:{S:'a'},sk:{N:'2'},a:{S:'x2'},b:{N:'2'},g:{S:'g1'}}"),
            j("{pk:{S:'a'},sk:{N:'3'},a:{S:'x0'},b:{N:'3'},exp:{N:'" + (START / 1000 - 60) + "'}}"),
            j("{pk:{S:'b'},sk:{N:'1'},a:{S:'y1'},b:{N:'10'},g:{S:'g2'}}"));
    private static final List<ObjectNode> ITEMS_U = List.of(j("{pk:{S:'u1'},v:{N:'1'}}"), j("{pk:{S:'u2'},v:{N:'2'}}"));

    static Run fresh() {
        SimulatedClock clock = new SimulatedClock(START);
        LabEngine engine = new LabEngine(clock, "us-east-1", c -> CapacityGate.UNLIMITED, EngineMeter.NONE);
        engine.handle("CreateTable", TABLE_T.deepCopy());
        engine.handle("CreateTable", TABLE_U.deepCopy());
        ITEMS_T.forEach(i -> engine.handle(
                "PutItem", JSON.createObjectNode().put("TableName", "tab").set("Item", i)));
        ITEMS_U.forEach(i -> engine.handle(
                "PutItem", JSON.createObjectNode().put("TableName", "uod").set("Item", i)));
        return new Run(engine, clock);
    }

    /** Everything observable afterwards: each table's description, items, index entries, TTL, tags, backups, insights. */
    static JsonNode state(Run r) {
        ObjectNode s = JSON.createObjectNode();
        for (JsonNode name : r.call("ListTables", j("{}")).path("TableNames")) {
            String t = name.asText();
            ObjectNode ts = s.putObject(t);
            JsonNode d = r.call("DescribeTable", j("{TableName:'" + t + "'}"));
            ts.set("describe", d);
            ts.set("items", r.call("Scan", j("{TableName:'" + t + "',ConsistentRead:true}")));
            for (String kind : List.of("LocalSecondaryIndexes", "GlobalSecondaryIndexes")) {
                for (JsonNode index : d.path("Table").path(kind)) {
                    String in = index.path("IndexName").asText();
                    ts.set("index " + in, r.call("Scan", j("{TableName:'" + t + "',IndexName:'" + in + "'}")));
                }
            }
            ts.set("ttl", r.call("DescribeTimeToLive", j("{TableName:'" + t + "'}")));
            ts.set(
                    "tags",
                    r.call(
                            "ListTagsOfResource",
                            j("{ResourceArn:'arn:aws:dynamodb:us-east-1:000000000000:table/" + t + "'}")));
            ts.set("backups", r.call("DescribeContinuousBackups", j("{TableName:'" + t + "'}")));
            ts.set("insights", r.call("ListContributorInsights", j("{TableName:'" + t + "'}")));
        }
        return s;
    }

    private static final Function<Run, JsonNode> STATE = ParameterCoverageTest::state;

    /** After a CreateTable of table new: two items written to it, then the state (index projections show). */
    private static final Function<Run, JsonNode> AFTER_CREATE = ParameterCoverageTest::afterCreate;

    private static JsonNode afterCreate(Run r) {
        ObjectNode o = JSON.createObjectNode();
        o.set(
                "put1",
                r.call(
                        "PutItem",
                        j("{TableName:'new',Item:{pk:{S:'p'},sk:{N:'1'},a:{S:'x'},g:{S:'y'},b:{N:'1'},"
                                + "c:{N:'2'}}}")));
        o.set(
                "put2",
                r.call(
                        "PutItem",
                        j("{TableName:'new',Item:{pk:{S:'p'},sk:{N:'2'},a:{S:'w'},g:{S:'y'},b:{N:'2'},"
                                + "c:{N:'3'}}}")));
        o.set("state", state(r));
        return o;
    }

    /** DeleteTable of the table afterwards (deletion protection), then the state. */
    private static Function<Run, JsonNode> deleteAfter(String table) {
        return r -> {
            ObjectNode o = JSON.createObjectNode();
            o.set("delete", r.call("DeleteTable", j("{TableName:'" + table + "'}")));
            o.set("state", state(r));
            return o;
        };
    }

    /** A day later (Time to Live's sweep has run), the state. */
    private static final Function<Run, JsonNode> A_DAY_LATER = ParameterCoverageTest::aDayLater;

    private static JsonNode aDayLater(Run r) {
        r.clock().advanceMillis(86_400_000L);
        return state(r);
    }

    static List<Probe> probes() {
        List<Probe> p = new ArrayList<>();

        // Tables ---------------------------------------------------------------------------------------------------
        p.add(probe("DescribeTable", "TableName", j("{TableName:'tab'}"), "/TableName", "'tab'", "'uod'"));
        p.add(probe("DeleteTable", "TableName", j("{TableName:'tab'}"), "/TableName", "'tab'", "'uod'"));
        p.add(probe("ListTables", "Limit", j("{}"), "/Limit", "1", "2"));
        p.add(probe("ListTables", "ExclusiveStartTableName", j("{}"), "/ExclusiveStartTableName", null, "'tab'"));

        ObjectNode ct = j("""
                {TableName:'new',
                 AttributeDefinitions:[{AttributeName:'pk',AttributeType:'S'},{AttributeName:'sk',AttributeType:'N'},
                                       {AttributeName:'a',AttributeType:'S'},{AttributeName:'g',AttributeType:'S'}],
                 KeySchema:[{AttributeName:'pk',KeyType:'HASH'},{AttributeName:'sk',KeyType:'RANGE'}],
                 ProvisionedThroughput:{ReadCapacityUnits:1,WriteCapacityUnits:1},
                 LocalSecondaryIndexes:[{IndexName:'lsi1',
                     KeySchema:[{AttributeName:'pk',KeyType:'HASH'},{AttributeName:'a',KeyType:'RANGE'}],
                     Projection:{ProjectionType:'INCLUDE',NonKeyAttributes:['b']}}],
                 GlobalSecondaryIndexes:[{IndexName:'gsi1',
                     KeySchema:[{AttributeName:'g',KeyType:'HASH'},{AttributeName:'sk',KeyType:'RANGE'}],
                     Projection:{ProjectionType:'INCLUDE',NonKeyAttributes:['b']},
                     ProvisionedThroughput:{ReadCapacityUnits:1,WriteCapacityUnits:1}}]}
                """);
        ObjectNode ctOnDemand = j("""
                {TableName:'new',
                 AttributeDefinitions:[{AttributeName:'pk',AttributeType:'S'},{AttributeName:'g',AttributeType:'S'}],
                 KeySchema:[{AttributeName:'pk',KeyType:'HASH'}], BillingMode:'PAY_PER_REQUEST',
                 GlobalSecondaryIndexes:[{IndexName:'gsi1',KeySchema:[{AttributeName:'g',KeyType:'HASH'}],
                     Projection:{ProjectionType:'ALL'}}]}
                """);
        String c = "CreateTable";
        List<Probe> create = new ArrayList<>(List.of(
                probe(c, "TableName", ct, "/TableName", "'new'", "'neu'"),
                probe(
                        c,
                        "AttributeDefinitions",
                        ct,
                        "/AttributeDefinitions/3",
                        "{AttributeName:'g',AttributeType:'S'}",
                        null),
                probe(
                        c,
                        "AttributeDefinitions.AttributeName",
                        ct,
                        "/AttributeDefinitions/3/AttributeName",
                        "'g'",
                        "'h'"),
                probe(
                        c,
                        "AttributeDefinitions.AttributeType",
                        ct,
                        "/AttributeDefinitions/2/AttributeType",
                        "'S'",
                        "'N'"),
                probe(c, "KeySchema", ct, "/KeySchema/1", "{AttributeName:'sk',KeyType:'RANGE'}", null),
                probe(c, "KeySchema.AttributeName", ct, "/KeySchema/1/AttributeName", "'sk'", "'a'"),
                probe(c, "KeySchema.KeyType", ct, "/KeySchema/1/KeyType", "'RANGE'", "'HASH'"),
                probe(
                        c,
                        "ProvisionedThroughput",
                        ct,
                        "/ProvisionedThroughput",
                        "{ReadCapacityUnits:1,WriteCapacityUnits:1}",
                        "{ReadCapacityUnits:2,WriteCapacityUnits:2}"),
                probe(
                        c,
                        "ProvisionedThroughput.ReadCapacityUnits",
                        ct,
                        "/ProvisionedThroughput/ReadCapacityUnits",
                        "1",
                        "2"),
                probe(
                        c,
                        "ProvisionedThroughput.WriteCapacityUnits",
                        ct,
                        "/ProvisionedThroughput/WriteCapacityUnits",
                        "1",
                        "2"),
                probe(c, "BillingMode", ctOnDemand, "/BillingMode", "'PAY_PER_REQUEST'", null),
                probe(
                        c,
                        "LocalSecondaryIndexes",
                        with(with(ct, "/LocalSecondaryIndexes", null), "/AttributeDefinitions/2", null),
                        "/LocalSecondaryIndexes",
                        null,
                        "[{IndexName:'lsi1',KeySchema:[{AttributeName:'pk',KeyType:'HASH'},"
                                + "{AttributeName:'g',KeyType:'RANGE'}],Projection:{ProjectionType:'ALL'}}]"),
                probe(
                        c,
                        "LocalSecondaryIndexes.IndexName",
                        ct,
                        "/LocalSecondaryIndexes/0/IndexName",
                        "'lsi1'",
                        "'lsi2'"),
                probe(
                        c,
                        "LocalSecondaryIndexes.KeySchema",
                        ct,
                        "/LocalSecondaryIndexes/0/KeySchema",
                        "[{AttributeName:'pk',KeyType:'HASH'},{AttributeName:'a',KeyType:'RANGE'}]",
                        "[{AttributeName:'pk',KeyType:'HASH'},{AttributeName:'g',KeyType:'RANGE'}]"),
                probe(
                        c,
                        "LocalSecondaryIndexes.KeySchema.AttributeName",
                        ct,
                        "/LocalSecondaryIndexes/0/KeySchema/1/AttributeName",
                        "'a'",
                        "'g'"),
                probe(
                        c,
                        "LocalSecondaryIndexes.KeySchema.KeyType",
                        ct,
                        "/LocalSecondaryIndexes/0/KeySchema/1/KeyType",
                        "'RANGE'",
                        "'HASH'"),
                probe(
                        c,
                        "LocalSecondaryIndexes.Projection",
                        ct,
                        "/LocalSecondaryIndexes/0/Projection",
                        "{ProjectionType:'INCLUDE',NonKeyAttributes:['b']}",
                        "{ProjectionType:'ALL'}"),
                probe(
                        c,
                        "LocalSecondaryIndexes.Projection.ProjectionType",
                        with(ct, "/LocalSecondaryIndexes/0/Projection", "{ProjectionType:'KEYS_ONLY'}"),
                        "/LocalSecondaryIndexes/0/Projection/ProjectionType",
                        "'KEYS_ONLY'",
                        "'ALL'"),
                probe(
                        c,
                        "LocalSecondaryIndexes.Projection.NonKeyAttributes",
                        ct,
                        "/LocalSecondaryIndexes/0/Projection/NonKeyAttributes",
                        "['b']",
                        "['c']"),
                probe(
                        c,
                        "GlobalSecondaryIndexes",
                        with(with(ct, "/GlobalSecondaryIndexes", null), "/AttributeDefinitions/3", null),
                        "/GlobalSecondaryIndexes",
                        null,
                        "[{IndexName:'gsi2',KeySchema:[{AttributeName:'a',KeyType:'HASH'}],"
                                + "Projection:{ProjectionType:'ALL'},"
                                + "ProvisionedThroughput:{ReadCapacityUnits:1,WriteCapacityUnits:1}}]"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.IndexName",
                        ct,
                        "/GlobalSecondaryIndexes/0/IndexName",
                        "'gsi1'",
                        "'gsi2'"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.KeySchema",
                        ct,
                        "/GlobalSecondaryIndexes/0/KeySchema",
                        "[{AttributeName:'g',KeyType:'HASH'},{AttributeName:'sk',KeyType:'RANGE'}]",
                        "[{AttributeName:'g',KeyType:'HASH'}]"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.KeySchema.AttributeName",
                        ct,
                        "/GlobalSecondaryIndexes/0/KeySchema/1/AttributeName",
                        "'sk'",
                        "'a'"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.KeySchema.KeyType",
                        ct,
                        "/GlobalSecondaryIndexes/0/KeySchema/1/KeyType",
                        "'RANGE'",
                        "'HASH'"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.Projection",
                        ct,
                        "/GlobalSecondaryIndexes/0/Projection",
                        "{ProjectionType:'INCLUDE',NonKeyAttributes:['b']}",
                        "{ProjectionType:'ALL'}"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.Projection.ProjectionType",
                        with(ct, "/GlobalSecondaryIndexes/0/Projection", "{ProjectionType:'KEYS_ONLY'}"),
                        "/GlobalSecondaryIndexes/0/Projection/ProjectionType",
                        "'KEYS_ONLY'",
                        "'ALL'"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.Projection.NonKeyAttributes",
                        ct,
                        "/GlobalSecondaryIndexes/0/Projection/NonKeyAttributes",
                        "['b']",
                        "['c']"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.ProvisionedThroughput",
                        ct,
                        "/GlobalSecondaryIndexes/0/ProvisionedThroughput",
                        "{ReadCapacityUnits:1,WriteCapacityUnits:1}",
                        null),
                probe(
                        c,
                        "GlobalSecondaryIndexes.ProvisionedThroughput.ReadCapacityUnits",
                        ct,
                        "/GlobalSecondaryIndexes/0/ProvisionedThroughput/ReadCapacityUnits",
                        "1",
                        "2"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.ProvisionedThroughput.WriteCapacityUnits",
                        ct,
                        "/GlobalSecondaryIndexes/0/ProvisionedThroughput/WriteCapacityUnits",
                        "1",
                        "2"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.OnDemandThroughput",
                        ctOnDemand,
                        "/GlobalSecondaryIndexes/0/OnDemandThroughput",
                        null,
                        "{MaxReadRequestUnits:5,MaxWriteRequestUnits:5}"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.OnDemandThroughput.MaxReadRequestUnits",
                        with(
                                ctOnDemand,
                                "/GlobalSecondaryIndexes/0/OnDemandThroughput",
                                "{MaxReadRequestUnits:5,MaxWriteRequestUnits:5}"),
                        "/GlobalSecondaryIndexes/0/OnDemandThroughput/MaxReadRequestUnits",
                        "5",
                        "6"),
                probe(
                        c,
                        "GlobalSecondaryIndexes.OnDemandThroughput.MaxWriteRequestUnits",
                        with(
                                ctOnDemand,
                                "/GlobalSecondaryIndexes/0/OnDemandThroughput",
                                "{MaxReadRequestUnits:5,MaxWriteRequestUnits:5}"),
                        "/GlobalSecondaryIndexes/0/OnDemandThroughput/MaxWriteRequestUnits",
                        "5",
                        "6"),
                probe(
                        c,
                        "StreamSpecification",
                        ct,
                        "/StreamSpecification",
                        null,
                        "{StreamEnabled:true,StreamViewType:'NEW_IMAGE'}"),
                probe(
                        c,
                        "StreamSpecification.StreamEnabled",
                        with(ct, "/StreamSpecification", "{StreamEnabled:true,StreamViewType:'NEW_IMAGE'}"),
                        "/StreamSpecification/StreamEnabled",
                        "true",
                        "false"),
                probe(
                        c,
                        "StreamSpecification.StreamViewType",
                        with(ct, "/StreamSpecification", "{StreamEnabled:true,StreamViewType:'NEW_IMAGE'}"),
                        "/StreamSpecification/StreamViewType",
                        "'NEW_IMAGE'",
                        "'KEYS_ONLY'"),
                probe(c, "SSESpecification", ct, "/SSESpecification", null, "{Enabled:true}"),
                probe(
                        c,
                        "SSESpecification.Enabled",
                        with(ct, "/SSESpecification", "{Enabled:true}"),
                        "/SSESpecification/Enabled",
                        "true",
                        "false"),
                probe(
                        c,
                        "SSESpecification.SSEType",
                        with(ct, "/SSESpecification", "{Enabled:true,SSEType:'KMS'}"),
                        "/SSESpecification/SSEType",
                        "'KMS'",
                        "'AES256'"),
                probe(
                        c,
                        "SSESpecification.KMSMasterKeyId",
                        with(ct, "/SSESpecification", "{Enabled:true,SSEType:'KMS',KMSMasterKeyId:'k1'}"),
                        "/SSESpecification/KMSMasterKeyId",
                        "'k1'",
                        "'k2'"),
                probe(c, "Tags", ct, "/Tags", null, "[{Key:'k',Value:'v'}]"),
                probe(c, "Tags.Key", with(ct, "/Tags", "[{Key:'k',Value:'v'}]"), "/Tags/0/Key", "'k'", "'j'"),
                probe(c, "Tags.Value", with(ct, "/Tags", "[{Key:'k',Value:'v'}]"), "/Tags/0/Value", "'v'", "'w'"),
                probe(c, "TableClass", ct, "/TableClass", null, "'STANDARD_INFREQUENT_ACCESS'"),
                probe(
                        c,
                        "OnDemandThroughput",
                        ctOnDemand,
                        "/OnDemandThroughput",
                        null,
                        "{MaxReadRequestUnits:10,MaxWriteRequestUnits:10}"),
                probe(
                        c,
                        "OnDemandThroughput.MaxReadRequestUnits",
                        with(ctOnDemand, "/OnDemandThroughput", "{MaxReadRequestUnits:10,MaxWriteRequestUnits:10}"),
                        "/OnDemandThroughput/MaxReadRequestUnits",
                        "10",
                        "11"),
                probe(
                        c,
                        "OnDemandThroughput.MaxWriteRequestUnits",
                        with(ctOnDemand, "/OnDemandThroughput", "{MaxReadRequestUnits:10,MaxWriteRequestUnits:10}"),
                        "/OnDemandThroughput/MaxWriteRequestUnits",
                        "10",
                        "11")));
        create.replaceAll(x -> x.reading(AFTER_CREATE));
        p.addAll(create);
        p.add(probe(c, "DeletionProtectionEnabled", ct, "/DeletionProtectionEnabled", "false", "true")
                .reading(deleteAfter("new")));

        String u = "UpdateTable";
        ObjectNode ut = j("{TableName:'tab',TableClass:'STANDARD'}");
        ObjectNode utOnDemand = j("{TableName:'uod',TableClass:'STANDARD'}");
        ObjectNode utCreate = j("""
                {TableName:'tab', AttributeDefinitions:[{AttributeName:'b',AttributeType:'N'}],
                 GlobalSecondaryIndexUpdates:[{Create:{IndexName:'byB',KeySchema:[{AttributeName:'b',KeyType:'HASH'}],
                     Projection:{ProjectionType:'ALL'},ProvisionedThroughput:{ReadCapacityUnits:1,WriteCapacityUnits:1}}}]}
                """);
        ObjectNode utCreateOnDemand = j("""
                {TableName:'uod', GlobalSecondaryIndexUpdates:[{Create:{IndexName:'byP',
                     KeySchema:[{AttributeName:'pk',KeyType:'HASH'}],Projection:{ProjectionType:'KEYS_ONLY'}}}]}
                """);
        ObjectNode utUpdate = j("""
                {TableName:'tab', GlobalSecondaryIndexUpdates:[{Update:{IndexName:'byG',
                     ProvisionedThroughput:{ReadCapacityUnits:6,WriteCapacityUnits:6}}}]}
                """);
        ObjectNode utUpdateOnDemand = j("""
                {TableName:'uod', GlobalSecondaryIndexUpdates:[{Update:{IndexName:'byV',
                     OnDemandThroughput:{MaxReadRequestUnits:5,MaxWriteRequestUnits:5}}}]}
                """);
        ObjectNode utDelete = j("{TableName:'tab',GlobalSecondaryIndexUpdates:[{Delete:{IndexName:'byG'}}]}");
        String gsiu = "/GlobalSecondaryIndexUpdates/0";
        p.addAll(List.of(
                probe(u, "TableName", ut, "/TableName", "'tab'", "'uod'"),
                probe(u, "BillingMode", ut, "/BillingMode", null, "'PAY_PER_REQUEST'"),
                probe(
                        u,
                        "ProvisionedThroughput",
                        ut,
                        "/ProvisionedThroughput",
                        null,
                        "{ReadCapacityUnits:6,WriteCapacityUnits:6}"),
                probe(
                        u,
                        "ProvisionedThroughput.ReadCapacityUnits",
                        with(ut, "/ProvisionedThroughput", "{ReadCapacityUnits:6,WriteCapacityUnits:6}"),
                        "/ProvisionedThroughput/ReadCapacityUnits",
                        "6",
                        "7"),
                probe(
                        u,
                        "ProvisionedThroughput.WriteCapacityUnits",
                        with(ut, "/ProvisionedThroughput", "{ReadCapacityUnits:6,WriteCapacityUnits:6}"),
                        "/ProvisionedThroughput/WriteCapacityUnits",
                        "6",
                        "7"),
                probe(
                        u,
                        "AttributeDefinitions",
                        utCreate,
                        "/AttributeDefinitions",
                        "[{AttributeName:'b',AttributeType:'N'}]",
                        null),
                probe(
                        u,
                        "AttributeDefinitions.AttributeName",
                        utCreate,
                        "/AttributeDefinitions/0/AttributeName",
                        "'b'",
                        "'c'"),
                probe(
                        u,
                        "AttributeDefinitions.AttributeType",
                        utCreate,
                        "/AttributeDefinitions/0/AttributeType",
                        "'N'",
                        "'S'"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates",
                        ut,
                        "/GlobalSecondaryIndexUpdates",
                        null,
                        "[{Delete:{IndexName:'byG'}}]"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Update",
                        utUpdate,
                        gsiu + "/Update",
                        "{IndexName:'byG',ProvisionedThroughput:{ReadCapacityUnits:6,WriteCapacityUnits:6}}",
                        null),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Update.IndexName",
                        utUpdate,
                        gsiu + "/Update/IndexName",
                        "'byG'",
                        "'nope'"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Update.ProvisionedThroughput",
                        utUpdate,
                        gsiu + "/Update/ProvisionedThroughput",
                        "{ReadCapacityUnits:6,WriteCapacityUnits:6}",
                        "{ReadCapacityUnits:7,WriteCapacityUnits:7}"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Update.ProvisionedThroughput.ReadCapacityUnits",
                        utUpdate,
                        gsiu + "/Update/ProvisionedThroughput/ReadCapacityUnits",
                        "6",
                        "7"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Update.ProvisionedThroughput.WriteCapacityUnits",
                        utUpdate,
                        gsiu + "/Update/ProvisionedThroughput/WriteCapacityUnits",
                        "6",
                        "7"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Update.OnDemandThroughput",
                        utUpdateOnDemand,
                        gsiu + "/Update/OnDemandThroughput",
                        "{MaxReadRequestUnits:5,MaxWriteRequestUnits:5}",
                        "{MaxReadRequestUnits:6,MaxWriteRequestUnits:6}"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Update.OnDemandThroughput.MaxReadRequestUnits",
                        utUpdateOnDemand,
                        gsiu + "/Update/OnDemandThroughput/MaxReadRequestUnits",
                        "5",
                        "6"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Update.OnDemandThroughput.MaxWriteRequestUnits",
                        utUpdateOnDemand,
                        gsiu + "/Update/OnDemandThroughput/MaxWriteRequestUnits",
                        "5",
                        "6"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create",
                        utCreate,
                        gsiu + "/Create",
                        "{IndexName:'byB',KeySchema:[{AttributeName:'b',KeyType:'HASH'}],Projection:{ProjectionType:"
                                + "'ALL'},ProvisionedThroughput:{ReadCapacityUnits:1,WriteCapacityUnits:1}}",
                        null),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.IndexName",
                        utCreate,
                        gsiu + "/Create/IndexName",
                        "'byB'",
                        "'byC'"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.KeySchema",
                        utCreate,
                        gsiu + "/Create/KeySchema",
                        "[{AttributeName:'b',KeyType:'HASH'}]",
                        "[{AttributeName:'b',KeyType:'HASH'},{AttributeName:'sk',KeyType:'RANGE'}]"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.KeySchema.AttributeName",
                        utCreate,
                        gsiu + "/Create/KeySchema/0/AttributeName",
                        "'b'",
                        "'a'"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.KeySchema.KeyType",
                        utCreate,
                        gsiu + "/Create/KeySchema/0/KeyType",
                        "'HASH'",
                        "'RANGE'"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.Projection",
                        utCreate,
                        gsiu + "/Create/Projection",
                        "{ProjectionType:'ALL'}",
                        "{ProjectionType:'KEYS_ONLY'}"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.Projection.ProjectionType",
                        utCreate,
                        gsiu + "/Create/Projection/ProjectionType",
                        "'ALL'",
                        "'KEYS_ONLY'"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.Projection.NonKeyAttributes",
                        with(
                                utCreate,
                                gsiu + "/Create/Projection",
                                "{ProjectionType:'INCLUDE',NonKeyAttributes:['a']}"),
                        gsiu + "/Create/Projection/NonKeyAttributes",
                        "['a']",
                        "['g']"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.ProvisionedThroughput",
                        utCreate,
                        gsiu + "/Create/ProvisionedThroughput",
                        "{ReadCapacityUnits:1,WriteCapacityUnits:1}",
                        null),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.ProvisionedThroughput.ReadCapacityUnits",
                        utCreate,
                        gsiu + "/Create/ProvisionedThroughput/ReadCapacityUnits",
                        "1",
                        "2"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.ProvisionedThroughput.WriteCapacityUnits",
                        utCreate,
                        gsiu + "/Create/ProvisionedThroughput/WriteCapacityUnits",
                        "1",
                        "2"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.OnDemandThroughput",
                        utCreateOnDemand,
                        gsiu + "/Create/OnDemandThroughput",
                        null,
                        "{MaxReadRequestUnits:5,MaxWriteRequestUnits:5}"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.OnDemandThroughput.MaxReadRequestUnits",
                        with(
                                utCreateOnDemand,
                                gsiu + "/Create/OnDemandThroughput",
                                "{MaxReadRequestUnits:5,MaxWriteRequestUnits:5}"),
                        gsiu + "/Create/OnDemandThroughput/MaxReadRequestUnits",
                        "5",
                        "6"),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.OnDemandThroughput.MaxWriteRequestUnits",
                        with(
                                utCreateOnDemand,
                                gsiu + "/Create/OnDemandThroughput",
                                "{MaxReadRequestUnits:5,MaxWriteRequestUnits:5}"),
                        gsiu + "/Create/OnDemandThroughput/MaxWriteRequestUnits",
                        "5",
                        "6"),
                probe(u, "GlobalSecondaryIndexUpdates.Delete", utDelete, gsiu + "/Delete", "{IndexName:'byG'}", null),
                probe(
                        u,
                        "GlobalSecondaryIndexUpdates.Delete.IndexName",
                        utDelete,
                        gsiu + "/Delete/IndexName",
                        "'byG'",
                        "'nope'"),
                probe(
                        u,
                        "StreamSpecification",
                        ut,
                        "/StreamSpecification",
                        null,
                        "{StreamEnabled:true,StreamViewType:'NEW_IMAGE'}"),
                probe(
                        u,
                        "StreamSpecification.StreamEnabled",
                        with(ut, "/StreamSpecification", "{StreamEnabled:true,StreamViewType:'NEW_IMAGE'}"),
                        "/StreamSpecification/StreamEnabled",
                        "true",
                        "false"),
                probe(
                        u,
                        "StreamSpecification.StreamViewType",
                        with(ut, "/StreamSpecification", "{StreamEnabled:true,StreamViewType:'NEW_IMAGE'}"),
                        "/StreamSpecification/StreamViewType",
                        "'NEW_IMAGE'",
                        "'KEYS_ONLY'"),
                probe(u, "SSESpecification", ut, "/SSESpecification", null, "{Enabled:true}"),
                probe(
                        u,
                        "SSESpecification.Enabled",
                        with(ut, "/SSESpecification", "{Enabled:true}"),
                        "/SSESpecification/Enabled",
                        "true",
                        "false"),
                probe(
                        u,
                        "SSESpecification.SSEType",
                        with(ut, "/SSESpecification", "{Enabled:true,SSEType:'KMS'}"),
                        "/SSESpecification/SSEType",
                        "'KMS'",
                        "'AES256'"),
                probe(
                        u,
                        "SSESpecification.KMSMasterKeyId",
                        with(ut, "/SSESpecification", "{Enabled:true,SSEType:'KMS',KMSMasterKeyId:'k1'}"),
                        "/SSESpecification/KMSMasterKeyId",
                        "'k1'",
                        "'k2'"),
                probe(
                        u,
                        "TableClass",
                        j("{TableName:'tab',DeletionProtectionEnabled:false}"),
                        "/TableClass",
                        "'STANDARD'",
                        "'STANDARD_INFREQUENT_ACCESS'"),
                probe(u, "DeletionProtectionEnabled", ut, "/DeletionProtectionEnabled", "false", "true")
                        .reading(deleteAfter("tab")),
                probe(
                        u,
                        "OnDemandThroughput",
                        utOnDemand,
                        "/OnDemandThroughput",
                        null,
                        "{MaxReadRequestUnits:10,MaxWriteRequestUnits:10}"),
                probe(
                        u,
                        "OnDemandThroughput.MaxReadRequestUnits",
                        with(utOnDemand, "/OnDemandThroughput", "{MaxReadRequestUnits:10,MaxWriteRequestUnits:10}"),
                        "/OnDemandThroughput/MaxReadRequestUnits",
                        "10",
                        "11"),
                probe(
                        u,
                        "OnDemandThroughput.MaxWriteRequestUnits",
                        with(utOnDemand, "/OnDemandThroughput", "{MaxReadRequestUnits:10,MaxWriteRequestUnits:10}"),
                        "/OnDemandThroughput/MaxWriteRequestUnits",
                        "10",
                        "11")));

        // Single-item writes: PutItem, DeleteItem, UpdateItem ---------------------------------------------------------
        ObjectNode put = j("{TableName:'tab',Item:{pk:{S:'a'},sk:{N:'1'},a:{S:'n1'},b:{N:'5'}}}");
        p.add(probe("PutItem", "TableName", put, "/TableName", "'tab'", "'uod'"));
        p.add(probe("PutItem", "Item", put, "/Item/b", "{N:'5'}", "{N:'6'}"));
        p.addAll(writeOptions("PutItem", put, put));
        ObjectNode delete = j("{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}}}");
        p.add(probe("DeleteItem", "TableName", delete, "/TableName", "'tab'", "'uod'"));
        p.add(probe("DeleteItem", "Key", delete, "/Key/sk", "{N:'1'}", "{N:'2'}"));
        p.addAll(writeOptions("DeleteItem", delete, delete));
        ObjectNode update = j("{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}},UpdateExpression:'SET b = :v',"
                + "ExpressionAttributeValues:{':v':{N:'7'}}}");
        ObjectNode legacyUpdate = j(
                "{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}}," + "AttributeUpdates:{b:{Action:'PUT',Value:{N:'7'}}}}");
        p.addAll(List.of(
                probe("UpdateItem", "TableName", update, "/TableName", "'tab'", "'uod'"),
                probe("UpdateItem", "Key", update, "/Key/sk", "{N:'1'}", "{N:'2'}"),
                probe("UpdateItem", "UpdateExpression", update, "/UpdateExpression", "'SET b = :v'", "'SET c = :v'"),
                probe(
                        "UpdateItem",
                        "AttributeUpdates",
                        with(legacyUpdate, "/AttributeUpdates", null),
                        "/AttributeUpdates",
                        null,
                        "{b:{Action:'PUT',Value:{N:'7'}}}"),
                probe(
                        "UpdateItem",
                        "AttributeUpdates.Value",
                        legacyUpdate,
                        "/AttributeUpdates/b/Value",
                        "{N:'7'}",
                        "{N:'8'}"),
                probe(
                        "UpdateItem",
                        "AttributeUpdates.Action",
                        legacyUpdate,
                        "/AttributeUpdates/b/Action",
                        "'PUT'",
                        "'ADD'")));
        p.addAll(writeOptions("UpdateItem", update, legacyUpdate));

        // Single-item read: GetItem --------------------------------------------------------------------------------
        ObjectNode get = j("{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}}}");
        p.addAll(List.of(
                probe("GetItem", "TableName", get, "/TableName", "'tab'", "'uod'"),
                probe("GetItem", "Key", get, "/Key/sk", "{N:'1'}", "{N:'2'}"),
                probe("GetItem", "AttributesToGet", get, "/AttributesToGet", null, "['b']"),
                probe(
                        "GetItem",
                        "ConsistentRead",
                        with(get, "/ReturnConsumedCapacity", "'TOTAL'"),
                        "/ConsistentRead",
                        "false",
                        "true"),
                probe("GetItem", "ReturnConsumedCapacity", get, "/ReturnConsumedCapacity", "'NONE'", "'TOTAL'"),
                probe("GetItem", "ProjectionExpression", get, "/ProjectionExpression", null, "'b'"),
                probe(
                        "GetItem",
                        "ExpressionAttributeNames",
                        with(with(get, "/ProjectionExpression", "'#n'"), "/ExpressionAttributeNames", "{'#n':'b'}"),
                        "/ExpressionAttributeNames/#n",
                        "'b'",
                        "'a'")));

        // Query ------------------------------------------------------------------------------------------------------
        String q = "Query";
        ObjectNode query =
                j("{TableName:'tab',KeyConditionExpression:'pk = :p',ExpressionAttributeValues:{':p':{S:'a'}}}");
        ObjectNode legacyQuery =
                j("{TableName:'tab',KeyConditions:{pk:{ComparisonOperator:'EQ'," + "AttributeValueList:[{S:'a'}]}}}");
        ObjectNode legacyRange =
                with(legacyQuery, "/KeyConditions/sk", "{ComparisonOperator:'GT'," + "AttributeValueList:[{N:'1'}]}");
        ObjectNode queryFilter =
                with(legacyQuery, "/QueryFilter", "{b:{ComparisonOperator:'GT',AttributeValueList:[{N:'1'}]}}");
        p.addAll(List.of(
                probe(q, "TableName", query, "/TableName", "'tab'", "'uod'"),
                probe(q, "IndexName", query, "/IndexName", null, "'byA'"),
                probe(q, "Select", query, "/Select", null, "'COUNT'"),
                probe(q, "AttributesToGet", legacyQuery, "/AttributesToGet", null, "['b']"),
                probe(q, "Limit", query, "/Limit", "1", "2"),
                probe(
                        q,
                        "ConsistentRead",
                        with(query, "/ReturnConsumedCapacity", "'TOTAL'"),
                        "/ConsistentRead",
                        "false",
                        "true"),
                probe(
                        q,
                        "KeyConditions",
                        legacyQuery,
                        "/KeyConditions/sk",
                        null,
                        "{ComparisonOperator:'GT',AttributeValueList:[{N:'1'}]}"),
                probe(
                        q,
                        "KeyConditions.AttributeValueList",
                        legacyQuery,
                        "/KeyConditions/pk/AttributeValueList",
                        "[{S:'a'}]",
                        "[{S:'b'}]"),
                probe(
                        q,
                        "KeyConditions.ComparisonOperator",
                        legacyRange,
                        "/KeyConditions/sk/ComparisonOperator",
                        "'GT'",
                        "'GE'"),
                probe(
                        q,
                        "QueryFilter",
                        legacyQuery,
                        "/QueryFilter",
                        null,
                        "{b:{ComparisonOperator:'GT',AttributeValueList:[{N:'1'}]}}"),
                probe(
                        q,
                        "QueryFilter.AttributeValueList",
                        queryFilter,
                        "/QueryFilter/b/AttributeValueList",
                        "[{N:'1'}]",
                        "[{N:'2'}]"),
                probe(
                        q,
                        "QueryFilter.ComparisonOperator",
                        queryFilter,
                        "/QueryFilter/b/ComparisonOperator",
                        "'GT'",
                        "'LT'"),
                probe(
                        q,
                        "ConditionalOperator",
                        with(queryFilter, "/QueryFilter/a", "{ComparisonOperator:'EQ',AttributeValueList:[{S:'x1'}]}"),
                        "/ConditionalOperator",
                        "'AND'",
                        "'OR'"),
                probe(q, "ScanIndexForward", query, "/ScanIndexForward", "true", "false"),
                probe(q, "ExclusiveStartKey", query, "/ExclusiveStartKey", null, "{pk:{S:'a'},sk:{N:'1'}}"),
                probe(q, "ReturnConsumedCapacity", query, "/ReturnConsumedCapacity", "'NONE'", "'TOTAL'"),
                probe(q, "ProjectionExpression", query, "/ProjectionExpression", null, "'b'"),
                probe(q, "FilterExpression", query, "/FilterExpression", null, "'b = :p'"),
                probe(
                        q,
                        "KeyConditionExpression",
                        query,
                        "/KeyConditionExpression",
                        "'pk = :p'",
                        "'pk = :p AND sk = :p'"),
                probe(q, "ExpressionAttributeValues", query, "/ExpressionAttributeValues/:p", "{S:'a'}", "{S:'b'}"),
                probe(
                        q,
                        "ExpressionAttributeNames",
                        with(
                                with(query, "/KeyConditionExpression", "'#k = :p'"),
                                "/ExpressionAttributeNames",
                                "{'#k':'pk'}"),
                        "/ExpressionAttributeNames/#k",
                        "'pk'",
                        "'a'")));

        // Scan -------------------------------------------------------------------------------------------------------
        String s = "Scan";
        ObjectNode scan = j("{TableName:'tab'}");
        ObjectNode scanFilter = with(scan, "/ScanFilter", "{b:{ComparisonOperator:'GT',AttributeValueList:[{N:'1'}]}}");
        ObjectNode filtered = j("{TableName:'tab',FilterExpression:'b > :v',ExpressionAttributeValues:{':v':{N:'1'}}}");
        p.addAll(List.of(
                probe(s, "TableName", scan, "/TableName", "'tab'", "'uod'"),
                probe(s, "IndexName", scan, "/IndexName", null, "'byG'"),
                probe(s, "AttributesToGet", scan, "/AttributesToGet", null, "['b']"),
                probe(s, "Limit", scan, "/Limit", "1", "2"),
                probe(s, "Select", scan, "/Select", null, "'COUNT'"),
                probe(
                        s,
                        "ScanFilter",
                        scan,
                        "/ScanFilter",
                        null,
                        "{b:{ComparisonOperator:'GT',AttributeValueList:[{N:'1'}]}}"),
                probe(
                        s,
                        "ScanFilter.AttributeValueList",
                        scanFilter,
                        "/ScanFilter/b/AttributeValueList",
                        "[{N:'1'}]",
                        "[{N:'2'}]"),
                probe(
                        s,
                        "ScanFilter.ComparisonOperator",
                        scanFilter,
                        "/ScanFilter/b/ComparisonOperator",
                        "'GT'",
                        "'LT'"),
                probe(
                        s,
                        "ConditionalOperator",
                        with(scanFilter, "/ScanFilter/a", "{ComparisonOperator:'EQ',AttributeValueList:[{S:'x1'}]}"),
                        "/ConditionalOperator",
                        "'AND'",
                        "'OR'"),
                probe(s, "ExclusiveStartKey", scan, "/ExclusiveStartKey", null, "{pk:{S:'a'},sk:{N:'1'}}"),
                probe(s, "ReturnConsumedCapacity", scan, "/ReturnConsumedCapacity", "'NONE'", "'TOTAL'"),
                probe(s, "TotalSegments", with(scan, "/Segment", "1"), "/TotalSegments", "2", "3"),
                probe(s, "Segment", with(scan, "/TotalSegments", "2"), "/Segment", "0", "1"),
                probe(s, "ProjectionExpression", scan, "/ProjectionExpression", null, "'b'"),
                probe(s, "FilterExpression", filtered, "/FilterExpression", "'b > :v'", "'b < :v'"),
                probe(s, "ExpressionAttributeValues", filtered, "/ExpressionAttributeValues/:v", "{N:'1'}", "{N:'2'}"),
                probe(
                        s,
                        "ExpressionAttributeNames",
                        with(
                                with(filtered, "/FilterExpression", "'#n > :v'"),
                                "/ExpressionAttributeNames",
                                "{'#n':'b'}"),
                        "/ExpressionAttributeNames/#n",
                        "'b'",
                        "'sk'"),
                probe(
                        s,
                        "ConsistentRead",
                        with(scan, "/ReturnConsumedCapacity", "'TOTAL'"),
                        "/ConsistentRead",
                        "false",
                        "true")));

        // Batches ----------------------------------------------------------------------------------------------------
        ObjectNode batchGet = j("{RequestItems:{tab:{Keys:[{pk:{S:'a'},sk:{N:'1'}}]}}}");
        String bg = "BatchGetItem";
        p.addAll(List.of(
                probe(
                        bg,
                        "RequestItems",
                        batchGet,
                        "/RequestItems",
                        "{tab:{Keys:[{pk:{S:'a'},sk:{N:'1'}}]}}",
                        "{uod:{Keys:[{pk:{S:'u1'}}]}}"),
                probe(bg, "RequestItems.Keys", batchGet, "/RequestItems/tab/Keys/0/sk", "{N:'1'}", "{N:'2'}"),
                probe(bg, "RequestItems.AttributesToGet", batchGet, "/RequestItems/tab/AttributesToGet", null, "['b']"),
                probe(
                        bg,
                        "RequestItems.ConsistentRead",
                        with(batchGet, "/ReturnConsumedCapacity", "'TOTAL'"),
                        "/RequestItems/tab/ConsistentRead",
                        "false",
                        "true"),
                probe(
                        bg,
                        "RequestItems.ProjectionExpression",
                        batchGet,
                        "/RequestItems/tab/ProjectionExpression",
                        null,
                        "'b'"),
                probe(
                        bg,
                        "RequestItems.ExpressionAttributeNames",
                        with(
                                with(batchGet, "/RequestItems/tab/ProjectionExpression", "'#n'"),
                                "/RequestItems/tab/ExpressionAttributeNames",
                                "{'#n':'b'}"),
                        "/RequestItems/tab/ExpressionAttributeNames/#n",
                        "'b'",
                        "'a'"),
                probe(bg, "ReturnConsumedCapacity", batchGet, "/ReturnConsumedCapacity", "'NONE'", "'TOTAL'")));
        ObjectNode batchPut = j("{RequestItems:{tab:[{PutRequest:{Item:{pk:{S:'a'},sk:{N:'9'},b:{N:'1'}}}}]}}");
        ObjectNode batchDelete = j("{RequestItems:{tab:[{DeleteRequest:{Key:{pk:{S:'a'},sk:{N:'1'}}}}]}}");
        String bw = "BatchWriteItem";
        p.addAll(List.of(
                probe(
                        bw,
                        "RequestItems",
                        batchPut,
                        "/RequestItems",
                        "{tab:[{PutRequest:{Item:{pk:{S:'a'},sk:{N:'9'},b:{N:'1'}}}}]}",
                        "{uod:[{PutRequest:{Item:{pk:{S:'a'},sk:{N:'9'},b:{N:'1'}}}}]}"),
                probe(
                        bw,
                        "RequestItems.PutRequest",
                        batchPut,
                        "/RequestItems/tab/0/PutRequest",
                        "{Item:{pk:{S:'a'},sk:{N:'9'},b:{N:'1'}}}",
                        null),
                probe(
                        bw,
                        "RequestItems.PutRequest.Item",
                        batchPut,
                        "/RequestItems/tab/0/PutRequest/Item/b",
                        "{N:'1'}",
                        "{N:'2'}"),
                probe(
                        bw,
                        "RequestItems.DeleteRequest",
                        batchDelete,
                        "/RequestItems/tab/0/DeleteRequest",
                        "{Key:{pk:{S:'a'},sk:{N:'1'}}}",
                        null),
                probe(
                        bw,
                        "RequestItems.DeleteRequest.Key",
                        batchDelete,
                        "/RequestItems/tab/0/DeleteRequest/Key/sk",
                        "{N:'1'}",
                        "{N:'2'}"),
                probe(bw, "ReturnConsumedCapacity", batchPut, "/ReturnConsumedCapacity", "'NONE'", "'TOTAL'"),
                probe(
                        bw,
                        "ReturnItemCollectionMetrics",
                        batchPut,
                        "/ReturnItemCollectionMetrics",
                        "'NONE'",
                        "'SIZE'")));

        // Transactions -----------------------------------------------------------------------------------------------
        String tw = "TransactWriteItems";
        ObjectNode twPut = j("{TransactItems:[{Put:{TableName:'tab',Item:{pk:{S:'a'},sk:{N:'9'},b:{N:'1'}}}}]}");
        ObjectNode twAdd = j("{TransactItems:[{Update:{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}},"
                + "UpdateExpression:'ADD b :one',ExpressionAttributeValues:{':one':{N:'1'}}}}]}");
        p.addAll(List.of(
                probe(
                        tw,
                        "TransactItems",
                        twPut,
                        "/TransactItems/0",
                        "{Put:{TableName:'tab',Item:{pk:{S:'a'},sk:{N:'9'}}}}",
                        "{Put:{TableName:'tab',Item:{pk:{S:'a'},sk:{N:'8'}}}}"),
                probe(tw, "ReturnConsumedCapacity", twPut, "/ReturnConsumedCapacity", "'NONE'", "'TOTAL'"),
                probe(tw, "ReturnItemCollectionMetrics", twPut, "/ReturnItemCollectionMetrics", "'NONE'", "'SIZE'"),
                probe(tw, "ClientRequestToken", twAdd, "/ClientRequestToken", "'token-1'", null)
                        .after(new Call(tw, with(twAdd, "/ClientRequestToken", "'token-1'")))));
        p.addAll(transactAction(
                "Put", j("{TableName:'tab',Item:{pk:{S:'a'},sk:{N:'1'},b:{N:'7'}}}"), "/Item/b", "{N:'7'}", "{N:'8'}"));
        p.addAll(transactAction(
                "Update",
                j("{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}},UpdateExpression:'REMOVE b'}"),
                "/Key/sk",
                "{N:'1'}",
                "{N:'2'}"));
        p.add(probe(
                tw,
                "TransactItems.Update.UpdateExpression",
                j(
                        "{TransactItems:[{Update:{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}},UpdateExpression:'REMOVE b'}}]}"),
                "/TransactItems/0/Update/UpdateExpression",
                "'REMOVE b'",
                "'REMOVE a'"));
        p.addAll(transactAction(
                "Delete", j("{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}}}"), "/Key/sk", "{N:'1'}", "{N:'2'}"));
        p.addAll(transactAction(
                "ConditionCheck",
                j("{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}},ConditionExpression:'attribute_exists(b)'}"),
                "/Key/sk",
                "{N:'1'}",
                "{N:'7'}"));
        String tg = "TransactGetItems";
        ObjectNode tget = j("{TransactItems:[{Get:{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}}}}]}");
        p.addAll(List.of(
                probe(
                        tg,
                        "TransactItems",
                        tget,
                        "/TransactItems/0",
                        "{Get:{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}}}}",
                        "{Get:{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'2'}}}}"),
                probe(
                        tg,
                        "TransactItems.Get",
                        tget,
                        "/TransactItems/0/Get",
                        "{TableName:'tab',Key:{pk:{S:'a'},sk:{N:'1'}}}",
                        null),
                probe(tg, "TransactItems.Get.Key", tget, "/TransactItems/0/Get/Key/sk", "{N:'1'}", "{N:'2'}"),
                probe(tg, "TransactItems.Get.TableName", tget, "/TransactItems/0/Get/TableName", "'tab'", "'uod'"),
                probe(
                        tg,
                        "TransactItems.Get.ProjectionExpression",
                        tget,
                        "/TransactItems/0/Get/ProjectionExpression",
                        null,
                        "'b'"),
                probe(
                        tg,
                        "TransactItems.Get.ExpressionAttributeNames",
                        with(
                                with(tget, "/TransactItems/0/Get/ProjectionExpression", "'#n'"),
                                "/TransactItems/0/Get/ExpressionAttributeNames",
                                "{'#n':'b'}"),
                        "/TransactItems/0/Get/ExpressionAttributeNames/#n",
                        "'b'",
                        "'a'"),
                probe(tg, "ReturnConsumedCapacity", tget, "/ReturnConsumedCapacity", "'NONE'", "'TOTAL'")));

        // Time to Live, tags, backups, Contributor Insights ---------------------------------------------------------
        Call enableTtl = call(
                "UpdateTimeToLive",
                "{TableName:'tab',TimeToLiveSpecification:{AttributeName:'exp'," + "Enabled:true}}");
        ObjectNode ttl = j("{TableName:'tab',TimeToLiveSpecification:{AttributeName:'exp',Enabled:true}}");
        p.addAll(List.of(
                probe("DescribeTimeToLive", "TableName", j("{TableName:'tab'}"), "/TableName", "'tab'", "'uod'")
                        .after(enableTtl),
                probe("UpdateTimeToLive", "TableName", ttl, "/TableName", "'tab'", "'uod'"),
                probe(
                        "UpdateTimeToLive",
                        "TimeToLiveSpecification",
                        ttl,
                        "/TimeToLiveSpecification",
                        "{AttributeName:'exp',Enabled:true}",
                        null),
                probe(
                        "UpdateTimeToLive",
                        "TimeToLiveSpecification.Enabled",
                        ttl,
                        "/TimeToLiveSpecification/Enabled",
                        "true",
                        "false"),
                probe(
                                "UpdateTimeToLive",
                                "TimeToLiveSpecification.AttributeName",
                                ttl,
                                "/TimeToLiveSpecification/AttributeName",
                                "'exp'",
                                "'b'")
                        .reading(A_DAY_LATER)));

        Call tagT = call(
                "TagResource", "{ResourceArn:'" + T_ARN + "',Tags:[{Key:'k1',Value:'v1'}," + "{Key:'k2',Value:'v2'}]}");
        ObjectNode tag = j("{ResourceArn:'" + T_ARN + "',Tags:[{Key:'k',Value:'v'}]}");
        p.addAll(List.of(
                probe("TagResource", "ResourceArn", tag, "/ResourceArn", "'" + T_ARN + "'", "'" + U_ARN + "'"),
                probe("TagResource", "Tags", tag, "/Tags/1", null, "{Key:'j',Value:'w'}"),
                probe("TagResource", "Tags.Key", tag, "/Tags/0/Key", "'k'", "'j'"),
                probe("TagResource", "Tags.Value", tag, "/Tags/0/Value", "'v'", "'w'"),
                probe(
                                "UntagResource",
                                "ResourceArn",
                                j("{ResourceArn:'" + T_ARN + "',TagKeys:['k1']}"),
                                "/ResourceArn",
                                "'" + T_ARN + "'",
                                "'" + U_ARN + "'")
                        .after(tagT),
                probe(
                                "UntagResource",
                                "TagKeys",
                                j("{ResourceArn:'" + T_ARN + "',TagKeys:['k1']}"),
                                "/TagKeys/0",
                                "'k1'",
                                "'k2'")
                        .after(tagT),
                probe(
                                "ListTagsOfResource",
                                "ResourceArn",
                                j("{ResourceArn:'" + T_ARN + "'}"),
                                "/ResourceArn",
                                "'" + T_ARN + "'",
                                "'" + U_ARN + "'")
                        .after(tagT),
                probe("ListTagsOfResource", "NextToken", j("{ResourceArn:'" + T_ARN + "'}"), "/NextToken", null, "'k1'")
                        .after(tagT)));

        ObjectNode pitr = j("{TableName:'tab',PointInTimeRecoverySpecification:{PointInTimeRecoveryEnabled:true}}");
        p.addAll(List.of(
                probe("DescribeContinuousBackups", "TableName", j("{TableName:'tab'}"), "/TableName", "'tab'", "'uod'")
                        .after(call(
                                "UpdateContinuousBackups",
                                "{TableName:'tab',PointInTimeRecoverySpecification:"
                                        + "{PointInTimeRecoveryEnabled:true,RecoveryPeriodInDays:7}}")),
                probe("UpdateContinuousBackups", "TableName", pitr, "/TableName", "'tab'", "'uod'"),
                probe(
                        "UpdateContinuousBackups",
                        "PointInTimeRecoverySpecification",
                        pitr,
                        "/PointInTimeRecoverySpecification",
                        "{PointInTimeRecoveryEnabled:true}",
                        null),
                probe(
                        "UpdateContinuousBackups",
                        "PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled",
                        pitr,
                        "/PointInTimeRecoverySpecification/PointInTimeRecoveryEnabled",
                        "true",
                        "false"),
                probe(
                        "UpdateContinuousBackups",
                        "PointInTimeRecoverySpecification.RecoveryPeriodInDays",
                        pitr,
                        "/PointInTimeRecoverySpecification/RecoveryPeriodInDays",
                        "7",
                        "8")));

        ObjectNode insights = j("{TableName:'tab',ContributorInsightsAction:'ENABLE'}");
        Call enableIndexInsights = call(
                "UpdateContributorInsights",
                "{TableName:'tab',IndexName:'byG'," + "ContributorInsightsAction:'ENABLE'}");
        p.addAll(List.of(
                probe(
                                "DescribeContributorInsights",
                                "TableName",
                                j("{TableName:'tab'}"),
                                "/TableName",
                                "'tab'",
                                "'uod'")
                        .after(call(
                                "UpdateContributorInsights", "{TableName:'tab',ContributorInsightsAction:'ENABLE'}")),
                probe("DescribeContributorInsights", "IndexName", j("{TableName:'tab'}"), "/IndexName", null, "'byG'")
                        .after(enableIndexInsights),
                probe("UpdateContributorInsights", "TableName", insights, "/TableName", "'tab'", "'uod'"),
                probe("UpdateContributorInsights", "IndexName", insights, "/IndexName", null, "'byG'"),
                probe(
                        "UpdateContributorInsights",
                        "ContributorInsightsAction",
                        insights,
                        "/ContributorInsightsAction",
                        "'ENABLE'",
                        "'DISABLE'"),
                probe(
                        "UpdateContributorInsights",
                        "ContributorInsightsMode",
                        insights,
                        "/ContributorInsightsMode",
                        "'ACCESSED_AND_THROTTLED_KEYS'",
                        "'THROTTLED_KEYS'"),
                probe("ListContributorInsights", "TableName", j("{}"), "/TableName", null, "'tab'"),
                probe("ListContributorInsights", "MaxResults", j("{}"), "/MaxResults", "1", "2"),
                probe("ListContributorInsights", "NextToken", j("{}"), "/NextToken", null, "'1'")));
        return p;
    }

    /**
     * The members every conditional single-item write shares. {@code expression}: a request using expressions;
     * {@code legacy}: one the legacy Expected/ConditionalOperator may join (no expression members).
     */
    private static List<Probe> writeOptions(String op, ObjectNode expression, ObjectNode legacy) {
        boolean hasValues = expression.has("ExpressionAttributeValues");
        ObjectNode valued = hasValues
                ? expression
                : with(
                        with(expression, "/ConditionExpression", "'b = :v'"),
                        "/ExpressionAttributeValues",
                        "{':v':{N:'1'}}");
        ObjectNode named = with(
                with(expression, "/ConditionExpression", "'attribute_exists(#n)'"),
                "/ExpressionAttributeNames",
                "{'#n':'b'}");
        ObjectNode failing = with(expression, "/ConditionExpression", "'attribute_not_exists(pk)'");
        ObjectNode expectedValue = with(legacy, "/Expected", "{b:{Value:{N:'1'}}}");
        ObjectNode expectedExists = with(legacy, "/Expected", "{b:{Value:{N:'1'},Exists:true}}");
        ObjectNode expectedOp = with(legacy, "/Expected", "{b:{ComparisonOperator:'EQ',AttributeValueList:[{N:'1'}]}}");
        ObjectNode twoExpected = with(
                legacy,
                "/Expected",
                "{b:{ComparisonOperator:'EQ',AttributeValueList:[{N:'1'}]},"
                        + "a:{ComparisonOperator:'EQ',AttributeValueList:[{S:'zz'}]}}");
        return List.of(
                probe(op, "ReturnConsumedCapacity", expression, "/ReturnConsumedCapacity", "'NONE'", "'TOTAL'"),
                probe(op, "ReturnValues", expression, "/ReturnValues", "'NONE'", "'ALL_OLD'"),
                probe(
                        op,
                        "ReturnItemCollectionMetrics",
                        expression,
                        "/ReturnItemCollectionMetrics",
                        "'NONE'",
                        "'SIZE'"),
                probe(
                        op,
                        "ConditionExpression",
                        expression,
                        "/ConditionExpression",
                        null,
                        "'attribute_not_exists(pk)'"),
                probe(
                        op,
                        "ReturnValuesOnConditionCheckFailure",
                        failing,
                        "/ReturnValuesOnConditionCheckFailure",
                        "'NONE'",
                        "'ALL_OLD'"),
                probe(
                        op,
                        "ExpressionAttributeValues",
                        valued,
                        "/ExpressionAttributeValues/:v",
                        hasValues ? "{N:'7'}" : "{N:'1'}",
                        hasValues ? "{N:'8'}" : "{N:'2'}"),
                probe(op, "ExpressionAttributeNames", named, "/ExpressionAttributeNames/#n", "'b'", "'c'"),
                probe(op, "Expected", legacy, "/Expected", null, "{b:{Value:{N:'99'}}}"),
                probe(op, "Expected.Value", expectedValue, "/Expected/b/Value", "{N:'1'}", "{N:'2'}"),
                probe(op, "Expected.Exists", expectedExists, "/Expected/b/Exists", "true", "false"),
                probe(op, "Expected.ComparisonOperator", expectedOp, "/Expected/b/ComparisonOperator", "'EQ'", "'NE'"),
                probe(
                        op,
                        "Expected.AttributeValueList",
                        expectedOp,
                        "/Expected/b/AttributeValueList",
                        "[{N:'1'}]",
                        "[{N:'2'}]"),
                probe(op, "ConditionalOperator", twoExpected, "/ConditionalOperator", "'AND'", "'OR'"));
    }

    static List<Refusal> refusals() {
        ObjectNode ct = j("""
                {TableName:'new',
                 AttributeDefinitions:[{AttributeName:'pk',AttributeType:'S'},{AttributeName:'g',AttributeType:'S'}],
                 KeySchema:[{AttributeName:'pk',KeyType:'HASH'}],
                 ProvisionedThroughput:{ReadCapacityUnits:1,WriteCapacityUnits:1},
                 GlobalSecondaryIndexes:[{IndexName:'gsi1',KeySchema:[{AttributeName:'g',KeyType:'HASH'}],
                     Projection:{ProjectionType:'ALL'},ProvisionedThroughput:{ReadCapacityUnits:1,WriteCapacityUnits:1}}]}
                """);
        String warm = "{ReadUnitsPerSecond:15000,WriteUnitsPerSecond:5000}";
        String c = "CreateTable";
        String u = "UpdateTable";
        return List.of(
                new Refusal(c, "WarmThroughput", with(ct, "/WarmThroughput", warm)),
                new Refusal(
                        c,
                        "GlobalSecondaryIndexes.WarmThroughput",
                        with(ct, "/GlobalSecondaryIndexes/0/WarmThroughput", warm)),
                new Refusal(c, "ResourcePolicy", with(ct, "/ResourcePolicy", "'{\"Version\":\"2012-10-17\"}'")),
                new Refusal(
                        c,
                        "GlobalTableSourceArn",
                        with(ct, "/GlobalTableSourceArn", "'arn:aws:dynamodb:us-west-2:000000000000:table/n'")),
                new Refusal(
                        c,
                        "GlobalTableSettingsReplicationMode",
                        with(ct, "/GlobalTableSettingsReplicationMode", "'ENABLED'")),
                // UpdateTable: each as the one thing the request asks for, as a caller would send it.
                new Refusal(u, "WarmThroughput", j("{TableName:'tab',WarmThroughput:" + warm + "}")),
                new Refusal(
                        u,
                        "GlobalSecondaryIndexUpdates.Update.WarmThroughput",
                        j("{TableName:'tab',GlobalSecondaryIndexUpdates:[{Update:{IndexName:'byG',WarmThroughput:"
                                + warm + "}}]}")),
                new Refusal(
                        u,
                        "GlobalSecondaryIndexUpdates.Create.WarmThroughput",
                        j("{TableName:'tab',GlobalSecondaryIndexUpdates:[{Create:{IndexName:'byB',KeySchema:[{"
                                + "AttributeName:'b',KeyType:'HASH'}],Projection:{ProjectionType:'ALL'},"
                                + "ProvisionedThroughput:{ReadCapacityUnits:1,WriteCapacityUnits:1},WarmThroughput:"
                                + warm + "}}],AttributeDefinitions:[{AttributeName:'b',AttributeType:'N'}]}")),
                new Refusal(
                        u, "ReplicaUpdates", j("{TableName:'tab',ReplicaUpdates:[{Create:{RegionName:'us-west-2'}}]}")),
                new Refusal(
                        u,
                        "MultiRegionConsistency",
                        j("{TableName:'tab',TableClass:'STANDARD'," + "MultiRegionConsistency:'STRONG'}")),
                new Refusal(
                        u,
                        "GlobalTableWitnessUpdates",
                        j("{TableName:'tab',GlobalTableWitnessUpdates:[{Create:{RegionName:'us-west-2'}}]}")),
                new Refusal(
                        u,
                        "GlobalTableSettingsReplicationMode",
                        j("{TableName:'tab',GlobalTableSettingsReplicationMode:'ENABLED'}")),
                new Refusal(c, "VectorIndexes", with(ct, "/VectorIndexes", "[{IndexName:'vec'}]")),
                new Refusal(
                        u,
                        "VectorIndexUpdates",
                        j("{TableName:'tab',VectorIndexUpdates:[{Create:{IndexName:" + "'vec'}}]}")),
                new Refusal(
                        u,
                        "DisassociationProtectionEnabled",
                        j("{TableName:'tab',DisassociationProtectionEnabled:true}")));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Running probes

    private static void checkProbe(Probe p) {
        OperationSpec spec = DynamoDbApi.operations().get(p.operation());
        assertThat(spec).as("the Lab serves %s", p.operation()).isNotNull();
        String[] path = p.memberPath().split("\\.");
        assertThat(present(spec.input(), p.requestA(), path, 0) || present(spec.input(), p.requestB(), path, 0))
                .as("one of the requests carries %s", p.memberPath())
                .isTrue();
        assertThat(p.requestA()).as("the two requests differ").isNotEqualTo(p.requestB());
        assertThat(strip(spec.input(), p.requestA(), path))
                .as("the requests differ only in %s", p.memberPath())
                .isEqualTo(strip(spec.input(), p.requestB(), path));

        JsonNode a = outcome(p, p.requestA());
        JsonNode again = outcome(p, p.requestA());
        assertThat(again).as("the outcome of request A is reproducible").isEqualTo(a);
        JsonNode b = outcome(p, p.requestB());
        if (a.equals(b)) {
            fail(
                    "%s %s has no effect: both requests give the same outcome%n  A: %s%n  B: %s%n  answer to both: %s",
                    p.operation(), p.memberPath(), p.requestA(), p.requestB(), a.get("response"));
        }
    }

    private static JsonNode outcome(Probe p, ObjectNode request) {
        Run run = fresh();
        for (Call c : p.setup()) {
            JsonNode r = run.call(c.operation(), c.body());
            assertThat(r.has("error"))
                    .as("setup %s %s answered %s", c.operation(), c.body(), r)
                    .isFalse();
        }
        ObjectNode o = JSON.createObjectNode();
        o.set("response", run.call(p.operation(), request));
        o.set("after", p.outcomeReader().apply(run));
        return withoutVolatile(o);
    }

    private static void checkRefusal(Refusal r) {
        OperationSpec spec = DynamoDbApi.operations().get(r.operation());
        assertThat(spec.refused())
                .as("the Lab refuses %s.%s", r.operation(), r.memberPath())
                .containsKey(r.memberPath());
        String name = r.memberPath().substring(r.memberPath().lastIndexOf('.') + 1);
        JsonNode answer = fresh().call(r.operation(), r.request());
        assertThat(answer.path("error").asText())
                .as("%s %s answers %s", r.operation(), r.request(), answer)
                .isEqualTo("ValidationException");
        assertThat(answer.path("message").asText())
                .as("%s %s answers %s", r.operation(), r.request(), answer)
                .contains(name);
        // The refusal is the member's: the same request without it is not refused so.
        ObjectNode without = strip(spec.input(), r.request(), r.memberPath().split("\\."));
        JsonNode other = fresh().call(r.operation(), without);
        assertThat(other.path("message").asText())
                .as("%s %s (without %s) answers %s", r.operation(), without, r.memberPath(), other)
                .isNotEqualTo(answer.path("message").asText());
    }

    private static JsonNode withoutVolatile(JsonNode node) {
        if (node instanceof ObjectNode o) {
            o.remove(VOLATILE);
            o.forEach(ParameterCoverageTest::withoutVolatile);
        } else if (node instanceof ArrayNode a) {
            a.forEach(ParameterCoverageTest::withoutVolatile);
        }
        return node;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Member paths: the SDK's model, the Lab's shapes, and requests walked along them

    /** Dotted member paths of the SDK's request for the operation (AttributeValue's inside left out). */
    // A missing SDK class is this test's failure to report, so AssertionError rather than LinkageError.
    @SuppressWarnings("RethrowReflectiveOperationExceptionAsLinkageError")
    static List<String> sdkPaths(String operation) {
        try {
            Class<?> request = Class.forName(SDK_MODEL + operation + "Request");
            SdkPojo builder = (SdkPojo) request.getMethod("builder").invoke(null);
            List<String> out = new ArrayList<>();
            sdkFields(builder.sdkFields(), "", out);
            return out;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("The SDK has no request class for " + operation + ": " + e, e);
        }
    }

    private static void sdkFields(List<SdkField<?>> fields, String prefix, List<String> out) {
        for (SdkField<?> f : fields) {
            String path = prefix + f.locationName();
            out.add(path);
            sdkDescend(f, path, out);
        }
    }

    private static void sdkDescend(SdkField<?> f, String path, List<String> out) {
        MarshallingType<?> type = f.marshallingType();
        if (type == MarshallingType.LIST) {
            sdkDescend(f.getRequiredTrait(ListTrait.class).memberFieldInfo(), path, out);
        } else if (type == MarshallingType.MAP) {
            sdkDescend(f.getRequiredTrait(MapTrait.class).valueFieldInfo(), path, out);
        } else if (type == MarshallingType.SDK_POJO) {
            SdkPojo pojo = f.constructor().get();
            if (!(pojo instanceof AttributeValue.Builder)) {
                sdkFields(pojo.sdkFields(), path + ".", out);
            }
        }
    }

    /** Dotted member paths of the Lab's input shape, lists and maps transparent. */
    static Set<String> labPaths(Shape.StructShape input) {
        Set<String> out = new TreeSet<>();
        labMembers(input, "", out);
        return out;
    }

    private static void labMembers(Shape shape, String prefix, Set<String> out) {
        if (shape instanceof Shape.StructShape s) {
            for (Shape.Member m : s.members()) {
                out.add(prefix + m.name());
                labMembers(m.shape(), prefix + m.name() + ".", out);
            }
        } else if (shape instanceof Shape.ListShape l) {
            labMembers(l.element().shape(), prefix, out);
        } else if (shape instanceof Shape.MapShape m) {
            labMembers(m.value().shape(), prefix, out);
        }
    }

    private static boolean underRefused(OperationSpec spec, String path) {
        return spec.refused().keySet().stream().anyMatch(k -> path.equals(k) || path.startsWith(k + "."));
    }

    private static boolean strictlyUnderRefused(OperationSpec spec, String path) {
        return spec.refused().keySet().stream().anyMatch(k -> path.startsWith(k + "."));
    }

    /** The request without the member at the path (in every element of a list or value of a map on the way). */
    static ObjectNode strip(Shape.StructShape input, ObjectNode request, String[] path) {
        ObjectNode copy = request.deepCopy();
        remove(input, copy, path, 0);
        return copy;
    }

    private static void remove(Shape shape, JsonNode node, String[] path, int i) {
        if (node == null || node.isNull()) {
            return;
        }
        if (shape instanceof Shape.ListShape l) {
            node.forEach(e -> remove(l.element().shape(), e, path, i));
        } else if (shape instanceof Shape.MapShape m) {
            node.forEach(v -> remove(m.value().shape(), v, path, i));
        } else if (shape instanceof Shape.StructShape s) {
            Shape.Member member = s.member(path[i]);
            if (member == null) {
                throw new AssertionError("the Lab's input has no member " + String.join(".", path));
            }
            if (i == path.length - 1) {
                ((ObjectNode) node).remove(path[i]);
            } else {
                remove(member.shape(), node.get(path[i]), path, i + 1);
            }
        }
    }

    private static boolean present(Shape shape, JsonNode node, String[] path, int i) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (i == path.length) {
            return true;
        }
        if (shape instanceof Shape.ListShape l) {
            for (JsonNode e : node) {
                if (present(l.element().shape(), e, path, i)) {
                    return true;
                }
            }
            return false;
        }
        if (shape instanceof Shape.MapShape m) {
            for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
                if (present(m.value().shape(), it.next(), path, i)) {
                    return true;
                }
            }
            return false;
        }
        if (shape instanceof Shape.StructShape s && s.member(path[i]) != null) {
            return present(s.member(path[i]).shape(), node.get(path[i]), path, i + 1);
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // JSON helpers

    /** A probe: the base request with the value at the JSON pointer set to {@code a} and to {@code b} (null: absent). */
    /**
     * The members every TransactWriteItems action shares, for one action kind on an existing item (tab a/1): the
     * action itself, its table, its key or item ({@code pointer}: values {@code a} and {@code b} change the outcome),
     * its condition and placeholders, and ReturnValuesOnConditionCheckFailure on a failing condition.
     */
    private static List<Probe> transactAction(String kind, ObjectNode action, String pointer, String a, String b) {
        String tw = "TransactWriteItems";
        String at = "/TransactItems/0/" + kind;
        String path = "TransactItems." + kind;
        ObjectNode base = JSON.createObjectNode();
        base.putArray("TransactItems").addObject().set(kind, action);
        ObjectNode named = with(
                with(base, at + "/ConditionExpression", "'attribute_exists(#n)'"),
                at + "/ExpressionAttributeNames",
                "{'#n':'b'}");
        ObjectNode valued = with(
                with(base, at + "/ConditionExpression", "'b = :v'"),
                at + "/ExpressionAttributeValues",
                "{':v':{N:'1'}}");
        ObjectNode failing = with(base, at + "/ConditionExpression", "'attribute_not_exists(pk)'");
        List<Probe> out = new ArrayList<>(List.of(
                probe(tw, path, base, at, action.toString(), null),
                probe(tw, path + "." + (kind.equals("Put") ? "Item" : "Key"), base, at + pointer, a, b),
                probe(
                        tw,
                        path + ".TableName",
                        base,
                        at + "/TableName",
                        "'tab'",
                        "'" + T_ARN.replace("tab", "uod") + "'"),
                probe(
                        tw,
                        path + ".ExpressionAttributeNames",
                        named,
                        at + "/ExpressionAttributeNames/#n",
                        "'b'",
                        "'zz'"),
                probe(
                        tw,
                        path + ".ExpressionAttributeValues",
                        valued,
                        at + "/ExpressionAttributeValues/:v",
                        "{N:'1'}",
                        "{N:'2'}"),
                probe(
                        tw,
                        path + ".ReturnValuesOnConditionCheckFailure",
                        failing,
                        at + "/ReturnValuesOnConditionCheckFailure",
                        "'NONE'",
                        "'ALL_OLD'")));
        if (!kind.equals("ConditionCheck")) {
            out.add(probe(
                    tw,
                    path + ".ConditionExpression",
                    base,
                    at + "/ConditionExpression",
                    null,
                    "'attribute_not_exists(pk)'"));
        } else {
            out.add(probe(
                    tw,
                    path + ".ConditionExpression",
                    base,
                    at + "/ConditionExpression",
                    "'attribute_exists(b)'",
                    "'attribute_not_exists(b)'"));
        }
        return out;
    }

    private static Probe probe(
            String operation, String memberPath, ObjectNode base, String pointer, String a, String b) {
        return new Probe(operation, memberPath, List.of(), with(base, pointer, a), with(base, pointer, b), STATE);
    }

    private static Call call(String operation, String body) {
        return new Call(operation, j(body));
    }

    /** A copy of {@code base} with the value at the pointer replaced ({@code value} null: removed). */
    static ObjectNode with(ObjectNode base, String pointer, String value) {
        ObjectNode copy = base.deepCopy();
        JsonPointer p = JsonPointer.compile(pointer);
        JsonNode parent = copy.at(p.head());
        JsonNode v = value == null ? null : parse(value);
        if (parent instanceof ObjectNode o) {
            String name = p.last().getMatchingProperty();
            if (v == null) {
                o.remove(name);
            } else {
                o.set(name, v);
            }
        } else if (parent instanceof ArrayNode arr) {
            int index = p.last().getMatchingIndex();
            if (v == null) {
                arr.remove(index);
            } else if (index == arr.size()) {
                arr.add(v);
            } else {
                arr.set(index, v);
            }
        } else {
            throw new IllegalArgumentException("nothing at " + p.head() + " in " + base);
        }
        return copy;
    }

    static ObjectNode j(String json) {
        return (ObjectNode) parse(json);
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(json, e);
        }
    }
}
