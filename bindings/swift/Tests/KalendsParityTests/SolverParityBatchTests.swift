import Kalends
import KalendsCore
import Testing

/// The solver's calls that do several things at once (`addConstraints`,
/// `suggestAndUpdate`) against doing them one at a time, through the wrapper and
/// through KalendsCore: the same ids, errors, published values and tableau.
@Suite struct SolverParityBatchTests {
    /// A random constraint on variables 0 ..< n; about one in eight refers to a
    /// variable the solver does not hold, has a non-finite constant or a NaN strength.
    static func randomRecord(_ rng: inout SplitMix, variables n: Int32) -> Kalends.Solver.ConstraintRecord {
        let strengths = [Kalends.Solver.Strength.required, Kalends.Solver.Strength.required, Kalends.Solver.Strength.strong,
                         Kalends.Solver.Strength.weak, 2.5]
        var terms = (0..<(rng.int(4))).map { _ in Kalends.Solver.Term(Int32(rng.int(Int(n))), Double(rng.int(9) - 4) / 2) }
        var constant = Double(rng.int(400) - 200), strength = rng.pick(strengths)
        switch rng.int(24) {
        case 0: terms.append(.init(n + Int32(rng.int(3)), 1))
        case 1: constant = .infinity
        case 2: strength = .nan
        default: break
        }
        return .init(terms, constant: constant, relation: rng.pick([.lessOrEqual, .equal, .greaterOrEqual]), strength: strength)
    }

    /// Batches of random constraints, some failing mid-batch: `addConstraints` adds
    /// exactly those one-by-one adds accept before the first failure, with the same ids,
    /// and throws that failure's error; the session goes on from the same state.
    @Test(arguments: Array(1...8) as [UInt64])
    func addConstraintsAgreesWithOneByOne(seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let n: Int32 = 6
        let batch = try Kalends.Solver(library: library), single = try Kalends.Solver(library: library)
        let core = KalendsCore.Solver()
        _ = try batch.addVariables(n)
        _ = try single.addVariables(n)
        _ = try core.addVariables(Int(n))
        var failures = 0
        for round in 0..<40 {
            let records = (0..<rng.int(7)).map { _ in Self.randomRecord(&rng, variables: n) }
            var expectedIDs: [Int32] = [], expectedError: Kalends.KalendsError?
            var coreIDs: [Int32] = [], coreError: KalendsCore.KalendsError?
            for r in records {
                do {
                    let id = try single.addConstraint(r.terms, constant: r.constant, relation: r.relation, strength: r.strength)
                    expectedIDs.append(id)
                } catch {
                    expectedError = error
                    break
                }
            }
            for r in records {
                do {
                    let id = try core.addConstraint(r.terms.map { KalendsCore.Solver.Term($0.variable, $0.coefficient) },
                                                    constant: r.constant,
                                                    relation: KalendsCore.Relation(rawValue: r.relation.rawValue) ?? .equal,
                                                    strength: r.strength)
                    coreIDs.append(id)
                } catch {
                    coreError = error
                    break
                }
            }
            var ids: [Int32] = [-1]   // appended to, not replaced
            var thrown: Kalends.KalendsError?
            do { try batch.addConstraints(records, ids: &ids) } catch { thrown = error }
            #expect(ids == [-1] + expectedIDs, "round \(round)")
            #expect(coreIDs == expectedIDs, "round \(round)")
            #expect(thrown == expectedError, "round \(round)")
            #expect(thrown?.rawStatus == coreError?.code.rawValue && thrown?.message == coreError?.message, "round \(round)")
            if thrown != nil { failures += 1 }
            for id in ids.dropFirst() { #expect(try batch.hasConstraint(id)) }
            #expect(try batch.dump() == single.dump(), "round \(round)")
            #expect(try batch.dump() == core.dump(), "round \(round)")
            try batch.updateVariables()
            try single.updateVariables()
            core.updateVariables()
            #expect(try batch.values(count: n) == single.values(count: n), "round \(round)")
            #expect(try batch.values(count: n) == core.values, "round \(round)")
            if rng.int(4) == 0, let id = expectedIDs.first {   // removes keep the ids of both in step
                try batch.removeConstraint(id)
                try single.removeConstraint(id)
                try core.removeConstraint(id)
            }
        }
        #expect(failures > 0, "no batch failed: the error path went untested")
    }

    /// A required contradiction third of four: the first two stay added, the third and
    /// fourth are not, and the error is the one `addConstraint` throws.
    @Test func addConstraintsStopsAtTheFirstFailure() throws {
        let s = try Kalends.Solver(library: library), reference = try Kalends.Solver(library: library)
        let x = try s.addVariables(2), y = x + 1
        _ = try reference.addVariables(2)
        let records: [Kalends.Solver.ConstraintRecord] = [
            .init([.init(x)], constant: -1, relation: .equal),                               // x == 1
            .init([.init(y), .init(x, -1)], constant: -3, relation: .greaterOrEqual),        // y >= x + 3
            .init([.init(x)], constant: -2, relation: .equal),                               // x == 2: contradiction
            .init([.init(y)], constant: -10, relation: .equal, strength: Kalends.Solver.Strength.weak),
        ]
        var ids: [Int32] = []
        #expect(throws: Kalends.KalendsError(.unsatisfiable, "the required constraints cannot all hold")) {
            try s.addConstraints(records, ids: &ids)
        }
        #expect(ids.count == 2)
        for id in ids { #expect(try s.hasConstraint(id)) }
        for r in records.prefix(2) {
            try reference.addConstraint(r.terms, constant: r.constant, relation: r.relation, strength: r.strength)
        }
        #expect(try s.dump() == reference.dump())
        try s.updateVariables()
        #expect(try s.values(count: 2) == [1, 4])   // the weak y == 10 was not added

        // An unknown variable second: only the first is added; the returning form throws the same.
        let t = try Kalends.Solver(library: library)
        let v = try t.addVariables()
        #expect(throws: Kalends.KalendsError(.notFound, "no variable 7 (the solver has 1)")) {
            try t.addConstraints([.init([.init(v)], constant: -5, relation: .equal),
                                  .init([.init(7)], constant: 0, relation: .equal),
                                  .init([.init(v)], constant: 0, relation: .greaterOrEqual)])
        }
        try t.updateVariables()
        #expect(try t.values(count: 1) == [5])
        #expect(try t.addConstraints([]) == [])
        #expect(try t.addConstraints([.init([.init(v)], constant: 0, relation: .lessOrEqual, strength: 1)]).count == 1)
    }

