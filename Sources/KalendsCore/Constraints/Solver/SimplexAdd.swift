// Adding and removing constraints, and the optimisations (primal, phase one, dual).
extension Simplex {
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
            guard best >= 0 else {
                recycle(holding)
                if artificialObjective { artificial?.remove(entering) } else { objective.remove(entering) }
                continue
            }
            guard pivotCount < pivotLimit else {
                recycle(holding)
                stoppedAtLimit = true
                return
            }
            pivotCount += 1
            budget -= 1
            guard budget > 0 else { throw SimplexFailure(message: "the simplex did not converge (cycling)") }
            pivot(slot: best, entering: entering)
            substitute(entering, rows[Int(best)], holding: holding, pivot: best)
        }
    }

    /// Optimises again after an optimisation stopped at the pivot limit.
    mutating func finishOptimizing() throws(KalendsError) {
        guard stoppedAtLimit else { return }
        stoppedAtLimit = false
        try optimizeObjective()
    }

    /// Dual simplex over the rows a suggested value made infeasible.
    mutating func dualOptimize() throws(KalendsError) {
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
}
