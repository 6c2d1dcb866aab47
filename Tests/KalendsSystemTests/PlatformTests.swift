// SystemPlatform: what the operating system gives KalendsCore (the clock, the
// environment, locks), checked against Foundation and the process's environment.
import Foundation
import Testing
import KalendsCore
import KalendsSystem

@Suite(.serialized) struct PlatformTests {
    /// Installed, the core's system today is the local date (Foundation's, read just
    /// before and after: the test may run across midnight).
    @Test func systemTodayIsTheLocalDate() throws {
        SystemPlatform.installed
        let cal = try KalendsCore.Calendar()
        let before = Foundation.Calendar.current.dateComponents([.year, .month, .day], from: Foundation.Date())
        let ours = try #require(cal.today())
        let after = Foundation.Calendar.current.dateComponents([.year, .month, .day], from: Foundation.Date())
        let candidates = try [before, after].map { c in
            try KalendsCore.Date(year: Int32(try #require(c.year)), month: Int32(try #require(c.month)), day: Int32(try #require(c.day)))
        }
        #expect(candidates.contains(ours))
        let grid = try cal.monthGrid(year: ours.year, month: ours.month, rows: .fixed)
        #expect(grid.days.filter { $0.flags.contains(.today) }.map(\.date) == [ours])
    }

    /// The environment the core reads (a locale's LANG) is the process's.
    @Test func theEnvironmentIsTheProcesss() {
        SystemPlatform.installed
        setenv("KALENDS_PLATFORM_TEST", "x=1", 1)
        #expect(Platform.current.variable("KALENDS_PLATFORM_TEST") == "x=1")
        unsetenv("KALENDS_PLATFORM_TEST")
        #expect(Platform.current.variable("KALENDS_PLATFORM_TEST") == nil)
        #expect(Platform.current.variable("PATH") == ProcessInfo.processInfo.environment["PATH"])
    }

    /// The core's locks are KalendsSystem's mutexes (whose exclusion ThreadsTests checks).
    @Test func theCoresLocksAreMutexes() {
        SystemPlatform.installed
        #expect(Platform.current.makeLock() is Mutex)
    }
}
