// Values of the view API as the wrapper returns them (mirroring kalends.views in Python).
import CKalends

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

/// Behaviour of a view (`kalends_view_options`): the C struct, made from the library's
/// own defaults (kalends_view_options_init) with the fields given changed, read and
/// written through Swifty properties.
public struct ViewOptions: Hashable, Sendable {
    public private(set) var c: kalends_view_options
    let library: Library

    /// The library's defaults (month mode, six rows, out-dates shown and tappable, single
    /// selection, left to right, no minimum or maximum date), with the given fields changed.
    public init(mode: DisplayMode? = nil, rows: Rows? = nil, outDates: OutDates? = nil,
                selectionMode: SelectionMode? = nil, outDateTap: OutDateTap? = nil, rightToLeft: Bool? = nil,
                minDate: Date? = nil, maxDate: Date? = nil, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var c = kalends_view_options()
        try lib.check(lib.c.viewOptionsInit(&c))
        self.init(c, lib)
        if let mode { self.mode = mode }
        if let rows { self.rows = rows }
        if let outDates { self.outDates = outDates }
        if let selectionMode { self.selectionMode = selectionMode }
        if let outDateTap { self.outDateTap = outDateTap }
        if let rightToLeft { self.rightToLeft = rightToLeft }
        if let minDate { self.minDate = minDate }
        if let maxDate { self.maxDate = maxDate }
    }

    init(_ c: kalends_view_options, _ library: Library) {
        self.c = c
        self.library = library
    }

    public static func == (a: ViewOptions, b: ViewOptions) -> Bool { a.c == b.c }
    public func hash(into hasher: inout Hasher) { hasher.combine(c) }

    public var mode: DisplayMode {
        get { DisplayMode(rawValue: c.mode) ?? .month }
        set { c.mode = newValue.rawValue }
    }
    public var rows: Rows {
        get { Rows(rawValue: c.rows) ?? .fixed }
        set { c.rows = newValue.rawValue }
    }
    public var outDates: OutDates {
        get { OutDates(rawValue: c.out_dates) ?? .show }
        set { c.out_dates = newValue.rawValue }
    }
    public var selectionMode: SelectionMode {
        get { SelectionMode(rawValue: c.selection_mode) ?? .single }
        set { c.selection_mode = newValue.rawValue }
    }
    public var outDateTap: OutDateTap {
        get { OutDateTap(rawValue: c.out_date_tap) ?? .pageAndSelect }
        set { c.out_date_tap = newValue.rawValue }
    }
    public var rightToLeft: Bool {
        get { c.right_to_left == 1 }
        set { c.right_to_left = newValue ? 1 : 0 }
    }
    public var minDate: Date? {
        get { c.has_min_date == 1 ? Date(checked: c.min_date, library: library) : nil }
        set {
            c.has_min_date = newValue == nil ? 0 : 1
            c.min_date = newValue?.c ?? kalends_date()
        }
    }
    public var maxDate: Date? {
        get { c.has_max_date == 1 ? Date(checked: c.max_date, library: library) : nil }
        set {
            c.has_max_date = newValue == nil ? 0 : 1
            c.max_date = newValue?.c ?? kalends_date()
        }
    }
}

/// Sizes of a view in points (`kalends_view_metrics`): the C struct, made from the
/// library's defaults (kalends_view_metrics_init) with the fields given changed.
public struct Metrics: Hashable, Sendable {
    public private(set) var c: kalends_view_metrics

    /// The library's defaults (MBCalendarKit 5's: width unknown, a 44-point header holding
    /// the weekday symbols, no separate weekday row, no insets or spacing, square rows,
    /// scale 1), with the given fields changed.
    public init(width: Double? = nil, headerHeight: Double? = nil, weekdayHeight: Double? = nil, insets: Insets? = nil,
                columnSpacing: Double? = nil, rowSpacing: Double? = nil, rowHeight: RowHeight? = nil, scale: Double? = nil,
                library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var c = kalends_view_metrics()
        try lib.check(lib.c.viewMetricsInit(&c))
        self.init(c)
        if let width { self.width = width }
        if let headerHeight { self.headerHeight = headerHeight }
        if let weekdayHeight { self.weekdayHeight = weekdayHeight }
        if let insets { self.insets = insets }
        if let columnSpacing { self.columnSpacing = columnSpacing }
        if let rowSpacing { self.rowSpacing = rowSpacing }
        if let rowHeight { self.rowHeight = rowHeight }
        if let scale { self.scale = scale }
    }

    public init(_ c: kalends_view_metrics) { self.c = c }

