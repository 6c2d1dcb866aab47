// kalends_view_*: lifetime, options, metrics, callbacks, mode, paging, selection, keys.
import CKalends
import KalendsCore

@_cdecl("kalends_view_options_init")
public func kalendsViewOptionsInit(_ options: UnsafeMutablePointer<kalends_view_options>?) -> kalends_status {
    status { () throws(KalendsError) in try required(options, "options").pointee = ViewOptions().c }
}

@_cdecl("kalends_view_metrics_init")
public func kalendsViewMetricsInit(_ metrics: UnsafeMutablePointer<kalends_view_metrics>?) -> kalends_status {
    status { () throws(KalendsError) in try required(metrics, "metrics").pointee = Metrics().c }
}

@_cdecl("kalends_view_new")
public func kalendsViewNew(_ calendarHandle: OpaquePointer?, _ options: UnsafePointer<kalends_view_options>?,
                           _ metrics: UnsafePointer<kalends_view_metrics>?,
                           _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let cal = try calendarHandle.map { h throws(KalendsError) in try calendar(h) } ?? Calendar.default
        let opts = try options.map { p throws(KalendsError) in try ViewOptions(p.pointee) } ?? ViewOptions()
        let sizes = try metrics.map { p throws(KalendsError) in try Metrics(p.pointee) } ?? Metrics()
        let view = try View(calendar: cal, options: opts, metrics: sizes)
        out.pointee = try HandleRegistry.shared.register(ViewHandle(view), kind: .view)
    }
}

/// The shared shape of getters that copy an options-like struct with struct_size.
private func copyOut<T>(_ value: T, to out: UnsafeMutablePointer<T>?, size: Int, _ name: StaticString,
                        structSize: (UnsafeMutablePointer<T>) -> UInt32) throws(KalendsError) {
    let out = try required(out, "out")
    try checkStructSize(structSize(out), known: size, minimum: size, name)
    out.pointee = value
}

@_cdecl("kalends_view_get_options")
public func kalendsViewGetOptions(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_view_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        let value = try viewHandle(handle).with { (v: View) throws(KalendsError) in v.options.c }
        try copyOut(value, to: out, size: ViewOptions.cSize, "kalends_view_options") { $0.pointee.struct_size }
    }
}

@_cdecl("kalends_view_set_options")
public func kalendsViewSetOptions(_ handle: OpaquePointer?, _ options: UnsafePointer<kalends_view_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let opts = try ViewOptions(try required(options, "options"))
        try box.with { (v: View) throws(KalendsError) in try v.setOptions(opts) }
    }
}

@_cdecl("kalends_view_get_metrics")
public func kalendsViewGetMetrics(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_view_metrics>?) -> kalends_status {
    status { () throws(KalendsError) in
        let value = try viewHandle(handle).with { (v: View) throws(KalendsError) in v.metrics.c }
        try copyOut(value, to: out, size: Metrics.cSize, "kalends_view_metrics") { $0.pointee.struct_size }
    }
}

@_cdecl("kalends_view_set_metrics")
public func kalendsViewSetMetrics(_ handle: OpaquePointer?, _ metrics: UnsafePointer<kalends_view_metrics>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let sizes = try Metrics(try required(metrics, "metrics"))
        try box.with { (v: View) throws(KalendsError) in try v.setMetrics(sizes) }
    }
}

@_cdecl("kalends_view_set_calendar")
public func kalendsViewSetCalendar(_ handle: OpaquePointer?, _ calendarHandle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let cal = try calendar(calendarHandle)
        try box.with { (v: View) throws(KalendsError) in try v.setCalendar(cal) }
    }
}

@_cdecl("kalends_view_set_callbacks")
public func kalendsViewSetCallbacks(_ handle: OpaquePointer?,
                                    _ callbacks: UnsafePointer<kalends_view_callbacks>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let bridged: ViewCallbacks
        if let callbacks {
            let size = MemoryLayout<kalends_view_callbacks>.size
            try checkStructSize(callbacks.pointee.struct_size, known: size, minimum: size, "kalends_view_callbacks")
            bridged = bridge(callbacks.pointee)
        } else {
            bridged = ViewCallbacks()
        }
        try box.with { (v: View) throws(KalendsError) in try v.setCallbacks(bridged) }
    }
}

@_cdecl("kalends_view_set_mode")
public func kalendsViewSetMode(_ handle: OpaquePointer?, _ mode: Int32,
                               _ out: UnsafeMutablePointer<kalends_mode_change>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let m = try DisplayMode(checking: mode)
        let change = try box.with { (v: View) throws(KalendsError) in try v.setMode(m) }
        store(change.c, out)
    }
}

@_cdecl("kalends_view_page")
public func kalendsViewPage(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_page>?) -> kalends_status {
    status { () throws(KalendsError) in
        let page = try viewHandle(handle).with { (v: View) throws(KalendsError) in v.page }
        try required(out, "out").pointee = page.c
    }
}

/// Page changes share one shape: run `body` on the view, report the transition.
private func turn(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_transition>?,
                  _ body: (View) throws(KalendsError) -> Transition) -> kalends_status {
    status { () throws(KalendsError) in
        let t = try viewHandle(handle).with(body)
        store(t.c, out)
    }
}

