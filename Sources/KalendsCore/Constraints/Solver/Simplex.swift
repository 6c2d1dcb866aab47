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
struct Simplex {
    // Symbols, by id.
    private(set) var kinds: [SymbolKind] = []
    private var symbolVariable: [Int32] = []
    var slotOf: [Int32] = []
    var columns: [[Int32]] = []
    var columnStates: [ColumnState] = []
    // Variables, by id.
    private(set) var variableSymbol: [Int32] = []
    private(set) var values: [Double] = []
    private var dirtyFlags: [Bool] = []
    private var dirty: [Int32] = []
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

    /// Bumped whenever a row's cells or a basic symbol change (not for constants).
    var structure: UInt64 = 0
    /// For each edit's marker, what a suggestion changes as of `structure`: a drag that
    /// pivots nothing finds its rows again without a search.
    private var editPlans: [Int32: EditPlan] = [:]

    /// Reused buffers: merges write into `spare` (Row.insert), `holders(of:)` fills
    /// `holderScratch` (handed back with `recycle`).
    private var spare: [Cell] = []
    private var holderScratch: [Holder] = []

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

    private mutating func newSymbol(_ kind: SymbolKind, variable: Int32 = -1) -> Int32 {
        let s = Int32(kinds.count)
        kinds.append(kind)
        symbolVariable.append(variable)
        slotOf.append(-1)
        columns.append([])
        columnStates.append(.absent)
        return s
    }

