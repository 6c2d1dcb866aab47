// kalends_autolayout through the C ABI: items, constraints, alt constants, solving.
import CKalends
import KalendsABI


/// A constraint (`kalends_constraint`); item ids as `AutoLayout` hands them out,
/// `AutoLayout.screen` for the screen, nil for none.
public struct Constraint: Hashable, Sendable {
    public var firstItem: Int32
    public var firstAttribute: Attribute
    public var relation: Relation
    public var secondItem: Int32?
    public var secondAttribute: Attribute?
    public var multiplier: Double
    public var constant: Double
    public var altItem: Int32?
    /// The raw basis: values outside 1...5 clamp in the library.
    public var altBasis: Int32
    public var altMultiplier: Double
    public var priority: Double

    public init(_ firstItem: Int32, _ firstAttribute: Attribute, _ relation: Relation = .equal, secondItem: Int32? = nil,
                _ secondAttribute: Attribute? = nil, multiplier: Double = 1, constant: Double = 0, altItem: Int32? = nil,
                altBasis: Int32 = Basis.constant.rawValue, altMultiplier: Double = 1, priority: Double = 1000) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.altItem = altItem
        self.altBasis = altBasis
        self.altMultiplier = altMultiplier
        self.priority = priority
    }
}

public struct ConstantChange: Hashable, Sendable {
    public let constraint: Int32
    public let old: Double
    public let new: Double
}

/// Items, the screen and constraints (`kalends_autolayout`).
public final class AutoLayout: @unchecked Sendable {
    public static let screen: Int32 = 1
    public let library: Library
    public let handle: OpaquePointer

