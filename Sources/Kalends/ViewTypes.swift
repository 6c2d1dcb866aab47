// Values of the view API as the wrapper returns them (mirroring kalends.views in Python).
import CKalends

public enum DisplayMode: Int32, Sendable, CaseIterable { case month = 0, week = 1, day = 2 }
public enum SelectionMode: Int32, Sendable, CaseIterable { case none = 0, single = 1, multiple = 2, range = 3 }
public enum OutDates: Int32, Sendable, CaseIterable { case show = 0, hide = 1 }
public enum OutDateTap: Int32, Sendable, CaseIterable { case pageAndSelect = 0, selectOnly = 1 }
public enum Key: Int32, Sendable, CaseIterable { case left = 1, right, up, down, pageUp, pageDown, home, end, enter }
public enum Outcome: Int32, Sendable, CaseIterable {
    case none = 0, selected, deselected, vetoed, disabled, paged, moved
}
public enum Direction: Int32, Sendable { case backward = -1, none = 0, forward = 1 }
public enum ElementKind: Int32, Sendable, CaseIterable { case none = 0, header, title, previous, next, weekday, day, monthHeader }
public enum TimingCurve: Int32, Sendable, CaseIterable { case linear = 0, easeInOut = 1, spring = 2 }

public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    init(_ c: kalends_rect) { self.init(x: c.x, y: c.y, width: c.width, height: c.height) }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
}

public struct Insets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

public enum RowHeight: Hashable, Sendable {
    case square
    case fixed(Double)
    case aspectRatio(Double)
}

/// Behaviour of a view (`kalends_view_options`).
public struct ViewOptions: Hashable, Sendable {
    public var mode: DisplayMode
    public var rows: Rows
    public var outDates: OutDates
    public var selectionMode: SelectionMode
    public var outDateTap: OutDateTap
    public var rightToLeft: Bool
    public var minDate: Date?
    public var maxDate: Date?

    public init(mode: DisplayMode = .month, rows: Rows = .fixed, outDates: OutDates = .show,
                selectionMode: SelectionMode = .single, outDateTap: OutDateTap = .pageAndSelect,
                rightToLeft: Bool = false, minDate: Date? = nil, maxDate: Date? = nil) {
        self.mode = mode
        self.rows = rows
        self.outDates = outDates
        self.selectionMode = selectionMode
        self.outDateTap = outDateTap
        self.rightToLeft = rightToLeft
        self.minDate = minDate
        self.maxDate = maxDate
    }

    func c(_ lib: Library) throws(KalendsError) -> kalends_view_options {
        var c = kalends_view_options()
        try lib.check(lib.c.viewOptionsInit(&c))
        c.mode = mode.rawValue
        c.rows = rows.rawValue
        c.out_dates = outDates.rawValue
        c.selection_mode = selectionMode.rawValue
        c.out_date_tap = outDateTap.rawValue
        c.right_to_left = rightToLeft ? 1 : 0
        if let minDate { c.has_min_date = 1; c.min_date = minDate.c }
        if let maxDate { c.has_max_date = 1; c.max_date = maxDate.c }
        return c
    }

    init(_ c: kalends_view_options, _ lib: Library) throws(KalendsError) {
        func date(_ has: Int32, _ d: kalends_date) throws(KalendsError) -> Date? {
            has == 1 ? try Date(year: d.year, month: d.month, day: d.day, library: lib) : nil
        }
        self.init(mode: DisplayMode(rawValue: c.mode) ?? .month, rows: Rows(rawValue: c.rows) ?? .fixed,
                  outDates: OutDates(rawValue: c.out_dates) ?? .show,
                  selectionMode: SelectionMode(rawValue: c.selection_mode) ?? .single,
                  outDateTap: OutDateTap(rawValue: c.out_date_tap) ?? .pageAndSelect, rightToLeft: c.right_to_left == 1,
                  minDate: try date(c.has_min_date, c.min_date), maxDate: try date(c.has_max_date, c.max_date))
    }
}

/// Sizes of a view in points (`kalends_view_metrics`).
public struct Metrics: Hashable, Sendable {
    public var width: Double
    public var headerHeight: Double
    public var weekdayHeight: Double
    public var insets: Insets
    public var columnSpacing: Double
    public var rowSpacing: Double
    public var rowHeight: RowHeight
    public var scale: Double

    public init(width: Double = 0, headerHeight: Double = 44, weekdayHeight: Double = 20, insets: Insets = Insets(),
                columnSpacing: Double = 0, rowSpacing: Double = 0, rowHeight: RowHeight = .square, scale: Double = 1) {
        self.width = width
        self.headerHeight = headerHeight
        self.weekdayHeight = weekdayHeight
        self.insets = insets
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.rowHeight = rowHeight
        self.scale = scale
    }

    func c(_ lib: Library) throws(KalendsError) -> kalends_view_metrics {
        var c = kalends_view_metrics()
        try lib.check(lib.c.viewMetricsInit(&c))
        c.width = width
        c.header_height = headerHeight
        c.weekday_height = weekdayHeight
        c.inset_top = insets.top
        c.inset_left = insets.left
        c.inset_bottom = insets.bottom
        c.inset_right = insets.right
        c.column_spacing = columnSpacing
        c.row_spacing = rowSpacing
        c.scale = scale
        switch rowHeight {
        case .square: c.row_height_mode = KALENDS_ROW_HEIGHT_SQUARE
        case .fixed(let h): c.row_height_mode = KALENDS_ROW_HEIGHT_FIXED; c.row_height = h
        case .aspectRatio(let r): c.row_height_mode = KALENDS_ROW_HEIGHT_ASPECT_RATIO; c.row_height = r
        }
        return c
    }

