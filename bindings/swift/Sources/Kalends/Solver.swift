import CKalends
import KalendsABI

/// A Cassowary constraint solver with kiwisolver's semantics, over `kalends_solver_*`.
/// Variables and constraints are ids owned by the solver; see include/kalends.h.
public final class Solver: @unchecked Sendable {
    /// `coefficient × variable`.
    public struct Term: Hashable, Sendable {
        public var variable: Int32
        public var coefficient: Double
        public init(_ variable: Int32, _ coefficient: Double = 1) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    /// One constraint for `addConstraints`: `Σ terms + constant (relation) 0` at
    /// `strength` (`kalends_constraint_record` and the terms that follow it).
    public struct ConstraintRecord: Hashable, Sendable {
        public var terms: [Term]
        public var constant: Double
        public var relation: Relation
        public var strength: Double
        public init(_ terms: [Term], constant: Double, relation: Relation, strength: Double = Strength.required) {
            self.terms = terms
            self.constant = constant
            self.relation = relation
            self.strength = strength
        }
    }

    /// kiwisolver's strengths.
    public enum Strength {
        public static let required = Double(KALENDS_STRENGTH_REQUIRED)
        public static let strong = Double(KALENDS_STRENGTH_STRONG)
        public static let medium = Double(KALENDS_STRENGTH_MEDIUM)
        public static let weak = Double(KALENDS_STRENGTH_WEAK)

        /// `kalends_strength`: strong × 1e6 + medium × 1e3 + weak, each part times
        /// weight and clipped to 0 ... 1000.
        public static func create(_ strong: Double, _ medium: Double, _ weak: Double, _ weight: Double = 1,
                                  library: Library? = nil) throws(KalendsError) -> Double {
            let lib = try Library.resolve(library)
            var out = 0.0
            try lib.check(lib.c.strength(strong, medium, weak, weight, &out))
            return out
        }
    }

    public let library: Library
    public let handle: OpaquePointer