    public init(library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var out: OpaquePointer?
        try lib.check(lib.c.autolayoutNew(&out))
        guard let out else { throw KalendsError(.misuse, "kalends_autolayout_new returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.c.autolayoutFree(handle) }

    public func addItem(parent: Int32? = nil) throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        try library.check(library.c.autolayoutAddItem(handle, parent ?? 0, &out))
        return out
    }

    public func setItemSize(_ item: Int32, width: Double, height: Double) throws(KalendsError) {
        try library.check(library.c.autolayoutSetItemSize(handle, item, width, height))
    }

    public func addConstraint(_ constraint: Constraint) throws(KalendsError) -> Int32 {
        var c = kalends_constraint()
        try library.check(library.c.constraintInit(&c))
        c.first_item = constraint.firstItem
        c.first_attribute = constraint.firstAttribute.rawValue
        c.relation = constraint.relation.rawValue
        c.second_item = constraint.secondItem ?? 0
        c.second_attribute = constraint.secondAttribute?.rawValue ?? 0
        c.multiplier = constraint.multiplier
        c.constant = constraint.constant
        c.alt_item = constraint.altItem ?? 0
        c.alt_basis = constraint.altBasis
        c.alt_multiplier = constraint.altMultiplier
        c.priority = constraint.priority
        var out: Int32 = 0
        try library.check(library.c.autolayoutAddConstraint(handle, &c, &out))
        return out
    }

    public func removeConstraint(_ id: Int32) throws(KalendsError) {
        try library.check(library.c.autolayoutRemoveConstraint(handle, id))
    }

    public func constant(_ id: Int32) throws(KalendsError) -> Double {
        var out = 0.0
        try library.check(library.c.autolayoutConstant(handle, id, &out))
        return out
    }

    public func updateConstants() throws(KalendsError) -> [ConstantChange] {
        var count: Int32 = 0
        try library.check(library.c.autolayoutUpdateConstants(handle, nil, 0, &count))
        var buffer = [kalends_constant_change](repeating: kalends_constant_change(), count: Int(max(count, 1)))
        let capacity = count
        let status = buffer.withUnsafeMutableBufferPointer { library.c.autolayoutUpdateConstants(handle, $0.baseAddress, capacity, &count) }
        try library.check(status)
        return buffer.prefix(Int(count)).map { ConstantChange(constraint: $0.constraint, old: $0.old_value, new: $0.new_value) }
    }

    // MARK: Solving

    /// "No intrinsic metric" / "not decided" on an axis.
    public static let noIntrinsicMetric = Double(KALENDS_NO_INTRINSIC_METRIC)

    private final class MeasureBox {
        let measure: (Int32, Double?, Double?) throws -> (width: Double?, height: Double?)
        var error: (any Error)?
        init(_ measure: @escaping (Int32, Double?, Double?) throws -> (width: Double?, height: Double?)) { self.measure = measure }
    }

    private final class BrokenBox {
        let handler: (BrokenConstraint) -> Void
        init(_ handler: @escaping (BrokenConstraint) -> Void) { self.handler = handler }
    }

    private var measures: [Int32: MeasureBox] = [:]
    private var views: [Int32: View] = [:]
    private var broken: BrokenBox?

    public func setIntrinsicSize(_ item: Int32, width: Double?, height: Double?) throws(KalendsError) {
        try library.check(library.c.autolayoutSetIntrinsicSize(handle, item, width ?? Self.noIntrinsicMetric,
                                                             height ?? Self.noIntrinsicMetric))
    }

    public func setPriority(_ item: Int32, _ kind: ContentPriority, _ axis: LayoutAxis, _ priority: Double) throws(KalendsError) {
        try library.check(library.c.autolayoutSetPriority(handle, item, kind.rawValue, axis.rawValue, priority))
    }

    public func setBaselines(_ item: Int32, firstFromTop: Double?, lastFromBottom: Double?) throws(KalendsError) {
        try library.check(library.c.autolayoutSetBaselines(handle, item, firstFromTop ?? Self.noIntrinsicMetric,
                                                         lastFromBottom ?? Self.noIntrinsicMetric))
    }

    /// Measures the item's content during `solve`: (item, width, height) with nil for
    /// "not decided", returning nil for "no intrinsic metric". An error it throws comes
    /// out of `solve`.
    public func setMeasure(_ item: Int32,
                           _ measure: ((Int32, Double?, Double?) throws -> (width: Double?, height: Double?))?) throws(KalendsError) {
        guard let measure else {
            try library.check(library.c.autolayoutSetMeasure(handle, item, nil, nil))
            measures[item] = nil
            return
        }
        let box = MeasureBox(measure)
        let trampoline: kalends_measure_fn = { user, item, width, height, out in
            guard let user, let out else { return Int32(KALENDS_E_CALLBACK) }
            let box = Unmanaged<MeasureBox>.fromOpaque(user).takeUnretainedValue()
            do {
                let missing = Double(KALENDS_NO_INTRINSIC_METRIC)
                let size = try box.measure(item, width < 0 ? nil : width, height < 0 ? nil : height)
                out.pointee = kalends_size(width: size.width ?? missing, height: size.height ?? missing)
                return 0
            } catch {
                box.error = error
                return Int32(KALENDS_E_CALLBACK)
            }
        }
        try library.check(library.c.autolayoutSetMeasure(handle, item, trampoline, Unmanaged.passUnretained(box).toOpaque()))
        measures[item] = box
        views[item] = nil
    }

    /// Makes the item a calendar view's: width from its container, height from the view.
    public func setView(_ item: Int32, _ view: View?) throws(KalendsError) {
        try library.check(library.c.autolayoutSetView(handle, item, view?.handle))
        measures[item] = nil
        views[item] = view
    }

    public func setRightToLeft(_ value: Bool) throws(KalendsError) {
        try library.check(library.c.autolayoutSetRightToLeft(handle, value ? 1 : 0))
    }

    /// A constraint the `.breakLowest` policy broke (`kalends_broken_constraint`).
    public struct BrokenConstraint: Hashable, Sendable {
        public let kind: BrokenKind
        public let constraint: Int32
        public let item: Int32
    }

    public func setPolicy(_ policy: Policy, onBroken: ((BrokenConstraint) -> Void)? = nil) throws(KalendsError) {
        let box = onBroken.map(BrokenBox.init)
        let trampoline: kalends_broken_fn = { user, b in
            guard let user, let b else { return }
            let box = Unmanaged<BrokenBox>.fromOpaque(user).takeUnretainedValue()
            box.handler(BrokenConstraint(kind: BrokenKind(rawValue: b.pointee.kind) ?? .constraint,
                                         constraint: b.pointee.constraint, item: b.pointee.item))
        }
        try library.check(library.c.autolayoutSetPolicy(handle, policy.rawValue, box == nil ? nil : trampoline,
                                                      box.map { Unmanaged.passUnretained($0).toOpaque() }))
        broken = box
    }

    /// Solves the layout into frames. A measure closure's own error is rethrown.
    public func solve() throws {
        let status = library.c.autolayoutSolve(handle)
        if status == KALENDS_E_CALLBACK, let error = measures.values.compactMap(\.error).first {
            for box in measures.values { box.error = nil }
            throw error
        }
        try library.check(status)
    }

    public func frame(_ item: Int32) throws(KalendsError) -> Rect {
        var out = kalends_rect()
        try library.check(library.c.autolayoutFrame(handle, item, &out))
        return Rect(out)
    }

    /// systemLayoutSizeFitting for the item's subtree.
    public func fittingSize(_ item: Int32, target: Size, horizontal: Double, vertical: Double) throws -> Size {
        var t = kalends_size(width: target.width, height: target.height), out = kalends_size()
        let status = library.c.autolayoutFittingSize(handle, item, &t, horizontal, vertical, &out)
        if status == KALENDS_E_CALLBACK, let error = measures.values.compactMap(\.error).first {
            for box in measures.values { box.error = nil }
            throw error
        }
        try library.check(status)
        return Size(width: out.width, height: out.height)
    }
}
