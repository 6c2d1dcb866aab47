// kalends_scroll and kalends_flow_* through the C ABI.
import CKalends

/// A scrolling calendar (`kalends_scroll`), immutable once made.
public final class Scroll: @unchecked Sendable {
    public let library: Library
    public let handle: OpaquePointer

    /// `firstMonth`/`lastMonth`: any day of those months (`lastMonth` nil: open-ended).
    /// The other options are the library's defaults (kalends_scroll_options_init:
    /// vertical, variable rows, out-dates hidden, weekday rows, 24 points between
    /// months) unless given.
    public init(calendar: Calendar? = nil, firstMonth: Date, lastMonth: Date? = nil, axis: Axis? = nil,
                rows: Rows? = nil, outDates: OutDates? = nil, showWeekdays: Bool? = nil, monthSpacing: Double? = nil,
                inDates: InDates? = nil, metrics: Metrics, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library ?? calendar?.library)
        var o = kalends_scroll_options()
        try lib.check(lib.c.scrollOptionsInit(&o))
        o.first_month = firstMonth.c
        if let lastMonth { o.has_last_month = 1; o.last_month = lastMonth.c }
        if let axis { o.axis = axis.rawValue }
        if let rows { o.rows = rows.rawValue }
        if let outDates { o.out_dates = outDates.rawValue }
        if let showWeekdays { o.show_weekdays = showWeekdays ? 1 : 0 }
        if let monthSpacing { o.month_spacing = monthSpacing }
        if let inDates { o.in_dates = inDates.rawValue }
        var m = metrics.c
        var out: OpaquePointer?
        try lib.check(lib.c.scrollNew(calendar?.handle, &o, &m, &out))
        guard let out else { throw KalendsError(.misuse, "kalends_scroll_new returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.c.scrollFree(handle) }

    public var monthCount: Int32 {
        get throws(KalendsError) {
            var out: Int32 = 0
            try library.check(library.c.scrollMonthCount(handle, &out))
            return out
        }
    }

    public func contentSize() throws(KalendsError) -> (size: Size, unbounded: Bool) {
        var out = kalends_size()
        var unbounded: Int32 = 0
        try library.check(library.c.scrollContentSize(handle, &out, &unbounded))
        return (Size(width: out.width, height: out.height), unbounded == 1)
    }

    public func elements(in viewport: Rect) throws(KalendsError) -> [Element] {
        var vp = kalends_rect(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
        var count: Int32 = 0
        try library.check(library.c.scrollElements(handle, &vp, nil, 0, &count))
        var buffer = [kalends_element](repeating: kalends_element(), count: Int(max(count, 1)))
        let capacity = count
        let status = buffer.withUnsafeMutableBufferPointer { library.c.scrollElements(handle, &vp, $0.baseAddress, capacity, &count) }
        try library.check(status)
        return buffer.prefix(Int(count)).map(Element.init)
    }

    public func visibleDays(in viewport: Rect) throws(KalendsError) -> DayRange? {
        var vp = kalends_rect(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
        var out = kalends_day_range()
        let status = library.c.scrollVisibleDays(handle, &vp, &out)
        if status == KALENDS_E_NOT_FOUND { return nil }
        try library.check(status)
        return DayRange(out)
    }

    public func visibleMonths(in viewport: Rect) throws(KalendsError) -> (first: Date, last: Date)? {
        var vp = kalends_rect(x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
        var first = kalends_date(), last = kalends_date()
        let status = library.c.scrollVisibleMonths(handle, &vp, &first, &last)
        if status == KALENDS_E_NOT_FOUND { return nil }
        try library.check(status)
        return (try Date(year: first.year, month: first.month, day: first.day, library: library),
                try Date(year: last.year, month: last.month, day: last.day, library: library))
    }

    public func offset(for date: Date, position: ScrollPosition = .start, viewportLength: Double) throws(KalendsError) -> Double {
        var c = date.c
        var out = 0.0
        try library.check(library.c.scrollOffset(handle, &c, position.rawValue, viewportLength, &out))
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
    try lib.check(lib.c.flowOptionsInit(&o))
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
            lib.c.flowLayout(s.baseAddress, Int32(items.count), &o, f.baseAddress, Int32(items.count), &count, &size)
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
            lib.c.flowFit(s.baseAddress, Int32(items.count), &o, &b, &m, f.baseAddress, Int32(items.count), &count, &result)
        }
    }
    try lib.check(status)
    return FitResult(frames: frames.prefix(Int(count)).map(Rect.init), more: result.has_more == 1 ? Rect(result.more) : nil,
                     hidden: result.hidden)
}