    /// The variable's symbol, created on first use (kiwi's order).
    private mutating func symbol(of variable: Int32) -> Int32 {
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

    @inline(__always) private mutating func markDirty(_ s: Int32) {
        guard kinds[Int(s)] == .external else { return }
        let v = Int(symbolVariable[Int(s)])
        if !dirtyFlags[v] {
            dirtyFlags[v] = true
            dirty.append(Int32(v))
        }
    }

    @inline(__always) private mutating func markDirtyVariable(_ v: Int32) {
        if !dirtyFlags[Int(v)] {
            dirtyFlags[Int(v)] = true
            dirty.append(v)
        }
    }

    @inline(__always) private func isRestricted(_ s: Int32) -> Bool { kinds[Int(s)] != .external }

    // MARK: Rows

    private mutating func insertRow(_ row: Row, basic s: Int32) {
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
    private mutating func removeRow(basic s: Int32) -> Row {
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
    private struct Holder {
        var slot: Int32
        var index: Int32   // of the symbol's cell in the row
        var coefficient: Double
    }

    /// The rows that hold `s`, each once, with its coefficients; cleans the column as
    /// it reads it (one binary search per entry).
    private mutating func holders(of s: Int32) -> [Holder] {
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
        for slot in column {
            let i = Int(slot)
            guard i < basic.count, basic[i] >= 0, stamps[i] != stamp else { continue }
            guard let at = rows[i].index(of: s) else { continue }
            stamps[i] = stamp
            live.append(Holder(slot: slot, index: Int32(at), coefficient: rows[i].cells[at].coefficient))
            column[kept] = slot
            kept += 1
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
    @inline(__always) private mutating func leftEveryRow(_ s: Int32) {
        columns[Int(s)].removeAll(keepingCapacity: true)
        if columnStates[Int(s)] == .unknown { columnStates[Int(s)] = .absent }
    }

    /// Gives a `holders(of:)` array back for reuse.
    @inline(__always) private mutating func recycle(_ live: [Holder]) {
        if live.capacity > holderScratch.capacity { holderScratch = live }
    }

    /// Adds `row × coefficient` to the row in `slot`, indexing the symbols it gains.
    private mutating func add(_ row: Row, times coefficient: Double, toSlot slot: Int32) {
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
    private mutating func pivot(slot: Int32, entering: Int32) {
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
    private mutating func substitute(_ s: Int32, _ row: Row) {
        structure &+= 1
        var negative: [Int32] = []
        let holding = holders(of: s)
        for h in holding {
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
    private mutating func addToObjective(_ s: Int32, _ coefficient: Double) {
        let slot = slotOf[Int(s)]
        if slot >= 0 {
            objective.insert(rows[Int(slot)], times: coefficient, spare: &spare)
        } else {
            objective.insert(s, coefficient)
        }
    }

    // MARK: Adding and removing constraints

    /// Adds a constraint; on failure the tableau is exactly as before.
    mutating func add(_ constraint: LinearConstraint) throws(KalendsError) -> Tag {
        try constraint.terms.withUnsafeBufferPointer { (terms) throws(KalendsError) in
            try add(terms, constant: constraint.constant, relation: constraint.relation, strength: constraint.strength)
        }
    }

    /// Adds `Σ terms + constant (relation) 0` at `strength` (the terms on distinct
    /// variables); on failure the tableau is exactly as before.
    mutating func add(_ terms: UnsafeBufferPointer<Solver.Term>, constant: Double, relation: Relation,
                      strength: Double) throws(KalendsError) -> Tag {
        let mark = kinds.count
        var tag = Tag()
        var row = makeRow(terms, constant: constant, relation: relation, strength: strength, &tag)
        var subject = chooseSubject(row, tag)
        if subject < 0 && row.cells.allSatisfy({ kinds[Int($0.symbol)] == .dummy }) {
            guard nearZero(row.constant) else {
                dropSymbols(from: mark)
                throw KalendsError(.unsatisfiable, "the required constraints cannot all hold")
            }
            subject = tag.marker
        }
        if subject < 0, let entering = firstArtificialPivot(row) {
            // Phase one would pivot once, on this row, and succeed: do that directly.
            _ = newSymbol(.slack)   // the artificial symbol's id, as kiwi spends it
            subject = entering
        }
        if subject < 0 {
            beginJournal()
            let satisfied: Bool
            do {
                satisfied = try addWithArtificialVariable(row)
            } catch {
                rollBack(keepingPivots: false)
                dropSymbols(from: mark)
                throw KalendsError(.internal, error.message)
            }
            guard satisfied else {
                // Phase one stopped at the pivot limit decides nothing: the add fails as
                // over budget (the tableau as before; the pivots spent stay spent).
                let cut = stoppedAtLimit
                rollBack(keepingPivots: true)
                dropSymbols(from: mark)
                if cut {
                    stoppedAtLimit = true
                    throw KalendsError(.internal, "the pivot limit was reached before the constraint was decided")
                }
                throw KalendsError(.unsatisfiable, "the required constraints cannot all hold")
            }
            commit()
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            insertRow(row, basic: subject)
        }
        // The error symbols enter the objective (kiwi's order: the marker's first).
        if kinds[Int(tag.marker)] == .error { addToObjective(tag.marker, strength) }
        if tag.other >= 0 { addToObjective(tag.other, strength) }
        try optimizeObjective()
        return tag
    }

    /// The tableau row of a new constraint, with its basic variables substituted; the
    /// tag's symbols are its marker and (when not required) its error symbols.
    private mutating func makeRow(_ terms: UnsafeBufferPointer<Solver.Term>, constant: Double, relation: Relation,
                                  strength: Double, _ tag: inout Tag) -> Row {
        var row = Row(constant: constant)
        for term in terms where !nearZero(term.coefficient) {
            let s = symbol(of: term.variable)
            let slot = slotOf[Int(s)]
            if slot >= 0 {
                row.insert(rows[Int(slot)], times: term.coefficient, spare: &spare)
            } else {
                row.insert(s, term.coefficient)
            }
        }
        let required = strength >= Strength.required
        switch relation {
        case .lessOrEqual, .greaterOrEqual:
            let sign: Double = relation == .lessOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, sign)
            if !required {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -sign)
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy, 1)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Int32 {
        let external = kinds.withUnsafeBufferPointer { kinds in
            row.cells.first { kinds[Int($0.symbol)] == .external }?.symbol
        }
        if let external { return external }
        func pivotable(_ s: Int32) -> Bool {
            guard s >= 0 else { return false }
            let kind = kinds[Int(s)]
            return (kind == .slack || kind == .error) && row.coefficient(s) < 0
        }
        if pivotable(tag.marker) { return tag.marker }
        if pivotable(tag.other) { return tag.other }
        return -1
    }

    /// When phase one on `row` would end after a single pivot on the row itself, the
    /// symbol that pivot brings in; else nil. Phase one enters the row's first
    /// restricted symbol with a negative coefficient; the row leaves when its ratio is
    /// strictly the smallest (on a tie an older row wins). After that pivot the
    /// artificial objective is the artificial variable alone: feasible, optimal. The
    /// tableau that results is the normal path's with that symbol as the subject, so
    /// no snapshot is needed; only a failing phase one pays for one.
    private mutating func firstArtificialPivot(_ row: Row) -> Int32? {
        var entering: Int32 = -1, c = 0.0
        for cell in row.cells where cell.coefficient < 0 && kinds[Int(cell.symbol)] != .dummy {
            entering = cell.symbol
            c = cell.coefficient
            break
        }
        guard entering >= 0 else { return nil }
        let ratio = -row.constant / c
        let holding = holders(of: entering)
        defer { recycle(holding) }
        for h in holding where isRestricted(basic[Int(h.slot)]) {
            if h.coefficient < 0 && -rows[Int(h.slot)].constant / h.coefficient <= ratio { return nil }
        }
        return entering
    }

    /// Phase one for a row without a subject: minimise an artificial variable.
    private mutating func addWithArtificialVariable(_ row: Row) throws(SimplexFailure) -> Bool {
        let art = newSymbol(.slack)
        insertRow(row, basic: art)
        artificial = row
        try optimize(artificialObjective: true)
        let success = nearZero(artificial?.constant ?? 0)
        artificial = nil
        if slotOf[Int(art)] >= 0 {
            let slot = slotOf[Int(art)]
            if rows[Int(slot)].isEmpty {
                removeRow(basic: art)
                return success
            }
            guard let entering = rows[Int(slot)].cells.lazy.map(\.symbol).first(where: {
                let k = kinds[Int($0)]
                return k == .slack || k == .error
            }) else { return false }
            pivot(slot: slot, entering: entering)
            substitute(entering, rows[Int(slot)])
        }
        structure &+= 1
        for h in holders(of: art) {
            willChange(h.slot)
            rows[Int(h.slot)].remove(art)
        }
        leftEveryRow(art)
        objective.remove(art)
        return success
    }

    /// Removes a constraint's symbols from the tableau and re-optimises.
    mutating func remove(_ tag: Tag, strength: Double) throws(KalendsError) {
        if kinds[Int(tag.marker)] == .error { addToObjective(tag.marker, -strength) }
        if tag.other >= 0 && kinds[Int(tag.other)] == .error { addToObjective(tag.other, -strength) }
        if slotOf[Int(tag.marker)] >= 0 {
            removeRow(basic: tag.marker)
        } else {
            guard let slot = markerLeavingSlot(tag.marker) else {
                throw KalendsError(.internal, "the constraint's marker is in no row")
            }
            pivot(slot: slot, entering: tag.marker)
            substitute(tag.marker, rows[Int(slot)])
            removeRow(basic: tag.marker)
        }
        try optimizeObjective()
    }

    private mutating func markerLeavingSlot(_ marker: Int32) -> Int32? {
        var r1 = Double.greatestFiniteMagnitude, r2 = r1
        var first: Int32 = -1, second: Int32 = -1, third: Int32 = -1
        var firstBasic: Int32 = .max, secondBasic: Int32 = .max, thirdBasic: Int32 = -1
        for h in holders(of: marker) {
            let slot = h.slot, i = Int(slot), b = basic[i], c = h.coefficient
            if !isRestricted(b) {
                // kiwi keeps the last external row in id order.
                if b > thirdBasic { third = slot; thirdBasic = b }
            } else if c < 0 {
                let r = -rows[i].constant / c
                if r < r1 || (r == r1 && b < firstBasic) { r1 = r; first = slot; firstBasic = b }
            } else {
                let r = rows[i].constant / c
                if r < r2 || (r == r2 && b < secondBasic) { r2 = r; second = slot; secondBasic = b }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    // MARK: Optimisation

    private mutating func optimizeObjective() throws(KalendsError) {
        do {
            try optimize(artificialObjective: false)
        } catch {
            throw KalendsError(.internal, error.message)
        }
    }

    /// Primal simplex on the objective (or the artificial one): Bland's rule, so it ends.
    ///
    /// Both objectives are weighted sums of restricted symbols, so they are bounded
    /// below: an entering symbol that no restricted row limits can only come from
    /// rounding (a coefficient like -1.5e-8 left where exact arithmetic has 0). kiwi
    /// reports "the objective is unbounded" there; this drops the stray coefficient and
    /// goes on. A pivot budget guards against cycling through rounding.
    private mutating func optimize(artificialObjective: Bool) throws(SimplexFailure) {
        var budget = 64 * (rows.count + kinds.count) + 1024
        while true {
            let target = artificialObjective ? (artificial ?? objective) : objective
            var entering: Int32 = -1
            for cell in target.cells where cell.coefficient < 0 && kinds[Int(cell.symbol)] != .dummy {
                entering = cell.symbol
                break
            }
            guard entering >= 0 else { return }
            var best: Int32 = -1, bestBasic: Int32 = .max, ratio = Double.greatestFiniteMagnitude
            let holding = holders(of: entering)
            for h in holding {
                let slot = h.slot, i = Int(slot), b = basic[i], c = h.coefficient
                guard isRestricted(b) && c < 0 else { continue }
                let r = -rows[i].constant / c
                if r < ratio || (r == ratio && b < bestBasic) {
                    ratio = r
                    best = slot
                    bestBasic = b
                }
            }
            recycle(holding)
            guard best >= 0 else {
                if artificialObjective { artificial?.remove(entering) } else { objective.remove(entering) }
                continue
            }
            guard pivotCount < pivotLimit else {
                stoppedAtLimit = true
                return
            }
            pivotCount += 1
            budget -= 1
            guard budget > 0 else { throw SimplexFailure(message: "the simplex did not converge (cycling)") }
            pivot(slot: best, entering: entering)
            substitute(entering, rows[Int(best)])
        }
    }

    /// Optimises again after an optimisation stopped at the pivot limit.
    mutating func finishOptimizing() throws(KalendsError) {
        guard stoppedAtLimit else { return }
        stoppedAtLimit = false
        try optimizeObjective()
    }

    /// Dual simplex over the rows a suggested value made infeasible.
    private mutating func dualOptimize() throws(KalendsError) {
        while let leaving = infeasible.popLast() {
            let slot = slotOf[Int(leaving)]
            guard slot >= 0 else { continue }
            let row = rows[Int(slot)]
            guard !nearZero(row.constant) && row.constant < 0 else { continue }
            var entering: Int32 = -1, ratio = Double.greatestFiniteMagnitude
            for cell in row.cells where cell.coefficient > 0 && kinds[Int(cell.symbol)] != .dummy {
                let r = objective.coefficient(cell.symbol) / cell.coefficient
                if r < ratio {
                    ratio = r
                    entering = cell.symbol
                }
            }
            guard entering >= 0 else {
                infeasible.removeAll()
                throw KalendsError(.internal, "the dual optimisation failed")
            }
            pivot(slot: slot, entering: entering)
            substitute(entering, rows[Int(slot)])
        }
    }

    // MARK: Edits and values

    /// Moves an edit constraint's constant by `delta` (kiwi's suggestValue).
    mutating func suggest(_ tag: Tag, delta: Double) throws(KalendsError) {
        defer { infeasible.removeAll(keepingCapacity: true) }
        let markerSlot = slotOf[Int(tag.marker)]
        if markerSlot >= 0 {
            rows[Int(markerSlot)].constant -= delta
            if rows[Int(markerSlot)].constant < 0 { infeasible.append(tag.marker) }
        } else if tag.other >= 0 && slotOf[Int(tag.other)] >= 0 {
            let i = Int(slotOf[Int(tag.other)])
            rows[i].constant += delta
            if rows[i].constant < 0 { infeasible.append(tag.other) }
        } else {
            let plan: EditPlan
            if let cached = editPlans[tag.marker], cached.structure == structure {
                plan = cached
            } else {
                plan = editPlan(tag.marker)
                editPlans[tag.marker] = plan
            }
            move(plan, by: delta)
        }
        try dualOptimize()
    }

    /// What a suggestion on an edit whose marker is not basic changes: the rows holding
    /// the marker (their constants move by delta x coefficient), their basic symbols,
    /// and the external variables among those, in one flat array each.
    private struct EditPlan {
        var structure: UInt64
        var slots: [Int32] = []
        var coefficients: [Double] = []
        /// Each row's basic symbol when it is restricted (it may turn infeasible), else -1.
        var restricted: [Int32] = []
        /// The variables basic in those rows (their published values change).
        var variables: [Int32] = []
    }

    private mutating func editPlan(_ marker: Int32) -> EditPlan {
        var plan = EditPlan(structure: structure)
        let holding = holders(of: marker)
        plan.slots.reserveCapacity(holding.count)
        plan.coefficients.reserveCapacity(holding.count)
        plan.restricted.reserveCapacity(holding.count)
        for h in holding {
            let b = basic[Int(h.slot)]
            plan.slots.append(h.slot)
            plan.coefficients.append(h.coefficient)
            if isRestricted(b) {
                plan.restricted.append(b)
            } else {
                plan.restricted.append(-1)
                plan.variables.append(symbolVariable[Int(b)])
            }
        }
        return plan
    }

    /// Moves the constants of a plan's rows; queues the restricted basics that turn
    /// negative in id order (as kiwi's scan of its rows would) and marks the variables
    /// dirty. O(rows holding the marker), no allocation unless a row turns negative.
    private mutating func move(_ plan: EditPlan, by delta: Double) {
        var negative: [Int32] = []
        plan.slots.withUnsafeBufferPointer { slots in
            plan.coefficients.withUnsafeBufferPointer { coefficients in
                plan.restricted.withUnsafeBufferPointer { restricted in
                    rows.withUnsafeMutableBufferPointer { rows in
                        for k in 0..<slots.count {
                            let i = Int(slots[k])
                            let c = rows[i].constant + delta * coefficients[k]
                            rows[i].constant = c
                            if c < 0 && restricted[k] >= 0 { negative.append(restricted[k]) }
                        }
                    }
                }
            }
        }
        if negative.count > 1 { negative.sort() }
        infeasible.append(contentsOf: negative)
        if dirty.isEmpty {
            // the usual drag (an update after each suggestion): no flag is set, none of
            // the variables repeats (a symbol is basic in one row), so all go in one copy
            plan.variables.withUnsafeBufferPointer { variables in
                dirtyFlags.withUnsafeMutableBufferPointer { flags in
                    for v in variables { flags[Int(v)] = true }
                }
            }
            dirty.append(contentsOf: plan.variables)
        } else {
            for v in plan.variables { markDirtyVariable(v) }
        }
    }

    /// The variable's value in the tableau now (0 when it is not basic).
    func currentValue(_ variable: Int32) -> Double {
        let s = variableSymbol[Int(variable)]
        guard s >= 0 else { return 0 }
        let slot = slotOf[Int(s)]
        return slot >= 0 ? rows[Int(slot)].constant : 0
    }

    /// Copies the tableau's values of the variables whose rows changed into `values`;
    /// `changed` sees each variable whose value is different from before.
    mutating func updateValues(_ changed: (Int32, Double) -> Void) {
        for v in dirty {
            dirtyFlags[Int(v)] = false
            // A variable the tableau does not know (a failed add created and dropped its
            // symbol) keeps its published value, as kiwi's do after a reset.
            guard variableSymbol[Int(v)] >= 0 else { continue }
            let new = currentValue(v)
            if new != values[Int(v)] {
                values[Int(v)] = new
                changed(v, new)
            }
        }
        dirty.removeAll(keepingCapacity: true)
    }

    /// `updateValues` writing each changed value to `mirror[v]` when `v < count`, with
    /// no call per variable; returns how many changed. O(variables whose rows changed).
    mutating func updateValues(mirror: UnsafeMutablePointer<Double>?, count: Int) -> Int {
        var changed = 0
        let slotOf = self.slotOf, variableSymbol = self.variableSymbol
        dirty.withUnsafeBufferPointer { dirty in
            dirtyFlags.withUnsafeMutableBufferPointer { flags in
                values.withUnsafeMutableBufferPointer { values in
                    rows.withUnsafeBufferPointer { rows in
                        slotOf.withUnsafeBufferPointer { slotOf in
                            variableSymbol.withUnsafeBufferPointer { symbols in
                                for v in dirty {
                                    let i = Int(v)
                                    flags[i] = false
                                    let s = symbols[i]
                                    guard s >= 0 else { continue }
                                    let slot = slotOf[Int(s)]
                                    let new = slot >= 0 ? rows[Int(slot)].constant : 0
                                    if new != values[i] {
                                        values[i] = new
                                        changed += 1
                                        if i < count, let mirror { mirror[i] = new }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        dirty.removeAll(keepingCapacity: true)
        return changed
    }

    // MARK: Debugging

    /// A readable dump of the objective and the rows (symbols as `v3`, `s7`, `e8`, `d9`).
    func dump() -> String {
        func name(_ s: Int32) -> String {
            switch kinds[Int(s)] {
            case .external: "v\(symbolVariable[Int(s)])"
            case .slack: "s\(s)"
            case .error: "e\(s)"
            case .dummy: "d\(s)"
            }
        }
        func text(_ row: Row) -> String {
            var out = "\(row.constant)"
            for cell in row.cells { out += " + \(cell.coefficient) * \(name(cell.symbol))" }
            return out
        }
        var out = "Objective\n---------\n\(text(objective))\n\nTableau\n-------\n"
        for i in rows.indices where basic[i] >= 0 { out += "\(name(basic[i])) | \(text(rows[i]))\n" }
        out += "\nInfeasible\n----------\n"
        for s in infeasible { out += name(s) + "\n" }
        return out
    }
}
