// The only place KalendsCore reads the clock: today's date in the local time zone.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public enum SystemClock {
    /// Day number of the current local date: CLOCK_REALTIME through localtime_r, so
    /// `TZ` and /etc/localtime decide the zone as they do for every C program. glibc
    /// reads the zone once per process (call `tzset()` to pick up a changed `TZ`).
    public static func localToday() -> Int32 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else {
            // Only fails for times beyond a 32-bit tm_year; fall back to UTC days.
            return Int32(clamping: Int(seconds).quotientRoundingDown(86_400))
        }
        let days = Gregorian.daysFromCivil(Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
        return Int32(clamping: days)
    }
}

extension Int {
    func quotientRoundingDown(_ d: Int) -> Int {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
