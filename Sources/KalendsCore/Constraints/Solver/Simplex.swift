/// The kinds of tableau symbols (Cassowary): the host's variables (external), the
/// slack of an inequality, the error terms of a non-required constraint, and the
/// dummy marker of a required equality.
enum SymbolKind: UInt8 {
    case external, slack, error, dummy
}

/// The symbols a constraint added to the tableau, so it can be taken out again.
struct Tag {
    var marker: Int32 = -1
    var other: Int32 = -1
}

/// A constraint as the tableau sees it: `Σ coefficient × variable + constant (op) 0`.
struct LinearConstraint {
    var terms: [Solver.Term]
    var constant: Double
    var relation: Relation
    var strength: Double
}

/// Failures inside the simplex itself (an unbounded objective, a failed dual pivot)
/// cannot happen with well-formed input; they are reported, never trapped.
struct SimplexFailure: Error {
    let message: String
}

/// How much the column index knows of a symbol. A symbol starts in no row (`absent`:
/// asking for its holders costs nothing); once it enters a row that is `unknown` until
/// its holders are first asked for, when one pass over the rows builds its column
/// (`indexed`), kept from then on. Symbols nobody asks about (most slack symbols of a
/// long chain) cost no index upkeep.
enum ColumnState: UInt8 {
    case absent, unknown, indexed
}

/// The incremental simplex tableau of the Cassowary algorithm, as kiwi implements it
/// (same pivot rules and tie-breaking), plus a column index so an operation touches
/// only the rows holding the symbols it changes, and a dirty list so reading values
/// touches only the variables whose rows changed.
///
/// Rows live in slots; `columns[s]` lists the slots that may hold symbol `s` once the
/// symbol is indexed (see `ColumnState`: a column is built the first time it is asked
/// for, then appended to whenever `s` enters a row and cleaned when read, so stale and
/// repeated entries are harmless). Adding a constraint through an artificial variable
/// (phase one) opens a journal (SimplexJournal.swift) that puts the tableau back when
/// the constraint is unsatisfiable: every change to a slot goes through `willChange`.
///
/// This file holds the storage, the symbols and the row operations; SimplexAdd.swift
/// adding and removing constraints and the optimisations; SimplexEdits.swift the
/// suggestions, the published values and the dump.
struct Simplex {
    // Symbols, by id.
    private(set) var kinds: [SymbolKind] = []
    var symbolVariable: [Int32] = []
    var slotOf: [Int32] = []
    var columns: [[Int32]] = []
    var columnStates: [ColumnState] = []
    // Variables, by id.
    private(set) var variableSymbol: [Int32] = []
    var values: [Double] = []
    var dirtyFlags: [Bool] = []
    var dirty: [Int32] = []
    // Rows, by slot.
    var rows: [Row] = []
    var basic: [Int32] = []
    var freeSlots: [Int32] = []
    var stamps: [UInt32] = []
    private var stamp: UInt32 = 0
    /// The open journal, and the slots it covers (0 when none is open, so `willChange`
    /// costs one comparison); a slot is recorded once per journal (`journalEpoch`).
    var journal: Journal?
    var journalSlots = 0
    var journalEpoch: UInt32 = 0
    var journalStamps: [UInt32] = []

    /// Bumped whenever a row's cells or a basic symbol change (not for constants): an
    /// edit's plan (`suggest`) made at another value is made again.
    var structure: UInt64 = 0

    /// Reused buffers: merges write into `spare` (Row.insert), `holders(of:)` fills
    /// `holderScratch` (handed back with `recycle`).
    var spare: [Cell] = []
    var holderScratch: [Holder] = []

    var objective = Row(constant: 0)
    var artificial: Row?
    var infeasible: [Int32] = []

    /// Pivots of the primal simplex so far, and the count at which optimising stops
    /// (`Solver.limitPivots`). Stopping the objective leaves a consistent, feasible
    /// tableau that is not yet optimal; stopping phase one (whether a required constraint
    /// can hold) fails that add and leaves the tableau as before. `stoppedAtLimit` says
    /// so until `finishOptimizing` succeeds.
    var pivotCount = 0
    var pivotLimit = Int.max
    var stoppedAtLimit = false

    var variableCount: Int { variableSymbol.count }
    var rowCount: Int { rows.count - freeSlots.count }

    mutating func addVariables(_ count: Int) {
        variableSymbol.append(contentsOf: repeatElement(-1, count: count))
        values.append(contentsOf: repeatElement(0, count: count))
        dirtyFlags.append(contentsOf: repeatElement(false, count: count))
    }

    /// Empties the tableau, keeping the variables and their published values.
    mutating func reset() {
        let published = values
        let pivots = pivotCount, limit = pivotLimit
        self = Simplex()
        pivotCount = pivots
        pivotLimit = limit
        addVariables(published.count)
        values = published
    }

