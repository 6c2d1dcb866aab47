// kalends_strength and kalends_solver_*.
import CKalends
import KalendsCore
import KalendsSystem

typealias SolverHandle = Locked<Solver>

extension Locked where Value == Solver {
    /// Runs `body` on the solver under its lock.
    func with<T>(_ body: (Solver) throws(KalendsError) -> T) throws(KalendsError) -> T {
        try update { (s: inout Solver) throws(KalendsError) -> T in try body(s) }
    }
}

/// Whether a kalends_term can be read as a Solver.Term in place (the same layout).
private let termsShareLayout = MemoryLayout<Solver.Term>.size == MemoryLayout<kalends_term>.size
    && MemoryLayout<Solver.Term>.stride == MemoryLayout<kalends_term>.stride
    && MemoryLayout<Solver.Term>.offset(of: \Solver.Term.variable) == MemoryLayout<kalends_term>.offset(of: \kalends_term.variable)
    && MemoryLayout<Solver.Term>.offset(of: \Solver.Term.coefficient) == MemoryLayout<kalends_term>.offset(of: \kalends_term.coefficient)

/// Runs `body` on `count` kalends_term at `terms` as Solver.Terms: in place when they
/// are aligned (no copy), else copied.
private func withTerms<T>(_ terms: UnsafeRawPointer?, _ count: Int,
                          _ body: (UnsafeBufferPointer<Solver.Term>) throws(KalendsError) -> T) throws(KalendsError) -> T {
    guard count > 0, let terms else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    if termsShareLayout && Int(bitPattern: terms) % MemoryLayout<Solver.Term>.alignment == 0 {
        let result: Result<T, KalendsError> = terms.withMemoryRebound(to: Solver.Term.self, capacity: count) { p in
            do throws(KalendsError) {
                return .success(try body(UnsafeBufferPointer(start: p, count: count)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
    let stride = MemoryLayout<kalends_term>.stride
    let variableAt = MemoryLayout<kalends_term>.offset(of: \kalends_term.variable) ?? 0
    let coefficientAt = MemoryLayout<kalends_term>.offset(of: \kalends_term.coefficient) ?? 8
    let copied = (0..<count).map {
        Solver.Term(terms.loadUnaligned(fromByteOffset: $0 * stride + variableAt, as: Int32.self),
                    terms.loadUnaligned(fromByteOffset: $0 * stride + coefficientAt, as: Double.self))
    }
    return try copied.withUnsafeBufferPointer { (buffer) throws(KalendsError) in try body(buffer) }
}

func strength(_ strong: Double, _ medium: Double, _ weak: Double, _ weight: Double) throws(KalendsError) -> Double {
    Strength.create(strong, medium, weak, weight)
}

func solverNew() throws(KalendsError) -> SolverHandle { SolverHandle(Solver()) }

func solverAddVariables(_ solver: SolverHandle, _ count: Int32) throws(KalendsError) -> Int32 {
    try solver.with { (s) throws(KalendsError) in try s.addVariables(Int(count)) }
}

func solverVariableCount(_ solver: SolverHandle) throws(KalendsError) -> Int32 { Int32(try solver.with { $0.variableCount }) }

func solverConstraintNew(_ solver: SolverHandle, _ terms: UnsafeBufferPointer<kalends_term>, _ constant: Double,
                         _ relation: Relation, _ strength: Double) throws(KalendsError) -> Int32 {
    try withTerms(terms.baseAddress, terms.count) { (list) throws(KalendsError) in
        try solver.with { (s) throws(KalendsError) in try s.makeConstraint(list, constant: constant, relation: relation, strength: strength) }
    }
}

func solverConstraintForget(_ solver: SolverHandle, _ constraint: Int32) throws(KalendsError) {
    try solver.with { (s) throws(KalendsError) in try s.forgetConstraint(constraint) }
}

func solverAddConstraint(_ solver: SolverHandle, _ constraint: Int32) throws(KalendsError) {
    try solver.with { (s) throws(KalendsError) in try s.addConstraint(constraint) }
}

func solverAddConstraintTerms(_ solver: SolverHandle, _ terms: UnsafeBufferPointer<kalends_term>, _ constant: Double,
                              _ relation: Relation, _ strength: Double) throws(KalendsError) -> Int32 {
    try withTerms(terms.baseAddress, terms.count) { (list) throws(KalendsError) in
        try solver.with { (s) throws(KalendsError) in try s.addConstraint(list, constant: constant, relation: relation, strength: strength) }
    }
}

func solverAddConstraints(_ solver: SolverHandle, _ records: UnsafeBufferPointer<UInt8>, _ count: Int32,
                          _ ids: UnsafeMutablePointer<Int32>?, _ added: UnsafeMutablePointer<Int32>?) throws(KalendsError) {
    added?.pointee = 0
    guard count >= 0 else { throw invalid("count \(count) is negative") }
    guard count > 0 else { return }
    guard let base = UnsafeRawPointer(records.baseAddress) else { throw invalid("records is NULL but count is \(count)") }
    let length = records.count
    let header = MemoryLayout<kalends_constraint_record>.size, termSize = MemoryLayout<kalends_term>.stride
    try solver.with { (s) throws(KalendsError) in
        var offset = 0
        for k in 0..<Int(count) {
            guard length - offset >= header else { throw invalid("record \(k) runs past the \(length) bytes of records") }
            let record = base.loadUnaligned(fromByteOffset: offset, as: kalends_constraint_record.self)
            offset += header
            guard record.term_count >= 0 else { throw invalid("record \(k): term_count \(record.term_count) is negative") }
            guard (length - offset) / termSize >= Int(record.term_count) else {
                throw invalid("record \(k): its \(record.term_count) terms run past the \(length) bytes of records")
            }
            let relation = try Relation(checking: record.relation)
            let id = try withTerms(base + offset, Int(record.term_count)) { (list) throws(KalendsError) in
                try s.addConstraint(list, constant: record.constant, relation: relation, strength: record.strength)
            }
            offset += Int(record.term_count) * termSize
            ids?[k] = id
            added?.pointee = Int32(k + 1)
        }
    }
}

func solverRemoveConstraint(_ solver: SolverHandle, _ constraint: Int32) throws(KalendsError) {
    try solver.with { (s) throws(KalendsError) in try s.removeConstraint(constraint) }
}

func solverHasConstraint(_ solver: SolverHandle, _ constraint: Int32) throws(KalendsError) -> Int32 {
    try solver.with { $0.hasConstraint(constraint) } ? 1 : 0
}

func solverAddEditVariable(_ solver: SolverHandle, _ variable: Int32, _ strength: Double) throws(KalendsError) {
    try solver.with { (s) throws(KalendsError) in try s.addEditVariable(variable, strength: strength) }
}

func solverRemoveEditVariable(_ solver: SolverHandle, _ variable: Int32) throws(KalendsError) {
    try solver.with { (s) throws(KalendsError) in try s.removeEditVariable(variable) }
}

func solverHasEditVariable(_ solver: SolverHandle, _ variable: Int32) throws(KalendsError) -> Int32 {
    try solver.with { $0.hasEditVariable(variable) } ? 1 : 0
}

func solverSuggestValue(_ solver: SolverHandle, _ variable: Int32, _ value: Double) throws(KalendsError) {
    try solver.with { (s) throws(KalendsError) in try s.suggestValue(variable, value) }
}

func solverSuggestValues(_ solver: SolverHandle, _ variables: UnsafeBufferPointer<Int32>,
                         _ values: UnsafeBufferPointer<Double>) throws(KalendsError) {
    try solver.with { (s) throws(KalendsError) in if !variables.isEmpty { try s.suggestValues(variables, values) } }
}

/// How many variables changed.
func solverSuggestAndUpdate(_ solver: SolverHandle, _ variables: UnsafeBufferPointer<Int32>, _ values: UnsafeBufferPointer<Double>,
                            _ mirror: UnsafeMutableBufferPointer<Double>) throws(KalendsError) -> Int32 {
    Int32(truncatingIfNeeded: try solver.with { (s) throws(KalendsError) -> Int in
        if !variables.isEmpty { try s.suggestValues(variables, values) }
        return s.updateVariables(mirror: mirror.baseAddress, count: mirror.count)
    })
}

/// How many variables changed.
func solverUpdateVariables(_ solver: SolverHandle, _ mirror: UnsafeMutableBufferPointer<Double>) throws(KalendsError) -> Int32 {
    Int32(truncatingIfNeeded: try solver.with { $0.updateVariables(mirror: mirror.baseAddress, count: mirror.count) })
}

func solverValues(_ solver: SolverHandle, _ first: Int32, _ count: Int32, _ out: UnsafeMutablePointer<Double>?) throws(KalendsError) {
    guard count >= 0 else { throw invalid("count \(count) is negative") }
    if out == nil && count > 0 { throw invalid("out is NULL but count is \(count)") }
    try solver.with { (s) throws(KalendsError) in
        guard first >= 0, Int(first) + Int(count) <= s.variableCount else {
            throw KalendsError(.outOfRange, "variables \(first) ..< \(Int(first) + Int(count)) are not all in the solver (it has \(s.variableCount))")
        }
        guard let out, count > 0 else { return }
        s.values.withUnsafeBufferPointer { values in
            for i in 0..<Int(count) { out[i] = values[Int(first) + i] }
        }
    }
}

func solverReset(_ solver: SolverHandle) throws(KalendsError) { try solver.with { $0.reset() } }

func solverDump(_ solver: SolverHandle) throws(KalendsError) -> String { try solver.with { $0.dump() } }
