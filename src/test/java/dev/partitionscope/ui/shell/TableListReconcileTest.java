package dev.partitionscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;

/**
 * {@link MainViewModel#reconcile}: the table list after a reload equals what ListTables said, reached by removing the
 * names that went and inserting those that came — a name in both lists is never removed, even for a moment (the top
 * bar's selector drops its value when its selected item leaves its items).
 */
class TableListReconcileTest {

    private static List<String> reconciled(List<String> before, List<String> fresh, List<String> removed) {
        ObservableList<String> list = FXCollections.observableArrayList(before);
        list.addListener((ListChangeListener<String>) c -> {
            while (c.next()) {
                removed.addAll(c.getRemoved());
            }
        });
        MainViewModel.reconcile(list, fresh);
        return list;
    }

    @Test
    void insertsAndRemovesAroundTheNamesThatStay() {
        List<String> removed = new ArrayList<>();
        assertThat(reconciled(List.of("app", "orders", "pedidos"), List.of("aaa", "orders", "zeta"), removed))
                .containsExactly("aaa", "orders", "zeta");
        assertThat(removed).containsExactlyInAnyOrder("app", "pedidos");

        removed.clear();
        assertThat(reconciled(List.of("a", "b"), List.of("a", "b"), removed)).containsExactly("a", "b");
        assertThat(removed).isEmpty();
        assertThat(reconciled(List.of("a", "b"), List.of(), removed)).isEmpty();
        assertThat(reconciled(List.of(), List.of("a", "b"), removed)).containsExactly("a", "b");
        // An old list out of ListTables' order still ends equal to the fresh one.
        assertThat(reconciled(List.of("b", "a", "c"), List.of("a", "b", "c"), new ArrayList<>()))
                .containsExactly("a", "b", "c");
    }

    @Test
    void aThousandSeededReloadsEndEqualAndNeverRemoveANameThatStays() {
        Random random = new Random(23);
        for (int round = 0; round < 1_000; round++) {
            TreeSet<String> before = new TreeSet<>();
            TreeSet<String> after = new TreeSet<>();
            int universe = 1 + random.nextInt(40);
            for (int i = 0; i < universe; i++) {
                String name = "t" + random.nextInt(60);
                if (random.nextInt(3) > 0) {
                    before.add(name);
                }
                if (random.nextInt(3) > 0) {
                    after.add(name);
                }
            }
            List<String> removed = new ArrayList<>();
            List<String> fresh = List.copyOf(after);
            assertThat(reconciled(List.copyOf(before), fresh, removed))
                    .as("round %d", round)
                    .isEqualTo(fresh);
            assertThat(removed)
                    .as("round %d", round)
                    .filteredOn(after::contains)
                    .isEmpty();
        }
    }
}
