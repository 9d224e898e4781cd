package dev.partitionscope.ui.overview;

/** What the table list shows instead of (or next to) its rows. */
public enum TablesPaneState {
    NOT_CONNECTED,
    CONNECT_FAILED,
    CONNECTING,
    LOADING,
    ERROR,
    EMPTY,
    NO_MATCH,
    READY
}
