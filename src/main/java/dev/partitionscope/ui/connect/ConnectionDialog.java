package dev.partitionscope.ui.connect;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.ConnectionStore;
import dev.partitionscope.aws.Regions;
import dev.partitionscope.core.iam.IamPolicies;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Fxml;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.session.Session;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The connection dialog. Connecting runs in the background through {@link Session#connect}; the dialog shows
 * progress with a Cancel button and the translated error, and closes itself once the new connection is up.
 */
public final class ConnectionDialog {
    private final ConnectionEditorViewModel vm;
    private final Session main;
    private final Stage stage = new Stage();
    private final ToggleGroup kinds = new ToggleGroup();
    private ConnectionSpec submitted;

    @FXML
    private BorderPane root;

    @FXML
    private ListView<ConnectionSpec> savedList;

    @FXML
    private MenuButton newMenu;

    @FXML
    private Button deleteButton;

    @FXML
    private ToggleButton kindAws;

    @FXML
    private ToggleButton kindLocalStack;

    @FXML
    private ToggleButton kindCustom;

    @FXML
    private ToggleButton kindLab;

    @FXML
    private TextField nameField;

    @FXML
    private HBox profileRow;

    @FXML
    private ComboBox<String> profileBox;

    @FXML
    private HBox endpointRow;

    @FXML
    private TextField endpointField;

    @FXML
    private HBox regionRow;

    @FXML
    private ComboBox<String> regionBox;

    @FXML
    private HBox accessKeyRow;

    @FXML
    private TextField accessKeyField;

    @FXML
    private HBox proxyRow;

    @FXML
    private CheckBox viaLabBox;

    @FXML
    private TextField proxyPortField;

    @FXML
    private Label kindInfo;

    @FXML
    private Label problems;

    @FXML
    private HBox progressRow;

    @FXML
    private Label progressText;

    @FXML
    private Button cancelButton;

    @FXML
    private MessageBox errorBox;

    @FXML
    private Label storeMessage;

    @FXML
    private MenuButton iamPolicyMenu;

    @FXML
    private CheckBox rememberBox;

    @FXML
    private Button saveButton;

    @FXML
    private Button connectButton;

    @FXML
    private Button closeButton;

    private ConnectionDialog(Session main, ConnectionStore connections, Supplier<AwsProfiles> profiles) {
        this.main = main;
        this.vm = new ConnectionEditorViewModel(connections, profiles.get());
        Fxml.load("/dev/partitionscope/ui/connect/ConnectionDialog.fxml", this);
    }

    /** Opens the dialog (modal to the window); returns at once, connecting continues in the background. */
    public static ConnectionDialog show(
            Window owner, Session main, ConnectionStore connections, Supplier<AwsProfiles> profiles) {
        ConnectionDialog dialog = new ConnectionDialog(main, connections, profiles);
        Stage stage = dialog.stage;
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle("Connect");
        if (owner instanceof Stage o) {
            stage.getIcons().setAll(o.getIcons());
        }
        Scene scene = new Scene(dialog.root);
        Theme.style(scene);
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                dialog.close();
            }
        });
        stage.setScene(scene);
        dialog.selectCurrent();
        stage.show();
        dialog.nameField.requestFocus();
        return dialog;
    }

    @FXML
    private void initialize() {
        buildSavedList();
        buildKindBar();
        bindFields();
        bindConnectState();
        saveButton.setOnAction(e -> vm.save());
        connectButton.setOnAction(e -> connect());
        closeButton.setOnAction(e -> close());
        cancelButton.setOnAction(e -> main.cancelConnect());
        storeMessage.textProperty().bind(vm.storeMessageProperty());
        rememberBox.selectedProperty().bindBidirectional(vm.rememberProperty());
        buildIamPolicyMenu();
        stage.setOnHidden(e -> unbindConnectState());
    }

    private void buildSavedList() {
        savedList.setItems(vm.saved());
        savedList.setPlaceholder(new Label("No saved connections yet.\nConnect once and it is remembered."));
        savedList.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(ConnectionSpec item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                Label title = new Label(item.name());
                title.setStyle("-fx-font-weight: bold;");
                Label where = new Label(item.whereLabel());
                where.getStyleClass().add("saved-where");
                javafx.scene.layout.VBox text = new javafx.scene.layout.VBox(2, title, where);
                HBox row = new HBox(8, Icons.of(kindIcon(item.kind()), 18), text);
                row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
                // Cells as wide as the list: long endpoints end in "…" instead of a horizontal scrollbar.
                text.maxWidthProperty().bind(savedList.widthProperty().subtract(56));
                setText(null);
                setGraphic(row);
                setTooltip(new javafx.scene.control.Tooltip(item.name() + "\n" + item.whereLabel()));
            }
        });
        savedList.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null) {
                vm.load(now);
            }
        });
        savedList.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && savedList.getSelectionModel().getSelectedItem() != null) {
                connect();
            }
        });
        deleteButton.setGraphic(Icons.of("mdi2d-delete-outline"));
        deleteButton
                .disableProperty()
                .bind(savedList.getSelectionModel().selectedItemProperty().isNull());
        deleteButton.setOnAction(e -> {
            ConnectionSpec s = savedList.getSelectionModel().getSelectedItem();
            if (s != null) {
                vm.delete(s);
            }
        });
        newMenu.setGraphic(Icons.of("mdi2p-plus"));
        for (ConnectionKind k : ConnectionKind.values()) {
            MenuItem item = new MenuItem(k.label(), Icons.of(kindIcon(k)));
            item.setOnAction(e -> {
                savedList.getSelectionModel().clearSelection();
                vm.newConnection(k);
            });
            newMenu.getItems().add(item);
        }
    }

    private static String kindIcon(ConnectionKind k) {
        return switch (k) {
            case AWS -> "mdi2a-aws";
            case LOCALSTACK -> "mdi2l-laptop";
            case CUSTOM -> "mdi2s-server-network";
            case LAB -> "mdi2f-flask-outline";
        };
    }

    private void buildKindBar() {
        Map<ConnectionKind, ToggleButton> buttons = Map.of(
                ConnectionKind.AWS,
                kindAws,
                ConnectionKind.LOCALSTACK,
                kindLocalStack,
                ConnectionKind.CUSTOM,
                kindCustom,
                ConnectionKind.LAB,
                kindLab);
        buttons.forEach((k, b) -> {
            b.setToggleGroup(kinds);
            b.setUserData(k);
            b.setGraphic(Icons.of(kindIcon(k)));
        });
        kinds.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                old.setSelected(true);
            } else {
                vm.switchKind((ConnectionKind) now.getUserData());
            }
        });
        vm.kindProperty().addListener((obs, old, now) -> {
            buttons.get(now).setSelected(true);
            showRows(now);
        });
        buttons.get(vm.kindProperty().get()).setSelected(true);
        showRows(vm.kindProperty().get());
    }

    private void showRows(ConnectionKind kind) {
        Fx.show(profileRow, kind == ConnectionKind.AWS);
        Fx.show(iamPolicyMenu, kind == ConnectionKind.AWS);
        boolean endpoint = kind == ConnectionKind.LOCALSTACK || kind == ConnectionKind.CUSTOM;
        Fx.show(endpointRow, endpoint);
        Fx.show(accessKeyRow, endpoint);
        Fx.show(proxyRow, endpoint);
        Fx.show(regionRow, kind != ConnectionKind.LAB);
    }

    /** "Copy IAM policy": the read-only policy, or with the writes, as JSON on the clipboard (docs/iam.md). */
    private void buildIamPolicyMenu() {
        iamPolicyMenu.setGraphic(Icons.of("mdi2c-content-copy"));
        iamPolicyMenu.setTooltip(new Tooltip("The IAM policy PartitionScope needs on AWS, as JSON to paste in IAM:"
                + " read-only (every feature), or with the writes for enabling Contributor Insights or a stream."
                + "\nThe region is this connection's; account and table are *, to narrow."
                + "\nEach statement is explained in " + IamPolicies.DOC + "."));
        MenuItem readOnly = new MenuItem("Read-only (every feature)");
        readOnly.setId("copyIamReadOnly");
        readOnly.setOnAction(e -> copyIamPolicy(false));
        MenuItem withWrites = new MenuItem("Read-only + enabling writes (Contributor Insights, streams)");
        withWrites.setId("copyIamWithWrites");
        withWrites.setOnAction(e -> copyIamPolicy(true));
        iamPolicyMenu.getItems().setAll(readOnly, withWrites);
    }

    private void copyIamPolicy(boolean withWrites) {
        ClipboardContent content = new ClipboardContent();
        content.putString(vm.iamPolicy(withWrites));
        Clipboard.getSystemClipboard().setContent(content);
        vm.iamPolicyCopied(withWrites);
    }

    private void bindFields() {
        nameField.textProperty().bindBidirectional(vm.nameProperty());
        endpointField.textProperty().bindBidirectional(vm.endpointProperty());
        accessKeyField.textProperty().bindBidirectional(vm.accessKeyProperty());
        viaLabBox.selectedProperty().bindBidirectional(vm.viaLabProperty());
        proxyPortField.textProperty().bindBidirectional(vm.proxyPortProperty());
        proxyPortField.disableProperty().bind(vm.viaLabProperty().not());
        profileBox.setItems(vm.profileChoices());
        profileBox.valueProperty().bindBidirectional(vm.profileProperty());
        profileBox.setCellFactory(list -> new ProfileCell());
        profileBox.setButtonCell(new ProfileCell());
        // The editable region box: the editor's text is the truth (ComboBox commits its value only on Enter).
        regionBox.getItems().setAll(Regions.names());
        regionBox.getEditor().textProperty().bindBidirectional(vm.regionProperty());
        regionBox.valueProperty().addListener((obs, old, now) -> {
            if (now != null && !now.equals(vm.regionProperty().get())) {
                vm.regionProperty().set(now);
            }
        });
        regionBox.promptTextProperty().bind(vm.regionPromptBinding());
        regionBox.getEditor().promptTextProperty().bind(vm.regionPromptBinding());
        kindInfo.textProperty().bind(vm.kindInfoBinding());
        problems.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> String.join("\n", vm.problemsBinding().get()), vm.problemsBinding()));
        saveButton
                .disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> !vm.problemsBinding().get().isEmpty(), vm.problemsBinding()));
    }

    private final class ProfileCell extends ListCell<String> {
        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
                return;
            }
            setText(vm.profiles().find(item).map(p -> p.label()).orElse(item));
        }
    }

    // Connecting

    private final ChangeListener<Object> connectStateListener = (obs, old, now) -> updateConnectState();

    private void bindConnectState() {
        main.connectionStateProperty().addListener(connectStateListener);
        main.connectErrorProperty().addListener(connectStateListener);
        main.connectingSpecProperty().addListener(connectStateListener);
        main.connectionProperty().addListener(connectStateListener);
        updateConnectState();
    }

    private void unbindConnectState() {
        main.connectionStateProperty().removeListener(connectStateListener);
        main.connectErrorProperty().removeListener(connectStateListener);
        main.connectingSpecProperty().removeListener(connectStateListener);
        main.connectionProperty().removeListener(connectStateListener);
    }

    private void updateConnectState() {
        ConnectionSpec connecting = main.connectingSpecProperty().get();
        boolean busy = connecting != null;
        Fx.show(progressRow, busy);
        progressText.setText(
                busy ? "Connecting to " + connecting.name() + " — checking the endpoint and credentials…" : "");
        connectButton.setDisable(busy);
        if (submitted != null && !busy) {
            if (main.connectErrorProperty().get() != null) {
                errorBox.show(main.connectErrorProperty().get(), MessageBox.Kind.ERROR);
            } else if (main.connectionStateProperty().get() == ConnectionState.CONNECTED
                    && main.getConnection() != null
                    && sameConnection(main.getConnection().spec(), submitted)) {
                if (vm.rememberProperty().get()) {
                    vm.save();
                }
                close();
            }
        }
    }

    /** The Lab's spec gains its endpoint when it starts, so compare by what the user chose: name and kind. */
    private static boolean sameConnection(ConnectionSpec a, ConnectionSpec b) {
        return a.kind() == b.kind() && java.util.Objects.equals(a.name(), b.name());
    }

    private void connect() {
        ConnectionSpec spec = vm.toSpec();
        List<String> issues = vm.problemsBinding().get();
        errorBox.show(null);
        if (!issues.isEmpty()) {
            problems.requestFocus();
            return;
        }
        submitted = spec;
        main.connect(spec);
        updateConnectState();
    }

    /** Opens on the connection in use (or the last one connected), so reconnecting is one Enter away. */
    private void selectCurrent() {
        ConnectionSpec current = main.getConnection() != null
                ? main.getConnection().spec()
                : main.connectingSpecProperty().get() != null
                        ? main.connectingSpecProperty().get()
                        : main.lastAttempted();
        if (current == null) {
            return;
        }
        vm.saved().stream()
                .filter(s -> s.name().equals(current.name()))
                .findFirst()
                .ifPresentOrElse(s -> savedList.getSelectionModel().select(s), () -> vm.load(current));
        if (main.getConnection() == null && main.connectErrorProperty().get() != null) {
            // Opened after a failed attempt: show why, next to the fields to fix.
            errorBox.show(main.connectErrorProperty().get(), MessageBox.Kind.ERROR);
        }
    }

    private void close() {
        stage.close();
    }

    /** For tests: the dialog's stage. */
    public Stage stage() {
        return stage;
    }
}
