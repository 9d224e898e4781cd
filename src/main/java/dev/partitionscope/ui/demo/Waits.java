package dev.partitionscope.ui.demo;

import java.util.function.BooleanSupplier;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;

/**
 * "When this becomes true, do that, once": a step waits for a screen's ViewModel to finish (a load, a run) without
 * polling. Checked at once, then on every change of the observables named; never blocks.
 */
public final class Waits {
    private Waits() {}

    /** A wait that can be abandoned (the demo moved on or stopped). */
    public interface Cancel {
        void cancel();
    }

    @SuppressWarnings("unchecked")
    static Cancel until(BooleanSupplier condition, Runnable then, ObservableValue<?>... on) {
        boolean[] done = {false};
        @SuppressWarnings("unchecked")
        ChangeListener<Object>[] holder = new ChangeListener[1];
        Cancel cancel = () -> {
            done[0] = true;
            for (ObservableValue<?> o : on) {
                ((ObservableValue<Object>) o).removeListener(holder[0]);
            }
        };
        holder[0] = (obs, old, now) -> {
            if (!done[0] && condition.getAsBoolean()) {
                cancel.cancel();
                then.run();
            }
        };
        for (ObservableValue<?> o : on) {
            ((ObservableValue<Object>) o).addListener(holder[0]);
        }
        holder[0].changed(null, null, null);
        return cancel;
    }
}
