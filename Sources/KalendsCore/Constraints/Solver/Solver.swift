/// An incremental Cassowary constraint solver with kiwisolver's semantics (the C
/// ABI's `kalends_solver`, Python's `kalends.kiwisolver.Solver`).
///
/// Variables and constraints are small integer ids owned by the solver. A constraint
/// is defined once (`makeConstraint`) and may then be added and removed any number of
/// times, as kiwi's Constraint objects can. Every failing call throws and leaves the
/// solver exactly as it was.
///
/// Costs: adding or removing a constraint touches the rows that hold the symbols it
/// pivots (a column index finds them; kiwi scans every row); `suggestValue` touches
/// the rows that hold the edit's error terms; `updateVariables` visits only the
/// variables whose rows changed since the previous update.
public final class Solver {
    /// `coefficient × variable`.
    public struct Term: Hashable, Sendable {
        public var variable: Int32
        public var coefficient: Double
        public init(_ variable: Int32, _ coefficient: Double = 1) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    private struct Edit {
        var variable: Int32
        var tag: Tag
        var strength: Double
        var constant: Double
        /// What a suggestion changes in the tableau (kept by `Simplex.suggest`).
        var plan: Simplex.EditPlan?
    }

    // Used only by the solver's own methods, which never run host code while one of
    // them is in use (`updateVariables(_:)` calls its closure after), and a solver is
    // used by one thread at a time: the dynamic exclusivity checks would find nothing,
    // and they cost ~100 instructions of a C call's ~800 (`kalends_solver_*`).
    @exclusivity(unchecked) private var simplex = Simplex()
    @exclusivity(unchecked) private var definitions = DefinitionTable()
    @exclusivity(unchecked) private var activeCount = 0
    /// The edit variables: `editAt[variable]` is where its edit is in `editList` (an
    /// edit is read and changed in place there, not copied out of a dictionary).
    @exclusivity(unchecked) private var editAt: [Int32: Int] = [:]
    @exclusivity(unchecked) private var editList: [Edit] = []
    @exclusivity(unchecked) private var nextConstraint: Int32 = 1

    public init() {}

    public var variableCount: Int { simplex.variableCount }
    public var constraintCount: Int { activeCount }

    /// The most variables a solver holds (16,777,216).
    public static let maxVariables = 1 << 24

    /// Adds `count` variables (value 0) and returns the id of the first; ids are dense.
    public func addVariables(_ count: Int = 1) throws(KalendsError) -> Int32 {
        guard count >= 0, count <= Solver.maxVariables - simplex.variableCount else {
            throw KalendsError(.outOfRange, "cannot add \(count) variables to \(simplex.variableCount)")
        }
        let first = Int32(simplex.variableCount)
        simplex.addVariables(count)
        return first
    }

    /// Defines `Σ terms + constant (relation) 0` at `strength` (clipped to 0...required)
    /// without adding it. Terms on the same variable are combined.
    public func makeConstraint(_ terms: [Term], constant: Double, relation: Relation,
                               strength: Double = Strength.required) throws(KalendsError) -> Int32 {
        try terms.withUnsafeBufferPointer { (terms) throws(KalendsError) in
            try makeConstraint(terms, constant: constant, relation: relation, strength: strength)
        }
    }

    /// `makeConstraint` from a buffer of terms (the C ABI's, without a copy).
    public func makeConstraint(_ terms: UnsafeBufferPointer<Term>, constant: Double, relation: Relation,
                               strength: Double = Strength.required) throws(KalendsError) -> Int32 {
        let c = try checkedConstraint(terms, constant: constant, relation: relation, strength: strength)
        let id = try newConstraintID()
        definitions.append(id, Definition(constraint: c, tag: nil))
        return id
    }

    /// The constraint as the tableau takes it: arguments checked, terms on the same
    /// variable combined (in the order of their first appearance).
    private func checkedConstraint(_ terms: UnsafeBufferPointer<Term>, constant: Double, relation: Relation,
                                   strength: Double) throws(KalendsError) -> LinearConstraint {
        guard constant.isFinite else { throw KalendsError(.invalidArgument, "the constant \(constant) is not finite") }
        guard !strength.isNaN else { throw KalendsError(.invalidArgument, "the strength is NaN") }
        var combined: [Term] = []
        combined.reserveCapacity(terms.count)
        let variables = simplex.variableCount
        for term in terms {
            guard term.variable >= 0, Int(term.variable) < variables else { throw Solver.noVariable(term.variable, variables) }
            guard term.coefficient.isFinite else {
                throw KalendsError(.invalidArgument, "the coefficient \(term.coefficient) of variable \(term.variable) is not finite")
            }
            if let i = combined.firstIndex(where: { $0.variable == term.variable }) {
                combined[i].coefficient += term.coefficient
            } else {
                combined.append(term)
            }
        }
        return LinearConstraint(terms: combined, constant: constant, relation: relation, strength: Strength.clip(strength))
    }

