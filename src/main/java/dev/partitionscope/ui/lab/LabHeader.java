package dev.partitionscope.ui.lab;

import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The Lab screen's header: where the Lab runs, how to reach it, and buttons that copy it. */
final class LabHeader extends VBox {

    /** @param tools buttons of the screen itself, placed before the copy buttons */
    LabHeader(LabViewModel vm, Node... tools) {
        super(6);
        getStyleClass().add("lab-header");
        Label title = new Label("Lab");
        title.getStyleClass().add("screen-title");
        Label running = new Label("RUNNING");
        running.setId("labStatus");
        running.getStyleClass().addAll("chip", "good");
        Label endpoint = new Label();
        endpoint.setId("labEndpoint");
        endpoint.getStyleClass().addAll("lab-endpoint", "mono");
        endpoint.textProperty().bind(vm.endpointProperty());
        endpoint.setGraphic(Icons.of("mdi2l-lan-connect", 16));
        MenuItem copyItem = new MenuItem("Copy endpoint", Icons.of("mdi2c-content-copy"));
        copyItem.setOnAction(e -> Fx.copy(vm.endpointProperty().get()));
        endpoint.setContextMenu(new ContextMenu(copyItem));
        HBox titleRow = new HBox(12, title, running, endpoint);
        titleRow.setAlignment(Pos.CENTER_LEFT);

        Button copyEndpoint = new Button("Copy endpoint", Icons.of("mdi2c-content-copy"));
        copyEndpoint.setId("copyEndpoint");
        copyEndpoint.setTooltip(new Tooltip("Copy the Lab's endpoint URL"));
        copyEndpoint.setOnAction(e -> Fx.copy(vm.endpointProperty().get()));
        Button copyCli = new Button("Copy AWS CLI example", Icons.of("mdi2c-console"));
        copyCli.setId("copyCliExample");
        copyCli.setOnAction(e -> Fx.copy(vm.snippets().cliExample()));
        Tooltip cliTip = new Tooltip();
        cliTip.textProperty().bind(Bindings.createStringBinding(() -> vm.snippets().cliExample(),
                vm.endpointProperty()));
        copyCli.setTooltip(cliTip);
        MenuButton more = new MenuButton("For your app", Icons.of("mdi2c-code-braces"));
        more.setId("copySnippets");
        more.getItems().addAll(
                copyMenu(vm, "Environment variables (any AWS SDK, AWS CLI)", LabSnippets::environment),
                copyMenu(vm, "Java (AWS SDK v2)", LabSnippets::java),
                copyMenu(vm, "Python (boto3)", LabSnippets::python));
        for (Node b : List.of(copyEndpoint, copyCli, more)) {
            b.disableProperty().bind(vm.endpointProperty().isEmpty());
        }

        Label hint = new Label();
        hint.setId("labHint");
        hint.getStyleClass().add("lab-hint");
        hint.setWrapText(true);
        hint.textProperty().bind(Bindings.createStringBinding(() -> vm.snippets().clientHint(),
                vm.endpointProperty()));

        HBox top = new HBox(8, titleRow, new Pane());
        top.getChildren().addAll(tools);
        top.getChildren().addAll(copyEndpoint, copyCli, more);
        HBox.setHgrow(top.getChildren().get(1), Priority.ALWAYS);
        top.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(top, hint);
    }

    private static MenuItem copyMenu(LabViewModel vm, String text, Function<LabSnippets, String> snippet) {
        MenuItem item = new MenuItem("Copy " + text, Icons.of("mdi2c-content-copy"));
        item.setOnAction(e -> Fx.copy(snippet.apply(vm.snippets())));
        return item;
    }
}
