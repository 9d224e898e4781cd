package dev.partitionscope.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenario files: the format, and a clear message naming the file and the field for every kind of mistake. */
class ScenarioReaderTest {
    /** A small valid scenario; tests replace one piece with a mistake. */
    static final String VALID = """
            { "version": 1, "name": "mine", "title": "My hot key",
              "defaults": { "rate": 100, "duration": 60, "itemSize": 500 },
              "skew": "user",
              "generators": { "user": { "type": "keys", "count": 10, "prefix": "user-", "hotShare": 50 },
                              "id": { "type": "uuid" } },
              "tables": { "events": { "partitionKey": "PK", "sortKey": "SK" } },
              "variants": {
                "before": { "operations": [ { "op": "PutItem", "table": "events",
                                              "item": { "PK": "USER#{user}", "SK": "{now}#{id}" } } ] },
                "after": { "rate": 50, "operations": [ { "op": "PutItem", "table": "events",
                   "item": { "PK": { "s": "USER#{user}", "scheme": "hash:4", "id": "{id}" }, "SK": "{id}" } } ] } } }
            """;

    private static String problem(String text) {
        try {
            ScenarioReader.read("mine.json", text);
        } catch (ScenarioException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + text);
    }

    @Test
    void aTransactionReadsItsActionsAsOperationsOnTheirOwnTables() {
        String tx = """
                { "version": 1, "name": "mine", "title": "Stock",
                  "defaults": { "rate": 100, "duration": 60, "itemSize": 500 },
                  "generators": { "user": { "type": "keys", "count": 10, "prefix": "user-" },
                                  "id": { "type": "uuid" } },
                  "tables": { "events": { "partitionKey": "PK", "sortKey": "SK" },
                              "counts": { "partitionKey": "PK" } },
                  "variants": {
                    "before": { "operations": [ { "op": "TransactWriteItems", "weight": 3, "actions": [
                        { "op": "UpdateItem", "table": "counts", "key": { "PK": "C#{user}" }, "add": { "n": 1 } },
                        { "op": "PutItem", "table": "events", "item": { "PK": "USER#{user}", "SK": "{now}#{id}" } }
                      ] } ] },
                    "after": { "operations": [ { "op": "PutItem", "table": "events",
                        "item": { "PK": "USER#{user}", "SK": "{id}" } } ] } } }
                """;
        Scenario s = ScenarioReader.read("mine.json", tx);
        OpDef op = s.variant("before").operations().get(0);
        assertThat(op.type()).isEqualTo(OpDef.Type.TRANSACT_WRITE);
        assertThat(op.weight()).isEqualTo(3.0);
        assertThat(op.table()).isEqualTo("counts");
        assertThat(op.actions()).extracting(OpDef::type).containsExactly(OpDef.Type.UPDATE_ITEM, OpDef.Type.PUT_ITEM);
        assertThat(op.makerCount()).isEqualTo(3);
        assertThat(s.variant("before").tables()).containsOnlyKeys("counts", "events");
        assertThat(op.describe())
                .startsWith("TransactWriteItems of 2 (2× each): UpdateItem counts: PK = ")
                .contains(" + PutItem events: ");

        assertThat(problem(tx.replace("\"op\": \"UpdateItem\", \"table\"", "\"op\": \"GetItem\", \"table\"")))
                .contains("operations[0].actions[0].op: a transaction's action is a PutItem or an UpdateItem");
        assertThat(problem(tx.replace("\"actions\": [", "\"actions\": [ ], \"x\": [")))
                .contains("operations[0]");
        assertThat(problem(tx.replace(
                        "{ \"op\": \"PutItem\", \"table\": \"events\", \"item\"",
                        "{ \"op\": \"PutItem\", \"weight\": 2, \"table\": \"events\", \"item\"")))
                .contains("operations[0].actions[1].weight: actions have no weight of their own");
    }

    @Test
    void readsAValidFileWithDefaultsAndOverrides() {
        Scenario s = ScenarioReader.read("mine.json", VALID);
        assertThat(s.name()).isEqualTo("mine");
        assertThat(s.variants()).containsOnlyKeys("before", "after");
        assertThat(s.variant("before").rate()).isEqualTo(100);
        assertThat(s.variant("after").rate()).isEqualTo(50);
        assertThat(s.variant("after").durationSeconds()).isEqualTo(60);
        assertThat(s.variant("after").operations().get(0).describe())
                .isEqualTo("PutItem events: PK = USER#{user} + hash:4 of {id}, SK = {id}");
        assertThat(s.skewed().hottestShare()).isEqualTo(50);
        assertThatThrownBy(() -> s.variant("later"))
                .hasMessage("Scenario mine has no variant 'later'; it has before," + " after.");
    }

