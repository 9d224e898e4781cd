package dev.partitionscope.ui.shell.demo;

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

    static Cancel until(BooleanSupplier condition, Runnable then, ObservableValue<?>... on) {
        // A ChangeListener<Object> accepts every ObservableValue<?>, so no cast is needed to add or remove it.
        final class Once implements ChangeListener<Object>, Cancel {
            private boolean done;

            @Override
            public void changed(ObservableValue<?> obs, Object old, Object now) {
                if (!done && condition.getAsBoolean()) {
                    cancel();
                    then.run();
                }
            }

            @Override
            public void cancel() {
                done = true;
                for (ObservableValue<?> o : on) {
                    o.removeListener(this);
                }
            }
        }
        Once once = new Once();
        for (ObservableValue<?> o : on) {
            o.addListener(once);
        }
        once.changed(null, null, null);
        return once;
    }
}
