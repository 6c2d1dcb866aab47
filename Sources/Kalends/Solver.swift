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

    /// `==`, `<=`, `>=` (`KALENDS_RELATION_*`).
    public enum Relation: Int32, Sendable {
        case lessOrEqual = -1, equal = 0, greaterOrEqual = 1
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