    public init(library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var out: OpaquePointer?
        try lib.check(lib.c.solverNew(&out))
        guard let out else { throw KalendsError(.misuse, "kalends_solver_new returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.c.solverFree(handle) }

    /// Adds `count` variables; returns the id of the first.
    public func addVariables(_ count: Int32 = 1) throws(KalendsError) -> Int32 {
        var first: Int32 = 0
        try library.check(library.c.solverAddVariables(handle, count, &first))
        return first
    }

    public func variableCount() throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        try library.check(library.c.solverVariableCount(handle, &out))
        return out
    }

    private func cTerms(_ terms: [Term]) -> [kalends_term] {
        terms.map { kalends_term(variable: $0.variable, reserved: 0, coefficient: $0.coefficient) }
    }

    /// Defines `Σ terms + constant (relation) 0` without adding it.
    public func makeConstraint(_ terms: [Term], constant: Double, relation: Relation,
                               strength: Double = Strength.required) throws(KalendsError) -> Int32 {
        let c = cTerms(terms)
        var out: Int32 = 0
        let status = c.withUnsafeBufferPointer {
            library.c.solverConstraintNew(handle, $0.baseAddress, Int32($0.count), constant, relation.rawValue, strength, &out)
        }
        try library.check(status)
        return out
    }

    /// Defines and adds in one call; returns the new constraint's id.
    @discardableResult
    public func addConstraint(_ terms: [Term], constant: Double, relation: Relation,
                              strength: Double = Strength.required) throws(KalendsError) -> Int32 {
        let c = cTerms(terms)
        var out: Int32 = 0
        let status = c.withUnsafeBufferPointer {
            library.c.solverAddConstraintTerms(handle, $0.baseAddress, Int32($0.count), constant, relation.rawValue, strength, &out)
        }
        try library.check(status)
        return out
    }

    /// Defines and adds `records` in one call, in order, as that many
    /// `addConstraint(_:constant:relation:strength:)` calls; returns their ids.
    ///
    /// - Throws: the error of the first constraint that cannot be added, as
    ///   `addConstraint` would throw it (`.notFound` for an unknown variable,
    ///   `.invalidArgument` for a non-finite constant or coefficient or a NaN strength,
    ///   `.unsatisfiable` for a required constraint contradicting the required ones
    ///   added, including those of this call). The constraints before it stay added; it
    ///   and those after it are not added and get no id. Their ids are lost with the
    ///   throw: use `addConstraints(_:ids:)` to keep them. `.invalidArgument` before
    ///   anything is added when a count does not fit `Int32`.
    @discardableResult
    public func addConstraints(_ records: [ConstraintRecord]) throws(KalendsError) -> [Int32] {
        var ids: [Int32] = []
        try addConstraints(records, ids: &ids)
        return ids
    }

    /// `addConstraints(_:)` appending the id of each constraint added to `ids`, also
    /// when it throws: after a failure at `records[k]`, `ids` has grown by exactly `k`
    /// (the ids of `records[0 ..< k]`, which stay added).
    public func addConstraints(_ records: [ConstraintRecord], ids: inout [Int32]) throws(KalendsError) {
        guard let count = Int32(exactly: records.count) else {
            throw KalendsError(.invalidArgument, "\(records.count) constraints do not fit an int32_t count")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.reduce(0) {
            $0 + MemoryLayout<kalends_constraint_record>.size + $1.terms.count * MemoryLayout<kalends_term>.stride
        })
        for record in records {
            guard let termCount = Int32(exactly: record.terms.count) else {
                throw KalendsError(.invalidArgument, "\(record.terms.count) terms do not fit an int32_t term_count")
            }
            let header = kalends_constraint_record(constant: record.constant, strength: record.strength,
                                                   relation: record.relation.rawValue, term_count: termCount)
            withUnsafeBytes(of: header) { bytes.append(contentsOf: $0) }
            cTerms(record.terms).withUnsafeBytes { bytes.append(contentsOf: $0) }
        }
        var out = [Int32](repeating: 0, count: records.count)
        var added: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { b in
            out.withUnsafeMutableBufferPointer {
                library.c.solverAddConstraints(handle, b.baseAddress, b.count, count, $0.baseAddress, &added)
            }
        }
        ids.append(contentsOf: out.prefix(Int(max(added, 0))))
        try library.check(status)
    }

    public func addConstraint(_ id: Int32) throws(KalendsError) {
        try library.check(library.c.solverAddConstraint(handle, id))
    }

    public func removeConstraint(_ id: Int32) throws(KalendsError) {
        try library.check(library.c.solverRemoveConstraint(handle, id))
    }

    public func forgetConstraint(_ id: Int32) throws(KalendsError) {
        try library.check(library.c.solverConstraintForget(handle, id))
    }

    public func hasConstraint(_ id: Int32) throws(KalendsError) -> Bool {
        var out: Int32 = 0
        try library.check(library.c.solverHasConstraint(handle, id, &out))
        return out != 0
    }

    public func addEditVariable(_ variable: Int32, strength: Double) throws(KalendsError) {
        try library.check(library.c.solverAddEditVariable(handle, variable, strength))
    }

    public func removeEditVariable(_ variable: Int32) throws(KalendsError) {
        try library.check(library.c.solverRemoveEditVariable(handle, variable))
    }

    public func hasEditVariable(_ variable: Int32) throws(KalendsError) -> Bool {
        var out: Int32 = 0
        try library.check(library.c.solverHasEditVariable(handle, variable, &out))
        return out != 0
    }

    public func suggestValue(_ variable: Int32, _ value: Double) throws(KalendsError) {
        try library.check(library.c.solverSuggestValue(handle, variable, value))
    }

    /// Suggests several values in one call (all checked first).
    public func suggestValues(_ suggestions: [(variable: Int32, value: Double)]) throws(KalendsError) {
        let variables = suggestions.map(\.variable), values = suggestions.map(\.value)
        let status = variables.withUnsafeBufferPointer { v in
            values.withUnsafeBufferPointer { library.c.solverSuggestValues(handle, v.baseAddress, $0.baseAddress, Int32($0.count)) }
        }
        try library.check(status)
    }

    /// Publishes the solution into `mirror` (indexed by variable id; only changed
    /// values are written) and returns how many changed.
    @discardableResult
    public func updateVariables(into mirror: inout [Double]) throws(KalendsError) -> Int32 {
        var changed: Int32 = 0
        let status = mirror.withUnsafeMutableBufferPointer {
            library.c.solverUpdateVariables(handle, $0.baseAddress, Int32($0.count), &changed)
        }
        try library.check(status)
        return changed
    }

    /// Publishes the solution; returns how many values changed.
    @discardableResult
    public func updateVariables() throws(KalendsError) -> Int32 {
        var changed: Int32 = 0
        try library.check(library.c.solverUpdateVariables(handle, nil, 0, &changed))
        return changed
    }

    /// `suggestValues(_:)` then `updateVariables(into:)` in one call (a frame of a drag
    /// or a resize); returns how many values changed.
    ///
    /// - Throws: the errors of both. When a suggestion is refused (all are checked
    ///   first) nothing is suggested, nothing is published and `mirror` is untouched.
    @discardableResult
    public func suggestAndUpdate(_ suggestions: [(variable: Int32, value: Double)],
                                 into mirror: inout [Double]) throws(KalendsError) -> Int32 {
        let variables = suggestions.map(\.variable), values = suggestions.map(\.value)
        var changed: Int32 = 0
        let status = variables.withUnsafeBufferPointer { v in
            values.withUnsafeBufferPointer { x in
                mirror.withUnsafeMutableBufferPointer {
                    library.c.solverSuggestAndUpdate(handle, v.baseAddress, x.baseAddress, Int32(x.count),
                                                     $0.baseAddress, Int32(clamping: $0.count), &changed)
                }
            }
        }
        try library.check(status)
        return changed
    }

    /// `suggestValues(_:)` then `updateVariables()` in one call; returns how many values
    /// changed. Errors as `suggestAndUpdate(_:into:)`.
    @discardableResult
    public func suggestAndUpdate(_ suggestions: [(variable: Int32, value: Double)]) throws(KalendsError) -> Int32 {
        var none: [Double] = []
        return try suggestAndUpdate(suggestions, into: &none)
    }

    /// Published values of `first ..< first + count`.
    public func values(first: Int32 = 0, count: Int32) throws(KalendsError) -> [Double] {
        var out = [Double](repeating: 0, count: Int(max(count, 0)))
        let status = out.withUnsafeMutableBufferPointer { library.c.solverValues(handle, first, count, $0.baseAddress) }
        try library.check(status)
        return out
    }

    public func reset() throws(KalendsError) {
        try library.check(library.c.solverReset(handle))
    }

    public func dump() throws(KalendsError) -> String {
        try library.readString { library.c.solverDump(handle, $0, $1, $2) }
    }
}
