extension AutoLayout {
    /// Most passes of "measure at the solved width, solve again" per solve.
    static let measurePasses = 3
    /// Most solves per `solve` while alt constants read solved frames (see `solve`).
    static let altPasses = 8

    /// The most simplex pivots one `solve` (or `fittingSize`) may make while optimising:
    /// room for a layout solved from scratch (a few pivots per constraint; solves of
    /// the misuse fuzzer's layouts needed 0-800 while they settled, median 4), while a
    /// system that stalls in degenerate pivots stops here instead of spending seconds
    /// (that fuzzer, with another random sequence, made single solves take 3-21 s:
    /// 2,000-22,000 pivots of ~0.5 ms on a tableau of ~1,000 constraints). A bound, not
    /// a cure: such a system costs up to the budget per solve until it settles.
    func pivotBudget() -> Int {
        pivotBudgetOverride ?? AutoLayout.pivotBase + AutoLayout.pivotsPerConstraint * (constraints.count + 12 * items.count)
    }
    static let pivotBase = 1024
    static let pivotsPerConstraint = 2

    /// Solves the layout: constraints, intrinsic sizes and measured content, then the
    /// frames (`frame(of:)`). Measured items get the two-pass layout: measured freely,
    /// solved, measured again at their solved width, solved again (until nothing
    /// changes, at most `measurePasses` times).
    ///
    /// A constant based on another item's size reads that item's solved frame (unless
    /// the host set its size), as HKNSLayoutConstraint reads the item's bounds. That
    /// frame is an output of the same solve, so the solve iterates to a fixed point:
    /// solve with the constants of the frames so far, publish the frames, and solve
    /// again while a constant reading a solved frame changed (only the constraints
    /// whose constants moved are re-added to the kept solver), at most `altPasses`
    /// solves. Iteration rather than ordering the solve because the system is solved
    /// as a whole: the basis item's frame can itself depend on the constraint (through
    /// priorities, intrinsic sizes, a shared parent), so no order of partial solves is
    /// right in general, while iteration needs nothing but the solver already kept
    /// between solves. A chain of k such dependencies settles in k + 1 solves; a
    /// dependency of an item on its own size that does not settle stops at the last pass.
    ///
    /// Errors: `.unsatisfiable` under the `.error` policy (the previous solution
    /// stays), `.callback` or the callback's own error from a measure function.
    public func solve() throws(KalendsError) {
        try checkNotSolving()
        solving = true
        defer { solving = false }
        engine.policy = policy
        engine.onBroken = onBroken
        let previous = items.mapValues(\.frame)
        let solver = engine.solver
        let budget = pivotBudget()
        solver.limitPivots(budget)
        defer { solver.limitPivots(nil) }
        do {
            // a solve stopped at its budget left its optimum unfinished: finish it first
            try solver.finishOptimizing()
            for pass in 1...AutoLayout.altPasses {
                try run(engine, ids: itemIDs, subtree: nil)
                for item in itemIDs {
                    let frame = relativeFrame(item, engine)
                    items[item]?.frame = frame
                }
                guard pass < AutoLayout.altPasses, constantsMoved() else { break }
            }
            try checkPivots(solver, budget)
        } catch {
            for (item, frame) in previous { items[item]?.frame = frame }
            throw error
        }
        // Calendar views take their solved width, so their own layout matches the frame.
        for item in itemIDs {
            guard let content = items[item]?.content, let width = items[item]?.frame.width, width > 0 else { continue }
            try content.takeWidth(width)
        }
    }

    private func checkPivots(_ solver: Solver, _ budget: Int) throws(KalendsError) {
        guard solver.reachedPivotLimit else { return }
        throw KalendsError(.internal, LayoutEngine.overBudget + " (\(budget) pivots)")
    }

    /// Whether a constant that reads a solved frame differs from the one in the solver.
    private func constantsMoved() -> Bool {
        for (id, c) in constraints where readsSolvedFrame(c) {
            guard let applied = engine.applied[.host(id)] else { continue }
            if applied.linear != engine.linear(c, self) { return true }
        }
        return false
    }

