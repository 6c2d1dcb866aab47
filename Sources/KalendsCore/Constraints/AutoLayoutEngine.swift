/// The solver behind an `AutoLayout`, and which of the layout's constraints it holds in
/// which form. `sync` brings the solver in line with the layout, touching only the
/// constraints whose linear form changed (a rotation re-adds the constraints whose
/// alt constants moved, nothing else).
///
/// Each item has four variables, in root coordinates: left, top, width, height.
final class LayoutEngine {
    /// `Σ terms + constant (relation) 0` at a strength: a constraint as the solver gets it.
    struct Linear: Equatable {
        var terms: [Solver.Term]
        var constant: Double
        var relation: Relation
        var strength: Double
    }

    /// Who a solver constraint belongs to.
    enum Key: Hashable {
        case host(Int32)
        case nonNegativeWidth(ItemID), nonNegativeHeight(ItemID)
        case screenLeft, screenTop, screenWidth, screenHeight
        case fillsParentWidth(ItemID)
        case hugWidth(ItemID), compressWidth(ItemID), hugHeight(ItemID), compressHeight(ItemID)

        var isIntrinsic: Bool {
            switch self {
            case .hugWidth, .compressWidth, .hugHeight, .compressHeight: true
            default: false
            }
        }
    }

    /// A constraint as applied: its solver id (nil when broken) and its linear form.
    struct Applied {
        var id: Int32?
        var linear: Linear
    }

    private(set) var solver = Solver()
    private(set) var base: [ItemID: Int32] = [:]
    private(set) var applied: [Key: Applied] = [:]
    /// Intrinsic sizes from measure functions, and their natural (unconstrained) widths.
    var measured: [ItemID: IntrinsicSize] = [:]
    var natural: [ItemID: Double?] = [:]

    var policy = Policy.error
    /// How many host constraints a conflict with the layer's own constraint may try.
    static let breakAttempts = 8
    var onBroken: ((BrokenConstraint) -> Void)?

    // MARK: Variables

    func variable(_ item: ItemID, _ k: Int32) -> Int32 { (base[item] ?? 0) + k }
    func value(_ item: ItemID, _ k: Int32) -> Double {
        guard let b = base[item] else { return 0 }
        let v = solver.values[Int(b + k)]
        return abs(v) < 1e-9 ? 0 : v
    }

    /// left, top, width, height of an item in root coordinates, as last published.
    /// Sizes hold ">= 0" to the solver's tolerance; rounding can leave -4e-15.
    func rootFrame(_ item: ItemID) -> Rect {
        Rect(x: value(item, 0), y: value(item, 1), width: max(0, value(item, 2)), height: max(0, value(item, 3)))
    }

    private func ensureVariables(_ item: ItemID) throws(KalendsError) {
        guard base[item] == nil else { return }
        base[item] = try solver.addVariables(4)
    }

    /// The terms and constant of `item.attribute`. `mirrored`: the horizontal axis
    /// runs right to left (a leading/trailing constraint in a right-to-left layout), so
    /// horizontal positions are negated and constants keep their reading direction.
    func terms(_ item: ItemID, _ attribute: Attribute, _ layout: AutoLayout, mirrored: Bool = false) -> ([Solver.Term], Double) {
        let l = variable(item, 0), t = variable(item, 1), w = variable(item, 2), h = variable(item, 3)
        let sign: Double = mirrored ? -1 : 1
        let left = [Solver.Term(l, sign)], right = [Solver.Term(l, sign), Solver.Term(w, sign)]
        let bottom = [Solver.Term(t), Solver.Term(h)]
        let baselines = layout.items[item]?.baselines ?? Baselines()
        switch attribute {
        case .left: return (left, 0)
        case .right: return (right, 0)
        case .top: return ([Solver.Term(t)], 0)
        case .bottom: return (bottom, 0)
        case .leading: return (layout.rightToLeft ? right : left, 0)
        case .trailing: return (layout.rightToLeft ? left : right, 0)
        case .width: return ([Solver.Term(w)], 0)
        case .height: return ([Solver.Term(h)], 0)
        case .centerX: return ([Solver.Term(l, sign), Solver.Term(w, 0.5 * sign)], 0)
        case .centerY: return ([Solver.Term(t), Solver.Term(h, 0.5)], 0)
        case .firstBaseline:
            if let v = baselines.firstFromTop { return ([Solver.Term(t)], v) }
            return (bottom, 0)
        case .lastBaseline:
            if let v = baselines.lastFromBottom { return (bottom, -v) }
            return (bottom, 0)
        }
    }

