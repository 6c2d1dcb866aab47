// kalends_scroll, kalends_flow_* and kalends_autolayout through the C ABI.
import CKalends

public enum Axis: Int32, Sendable, CaseIterable { case vertical = 0, horizontal = 1 }
public enum ScrollPosition: Int32, Sendable, CaseIterable { case start = 0, center = 1, end = 2 }

/// A scrolling calendar (`kalends_scroll`), immutable once made.
public final class Scroll: @unchecked Sendable {
    public let library: Library
    public let handle: OpaquePointer

    /// `firstMonth`/`lastMonth`: any day of those months (`lastMonth` nil: open-ended).
    public init(calendar: Calendar? = nil, firstMonth: Date, lastMonth: Date? = nil, axis: Axis = .vertical,
                rows: Rows = .variable, outDates: OutDates = .hide, showWeekdays: Bool = true, monthSpacing: Double = 24,
                metrics: Metrics, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library ?? calendar?.library)
        var o = kalends_scroll_options()
        try lib.check(lib.scrollOptionsInit(&o))
        o.axis = axis.rawValue
        o.first_month = firstMonth.c
        if let lastMonth { o.has_last_month = 1; o.last_month = lastMonth.c }
        o.rows = rows.rawValue
        o.out_dates = outDates.rawValue
        o.show_weekdays = showWeekdays ? 1 : 0
        o.month_spacing = monthSpacing
        var m = try metrics.c(lib)
        var out: OpaquePointer?
        try lib.check(lib.scrollNew(calendar?.handle, &o, &m, &out))
        guard let out else { throw KalendsError(.misuse, "kalends_scroll_new returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.scrollFree(handle) }

    public var monthCount: Int32 {
        get throws(KalendsError) {
            var out: Int32 = 0
            try library.check(library.scrollMonthCount(handle, &out))
            return out
        }
    }

    public func contentSize() throws(KalendsError) -> (size: Size, unbounded: Bool) {
        var out = kalends_size()
        var unbounded: Int32 = 0
        try library.check(library.scrollContentSize(handle, &out, &unbounded))
        return (Size(width: out.width, height: out.height), unbounded == 1)
    }

    public func elements(in viewport: Rect) throws(KalendsError) -> [Element] {
        var vp = kalends_rect(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
        var count: Int32 = 0
        try library.check(library.scrollElements(handle, &vp, nil, 0, &count))
        var buffer = [kalends_element](repeating: kalends_element(), count: Int(max(count, 1)))
        let capacity = count
        let status = buffer.withUnsafeMutableBufferPointer { library.scrollElements(handle, &vp, $0.baseAddress, capacity, &count) }
        try library.check(status)
        return buffer.prefix(Int(count)).map(Element.init)
    }

    public func visibleDays(in viewport: Rect) throws(KalendsError) -> DayRange? {
        var vp = kalends_rect(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
        var out = kalends_day_range()
        let status = library.scrollVisibleDays(handle, &vp, &out)
        if status == KALENDS_E_NOT_FOUND { return nil }
        try library.check(status)
        return DayRange(out)
    }

    public func visibleMonths(in viewport: Rect) throws(KalendsError) -> (first: Date, last: Date)? {
        var vp = kalends_rect(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
        var first = kalends_date(), last = kalends_date()
        let status = library.scrollVisibleMonths(handle, &vp, &first, &last)
        if status == KALENDS_E_NOT_FOUND { return nil }
        try library.check(status)
        return (try Date(year: first.year, month: first.month, day: first.day, library: library),
                try Date(year: last.year, month: last.month, day: last.day, library: library))
    }

    public func offset(for date: Date, position: ScrollPosition = .start, viewportLength: Double) throws(KalendsError) -> Double {
        var c = date.c
        var out = 0.0
        try library.check(library.scrollOffset(handle, &c, position.rawValue, viewportLength, &out))
        return out
    }
}

// MARK: flow layout

public struct FlowResult: Hashable, Sendable {
    public let frames: [Rect]
    public let size: Size
}

public struct FitResult: Hashable, Sendable {
    public let frames: [Rect]
    public let more: Rect?
    public let hidden: Int32
}

private func flowOptions(_ lib: Library, maxWidth: Double?, itemSpacing: Double, lineSpacing: Double,
                         padding: Insets) throws(KalendsError) -> kalends_flow_options {
    var o = kalends_flow_options()
    try lib.check(lib.flowOptionsInit(&o))
    o.max_width = maxWidth ?? 0
    o.item_spacing = itemSpacing
    o.line_spacing = lineSpacing
    o.padding_top = padding.top
    o.padding_left = padding.left
    o.padding_bottom = padding.bottom
    o.padding_right = padding.right
    return o
}

/// Items placed left to right, wrapping by whole items at `maxWidth` (`kalends_flow_layout`).
public func flowLayout(_ items: [Size], maxWidth: Double? = nil, itemSpacing: Double = 0, lineSpacing: Double = 0,
                       padding: Insets = Insets(), library: Library? = nil) throws(KalendsError) -> FlowResult {
    let lib = try Library.resolve(library)
    var o = try flowOptions(lib, maxWidth: maxWidth, itemSpacing: itemSpacing, lineSpacing: lineSpacing, padding: padding)
    let sizes = items.map { kalends_size(width: $0.width, height: $0.height) }
    var frames = [kalends_rect](repeating: kalends_rect(), count: max(1, items.count))
    var count: Int32 = 0
    var size = kalends_size()
    let status = sizes.withUnsafeBufferPointer { s in
        frames.withUnsafeMutableBufferPointer { f in
            lib.flowLayout(s.baseAddress, Int32(items.count), &o, f.baseAddress, Int32(items.count), &count, &size)
        }
    }
    try lib.check(status)
    return FlowResult(frames: frames.prefix(Int(count)).map(Rect.init), size: Size(width: size.width, height: size.height))
}

/// As many items as fit `box`, with a "+N more" item when not all do (`kalends_flow_fit`).
public func flowFit(_ items: [Size], box: Size, more: Size, itemSpacing: Double = 0, lineSpacing: Double = 0,
                    padding: Insets = Insets(), library: Library? = nil) throws(KalendsError) -> FitResult {
    let lib = try Library.resolve(library)
    var o = try flowOptions(lib, maxWidth: nil, itemSpacing: itemSpacing, lineSpacing: lineSpacing, padding: padding)
    let sizes = items.map { kalends_size(width: $0.width, height: $0.height) }
    var frames = [kalends_rect](repeating: kalends_rect(), count: max(1, items.count))
    var count: Int32 = 0
    var result = kalends_flow_fit_result()
    var b = kalends_size(width: box.width, height: box.height), m = kalends_size(width: more.width, height: more.height)
    let status = sizes.withUnsafeBufferPointer { s in
        frames.withUnsafeMutableBufferPointer { f in
            lib.flowFit(s.baseAddress, Int32(items.count), &o, &b, &m, f.baseAddress, Int32(items.count), &count, &result)
        }
    }
    try lib.check(status)
    return FitResult(frames: frames.prefix(Int(count)).map(Rect.init), more: result.has_more == 1 ? Rect(result.more) : nil,
                     hidden: result.hidden)
}

// MARK: Auto Layout

public enum Attribute: Int32, Sendable, CaseIterable {
    case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
}
public enum Relation: Int32, Sendable, CaseIterable { case lessOrEqual = -1, equal = 0, greaterOrEqual = 1 }
public enum Basis: Int32, Sendable, CaseIterable { case width = 1, height, shorterEdge, longerEdge, constant }

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
        try lib.check(lib.autolayoutNew(&out))
        guard let out else { throw KalendsError(.misuse, "kalends_autolayout_new returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.autolayoutFree(handle) }

    public func addItem(parent: Int32? = nil) throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        try library.check(library.autolayoutAddItem(handle, parent ?? 0, &out))
        return out
    }

    public func setItemSize(_ item: Int32, width: Double, height: Double) throws(KalendsError) {
        try library.check(library.autolayoutSetItemSize(handle, item, width, height))
    }

    public func addConstraint(_ constraint: Constraint) throws(KalendsError) -> Int32 {
        var c = kalends_constraint()
        try library.check(library.constraintInit(&c))
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
        try library.check(library.autolayoutAddConstraint(handle, &c, &out))
        return out
    }

    public func removeConstraint(_ id: Int32) throws(KalendsError) {
        try library.check(library.autolayoutRemoveConstraint(handle, id))
    }

    public func constant(_ id: Int32) throws(KalendsError) -> Double {
        var out = 0.0
        try library.check(library.autolayoutConstant(handle, id, &out))
        return out
    }

    public func updateConstants() throws(KalendsError) -> [ConstantChange] {
        var count: Int32 = 0
        try library.check(library.autolayoutUpdateConstants(handle, nil, 0, &count))
        var buffer = [kalends_constant_change](repeating: kalends_constant_change(), count: Int(max(count, 1)))
        let capacity = count
        let status = buffer.withUnsafeMutableBufferPointer { library.autolayoutUpdateConstants(handle, $0.baseAddress, capacity, &count) }
        try library.check(status)
        return buffer.prefix(Int(count)).map { ConstantChange(constraint: $0.constraint, old: $0.old_value, new: $0.new_value) }
    }
}
