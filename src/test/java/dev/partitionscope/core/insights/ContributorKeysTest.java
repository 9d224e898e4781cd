package dev.partitionscope.core.insights;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ContributorKeysTest {

    @Test
    void keysAlreadyInPartitionThenSortOrderStayAsSent() {
        assertThat(ContributorKeys.ordered(
                        List.of("PartitionKey", "SortKey"), List.of("OPS_LOG#1", "2026-12-01"), null, null))
                .containsExactly("OPS_LOG#1", "2026-12-01");
    }

    @Test
    void labelsThatListTheSortKeyFirstAreReadByWhatTheySay() {
        assertThat(ContributorKeys.ordered(
                        List.of("SortKey", "PartitionKey"), List.of("2026-12-01", "OPS_LOG#1"), null, null))
                .containsExactly("OPS_LOG#1", "2026-12-01");
        assertThat(ContributorKeys.ordered(List.of("$.sortKey", "$.partitionKey"), List.of("b", "a"), null, null))
                .containsExactly("a", "b");
    }

    @Test
    void labelsNamingTheKeyAttributesAreMatchedByName() {
        assertThat(ContributorKeys.ordered(List.of("$.sk", "$.pk"), List.of("sort-value", "pk-value"), "pk", "sk"))
                .containsExactly("pk-value", "sort-value");
    }

    @Test
    void onlyTheSortLabelRecognisedStillPlacesThePartitionKeyFirst() {
        assertThat(ContributorKeys.ordered(List.of("RangeKey", "x"), List.of("r", "p"), null, null))
                .containsExactly("p", "r");
    }

    @Test
    void unrecognisedMissingOrMismatchedLabelsKeepTheOrderAsSent() {
        assertThat(ContributorKeys.ordered(List.of("a", "b"), List.of("1", "2"), null, null))
                .containsExactly("1", "2");
        assertThat(ContributorKeys.ordered(List.of(), List.of("1", "2"), null, null))
                .containsExactly("1", "2");
        assertThat(ContributorKeys.ordered(List.of("SortKey"), List.of("1", "2"), null, null))
                .containsExactly("1", "2");
        assertThat(ContributorKeys.ordered(List.of("PartitionKey"), List.of("1"), null, null))
                .containsExactly("1");
    }
}
