// Suggestions (kiwi's suggestValue), published values and the dump.
extension Simplex {
    /// Moves an edit constraint's constant by `delta` (kiwi's suggestValue). `plan` is
    /// the edit's: kept by the caller, remade here when the tableau's rows changed.
    mutating func suggest(_ tag: Tag, delta: Double, plan cached: inout EditPlan?) throws(KalendsError) {
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
            if cached?.structure != structure { cached = editPlan(tag.marker) }
            if let plan = cached { move(plan, by: delta) }
        }
        try dualOptimize()
    }

    /// What a suggestion on an edit whose marker is not basic changes: the rows holding
    /// the marker (their constants move by delta x coefficient), their basic symbols,
    /// and the external variables among those, in one flat array each.
    struct EditPlan {
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
        guard !dirty.isEmpty else { return 0 }
        var changed = 0
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