    // MARK: Symbols

    mutating func newSymbol(_ kind: SymbolKind, variable: Int32 = -1) -> Int32 {
        let s = Int32(kinds.count)
        kinds.append(kind)
        symbolVariable.append(variable)
        slotOf.append(-1)
        columns.append([])
        columnStates.append(.absent)
        return s
    }

    /// The variable's symbol, created on first use (kiwi's order).
    mutating func symbol(of variable: Int32) -> Int32 {
        let s = variableSymbol[Int(variable)]
        if s >= 0 { return s }
        let new = newSymbol(.external, variable: variable)
        variableSymbol[Int(variable)] = new
        markDirty(new)   // known to the tableau again (after a reset): its value is the tableau's
        return new
    }

    /// Forgets the symbols created since `mark` (an add that failed before touching rows).
    mutating func dropSymbols(from mark: Int) {
        for s in mark..<kinds.count where kinds[s] == .external {
            variableSymbol[Int(symbolVariable[s])] = -1
        }
        kinds.removeSubrange(mark...)
        symbolVariable.removeSubrange(mark...)
        slotOf.removeSubrange(mark...)
        columns.removeSubrange(mark...)
        columnStates.removeSubrange(mark...)
    }

    @inline(__always) mutating func markDirty(_ s: Int32) {
        guard kinds[Int(s)] == .external else { return }
        let v = Int(symbolVariable[Int(s)])
        if !dirtyFlags[v] {
            dirtyFlags[v] = true
            dirty.append(Int32(v))
        }
    }

    @inline(__always) mutating func markDirtyVariable(_ v: Int32) {
        if !dirtyFlags[Int(v)] {
            dirtyFlags[Int(v)] = true
            dirty.append(v)
        }
    }

    @inline(__always) func isRestricted(_ s: Int32) -> Bool { kinds[Int(s)] != .external }

    // MARK: Rows

