// C structs <-> KalendsCore view values. Every conversion from C checks what it reads.
import CKalends
import KalendsCore

extension ViewOptions {
    static let cSize = MemoryLayout<kalends_view_options>.size

    init(_ c: kalends_view_options) throws(KalendsError) {
        self.init(mode: try DisplayMode(checking: c.mode), rows: try Rows(checking: c.rows),
                  outDates: try OutDates(checking: c.out_dates), selectionMode: try SelectionMode(checking: c.selection_mode),
                  outDateTap: try OutDateTap(checking: c.out_date_tap), rightToLeft: try flag(c.right_to_left, "right_to_left"),
                  minDate: try flag(c.has_min_date, "has_min_date") ? try Date(c.min_date) : nil,
                  maxDate: try flag(c.has_max_date, "has_max_date") ? try Date(c.max_date) : nil,
                  inDates: try InDates(checking: c.in_dates), months: c.months,
                  pageBehavior: try PageBehavior(checking: c.page_behavior), monthColumns: c.month_columns,
                  monthSpacing: c.month_spacing)
        try validate()
    }

    var c: kalends_view_options {
        var out = kalends_view_options()
        out.struct_size = UInt32(ViewOptions.cSize)
        out.mode = mode.rawValue
        out.rows = rows.rawValue
        out.out_dates = outDates.rawValue
        out.selection_mode = selectionMode.rawValue
        out.out_date_tap = outDateTap.rawValue
        out.right_to_left = rightToLeft ? 1 : 0
        out.in_dates = inDates.rawValue
        out.months = months
        out.page_behavior = pageBehavior.rawValue
        out.month_columns = monthColumns
        out.month_spacing = monthSpacing
        if let minDate {
            out.has_min_date = 1
            out.min_date = minDate.c
        }
        if let maxDate {
            out.has_max_date = 1
            out.max_date = maxDate.c
        }
        return out
    }
}

/// A C boolean: 0 or 1, nothing else.
func flag(_ value: Int32, _ name: String) throws(KalendsError) -> Bool {
    guard value == 0 || value == 1 else { throw invalid("\(name) \(value) is neither 0 nor 1") }
    return value == 1
}

extension Metrics {
    static let cSize = MemoryLayout<kalends_view_metrics>.size

    init(_ c: kalends_view_metrics) throws(KalendsError) {
        let rowHeight: RowHeight
        switch c.row_height_mode {
        case KALENDS_ROW_HEIGHT_SQUARE: rowHeight = .square
        case KALENDS_ROW_HEIGHT_FIXED: rowHeight = .fixed(c.row_height)
        case KALENDS_ROW_HEIGHT_ASPECT_RATIO: rowHeight = .aspectRatio(c.row_height)
        default: throw invalid("row height mode \(c.row_height_mode) is not one of 0 (square), 1 (fixed), 2 (aspect ratio)")
        }
        self.init(width: c.width, headerHeight: c.header_height, weekdayHeight: c.weekday_height,
                  insets: Insets(top: c.inset_top, left: c.inset_left, bottom: c.inset_bottom, right: c.inset_right),
                  columnSpacing: c.column_spacing, rowSpacing: c.row_spacing, rowHeight: rowHeight, scale: c.scale)
        try validate()
    }

    var c: kalends_view_metrics {
        var out = kalends_view_metrics()
        out.struct_size = UInt32(Metrics.cSize)
        switch rowHeight {
        case .square: out.row_height_mode = KALENDS_ROW_HEIGHT_SQUARE
        case .fixed(let h):
            out.row_height_mode = KALENDS_ROW_HEIGHT_FIXED
            out.row_height = h
        case .aspectRatio(let r):
            out.row_height_mode = KALENDS_ROW_HEIGHT_ASPECT_RATIO
            out.row_height = r
        }
        out.width = width
        out.header_height = headerHeight
        out.weekday_height = weekdayHeight
        out.inset_top = insets.top
        out.inset_left = insets.left
        out.inset_bottom = insets.bottom
        out.inset_right = insets.right
        out.column_spacing = columnSpacing
        out.row_spacing = rowSpacing
        out.scale = scale
        return out
    }
}

extension Size {
    init(_ c: kalends_size) { self.init(width: c.width, height: c.height) }
    var c: kalends_size { kalends_size(width: width, height: height) }
}

extension Rect {
    init(_ c: kalends_rect) { self.init(x: c.x, y: c.y, width: c.width, height: c.height) }
    var c: kalends_rect { kalends_rect(x: x, y: y, width: width, height: height) }
}

extension Page {
    var c: kalends_page {
        kalends_page(mode: mode.rawValue, anchor: anchor, year: year, month: month, first: first, last: last)
    }
}

extension Transition {
    var c: kalends_transition { kalends_transition(direction: direction.rawValue, from: from.c, to: to.c) }
}

extension ModeChange {
    var c: kalends_mode_change {
        let known = heightBefore != nil && heightAfter != nil
        return kalends_mode_change(from: from.rawValue, to: to.rawValue, has_heights: known ? 1 : 0,
                                   height_before: heightBefore ?? 0, height_after: heightAfter ?? 0)
    }
}

extension Action {
    var c: kalends_action {
        kalends_action(outcome: outcome.rawValue, has_day: day == nil ? 0 : 1, day: day ?? 0, transition: transition.c)
    }
}

extension Element {
    var c: kalends_element {
        kalends_element(kind: kind.rawValue, index: index, day_number: dayNumber, flags: flags.rawValue, frame: frame.c,
                        alpha: alpha, outgoing: outgoing ? 1 : 0, reserved: 0)
    }
}

extension Selection {
    func c(_ mode: SelectionMode) -> kalends_selection {
        let b = bounds
        return kalends_selection(mode: mode.rawValue, count: Int32(clamping: count), first: b?.first ?? 0,
                                 last: b?.last ?? 0, range_complete: isRangeComplete ? 1 : 0,
                                 has_latest: latest == nil ? 0 : 1, latest: latest ?? 0)
    }
}
