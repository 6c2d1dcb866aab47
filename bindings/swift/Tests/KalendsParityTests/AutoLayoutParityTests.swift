import Kalends
import KalendsCore
import Testing

@Suite struct AutoLayoutParityTests {
    /// Random layouts (items, constraints, intrinsic sizes, measured items, right to
    /// left, both policies) through KalendsCore and through the C ABI: the same statuses,
    /// the same frames, the same fitting sizes.
    @Test(arguments: Array(1...8) as [UInt64])
    func randomLayoutsAgree(seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let core = KalendsCore.AutoLayout()
        let wrapper = try Kalends.AutoLayout(library: library)
        try core.setSize(KalendsCore.Size(width: 390, height: 844), of: .screen)
        try wrapper.setItemSize(Kalends.AutoLayout.screen, width: 390, height: 844)
        let policy = rng.int(2)
        try core.setPolicy(policy == 0 ? .error : .breakLowest, onBroken: nil)
        try wrapper.setPolicy(policy == 0 ? .error : .breakLowest)
        var items: [Int32] = [1]
        // Wrapping content: 1000 points of text in lines of 20.
        let wrap: (Double?) -> (Double?, Double?) = { w in
            guard let w, w > 0 else { return (1000, 20) }
            return (nil, 20 * (1000 / w).rounded(.up))
        }
        for step in 0..<60 {
            var coreStatus: Int32 = 0, wrapperStatus: Int32 = 0
            func run(_ a: () throws(KalendsCore.KalendsError) -> Void, _ b: () throws -> Void) {
                do { try a() } catch { coreStatus = error.code.rawValue }
                do { try b() } catch let e as Kalends.KalendsError { wrapperStatus = e.rawStatus } catch { wrapperStatus = -1 }
            }
            switch rng.int(10) {
            case 0, 1:
                let parent = rng.int(3) == 0 ? nil : rng.pick(items)
                var a: KalendsCore.ItemID?, b: Int32 = 0
                run({ () throws(KalendsCore.KalendsError) in a = try core.addItem(parent: parent.map(KalendsCore.ItemID.init)) },
                    { b = try wrapper.addItem(parent: parent) })
                if let a { #expect(a.rawValue == b); items.append(b) }
            case 2...5:
                let first = rng.pick(items), attribute = Int32(1 + rng.int(12))
                let second: Int32? = rng.int(3) == 0 ? nil : rng.pick(items)
                let relation = Int32(rng.int(3)) - 1, constant = Double(rng.int(300) - 50)
                let priority = rng.int(2) == 0 ? 1000 : Double(1 + rng.int(999))
                let multiplier = rng.pick([1.0, 0.5, 2])
                // leading/trailing and left/right do not mix; keep both sides the same attribute
                run({ () throws(KalendsCore.KalendsError) in
                    _ = try core.add(KalendsCore.LayoutConstraint(
                        first: KalendsCore.ItemID(first), try KalendsCore.Attribute(checking: attribute),
                        try KalendsCore.Relation(checking: relation), second: second.map(KalendsCore.ItemID.init),
                        second == nil ? nil : try KalendsCore.Attribute(checking: attribute), multiplier: multiplier,
                        constant: constant, priority: priority))
                }, {
                    _ = try wrapper.addConstraint(Kalends.Constraint(
                        first, Kalends.Attribute(rawValue: attribute) ?? .left, Kalends.Relation(rawValue: relation) ?? .equal,
                        secondItem: second, second == nil ? nil : Kalends.Attribute(rawValue: attribute),
                        multiplier: multiplier, constant: constant, priority: priority))
                })
            case 6:
                let item = rng.pick(items), w = Double(rng.int(200)), h: Double? = rng.int(2) == 0 ? nil : 30
                run({ () throws(KalendsCore.KalendsError) in
                    try core.setIntrinsicSize(KalendsCore.IntrinsicSize(width: w, height: h), of: KalendsCore.ItemID(item))
                }, { try wrapper.setIntrinsicSize(item, width: w, height: h) })
            case 7 where items.count > 1:
                let item = items[1 + rng.int(items.count - 1)]
                run({ () throws(KalendsCore.KalendsError) in
                    try core.setMeasure({ (_, w, _) throws(KalendsCore.KalendsError) -> KalendsCore.IntrinsicSize in
                        let (a, b) = wrap(w)
                        return KalendsCore.IntrinsicSize(width: a, height: b)
                    }, of: KalendsCore.ItemID(item))
                }, { try wrapper.setMeasure(item) { _, w, _ in wrap(w) } })
            case 8:
                let rtl = rng.int(2) == 0
                run({ () throws(KalendsCore.KalendsError) in try core.setRightToLeft(rtl) }, { try wrapper.setRightToLeft(rtl) })
            default:
                run({ () throws(KalendsCore.KalendsError) in try core.solve() }, { try wrapper.solve() })
                for item in items {
                    let a = try core.frame(of: KalendsCore.ItemID(item)), b = try wrapper.frame(item)
                    #expect(a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height, "step \(step) item \(item)")
                }
                let item = rng.pick(items)
                let a = try core.fittingSize(of: KalendsCore.ItemID(item), target: KalendsCore.Size(width: 320, height: 0),
                                             horizontal: 1000, vertical: 50)
                let b = try wrapper.fittingSize(item, target: Kalends.Size(width: 320, height: 0), horizontal: 1000, vertical: 50)
                #expect(a.width == b.width && a.height == b.height, "step \(step) fitting \(item)")
            }
            #expect(coreStatus == wrapperStatus, "step \(step)")
        }
    }
}
