package dev.partitionscope.ui.session;

/** Window-level actions a screen may trigger (its empty states offer them as buttons). */
public interface ShellActions {
    void openConnectionDialog();

    void openUnlockWritesDialog(String table);
}
