/// A defined constraint; `tag` is set while it is in the solver.
struct Definition {
    var constraint: LinearConstraint
    var tag: Tag?
}

/// The solver's constraint definitions by id. Ids are handed out in increasing order,
/// so the table keeps them in that order: a new definition is appended (no hashing, no
/// rehashing as it grows), one is found by binary search, and a forgotten one leaves a
/// hole until holes are half of the table, which is then packed (memory stays O(live
/// definitions) however many come and go).
struct DefinitionTable {
    private var ids: [Int32] = []
    private var entries: [Definition?] = []
    private var holes = 0

    /// Adds the definition of `id`, which must be above every id in the table.
    mutating func append(_ id: Int32, _ definition: Definition) {
        ids.append(id)
        entries.append(definition)
    }

    /// Where the definition of `id` is, if the table has it.
    func position(of id: Int32) -> Int? {
        ids.withUnsafeBufferPointer { ids in
            var low = 0, high = ids.count
            while low < high {
                let mid = (low &+ high) >> 1
                if ids[mid] < id { low = mid &+ 1 } else { high = mid }
            }
            return low < ids.count && ids[low] == id && entries[low] != nil ? low : nil
        }
    }

    func definition(_ id: Int32) -> Definition? { position(of: id).flatMap { entries[$0] } }

    /// The tag of the definition at `position` (from `position(of:)`).
    subscript(tagAt position: Int) -> Tag? {
        get { entries[position]?.tag }
        set { entries[position]?.tag = newValue }
    }

    subscript(constraintAt position: Int) -> LinearConstraint? { entries[position]?.constraint }

    /// Drops the definition of `id`; false when the table has none.
    mutating func remove(_ id: Int32) -> Bool {
        guard let at = position(of: id) else { return false }
        entries[at] = nil
        holes += 1
        if holes > 64 && 2 * holes > entries.count { pack() }
        return true
    }

    /// Takes every definition out of the solver (their tags go).
    mutating func clearTags() {
        for i in entries.indices where entries[i]?.tag != nil { entries[i]?.tag = nil }
    }

    private mutating func pack() {
        var keptIDs: [Int32] = [], kept: [Definition?] = []
        keptIDs.reserveCapacity(entries.count - holes)
        kept.reserveCapacity(entries.count - holes)
        for (id, entry) in zip(ids, entries) where entry != nil {
            keptIDs.append(id)
            kept.append(entry)
        }
        ids = keptIDs
        entries = kept
        holes = 0
    }
}
