/// Event id -> slot, for the store: open addressing with linear probing in two flat
/// arrays (8 + 4 bytes a bucket, at most 3/4 full: 16 bytes an event after a bulk
/// load, where a Dictionary<Int64, Int32> takes about 25 at a million). A removal
/// shifts the entries after it back (no tombstones). O(1) expected per operation.
struct SlotTable {
    private var keys: [Int64] = []
    /// -1: an empty bucket.
    private var values: [Int32] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The bucket an id probes first (the id scrambled, then scaled to the capacity).
    @inline(__always)
    private func home(_ id: Int64, _ capacity: Int) -> Int {
        let h = UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// The bucket holding `id`, or the empty one where it would go.
    @inline(__always)
    private func find(_ id: Int64) -> (bucket: Int, found: Bool) {
        let capacity = values.count
        var i = home(id, capacity)
        while true {
            if values[i] < 0 { return (i, false) }
            if keys[i] == id { return (i, true) }
            i += 1
            if i == capacity { i = 0 }
        }
    }

    subscript(id: Int64) -> Int32? {
        get {
            guard !values.isEmpty else { return nil }
            let (i, found) = find(id)
            return found ? values[i] : nil
        }
        set {
            if let newValue { updateValue(newValue, forKey: id) } else { removeValue(forKey: id) }
        }
    }

    /// Sets the slot of `id`; returns the one it replaced.
    @discardableResult
    mutating func updateValue(_ value: Int32, forKey id: Int64) -> Int32? {
        if (count + 1) * 4 > values.count * 3 { rebuild(room: max(8, (count + 1) * 2)) }
        let (i, found) = find(id)
        if found {
            let old = values[i]
            values[i] = value
            return old
        }
        keys[i] = id
        values[i] = value
        count += 1
        return nil
    }

    /// Removes `id`; returns its slot.
    @discardableResult
    mutating func removeValue(forKey id: Int64) -> Int32? {
        guard !values.isEmpty else { return nil }
        let (i, found) = find(id)
        guard found else { return nil }
        let removed = values[i]
        count -= 1
        // Entries after the hole whose probe passed it move back into it.
        let capacity = values.count
        var hole = i, j = i
        while true {
            j += 1
            if j == capacity { j = 0 }
            if values[j] < 0 { break }
            let k = home(keys[j], capacity)
            let stays = hole <= j ? (k > hole && k <= j) : (k > hole || k <= j)
            if !stays {
                keys[hole] = keys[j]
                values[hole] = values[j]
                hole = j
            }
        }
        values[hole] = -1
        return removed
    }

    /// Room for `n` entries without a rebuild.
    mutating func reserveCapacity(_ n: Int) {
        if n * 4 > values.count * 3 { rebuild(room: n) }
    }

    /// Every id in the table (bucket order).
    var ids: [Int64] {
        var out: [Int64] = []
        out.reserveCapacity(count)
        for i in values.indices where values[i] >= 0 { out.append(keys[i]) }
        return out
    }

    /// Moves the entries into buckets for `room` entries at 3/4 full.
    private mutating func rebuild(room: Int) {
        let oldKeys = keys, oldValues = values
        let capacity = max(8, room + (room + 2) / 3 + 1)
        keys = [Int64](repeating: 0, count: capacity)
        values = [Int32](repeating: -1, count: capacity)
        count = 0
        for i in oldValues.indices where oldValues[i] >= 0 {
            let (b, _) = find(oldKeys[i])
            keys[b] = oldKeys[i]
            values[b] = oldValues[i]
            count += 1
        }
    }
}