    private func newConstraintID() throws(KalendsError) -> Int32 {
        guard nextConstraint < Int32.max else { throw KalendsError(.outOfRange, "too many constraints") }
        let id = nextConstraint
        nextConstraint += 1
        return id
    }

    /// The strength a defined constraint has (after clipping).
    public func strength(of constraint: Int32) throws(KalendsError) -> Double {
        try definition(constraint).constraint.strength
    }

    public func addConstraint(_ id: Int32) throws(KalendsError) {
        guard let at = definitions.position(of: id), let constraint = definitions[constraintAt: at] else {
            throw KalendsError(.notFound, "no constraint \(id)")
        }
        guard definitions[tagAt: at] == nil else {
            throw KalendsError(.duplicate, "constraint \(id) is already in the solver")
        }
        definitions[tagAt: at] = try simplex.add(constraint)
        activeCount += 1
    }

    /// Defines and adds a constraint in one step; when adding fails the definition is
    /// dropped again (its id is spent), so a failure leaves the solver as it was.
    public func addConstraint(_ terms: [Term], constant: Double, relation: Relation,
                              strength: Double) throws(KalendsError) -> Int32 {
        try terms.withUnsafeBufferPointer { (terms) throws(KalendsError) in
            try addConstraint(terms, constant: constant, relation: relation, strength: strength)
        }
    }

    /// `addConstraint(_:constant:relation:strength:)` from a buffer of terms (the C ABI's).
    public func addConstraint(_ terms: UnsafeBufferPointer<Term>, constant: Double, relation: Relation,
                              strength: Double) throws(KalendsError) -> Int32 {
        let c = try checkedConstraint(terms, constant: constant, relation: relation, strength: strength)
        let id = try newConstraintID()
        let tag = try simplex.add(c)
        definitions.append(id, Definition(constraint: c, tag: tag))
        activeCount += 1
        return id
    }

    public func removeConstraint(_ id: Int32) throws(KalendsError) {
        guard let at = definitions.position(of: id), let constraint = definitions[constraintAt: at] else {
            throw KalendsError(.notFound, "no constraint \(id)")
        }
        guard let tag = definitions[tagAt: at] else {
            throw KalendsError(.notFound, "constraint \(id) is not in the solver")
        }
        try simplex.remove(tag, strength: constraint.strength)
        definitions[tagAt: at] = nil
        activeCount -= 1
    }

    public func hasConstraint(_ id: Int32) -> Bool { definitions.definition(id)?.tag != nil }

    /// Drops a definition, removing the constraint first if it is in the solver.
    public func forgetConstraint(_ id: Int32) throws(KalendsError) {
        if hasConstraint(id) { try removeConstraint(id) }
        guard definitions.remove(id) else {
            throw KalendsError(.notFound, "no constraint \(id)")
        }
    }

    public func addEditVariable(_ variable: Int32, strength: Double) throws(KalendsError) {
        try checkVariable(variable)
        guard !strength.isNaN else { throw KalendsError(.invalidArgument, "the strength is NaN") }
        guard editAt[variable] == nil else {
            throw KalendsError(.duplicate, "variable \(variable) is already an edit variable")
        }
        let strength = Strength.clip(strength)
        guard strength < Strength.required else {
            throw KalendsError(.invalidArgument, "an edit variable cannot have required strength")
        }
        let c = LinearConstraint(terms: [Term(variable, 1)], constant: 0, relation: .equal, strength: strength)
        let tag = try simplex.add(c)
        editAt[variable] = editList.count
        editList.append(Edit(variable: variable, tag: tag, strength: strength, constant: 0, plan: nil))
    }

    public func removeEditVariable(_ variable: Int32) throws(KalendsError) {
        try checkVariable(variable)
        guard let at = editAt[variable] else {
            throw KalendsError(.notFound, "variable \(variable) is not an edit variable")
        }
        try simplex.remove(editList[at].tag, strength: editList[at].strength)
        editAt[variable] = nil
        let last = editList.removeLast()
        if at < editList.count {   // the last edit fills the hole
            editList[at] = last
            editAt[last.variable] = at
        }
    }

    public func hasEditVariable(_ variable: Int32) -> Bool { editAt[variable] != nil }

