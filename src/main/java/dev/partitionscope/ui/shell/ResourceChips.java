package dev.partitionscope.ui.shell;

import dev.partitionscope.core.table.TableShape;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;

/**
 * One toggle per resource of the selected table (the table, then each GSI), kept in step with the top bar's index
 * selector both ways. Hidden when the table has no GSI.
 */
public final class ResourceChips extends FlowPane {
    private final MainViewModel main;
    private final ToggleGroup group = new ToggleGroup();

    public ResourceChips(MainViewModel main) {
        super(6, 6);
        this.main = main;
        getStyleClass().add("resource-chips");
        main.selectedIndexProperty().addListener((obs, old, now) -> group.getToggles()
                .forEach(t -> t.setSelected(now != null && now.equals(t.getUserData()))));
        main.tableShapeProperty().addListener((obs, old, now) -> rebuild());
        rebuild();
    }

    private void rebuild() {
        TableShape shape = main.tableShapeProperty().get();
        getChildren().clear();
        group.getToggles().clear();
        if (shape == null) {
            setVisible(false);
            setManaged(false);
            return;
        }
        List<String> options = new ArrayList<>();
        options.add(MainViewModel.BASE_TABLE);
        options.addAll(shape.globalIndexNames());
        for (String option : options) {
            ToggleButton b = new ToggleButton(
                    MainViewModel.BASE_TABLE.equals(option) ? shape.name() + " (table)" : option + " (GSI)");
            b.setToggleGroup(group);
            b.setUserData(option);
            b.setSelected(option.equals(main.selectedIndexProperty().get()));
            b.setOnAction(e -> {
                main.selectedIndexProperty().set(option);
                b.setSelected(true);
            });
            getChildren().add(b);
        }
        setVisible(options.size() > 1);
        setManaged(options.size() > 1);
    }
}
