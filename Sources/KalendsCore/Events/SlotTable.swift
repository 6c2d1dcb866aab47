/// Event id -> slot, for the store: open addressing with linear probing over buckets
/// that hold only a slot (4 bytes); the id a bucket stands for is the store's id of that
/// slot (`ids[slot]`, passed to every call), so the ids are not kept twice. At most 3/4
/// full: about 5.3 bytes an event after a bulk load (a Dictionary<Int64, Int32> takes
/// about 25 at a million). A removal shifts the entries after it back (no tombstones).
/// O(1) expected per operation.
struct SlotTable {
    /// -1: an empty bucket.
    private var buckets: [Int32] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The bucket an id probes first (the id scrambled, then scaled to the capacity).
    @inline(__always)
    private static func home(_ id: Int64, _ capacity: Int) -> Int {
        let h = UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// The bucket holding `id`, or the empty one where it would go.
    @inline(__always)
    private static func find(_ id: Int64, _ b: UnsafeBufferPointer<Int32>, _ ids: UnsafeBufferPointer<Int64>) -> (bucket: Int, found: Bool) {
        let capacity = b.count
        var i = home(id, capacity)
        while true {
            let slot = b[i]
            if slot < 0 { return (i, false) }
            if ids[Int(slot)] == id { return (i, true) }
            i += 1
            if i == capacity { i = 0 }
        }
    }

    /// The slot of `id` (`ids`: the store's ids by slot).
    func slot(of id: Int64, ids: [Int64]) -> Int32? {
        guard count > 0 else { return nil }
        return buckets.withUnsafeBufferPointer { b in
            ids.withUnsafeBufferPointer { ids in
                let (i, found) = SlotTable.find(id, b, ids)
                return found ? b[i] : nil
            }
        }
    }

    /// Adds `slot` under its id `ids[slot]`, unless the id is there already: then
    /// nothing changes and the slot holding it is returned.
    @discardableResult
    mutating func insert(_ slot: Int32, ids: [Int64]) -> Int32? {
        if (count + 1) * 4 > buckets.count * 3 { rebuild(room: max(8, (count + 1) * 2), ids: ids) }
        let inserted: Int32? = buckets.withUnsafeMutableBufferPointer { b in
            ids.withUnsafeBufferPointer { ids in
                let (i, found) = SlotTable.find(ids[Int(slot)], UnsafeBufferPointer(b), ids)
                if found { return b[i] }
                b[i] = slot
                return nil
            }
        }
        if inserted == nil { count += 1 }
        return inserted
    }

    /// Removes `id` (still `ids[slot]` for its slot); returns its slot.
    @discardableResult
    mutating func remove(_ id: Int64, ids: [Int64]) -> Int32? {
        guard count > 0 else { return nil }
        let removed: Int32? = buckets.withUnsafeMutableBufferPointer { b in
            ids.withUnsafeBufferPointer { ids in
                let (i, found) = SlotTable.find(id, UnsafeBufferPointer(b), ids)
                guard found else { return nil }
                let removed = b[i]
                // Entries after the hole whose probe passed it move back into it.
                let capacity = b.count
                var hole = i, j = i
                while true {
                    j += 1
                    if j == capacity { j = 0 }
                    if b[j] < 0 { break }
                    let k = SlotTable.home(ids[Int(b[j])], capacity)
                    let stays = hole <= j ? (k > hole && k <= j) : (k > hole || k <= j)
                    if !stays {
                        b[hole] = b[j]
                        hole = j
                    }
                }
                b[hole] = -1
                return removed
            }
        }
        if removed != nil { count -= 1 }
        return removed
    }

    /// Room for `n` entries without a rebuild.
    mutating func reserveCapacity(_ n: Int, ids: [Int64]) {
        if n * 4 > buckets.count * 3 { rebuild(room: n, ids: ids) }
    }

    /// Every slot in the table (bucket order).
    var slots: [Int32] { buckets.filter { $0 >= 0 } }

    /// Renames every slot s to `newSlot[s]` (the store moved its events; ids unchanged).
    mutating func renameSlots(_ newSlot: [Int32]) {
        buckets.withUnsafeMutableBufferPointer { b in
            newSlot.withUnsafeBufferPointer { m in
                for i in b.indices where b[i] >= 0 { b[i] = m[Int(b[i])] }
            }
        }
    }

    /// Moves the entries into buckets for `room` entries at 3/4 full.
    private mutating func rebuild(room: Int, ids: [Int64]) {
        let old = buckets
        let capacity = max(8, room + (room + 2) / 3 + 1)
        buckets = [Int32](repeating: -1, count: capacity)
        buckets.withUnsafeMutableBufferPointer { b in
            ids.withUnsafeBufferPointer { ids in
                for slot in old where slot >= 0 {
                    let (i, _) = SlotTable.find(ids[Int(slot)], UnsafeBufferPointer(b), ids)
                    b[i] = slot
                }
            }
        }
    }
}
