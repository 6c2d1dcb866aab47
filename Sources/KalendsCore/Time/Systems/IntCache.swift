#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A small thread-safe direct-mapped cache from Int keys to Int values, for results
/// that are costly to compute and never change (astronomical month starts). A miss
/// costs a lock and a compare; an evicted value is simply computed again.
final class IntCache: @unchecked Sendable {
    private let lock = Lock()
    private var keys: [Int]
    private var values: [Int]
    private let mask: Int

    /// `slots` must be a power of two.
    init(slots: Int) {
        keys = Array(repeating: Int.min, count: slots)
        values = Array(repeating: 0, count: slots)
        mask = slots - 1
    }

    func get(_ key: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let i = key & mask
        return keys[i] == key ? values[i] : nil
    }

    func put(_ key: Int, _ value: Int) {
        lock.lock()
        defer { lock.unlock() }
        let i = key & mask
        keys[i] = key
        values[i] = value
    }
}

/// A pthread mutex at a stable address.
final class Lock: @unchecked Sendable {
    private let raw: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        raw = .allocate(capacity: 1)
        raw.initialize(to: pthread_mutex_t())
        pthread_mutex_init(raw, nil)
    }

    deinit {
        pthread_mutex_destroy(raw)
        raw.deallocate()
    }

    @inline(__always) func lock() { pthread_mutex_lock(raw) }
    @inline(__always) func unlock() { pthread_mutex_unlock(raw) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