    /// The container's width; 0 = not known yet.
    public var width: Double {
        get { c.width }
        set { c.width = newValue }
    }
    public var headerHeight: Double {
        get { c.header_height }
        set { c.header_height = newValue }
    }
    public var weekdayHeight: Double {
        get { c.weekday_height }
        set { c.weekday_height = newValue }
    }
    public var insets: Insets {
        get { Insets(top: c.inset_top, left: c.inset_left, bottom: c.inset_bottom, right: c.inset_right) }
        set {
            c.inset_top = newValue.top
            c.inset_left = newValue.left
            c.inset_bottom = newValue.bottom
            c.inset_right = newValue.right
        }
    }
    public var columnSpacing: Double {
        get { c.column_spacing }
        set { c.column_spacing = newValue }
    }
    public var rowSpacing: Double {
        get { c.row_spacing }
        set { c.row_spacing = newValue }
    }
    public var rowHeight: RowHeight {
        get {
            switch RowHeightMode(rawValue: c.row_height_mode) {
            case .fixed: .fixed(c.row_height)
            case .aspectRatio: .aspectRatio(c.row_height)
            default: .square
            }
        }
        set {
            switch newValue {
            case .square: c.row_height_mode = RowHeightMode.square.rawValue
            case .fixed(let h): c.row_height_mode = RowHeightMode.fixed.rawValue; c.row_height = h
            case .aspectRatio(let r): c.row_height_mode = RowHeightMode.aspectRatio.rawValue; c.row_height = r
            }
        }
    }
    /// Device pixels per point for snapping; 0 = no snapping.
    public var scale: Double {
        get { c.scale }
        set { c.scale = newValue }
    }
}

// The values below store the C struct the library filled in and read it through Swifty
// accessors: their layout and values are the header's (equality and hashing are the C
// struct's, generated), nothing of them is re-declared.

/// What a view shows (`kalends_page`).
public struct Page: Hashable, Sendable {
    public let c: kalends_page
    public init(_ c: kalends_page) { self.c = c }

    public var mode: DisplayMode { DisplayMode(rawValue: c.mode) ?? .month }
    /// The day number of the date the page is about.
    public var anchor: Int32 { c.anchor }
    /// Year and month of the anchor: the month in-month flags refer to.
    public var year: Int32 { c.year }
    public var month: Int32 { c.month }
    /// First and last visible day.
    public var first: Int32 { c.first }
    public var last: Int32 { c.last }
}

/// A page change (`kalends_transition`).
public struct Transition: Hashable, Sendable {
    public let c: kalends_transition
    public init(_ c: kalends_transition) { self.c = c }

    public var direction: Direction { Direction(rawValue: c.direction) ?? .none }
    public var from: Page { Page(c.from) }
    public var to: Page { Page(c.to) }
    public var changed: Bool { from != to }
}

/// A mode change and the content heights before and after (`kalends_mode_change`).
public struct ModeChange: Hashable, Sendable {
    public let c: kalends_mode_change
    public init(_ c: kalends_mode_change) { self.c = c }

    public var from: DisplayMode { DisplayMode(rawValue: c.from) ?? .month }
    public var to: DisplayMode { DisplayMode(rawValue: c.to) ?? .month }
    /// nil while the view's width is unknown.
    public var heightBefore: Double? { c.has_heights == 1 ? c.height_before : nil }
    public var heightAfter: Double? { c.has_heights == 1 ? c.height_after : nil }
}

/// What an operation did (`kalends_action`).
public struct Action: Hashable, Sendable {
    public let c: kalends_action
    public init(_ c: kalends_action) { self.c = c }

    public var outcome: Outcome { Outcome(rawValue: c.outcome) ?? .none }
    /// The day selected, refused or focused; the new anchor when paging.
    public var day: Int32? { c.has_day == 1 ? c.day : nil }
    public var transition: Transition { Transition(c.transition) }
}

/// The selection in numbers (`kalends_selection`).
public struct Selection: Hashable, Sendable {
    public let c: kalends_selection
    public init(_ c: kalends_selection) { self.c = c }

    public var mode: SelectionMode { SelectionMode(rawValue: c.mode) ?? .none }
    public var count: Int32 { c.count }
    public var first: Int32? { c.count > 0 ? c.first : nil }
    public var last: Int32? { c.count > 0 ? c.last : nil }
    public var rangeComplete: Bool { c.range_complete == 1 }
    public var latest: Int32? { c.has_latest == 1 ? c.latest : nil }
}

/// One element of a layout (`kalends_element`).
public struct Element: Hashable, Sendable {
    public let c: kalends_element
    public init(_ c: kalends_element) { self.c = c }

    public var kind: ElementKind { ElementKind(rawValue: c.kind) ?? .none }
    public var index: Int32 { c.index }
    public var dayNumber: Int32 { c.day_number }
    public var flags: DayFlags { DayFlags(rawValue: c.flags) }
    public var frame: Rect { Rect(c.frame) }
    public var alpha: Double { c.alpha }
    public var outgoing: Bool { c.outgoing == 1 }
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

// JTAppleCalendar's date policies (kalends_in_dates; the out-dates are rows and outDates).

extension ViewOptions {
    /// Leading days of month pages: every month, the first month shown only, or none
    /// (hidden cells keep their place). `outDates` `.hide` hides them too.
    public var inDates: InDates {
        get { InDates(rawValue: c.in_dates) ?? .allMonths }
        set { c.in_dates = newValue.rawValue }
    }
    /// Month mode: months a page shows, 1...12 (the page's month first).
    public var months: Int32 {
        get { c.months }
        set { c.months = newValue }
    }
    /// Several months: page by all of them or by one.
    public var pageBehavior: PageBehavior {
        get { PageBehavior(rawValue: c.page_behavior) ?? .visible }
        set { c.page_behavior = newValue.rawValue }
    }
    /// Several months: months per row (0: as many as fit).
    public var monthColumns: Int32 {
        get { c.month_columns }
        set { c.month_columns = newValue }
    }
    public var monthSpacing: Double {
        get { c.month_spacing }
        set { c.month_spacing = newValue }
    }
}