    @Test
    void syntaxErrorsGiveTheLineAndColumn() {
        assertThat(problem("{ \"version\": 1,\n  \"name\": }"))
                .startsWith("mine.json: not valid JSON at line 2," + " column 11");
        assertThat(problem("[1]")).isEqualTo("mine.json: a scenario file holds one JSON object");
        assertThat(problem("{\"version\": 1, \"version\": 2}")).contains("not valid JSON", "Duplicate field");
    }

    @Test
    void theVersionFieldIsRequiredAndNewerVersionsAreRefused() {
        assertThat(problem(VALID.replace("\"version\": 1,", "")))
                .isEqualTo("mine.json: has no \"version\"; scenario" + " files start with \"version\": 1");
        assertThat(problem(VALID.replace("\"version\": 1", "\"version\": 2")))
                .isEqualTo("mine.json: version: is 2,"
                        + " but this PartitionScope reads scenario format version 1; update PartitionScope to run it");
        assertThat(problem(VALID.replace("\"version\": 1", "\"version\": \"one\"")))
                .contains("version: must be a" + " whole number");
    }

    @Test
    void mistakesNameTheFieldAndTheFix() {
        assertThat(problem(VALID.replace("\"title\"", "\"titel\"")))
                .isEqualTo(
                        "mine.json: titel: unknown field;"
                                + " known here: version, name, title, seed, summary, skew, defaults, generators, tables, variants");
        assertThat(problem(VALID.replace("USER#{user}\", \"SK\": \"{now}", "USER#{usr}\", \"SK\": \"{now}")))
                .isEqualTo("mine.json: variants.before.operations[0].item.PK: 'USER#{usr}' uses {usr}, which is"
                        + " neither a generator (user, id) nor built in (now, date, month, epoch)");
        assertThat(problem(VALID.replace("hash:4", "hsh:4")))
                .startsWith("mine.json: variants.after.operations[0]"
                        + ".item.PK.scheme: 'hsh:4': 'hsh:4' is not a scheme");
        assertThat(problem(VALID.replace("\"scheme\": \"hash:4\", \"id\": \"{id}\"", "\"scheme\": \"hash:4\"")))
                .isEqualTo("mine.json: variants.after.operations[0].item.PK: the scheme hash:4 computes its suffix"
                        + " from an id: add \"id\": \"{...}\"");
        assertThat(problem(VALID.replace("\"table\": \"events\",\n", "\"table\": \"evnts\",\n")))
                .contains("variants.before.operations[0].table: 'evnts' is not in \"tables\" (events)");
        assertThat(problem(VALID.replace("\"SK\": \"{now}#{id}\"", "\"Sk\": \"{now}#{id}\"")))
                .contains("variants.before.operations[0].item: the item has no SK, a key of table events");
        assertThat(problem(VALID.replace(
                        "\"op\": \"PutItem\", \"table\": \"events\",\n                   ",
                        "\"op\": \"PutItm\", \"table\": \"events\",\n                   ")))
                .contains("operations[0].op: 'PutItm' is not supported; use PutItem, UpdateItem,"
                        + " GetItem, Query, BatchWriteItem or TransactWriteItems");
        assertThat(problem(VALID.replace("\"count\": 10", "\"count\": 0")))
                .isEqualTo("mine.json: generators.user" + ".count: must be a number from 1 to 10,000,000, not 0");
        assertThat(problem(VALID.replace("\"type\": \"uuid\"", "\"type\": \"guid\"")))
                .contains("generators.id.type:" + " 'guid' is not a generator type");
        assertThat(problem(VALID.replace("\"after\": {", "\"later\": {")))
                .isEqualTo(
                        "mine.json: variants: needs an" + " \"after\" variant (every scenario has before and after)");
        assertThat(problem(VALID.replace("\"skew\": \"user\"", "\"skew\": \"id\"")))
                .isEqualTo("mine.json: skew:" + " 'id' must name a weighted or keys generator");
        assertThat(problem(VALID.replace("\"rate\": 100, ", "")))
                .isEqualTo("mine.json: variants.before.rate: is" + " missing (set it here or in \"defaults\")");
    }

