// kalends_strength and kalends_solver_*.
import CKalends
import KalendsCore
import KalendsSystem

typealias SolverHandle = Locked<Solver>

private func solver(_ handle: OpaquePointer?) throws(KalendsError) -> Solver {
    try HandleRegistry.shared.object(handle, kind: .solver, as: SolverHandle.self).update { $0 }
}

/// Runs `body` on the solver under its lock.
private func withSolver<T>(_ handle: OpaquePointer?, _ body: (Solver) throws(KalendsError) -> T) throws(KalendsError) -> T {
    try HandleRegistry.shared.object(handle, kind: .solver, as: SolverHandle.self).update {
        (s: inout Solver) throws(KalendsError) -> T in try body(s)
    }
}

/// Whether a kalends_term can be read as a Solver.Term in place (the same layout).
private let termsShareLayout = MemoryLayout<Solver.Term>.size == MemoryLayout<kalends_term>.size
    && MemoryLayout<Solver.Term>.stride == MemoryLayout<kalends_term>.stride
    && MemoryLayout<Solver.Term>.offset(of: \Solver.Term.variable) == MemoryLayout<kalends_term>.offset(of: \kalends_term.variable)
    && MemoryLayout<Solver.Term>.offset(of: \Solver.Term.coefficient) == MemoryLayout<kalends_term>.offset(of: \kalends_term.coefficient)

/// Runs `body` on `count` kalends_term at `terms` as Solver.Terms: in place when they
/// are aligned (no copy), else copied.
private func withTerms<T>(_ terms: UnsafeRawPointer?, _ count: Int32,
                          _ body: (UnsafeBufferPointer<Solver.Term>) throws(KalendsError) -> T) throws(KalendsError) -> T {
    guard count >= 0 else { throw invalid("count \(count) is negative") }
    guard count > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    guard let terms else { throw invalid("terms is NULL but count is \(count)") }
    let n = Int(count)
    if termsShareLayout && Int(bitPattern: terms) % MemoryLayout<Solver.Term>.alignment == 0 {
        let result: Result<T, KalendsError> = terms.withMemoryRebound(to: Solver.Term.self, capacity: n) { p in
            do throws(KalendsError) {
                return .success(try body(UnsafeBufferPointer(start: p, count: n)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
    let stride = MemoryLayout<kalends_term>.stride
    let variableAt = MemoryLayout<kalends_term>.offset(of: \kalends_term.variable) ?? 0
    let coefficientAt = MemoryLayout<kalends_term>.offset(of: \kalends_term.coefficient) ?? 8
    let copied = (0..<n).map {
        Solver.Term(terms.loadUnaligned(fromByteOffset: $0 * stride + variableAt, as: Int32.self),
                    terms.loadUnaligned(fromByteOffset: $0 * stride + coefficientAt, as: Double.self))
    }
    return try copied.withUnsafeBufferPointer { (buffer) throws(KalendsError) in try body(buffer) }
}

@_cdecl("kalends_strength")
public func kalendsStrength(_ strong: Double, _ medium: Double, _ weak: Double, _ weight: Double,
                            _ out: UnsafeMutablePointer<Double>?) -> kalends_status {
    status { () throws(KalendsError) in
        try required(out, "out").pointee = Strength.create(strong, medium, weak, weight)
    }
}

@_cdecl("kalends_solver_new")
public func kalendsSolverNew(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try HandleRegistry.shared.register(SolverHandle(Solver()), kind: .solver)
    }
}

@_cdecl("kalends_solver_add_variables")
public func kalendsSolverAddVariables(_ handle: OpaquePointer?, _ count: Int32, _ first: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let first = try required(first, "first")
        first.pointee = try withSolver(handle) { (s) throws(KalendsError) in try s.addVariables(Int(count)) }
    }
}

@_cdecl("kalends_solver_variable_count")
public func kalendsSolverVariableCount(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = Int32(try withSolver(handle) { $0.variableCount })
    }
}

@_cdecl("kalends_solver_constraint_new")
public func kalendsSolverConstraintNew(_ handle: OpaquePointer?, _ terms: UnsafePointer<kalends_term>?, _ count: Int32,
                                       _ constant: Double, _ relation: Int32, _ strength: Double,
                                       _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let relation = try Relation(checking: relation)
        out.pointee = try withTerms(terms, count) { (list) throws(KalendsError) in
            try withSolver(handle) { (s) throws(KalendsError) in
                try s.makeConstraint(list, constant: constant, relation: relation, strength: strength)
            }
        }
    }
}

@_cdecl("kalends_solver_constraint_forget")
public func kalendsSolverConstraintForget(_ handle: OpaquePointer?, _ constraint: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        try withSolver(handle) { (s) throws(KalendsError) in try s.forgetConstraint(constraint) }
    }
}