    /// `first.attr - multiplier × second.attr - constant (relation) 0`.
    func linear(_ c: LayoutConstraint, _ layout: AutoLayout) -> Linear {
        let mirrored = layout.rightToLeft && (c.firstAttribute.isDirectional || c.secondAttribute?.isDirectional == true)
        var (all, offset) = terms(c.first, c.firstAttribute, layout, mirrored: mirrored)
        if let second = c.second, let attribute = c.secondAttribute {
            let (more, secondOffset) = terms(second, attribute, layout, mirrored: mirrored)
            all += more.map { Solver.Term($0.variable, -$0.coefficient * c.multiplier) }
            offset -= secondOffset * c.multiplier
        }
        return Linear(terms: all, constant: offset - layout.constant(of: c), relation: c.relation,
                      strength: Priority.strength(c.priority))
    }

    // MARK: Applying

    /// Makes the solver hold `desired` for `key` (nil: nothing), re-adding only on change.
    func apply(_ key: Key, _ desired: Linear?, _ layout: AutoLayout) throws(KalendsError) {
        let current = applied[key]
        if current?.linear == desired && (current != nil) == (desired != nil) { return }
        if let id = current?.id { try solver.forgetConstraint(id) }
        applied[key] = nil
        try checkPivots()
        guard let desired else { return }
        if let id = try? add(desired) {
            applied[key] = Applied(id: id, linear: desired)
            try checkPivots()
            return
        }
        try checkPivots()
        try resolveConflict(key, desired, previous: current, layout)
        try checkPivots()
    }

    /// The solve's pivot budget (AutoLayout.pivotBudget) ran out: stop the solve here.
    /// What is applied is what the solver holds, so the next solve goes on from here.
    private func checkPivots() throws(KalendsError) {
        guard solver.reachedPivotLimit else { return }
        throw KalendsError(.internal, LayoutEngine.overBudget)
    }
    static let overBudget = "the layout did not settle within its budget of simplex pivots (a system that stalls "
        + "in degenerate pivots): the frames stay as they were; the next solve goes on from where this one stopped"

    private func add(_ l: Linear) throws(KalendsError) -> Int32 {
        let id = try solver.makeConstraint(l.terms, constant: l.constant, relation: l.relation, strength: l.strength)
        do {
            try solver.addConstraint(id)
        } catch {
            try? solver.forgetConstraint(id)
            throw error
        }
        return id
    }

    private func resolveConflict(_ key: Key, _ desired: Linear, previous: Applied?, _ layout: AutoLayout) throws(KalendsError) {
        let what = describe(key, layout)
        guard policy == .breakLowest else {
            // Put back what was there: the solution stays as it was.
            if let previous, previous.id != nil, let id = try? add(previous.linear) {
                applied[key] = Applied(id: id, linear: previous.linear)
            } else if let previous {
                try checkPivots()   // not put back for want of pivots: not applied (re-added next solve)
                applied[key] = Applied(id: nil, linear: previous.linear)
            }
            throw KalendsError(.unsatisfiable, "\(what) contradicts the required constraints")
        }
        switch key {
        case .host, .hugWidth, .compressWidth, .hugHeight, .compressHeight:
            // The newest among equals: this one.
            applied[key] = Applied(id: nil, linear: desired)
            report(key, layout)
        default:
            // The layer's own constraints hold; break the newest required host constraint
            // on the same items that makes room for it (trying at most a few: a search
            // over every constraint would cost the whole layout per attempt).
            let items = Set(desired.terms.map(\.variable))
            let candidates = applied.compactMap { (k, a) -> (Int32, Int32)? in
                guard case .host(let hostID) = k, let id = a.id, a.linear.strength >= Strength.required,
                      a.linear.terms.contains(where: { items.contains($0.variable) }) else { return nil }
                return (hostID, id)
            }.sorted { $0.0 > $1.0 }.prefix(LayoutEngine.breakAttempts)
            for (hostID, id) in candidates {
                guard let victim = applied[.host(hostID)] else { continue }
                try solver.forgetConstraint(id)
                applied[.host(hostID)] = nil   // what the solver holds if the pivot budget stops us here
                if !solver.reachedPivotLimit, let newID = try? add(desired) {
                    applied[key] = Applied(id: newID, linear: desired)
                    applied[.host(hostID)] = Applied(id: nil, linear: victim.linear)
                    report(.host(hostID), layout)
                    return
                }
                try checkPivots()
                let back = try add(victim.linear)
                applied[.host(hostID)] = Applied(id: back, linear: victim.linear)
            }
            applied[key] = Applied(id: nil, linear: desired)
        }
    }

    private func report(_ key: Key, _ layout: AutoLayout) {
        let broken: BrokenConstraint
        switch key {
        case .host(let id):
            broken = BrokenConstraint(kind: .constraint, constraint: id, item: layout.constraints[id]?.first ?? .screen)
        case .hugWidth(let item), .compressWidth(let item):
            broken = BrokenConstraint(kind: .intrinsicWidth, constraint: 0, item: item)
        case .hugHeight(let item), .compressHeight(let item):
            broken = BrokenConstraint(kind: .intrinsicHeight, constraint: 0, item: item)
        default:
            return
        }
        onBroken?(broken)
    }

