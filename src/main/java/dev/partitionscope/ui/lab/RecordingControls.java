package dev.partitionscope.ui.lab;

import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import java.util.function.Supplier;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.Window;

/**
 * The Lab screen's Recording menu (save, open) and the line that says what the last save or open did. Its keys
 * (Ctrl+S, Ctrl+O) belong to the window's File menu, which saves the Lab shown and opens any file the same way.
 * Asks for the file through {@link FileDialogs} and hands the path to {@link RecordingViewModel}.
 */
final class RecordingControls {
    static final FileDialogs.Type TYPE =
            new FileDialogs.Type("PartitionScope Lab recording", RecordingViewModel.EXTENSION);
    private static final PseudoClass ERROR = PseudoClass.getPseudoClass("error");
    private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");

    private final RecordingViewModel vm;
    private final FileDialogs files;
    private final Supplier<Window> owner;

    RecordingControls(RecordingViewModel vm, FileDialogs files, Supplier<Window> owner) {
        this.vm = vm;
        this.files = files;
        this.owner = owner;
    }

    /** The header's menu. */
    MenuButton menu() {
        MenuItem save = new MenuItem("Save recording…  (Ctrl+S)", Icons.of("mdi2c-content-save-outline"));
        save.setId("saveRecording");
        save.disableProperty().bind(vm.canSaveProperty().not());
        save.setOnAction(e -> save());
        MenuItem open = new MenuItem("Open recording…  (Ctrl+O)", Icons.of("mdi2f-folder-open-outline"));
        open.setId("openRecording");
        open.disableProperty().bind(vm.busyProperty());
        open.setOnAction(e -> open());
        MenuButton menu = new MenuButton("Recording", Icons.of("mdi2r-record-rec"), save, open);
        menu.setId("recordingMenu");
        Tooltip tip = new Tooltip("Save the Lab shown — tables, metrics, hot keys, model — to a .psrec file, or open"
                + " one: a replay shows the Lab as it was, frozen at the moment it was saved");
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        menu.setTooltip(tip);
        return menu;
    }

    /** A line with the last outcome: busy (with Cancel), done or failed; hidden when there is nothing to say. */
    Node noteRow(String id) {
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(16, 16);
        spinner.setMaxSize(16, 16);
        Label text = new Label();
        text.setId(id + "Text");
        text.getStyleClass().add("recording-note-text");
        text.setWrapText(true);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        Hyperlink cancel = new Hyperlink("Cancel");
        cancel.setOnAction(e -> vm.cancel());
        Button dismiss = new Button(null, Icons.of("mdi2c-close", 14));
        dismiss.getStyleClass().addAll("flat", "small");
        dismiss.setTooltip(new Tooltip("Dismiss"));
        dismiss.setOnAction(e -> vm.dismissNote());
        HBox row = new HBox(8, spinner, text, cancel, dismiss);
        row.setId(id);
        row.getStyleClass().add("recording-note");
        row.setAlignment(Pos.CENTER_LEFT);
        Runnable show = () -> {
            RecordingViewModel.Note n = vm.noteProperty().get();
            Fx.show(row, n != null);
            if (n == null) {
                return;
            }
            boolean busy = n.kind() == RecordingViewModel.Kind.BUSY;
            text.setText(n.text());
            Fx.show(spinner, busy);
            Fx.show(cancel, busy);
            Fx.show(dismiss, !busy);
            text.setGraphic(
                    busy
                            ? null
                            : Icons.of(
                                    n.kind() == RecordingViewModel.Kind.ERROR
                                            ? "mdi2a-alert-circle-outline"
                                            : "mdi2c-check-circle-outline",
                                    16));
            row.pseudoClassStateChanged(ERROR, n.kind() == RecordingViewModel.Kind.ERROR);
            row.pseudoClassStateChanged(DONE, n.kind() == RecordingViewModel.Kind.DONE);
        };
        vm.noteProperty().addListener((obs, old, now) -> show.run());
        show.run();
        return row;
    }

    void save() {
        if (vm.canSaveProperty().get()) {
            files.saveFile(owner.get(), "Save the Lab as a recording", vm.suggestedName(), TYPE)
                    .ifPresent(vm::save);
        }
    }

    void open() {
        if (!vm.busyProperty().get()) {
            files.openFile(owner.get(), "Open a Lab recording", TYPE).ifPresent(vm::open);
        }
    }
}
