package dev.partitionscope.ui.metrics;

import javafx.scene.text.Font;
import javafx.scene.text.Text;

/** Text sizes for canvas layout, through one off-scene Text node (FX thread only, like the canvas itself). */
final class TextMeasure {
    private final Text text = new Text();

    double width(String s, Font font) {
        text.setFont(font);
        text.setText(s);
        return text.getLayoutBounds().getWidth();
    }

    double lineHeight(Font font) {
        text.setFont(font);
        text.setText("Ag");
        return Math.ceil(text.getLayoutBounds().getHeight());
    }
}