@_cdecl("kalends_solver_add_constraint")
public func kalendsSolverAddConstraint(_ handle: OpaquePointer?, _ constraint: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        try withSolver(handle) { (s) throws(KalendsError) in try s.addConstraint(constraint) }
    }
}

@_cdecl("kalends_solver_add_constraint_terms")
public func kalendsSolverAddConstraintTerms(_ handle: OpaquePointer?, _ terms: UnsafePointer<kalends_term>?, _ count: Int32,
                                            _ constant: Double, _ relation: Int32, _ strength: Double,
                                            _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let relation = try Relation(checking: relation)
        out.pointee = try withTerms(terms, count) { (list) throws(KalendsError) in
            try withSolver(handle) { (s) throws(KalendsError) in
                try s.addConstraint(list, constant: constant, relation: relation, strength: strength)
            }
        }
    }
}

@_cdecl("kalends_solver_add_constraints")
public func kalendsSolverAddConstraints(_ handle: OpaquePointer?, _ records: UnsafePointer<UInt8>?, _ length: Int, _ count: Int32,
                                        _ ids: UnsafeMutablePointer<Int32>?, _ added: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        added?.pointee = 0
        guard count >= 0 else { throw invalid("count \(count) is negative") }
        guard count > 0 else { return try withSolver(handle) { _ in } }   // the handle is checked all the same
        guard let records else { throw invalid("records is NULL but count is \(count)") }
        let base = UnsafeRawPointer(records)
        let header = MemoryLayout<kalends_constraint_record>.size, termSize = MemoryLayout<kalends_term>.stride
        try withSolver(handle) { (s) throws(KalendsError) in
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
                let id = try withTerms(base + offset, record.term_count) { (list) throws(KalendsError) in
                    try s.addConstraint(list, constant: record.constant, relation: relation, strength: record.strength)
                }
                offset += Int(record.term_count) * termSize
                ids?[k] = id
                added?.pointee = Int32(k + 1)
            }
        }
    }
}

@_cdecl("kalends_solver_remove_constraint")
public func kalendsSolverRemoveConstraint(_ handle: OpaquePointer?, _ constraint: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        try withSolver(handle) { (s) throws(KalendsError) in try s.removeConstraint(constraint) }
    }
}

@_cdecl("kalends_solver_has_constraint")
public func kalendsSolverHasConstraint(_ handle: OpaquePointer?, _ constraint: Int32, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try withSolver(handle) { $0.hasConstraint(constraint) } ? 1 : 0
    }
}

@_cdecl("kalends_solver_add_edit_variable")
public func kalendsSolverAddEditVariable(_ handle: OpaquePointer?, _ variable: Int32, _ strength: Double) -> kalends_status {
    status { () throws(KalendsError) in
        try withSolver(handle) { (s) throws(KalendsError) in try s.addEditVariable(variable, strength: strength) }
    }
}

@_cdecl("kalends_solver_remove_edit_variable")
public func kalendsSolverRemoveEditVariable(_ handle: OpaquePointer?, _ variable: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        try withSolver(handle) { (s) throws(KalendsError) in try s.removeEditVariable(variable) }
    }
}

@_cdecl("kalends_solver_has_edit_variable")
public func kalendsSolverHasEditVariable(_ handle: OpaquePointer?, _ variable: Int32, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try withSolver(handle) { $0.hasEditVariable(variable) } ? 1 : 0
    }
}

