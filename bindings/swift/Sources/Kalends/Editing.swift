// The time grid of week and day pages and event editing through the C ABI
// (kalends_view_time_grid*, kalends_view_edit_*), mirroring the Python API.
import CKalends

extension View {
    /// Reads an array by the array conventions: a size query, then the fill.
    func array<T>(_ empty: T, _ call: (UnsafeMutablePointer<T>?, Int32, UnsafeMutablePointer<Int32>) -> kalends_status) throws(KalendsError) -> [T] {
        var count: Int32 = 0
        let probe = call(nil, 0, &count)
        if probe != KALENDS_E_BUFFER_TOO_SMALL { try library.check(probe) }
        var buffer = [T](repeating: empty, count: Int(max(count, 1)))
        let capacity = count
        let status = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress, capacity, &count) }
        try library.check(status)
        return Array(buffer.prefix(Int(count)))
    }

    func gridOptions(_ options: kalends_time_grid_options?) throws(KalendsError) -> kalends_time_grid_options {
        if let options { return options }
        var o = kalends_time_grid_options()
        try library.check(library.c.timeGridOptionsInit(&o))
        return o
    }

    /// The time grid of this page over `store`'s events in `zone` (nil: UTC): its hours,
    /// strip and grid frames (`kalends_view_time_grid`).
    public func timeGrid(_ store: EventStore?, zone: TimeZone? = nil,
                         options: kalends_time_grid_options? = nil) throws(KalendsError) -> kalends_time_grid {
        var o = try gridOptions(options)
        var out = kalends_time_grid()
        try library.check(library.c.viewTimeGrid(handle, store?.handle, zone?.handle, &o, &out))
        return out
    }

    /// The grid's day columns (`kalends_view_time_grid_columns`).
    public func timeGridColumns(_ store: EventStore?, zone: TimeZone? = nil,
                                options: kalends_time_grid_options? = nil) throws(KalendsError) -> [kalends_time_grid_column] {
        var o = try gridOptions(options)
        return try array(kalends_time_grid_column()) { library.c.viewTimeGridColumns(handle, store?.handle, zone?.handle, &o, $0, $1, $2) }
    }

    /// The grid's timed event boxes, day by day (`kalends_view_time_grid_items`).
    public func timeGridItems(_ store: EventStore?, zone: TimeZone? = nil,
                              options: kalends_time_grid_options? = nil) throws(KalendsError) -> [kalends_time_grid_item] {
        var o = try gridOptions(options)
        return try array(kalends_time_grid_item()) { library.c.viewTimeGridItems(handle, store?.handle, zone?.handle, &o, $0, $1, $2) }
    }

    /// The day and wall time under (x, y) (`kalends_view_time_grid_spot`).
    public func timeGridSpot(_ store: EventStore?, zone: TimeZone? = nil, options: kalends_time_grid_options? = nil,
                             x: Double, y: Double) throws(KalendsError) -> kalends_time_grid_spot {
        var o = try gridOptions(options)
        var out = kalends_time_grid_spot()
        try library.check(library.c.viewTimeGridSpot(handle, store?.handle, zone?.handle, &o, x, y, &out))
        return out
    }

    /// The edit options (`kalends_edit_options`; editing is off until `editable` is 1).
    public func editOptions() throws(KalendsError) -> kalends_edit_options {
        var out = kalends_edit_options()
        out.struct_size = UInt32(MemoryLayout<kalends_edit_options>.size)
        try library.check(library.c.viewGetEditOptions(handle, &out))
        return out
    }

    public func setEditOptions(_ options: kalends_edit_options) throws(KalendsError) {
        var o = options
        try library.check(library.c.viewSetEditOptions(handle, &o))
    }

    /// Business hours (several a weekday allowed); an empty list: none.
    public func setBusinessHours(_ hours: [kalends_business_hours]) throws(KalendsError) {
        let status = hours.withUnsafeBufferPointer { library.c.viewSetBusinessHours(handle, $0.baseAddress, Int32(clamping: $0.count)) }
        try library.check(status)
    }

    /// Begins an edit of `kind` (an event move, resize or create) on `event`'s occurrence
    /// `recurrenceID` (0: a single event) at `at`.
    public func beginEdit(_ kind: GestureKind, event: Int64 = 0, recurrenceID: Int64 = 0,
                          at: kalends_edit_point) throws(KalendsError) -> kalends_edit_state {
        var p = at
        var out = kalends_edit_state()
        try library.check(library.c.viewEditBegin(handle, kind.rawValue, event, recurrenceID, &p, &out))
        return out
    }

    public func updateEdit(to: kalends_edit_point) throws(KalendsError) -> kalends_edit_state {
        var p = to
        var out = kalends_edit_state()
        try library.check(library.c.viewEditUpdate(handle, &p, &out))
        return out
    }

    public func commitEdit() throws(KalendsError) -> kalends_edit_state {
        var out = kalends_edit_state()
        try library.check(library.c.viewEditCommit(handle, &out))
        return out
    }

    @discardableResult
    public func cancelEdit() throws(KalendsError) -> kalends_edit_state {
        var out = kalends_edit_state()
        try library.check(library.c.viewEditCancel(handle, &out))
        return out
    }

    /// Moves or resizes an event by a key, begun and committed at once.
    public func editKey(_ key: EditKey, event: Int64, recurrenceID: Int64 = 0) throws(KalendsError) -> kalends_edit_state {
        var out = kalends_edit_state()
        try library.check(library.c.viewEditKey(handle, event, recurrenceID, key.rawValue, &out))
        return out
    }

    /// The boxes of the days the edit changes, with the event at its proposed times.
    public func editPreview(options: kalends_time_grid_options? = nil) throws(KalendsError) -> [kalends_time_grid_item] {
        var o = try gridOptions(options)
        return try array(kalends_time_grid_item()) { library.c.viewEditPreview(handle, &o, $0, $1, $2) }
    }
}