    /// The sync-measure-solve passes over `ids` in `engine`.
    private func run(_ engine: LayoutEngine, ids: [ItemID], subtree: Set<ItemID>?) throws(KalendsError) {
        let measuredIDs = ids.filter { items[$0]?.measure != nil }
        for item in measuredIDs {
            guard let measure = items[item]?.measure else { continue }
            let size = try measure(item, nil, nil)
            try size.validate()
            engine.natural[item] = size.width
            engine.measured[item] = size
        }
        try engine.sync(self, subtree: subtree)
        engine.solver.updateVariables()
        for _ in 0..<AutoLayout.measurePasses where !measuredIDs.isEmpty {
            var changed = false
            for item in measuredIDs {
                guard let measure = items[item]?.measure else { continue }
                let width = engine.value(item, 2)
                let size = try measure(item, width, nil)
                try size.validate()
                let next = IntrinsicSize(width: engine.natural[item] ?? size.width, height: size.height)
                if next != engine.measured[item] {
                    engine.measured[item] = next
                    changed = true
                }
            }
            guard changed else { break }
            try engine.syncIntrinsic(self, measuredIDs)
            engine.solver.updateVariables()
        }
    }

    private func relativeFrame(_ item: ItemID, _ engine: LayoutEngine) -> Rect {
        var frame = engine.rootFrame(item)
        if let parent = items[item]?.parent {
            let p = engine.rootFrame(parent)
            frame.x -= p.x
            frame.y -= p.y
        }
        return frame
    }

    /// The item's frame from the last `solve`, in its parent's coordinates (a top-level
    /// item's in root coordinates).
    public func frame(of item: ItemID) throws(KalendsError) -> Rect {
        try check(item)
        return items[item]?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Auto Layout's systemLayoutSizeFitting: the size of `item` laid out on its own
    /// (its subtree and the constraints among it), as close to `target` as the
    /// priorities allow: width at `horizontal` priority, height at `vertical`. Pass
    /// (0, 0) for the smallest size, a large one for the largest; `Priority.fittingSize`
    /// lets an axis follow the content, `Priority.required` fixes it (a self-sizing
    /// table cell: width required at the table's width, height fitting).
    public func fittingSize(of item: ItemID, target: Size, horizontal: Double, vertical: Double) throws(KalendsError) -> Size {
        try checkNotSolving()
        try check(item)
        guard target.width.isFinite, target.height.isFinite, target.width >= 0, target.height >= 0 else {
            throw KalendsError(.invalidArgument, "target (\(target.width), \(target.height)) is not a size")
        }
        for p in [horizontal, vertical] where !(p.isFinite && p >= 1 && p <= 1000) {
            throw KalendsError(.invalidArgument, "priority \(p) is not in 1...1000")
        }
        solving = true
        defer { solving = false }
        var subtree: Set<ItemID> = [item]
        for id in itemIDs {   // ids grow with creation, so parents come first
            if let parent = items[id]?.parent, subtree.contains(parent) { subtree.insert(id) }
        }
        let scratch = LayoutEngine()
        scratch.policy = .breakLowest
        let budget = pivotBudget()
        scratch.solver.limitPivots(budget)
        try scratch.sync(self, subtree: subtree)
        typealias L = LayoutEngine.Linear
        let pins = [L(terms: [Solver.Term(scratch.variable(item, 0))], constant: 0, relation: .equal, strength: Strength.required),
                    L(terms: [Solver.Term(scratch.variable(item, 1))], constant: 0, relation: .equal, strength: Strength.required),
                    L(terms: [Solver.Term(scratch.variable(item, 2))], constant: -target.width, relation: .equal,
                      strength: Priority.strength(horizontal)),
                    L(terms: [Solver.Term(scratch.variable(item, 3))], constant: -target.height, relation: .equal,
                      strength: Priority.strength(vertical))]
        for pin in pins { _ = scratch.addExtra(pin) }
        try run(scratch, ids: itemIDs.filter(subtree.contains), subtree: subtree)
        try checkPivots(scratch.solver, budget)
        return Size(width: scratch.value(item, 2), height: scratch.value(item, 3))
    }
}
