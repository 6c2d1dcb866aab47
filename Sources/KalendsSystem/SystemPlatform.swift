// The operating system as KalendsCore's Platform: today's date by the system clock in
// the local time zone, the environment, pthread mutexes.
import KalendsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public enum SystemPlatform {
    /// The platform of this process.
    public static let platform = Platform(localToday: { localToday() }, variable: { environment($0) }, makeLock: { Mutex() })

    /// Makes `platform` the core's (once; later reads see it). The C ABI evaluates it at
    /// every call's start (a once-token test after the first).
    public static let installed: Void = { Platform.install(platform) }()

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
            let s = Int(seconds)
            return Int32(clamping: s / 86_400 - (s % 86_400 < 0 ? 1 : 0))
        }
        let days = Gregorian.daysFromCivil(Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
        return Int32(clamping: days)
    }
}
