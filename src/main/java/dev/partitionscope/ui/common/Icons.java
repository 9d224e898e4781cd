package dev.partitionscope.ui.common;

import org.kordamp.ikonli.javafx.FontIcon;

/** Ikonli icons by literal (Material Design 2 pack), at a given size. */
public final class Icons {
    private Icons() {}

    public static FontIcon of(String literal, int size) {
        FontIcon icon = new FontIcon(literal);
        icon.setIconSize(size);
        return icon;
    }

    public static FontIcon of(String literal) {
        return of(literal, 16);
    }
}
