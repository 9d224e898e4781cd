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
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The Lab screen's header: where the Lab runs, how to reach it, and buttons that copy it; for a replay, a banner
 * that says so and leads back to the live Lab.
 */
final class LabHeader extends VBox {
    private final Label hint = new Label();

    /** @param tools buttons of the screen itself, placed before the copy buttons */
    LabHeader(LabViewModel vm, Node... tools) {
        super(6);
        getStyleClass().add("lab-header");
        Label title = new Label("Lab");
        title.getStyleClass().add("screen-title");
        Label running = new Label("RUNNING");
        running.setId("labStatus");
        running.getStyleClass().addAll("chip", "good");
        vm.replayProperty().addListener((obs, old, now) -> showStatus(running, now));
        showStatus(running, vm.replayProperty().get());
        Label endpoint = new Label();
        endpoint.setId("labEndpoint");
        endpoint.getStyleClass().addAll("lab-endpoint", "mono");
        endpoint.textProperty().bind(vm.endpointProperty());
        endpoint.setGraphic(Icons.of("mdi2l-lan-connect", 16));
        MenuItem copyItem = new MenuItem("Copy endpoint", Icons.of("mdi2c-content-copy"));
        copyItem.setOnAction(e -> Fx.copy(vm.endpointProperty().get()));
        endpoint.setContextMenu(new ContextMenu(copyItem));
        // The title, state and endpoint keep their width; the buttons beside them give way first (larger type in
        // presentation mode made this "L… REPL… http://127.0.0.1:3…").
        for (Label l : new Label[] {title, running, endpoint}) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
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
        cliTip.textProperty()
                .bind(Bindings.createStringBinding(() -> vm.snippets().cliExample(), vm.endpointProperty()));
        copyCli.setTooltip(cliTip);
        MenuButton more = new MenuButton("For your app", Icons.of("mdi2c-code-braces"));
        more.setId("copySnippets");
        more.getItems()
                .addAll(
                        copyMenu(vm, "Environment variables (any AWS SDK, AWS CLI)", LabSnippets::environment),
                        copyMenu(vm, "Java (AWS SDK v2)", LabSnippets::java),
                        copyMenu(vm, "Python (boto3)", LabSnippets::python));
        for (Node b : List.of(copyEndpoint, copyCli, more)) {
            b.disableProperty().bind(vm.endpointProperty().isEmpty());
        }

        hint.setId("labHint");
        hint.getStyleClass().add("lab-hint");
        hint.setWrapText(true);
        hint.textProperty()
                .bind(Bindings.createStringBinding(() -> vm.snippets().clientHint(), vm.endpointProperty()));

        HBox top = new HBox(8, titleRow, new Pane());
        top.getChildren().addAll(tools);
        top.getChildren().addAll(copyEndpoint, copyCli, more);
        HBox.setHgrow(top.getChildren().get(1), Priority.ALWAYS);
        top.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(top, replayBanner(vm), hint);
    }

    /** Adds a row under the banner (e.g. what the last save or open did). */
    void addRow(Node row) {
        getChildren().add(getChildren().indexOf(hint), row);
    }

    private static void showStatus(Label chip, String replay) {
        boolean live = replay == null || replay.isEmpty();
        chip.setText(live ? "RUNNING" : "REPLAY");
        chip.getStyleClass().removeAll("good", "warn");
        chip.getStyleClass().add(live ? "good" : "warn");
        chip.setTooltip(live ? null : new Tooltip("Not live: this Lab's clock stands still."));
    }

    private static Node replayBanner(LabViewModel vm) {
        Label badge = new Label();
        badge.setId("labReplayBadge");
        badge.getStyleClass().add("replay-badge");
        badge.setGraphic(Icons.of("mdi2h-history", 18));
        badge.textProperty().bind(vm.replayProperty());
        badge.setMinWidth(Region.USE_PREF_SIZE);
        Label note = new Label();
        note.setId("labReplayNote");
        note.getStyleClass().add("replay-note");
        note.setWrapText(true);
        note.textProperty().bind(vm.replayNoteProperty());
        HBox.setHgrow(note, Priority.ALWAYS);
        note.setMaxWidth(Double.MAX_VALUE);
        Button back = new Button("Back to live Lab", Icons.of("mdi2a-arrow-left"));
        back.setId("backToLive");
        back.getStyleClass().add("small");
        back.setMinWidth(Region.USE_PREF_SIZE);
        back.setTooltip(new Tooltip("Connect to the built-in Lab again, the one that runs"));
        back.setOnAction(e -> vm.connectToLab());
        HBox banner = new HBox(12, badge, note, back);
        banner.setId("labReplay");
        banner.getStyleClass().add("replay-banner");
        banner.setAlignment(Pos.CENTER_LEFT);
        Fx.bindShown(banner, vm.replayProperty().isNotEmpty());
        return banner;
    }

    private static MenuItem copyMenu(LabViewModel vm, String text, Function<LabSnippets, String> snippet) {
        MenuItem item = new MenuItem("Copy " + text, Icons.of("mdi2c-content-copy"));
        item.setOnAction(e -> Fx.copy(snippet.apply(vm.snippets())));
        return item;
    }
}
