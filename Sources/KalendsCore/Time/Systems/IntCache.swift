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
