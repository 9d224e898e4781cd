package dev.partitionscope.ui.session;

import dev.partitionscope.core.table.TableShape;
import java.util.List;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;

/**
 * One toggle per resource of the selected table (the table, then each GSI), kept in step with the top bar's index
 * selector both ways. Hidden when the table has no GSI.
 */
public final class ResourceChips extends FlowPane {
    private final Session main;
    private final ToggleGroup group = new ToggleGroup();

    public ResourceChips(Session main) {
        super(6, 6);
        this.main = main;
        getStyleClass().add("resource-chips");
        main.selectedResourceProperty().addListener((obs, old, now) -> group.getToggles()
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
        List<TableResource> options = TableResource.options(shape);
        for (TableResource option : options) {
            ToggleButton b =
                    new ToggleButton(option.metricsResource(shape.name()).label());
            b.setToggleGroup(group);
            b.setUserData(option);
            b.setSelected(option.equals(main.selectedResourceProperty().get()));
            b.setOnAction(e -> {
                main.selectedResourceProperty().set(option);
                b.setSelected(true);
            });
            getChildren().add(b);
        }
        setVisible(options.size() > 1);
        setManaged(options.size() > 1);
    }
}
