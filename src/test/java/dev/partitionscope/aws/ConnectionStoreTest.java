package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.config.JsonFiles;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionStoreTest {
    private static final ConnectionSpec AWS = ConnectionSpec.aws("Production", "prod-admin", "eu-west-1");
    private static final ConnectionSpec AWS_DEFAULT_CHAIN = ConnectionSpec.aws("Default chain", null, null);
    private static final ConnectionSpec LOCALSTACK = ConnectionSpec.localStack();
    private static final ConnectionSpec CUSTOM =
            ConnectionSpec.custom("DynamoDB Local \"dev\"", "http://localhost:8000", "us-west-2", "alice");

    @TempDir
    Path dir;

    private ConnectionStore store() {
        return new ConnectionStore(dir.resolve("nested").resolve("config"));
    }

    @Test
    void savedConnectionsLoadBackEqualAndInOrder() throws IOException {
        ConnectionStore store = store();
        store.save(List.of(AWS, AWS_DEFAULT_CHAIN, LOCALSTACK, CUSTOM));

        JsonFiles.Read<List<ConnectionSpec>> read =
                new ConnectionStore(dir.resolve("nested").resolve("config")).load();

        assertThat(read.problem()).isNull();
        assertThat(read.value()).containsExactly(AWS, AWS_DEFAULT_CHAIN, LOCALSTACK, CUSTOM);
        try (Stream<Path> files = Files.list(store.file().getParent())) {
            assertThat(files).as("no temp files left behind").containsExactly(store.file());
        }
    }

    @Test
    void aMissingFileLoadsEmptyWithoutProblem() {
        JsonFiles.Read<List<ConnectionSpec>> read = store().load();

        assertThat(read.value()).isEmpty();
        assertThat(read.problem()).isNull();
    }

    @Test
    void theFileHoldsNoSecretOfAnyKind() throws Exception {
        ConnectionStore store = store();
        // An AWS spec handed a key id (e.g. pasted into the wrong field) must not carry it into the file.
        ConnectionSpec awsWithKey = new ConnectionSpec(
                "Pasted", ConnectionKind.AWS, "prod", "eu-west-1", "http://ignored", "AKIAIOSFODNN7EXAMPLE");
        store.save(List.of(AWS, awsWithKey, LOCALSTACK, CUSTOM));
        String text = Files.readString(store.file());
        JsonNode root = new ObjectMapper().readTree(text);

        assertThat(fieldNames(root))
                .noneMatch(name -> name.toLowerCase(Locale.ROOT).contains("secret"))
                .noneMatch(name -> name.toLowerCase(Locale.ROOT).contains("password"))
                .noneMatch(name -> name.toLowerCase(Locale.ROOT).contains("token"));
        assertThat(text).doesNotContain(localDummySecret());
        assertThat(text).doesNotContainPattern(Pattern.compile("(AKIA|ASIA)[A-Z0-9]{16}"));
        assertThat(text).doesNotContainPattern(Pattern.compile("[A-Za-z0-9/+]{40}"));
        for (JsonNode entry : root.path("connections")) {
            if (entry.path("kind").asText().equals("AWS")) {
                assertThat(entry.path("accessKeyId").isNull()
                                || entry.path("accessKeyId").isMissingNode())
                        .as(
                                "AWS entry %s stores no access key",
                                entry.path("name").asText())
                        .isTrue();
                assertThat(entry.path("endpoint").isNull()
                                || entry.path("endpoint").isMissingNode())
                        .isTrue();
            }
        }
        assertThat(store.load().value()).element(1).satisfies(s -> assertThat(s.accessKeyId())
                .isNull());
    }

    @Test
    void aLocalEndpointKeepsItsAccessKeyIdBecauseItNamesTheDatabase() throws IOException {
        ConnectionStore store = store();
        store.save(List.of(CUSTOM));

        JsonNode entry = new ObjectMapper()
                .readTree(store.file().toFile())
                .path("connections")
                .get(0);

        assertThat(entry.path("accessKeyId").asText()).isEqualTo("alice");
        assertThat(entry.path("kind").asText()).isEqualTo("CUSTOM");
        assertThat(new ObjectMapper()
                        .readTree(store.file().toFile())
                        .path("version")
                        .asInt())
                .isEqualTo(1);
    }

    @Test
    void aCorruptFileIsMovedAsideReportedAndLoadsEmpty() throws IOException {
        ConnectionStore store = store();
        Files.createDirectories(store.file().getParent());
        Files.writeString(store.file(), "{\"version\":1,\"connections\":[{\"name\":");

        JsonFiles.Read<List<ConnectionSpec>> read = store.load();

        assertThat(read.value()).isEmpty();
        assertThat(Files.exists(store.file())).isFalse();
        List<Path> aside;
        try (Stream<Path> files = Files.list(store.file().getParent())) {
            aside = files.filter(p -> p.getFileName().toString().startsWith("connections.json.unreadable-"))
                    .toList();
        }
        assertThat(aside).hasSize(1);
        assertThat(Files.readString(aside.get(0))).isEqualTo("{\"version\":1,\"connections\":[{\"name\":");
        assertThat(read.problem())
                .startsWith("connections.json could not be read and was kept as "
                        + aside.get(0).getFileName() + " (")
                .endsWith("); starting from defaults.");
        assertThat(read.problem()).doesNotContain("\n");

        store.save(List.of(CUSTOM));
        assertThat(store.load().value()).containsExactly(CUSTOM);
    }

    @Test
    void entriesWithoutNameOrKindAreSkippedAndUnknownFieldsIgnored() throws IOException {
        ConnectionStore store = store();
        Files.createDirectories(store.file().getParent());
        Files.writeString(store.file(), """
                {"version": 2, "future": true, "connections": [
                  {"name": "ok", "kind": "LOCALSTACK", "region": "us-east-1", "endpoint": "http://localhost:4566",
                   "accessKeyId": "test", "colour": "blue"},
                  {"kind": "AWS"},
                  {"name": "no kind"},
                  null
                ]}
                """);

        JsonFiles.Read<List<ConnectionSpec>> read = store.load();

        assertThat(read.problem()).isNull();
        assertThat(read.value()).containsExactly(ConnectionSpec.localStack().withName("ok"));
    }

    @Test
    void upsertReplacesAConnectionWithTheSameName() throws IOException {
        ConnectionStore store = store();
        store.save(List.of(AWS, LOCALSTACK));
        ConnectionSpec moved = ConnectionSpec.aws("Production", "prod-admin", "us-east-2");

        List<ConnectionSpec> result = store.upsert(moved);

        assertThat(result).containsExactly(LOCALSTACK, moved);
        assertThat(store.load().value()).containsExactly(LOCALSTACK, moved);
        assertThat(store.find("Production")).contains(moved);
    }

    @Test
    void upsertAddsANewName() throws IOException {
        ConnectionStore store = store();

        store.upsert(CUSTOM);
        store.upsert(LOCALSTACK);

        assertThat(store.load().value()).containsExactly(CUSTOM, LOCALSTACK);
    }

    @Test
    void removeDeletesOnlyThatName() throws IOException {
        ConnectionStore store = store();
        store.save(List.of(AWS, LOCALSTACK, CUSTOM));

        assertThat(store.remove("LocalStack")).containsExactly(AWS, CUSTOM);
        assertThat(store.load().value()).containsExactly(AWS, CUSTOM);
        assertThat(store.find("LocalStack")).isEmpty();
        assertThat(store.remove("not there")).containsExactly(AWS, CUSTOM);
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        if (node.isObject()) {
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                names.add(name);
                names.addAll(fieldNames(node.get(name)));
            }
        } else if (node.isArray()) {
            node.forEach(child -> names.addAll(fieldNames(child)));
        }
        return names;
    }

    private static String localDummySecret() throws ReflectiveOperationException {
        Field field = ConnectionFactory.class.getDeclaredField("LOCAL_DUMMY_SECRET");
        field.setAccessible(true);
        String secret = (String) field.get(null);
        assertThat(secret).isNotBlank();
        return secret;
    }
}
