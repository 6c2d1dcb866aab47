/// What phase one (adding a required constraint through an artificial variable) needs
/// to put the tableau back when the constraint is unsatisfiable, instead of a copy of
/// the whole tableau before every such add (22% of kiwi's enaml-like form build went to
/// that copy and its release).
///
/// While a journal is open, the first change to a slot that existed when it opened
/// (`Simplex.willChange`) records the slot's row and basic symbol. A row is a value
/// whose cells are shared until written, so recording costs a reference and the row's
/// first write copies its cells: the cost is O(cells of the rows phase one changes),
/// not O(tableau). Putting the tableau back restores the recorded slots, drops the slots
/// made since, and indexes the restored rows again (the column index is only appended
/// to and cleaned, and stale entries in it are harmless).
struct Journal {
    struct Entry {
        var slot: Int32
        var row: Row
        var basic: Int32
    }

    var entries: [Entry] = []
    let slotCount: Int
    let freeSlots: [Int32]
    let objective: Row
    let infeasibleCount: Int
    let pivotCount: Int
    let stoppedAtLimit: Bool
}

extension Simplex {
    /// Opens a journal (none may be open).
    mutating func beginJournal() {
        journalEpoch &+= 1
        if journalEpoch == 0 {
            for i in journalStamps.indices { journalStamps[i] = 0 }
            journalEpoch = 1
        }
        journal = Journal(slotCount: rows.count, freeSlots: freeSlots, objective: objective, infeasibleCount: infeasible.count,
                          pivotCount: pivotCount, stoppedAtLimit: stoppedAtLimit)
        journalSlots = rows.count
    }

    /// Called before any change to the row, constant or basic symbol of a slot.
    @inline(__always) mutating func willChange(_ slot: Int32) {
        let i = Int(slot)
        if i < journalSlots && journalStamps[i] != journalEpoch { record(i) }
    }

    private mutating func record(_ slot: Int) {
        journalStamps[slot] = journalEpoch
        journal?.entries.append(Journal.Entry(slot: Int32(slot), row: rows[slot], basic: basic[slot]))
    }

    /// Keeps the changes made since the journal opened.
    mutating func commit() {
        journal = nil
        journalSlots = 0
    }

    /// Puts the tableau back as it was when the journal opened. The pivots spent stay
    /// counted when `keepingPivots` (a phase one that ended), else the count goes back
    /// too (one that failed inside the simplex). The caller then drops the symbols made
    /// since.
    mutating func rollBack(keepingPivots: Bool) {
        guard let journal else { return }
        self.journal = nil
        journalSlots = 0
        // Symbols basic in the rows made or changed since are basic nowhere until the
        // restored rows say where they are.
        for slot in journal.slotCount ..< basic.count where basic[slot] >= 0 { slotOf[Int(basic[slot])] = -1 }
        for entry in journal.entries where basic[Int(entry.slot)] >= 0 { slotOf[Int(basic[Int(entry.slot)])] = -1 }
        rows.removeSubrange(journal.slotCount...)
        basic.removeSubrange(journal.slotCount...)
        stamps.removeSubrange(journal.slotCount...)
        journalStamps.removeSubrange(journal.slotCount...)
        for entry in journal.entries {
            rows[Int(entry.slot)] = entry.row
            basic[Int(entry.slot)] = entry.basic
            if entry.basic >= 0 { slotOf[Int(entry.basic)] = entry.slot }
        }
        freeSlots = journal.freeSlots
        objective = journal.objective
        artificial = nil
        if infeasible.count > journal.infeasibleCount { infeasible.removeSubrange(journal.infeasibleCount...) }
        columnStates.withUnsafeMutableBufferPointer { states in
            for entry in journal.entries where entry.basic >= 0 {
                for cell in entry.row.cells { Simplex.entered(cell.symbol, entry.slot, &states, &columns) }
            }
        }
        structure &+= 1
        stoppedAtLimit = journal.stoppedAtLimit
        if !keepingPivots { pivotCount = journal.pivotCount }
    }
}
