import Kalends
import KalendsCore
import Testing

@Suite struct SolverParityTests {
    /// Random sessions of adds, removes, edits and suggestions through KalendsCore and
    /// through the C ABI: the same statuses, the same published values, the same tableau.
    @Test(arguments: Array(1...8) as [UInt64])
    func randomSessionsAgree(seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let core = KalendsCore.Solver()
        let wrapper = try Kalends.Solver(library: library)
        let n: Int32 = 8
        _ = try core.addVariables(Int(n))
        _ = try wrapper.addVariables(n)
        var coreIDs: [Int32] = [], wrapperIDs: [Int32] = []
        var mirror = [Double](repeating: 0, count: Int(n))
        let strengths = [KalendsCore.Strength.required, KalendsCore.Strength.strong, KalendsCore.Strength.medium,
                         KalendsCore.Strength.weak, 2.5]
        for step in 0..<300 {
            var coreStatus: Int32 = 0, wrapperStatus: Int32 = 0
            func run(_ a: () throws(KalendsCore.KalendsError) -> Void, _ b: () throws(Kalends.KalendsError) -> Void) {
                do { try a() } catch { coreStatus = error.code.rawValue }
                do { try b() } catch { wrapperStatus = error.rawStatus }
            }
            let variable = Int32(rng.int(Int(n)))
            switch rng.int(6) {
            case 0, 1:
                let terms = (0..<(1 + rng.int(3))).map { _ in (Int32(rng.int(Int(n))), Double(rng.int(9) - 4) / 2) }
                let constant = Double(rng.int(400) - 200), relation = Int32(rng.int(3)) - 1
                let strength = rng.pick(strengths)
                run({ () throws(KalendsCore.KalendsError) in
                    let id = try core.makeConstraint(terms.map { KalendsCore.Solver.Term($0.0, $0.1) }, constant: constant,
                                                     relation: KalendsCore.Relation(rawValue: relation) ?? .equal, strength: strength)
                    coreIDs.append(id)
                    try core.addConstraint(id)
                }, { () throws(Kalends.KalendsError) in
                    let id = try wrapper.makeConstraint(terms.map { Kalends.Solver.Term($0.0, $0.1) }, constant: constant,
                                                        relation: Kalends.Relation(rawValue: relation) ?? .equal, strength: strength)
                    wrapperIDs.append(id)
                    try wrapper.addConstraint(id)
                })
            case 2 where !coreIDs.isEmpty:
                let k = rng.int(coreIDs.count)
                run({ () throws(KalendsCore.KalendsError) in try core.removeConstraint(coreIDs[k]) },
                    { () throws(Kalends.KalendsError) in try wrapper.removeConstraint(wrapperIDs[k]) })
            case 3:
                let strength = rng.pick(strengths)
                run({ () throws(KalendsCore.KalendsError) in try core.addEditVariable(variable, strength: strength) },
                    { () throws(Kalends.KalendsError) in try wrapper.addEditVariable(variable, strength: strength) })
            case 4:
                let value = Double(rng.int(2000) - 1000), other = Int32(rng.int(Int(n))), second = Double(rng.int(500))
                if rng.int(2) == 0 {   // in one call: all checked first
                    let ids = [variable, other], values = [value, second]
                    run({ () throws(KalendsCore.KalendsError) in
                        try ids.withUnsafeBufferPointer { v throws(KalendsCore.KalendsError) in
                            try values.withUnsafeBufferPointer { x throws(KalendsCore.KalendsError) in try core.suggestValues(v, x) }
                        }
                    }, { () throws(Kalends.KalendsError) in try wrapper.suggestValues([(variable, value), (other, second)]) })
                } else {
                    run({ () throws(KalendsCore.KalendsError) in try core.suggestValue(variable, value) },
                        { () throws(Kalends.KalendsError) in try wrapper.suggestValue(variable, value) })
                }
            default:
                run({ () throws(KalendsCore.KalendsError) in try core.removeEditVariable(variable) },
                    { () throws(Kalends.KalendsError) in try wrapper.removeEditVariable(variable) })
            }
            #expect(coreStatus == wrapperStatus, "step \(step)")
            core.updateVariables()
            try wrapper.updateVariables(into: &mirror)
            #expect(core.values == mirror, "step \(step)")
            #expect(try wrapper.values(count: n) == mirror)
        }
        #expect(core.dump() == (try wrapper.dump()))
    }

    @Test func strengthsAndErrorsAgree() throws {
        #expect(try Kalends.Solver.Strength.create(1, 2, 3, 2, library: library) == KalendsCore.Strength.create(1, 2, 3, 2))
        #expect(Kalends.Solver.Strength.required == KalendsCore.Strength.required)
        let s = try Kalends.Solver(library: library)
        let x = try s.addVariables()
        try s.addConstraint([.init(x)], constant: -1, relation: .equal)
        do {
            try s.addConstraint([.init(x)], constant: -2, relation: .equal)
            Issue.record("a contradiction was accepted")
        } catch {
            #expect(error.status == .unsatisfiable && error.message == "the required constraints cannot all hold")
        }
        #expect(throws: Kalends.KalendsError(.invalidArgument, "an edit variable cannot have required strength")) {
            try s.addEditVariable(x, strength: Kalends.Solver.Strength.required)
        }
    }
}
