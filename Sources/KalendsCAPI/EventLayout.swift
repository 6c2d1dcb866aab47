// kalends_view_event_bars, kalends_store_timeline and their options.
import CKalends
import KalendsCore

extension MonthBars.Options {
    init(_ c: kalends_bar_options?) {
        guard let c else {
            self.init()
            return
        }
        self.init(maxLanes: Int(c.max_lanes), barHeight: c.bar_height, laneSpacing: c.lane_spacing, topInset: c.top_inset,
                  sideInset: c.side_inset)
    }
}

extension Timeline.Options {
    init(_ c: kalends_timeline_options?) {
        guard let c else {
            self.init()
            return
        }
        self.init(left: c.left, top: c.top, width: c.width, hourHeight: c.hour_height, firstHour: Int(c.first_hour),
                  lastHour: Int(c.last_hour), minHeight: c.min_height, spacing: c.spacing, maxEvents: Int(c.max_events))
    }
}

extension kalends_timeline_options {
    /// A caller built with the header before max_events (its struct ends there, 64 bytes)
    /// is read with max_events' default, 0 (every event).
    static func checkSize(_ size: UInt32) throws(KalendsError) {
        let known = MemoryLayout<Self>.size
        try checkStructSize(size, known: known, minimum: MemoryLayout<Self>.offset(of: \.max_events) ?? known, cName)
    }
}

func barOptionsInit() throws(KalendsError) -> kalends_bar_options {
    let d = MonthBars.Options()
    return kalends_bar_options(struct_size: UInt32(MemoryLayout<kalends_bar_options>.size), max_lanes: Int32(d.maxLanes),
                               bar_height: d.barHeight, lane_spacing: d.laneSpacing, top_inset: d.topInset, side_inset: d.sideInset)
}

func timelineOptionsInit() throws(KalendsError) -> kalends_timeline_options {
    let d = Timeline.Options()
    return kalends_timeline_options(struct_size: UInt32(MemoryLayout<kalends_timeline_options>.size), first_hour: Int32(d.firstHour),
                                    last_hour: Int32(d.lastHour), reserved: 0, left: d.left, top: d.top, width: d.width,
                                    hour_height: d.hourHeight, min_height: d.minHeight, spacing: d.spacing,
                                    max_events: Int32(clamping: d.maxEvents), reserved2: 0)
}

/// The month bars of a view's page over a store into the caller's two arrays, each bar
/// converted by `convert` (kalends_view_event_bars and kalends_view_occurrence_bars).
private func monthBars<Out>(_ view: ViewHandle, _ store: StoreHandle, _ zone: TimezoneHandle?, _ options: kalends_bar_options?,
                            _ bars: ArrayOutput<Out>, _ more: ArrayOutput<kalends_event_more>,
                            _ convert: (MonthBars.Bar) -> Out) throws(KalendsError) {
    let cells = try view.with { (v: View) throws(KalendsError) in try v.monthCells() }
    let found = try store.with { (s) throws(KalendsError) in
        try s.monthBars(overMonths: cells, options: MonthBars.Options(options), in: zone.days)
    }
    bars.setCount(found.bars.count)
    more.setCount(found.more.count)
    let barBuffer = try bars.buffer(for: found.bars.count), moreBuffer = try more.buffer(for: found.more.count)
    for (i, b) in found.bars.enumerated() { barBuffer?[i] = convert(b) }
    for (i, m) in found.more.enumerated() { moreBuffer?[i] = kalends_event_more(day: m.day, hidden: Int32(clamping: m.hidden), frame: m.frame.c) }
}

func viewEventBars(_ view: ViewHandle, _ store: StoreHandle, _ zone: TimezoneHandle?, _ options: kalends_bar_options?,
                   _ bars: ArrayOutput<kalends_event_bar>, _ more: ArrayOutput<kalends_event_more>) throws(KalendsError) {
    try monthBars(view, store, zone, options, bars, more) { kalends_event_bar($0) }
}

func viewOccurrenceBars(_ view: ViewHandle, _ store: StoreHandle, _ zone: TimezoneHandle?, _ options: kalends_bar_options?,
                        _ bars: ArrayOutput<kalends_occurrence_bar>, _ more: ArrayOutput<kalends_event_more>) throws(KalendsError) {
    try monthBars(view, store, zone, options, bars, more) { b in
        kalends_occurrence_bar(bar: kalends_event_bar(b), recurrence_id: b.recurrenceID ?? 0, recurring: b.recurrenceID == nil ? 0 : 1,
                               reserved: 0)
    }
}

extension kalends_event_bar {
    init(_ b: MonthBars.Bar) {
        self.init(event: b.event, row: Int32(b.row), first_column: Int32(b.firstColumn), last_column: Int32(b.lastColumn),
                  lane: Int32(b.lane), continues_before: b.continuesBefore ? 1 : 0, continues_after: b.continuesAfter ? 1 : 0,
                  frame: b.frame.c)
    }
}

/// A day's timeline items of a store, each converted by `convert`, by the array conventions:
/// its size counted before anything is laid out when the buffer may be short (see
/// `EventStore.timeline(_:options:in:capacity:)`).
private func timeline<T>(_ store: StoreHandle, _ zone: TimezoneHandle?, _ day: Int32, _ options: kalends_timeline_options?,
                         _ out: ArrayOutput<T>, _ convert: (Timeline.Item) -> T) throws(KalendsError) {
    let found = try store.with { (s) throws(KalendsError) in
        try s.timeline(day, options: Timeline.Options(options), in: zone.days, capacity: out.limit)
    }
    guard let buffer = try out.commit(found.count), let items = found.items else { return }
    for (i, t) in items.enumerated() { buffer[i] = convert(t) }
}

func storeTimeline(_ store: StoreHandle, _ zone: TimezoneHandle?, _ day: Int32, _ options: kalends_timeline_options?,
                   _ out: ArrayOutput<kalends_timeline_item>) throws(KalendsError) {
    try timeline(store, zone, day, options, out) { $0.c }
}

func storeOccurrenceTimeline(_ store: StoreHandle, _ zone: TimezoneHandle?, _ day: Int32, _ options: kalends_timeline_options?,
                             _ out: ArrayOutput<kalends_occurrence_item>) throws(KalendsError) {
    try timeline(store, zone, day, options, out) { t in
        kalends_occurrence_item(item: t.c, recurrence_id: t.recurrenceID ?? 0, recurring: t.recurrenceID == nil ? 0 : 1, reserved: 0)
    }
}

extension Timeline.Item {
    var c: kalends_timeline_item {
        kalends_timeline_item(event: event, column: Int32(column), columns: Int32(columns), span: Int32(span),
                              clipped_start: clippedStart ? 1 : 0, clipped_end: clippedEnd ? 1 : 0, reserved: 0, frame: frame.c)
    }
}