    /// Drag frames: `suggestAndUpdate` (with a mirror, and without one) against
    /// `suggestValues` then `updateVariables` and KalendsCore; a refused frame (a variable
    /// that is not an edit variable, a value not finite) publishes nothing.
    @Test(arguments: Array(1...8) as [UInt64])
    func suggestAndUpdateAgreesWithSuggestThenUpdate(seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let n: Int32 = 6
        let solvers = [try Kalends.Solver(library: library), try Kalends.Solver(library: library),
                       try Kalends.Solver(library: library)]
        let core = KalendsCore.Solver()
        var records: [Kalends.Solver.ConstraintRecord] = []
        while records.count < 8 {
            let r = Self.randomRecord(&rng, variables: n)
            if r.strength.isNaN || !r.constant.isFinite || r.terms.contains(where: { $0.variable >= n }) { continue }
            records.append(.init(r.terms, constant: r.constant, relation: r.relation,
                                 strength: min(r.strength, Kalends.Solver.Strength.strong)))   // never unsatisfiable
        }
        let edits: [Int32] = [0, 1, 2]
        for s in solvers {
            _ = try s.addVariables(n)
            try s.addConstraints(records)
            for e in edits { try s.addEditVariable(e, strength: Kalends.Solver.Strength.strong) }
        }
        _ = try core.addVariables(Int(n))
        for r in records {
            _ = try core.addConstraint(r.terms.map { KalendsCore.Solver.Term($0.variable, $0.coefficient) }, constant: r.constant,
                                   relation: KalendsCore.Relation(rawValue: r.relation.rawValue) ?? .equal, strength: r.strength)
        }
        for e in edits { try core.addEditVariable(e, strength: KalendsCore.Strength.strong) }
        let framed = solvers[0], bare = solvers[1], stepwise = solvers[2]
        var mirror = [Double](repeating: 0, count: Int(n)), expected = mirror
        try framed.updateVariables(into: &mirror)
        try bare.updateVariables()
        try stepwise.updateVariables(into: &expected)
        core.updateVariables()
        #expect(mirror == expected && mirror == core.values)
        var refused = 0
        for frame in 0..<120 {
            var suggestions = (0..<rng.int(4)).map { _ in (variable: rng.pick(edits), value: Double(rng.int(2000) - 1000) / 4) }
            switch rng.int(12) {
            case 0: suggestions.append((variable: 4, value: 1))          // not an edit variable
            case 1: suggestions.insert((variable: 1, value: .nan), at: 0)
            default: break
            }
            let before = mirror
            var thrown: Kalends.KalendsError?, changed: Int32 = -1
            do { changed = try framed.suggestAndUpdate(suggestions, into: &mirror) } catch { thrown = error }
            var bareThrown: Kalends.KalendsError?, bareChanged: Int32 = -1
            do { bareChanged = try bare.suggestAndUpdate(suggestions) } catch { bareThrown = error }
            var expectedError: Kalends.KalendsError?, expectedChanged: Int32 = -1
            do {
                try stepwise.suggestValues(suggestions)
                expectedChanged = try stepwise.updateVariables(into: &expected)
            } catch {
                expectedError = error
            }
            var coreError: KalendsCore.KalendsError?
            do {
                let v = suggestions.map(\.variable), x = suggestions.map(\.value)
                try v.withUnsafeBufferPointer { v throws(KalendsCore.KalendsError) in
                    try x.withUnsafeBufferPointer { x throws(KalendsCore.KalendsError) in try core.suggestValues(v, x) }
                }
                core.updateVariables()
            } catch {
                coreError = error
            }
            #expect(thrown == expectedError && bareThrown == expectedError, "frame \(frame)")
            #expect(thrown?.rawStatus == coreError?.code.rawValue && thrown?.message == coreError?.message, "frame \(frame)")
            #expect(changed == expectedChanged && bareChanged == expectedChanged, "frame \(frame)")
            #expect(mirror == expected, "frame \(frame)")
            #expect(mirror == core.values, "frame \(frame)")
            #expect(try framed.values(count: n) == mirror && bare.values(count: n) == mirror, "frame \(frame)")
            if thrown != nil {
                refused += 1
                #expect(mirror == before, "frame \(frame): a refused frame wrote the mirror")
                #expect(try framed.updateVariables() == 0, "frame \(frame): a refused frame suggested something")
            }
        }
        #expect(try framed.dump() == stepwise.dump() && bare.dump() == stepwise.dump())
        #expect(try framed.dump() == core.dump())
        #expect(refused > 0, "no frame was refused: the error path went untested")
    }

    /// A short mirror gets the values of the ids it has room for; the count covers all.
    @Test func suggestAndUpdateShortMirror() throws {
        let s = try Kalends.Solver(library: library)
        let x = try s.addVariables(3)
        try s.addConstraints([.init([.init(x + 1), .init(x, -1)], constant: -1, relation: .equal),
                              .init([.init(x + 2), .init(x, -2)], constant: 0, relation: .equal)])
        try s.addEditVariable(x, strength: Kalends.Solver.Strength.strong)
        var mirror: [Double] = [-7, -7]
        #expect(try s.suggestAndUpdate([(x, 10)], into: &mirror) == 3)
        #expect(mirror == [10, 11])
        #expect(try s.values(count: 3) == [10, 11, 20])
        #expect(throws: Kalends.KalendsError(.notFound, "variable 2 is not an edit variable")) {
            try s.suggestAndUpdate([(x, 3), (x + 2, 1)], into: &mirror)
        }
        #expect(mirror == [10, 11])
        #expect(try s.suggestAndUpdate([]) == 0)
    }
}
