package kalends;

import com.sun.jna.Native;
import kalends.ffi.KalendsNative;

/**
 * Kalends from Java, through JNA: the library, its version, dates, and the check every
 * call goes through. The declarations ({@link KalendsNative}) are generated from the
 * headers by tools/abigen.
 *
 * <pre>{@code
 * try (Calendar cal = new Calendar(new Calendar.Options().firstWeekday(7))) {
 *     for (Calendar.Day day : cal.monthGrid(2026, 11)) System.out.println(day.date() + " " + day.flags());
 * }
 * }</pre>
 *
 * Failing calls throw {@link KalendsException} (status and the library's message).
 * Handles are {@link AutoCloseable}: try-with-resources releases them; a Cleaner is
 * the safety net. A handle used after close reaches the library as a token it no
 * longer knows: a KalendsException with status KALENDS_E_MISUSE, never a crash.
 */
public final class Kalends {
    private Kalends() {}

    /** The library: KALENDS_LIBRARY (a path), else "kalends" on JNA's search path. */
    public static final KalendsNative C = load();

    private static KalendsNative load() {
        String path = System.getenv("KALENDS_LIBRARY");
        return Native.load(path != null && !path.isEmpty() ? path : "kalends", KalendsNative.class);
    }

    /** Throws the error of a failed call (status != KALENDS_OK) with this thread's message. */
    static void check(int status) {
        if (status != KalendsNative.KALENDS_OK) {
            throw new KalendsException(status, C.kalends_status_string(status), C.kalends_last_error());
        }
    }

    /** The loaded library's version, "MAJOR.MINOR.PATCH". */
    public static String version() {
        return C.kalends_version_string();
    }

    /** The loaded library's version, (major << 16) | (minor << 8) | patch. */
    public static int versionNumber() {
        return C.kalends_version();
    }

    public static int abiVersion() {
        return C.kalends_abi_version();
    }

    /** A proleptic Gregorian date. */
    public record Date(int year, int month, int day) {
        @Override
        public String toString() {
            return String.format("%04d-%02d-%02d", year, month, day);
        }

        static Date of(KalendsNative.Date d) {
            return new Date(d.year, d.month, d.day);
        }
    }

    private static final ThreadLocal<KalendsNative.Date> SCRATCH = ThreadLocal.withInitial(KalendsNative.Date::new);

    /** The date of a day number (days since 1970-01-01). */
    public static Date dateFromDayNumber(int dayNumber) {
        KalendsNative.Date out = SCRATCH.get();
        check(C.kalends_date_from_day_number(dayNumber, out));
        return Date.of(out);
    }
}
