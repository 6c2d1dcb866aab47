/// The Auto Layout layer (the C ABI's `kalends_autolayout`): items in a tree, the
/// screen (item 1) whose size the host sets, constraints between items whose
/// constants may follow another item's size (`AltConstant`), intrinsic content sizes
/// with hugging and compression resistance, measured items, and a Cassowary solver
/// that turns it all into frames (`solve`, `frame`, `fittingSize`: AutoLayoutSolve.swift).
///
/// The solver is kept between solves: a change re-adds only what it touches.
public final class AutoLayout {
    public struct Change: Hashable, Sendable {
        public let constraint: Int32
        public let old: Double
        public let new: Double
    }

    struct Item {
        var parent: ItemID?
        /// The host's size for alt constants (the screen's size).
        var size: Size?
        var intrinsic = IntrinsicSize.none
        var priorities = ContentPriorities()
        var baselines = Baselines()
        var measure: Measure?
        /// A calendar view's width comes from its container.
        var fillsParentWidth = false
        /// Content that takes the solved width (a calendar view): `setContent`.
        var content: (any LayoutContent)?
        var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    }

    var items: [ItemID: Item] = [.screen: Item(parent: nil, size: nil)]
    private var nextItem: Int32 = 2
    public private(set) var constraints: [Int32: LayoutConstraint] = [:]
    private var nextConstraint: Int32 = 1
    /// The constants as last reported by `updateConstants()` (or at adding).
    private var reported: [Int32: Double] = [:]

    /// What to do when required constraints cannot all hold.
    public var policy = Policy.error
    /// Told of each constraint the `.breakLowest` policy breaks.
    public var onBroken: ((BrokenConstraint) -> Void)?
    /// Leading and trailing are right and left.
    public private(set) var rightToLeft = false

    /// The live solver and its bookkeeping (AutoLayoutEngine.swift).
    let engine = LayoutEngine()
    /// Set while `solve` runs: host callbacks may read but not change the layout.
    var solving = false
    /// A pivot budget per solve other than `pivotBudget()`'s (tests).
    var pivotBudgetOverride: Int?

    public init() {}

    /// All item ids, in creation order.
    public var itemIDs: [ItemID] { items.keys.sorted() }

    /// A new item under `parent` (nil: a top-level item).
    public func addItem(parent: ItemID? = nil) throws(KalendsError) -> ItemID {
        try checkNotSolving()
        if let parent { try check(parent) }
        guard nextItem < Int32.max else { throw KalendsError(.outOfRange, "too many items") }
        let id = ItemID(nextItem)
        nextItem += 1
        items[id] = Item(parent: parent, size: nil)
        return id
    }

    public func parent(of item: ItemID) throws(KalendsError) -> ItemID? {
        try check(item)
        return items[item]?.parent
    }

