/// The Auto Layout layer (the C ABI's `kalends_autolayout`): items in a tree, the
/// screen (item 1) whose size the host sets, and constraints between items whose
/// constants may follow another item's size (`AltConstant`). Constants are
/// re-evaluated on demand: after a rotation swaps the screen's width and height,
/// `updateConstants()` reports every constant that changed.
public final class AutoLayout {
    public struct Change: Hashable, Sendable {
        public let constraint: Int32
        public let old: Double
        public let new: Double
    }

    private struct Item {
        var parent: ItemID?
        var size: Size?
    }

    private var items: [ItemID: Item] = [.screen: Item(parent: nil, size: nil)]
    private var nextItem: Int32 = 2
    public private(set) var constraints: [Int32: LayoutConstraint] = [:]
    private var nextConstraint: Int32 = 1
    /// The constants as last reported by `updateConstants()` (or at adding).
    private var reported: [Int32: Double] = [:]

    public init() {}

    /// A new item under `parent` (nil: a top-level item).
    public func addItem(parent: ItemID? = nil) throws(KalendsError) -> ItemID {
        if let parent { try check(parent) }
        let id = ItemID(nextItem)
        guard nextItem < Int32.max else { throw KalendsError(.outOfRange, "too many items") }
        nextItem += 1
        items[id] = Item(parent: parent, size: nil)
        return id
    }

    public func parent(of item: ItemID) throws(KalendsError) -> ItemID? {
        try check(item)
        return items[item]?.parent
    }

    /// The size alt constants read for an item (the screen's: the host's screen size).
    public func setSize(_ size: Size, of item: ItemID) throws(KalendsError) {
        try check(item)
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw KalendsError(.invalidArgument, "size (\(size.width), \(size.height)) is not a size")
        }
        items[item]?.size = size
    }

    public func size(of item: ItemID) throws(KalendsError) -> Size? {
        try check(item)
        return items[item]?.size
    }

    public func add(_ constraint: LayoutConstraint) throws(KalendsError) -> Int32 {
        try constraint.validate()
        try check(constraint.first)
        if let second = constraint.second { try check(second) }
        if case .item(let id)? = constraint.alt?.item { try check(id) }
        let id = nextConstraint
        guard nextConstraint < Int32.max else { throw KalendsError(.outOfRange, "too many constraints") }
        nextConstraint += 1
        constraints[id] = constraint
        reported[id] = constant(of: constraint)
        return id
    }

    public func remove(_ id: Int32) throws(KalendsError) {
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
        case .item(let id): size = items[id]?.size
        }
        return alt.value(itemSize: size, fallback: c.constant)
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

    /// Re-evaluates every constant; returns those that changed since the last call
    /// (or since they were added), by constraint id.
    public func updateConstants() -> [Change] {
        let changes = pendingConstantChanges()
        for change in changes { reported[change.constraint] = change.new }
        return changes
    }

    private func check(_ item: ItemID) throws(KalendsError) {
        guard items[item] != nil else { throw KalendsError(.notFound, "no item \(item.rawValue)") }
    }
}
