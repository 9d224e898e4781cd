package dev.partitionscope.ui.lab;

import dev.partitionscope.lab.partition.ModelParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The model parameters as an editable form: one field per {@link ModelParams#describe()} entry, validated as it is
 * typed (each check of {@link ModelParams} concerns one parameter, so a field's error is its own), applied all at
 * once. Applying rebuilds every table's partition model, so the form says so and does it only on request.
 */
public final class ParamsForm {

    /** One parameter: what it is, the text being edited, and what is wrong with it. */
    public static final class Field {
        private final ModelParams.Parameter meta;
        private final boolean toggle;
        private final StringProperty value = new SimpleStringProperty(this, "value", "");
        private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
        private final ReadOnlyBooleanWrapper edited = new ReadOnlyBooleanWrapper(this, "edited");
        private final ReadOnlyBooleanWrapper nonDefault = new ReadOnlyBooleanWrapper(this, "nonDefault");

        Field(ModelParams.Parameter meta) {
            this.meta = meta;
            this.toggle =
                    meta.defaultValue().equals("on") || meta.defaultValue().equals("off");
        }

        public String name() {
            return meta.name();
        }

        public String defaultValue() {
            return meta.defaultValue();
        }

        public ModelParams.Source source() {
            return meta.source();
        }

        public String meaning() {
            return meta.meaning();
        }

        /** An on/off switch rather than a number. */
        public boolean toggle() {
            return toggle;
        }

        public StringProperty valueProperty() {
            return value;
        }

        /** Why the value cannot be applied; null when it can. */
        public ReadOnlyStringProperty errorProperty() {
            return error.getReadOnlyProperty();
        }

        /** Differs from the value the Lab runs with. */
        public ReadOnlyBooleanProperty editedProperty() {
            return edited.getReadOnlyProperty();
        }

        /** The Lab runs with something else than the default. */
        public ReadOnlyBooleanProperty nonDefaultProperty() {
            return nonDefault.getReadOnlyProperty();
        }
    }

    private final Consumer<ModelParams> applier;
    private final List<Field> fields = new ArrayList<>();
    private ModelParams applied;
    private boolean loading;

    // Properties
    private final ReadOnlyIntegerWrapper changes = new ReadOnlyIntegerWrapper(this, "changes");
    private final ReadOnlyIntegerWrapper errors = new ReadOnlyIntegerWrapper(this, "errors");
    private final ReadOnlyBooleanWrapper atDefaults = new ReadOnlyBooleanWrapper(this, "atDefaults", true);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper messageIsError = new ReadOnlyBooleanWrapper(this, "messageIsError");

    /** @param applier sets the parameters on the Lab (may throw IllegalArgumentException or IllegalStateException) */
    ParamsForm(ModelParams initial, Consumer<ModelParams> applier) {
        this.applier = applier;
        this.applied = initial;
        for (ModelParams.Parameter p : initial.describe()) {
            Field f = new Field(p);
            f.value.addListener((obs, old, now) -> {
                if (!loading) {
                    validate(f);
                    recount();
                    show("", false);
                }
            });
            fields.add(f);
        }
        load(initial);
    }

    // Commands

    /**
     * Shows what the Lab runs with now (it may have been changed elsewhere, e.g. by a test or a later CLI); values
     * being edited are kept and judged against the new ones.
     */
    void sync(ModelParams current) {
        if (current.equals(applied)) {
            return;
        }
        Map<String, String> values = current.toMap();
        applied = current;
        loading = true;
        try {
            for (Field f : fields) {
                if (!f.edited.get()) {
                    f.value.set(values.get(f.name()));
                }
            }
        } finally {
            loading = false;
        }
        fields.forEach(this::validate);
        recount();
    }

    /** Applies every edited value at once; errors stay on their fields and nothing is applied. */
    public boolean apply() {
        ModelParams next = applied;
        List<String> changed = new ArrayList<>();
        Map<String, String> before = applied.toMap();
        for (Field f : fields) {
            validate(f);
            if (f.error.get() != null) {
                recount();
                show("Fix the value of " + f.name() + " first: " + f.error.get(), true);
                return false;
            }
            if (f.edited.get()) {
                next = next.with(f.name(), f.value.get());
                changed.add(f.name() + " " + before.get(f.name()) + " → "
                        + next.toMap().get(f.name()));
            }
        }
        if (changed.isEmpty()) {
            show("Nothing to apply: every value is what the Lab runs with.", false);
            return false;
        }
        if (!set(next)) {
            return false;
        }
        show("Applied " + String.join(", ", changed) + ". Every table's partition state restarted.", false);
        return true;
    }

    /** Puts back the values the Lab runs with. */
    public void revert() {
        load(applied);
        show("", false);
    }

    /** Applies the documented defaults at once. */
    public boolean resetToDefaults() {
        if (!set(ModelParams.defaults())) {
            return false;
        }
        show("Defaults applied. Every table's partition state restarted.", false);
        return true;
    }

    private boolean set(ModelParams next) {
        try {
            applier.accept(next);
        } catch (IllegalArgumentException | IllegalStateException e) {
            show("The Lab did not take these values: " + e.getMessage(), true);
            return false;
        }
        load(next);
        return true;
    }

    /** The command line that starts a standalone Lab with the values the Lab runs with now. */
    public String cliCommand() {
        StringBuilder sb = new StringBuilder("partitionscope lab --port 8000 --demo-tables");
        Map<String, String> now = applied.toMap();
        Map<String, String> defaults = ModelParams.defaults().toMap();
        now.forEach((name, value) -> {
            if (!value.equals(defaults.get(name))) {
                sb.append(" --set ").append(name).append('=').append(value);
            }
        });
        return sb.toString();
    }

    // Internals

    private void load(ModelParams p) {
        applied = p;
        Map<String, String> values = p.toMap();
        loading = true;
        try {
            for (Field f : fields) {
                f.value.set(values.get(f.name()));
            }
        } finally {
            loading = false;
        }
        fields.forEach(this::validate);
        recount();
    }

    private void validate(Field f) {
        String appliedValue = applied.toMap().get(f.name());
        f.nonDefault.set(!appliedValue.equals(f.defaultValue()));
        String text = f.value.get() == null ? "" : f.value.get().trim();
        if (text.isEmpty()) {
            f.error.set(f.name() + " needs a value (default " + f.defaultValue() + ")");
            f.edited.set(true);
            return;
        }
        try {
            String normalised = applied.with(f.name(), text).toMap().get(f.name());
            f.error.set(null);
            f.edited.set(!normalised.equals(appliedValue));
        } catch (IllegalArgumentException e) {
            f.error.set(e.getMessage());
            f.edited.set(true);
        }
    }

    private void recount() {
        int c = 0;
        int e = 0;
        for (Field f : fields) {
            c += f.edited.get() ? 1 : 0;
            e += f.error.get() != null ? 1 : 0;
        }
        changes.set(c);
        errors.set(e);
        atDefaults.set(applied.equals(ModelParams.defaults()));
    }

    private void show(String text, boolean error) {
        messageIsError.set(error);
        message.set(text);
    }

    // Accessors

    public List<Field> fields() {
        return List.copyOf(fields);
    }

    public Field field(String name) {
        return fields.stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No model parameter " + name));
    }

    public ModelParams applied() {
        return applied;
    }

    /** Fields whose value differs from what the Lab runs with. */
    public ReadOnlyIntegerProperty changesProperty() {
        return changes.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty errorsProperty() {
        return errors.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty atDefaultsProperty() {
        return atDefaults.getReadOnlyProperty();
    }

    /** The outcome of the last command: what was applied, or why not. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty messageIsErrorProperty() {
        return messageIsError.getReadOnlyProperty();
    }
}
