// The core alone (Platform.standalone): no clock, no environment, and locks that exclude.
// (The operating system's platform, which KalendsSystem installs: KalendsSystemTests.)
import Foundation
import Testing
@testable import KalendsCore

@Suite struct StandalonePlatformTests {
    @Test func noClockAndNoEnvironment() {
        #expect(Platform.standalone.localToday() == nil)
        #expect(Platform.standalone.variable("PATH") == nil)
    }

    /// 8 threads adding 10,000 times each under one spin lock.
    @Test func itsLocksExclude() {
        let lock = Platform.standalone.makeLock()
        final class Counter: @unchecked Sendable { var n = 0 }
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                lock.lock()
                counter.n += 1
                lock.unlock()
            }
        }
        #expect(counter.n == 80_000)
    }
}
