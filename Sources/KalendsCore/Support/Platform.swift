// What KalendsCore needs of the operating system -- today's local date, environment
// variables, locks -- declared here and given by KalendsSystem (SystemPlatform, which the
// C ABI installs before its first call). The core itself calls no clock, getenv or
// pthread function (`make check-core-os` checks its objects).
import Synchronization

/// A lock the platform makes for the core (KalendsSystem's Mutex).
public protocol PlatformLock: AnyObject, Sendable {
    func lock()
    func unlock()
}

/// The operating system as the core sees it.
public struct Platform: Sendable {
    /// Today's day number in the local time zone; nil without a clock.
    public var localToday: @Sendable () -> Int32?
    /// An environment variable's value; nil when unset (or without an environment).
    public var variable: @Sendable (String) -> String?
    /// A new lock.
    public var makeLock: @Sendable () -> any PlatformLock

    public init(localToday: @escaping @Sendable () -> Int32?, variable: @escaping @Sendable (String) -> String?,
                makeLock: @escaping @Sendable () -> any PlatformLock) {
        self.localToday = localToday
        self.variable = variable
        self.makeLock = makeLock
    }

    /// The core alone (its own tests, benchmarks, tools): no clock (a calendar's system
    /// today is unknown), no environment, locks that spin on an atomic.
    public static let standalone = Platform(localToday: { nil }, variable: { _ in nil }, makeLock: { SpinLock() })

    /// The platform in use: `standalone` until one is installed.
    public static var current: Platform {
        guard let p = UnsafeRawPointer(bitPattern: published.load(ordering: .acquiring)) else { return .standalone }
        return Unmanaged<Installed>.fromOpaque(p).takeUnretainedValue().platform
    }

    /// Makes `platform` the core's for the rest of the process (KalendsSystem's
    /// SystemPlatform.installed does it once). Published atomically: a thread reading
    /// `current` meanwhile sees the old platform or the new one, whole.
    public static func install(_ platform: Platform) {
        // The installed platform is never released: readers hold no reference.
        published.store(UInt(bitPattern: Unmanaged.passRetained(Installed(platform)).toOpaque()), ordering: .releasing)
    }

    private final class Installed: Sendable {
        let platform: Platform
        init(_ platform: Platform) { self.platform = platform }
    }

    /// The installed platform's address (0: none).
    private static let published = Atomic<UInt>(0)
}

/// The standalone platform's lock: a flag taken with compare-and-exchange (no call into
/// the operating system; fine for the short sections the core locks).
final class SpinLock: PlatformLock {
    private let taken = Atomic<Bool>(false)

    func lock() {
        while !taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {}
    }

    func unlock() { taken.store(false, ordering: .releasing) }
}

/// The core's lock (the caches of calendar systems, the registry of systems): one the
/// platform made.
final class Lock: @unchecked Sendable {
    private let base: any PlatformLock

    init() { base = Platform.current.makeLock() }

    @inline(__always) func lock() { base.lock() }
    @inline(__always) func unlock() { base.unlock() }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        base.lock()
        defer { base.unlock() }
        return try body()
    }
}
