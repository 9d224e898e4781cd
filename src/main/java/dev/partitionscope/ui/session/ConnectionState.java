package dev.partitionscope.ui.session;

/** Where the app is with its connection, for the status bar and the empty states. */
public enum ConnectionState {
    DISCONNECTED("Not connected"),
    CONNECTING("Connecting…"),
    CONNECTED("Connected"),
    FAILED("Connection failed");

    private final String label;

    ConnectionState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