    mutating func insertRow(_ row: Row, basic s: Int32) {
        structure &+= 1
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            willChange(free)
            rows[Int(free)] = row
            basic[Int(free)] = s
        } else {
            slot = Int32(rows.count)
            rows.append(row)
            basic.append(s)
            stamps.append(0)
            journalStamps.append(0)
        }
        slotOf[Int(s)] = slot
        columnStates.withUnsafeMutableBufferPointer { states in
            for cell in row.cells { Simplex.entered(cell.symbol, slot, &states, &columns) }
        }
        markDirty(s)
    }

    @discardableResult
    mutating func removeRow(basic s: Int32) -> Row {
        structure &+= 1
        let slot = Int(slotOf[Int(s)])
        willChange(Int32(slot))
        slotOf[Int(s)] = -1
        basic[slot] = -1
        freeSlots.append(Int32(slot))
        let row = rows[slot]
        rows[slot] = Row(constant: 0)
        markDirty(s)
        return row
    }

    /// A row that holds a symbol, and the symbol's coefficient there.
    struct Holder {
        var slot: Int32
        var index: Int32   // of the symbol's cell in the row
        var coefficient: Double
    }

    /// The rows that hold `s`, each once, with its coefficients; cleans the column as
    /// it reads it (one binary search per entry).
    mutating func holders(of s: Int32) -> [Holder] {
        switch columnStates[Int(s)] {
        case .absent:
            var none = holderScratch
            holderScratch = []
            none.removeAll(keepingCapacity: true)
            return none
        case .unknown:
            buildColumn(s)
        case .indexed:
            break
        }
        stamp &+= 1
        if stamp == 0 {
            for i in stamps.indices { stamps[i] = 0 }
            stamp = 1
        }
        var column = columns[Int(s)]
        columns[Int(s)] = []
        var live = holderScratch
        holderScratch = []
        live.removeAll(keepingCapacity: true)
        live.reserveCapacity(column.count)
        var kept = 0
        let stamp = self.stamp
        rows.withUnsafeBufferPointer { rows in
            basic.withUnsafeBufferPointer { basic in
                stamps.withUnsafeMutableBufferPointer { stamps in
                    column.withUnsafeMutableBufferPointer { column in
                        for k in 0 ..< column.count {
                            let slot = column[k], i = Int(slot)
                            guard i < basic.count, basic[i] >= 0, stamps[i] != stamp else { continue }
                            guard let (at, c) = rows[i].find(s) else { continue }
                            stamps[i] = stamp
                            live.append(Holder(slot: slot, index: Int32(at), coefficient: c))
                            column[kept] = slot
                            kept += 1
                        }
                    }
                }
            }
        }
        column.removeSubrange(kept...)
        columns[Int(s)] = column
        return live
    }

    /// Indexes `s`: its column becomes the slots of the rows that hold it, in slot
    /// order, kept up to date from now on. A row whose symbols all lie on one side of
    /// `s` (its cells are sorted) is passed over without a search.
    private mutating func buildColumn(_ s: Int32) {
        var column: [Int32] = []
        rows.withUnsafeBufferPointer { rows in
            basic.withUnsafeBufferPointer { basic in
                for i in rows.indices where basic[i] >= 0 && rows[i].mayContain(s) && rows[i].contains(s) {
                    column.append(Int32(i))
                }
            }
        }
        columns[Int(s)] = column
        columnStates[Int(s)] = .indexed
    }

    /// `s` entered the row in `slot`: its column gets the slot when `s` is indexed;
    /// a symbol that was in no row is no longer known to be.
    @inline(__always) static func entered(_ s: Int32, _ slot: Int32, _ states: inout UnsafeMutableBufferPointer<ColumnState>,
                                                  _ columns: inout [[Int32]]) {
        switch states[Int(s)] {
        case .indexed: Simplex.append(slot, to: &columns[Int(s)])
        case .absent: states[Int(s)] = .unknown
        case .unknown: break
        }
    }

    /// `s` left every row (it was substituted away): an unindexed symbol is known to be
    /// in none again.
    @inline(__always) mutating func leftEveryRow(_ s: Int32) {
        columns[Int(s)].removeAll(keepingCapacity: true)
        if columnStates[Int(s)] == .unknown { columnStates[Int(s)] = .absent }
    }

    /// Gives a `holders(of:)` array back for reuse.
    @inline(__always) mutating func recycle(_ live: [Holder]) {
        if live.capacity > holderScratch.capacity { holderScratch = live }
    }

    /// Adds `row × coefficient` to the row in `slot`, indexing the symbols it gains.
    mutating func add(_ row: Row, times coefficient: Double, toSlot slot: Int32) {
        willChange(slot)
        columnStates.withUnsafeMutableBufferPointer { states in
            rows[Int(slot)].insert(row, times: coefficient, spare: &spare) { Simplex.entered($0, slot, &states, &columns) }
        }
    }

    /// Appends a slot to a column, starting a column with room for 16 (a column grows
    /// with every row its symbol enters: fewer reallocations).
    @inline(__always) private static func append(_ slot: Int32, to column: inout [Int32]) {
        if column.capacity == 0 { column.reserveCapacity(16) }
        column.append(slot)
    }

    /// Makes `entering` the basic symbol of the row in `slot` in place of its basic.
    mutating func pivot(slot: Int32, entering: Int32) {
        structure &+= 1
        let i = Int(slot)
        let leaving = basic[i]
        willChange(slot)
        if rows[i].solve(lhs: leaving, rhs: entering) {
            columnStates.withUnsafeMutableBufferPointer { Simplex.entered(leaving, slot, &$0, &columns) }
        }
        basic[i] = entering
        slotOf[Int(leaving)] = -1
        slotOf[Int(entering)] = slot
        markDirty(leaving)
        markDirty(entering)
    }

    /// Replaces `s` by `row` everywhere: the tableau, the objective, the artificial objective.
    mutating func substitute(_ s: Int32, _ row: Row) {
        substitute(s, row, holding: holders(of: s), pivot: -1)
    }

    /// `substitute` with the holders of `s` already found (by the ratio test that chose
    /// the pivot on `pivot`, which `s` has left since: it is passed over). The other
    /// rows are as the ratio test saw them, so the holders, coefficients and cell
    /// indices still hold, and the column is not read twice for one pivot.
    mutating func substitute(_ s: Int32, _ row: Row, holding: [Holder], pivot: Int32) {
        structure &+= 1
        var negative: [Int32] = []
        for h in holding where h.slot != pivot {
            let slot = h.slot, i = Int(slot)
            willChange(slot)
            let c = rows[i].removeCell(at: Int(h.index))
            add(row, times: c, toSlot: slot)
            let b = basic[i]
            markDirty(b)
            if isRestricted(b) && rows[i].constant < 0 { negative.append(b) }
        }
        recycle(holding)
        leftEveryRow(s)
        if negative.count > 1 { negative.sort() }
        infeasible.append(contentsOf: negative)
        objective.substitute(s, row, spare: &spare)
        if artificial != nil { artificial?.substitute(s, row, spare: &spare) }
    }

    /// Adds `coefficient × s` to the objective, through its row when s is basic.
    mutating func addToObjective(_ s: Int32, _ coefficient: Double) {
        let slot = slotOf[Int(s)]
        if slot >= 0 {
            objective.insert(rows[Int(slot)], times: coefficient, spare: &spare)
        } else {
            objective.insert(s, coefficient)
        }
    }
}
