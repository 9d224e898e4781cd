package dev.partitionscope.ui.common.chart;

import javafx.scene.text.Font;
import javafx.scene.text.Text;

/** Text sizes for canvas layout, through one off-scene Text node (FX thread only, like the canvas itself). */
public final class TextMeasure {
    private final Text text = new Text();

    public double width(String s, Font font) {
        text.setFont(font);
        text.setText(s);
        return text.getLayoutBounds().getWidth();
    }

    public double lineHeight(Font font) {
        text.setFont(font);
        text.setText("Ag");
        return Math.ceil(text.getLayoutBounds().getHeight());
    }
}
