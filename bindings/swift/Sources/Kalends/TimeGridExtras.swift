// The time grid's timeline extras through the C ABI (kalends_view_time_grid_hidden,
// _line, _now, _shades, _stack_more), mirroring the Python API.
import CKalends

extension View {
    /// The time grid's default options (`kalends_time_grid_options_init`), to change and pass.
    public func timeGridOptions() throws(KalendsError) -> kalends_time_grid_options { try gridOptions(nil) }

    /// Per day, the timed events the hours shown hide whole (`kalends_view_time_grid_hidden`).
    public func timeGridHidden(_ store: EventStore?, zone: TimeZone? = nil,
                               options: kalends_time_grid_options? = nil) throws(KalendsError) -> [kalends_time_grid_hidden] {
        var o = try gridOptions(options)
        return try array(kalends_time_grid_hidden()) { library.c.viewTimeGridHidden(handle, store?.handle, zone?.handle, &o, $0, $1, $2) }
    }

    /// The line of wall time `seconds` of `day` across its column, nil when not drawn (`kalends_view_time_grid_line`).
    public func timeGridLine(_ store: EventStore?, zone: TimeZone? = nil, options: kalends_time_grid_options? = nil,
                             day: Int32, seconds: Int32) throws(KalendsError) -> kalends_time_grid_line? {
        var o = try gridOptions(options)
        var out = kalends_time_grid_line()
        try library.check(library.c.viewTimeGridLine(handle, store?.handle, zone?.handle, &o, day, seconds, &out))
        return out.shown != 0 ? out : nil
    }

    /// The now line for the instant `now` the host passes, nil when not drawn (`kalends_view_time_grid_now`).
    public func timeGridNow(_ store: EventStore?, zone: TimeZone? = nil, options: kalends_time_grid_options? = nil,
                            now: Int64) throws(KalendsError) -> kalends_time_grid_line? {
        var o = try gridOptions(options)
        var out = kalends_time_grid_line()
        try library.check(library.c.viewTimeGridNow(handle, store?.handle, zone?.handle, &o, now, &out))
        return out.shown != 0 ? out : nil
    }

    /// The stretches outside the view's business hours (`kalends_view_time_grid_shades`).
    public func timeGridShades(_ store: EventStore?, zone: TimeZone? = nil,
                               options: kalends_time_grid_options? = nil) throws(KalendsError) -> [kalends_time_grid_shade] {
        var o = try gridOptions(options)
        return try array(kalends_time_grid_shade()) { library.c.viewTimeGridShades(handle, store?.handle, zone?.handle, &o, $0, $1, $2) }
    }

    /// The "+N more" items of groups beyond `max_stack` (`kalends_view_time_grid_stack_more`).
    public func timeGridStackMore(_ store: EventStore?, zone: TimeZone? = nil,
                                  options: kalends_time_grid_options? = nil) throws(KalendsError) -> [kalends_event_more] {
        var o = try gridOptions(options)
        return try array(kalends_event_more()) { library.c.viewTimeGridStackMore(handle, store?.handle, zone?.handle, &o, $0, $1, $2) }
    }
}

extension View {
    /// The background source's events as stretches behind the columns (`kalends_view_time_grid_background`).
    public func timeGridBackground(_ store: EventStore?, zone: TimeZone? = nil,
                                   options: kalends_time_grid_options? = nil) throws(KalendsError) -> [kalends_time_grid_background] {
        var o = try gridOptions(options)
        return try array(kalends_time_grid_background()) {
            library.c.viewTimeGridBackground(handle, store?.handle, zone?.handle, &o, $0, $1, $2)
        }
    }
}
