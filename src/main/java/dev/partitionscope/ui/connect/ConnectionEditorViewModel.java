package dev.partitionscope.ui.connect;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.ConnectionStore;
import dev.partitionscope.config.JsonFiles;
import dev.partitionscope.core.iam.IamPolicies;
import dev.partitionscope.core.iam.Target;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The connection dialog's form: the saved list, the fields of the connection being edited, and live validation.
 * Connecting itself is the shell's job ({@code Session.connect}); this model only produces the spec.
 */
public final class ConnectionEditorViewModel {
    /** Profile choice meaning "no profile: the SDK's default credential chain". */
    public static final String DEFAULT_CHAIN = "(default credential chain)";

    private final ConnectionStore store;
    private final AwsProfiles profiles;

    // Properties
    private final ObservableList<ConnectionSpec> saved = FXCollections.observableArrayList();
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final ObjectProperty<ConnectionKind> kind = new SimpleObjectProperty<>(this, "kind", ConnectionKind.AWS);
    private final StringProperty profile = new SimpleStringProperty(this, "profile", DEFAULT_CHAIN);
    private final StringProperty region = new SimpleStringProperty(this, "region", "");
    private final StringProperty endpoint = new SimpleStringProperty(this, "endpoint", "");
    private final StringProperty accessKey = new SimpleStringProperty(this, "accessKey", "");
    private final BooleanProperty remember = new SimpleBooleanProperty(this, "remember", true);
    private final BooleanProperty viaLab = new SimpleBooleanProperty(this, "viaLab");
    private final StringProperty proxyPort = new SimpleStringProperty(this, "proxyPort", "8000");
    private final ObservableList<String> profileChoices = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper storeMessage = new ReadOnlyStringWrapper(this, "storeMessage", "");
    private final ObjectBinding<List<String>> problems;
    private final StringBinding kindInfo;
    private final StringBinding regionPrompt;

    public ConnectionEditorViewModel(ConnectionStore store, AwsProfiles profiles) {
        this.store = store;
        this.profiles = profiles;
        profileChoices.add(DEFAULT_CHAIN);
        profiles.list().forEach(p -> profileChoices.add(p.name()));
        JsonFiles.Read<List<ConnectionSpec>> read = store.load();
        saved.setAll(read.value());
        if (read.problem() != null) {
            storeMessage.set(read.problem());
        }
        problems = Bindings.createObjectBinding(
                this::computeProblems, name, kind, profile, region, endpoint, accessKey, viaLab, proxyPort);
        kindInfo = Bindings.createStringBinding(
                this::computeKindInfo, kind, region, accessKey, profile, viaLab, proxyPort);
        regionPrompt = Bindings.createStringBinding(
                () -> {
                    if (kind.get() != ConnectionKind.AWS) {
                        return "us-east-1";
                    }
                    return profiles.regionFor(profileName())
                            .map(r -> "from profile: " + r)
                            .orElse("choose a region (the profile sets none)");
                },
                kind,
                profile);
        newConnection(ConnectionKind.AWS);
    }

    // Commands

    /** Starts a fresh connection of a kind with its usual defaults (LocalStack: localhost:4566, us-east-1, test). */
    public void newConnection(ConnectionKind newKind) {
        switch (newKind) {
            case LOCALSTACK -> load(ConnectionSpec.localStack().withName(uniqueName("LocalStack")));
            case CUSTOM ->
                load(ConnectionSpec.custom(
                        uniqueName("Local endpoint"),
                        "http://localhost:8000",
                        ConnectionSpec.LOCAL_REGION,
                        ConnectionSpec.LOCAL_ACCESS_KEY));
            case LAB -> load(ConnectionSpec.lab());
            case AWS -> load(ConnectionSpec.aws(uniqueName("AWS"), null, null));
        }
    }