@_cdecl("kalends_solver_suggest_value")
public func kalendsSolverSuggestValue(_ handle: OpaquePointer?, _ variable: Int32, _ value: Double) -> kalends_status {
    status { () throws(KalendsError) in
        try withSolver(handle) { (s) throws(KalendsError) in try s.suggestValue(variable, value) }
    }
}

@_cdecl("kalends_solver_suggest_values")
public func kalendsSolverSuggestValues(_ handle: OpaquePointer?, _ variables: UnsafePointer<Int32>?,
                                       _ values: UnsafePointer<Double>?, _ count: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        guard count >= 0 else { throw invalid("count \(count) is negative") }
        guard count > 0 else { return try withSolver(handle) { _ in } }   // the handle is checked all the same
        guard let variables, let values else { throw invalid("variables or values is NULL but count is \(count)") }
        try withSolver(handle) { (s) throws(KalendsError) in
            try s.suggestValues(UnsafeBufferPointer(start: variables, count: Int(count)),
                                UnsafeBufferPointer(start: values, count: Int(count)))
        }
    }
}

@_cdecl("kalends_solver_suggest_and_update")
public func kalendsSolverSuggestAndUpdate(_ handle: OpaquePointer?, _ variables: UnsafePointer<Int32>?,
                                          _ values: UnsafePointer<Double>?, _ count: Int32,
                                          _ mirror: UnsafeMutablePointer<Double>?, _ mirrorCount: Int32,
                                          _ changed: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        guard count >= 0 else { throw invalid("count \(count) is negative") }
        if count > 0 && (variables == nil || values == nil) {
            throw invalid("variables or values is NULL but count is \(count)")
        }
        guard mirrorCount >= 0 else { throw invalid("mirror_count \(mirrorCount) is negative") }
        if mirror == nil && mirrorCount > 0 { throw invalid("mirror is NULL but mirror_count is \(mirrorCount)") }
        let n = try withSolver(handle) { (s) throws(KalendsError) -> Int in
            if count > 0 {
                try s.suggestValues(UnsafeBufferPointer(start: variables, count: Int(count)),
                                    UnsafeBufferPointer(start: values, count: Int(count)))
            }
            return s.updateVariables(mirror: mirror, count: Int(mirrorCount))
        }
        changed?.pointee = Int32(truncatingIfNeeded: n)
    }
}

@_cdecl("kalends_solver_update_variables")
public func kalendsSolverUpdateVariables(_ handle: OpaquePointer?, _ mirror: UnsafeMutablePointer<Double>?, _ mirrorCount: Int32,
                                         _ changed: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        guard mirrorCount >= 0 else { throw invalid("mirror_count \(mirrorCount) is negative") }
        if mirror == nil && mirrorCount > 0 { throw invalid("mirror is NULL but mirror_count is \(mirrorCount)") }
        let n = try withSolver(handle) { $0.updateVariables(mirror: mirror, count: Int(mirrorCount)) }
        changed?.pointee = Int32(truncatingIfNeeded: n)
    }
}

@_cdecl("kalends_solver_values")
public func kalendsSolverValues(_ handle: OpaquePointer?, _ first: Int32, _ count: Int32,
                                _ out: UnsafeMutablePointer<Double>?) -> kalends_status {
    status { () throws(KalendsError) in
        guard count >= 0 else { throw invalid("count \(count) is negative") }
        if out == nil && count > 0 { throw invalid("out is NULL but count is \(count)") }
        try withSolver(handle) { (s) throws(KalendsError) in
            guard first >= 0, Int(first) + Int(count) <= s.variableCount else {
                throw KalendsError(.outOfRange, "variables \(first) ..< \(Int(first) + Int(count)) are not all in the solver (it has \(s.variableCount))")
            }
            guard let out, count > 0 else { return }
            s.values.withUnsafeBufferPointer { values in
                for i in 0..<Int(count) { out[i] = values[Int(first) + i] }
            }
        }
    }
}

@_cdecl("kalends_solver_reset")
public func kalendsSolverReset(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        try withSolver(handle) { $0.reset() }
    }
}

@_cdecl("kalends_solver_dump")
public func kalendsSolverDump(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                              _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try StringOutput(buffer, capacity, length)
        output.write(try withSolver(handle) { $0.dump() })
    }
}