    /// The size alt constants read for an item (the screen's: the host's screen size,
    /// which also fixes the screen item's frame). An item without one is read at its
    /// solved frame.
    public func setSize(_ size: Size, of item: ItemID) throws(KalendsError) {
        try set(\.size, size, of: item) { () throws(KalendsError) in
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw KalendsError(.invalidArgument, "size (\(size.width), \(size.height)) is not a size")
            }
        }
    }

    /// Sets a property of an item (not during a solve, a known item, `validate` passed).
    private func set<T>(_ property: WritableKeyPath<Item, T>, _ value: T, of item: ItemID,
                        validate: () throws(KalendsError) -> Void) throws(KalendsError) {
        try checkNotSolving()
        try check(item)
        try validate()
        items[item]?[keyPath: property] = value
    }

    public func size(of item: ItemID) throws(KalendsError) -> Size? {
        try check(item)
        return items[item]?.size
    }

    /// The item's own content size; nil on an axis means no intrinsic metric.
    public func setIntrinsicSize(_ size: IntrinsicSize, of item: ItemID) throws(KalendsError) {
        try set(\.intrinsic, size, of: item, validate: size.validate)
    }

    public func intrinsicSize(of item: ItemID) throws(KalendsError) -> IntrinsicSize {
        try check(item)
        return items[item]?.intrinsic ?? .none
    }

    public func setPriorities(_ priorities: ContentPriorities, of item: ItemID) throws(KalendsError) {
        try set(\.priorities, priorities, of: item, validate: priorities.validate)
    }

    /// Sets one of the item's four priorities: hugging or compression resistance, along one axis.
    public func setPriority(_ priority: Double, _ kind: ContentPriority, _ axis: LayoutAxis, of item: ItemID) throws(KalendsError) {
        var p = try priorities(of: item)
        switch (kind, axis) {
        case (.contentHugging, .horizontal): p.huggingHorizontal = priority
        case (.contentHugging, .vertical): p.huggingVertical = priority
        case (.compressionResistance, .horizontal): p.compressionHorizontal = priority
        case (.compressionResistance, .vertical): p.compressionVertical = priority
        }
        try setPriorities(p, of: item)
    }

    public func priorities(of item: ItemID) throws(KalendsError) -> ContentPriorities {
        try check(item)
        return items[item]?.priorities ?? ContentPriorities()
    }

    public func setBaselines(_ baselines: Baselines, of item: ItemID) throws(KalendsError) {
        try set(\.baselines, baselines, of: item, validate: baselines.validate)
    }

    /// Measures the item's content during `solve` (nil: no measure). A calendar view
    /// item also takes its container's width (`fillsParentWidth`). Replaces a content
    /// set with `setContent`.
    public func setMeasure(_ measure: Measure?, of item: ItemID, fillsParentWidth: Bool = false) throws(KalendsError) {
        try checkNotSolving()
        try check(item)
        guard item != .screen else { throw KalendsError(.invalidArgument, "the screen is measured by the host") }
        items[item]?.measure = measure
        items[item]?.fillsParentWidth = measure != nil && fillsParentWidth
        items[item]?.content = nil
    }

    /// Makes `content` (a calendar view) the item's, nil detaches it: the item takes its
    /// container's width (priority 999) and the content's height at that width, so
    /// constraining only its position lays it out (MBCalendarKit 5); after each solve the
    /// content takes the item's solved width. The layout keeps a reference to it.
    public func setContent(_ content: (any LayoutContent)?, of item: ItemID) throws(KalendsError) {
        var measure: Measure?
        if let content {
            measure = { (_: ItemID, width: Double?, _: Double?) throws(KalendsError) -> IntrinsicSize in
                guard let width, width > 0 else { return .none }
                return IntrinsicSize(width: nil, height: try content.height(forWidth: width))
            }
        }
        try setMeasure(measure, of: item, fillsParentWidth: true)
        items[item]?.content = content
    }

    /// The unsatisfiable policy and who is told of broken constraints.
    public func setPolicy(_ policy: Policy, onBroken: ((BrokenConstraint) -> Void)?) throws(KalendsError) {
        try checkNotSolving()
        self.policy = policy
        self.onBroken = onBroken
    }

    public func setRightToLeft(_ value: Bool) throws(KalendsError) {
        try checkNotSolving()
        rightToLeft = value
    }

    public func add(_ constraint: LayoutConstraint) throws(KalendsError) -> Int32 {
        try checkNotSolving()
        try constraint.validate()
        try check(constraint.first)
        if let second = constraint.second { try check(second) }
        if case .item(let id)? = constraint.alt?.item { try check(id) }
        guard nextConstraint < Int32.max else { throw KalendsError(.outOfRange, "too many constraints") }
        let id = nextConstraint
        nextConstraint += 1
        constraints[id] = constraint
        reported[id] = constant(of: constraint)
        return id
    }

    public func remove(_ id: Int32) throws(KalendsError) {
        try checkNotSolving()
        guard constraints.removeValue(forKey: id) != nil else {
            throw KalendsError(.notFound, "no constraint \(id)")
        }
        reported[id] = nil
    }

    /// The constraint's effective constant now.
    public func constant(_ id: Int32) throws(KalendsError) -> Double {
        guard let c = constraints[id] else { throw KalendsError(.notFound, "no constraint \(id)") }
        return constant(of: c)
    }

    func constant(of c: LayoutConstraint) -> Double {
        guard let alt = c.alt else { return c.constant }
        let size: Size?
        switch alt.item {
        case .none: size = nil
        case .screen: size = items[.screen]?.size
        case .item(let id): size = basisSize(of: id)
        }
        return alt.value(itemSize: size, fallback: c.constant)
    }

    /// The size an alt constant reads for an item, as HKNSLayoutConstraint reads the
    /// item's current bounds: the size the host set (`setSize`: an item this layout does
    /// not place), else the item's frame as solved (during `solve`, the frame of the
    /// pass before: see `solve`).
    func basisSize(of id: ItemID) -> Size? {
        guard let item = items[id] else { return nil }
        return item.size ?? Size(width: item.frame.width, height: item.frame.height)
    }

    /// Whether a constraint's constant reads a solved frame (an alt item without a
    /// host size and a basis other than the constant).
    func readsSolvedFrame(_ c: LayoutConstraint) -> Bool {
        guard let alt = c.alt, alt.basis != .constant, case .item(let id) = alt.item else { return false }
        return items[id]?.size == nil
    }

    /// The constants that changed since they were last reported, by constraint id,
    /// without reporting them.
    public func pendingConstantChanges() -> [Change] {
        var changes: [Change] = []
        for id in constraints.keys.sorted() {
            guard let c = constraints[id] else { continue }
            let now = constant(of: c)
            let before = reported[id] ?? now
            if now != before { changes.append(Change(constraint: id, old: before, new: now)) }
        }
        return changes
    }

    /// The pending constant changes handed to `deliver`: they count as reported when it
    /// says it delivered them (not after a size query, nor when it throws).
    public func deliverConstantChanges(_ deliver: ([Change]) throws(KalendsError) -> Bool) throws(KalendsError) {
        let changes = pendingConstantChanges()
        guard try deliver(changes) else { return }
        for change in changes { reported[change.constraint] = change.new }
    }

    /// Re-evaluates every constant; returns those that changed since the last call
    /// (or since they were added), by constraint id.
    public func updateConstants() -> [Change] {
        let changes = pendingConstantChanges()
        for change in changes { reported[change.constraint] = change.new }
        return changes
    }

    func check(_ item: ItemID) throws(KalendsError) {
        guard items[item] != nil else { throw KalendsError(.notFound, "no item \(item.rawValue)") }
    }

    func checkNotSolving() throws(KalendsError) {
        guard !solving else {
            throw KalendsError(.misuse, "the layout is solving: a measure or broken-constraint callback cannot change it")
        }
    }
}