    /** Switches the kind of the connection being edited, filling the new kind's defaults where fields are empty. */
    public void switchKind(ConnectionKind newKind) {
        if (newKind == kind.get()) {
            return;
        }
        String keepName = name.get();
        boolean defaultName = keepName.isBlank()
                || keepName.startsWith("AWS")
                || keepName.startsWith("LocalStack")
                || keepName.startsWith("Local endpoint")
                || keepName.equals("Lab");
        newConnection(newKind);
        if (!defaultName) {
            name.set(keepName);
        }
    }

    public void load(ConnectionSpec spec) {
        kind.set(spec.kind());
        name.set(nz(spec.name()));
        profile.set(spec.profile() == null ? DEFAULT_CHAIN : spec.profile());
        region.set(nz(spec.region()));
        endpoint.set(nz(spec.endpoint()));
        accessKey.set(nz(spec.accessKeyId()));
        viaLab.set(spec.labProxyPort() != null);
        proxyPort.set(spec.labProxyPort() == null ? "8000" : spec.labProxyPort().toString());
    }

    /** The spec the form describes now (may have problems; check {@link #problemsBinding()}). */
    public ConnectionSpec toSpec() {
        return new ConnectionSpec(
                name.get(),
                kind.get(),
                kind.get() == ConnectionKind.AWS ? profileName() : null,
                region.get(),
                endpoint.get(),
                accessKey.get(),
                viaLab.get() ? parsedPort() : null);
    }

    /** Saves (adds or replaces by name). Returns false and sets {@link #storeMessageProperty()} on failure. */
    public boolean save() {
        ConnectionSpec spec = toSpec();
        if (!spec.problems().isEmpty()) {
            storeMessage.set("Not saved: " + String.join(" ", spec.problems()));
            return false;
        }
        try {
            saved.setAll(store.upsert(spec));
            storeMessage.set("Saved “" + spec.name() + "” in " + store.file() + " (no secrets are stored).");
            return true;
        } catch (IOException e) {
            storeMessage.set("Could not save to " + store.file() + ": " + e.getMessage());
            return false;
        }
    }

    public void delete(ConnectionSpec spec) {
        try {
            saved.setAll(store.remove(spec.name()));
            storeMessage.set("Deleted “" + spec.name() + "”.");
        } catch (IOException e) {
            storeMessage.set("Could not update " + store.file() + ": " + e.getMessage());
        }
    }

    /**
     * The IAM policy for AWS as JSON (docs/iam.md): every read-only feature, and with {@code withWrites} the writes
     * for enabling Contributor Insights (with its service-linked role) or a stream. The region is the connection's
     * (the field, else the profile's); account and table are {@code *}, to narrow when pasting.
     */
    public String iamPolicy(boolean withWrites) {
        Target target = Target.region(policyRegion());
        return withWrites ? IamPolicies.readOnlyAndWrites(target) : IamPolicies.readOnly(target);
    }

    /** Says what was copied, where the store's messages go (under the form). */
    public void iamPolicyCopied(boolean withWrites) {
        String region = policyRegion();
        storeMessage.set("Copied the " + (withWrites ? "read-only + enabling writes" : "read-only") + " IAM policy"
                + (region == null ? " (any region)" : " for " + region)
                + " to the clipboard: paste it as a policy's JSON in IAM, and narrow the table from *. Each statement"
                + " is explained in " + IamPolicies.DOC + ".");
    }

    /** The region the connection will use, null when none is known. */
    String policyRegion() {
        String typed = nz(region.get()).trim();
        if (!typed.isEmpty()) {
            return typed;
        }
        return kind.get() == ConnectionKind.AWS
                ? profiles.regionFor(profileName()).orElse(null)
                : null;
    }

    // Internals

