// kalends/time_grid.h: the timeline extras of week and day pages (hidden events, a time's line, the now line, shades).
import CKalends
import KalendsCore

func viewTimeGridHidden(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                        _ out: ArrayOutput<kalends_time_grid_hidden>) throws(KalendsError) {
    let hidden = try withGridAndView(view, store, zone, options) { (g, _) throws(KalendsError) in try g.hidden() }
    guard let buffer = try out.commit(hidden.count) else { return }
    for (i, h) in hidden.enumerated() {
        buffer[i] = kalends_time_grid_hidden(day: h.day, before: Int32(clamping: h.before), after: Int32(clamping: h.after), reserved: 0)
    }
}

extension TimeGrid.Line {
    var c: kalends_time_grid_line {
        kalends_time_grid_line(shown: shown ? 1 : 0, column: Int32(clamping: column), day: day, seconds: seconds, frame: frame.c)
    }
}

func viewTimeGridLine(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                      _ day: Int32, _ seconds: Int32) throws(KalendsError) -> kalends_time_grid_line {
    try withGridAndView(view, store, zone, options) { (g, _) throws(KalendsError) in try g.line(day: day, seconds: seconds).c }
}

func viewTimeGridNow(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                     _ now: Int64) throws(KalendsError) -> kalends_time_grid_line {
    try withGridAndView(view, store, zone, options) { (g, _) throws(KalendsError) in try g.nowLine(at: now).c }
}

func viewTimeGridShades(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                        _ out: ArrayOutput<kalends_time_grid_shade>) throws(KalendsError) {
    let shades = try withGridAndView(view, store, zone, options) { (g, v) in g.shades(outside: v.businessHours) }
    guard let buffer = try out.commit(shades.count) else { return }
    for (i, s) in shades.enumerated() {
        buffer[i] = kalends_time_grid_shade(day: s.day, column: Int32(clamping: s.column), start: s.start, end: s.end, frame: s.frame.c)
    }
}

func viewTimeGridStackMore(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                           _ out: ArrayOutput<kalends_event_more>) throws(KalendsError) {
    let more = try withGridAndView(view, store, zone, options) { (g, _) throws(KalendsError) in try g.stackMore() }
    guard let buffer = try out.commit(more.count) else { return }
    for (i, m) in more.enumerated() { buffer[i] = kalends_event_more(day: m.day, hidden: Int32(clamping: m.hidden), frame: m.frame.c) }
}

func viewTimeGridBackground(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                            _ out: ArrayOutput<kalends_time_grid_background>) throws(KalendsError) {
    let found = try withGridAndView(view, store, zone, options) { (g, _) throws(KalendsError) in try g.background() }
    guard let buffer = try out.commit(found.count) else { return }
    for (i, b) in found.enumerated() {
        buffer[i] = kalends_time_grid_background(event: b.event, recurrence_id: b.recurrenceID ?? 0, recurring: b.recurrenceID == nil ? 0 : 1,
                                                 day: b.day, column: Int32(clamping: b.column), start: b.start, end: b.end, reserved: 0,
                                                 frame: b.frame.c)
    }
}
