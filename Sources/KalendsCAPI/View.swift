// kalends_view_*: lifetime, options, metrics, callbacks, mode, paging, selection, keys.
import CKalends
import KalendsCore

func viewOptionsInit() throws(KalendsError) -> kalends_view_options { ViewOptions().c }

func viewMetricsInit() throws(KalendsError) -> kalends_view_metrics { Metrics().c }

func viewNew(_ calendar: CalendarHandle?, _ options: kalends_view_options?, _ metrics: kalends_view_metrics?) throws(KalendsError) -> ViewHandle {
    ViewHandle(try View(calendar: calendar?.calendar ?? Calendar.default,
                        options: try options.map { (c) throws(KalendsError) in try ViewOptions(c) } ?? ViewOptions(),
                        metrics: try metrics.map { (c) throws(KalendsError) in try Metrics(c) } ?? Metrics()))
}

func viewGetOptions(_ h: ViewHandle, _ out: UnsafeMutablePointer<kalends_view_options>) throws(KalendsError) {
    writeVersioned(try h.with { (v: View) in v.options.c }, to: out)
}

func viewGetMetrics(_ h: ViewHandle, _ out: UnsafeMutablePointer<kalends_view_metrics>) throws(KalendsError) {
    writeVersioned(try h.with { (v: View) in v.metrics.c }, to: out)
}

func viewSetOptions(_ h: ViewHandle, _ options: kalends_view_options) throws(KalendsError) {
    let options = try ViewOptions(options)
    try h.with { (v: View) throws(KalendsError) in try v.setOptions(options) }
}

func viewSetMetrics(_ h: ViewHandle, _ metrics: kalends_view_metrics) throws(KalendsError) {
    let metrics = try Metrics(metrics)
    try h.with { (v: View) throws(KalendsError) in try v.setMetrics(metrics) }
}

func viewSetCalendar(_ h: ViewHandle, _ calendar: CalendarHandle) throws(KalendsError) {
    try h.with { (v: View) throws(KalendsError) in try v.setCalendar(calendar.calendar) }
}

func viewSetCallbacks(_ h: ViewHandle, _ callbacks: kalends_view_callbacks?) throws(KalendsError) {
    let bridged = callbacks.map(bridge) ?? ViewCallbacks()
    try h.with { (v: View) throws(KalendsError) in try v.setCallbacks(bridged) }
}

func viewSetMode(_ h: ViewHandle, _ mode: DisplayMode) throws(KalendsError) -> kalends_mode_change {
    try h.with { (v: View) throws(KalendsError) in try v.setMode(mode) }.c
}

func viewPage(_ h: ViewHandle) throws(KalendsError) -> kalends_page { try h.with { (v: View) in v.page }.c }

func viewNextPage(_ h: ViewHandle) throws(KalendsError) -> kalends_transition {
    try h.with { (v: View) throws(KalendsError) in try v.nextPage() }.c
}

func viewPreviousPage(_ h: ViewHandle) throws(KalendsError) -> kalends_transition {
    try h.with { (v: View) throws(KalendsError) in try v.previousPage() }.c
}

func viewGoTo(_ h: ViewHandle, _ date: kalends_date) throws(KalendsError) -> kalends_transition {
    let date = try Date(date)
    return try h.with { (v: View) throws(KalendsError) in try v.goTo(date) }.c
}

func viewGoToToday(_ h: ViewHandle) throws(KalendsError) -> kalends_transition {
    try h.with { (v: View) throws(KalendsError) in try v.goToToday() }.c
}

func viewSelect(_ h: ViewHandle, _ date: kalends_date) throws(KalendsError) -> kalends_action {
    let date = try Date(date)
    return try h.with { (v: View) throws(KalendsError) in try v.select(date) }.c
}

func viewDeselect(_ h: ViewHandle, _ date: kalends_date) throws(KalendsError) -> kalends_action {
    let date = try Date(date)
    return try h.with { (v: View) throws(KalendsError) in try v.deselect(date) }.c
}

func viewClearSelection(_ h: ViewHandle) throws(KalendsError) {
    try h.with { (v: View) throws(KalendsError) in try v.clearSelection() }
}

func viewSelection(_ h: ViewHandle) throws(KalendsError) -> kalends_selection {
    try h.with { (v: View) in v.selection.c(v.options.selectionMode) }
}

func viewSelectedDays(_ h: ViewHandle, _ out: ArrayOutput<Int32>) throws(KalendsError) {
    try h.with { (v: View) throws(KalendsError) in
        // Counted, not listed: a range of every supported date answers a size query at once.
        let selection = v.selection
        guard let buffer = try out.commit(selection.count) else { return }
        selection.forEachDay { i, day in buffer[i] = day }
    }
}

func viewSetHighlighted(_ h: ViewHandle, _ days: UnsafeBufferPointer<Int32>) throws(KalendsError) {
    try h.with { (v: View) throws(KalendsError) in try v.setHighlighted(Array(days)) }
}

func viewSetDisabled(_ h: ViewHandle, _ days: UnsafeBufferPointer<Int32>) throws(KalendsError) {
    try h.with { (v: View) throws(KalendsError) in try v.setDisabled(Array(days)) }
}

func viewHighlighted(_ h: ViewHandle, _ out: ArrayOutput<Int32>) throws(KalendsError) {
    try out.fill(try h.with { (v: View) in v.highlighted }) { $0 }
}

func viewDisabled(_ h: ViewHandle, _ out: ArrayOutput<Int32>) throws(KalendsError) {
    try out.fill(try h.with { (v: View) in v.disabledDays }) { $0 }
}

func viewFocus(_ h: ViewHandle) throws(KalendsError) -> kalends_date { try h.with { (v: View) in v.focus }.c }

func viewKey(_ h: ViewHandle, _ key: Key) throws(KalendsError) -> kalends_action {
    try h.with { (v: View) throws(KalendsError) in try v.key(key) }.c
}

