package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KeyHierarchyTest {

    private static List<String> range(String prefix, int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> prefix + i).toList();
    }

    // Separator detection

    @Test
    void threatKeysWithBrandAndMonthSplitOnHash() {
        List<String> keys = List.of(
                "THREAT#brand-abc-123#2026-06",
                "THREAT#brand-abc-123#2026-07",
                "THREAT#brand-xyz#2026-06",
                "OPS_LOG",
                "OPS_LOG#2026-06-22",
                "BRAND_INDEX");

        assertThat(KeyHierarchy.detectSeparator(keys)).isEqualTo('#');
    }

    @Test
    void datedOrderKeysWithDottedShardsSplitOnHashNotOnTheDot() {
        List<String> keys = new ArrayList<>(range("PEDIDOS#2014-07-09.", 1, 200));
        keys.addAll(range("PEDIDOS#2026-09-06.", 1, 10));

        assertThat(KeyHierarchy.detectSeparator(keys)).isEqualTo('#');
    }

    @Test
    void decimalsAndAddressesDoNotOutvoteAFewHashKeys() {
        List<String> keys = new ArrayList<>(List.of("10.0.0.1", "10.0.0.2", "3.5", "1.2.3", "PRICE#4.99"));
        keys.add("TENANT#acme");

        assertThat(KeyHierarchy.detectSeparator(keys)).isEqualTo('#');
    }

    @Test
    void pipeKeysSplitOnPipe() {
        List<String> keys = List.of("tenant|42|order", "tenant|42|invoice", "tenant|7|order", "tenant|7");

        assertThat(KeyHierarchy.detectSeparator(keys)).isEqualTo('|');
    }

    @Test
    void colonKeysSplitOnColonButTimesInsideHashKeysDoNot() {
        assertThat(KeyHierarchy.detectSeparator(List.of("tenant:42:order", "tenant:9:order")))
                .isEqualTo(':');
        assertThat(KeyHierarchy.detectSeparator(
                        List.of("ALERT#2026-06-22T01:00:00Z#geo", "ALERT#2026-06-22T17:30:00Z#geo")))
                .isEqualTo('#');
    }

    @Test
    void keysMadeOnlyOfDottedShardsSplitOnTheDot() {
        assertThat(KeyHierarchy.detectSeparator(range("2014-07-09.", 1, 200))).isEqualTo('.');
    }

    @Test
    void singleWordKeysFallBackToHash() {
        assertThat(KeyHierarchy.detectSeparator(List.of("OPS_LOG", "BRAND_INDEX", "PENDING")))
                .isEqualTo('#');
        assertThat(KeyHierarchy.detectSeparator(List.of())).isEqualTo('#');
    }

    @Test
    void emptyPartsDoNotCountAsASplit() {
        // "#a", "a#" and "a##b" do not split cleanly on '#'; "a|b" does.
        assertThat(KeyHierarchy.detectSeparator(List.of("#a", "a#", "a##b", "x|y")))
                .isEqualTo('|');
    }

    @Test
    void aTieGoesToTheEarlierSeparator() {
        assertThat(KeyHierarchy.detectSeparator(List.of("a|b", "c#d"))).isEqualTo('#');
    }

    // Labels

    @Test
    void theLastLabelHoldsTheRestOfTheKey() {
        assertThat(KeyHierarchy.labels("A#B#C#D#E", '#', 4)).containsExactly("A", "B", "C", "D#E");
        assertThat(KeyHierarchy.labels("THREAT#brand-abc#2026-06", '#', 2))
                .containsExactly("THREAT", "brand-abc#2026-06");
        assertThat(KeyHierarchy.labels("THREAT#brand-abc#2026-06", '#', 4))
                .containsExactly("THREAT", "brand-abc", "2026-06");
    }

    @Test
    void aKeyWithoutTheSeparatorIsOneLabel() {
        assertThat(KeyHierarchy.labels("OPS_LOG", '#', 4)).containsExactly("OPS_LOG");
        assertThat(KeyHierarchy.labels("A#B", '#', 1)).containsExactly("A#B");
    }

    @Test
    void moreThanFourLabelColumnsAreRefused() {
        assertThatThrownBy(() -> KeyHierarchy.labels("A#B", '#', 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> KeyHierarchy.labels("A#B", '#', 0)).isInstanceOf(IllegalArgumentException.class);
    }

    // Shard folding

    @Test
    void eightHashShardsFoldUnderPending() {
        List<String> keys = new ArrayList<>(range("PENDING#", 1, 8));
        keys.add("SHIPPED");
        ShardFolding f = KeyHierarchy.detectShards(keys, '#');

        assertThat(f.shardCount("PENDING")).isEqualTo(8);
        assertThat(f.logicalKey("PENDING#5")).isEqualTo("PENDING");
        assertThat(f.shard("PENDING#5")).isEqualTo(OptionalInt.of(5));
        assertThat(f.logicalKeys()).containsExactly("PENDING", "SHIPPED");
        assertThat(f.logicalKey("SHIPPED")).isEqualTo("SHIPPED");
        assertThat(f.shard("SHIPPED")).isEmpty();
    }

    @Test
    void expandedShardsComeInShardNumberOrder() {
        ShardFolding f = KeyHierarchy.detectShards(List.of("PENDING#10", "PENDING#2", "PENDING#1"), '#');

        assertThat(f.shardKeys("PENDING")).containsExactly("PENDING#1", "PENDING#2", "PENDING#10");
    }

    @Test
    void dashShardsFoldToo() {
        ShardFolding f = KeyHierarchy.detectShards(List.of("PENDING-3", "PENDING-4"), '#');

        assertThat(f.logicalKey("PENDING-3")).isEqualTo("PENDING");
        assertThat(f.shard("PENDING-4")).isEqualTo(OptionalInt.of(4));
        assertThat(f.shardCount("PENDING")).isEqualTo(2);
    }

    @Test
    void aDottedSuffixAfterADayIsAShardOfThatDay() {
        ShardFolding f = KeyHierarchy.detectShards(List.of("2026-09-06.17", "2026-09-06.3"), '#');

        assertThat(f.logicalKey("2026-09-06.17")).isEqualTo("2026-09-06");
        assertThat(f.shard("2026-09-06.17")).isEqualTo(OptionalInt.of(17));
        assertThat(f.shardCount("2026-09-06")).isEqualTo(2);
    }

    @Test
    void dottedShardsUnderAHashPrefixFoldUnderTheDatedKey() {
        ShardFolding f = KeyHierarchy.detectShards(List.of("PEDIDOS#2014-07-09.17", "PEDIDOS#2014-07-09.200"), '#');

        assertThat(f.logicalKey("PEDIDOS#2014-07-09.200")).isEqualTo("PEDIDOS#2014-07-09");
        assertThat(f.shard("PEDIDOS#2014-07-09.200")).isEqualTo(OptionalInt.of(200));
    }

    @Test
    void aLoneNumberedKeyIsNotFolded() {
        ShardFolding f = KeyHierarchy.detectShards(List.of("ITEM-7", "ORDER-1"), '#');

        assertThat(f.shard("ITEM-7")).isEmpty();
        assertThat(f.logicalKey("ITEM-7")).isEqualTo("ITEM-7");
        assertThat(f.shardCount("ITEM")).isZero();
        assertThat(f.logicalKeys()).containsExactly("ITEM-7", "ORDER-1");
    }

    @Test
    void dayBucketsAreNotShards() {
        ShardFolding f = KeyHierarchy.detectShards(
                List.of(
                        "OPS_LOG#2026-06-22",
                        "OPS_LOG#2026-06-23",
                        "2026-06-22",
                        "2026-06-23",
                        "2026-09-06",
                        "2026-06",
                        "2026-11",
                        "2026-12"),
                '#');

        assertThat(f.shard("OPS_LOG#2026-06-22")).isEmpty();
        assertThat(f.logicalKey("OPS_LOG#2026-06-23")).isEqualTo("OPS_LOG#2026-06-23");
        assertThat(f.shard("2026-06-22")).isEmpty();
        assertThat(f.shard("2026-09-06")).isEmpty();
        assertThat(f.shard("2026-11")).isEmpty();
        assertThat(f.logicalKeys()).hasSize(8);
    }

    @Test
    void shardsOfADayBucketFoldUnderTheDay() {
        ShardFolding f = KeyHierarchy.detectShards(
                List.of("OPS_LOG#2026-06-22#3", "OPS_LOG#2026-06-22#7", "OPS_LOG#2026-06-22"), '#');

        assertThat(f.shardCount("OPS_LOG#2026-06-22")).isEqualTo(2);
        assertThat(f.shard("OPS_LOG#2026-06-22")).isEmpty();
        assertThat(f.logicalKeys()).containsExactly("OPS_LOG#2026-06-22");
    }

    @Test
    void timesVersionsDecimalsAndAddressesAreNotShards() {
        ShardFolding f = KeyHierarchy.detectShards(
                List.of("17:30", "17:45", "1.2.3", "1.2.4", "PRICE#3.5", "PRICE#3.7", "10.0.0.1", "10.0.0.2"), ':');

        assertThat(f.logicalKeys()).hasSize(8);
        assertThat(List.of("17:30", "1.2.3", "PRICE#3.5", "10.0.0.2"))
                .allSatisfy(k -> assertThat(f.shard(k)).isEmpty());
    }

    @Test
    void yearlyBucketsAreNotShards() {
        ShardFolding f = KeyHierarchy.detectShards(List.of("REPORT#2025", "REPORT#2026", "P#2025", "P#3"), '#');

        assertThat(f.shard("REPORT#2026")).isEmpty();
        assertThat(f.shard("P#2025")).isEqualTo(OptionalInt.of(2025));
    }

    @Test
    void zeroPaddedAndOutOfRangeSuffixesAreNotShards() {
        ShardFolding f = KeyHierarchy.detectShards(
                List.of("LOG#07", "LOG#08", "ID#10001", "ID#10002", "BIG#10000", "BIG#9999"), '#');

        assertThat(f.shard("LOG#07")).isEmpty();
        assertThat(f.shard("ID#10001")).isEmpty();
        assertThat(f.shard("BIG#10000")).isEqualTo(OptionalInt.of(10_000));
    }

    // Label runs

    @Test
    void adjacentEqualLabelsMergeIntoOneBar() {
        List<List<LabelRun>> runs = KeyHierarchy.labelRuns(List.of(
                List.of("THREAT", "brand-abc", "2026-06"),
                List.of("THREAT", "brand-abc", "2026-07"),
                List.of("THREAT", "brand-xyz", "2026-06"),
                List.of("OPS_LOG")));

        assertThat(runs).hasSize(3);
        assertThat(runs.get(0)).containsExactly(new LabelRun(0, 3, "THREAT"), new LabelRun(3, 4, "OPS_LOG"));
        assertThat(runs.get(1))
                .containsExactly(
                        new LabelRun(0, 2, "brand-abc"), new LabelRun(2, 3, "brand-xyz"), new LabelRun(3, 4, ""));
        assertThat(runs.get(2))
                .containsExactly(
                        new LabelRun(0, 1, "2026-06"),
                        new LabelRun(1, 2, "2026-07"),
                        new LabelRun(2, 3, "2026-06"),
                        new LabelRun(3, 4, ""));
    }

    @Test
    void equalChildLabelsUnderDifferentParentsAreTwoBars() {
        List<List<LabelRun>> runs =
                KeyHierarchy.labelRuns(List.of(List.of("A", "x"), List.of("B", "x"), List.of("B", "x")));

        assertThat(runs.get(1)).containsExactly(new LabelRun(0, 1, "x"), new LabelRun(1, 3, "x"));
    }

    @Test
    void aBreakTwoColumnsLeftAlsoBreaksTheRun() {
        List<List<LabelRun>> runs = KeyHierarchy.labelRuns(List.of(List.of("A", "m", "z"), List.of("B", "m", "z")));

        assertThat(runs.get(2)).containsExactly(new LabelRun(0, 1, "z"), new LabelRun(1, 2, "z"));
    }

    @Test
    void noRowsGiveNoColumns() {
        assertThat(KeyHierarchy.labelRuns(List.of())).isEmpty();
    }

    // Display order

    @Test
    void numericPartsSortAsNumbers() {
        List<String> keys =
                new ArrayList<>(List.of("PENDING#10", "PENDING#2", "PENDING#1", "PENDING", "OPS_LOG", "PENDING#ALL"));
        keys.sort(KeyHierarchy.keyOrder('#'));

        assertThat(keys).containsExactly("OPS_LOG", "PENDING", "PENDING#1", "PENDING#2", "PENDING#10", "PENDING#ALL");
    }

    @Test
    void theSeparatorDecidesWhatAPartIs() {
        List<String> keys = new ArrayList<>(List.of("2014-07-09.10", "2014-07-09.9", "2014-07-08.200"));
        keys.sort(KeyHierarchy.keyOrder('.'));

        assertThat(keys).containsExactly("2014-07-08.200", "2014-07-09.9", "2014-07-09.10");
    }

    @Test
    void otherPartsCompareInUtf8ByteOrder() {
        // U+FF21 (fullwidth A) is EF BC A1 in UTF-8, U+1F600 is F0 9F 98 80: the emoji sorts last, unlike in
        // String.compareTo, which compares its surrogate D83D below FF21.
        String emoji = new String(Character.toChars(0x1F600));
        List<String> keys = new ArrayList<>(List.of("K#" + emoji, "K#\uFF21", "K#b", "K#B"));
        keys.sort(KeyHierarchy.keyOrder('#'));

        assertThat(keys).containsExactly("K#B", "K#b", "K#\uFF21", "K#" + emoji);
    }

    @Test
    void zeroPaddedNumbersEqualAsNumbersStillHaveAFixedOrder() {
        var order = KeyHierarchy.keyOrder('#');

        assertThat(order.compare("A#02", "A#2")).isNotZero().isEqualTo(-order.compare("A#2", "A#02"));
        assertThat(order.compare("A#02", "A#3")).isNegative();
        assertThat(order.compare("A#2", "A#2")).isZero();
    }
}
