package dev.partitionscope.lab.clock;

/**
 * The real clock, for a live Lab that applications talk to at their own pace. Stateless, so one shared instance
 * serves every table and the meter.
 */
public final class SystemLabClock implements LabClock {
    public static final SystemLabClock INSTANCE = new SystemLabClock();

    private SystemLabClock() {}

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public long epochMillis() {
        return System.currentTimeMillis();
    }

    @Override
    public String toString() {
        return "SystemLabClock";
    }
}
