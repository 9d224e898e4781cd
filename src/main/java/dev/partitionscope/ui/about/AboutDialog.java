package dev.partitionscope.ui.about;

import dev.partitionscope.config.AppInfo;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.Theme;
import java.util.List;
import java.util.stream.Collectors;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** Version, runtime and the licences of every bundled dependency; the list can be copied. */
public final class AboutDialog {
    private AboutDialog() {}

    public static void show(Window owner) {
        Dialog<Void> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("About " + AppInfo.NAME);
        dialog.getDialogPane().setId("aboutDialog");
        var iconUrl = AboutDialog.class.getResource("/icons/partitionscope-128.png");
        ImageView icon = new ImageView(iconUrl == null ? null : new Image(iconUrl.toExternalForm()));
        icon.setFitWidth(72);
        icon.setFitHeight(72);
        Label name = new Label(AppInfo.NAME);
        name.getStyleClass().add("screen-title");
        Label version = new Label("Version " + AppInfo.version());
        version.setId("aboutVersion");
        Label runtime = new Label("Java " + System.getProperty("java.version") + " · JavaFX "
                + System.getProperty("javafx.runtime.version", "?") + " · " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch"));
        runtime.getStyleClass().add("caption");
        Label tagline = new Label("Makes DynamoDB hot partitions visible and fixable: key × time heatmaps,"
                + " throttle causes, sharding previews and scatter-gather reads.");
        tagline.setWrapText(true);
        tagline.setMaxWidth(520);
        VBox heading = new VBox(4, name, version, runtime);
        HBox top = new HBox(16, icon, heading);

        List<AppInfo.Dependency> deps = AppInfo.dependencies();
        TableView<AppInfo.Dependency> table = new TableView<>();
        table.setId("licenceTable");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(Fx.textColumn("Component", AppInfo.Dependency::name, 220));
        table.getColumns().add(Fx.textColumn("Version", AppInfo.Dependency::version, 90));
        table.getColumns().add(Fx.textColumn("Licence", AppInfo.Dependency::licence, 230));
        table.getItems().setAll(deps);
        table.setPrefHeight(260);
        table.setPrefWidth(640);
        Button copy = new Button("Copy licence list", Icons.of("mdi2c-content-copy"));
        copy.setOnAction(e -> Fx.copy(deps.stream()
                .map(d -> d.name() + " " + d.version() + " — " + d.licence() + " — " + d.url())
                .collect(Collectors.joining("\n"))));
        Label note = new Label("PartitionScope never bundles DynamoDB Local (its licence is not open source); tests"
                + " run against dynalite (MIT), installed from npm at test time.");
        note.setWrapText(true);
        note.setMaxWidth(640);
        note.getStyleClass().add("caption");
        dialog.getDialogPane()
                .setContent(new VBox(
                        14, top, tagline, new Label("Bundled components and their licences"), table, copy, note));
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        Theme.style(dialog.getDialogPane().getScene());
        dialog.showAndWait();
    }
}