    /** The typed proxy port, or -1 when it is not a number (reported as a problem). */
    private int parsedPort() {
        try {
            return Integer.parseInt(nz(proxyPort.get()).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private List<String> computeProblems() {
        ConnectionSpec spec = toSpec();
        List<String> list = new ArrayList<>(spec.problems());
        if (kind.get() == ConnectionKind.AWS) {
            String p = profileName();
            if (p != null && profiles.find(p).isEmpty()) {
                list.add("Profile '" + p + "' is not in your AWS config or credentials files.");
            }
            if (spec.region() == null && profiles.regionFor(p).isEmpty()) {
                list.add("Choose a region: " + (p == null ? "the default profile" : "profile '" + p + "'")
                        + " does not set one.");
            }
        }
        return List.copyOf(list);
    }

    private String computeKindInfo() {
        return switch (kind.get()) {
            case AWS -> {
                String p = profileName();
                Optional<AwsProfiles.ProfileInfo> info = p == null ? Optional.empty() : profiles.find(p);
                String sso = info.filter(AwsProfiles.ProfileInfo::sso)
                        .map(i -> " This is an SSO profile: if its"
                                + " session has expired, run 'aws sso login --profile " + i.name() + "'.")
                        .orElse("");
                yield "Credentials come from the AWS credential chain ("
                        + (p == null ? "environment, default" + " profile, SSO, instance role" : "profile '" + p + "'")
                        + "); PartitionScope never stores"
                        + " them. The connection is read-only until you unlock writes for a table." + sso
                        + (profiles.problems().isEmpty() ? "" : " Note: " + String.join(" ", profiles.problems()));
            }
            case LOCALSTACK ->
                "LocalStack's edge port (DynamoDB Local underneath): no throttling, no DynamoDB metrics,"
                        + " no Contributor Insights. CloudWatch calls from this app need LocalStack ≥ 4.9. Any access key"
                        + " works." + proxyInfo();
            case CUSTOM ->
                "DynamoDB Local, dynalite or any compatible server. DynamoDB Local keeps one database per"
                        + " access key and region: this connection sees the tables of key '" + nz(accessKey.get())
                        + "' in region '" + nz(region.get()) + "'. The secret key sent is a dummy value." + proxyInfo();
            case LAB ->
                "The built-in Lab: a DynamoDB on this machine that throttles like the real service (partitions,"
                        + " burst and adaptive capacity, split for heat), with the seeds' demo tables. It is a sandbox, so"
                        + " writes are allowed. Its partitions are on the Lab screen (Ctrl+7).";
        };
    }

    private String proxyInfo() {
        if (!viaLab.get()) {
            return " Tick \"Meter and throttle through the Lab\" to see per-key heat and real throttling for it.";
        }
        return " Through the Lab proxy on http://127.0.0.1:"
                + nz(proxyPort.get()).trim() + ": every call is metered"
                + " and throttled like DynamoDB before it reaches the engine (a throttled call writes nothing). Point"
                + " your own app at the proxy too.";
    }

    private String profileName() {
        String p = profile.get();
        return p == null || p.isBlank() || DEFAULT_CHAIN.equals(p) ? null : p.trim();
    }

    private String uniqueName(String base) {
        String candidate = base;
        int n = 2;
        while (containsName(candidate)) {
            candidate = base + " " + n++;
        }
        return candidate;
    }

    private boolean containsName(String candidate) {
        return saved.stream().anyMatch(s -> s.name().equals(candidate));
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    // Accessors

    public ObservableList<ConnectionSpec> saved() {
        return saved;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public ObjectProperty<ConnectionKind> kindProperty() {
        return kind;
    }

    public StringProperty profileProperty() {
        return profile;
    }

    public StringProperty regionProperty() {
        return region;
    }

    public StringProperty endpointProperty() {
        return endpoint;
    }

    public StringProperty accessKeyProperty() {
        return accessKey;
    }

    public BooleanProperty rememberProperty() {
        return remember;
    }

    public BooleanProperty viaLabProperty() {
        return viaLab;
    }

    public StringProperty proxyPortProperty() {
        return proxyPort;
    }

    public ObservableList<String> profileChoices() {
        return profileChoices;
    }

    public ObjectBinding<List<String>> problemsBinding() {
        return problems;
    }

    public StringBinding kindInfoBinding() {
        return kindInfo;
    }

    public StringBinding regionPromptBinding() {
        return regionPrompt;
    }

    public ReadOnlyStringProperty storeMessageProperty() {
        return storeMessage.getReadOnlyProperty();
    }

    public AwsProfiles profiles() {
        return profiles;
    }
}