    public func suggestValue(_ variable: Int32, _ value: Double) throws(KalendsError) {
        try checkVariable(variable)
        guard value.isFinite else { throw KalendsError(.invalidArgument, "the suggested value \(value) is not finite") }
        guard let at = editAt[variable] else {
            throw KalendsError(.notFound, "variable \(variable) is not an edit variable")
        }
        let delta = value - editList[at].constant
        editList[at].constant = value
        try simplex.suggest(editList[at].tag, delta: delta, plan: &editList[at].plan)
    }

    /// Suggests several values in order, as `suggestValue` one after the other; all are
    /// checked first, so a bad one changes nothing.
    public func suggestValues(_ variables: UnsafeBufferPointer<Int32>, _ values: UnsafeBufferPointer<Double>) throws(KalendsError) {
        guard variables.count == values.count else {
            throw KalendsError(.invalidArgument, "\(variables.count) variables but \(values.count) values")
        }
        for (v, value) in zip(variables, values) {
            try checkVariable(v)
            guard value.isFinite else { throw KalendsError(.invalidArgument, "the suggested value \(value) is not finite") }
            guard editAt[v] != nil else { throw KalendsError(.notFound, "variable \(v) is not an edit variable") }
        }
        for (v, value) in zip(variables, values) { try suggestValue(v, value) }
    }

    /// Publishes the solution. Only variables whose rows changed are visited.
    public func updateVariables() {
        _ = simplex.updateValues(mirror: nil, count: 0)
    }

    /// Publishes the solution: `changed` sees each variable whose value differs from
    /// the previous update (after the solver is done with them: it may use the solver).
    public func updateVariables(_ changed: (Int32, Double) -> Void) {
        var changes: [(Int32, Double)] = []
        simplex.updateValues { changes.append(($0, $1)) }
        for (v, value) in changes { changed(v, value) }
    }

    /// Publishes the solution as `updateVariables` does, writing each changed value to
    /// `mirror[v]` for `v < count` (none when `mirror` is nil); returns how many changed.
    /// No call per variable: O(variables whose rows changed).
    public func updateVariables(mirror: UnsafeMutablePointer<Double>?, count: Int) -> Int {
        simplex.updateValues(mirror: mirror, count: count)
    }

    /// A variable's value as of the last `updateVariables` (0 before).
    public func value(_ variable: Int32) throws(KalendsError) -> Double {
        try checkVariable(variable)
        return simplex.values[Int(variable)]
    }

    /// Values as of the last `updateVariables`, indexed by variable id.
    public var values: [Double] { simplex.values }

    // MARK: Pivot budget (Auto Layout's bound on one solve)

    /// Pivots of the primal simplex so far, over the solver's life.
    var pivotCount: Int { simplex.pivotCount }

    /// Allows `count` more primal pivots (nil: no limit, the default). An add or remove
    /// that reaches the limit while optimising stops there: it succeeds, the tableau
    /// holds the change and a feasible solution, not necessarily the optimal one. An add
    /// whose required constraint could not be decided within the limit (phase one) fails
    /// with `.internal` and changes nothing. Either way `reachedPivotLimit` is true until
    /// `finishOptimizing` completes. The dual simplex of `suggestValue` is not limited.
    func limitPivots(_ count: Int?) {
        if let count {
            let (limit, overflow) = simplex.pivotCount.addingReportingOverflow(max(count, 0))
            simplex.pivotLimit = overflow ? .max : limit
        } else {
            simplex.pivotLimit = .max
        }
    }

    /// Whether an optimisation stopped at the pivot limit and has not been finished.
    var reachedPivotLimit: Bool { simplex.stoppedAtLimit }

    /// Optimises what an optimisation stopped at the limit left (within the limit).
    func finishOptimizing() throws(KalendsError) {
        try simplex.finishOptimizing()
    }

    /// Removes every constraint and edit (kiwi's reset). Variables and definitions stay;
    /// published values stay until an update changes them.
    public func reset() {
        simplex.reset()
        if activeCount > 0 {
            definitions.clearTags()
            activeCount = 0
        }
        editAt.removeAll()
        editList.removeAll()
    }

    /// The tableau as text, for debugging.
    public func dump() -> String { simplex.dump() }

    private func definition(_ id: Int32) throws(KalendsError) -> Definition {
        guard let c = definitions.definition(id) else { throw KalendsError(.notFound, "no constraint \(id)") }
        return c
    }

    private func checkVariable(_ v: Int32) throws(KalendsError) {
        guard v >= 0, Int(v) < simplex.variableCount else { throw Solver.noVariable(v, simplex.variableCount) }
    }

    private static func noVariable(_ v: Int32, _ count: Int) -> KalendsError {
        KalendsError(.notFound, "no variable \(v) (the solver has \(count))")
    }
}