    init(_ c: kalends_view_metrics) {
        let rowHeight: RowHeight
        switch c.row_height_mode {
        case KALENDS_ROW_HEIGHT_FIXED: rowHeight = .fixed(c.row_height)
        case KALENDS_ROW_HEIGHT_ASPECT_RATIO: rowHeight = .aspectRatio(c.row_height)
        default: rowHeight = .square
        }
        self.init(width: c.width, headerHeight: c.header_height, weekdayHeight: c.weekday_height,
                  insets: Insets(top: c.inset_top, left: c.inset_left, bottom: c.inset_bottom, right: c.inset_right),
                  columnSpacing: c.column_spacing, rowSpacing: c.row_spacing, rowHeight: rowHeight, scale: c.scale)
    }
}

/// What a view shows (`kalends_page`).
public struct Page: Hashable, Sendable {
    public let mode: DisplayMode
    public let anchor: Int32
    public let year: Int32
    public let month: Int32
    public let first: Int32
    public let last: Int32

    init(_ c: kalends_page) {
        mode = DisplayMode(rawValue: c.mode) ?? .month
        anchor = c.anchor
        year = c.year
        month = c.month
        first = c.first
        last = c.last
    }
}

/// A page change (`kalends_transition`).
public struct Transition: Hashable, Sendable {
    public let direction: Direction
    public let from: Page
    public let to: Page

    init(_ c: kalends_transition) {
        direction = Direction(rawValue: c.direction) ?? .none
        from = Page(c.from)
        to = Page(c.to)
    }

    public var changed: Bool { from != to }
}

public struct ModeChange: Hashable, Sendable {
    public let from: DisplayMode
    public let to: DisplayMode
    public let heightBefore: Double?
    public let heightAfter: Double?

    init(_ c: kalends_mode_change) {
        from = DisplayMode(rawValue: c.from) ?? .month
        to = DisplayMode(rawValue: c.to) ?? .month
        heightBefore = c.has_heights == 1 ? c.height_before : nil
        heightAfter = c.has_heights == 1 ? c.height_after : nil
    }
}

/// What an operation did (`kalends_action`).
public struct Action: Hashable, Sendable {
    public let outcome: Outcome
    public let day: Int32?
    public let transition: Transition

    init(_ c: kalends_action) {
        outcome = Outcome(rawValue: c.outcome) ?? .none
        day = c.has_day == 1 ? c.day : nil
        transition = Transition(c.transition)
    }
}

/// The selection in numbers (`kalends_selection`).
public struct Selection: Hashable, Sendable {
    public let mode: SelectionMode
    public let count: Int32
    public let first: Int32?
    public let last: Int32?
    public let rangeComplete: Bool
    public let latest: Int32?

    init(_ c: kalends_selection) {
        mode = SelectionMode(rawValue: c.mode) ?? .none
        count = c.count
        first = c.count > 0 ? c.first : nil
        last = c.count > 0 ? c.last : nil
        rangeComplete = c.range_complete == 1
        latest = c.has_latest == 1 ? c.latest : nil
    }
}

/// One element of a layout (`kalends_element`).
public struct Element: Hashable, Sendable {
    public let kind: ElementKind
    public let index: Int32
    public let dayNumber: Int32
    public let flags: DayFlags
    public let frame: Rect
    public let alpha: Double
    public let outgoing: Bool

    init(_ c: kalends_element) {
        kind = ElementKind(rawValue: c.kind) ?? .none
        index = c.index
        dayNumber = c.day_number
        flags = DayFlags(rawValue: c.flags)
        frame = Rect(c.frame)
        alpha = c.alpha
        outgoing = c.outgoing == 1
    }
}

public struct TransitionFrame: Sendable {
    public let elements: [Element]
    public let height: Double
}

/// Host callbacks of a wrapper view. Days arrive as `Date`s; a callback that throws
/// makes the call that ran it throw the same error (predicates and will-select abort
/// it; did- and changed-callbacks throw after the change).
public struct ViewCallbacks {
    public var isDisabled: ((Date) throws(KalendsError) -> Bool)?
    public var shouldSelect: ((Date) throws(KalendsError) -> Bool)?
    public var willSelect: ((Date) throws(KalendsError) -> Void)?
    public var didSelect: ((Date) throws(KalendsError) -> Void)?
    public var didDeselect: ((Date) throws(KalendsError) -> Void)?
    public var pageChanged: ((Transition) throws(KalendsError) -> Void)?
    public var contentSizeChanged: ((Size, Size) throws(KalendsError) -> Void)?

    public init(isDisabled: ((Date) throws(KalendsError) -> Bool)? = nil,
                shouldSelect: ((Date) throws(KalendsError) -> Bool)? = nil,
                willSelect: ((Date) throws(KalendsError) -> Void)? = nil,
                didSelect: ((Date) throws(KalendsError) -> Void)? = nil,
                didDeselect: ((Date) throws(KalendsError) -> Void)? = nil,
                pageChanged: ((Transition) throws(KalendsError) -> Void)? = nil,
                contentSizeChanged: ((Size, Size) throws(KalendsError) -> Void)? = nil) {
        self.isDisabled = isDisabled
        self.shouldSelect = shouldSelect
        self.willSelect = willSelect
        self.didSelect = didSelect
        self.didDeselect = didDeselect
        self.pageChanged = pageChanged
        self.contentSizeChanged = contentSizeChanged
    }
}