    private func describe(_ key: Key, _ layout: AutoLayout) -> String {
        switch key {
        case .host(let id): "constraint \(id)"
        case .nonNegativeWidth(let i), .nonNegativeHeight(let i): "item \(i.rawValue)'s size >= 0"
        case .screenLeft, .screenTop, .screenWidth, .screenHeight: "the screen's frame"
        case .fillsParentWidth(let i): "item \(i.rawValue)'s container width"
        case .hugWidth(let i), .compressWidth(let i): "item \(i.rawValue)'s intrinsic width"
        case .hugHeight(let i), .compressHeight(let i): "item \(i.rawValue)'s intrinsic height"
        }
    }

    // MARK: Syncing

    /// Brings the solver in line with the layout (restricted to `subtree` when given,
    /// for fitting sizes: its items and the constraints among them).
    func sync(_ layout: AutoLayout, subtree: Set<ItemID>? = nil) throws(KalendsError) {
        let ids = layout.itemIDs.filter { subtree?.contains($0) ?? true }
        let inside = { (item: ItemID) in subtree?.contains(item) ?? true }
        for item in ids {
            try ensureVariables(item)
            try apply(.nonNegativeWidth(item), Linear(terms: [Solver.Term(variable(item, 2))], constant: 0,
                                                      relation: .greaterOrEqual, strength: Strength.required), layout)
            try apply(.nonNegativeHeight(item), Linear(terms: [Solver.Term(variable(item, 3))], constant: 0,
                                                       relation: .greaterOrEqual, strength: Strength.required), layout)
        }
        if inside(.screen) {
            let screen = layout.items[.screen]?.size
            func fixed(_ k: Int32, _ value: Double?) -> Linear? {
                value.map { Linear(terms: [Solver.Term(variable(.screen, k))], constant: -$0, relation: .equal,
                                   strength: Strength.required) }
            }
            try apply(.screenLeft, fixed(0, 0), layout)
            try apply(.screenTop, fixed(1, 0), layout)
            try apply(.screenWidth, fixed(2, screen?.width), layout)
            try apply(.screenHeight, fixed(3, screen?.height), layout)
        }
        for item in ids {
            guard let model = layout.items[item] else { continue }
            var fill: Linear?
            if model.fillsParentWidth, let parent = model.parent, inside(parent) {
                fill = Linear(terms: [Solver.Term(variable(item, 2)), Solver.Term(variable(parent, 2), -1)], constant: 0,
                              relation: .equal, strength: Priority.strength(Priority.required - 1))
            }
            try apply(.fillsParentWidth(item), fill, layout)
        }
        for id in layout.constraints.keys.sorted() {
            guard let c = layout.constraints[id] else { continue }
            let involved = [c.first] + (c.second.map { [$0] } ?? [])
            try apply(.host(id), involved.allSatisfy(inside) ? linear(c, layout) : nil, layout)
        }
        for key in applied.keys {
            if case .host(let id) = key, layout.constraints[id] == nil { try apply(key, nil, layout) }
        }
        try syncIntrinsic(layout, ids)
    }

    /// The hugging and compression constraints of the items' intrinsic sizes (the
    /// measured one for a measured item).
    func syncIntrinsic(_ layout: AutoLayout, _ ids: [ItemID]) throws(KalendsError) {
        for item in ids {
            guard let model = layout.items[item] else { continue }
            let size = model.measure != nil ? (measured[item] ?? .none) : model.intrinsic
            let p = model.priorities
            func pair(_ k: Int32, _ value: Double?, _ hug: Double, _ compress: Double) -> (Linear?, Linear?) {
                guard let value else { return (nil, nil) }
                let term = [Solver.Term(variable(item, k))]
                return (Linear(terms: term, constant: -value, relation: .lessOrEqual, strength: Priority.strength(hug)),
                        Linear(terms: term, constant: -value, relation: .greaterOrEqual, strength: Priority.strength(compress)))
            }
            let (hw, cw) = pair(2, size.width, p.huggingHorizontal, p.compressionHorizontal)
            let (hh, ch) = pair(3, size.height, p.huggingVertical, p.compressionVertical)
            try apply(.hugWidth(item), hw, layout)
            try apply(.compressWidth(item), cw, layout)
            try apply(.hugHeight(item), hh, layout)
            try apply(.compressHeight(item), ch, layout)
        }
    }

    /// Adds a constraint the engine's user owns outright (fitting sizes); nil if it
    /// cannot hold.
    func addExtra(_ l: Linear) -> Int32? { try? add(l) }
}
