package dev.partitionscope.ui.shell.demo;

import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.demo.Stories;
import dev.partitionscope.lab.demo.Story;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.Screens;
import javafx.animation.PauseTransition;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Demo entry of the top bar and where the caption bar goes: picking a story starts it
 * ({@link DemoViewModel}) and shows the {@link DemoBar} under the screens; closing the bar ends the demo.
 */
public final class DemoMenu {
    private final DemoViewModel vm;
    private final DemoBar bar;
    private final VBox center;
    private final MenuButton button = new MenuButton("Demo", Icons.of("mdi2h-human-male-board", 16));

    /**
     * @param root        the window's border pane, whose centre becomes the screens above the caption bar
     * @param contentHost the node that holds the screens (the window's current centre)
     * @param topBar      where the Demo button goes, before {@code before}
     */
    public DemoMenu(
            MainViewModel main,
            Screens screens,
            LabHost labHost,
            BorderPane root,
            javafx.scene.Node contentHost,
            Pane topBar,
            javafx.scene.Node before) {
        this.vm = new DemoViewModel(
                DemoScreens.of(main, screens), labHost, DemoMenu::later, DemoViewModel.Pacing.PRESENTER);
        this.bar = new DemoBar(vm, this::hide);
        center = new VBox(contentHost);
        VBox.setVgrow(contentHost, Priority.ALWAYS);
        root.setCenter(center);
        vm.storyProperty().addListener((obs, old, now) -> {
            if (now == null) {
                hide();
            }
        });
        button.setId("demoMenu");
        button.setMnemonicParsing(false);
        button.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        button.setTooltip(new Tooltip("Guided demos: each seed's story on a Lab of its own, in simulated time"
                + " (about a minute each; Page Down moves on)"));
        for (Story s : Stories.all()) {
            MenuItem item = new MenuItem(s.title() + "  —  seed " + s.seed());
            item.setId("demo-" + s.id());
            item.setMnemonicParsing(false); // OPS_LOG keeps its underscore
            item.setOnAction(e -> start(s));
            button.getItems().add(item);
        }
        int at = before == null
                ? topBar.getChildren().size()
                : topBar.getChildren().indexOf(before);
        topBar.getChildren().add(Math.max(0, at), button);
    }

    /** Starts a story and shows the caption bar. */
    public void start(Story story) {
        if (!center.getChildren().contains(bar.root())) {
            center.getChildren().add(bar.root());
        }
        vm.start(story);
    }

    private void hide() {
        center.getChildren().remove(bar.root());
    }

    public DemoViewModel viewModel() {
        return vm;
    }

    public MenuButton button() {
        return button;
    }

    private static Waits.Cancel later(java.time.Duration delay, Runnable action) {
        PauseTransition p = new PauseTransition(javafx.util.Duration.millis((double) Math.max(1, delay.toMillis())));
        p.setOnFinished(e -> action.run());
        p.play();
        return p::stop;
    }
}
