// kalends/time_grid.h: the time grid of week and day pages.
import CKalends
import KalendsCore

extension TimeGrid.Options {
    init(_ c: kalends_time_grid_options?) {
        guard let c else {
            self.init()
            return
        }
        self.init(firstHour: Int(c.first_hour), lastHour: Int(c.last_hour), fitEvents: c.fit_events != 0, hourHeight: c.hour_height,
                  minHeight: c.min_height, stripBarHeight: c.strip_bar_height, stripLaneSpacing: c.strip_lane_spacing,
                  stripLanes: Int(c.strip_lanes), stripPadding: c.strip_padding, stripGap: c.strip_gap, gridGap: c.grid_gap,
                  eventLeading: c.event_leading, eventTrailing: c.event_trailing, eventSpacing: c.event_spacing)
        maxStack = Int(c.max_stack)
        backgroundSource = c.background_source
    }
}

func timeGridOptionsInit() throws(KalendsError) -> kalends_time_grid_options {
    let d = TimeGrid.Options()
    return kalends_time_grid_options(struct_size: UInt32(MemoryLayout<kalends_time_grid_options>.size), first_hour: Int32(d.firstHour),
                                     last_hour: Int32(d.lastHour), fit_events: d.fitEvents ? 1 : 0, hour_height: d.hourHeight,
                                     min_height: d.minHeight, strip_bar_height: d.stripBarHeight,
                                     strip_lane_spacing: d.stripLaneSpacing, strip_lanes: Int32(d.stripLanes), reserved: 0,
                                     strip_padding: d.stripPadding, strip_gap: d.stripGap, grid_gap: d.gridGap,
                                     event_leading: d.eventLeading, event_trailing: d.eventTrailing, event_spacing: d.eventSpacing,
                                     max_stack: Int32(d.maxStack), background_source: d.backgroundSource)
}

/// The grid of a view's page over a store (the view's lock, then the store's), and what
/// `body` reads of it.
private func withGrid<T>(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                         _ body: (TimeGrid) throws(KalendsError) -> T) throws(KalendsError) -> T {
    try withGridAndView(view, store, zone, options) { (g, _) throws(KalendsError) -> T in try body(g) }
}

/// As `withGrid`, `body` reading the view too (under the same lock).
func withGridAndView<T>(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                        _ body: (TimeGrid, View) throws(KalendsError) -> T) throws(KalendsError) -> T {
    try view.with { (v: View) throws(KalendsError) -> T in
        let grid: TimeGrid
        if let store {
            grid = try store.with { (s) throws(KalendsError) in try v.timeGrid(s, options: TimeGrid.Options(options), in: zone.days) }
        } else {
            grid = try v.timeGrid(nil, options: TimeGrid.Options(options), in: zone.days)
        }
        return try body(grid, v)
    }
}

func viewTimeGrid(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?,
                  _ options: kalends_time_grid_options?) throws(KalendsError) -> kalends_time_grid {
    try withGrid(view, store, zone, options) { g in
        kalends_time_grid(first_hour: Int32(g.firstHour), last_hour: Int32(g.lastHour), lanes: Int32(clamping: g.lanes),
                          columns: Int32(g.columns.count), hour_height: g.options.hourHeight, height: g.height, strip: g.strip.c,
                          grid: g.grid.c)
    }
}

func viewTimeGridColumns(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                         _ out: ArrayOutput<kalends_time_grid_column>) throws(KalendsError) {
    let columns = try withGrid(view, store, zone, options) { g in g.columns }
    guard let buffer = try out.commit(columns.count) else { return }
    for (i, c) in columns.enumerated() {
        buffer[i] = kalends_time_grid_column(day: c.day, flags: c.flags.rawValue, frame: c.frame.c, strip: c.strip.c)
    }
}

func viewTimeGridHours(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                       _ out: ArrayOutput<kalends_time_grid_hour>) throws(KalendsError) {
    let hours = try withGrid(view, store, zone, options) { g in g.hours() }
    guard let buffer = try out.commit(hours.count) else { return }
    for (i, h) in hours.enumerated() { buffer[i] = kalends_time_grid_hour(hour: Int32(h.hour), reserved: 0, frame: h.frame.c, label: h.label.c) }
}

func viewTimeGridItems(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                       _ out: ArrayOutput<kalends_time_grid_item>) throws(KalendsError) {
    let items = try withGrid(view, store, zone, options) { (g) throws(KalendsError) in try g.items() }
    guard let buffer = try out.commit(items.count) else { return }
    for (i, t) in items.enumerated() { buffer[i] = t.c }
}

extension TimeGrid.Item {
    var c: kalends_time_grid_item {
        kalends_time_grid_item(day: day, reserved: 0,
                               item: kalends_occurrence_item(item: item.c, recurrence_id: item.recurrenceID ?? 0,
                                                             recurring: item.recurrenceID == nil ? 0 : 1, reserved: 0))
    }
}

func viewTimeGridBars(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                      _ bars: ArrayOutput<kalends_occurrence_bar>, _ more: ArrayOutput<kalends_event_more>) throws(KalendsError) {
    let found = try withGrid(view, store, zone, options) { (g) throws(KalendsError) in try g.bars() }
    bars.setCount(found.bars.count)
    more.setCount(found.more.count)
    let barBuffer = try bars.buffer(for: found.bars.count), moreBuffer = try more.buffer(for: found.more.count)
    for (i, b) in found.bars.enumerated() {
        barBuffer?[i] = kalends_occurrence_bar(bar: kalends_event_bar(b), recurrence_id: b.recurrenceID ?? 0,
                                               recurring: b.recurrenceID == nil ? 0 : 1, reserved: 0)
    }
    for (i, m) in found.more.enumerated() { moreBuffer?[i] = kalends_event_more(day: m.day, hidden: Int32(clamping: m.hidden), frame: m.frame.c) }
}

func viewTimeGridSpot(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?, _ options: kalends_time_grid_options?,
                      _ x: Double, _ y: Double) throws(KalendsError) -> kalends_time_grid_spot {
    let s = try withGrid(view, store, zone, options) { (g) throws(KalendsError) in try g.spot(at: Point(x: x, y: y)) }
    return kalends_time_grid_spot(area: s.area.rawValue, day: s.day, seconds: s.seconds, reserved: 0)
}
