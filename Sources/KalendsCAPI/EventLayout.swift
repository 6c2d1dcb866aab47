// kalends_view_event_bars, kalends_store_timeline and their options.
import CKalends
import KalendsCore

extension MonthBars.Options {
    static let cSize = MemoryLayout<kalends_bar_options>.size

    init(_ c: kalends_bar_options?) throws(KalendsError) {
        self.init()
        guard let c else { return }
        try checkStructSize(c.struct_size, known: MonthBars.Options.cSize, minimum: MonthBars.Options.cSize, "kalends_bar_options")
        self.init(maxLanes: Int(c.max_lanes), barHeight: c.bar_height, laneSpacing: c.lane_spacing, topInset: c.top_inset,
                  sideInset: c.side_inset)
    }
}

extension Timeline.Options {
    static let cSize = MemoryLayout<kalends_timeline_options>.size
    /// The struct before max_events (a caller built with that header).
    static let cSizeWithoutMaxEvents = MemoryLayout<kalends_timeline_options>.offset(of: \kalends_timeline_options.max_events) ?? cSize

    init(_ p: UnsafePointer<kalends_timeline_options>?) throws(KalendsError) {
        self.init()
        guard let p else { return }
        let c = try readSized(p, defaults: Timeline.Options().c, known: Timeline.Options.cSize,
                              minimum: Timeline.Options.cSizeWithoutMaxEvents, "kalends_timeline_options")
        self.init(left: c.left, top: c.top, width: c.width, hourHeight: c.hour_height, firstHour: Int(c.first_hour),
                  lastHour: Int(c.last_hour), minHeight: c.min_height, spacing: c.spacing, maxEvents: Int(c.max_events))
    }

    /// The options as C has them (kalends_timeline_options_init's defaults).
    var c: kalends_timeline_options {
        kalends_timeline_options(
            struct_size: UInt32(Timeline.Options.cSize), first_hour: Int32(firstHour), last_hour: Int32(lastHour), reserved: 0,
            left: left, top: top, width: width, hour_height: hourHeight, min_height: minHeight, spacing: spacing,
            max_events: Int32(clamping: maxEvents), reserved2: 0)
    }
}

@_cdecl("kalends_bar_options_init")
public func kalendsBarOptionsInit(_ options: UnsafeMutablePointer<kalends_bar_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        let d = MonthBars.Options()
        try required(options, "options").pointee = kalends_bar_options(
            struct_size: UInt32(MonthBars.Options.cSize), max_lanes: Int32(d.maxLanes), bar_height: d.barHeight,
            lane_spacing: d.laneSpacing, top_inset: d.topInset, side_inset: d.sideInset)
    }
}

@_cdecl("kalends_timeline_options_init")
public func kalendsTimelineOptionsInit(_ options: UnsafeMutablePointer<kalends_timeline_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        try required(options, "options").pointee = Timeline.Options().c
    }
}

@_cdecl("kalends_view_event_bars")
public func kalendsViewEventBars(_ view: OpaquePointer?, _ store: OpaquePointer?, _ zoneHandle: OpaquePointer?,
                                 _ options: UnsafePointer<kalends_bar_options>?,
                                 _ bars: UnsafeMutablePointer<kalends_event_bar>?, _ barCapacity: Int32,
                                 _ barCount: UnsafeMutablePointer<Int32>?,
                                 _ more: UnsafeMutablePointer<kalends_event_more>?, _ moreCapacity: Int32,
                                 _ moreCount: UnsafeMutablePointer<Int32>?) -> kalends_status {
    monthBars(view, store, zoneHandle, options, bars, barCapacity, barCount, more, moreCapacity, moreCount) { b in
        kalends_event_bar(b)
    }
}

/// The month bars of a view's page over a store into the caller's two arrays, each bar
/// converted by `convert` (kalends_view_event_bars and kalends_view_occurrence_bars).
private func monthBars<Out>(_ view: OpaquePointer?, _ store: OpaquePointer?, _ zoneHandle: OpaquePointer?,
                            _ options: UnsafePointer<kalends_bar_options>?,
                            _ bars: UnsafeMutablePointer<Out>?, _ barCapacity: Int32,
                            _ barCount: UnsafeMutablePointer<Int32>?,
                            _ more: UnsafeMutablePointer<kalends_event_more>?, _ moreCapacity: Int32,
                            _ moreCount: UnsafeMutablePointer<Int32>?,
                            _ convert: (MonthBars.Bar) -> Out) -> kalends_status {
    status { () throws(KalendsError) in
        let v = try viewHandle(view), s = try storeHandle(store), z = try zone(zoneHandle)
        let o = try MonthBars.Options(options?.pointee)
        let barsOut = try ArrayOutput(bars, barCapacity, barCount, "bars")
        let moreOut = try ArrayOutput(more, moreCapacity, moreCount, "more")
        let cells = try v.with { (view) throws(KalendsError) in try view.dayCells() }
        let found = try s.with { (store) throws(KalendsError) in try store.monthBars(over: cells, options: o, in: z) }
        barsOut.setCount(found.bars.count)
        moreOut.setCount(found.more.count)
        let barBuffer = try barsOut.buffer(for: found.bars.count), moreBuffer = try moreOut.buffer(for: found.more.count)
        for (i, b) in found.bars.enumerated() { barBuffer?[i] = convert(b) }
        for (i, m) in found.more.enumerated() {
            moreBuffer?[i] = kalends_event_more(day: m.day, hidden: Int32(clamping: m.hidden), frame: m.frame.c)
        }
    }
}

