// Time zones, events, the event store, month bars, the timeline and plugins through the
// C ABI (kalends_timezone_*, kalends_store_*, kalends_plugin_*), mirroring the Python API.
import CKalends

/// A zone of the tz database (`kalends_timezone`): by name, a POSIX TZ string, or the
/// system default (nil: `TZ`, else /etc/localtime, else UTC).
public final class TimeZone: @unchecked Sendable {
    public let library: Library
    public let handle: OpaquePointer

    public init(_ name: String? = nil, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var out: OpaquePointer?
        let status = name.map { n in n.withCString { lib.c.timezoneNew($0, &out) } } ?? lib.c.timezoneNew(nil, &out)
        try lib.check(status)
        guard let out else { throw KalendsError(.misuse, "kalends_timezone_new returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.c.timezoneFree(handle) }

    public var name: String {
        get throws(KalendsError) {
            try library.readString { library.c.timezoneName(handle, $0, $1, $2) }
        }
    }

    /// Seconds east of UTC at an instant, and whether it is daylight saving time.
    public func offset(at instant: Int64) throws(KalendsError) -> (secondsEast: Int32, isDST: Bool) {
        var east: Int32 = 0, dst: Int32 = 0
        try library.check(library.c.timezoneOffset(handle, instant, &east, &dst))
        return (east, dst == 1)
    }

    /// The local day of an instant and the seconds since its local midnight.
    public func localDay(at instant: Int64) throws(KalendsError) -> (day: Date, secondsOfDay: Int32) {
        var day: Int32 = 0, seconds: Int32 = 0
        try library.check(library.c.timezoneLocalDay(handle, instant, &day, &seconds))
        return (try Date(dayNumber: day, library: library), seconds)
    }

    /// The first instant of a local day.
    public func dayStart(_ day: Date) throws(KalendsError) -> Int64 {
        var out: Int64 = 0
        try library.check(library.c.timezoneDayStart(handle, day.dayNumber, &out))
        return out
    }

    /// The instant of a wall-clock time (first occurrence; a skipped time is read with
    /// the offset before the change).
    public func instant(localDay day: Date, secondsOfDay: Int32) throws(KalendsError) -> Int64 {
        var out: Int64 = 0
        try library.check(library.c.timezoneInstant(handle, day.dayNumber, secondsOfDay, &out))
        return out
    }
}

/// An event (`kalends_event`). Timed (`allDay: false`, the default): `start`/`end` are
/// seconds since the epoch (end exclusive); all-day: the first and last day numbers.
/// `Event.timed(...)` and `Event.onDays(...)` make each kind; the names differ from the
/// `allDay` field so that a constructor never stands where the field is meant.
public struct Event: Hashable, Sendable {
    public var id: Int64
    public var title: String
    public var allDay: Bool
    public var start: Int64
    public var end: Int64
    public var color: UInt32
    public var source: Int32
    public var userValue: UInt64

    public init(id: Int64, title: String = "", allDay: Bool = false, start: Int64, end: Int64, color: UInt32 = 0x4A90_E2FF,
                source: Int32 = 0, userValue: UInt64 = 0) {
        (self.id, self.title, self.allDay, self.start, self.end) = (id, title, allDay, start, end)
        (self.color, self.source, self.userValue) = (color, source, userValue)
    }

    /// A timed event from `start` to `end` (exclusive), in seconds since the epoch.
    public static func timed(id: Int64, title: String, start: Int64, end: Int64, color: UInt32 = 0x4A90_E2FF) -> Event {
        Event(id: id, title: title, allDay: false, start: start, end: end, color: color)
    }

    /// An all-day event over the days first ... last (default: the one day `first`).
    public static func onDays(id: Int64, title: String, first: Date, last: Date? = nil, color: UInt32 = 0x4A90_E2FF) -> Event {
        Event(id: id, title: title, allDay: true, start: Int64(first.dayNumber), end: Int64((last ?? first).dayNumber), color: color)
    }

    init(_ c: kalends_event) {
        let title = c.title.map { p in
            String(decoding: UnsafeRawBufferPointer(start: p, count: Int(max(c.title_length, 0))), as: UTF8.self)
        } ?? ""
        self.init(id: c.id, title: title, allDay: c.all_day == 1, start: c.start, end: c.end, color: c.color,
                  source: c.source, userValue: c.user_value)
    }

    /// The C struct, its title at `title` (kept alive by the caller).
    func c(title: UnsafePointer<CChar>?) -> kalends_event {
        kalends_event(struct_size: UInt32(MemoryLayout<kalends_event>.size), all_day: allDay ? 1 : 0, id: id, start: start,
                      end: end, color: color, source: source, user_value: userValue, title: title,
                      title_length: Int32(clamping: self.title.utf8.count), reserved: 0)
    }
}

/// Calls `body` with the C structs of `events`, their titles alive for the call.
private func withCEvents<R>(_ events: [Event], _ body: (UnsafePointer<kalends_event>?, Int32) -> R) -> R {
    var bytes: [CChar] = []
    var offsets: [Int] = []
    for e in events {
        offsets.append(bytes.count)
        bytes.append(contentsOf: e.title.utf8.map { CChar(bitPattern: $0) })
        bytes.append(0)
    }
    return bytes.withUnsafeBufferPointer { titles in
        let base = titles.baseAddress
        let structs = events.enumerated().map { i, e in e.c(title: base.map { $0 + offsets[i] }) }
        return structs.withUnsafeBufferPointer { body($0.baseAddress, Int32(clamping: events.count)) }
    }
}

public struct DayDots: Hashable, Sendable {
    public var day: Date
    public var count: Int32
    public var colors: [UInt32]
}

public struct EventBar: Hashable, Sendable {
    public var event: Int64
    public var row: Int32
    public var firstColumn: Int32
    public var lastColumn: Int32
    public var lane: Int32
    public var continuesBefore: Bool
    public var continuesAfter: Bool
    public var frame: Rect
}

public struct EventMore: Hashable, Sendable {
    public var day: Date
    public var hidden: Int32
    public var frame: Rect
}

public struct TimelineItem: Hashable, Sendable {
    public var event: Int64
    public var column: Int32
    public var columns: Int32
    public var span: Int32
    public var clippedStart: Bool
    public var clippedEnd: Bool
    public var frame: Rect
}

private func rect(_ r: kalends_rect) -> Rect { Rect(x: r.x, y: r.y, width: r.width, height: r.height) }

/// Events indexed for overlap queries (`kalends_store`).
public final class EventStore: @unchecked Sendable {
    public let library: Library
    public let handle: OpaquePointer

    public init(_ events: [Event] = [], library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var out: OpaquePointer?
        try lib.check(lib.c.storeNew(&out))
        guard let out else { throw KalendsError(.misuse, "kalends_store_new returned no handle") }
        self.library = lib
        handle = out
        if !events.isEmpty { try addEvents(events) }
    }

    deinit { _ = library.c.storeFree(handle) }

    public func add(_ event: Event) throws(KalendsError) {
        try library.check(withCEvents([event]) { p, _ in library.c.storeAdd(handle, p) })
    }

    /// All or none (checked first); fast into an empty store.
    public func addEvents(_ events: [Event]) throws(KalendsError) {
        try library.check(withCEvents(events) { p, n in library.c.storeAddEvents(handle, p, n) })
    }

    public func update(_ event: Event) throws(KalendsError) {
        try library.check(withCEvents([event]) { p, _ in library.c.storeUpdate(handle, p) })
    }

    public func remove(_ id: Int64) throws(KalendsError) { try library.check(library.c.storeRemove(handle, id)) }

    public func clear() throws(KalendsError) { try library.check(library.c.storeClear(handle)) }

    public var count: Int32 {
        get throws(KalendsError) {
            var out: Int32 = 0
            try library.check(library.c.storeCount(handle, &out))
            return out
        }
    }

    /// Changes with every change to the store.
    public var version: UInt64 {
        get throws(KalendsError) {
            var out: UInt64 = 0
            try library.check(library.c.storeVersion(handle, &out))
            return out
        }
    }

    public func get(_ id: Int64) throws(KalendsError) -> Event {
        var out = kalends_event()
        try library.check(library.c.storeGet(handle, id, &out))
        return Event(out)
    }

    /// Events overlapping local days first ... last, in start order. `limit`: at most that
    /// many, the first, at the cost of those few (`kalends_store_query_first`; `count` says
    /// how many there are).
    public func query(_ first: Date, _ last: Date, zone: TimeZone? = nil, limit: Int32? = nil) throws(KalendsError) -> [Event] {
        if let limit { return try firstOccurrences(first, last, zone: zone, limit: limit).occurrences.map(\.event) }
        var count: Int32 = 0
        try library.check(library.c.storeQuery(handle, zone?.handle, first.dayNumber, last.dayNumber, nil, 0, &count))
        var buffer = [kalends_event](repeating: kalends_event(), count: Int(max(count, 1)))
        let capacity = count
        let status = buffer.withUnsafeMutableBufferPointer {
            library.c.storeQuery(handle, zone?.handle, first.dayNumber, last.dayNumber, $0.baseAddress, capacity, &count)
        }
        try library.check(status)
        return buffer.prefix(Int(count)).map(Event.init)
    }

    /// Per day of first ... last: how many events and the colours of the first `maxColors`.
    public func dots(_ first: Date, _ last: Date, maxColors: Int32 = 3, zone: TimeZone? = nil) throws(KalendsError) -> [DayDots] {
        let days = Int(Int64(last.dayNumber) - Int64(first.dayNumber) + 1)
        guard days >= 1, days <= 100_000, maxColors >= 0, maxColors <= 64 else {
            try library.check(library.c.storeDots(handle, zone?.handle, first.dayNumber, last.dayNumber, maxColors, nil, nil, 0))
            return []
        }
        var counts = [Int32](repeating: 0, count: days)
        var colors = [UInt32](repeating: 0, count: max(1, days * Int(maxColors)))
        let status = counts.withUnsafeMutableBufferPointer { c in
            colors.withUnsafeMutableBufferPointer { k in
                library.c.storeDots(handle, zone?.handle, first.dayNumber, last.dayNumber, maxColors, c.baseAddress,
                                  k.baseAddress, Int32(days))
            }
        }
        try library.check(status)
        var out: [DayDots] = []
        for i in 0..<days {
            let shown = Int(min(counts[i], maxColors))
            out.append(DayDots(day: try Date(dayNumber: first.dayNumber + Int32(i), library: library), count: counts[i],
                               colors: Array(colors[i * Int(maxColors)..<i * Int(maxColors) + shown])))
        }
        return out
    }

    /// The day view: timed events of `day` placed by time in columns (`options` nil: defaults).
    public func timeline(_ day: Date, zone: TimeZone? = nil, options: kalends_timeline_options? = nil) throws(KalendsError) -> [TimelineItem] {
        var o = kalends_timeline_options()
        if let options { o = options } else { try library.check(library.c.timelineOptionsInit(&o)) }
        var count: Int32 = 0
        try library.check(library.c.storeTimeline(handle, zone?.handle, day.dayNumber, &o, nil, 0, &count))
        var buffer = [kalends_timeline_item](repeating: kalends_timeline_item(), count: Int(max(count, 1)))
        let capacity = count
        let status = buffer.withUnsafeMutableBufferPointer {
            library.c.storeTimeline(handle, zone?.handle, day.dayNumber, &o, $0.baseAddress, capacity, &count)
        }
        try library.check(status)
        return buffer.prefix(Int(count)).map {
            TimelineItem(event: $0.event, column: $0.column, columns: $0.columns, span: $0.span,
                         clippedStart: $0.clipped_start == 1, clippedEnd: $0.clipped_end == 1, frame: rect($0.frame))
        }
    }
}

/// A plugin library (`kalends_plugin_load`).
public final class Plugin: @unchecked Sendable {
    public let library: Library
    public let handle: OpaquePointer

    public init(path: String, config: String? = nil, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var out: OpaquePointer?
        let status = path.withCString { p in
            config.map { c in c.withCString { lib.c.pluginLoad(p, $0, &out) } } ?? lib.c.pluginLoad(p, nil, &out)
        }
        try lib.check(status)
        guard let out else { throw KalendsError(.misuse, "kalends_plugin_load returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.c.pluginFree(handle) }

    public var name: String {
        get throws(KalendsError) {
            try library.readString { library.c.pluginName(handle, $0, $1, $2) }
        }
    }

    /// Asks the plugin for days first ... last and puts its answer in the store as `source`,
    /// replacing that source's events of those days. The default, -1, is every binding's
    /// (kalends_plugin_fetch): 0 tags the host's events and a view's sources are 1, 2, ...
    public func fetch(_ first: Date, _ last: Date, into store: EventStore, zone: TimeZone? = nil, source: Int32 = -1) throws(KalendsError) {
        try library.check(library.c.pluginFetch(handle, first.dayNumber, last.dayNumber, store.handle, zone?.handle, source))
    }
}

extension View {
    /// Gives the view a store (and a zone for local days) for its sources to fill.
    public func setStore(_ store: EventStore?, zone: TimeZone? = nil) throws(KalendsError) {
        // The view keeps the store and zone alive itself (the library holds them).
        try library.check(library.c.viewSetStore(handle, store?.handle, zone?.handle))
    }

    /// Adds a plugin as a source; it is asked for the page now and on every page change.
    @discardableResult
    public func addPlugin(_ plugin: Plugin) throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        let status = library.c.viewAddPlugin(handle, plugin.handle, &out)
        try library.check(status)
        return out
    }

    public func removeSource(_ source: Int32) throws(KalendsError) { try library.check(library.c.viewRemoveSource(handle, source)) }

    /// Asynchronous requests still awaiting an answer.
    public var pendingRequests: Int32 {
        get throws(KalendsError) {
            var out: Int32 = 0
            try library.check(library.c.viewPendingRequests(handle, &out))
            return out
        }
    }

    /// Month bars and "+N more" labels of the store's events on this page.
    public func eventBars(_ store: EventStore, zone: TimeZone? = nil, options: kalends_bar_options? = nil) throws(KalendsError) -> (bars: [EventBar], more: [EventMore]) {
        var o = kalends_bar_options()
        if let options { o = options } else { try library.check(library.c.barOptionsInit(&o)) }
        var nb: Int32 = 0, nm: Int32 = 0
        let probe = library.c.viewEventBars(handle, store.handle, zone?.handle, &o, nil, 0, &nb, nil, 0, &nm)
        if probe != KALENDS_E_BUFFER_TOO_SMALL { try library.check(probe) }
        var bars = [kalends_event_bar](repeating: kalends_event_bar(), count: Int(max(nb, 1)))
        var more = [kalends_event_more](repeating: kalends_event_more(), count: Int(max(nm, 1)))
        let (bc, mc) = (nb, nm)
        let status = bars.withUnsafeMutableBufferPointer { b in
            more.withUnsafeMutableBufferPointer { m in
                library.c.viewEventBars(handle, store.handle, zone?.handle, &o, b.baseAddress, bc, &nb, m.baseAddress, mc, &nm)
            }
        }
        try library.check(status)
        let outBars = bars.prefix(Int(nb)).map {
            EventBar(event: $0.event, row: $0.row, firstColumn: $0.first_column, lastColumn: $0.last_column, lane: $0.lane,
                     continuesBefore: $0.continues_before == 1, continuesAfter: $0.continues_after == 1, frame: rect($0.frame))
        }
        var outMore: [EventMore] = []
        for m in more.prefix(Int(nm)) {
            outMore.append(EventMore(day: try Date(dayNumber: m.day, library: library), hidden: m.hidden, frame: rect(m.frame)))
        }
        return (outBars, outMore)
    }
}
