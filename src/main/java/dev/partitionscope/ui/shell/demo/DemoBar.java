package dev.partitionscope.ui.shell.demo;

import dev.partitionscope.lab.demo.Story;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;

/**
 * The guided demo's caption bar, under the screen it narrates: the story and step, the caption in a size a room can
 * read, what the step is doing, a dot per step, and Back / Pause / Next / Close. Keys while it is shown: Page Down or
 * → next, Page Up or ← back, Space pause or resume, End closes (arrows, Space and End only when no text field has
 * the focus, so they keep their usual meaning there; Space does not press the focused button while the bar shows).
 */
public final class DemoBar {
    private final DemoViewModel vm;
    private final VBox root = new VBox(6);
    private final HBox dots = new HBox(6);
    private final Runnable onClose;

    public DemoBar(DemoViewModel vm, Runnable onClose) {
        this.vm = vm;
        this.onClose = onClose;
        build();
        Fx.sceneKeyFilter(root, this::key);
    }

    private void build() {
        root.setId("demoBar");
        root.getStyleClass().add("demo-bar");
        root.getStylesheets()
                .add(dev.partitionscope.ui.common.Theme.stylesheet("/dev/partitionscope/ui/demo/demo.css"));
        Label story = new Label();
        story.setId("demoStory");
        story.getStyleClass().add("demo-story");
        story.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            Story s = vm.storyProperty().get();
                            int i = vm.indexProperty().get();
                            return s == null
                                    ? ""
                                    : "Demo · seed " + s.seed() + " · " + s.title()
                                            + (i < 0
                                                    ? ""
                                                    : "  —  step " + (i + 1) + " of "
                                                            + s.steps().size());
                        },
                        vm.storyProperty(),
                        vm.indexProperty()));
        Label title = new Label();
        title.setId("demoTitle");
        title.getStyleClass().add("demo-title");
        title.textProperty().bind(vm.titleProperty());
        Button back = button("Back", "mdi2c-chevron-left", "demoBack", "Previous step (Page Up or ←)");
        back.setOnAction(e -> vm.back());
        back.disableProperty().bind(vm.indexProperty().lessThan(1));
        Button pause = button("Pause", "mdi2p-pause", "demoPause", "Pause or resume (Space)");
        pause.textProperty()
                .bind(Bindings.when(vm.pausedProperty()).then("Resume").otherwise("Pause"));
        vm.pausedProperty()
                .addListener((obs, old, now) -> pause.setGraphic(Icons.of(now ? "mdi2p-play" : "mdi2p-pause", 18)));
        pause.setOnAction(e -> vm.togglePause());
        pause.disableProperty().bind(vm.finishedProperty());
        Button next = button(
                "Next",
                "mdi2c-chevron-right",
                "demoNext",
                "Next step (Page Down or →); during a" + " workload, plays the rest of it at once and moves on");
        next.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
        next.setOnAction(e -> vm.next());
        next.disableProperty().bind(vm.finishedProperty().or(vm.indexProperty().lessThan(0)));
        next.getStyleClass().add("accent");
        Button close = button("Close", "mdi2c-close", "demoClose", "End the demo (End); its Lab stays connected");
        close.setOnAction(e -> close());
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(18, 18);
        spinner.setMaxSize(18, 18);
        Fx.bindShown(spinner, vm.busyProperty());
        HBox head = new HBox(10, story, new Pane(), dots, back, pause, next, close);
        HBox.setHgrow(head.getChildren().get(1), Priority.ALWAYS);
        head.setAlignment(Pos.CENTER_LEFT);
        Label caption = new Label();
        caption.setId("demoCaption");
        caption.getStyleClass().add("demo-caption");
        caption.setWrapText(true);
        caption.textProperty().bind(vm.captionProperty());
        caption.setMinHeight(Region.USE_PREF_SIZE);
        Label status = new Label();
        status.setId("demoStatus");
        status.getStyleClass().add("demo-status");
        status.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            if (vm.errorProperty().get() != null) {
                                return vm.errorProperty().get();
                            }
                            String s = vm.statusProperty().get();
                            if (vm.finishedProperty().get()) {
                                return (s.isEmpty() ? "" : s + "  ·  ")
                                        + "The end: Close, or pick another story in the Demo menu.";
                            }
                            return vm.pausedProperty().get()
                                            && !vm.busyProperty().get()
                                    ? (s.isEmpty() ? "" : s + "  ·  ")
                                            + "Paused: Space or Resume to go on, Page Down for the next step"
                                    : s;
                        },
                        vm.statusProperty(),
                        vm.pausedProperty(),
                        vm.finishedProperty(),
                        vm.busyProperty(),
                        vm.errorProperty()));
        HBox statusRow = new HBox(8, spinner, status);
        statusRow.setAlignment(Pos.CENTER_LEFT);
        root.getChildren().addAll(head, title, caption, statusRow);
        vm.storyProperty().addListener((obs, old, now) -> rebuildDots());
        vm.indexProperty().addListener((obs, old, now) -> rebuildDots());
        rebuildDots();
    }

    private static Button button(String text, String icon, String id, String tip) {
        Button b = new Button(text, Icons.of(icon, 18));
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setFocusTraversable(true);
        return b;
    }

    private void rebuildDots() {
        dots.getChildren().clear();
        Story s = vm.storyProperty().get();
        if (s == null) {
            return;
        }
        for (int i = 0; i < s.steps().size(); i++) {
            Circle c = new Circle(5);
            c.getStyleClass().add("demo-dot");
            if (i < vm.indexProperty().get()) {
                c.getStyleClass().add("past");
            } else if (i == vm.indexProperty().get()) {
                c.getStyleClass().add("current");
            }
            Tooltip.install(c, new Tooltip((i + 1) + ". " + s.steps().get(i).title()));
            dots.getChildren().add(c);
        }
    }

    private void key(KeyEvent e) {
        if (vm.storyProperty().get() == null || !root.isVisible()) {
            return;
        }
        Node focus = root.getScene() == null ? null : root.getScene().getFocusOwner();
        boolean typing = focus instanceof TextInputControl;
        KeyCode k = e.getCode();
        if (k == KeyCode.PAGE_DOWN || (k == KeyCode.RIGHT && !typing)) {
            vm.next();
        } else if (k == KeyCode.PAGE_UP || (k == KeyCode.LEFT && !typing)) {
            vm.back();
        } else if (k == KeyCode.SPACE && !typing) {
            vm.togglePause();
        } else if (k == KeyCode.END && !typing) {
            close();
        } else {
            return;
        }
        e.consume();
    }

    private void close() {
        vm.stop();
        onClose.run();
    }

    public Node root() {
        return root;
    }
}