extension kalends_event_bar {
    init(_ b: MonthBars.Bar) {
        self.init(event: b.event, row: Int32(b.row), first_column: Int32(b.firstColumn),
                  last_column: Int32(b.lastColumn), lane: Int32(b.lane),
                  continues_before: b.continuesBefore ? 1 : 0, continues_after: b.continuesAfter ? 1 : 0,
                  frame: b.frame.c)
    }
}

@_cdecl("kalends_store_timeline")
public func kalendsStoreTimeline(_ store: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ day: Int32,
                                 _ options: UnsafePointer<kalends_timeline_options>?,
                                 _ out: UnsafeMutablePointer<kalends_timeline_item>?, _ capacity: Int32,
                                 _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try storeHandle(store), z = try zone(zoneHandle)
        let o = try Timeline.Options(options)
        try timelineInto(s, day, o, z, out, capacity, count) { t in
            kalends_timeline_item(event: t.event, column: Int32(t.column), columns: Int32(t.columns), span: Int32(t.span),
                                  clipped_start: t.clippedStart ? 1 : 0, clipped_end: t.clippedEnd ? 1 : 0, reserved: 0,
                                  frame: t.frame.c)
        }
    }
}

@_cdecl("kalends_view_occurrence_bars")
public func kalendsViewOccurrenceBars(_ view: OpaquePointer?, _ store: OpaquePointer?, _ zoneHandle: OpaquePointer?,
                                      _ options: UnsafePointer<kalends_bar_options>?,
                                      _ bars: UnsafeMutablePointer<kalends_occurrence_bar>?, _ barCapacity: Int32,
                                      _ barCount: UnsafeMutablePointer<Int32>?,
                                      _ more: UnsafeMutablePointer<kalends_event_more>?, _ moreCapacity: Int32,
                                      _ moreCount: UnsafeMutablePointer<Int32>?) -> kalends_status {
    monthBars(view, store, zoneHandle, options, bars, barCapacity, barCount, more, moreCapacity, moreCount) { b in
        kalends_occurrence_bar(bar: kalends_event_bar(b), recurrence_id: b.recurrenceID ?? 0,
                               recurring: b.recurrenceID == nil ? 0 : 1, reserved: 0)
    }
}

@_cdecl("kalends_store_occurrence_timeline")
public func kalendsStoreOccurrenceTimeline(_ store: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ day: Int32,
                                           _ options: UnsafePointer<kalends_timeline_options>?,
                                           _ out: UnsafeMutablePointer<kalends_occurrence_item>?, _ capacity: Int32,
                                           _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try storeHandle(store), z = try zone(zoneHandle)
        let o = try Timeline.Options(options)
        try timelineInto(s, day, o, z, out, capacity, count) { t in
            kalends_occurrence_item(
                item: kalends_timeline_item(event: t.event, column: Int32(t.column), columns: Int32(t.columns), span: Int32(t.span),
                                            clipped_start: t.clippedStart ? 1 : 0, clipped_end: t.clippedEnd ? 1 : 0, reserved: 0,
                                            frame: t.frame.c),
                recurrence_id: t.recurrenceID ?? 0, recurring: t.recurrenceID == nil ? 0 : 1, reserved: 0)
        }
    }
}

/// A day's timeline into a caller's array by the array conventions: its size counted
/// before anything is laid out when the buffer may be short (see `EventStore.timeline(_:options:in:capacity:)`).
private func timelineInto<T>(_ s: StoreHandle, _ day: Int32, _ o: Timeline.Options, _ z: any LocalDays,
                             _ out: UnsafeMutablePointer<T>?, _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?,
                             _ convert: (Timeline.Item) -> T) throws(KalendsError) {
    let output = try ArrayOutput(out, capacity, count)
    let found = try s.with { (store) throws(KalendsError) in try store.timeline(day, options: o, in: z, capacity: output.limit) }
    guard let buffer = try output.commit(found.count), let items = found.items else { return }
    for (i, t) in items.enumerated() { buffer[i] = convert(t) }
}
