package kalends;

import com.sun.jna.Pointer;
import java.lang.ref.Cleaner;
import java.util.function.ToIntFunction;

/**
 * A library handle: released by {@link #close()} (try-with-resources), or by a Cleaner
 * if it is never closed. After close the pointer stays: calls fail with KALENDS_E_MISUSE.
 */
abstract class Handle implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    /** Frees once: from close() or from the Cleaner, never both. */
    private static final class Release implements Runnable {
        private final Pointer raw;
        private final ToIntFunction<Pointer> free;
        private boolean done;

        Release(Pointer raw, ToIntFunction<Pointer> free) {
            this.raw = raw;
            this.free = free;
        }

        @Override
        public synchronized void run() {
            if (!done) {
                done = true;
                Kalends.check(free.applyAsInt(raw));
            }
        }
    }

    protected final Pointer raw;
    private final Cleaner.Cleanable cleanable;

    protected Handle(Pointer raw, ToIntFunction<Pointer> free) {
        this.raw = raw;
        this.cleanable = CLEANER.register(this, new Release(raw, free));
    }

    /** The raw handle, still owned by this object. */
    public Pointer raw() {
        return raw;
    }

    @Override
    public void close() {
        cleanable.clean();
    }
}