    @Test
    void readsMustBeAbleToFindTheirKey() {
        String read = """
                { "version": 1, "name": "mine", "defaults": { "rate": 10 },
                  "generators": { "user": { "type": "keys", "count": 10, "prefix": "user-" } },
                  "tables": { "events": { "partitionKey": "PK" } },
                  "variants": {
                    "before": { "operations": [ { "op": "GetItem", "table": "events", "key": { "PK": "U#{user}" } } ] },
                    "after": { "operations": [ { "op": "Query", "table": "events", "limit": 10,
                      "key": { "PK": { "s": "U#{user}", "scheme": "random:4" } } } ] } } }
                """;
        assertThat(problem(read))
                .isEqualTo("mine.json: variants.after.operations[0]: reads one key, but the scheme"
                        + " random:4 has a random part, so the key cannot be recomputed; add \"fanOut\": true");
        assertThat(ScenarioReader.read("ok.json", read.replace("\"limit\": 10,", "\"limit\": 10, \"fanOut\": true,"))
                        .variant("after")
                        .operations()
                        .get(0)
                        .fanOut())
                .isTrue();
        assertThat(problem(read.replace("\"limit\": 10,", "\"limit\": 10, \"fanOut\": true, \"buckets\": 3,")))
                .contains("buckets: needs \"fanOut\": true and a scheme with hour, day or month");
    }

    @Test
    void theCatalogReadsTheUsersFilesAndReportsBrokenOnesWithoutHidingTheRest(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("mine.json"), VALID);
        Files.writeString(dir.resolve("broken.json"), "{ \"version\": 1, ");
        Files.writeString(
                dir.resolve("order-status.json"),
                VALID.replace("\"name\": \"mine\"", "\"name\": \"order-status\"")
                        .replace("My hot key", "My own order status"));
        Files.writeString(dir.resolve("notes.txt"), "not a scenario");

        ScenarioCatalog catalog = ScenarioCatalog.load(dir);
        assertThat(catalog.scenarios()).extracting(Scenario::name).contains("ops-log", "mine", "order-status");
        assertThat(catalog.get("order-status").title())
                .as("the user's file replaces the bundled one")
                .isEqualTo("My own order status");
        assertThat(catalog.get("order-status").source()).endsWith("order-status.json");
        assertThat(catalog.problems())
                .singleElement()
                .asString()
                .startsWith(dir.resolve("broken.json") + ": not valid JSON at line 1");
        assertThatThrownBy(() -> catalog.get("broken"))
                .hasMessageStartingWith("No scenario named 'broken'. Known:" + " order-status, ops-log")
                .hasMessageContaining("A file that may be it could not be read: " + dir.resolve("broken.json"));
        assertThat(ScenarioCatalog.load(dir.resolve("missing")).problems()).isEmpty();
    }

    @Test
    void runSettingsAndDurationsAreChecked() {
        assertThat(Workloads.parseDuration("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Workloads.parseDuration("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Workloads.parseDuration("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Workloads.parseDuration("PT2M")).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> Workloads.parseDuration("soon"))
                .hasMessage("'soon' is not a duration; write seconds" + " (300) or 90s, 5m, 1h, 1h30m");
        assertThatThrownBy(() -> Workloads.parseDuration("0")).hasMessageContaining("above zero");
        assertThat(Workloads.duration(Duration.ofSeconds(90))).isEqualTo("90 s");
        assertThat(Workloads.duration(Duration.ofMinutes(5))).isEqualTo("5 min");
        assertThat(Workloads.duration(Duration.ofSeconds(3_690))).isEqualTo("1 h 1 min 30 s");
        assertThatThrownBy(() -> RunSettings.defaults().withSkewPercent(120.0)).hasMessageContaining("key skew");
        assertThatThrownBy(() -> RunSettings.defaults().withRate(0.0)).hasMessageContaining("rate");
        Scenario counter = ScenarioCatalog.load(null).get("global-counter");
        assertThatThrownBy(
                        () -> Plan.of(counter, "before", RunSettings.defaults().withSkewPercent(50.0)))
                .hasMessageContaining("global-counter has no key skew to change");
    }

    @Test
    void theSkewOverrideSetsTheHottestValuesShare() {
        Scenario s = ScenarioCatalog.load(null).get("order-status");
        assertThat(Plan.of(s, "before", RunSettings.defaults()).skewPercent()).isEqualTo(70);
        Plan p = Plan.of(s, "before", RunSettings.defaults().withSkewPercent(90.0));
        assertThat(p.skewPercent()).isEqualTo(90);
        assertThat(p.headline())
                .isEqualTo("order-status · before · 900 ops/s for 5 min, items of 1,200 bytes," + " PENDING 90 %");
        Draws d = p.draws(0);
        int status = p.generators.id("status");
        int pending = 0;
        for (int i = 0; i < 20_000; i++) {
            d.next(0);
            pending += d.value(status).equals("PENDING") ? 1 : 0;
        }
        assertThat(pending).isBetween(17_700, 18_300);
        Plan tenants = Plan.of(
                ScenarioCatalog.load(null).get("tenant-skew"),
                "before",
                RunSettings.defaults().withSkewPercent(30.0));
        assertThat(tenants.headline()).endsWith("acme 30 %");
        assertThat(tenants.operationLines())
                .first()
                .asString()
                .startsWith("99.5 %  PutItem tenant-events: PK =" + " TENANT#{tenant}");
    }
}