@_cdecl("kalends_view_next_page")
public func kalendsViewNextPage(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_transition>?) -> kalends_status {
    turn(handle, out) { (v: View) throws(KalendsError) in try v.nextPage() }
}

@_cdecl("kalends_view_previous_page")
public func kalendsViewPreviousPage(_ handle: OpaquePointer?,
                                    _ out: UnsafeMutablePointer<kalends_transition>?) -> kalends_status {
    turn(handle, out) { (v: View) throws(KalendsError) in try v.previousPage() }
}

@_cdecl("kalends_view_go_to")
public func kalendsViewGoTo(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?,
                            _ out: UnsafeMutablePointer<kalends_transition>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let d = try Date(try required(date, "date"))
        let t = try box.with { (v: View) throws(KalendsError) in try v.goTo(d) }
        store(t.c, out)
    }
}

@_cdecl("kalends_view_go_to_today")
public func kalendsViewGoToToday(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_transition>?) -> kalends_status {
    turn(handle, out) { (v: View) throws(KalendsError) in try v.goToToday() }
}

/// Selection changes share one shape: a date in, an action out.
private func act(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?, _ out: UnsafeMutablePointer<kalends_action>?,
                 _ body: (View, Date) throws(KalendsError) -> Action) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let d = try Date(try required(date, "date"))
        let action = try box.with { (v: View) throws(KalendsError) in try body(v, d) }
        store(action.c, out)
    }
}

@_cdecl("kalends_view_select")
public func kalendsViewSelect(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?,
                              _ out: UnsafeMutablePointer<kalends_action>?) -> kalends_status {
    act(handle, date, out) { (v: View, d: Date) throws(KalendsError) in try v.select(d) }
}

@_cdecl("kalends_view_deselect")
public func kalendsViewDeselect(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?,
                                _ out: UnsafeMutablePointer<kalends_action>?) -> kalends_status {
    act(handle, date, out) { (v: View, d: Date) throws(KalendsError) in try v.deselect(d) }
}

@_cdecl("kalends_view_clear_selection")
public func kalendsViewClearSelection(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        try viewHandle(handle).with { (v: View) throws(KalendsError) in try v.clearSelection() }
    }
}

@_cdecl("kalends_view_selection")
public func kalendsViewSelection(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_selection>?) -> kalends_status {
    status { () throws(KalendsError) in
        let value = try viewHandle(handle).with { (v: View) throws(KalendsError) in v.selection.c(v.options.selectionMode) }
        try required(out, "out").pointee = value
    }
}

/// Day-number lists out of the view under the array convention.
private func dayList(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?, _ capacity: Int32,
                     _ count: UnsafeMutablePointer<Int32>?, _ body: (View) -> [Int32]) -> kalends_status {
    status { () throws(KalendsError) in
        let days = try viewHandle(handle).with { (v: View) throws(KalendsError) in body(v) }
        guard days.count <= Int(Int32.max) else {
            throw KalendsError(.outOfRange, "\(days.count) days do not fit an int32 count")
        }
        try fillArray(out, capacity, count, days) { $0 }
    }
}

@_cdecl("kalends_view_selected_days")
public func kalendsViewSelectedDays(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?, _ capacity: Int32,
                                    _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        try viewHandle(handle).with { (v: View) throws(KalendsError) in
            // Counted, not listed: a range of every supported date answers a size query at once.
            let selection = v.selection
            guard selection.count <= Int(Int32.max) else {
                throw KalendsError(.outOfRange, "\(selection.count) days do not fit an int32 count")
            }
            guard let buffer = try ArrayOutput(out, capacity, count).commit(selection.count) else { return }
            selection.forEachDay { i, day in buffer[i] = day }
        }
    }
}

@_cdecl("kalends_view_highlighted")
public func kalendsViewHighlighted(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?, _ capacity: Int32,
                                   _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    dayList(handle, out, capacity, count) { $0.highlighted }
}

@_cdecl("kalends_view_disabled")
public func kalendsViewDisabled(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?, _ capacity: Int32,
                                _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    dayList(handle, out, capacity, count) { $0.disabledDays }
}

@_cdecl("kalends_view_set_highlighted")
public func kalendsViewSetHighlighted(_ handle: OpaquePointer?, _ days: UnsafePointer<Int32>?, _ count: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let list = try inputArray(days, count, "days")
        try box.with { (v: View) throws(KalendsError) in try v.setHighlighted(list) }
    }
}

@_cdecl("kalends_view_set_disabled")
public func kalendsViewSetDisabled(_ handle: OpaquePointer?, _ days: UnsafePointer<Int32>?, _ count: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let list = try inputArray(days, count, "days")
        try box.with { (v: View) throws(KalendsError) in try v.setDisabled(list) }
    }
}

@_cdecl("kalends_view_focus")
public func kalendsViewFocus(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_date>?) -> kalends_status {
    status { () throws(KalendsError) in
        let focus = try viewHandle(handle).with { (v: View) throws(KalendsError) in v.focus }
        try required(out, "out").pointee = focus.c
    }
}

@_cdecl("kalends_view_key")
public func kalendsViewKey(_ handle: OpaquePointer?, _ key: Int32, _ out: UnsafeMutablePointer<kalends_action>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let k = try Key(checking: key)
        let action = try box.with { (v: View) throws(KalendsError) in try v.key(k) }
        store(action.c, out)
    }
}
