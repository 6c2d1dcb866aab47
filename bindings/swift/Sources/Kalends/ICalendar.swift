// iCalendar through the C ABI (kalends_ical_*) and the store's recurring entries
// (kalends_store_add_series, _query_occurrences, _write_ical), mirroring kalends.ical in Python.
import CKalends

/// A DATE or DATE-TIME value of a file as written (`kalends_ical_time`).
public struct ICalTime: Hashable, Sendable {
    public var kind: IcalTimeKind
    /// Wall-clock seconds since 1970-01-01T00:00 (a date: its midnight).
    public var local: Int64
    /// Seconds since the epoch (floating and date values in the query's zone).
    public var instant: Int64
    /// Seconds east of UTC at this value.
    public var offset: Int32
    /// The TZID as written (zoned values), else nil.
    public var tzid: String?

    init(_ c: kalends_ical_time) {
        kind = IcalTimeKind(rawValue: c.kind) ?? .floating
        local = c.local
        instant = c.instant
        offset = c.offset
        tzid = c.tzid.map { String(cString: $0) }
    }
}

/// One occurrence (`kalends_ical_occurrence`): recurring-ical-events' between() shape.
public struct ICalOccurrence: Hashable, Sendable {
    public var uid: String
    public var summary: String?
    public var start: ICalTime
    public var end: ICalTime
    /// The start the series gives the instance (nil for an event without recurrence).
    public var recurrenceID: ICalTime?
    /// Index of the VEVENT that gave it.
    public var event: Int32
    /// That VEVENT's STATUS as written ("CANCELLED", ...); nil when it has none. Cancelled
    /// instances are listed, as recurring-ical-events lists them; a store leaves them out.
    public var status: String?
}

/// A calendar read from .ics (`kalends_ical`).
public final class ICalendar: @unchecked Sendable {
    public let library: Library
    public let handle: OpaquePointer

    /// Reads iCalendar text; `strict`: the first problem refuses the file (`.parse`, "line N: ...").
    public init(bytes: [UInt8], strict: Bool = false, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var options = kalends_ical_options()
        try lib.check(lib.c.icalOptionsInit(&options))
        options.strict = strict ? 1 : 0
        var out: OpaquePointer?
        try lib.check(bytes.withUnsafeBufferPointer { lib.c.icalRead($0.baseAddress, $0.count, &options, &out) })
        guard let out else { throw KalendsError(.misuse, "kalends_ical_read returned no handle") }
        self.library = lib
        handle = out
    }

    /// Reads a file in chunks (never whole in memory).
    public init(path: String, strict: Bool = false, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var options = kalends_ical_options()
        try lib.check(lib.c.icalOptionsInit(&options))
        options.strict = strict ? 1 : 0
        var out: OpaquePointer?
        try lib.check(path.withCString { lib.c.icalReadFile($0, &options, &out) })
        guard let out else { throw KalendsError(.misuse, "kalends_ical_read_file returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.c.icalFree(handle) }

    /// The number of VEVENTs.
    public var count: Int32 {
        get throws(KalendsError) {
            var out: Int32 = 0
            try library.check(library.c.icalEventCount(handle, &out))
            return out
        }
    }

    /// What a lenient read skipped: (line, message).
    public var warnings: [(line: Int32, message: String)] {
        get throws(KalendsError) {
            var n: Int32 = 0
            try library.check(library.c.icalWarningCount(handle, &n))
            var out: [(line: Int32, message: String)] = []
            for i in 0..<n {
                var line: Int32 = 0
                var length = 0
                try library.check(library.c.icalWarning(handle, i, &line, nil, 0, &length))
                let text = try library.readString { library.c.icalWarning(handle, i, nil, $0, $1, $2) }
                out.append((line, text))
            }
            return out
        }
    }

    /// The calendar as .ics text (reading it again gives the same events).
    public func write() throws(KalendsError) -> String {
        try library.readString { library.c.icalWrite(handle, $0, $1, $2) }
    }

    /// The STATUS of VEVENT `event` (an occurrence's `event`): its kind and its text as
    /// written, nil when it has none (`kalends_ical_event_status`).
    public func status(ofEvent event: Int32) throws(KalendsError) -> (kind: IcalStatus, text: String)? {
        var kind: kalends_ical_status = 0
        var length = 0
        try library.check(library.c.icalEventStatus(handle, event, &kind, nil, 0, &length))
        guard let k = IcalStatus(rawValue: kind), k != .none else { return nil }
        let text = try library.readString { library.c.icalEventStatus(handle, event, nil, $0, $1, $2) }
        return (k, text)
    }

    /// The occurrences overlapping [from, to) (wall-clock seconds of `zone`, nil: UTC), in
    /// start order, cancelled ones included (`status`). `limit`: at most that many, the
    /// first, at the cost of those few (`kalends_ical_between_first`).
    public func between(_ from: Int64, _ to: Int64, zone: TimeZone? = nil, limit: Int32? = nil) throws(KalendsError) -> [ICalOccurrence] {
        var count: Int32 = 0
        var buffer: [kalends_ical_occurrence]
        if let limit {
            var total: Int64 = 0
            try library.check(library.c.icalBetweenFirst(handle, zone?.handle, from, to, nil, 0, &count, &total))
            buffer = [kalends_ical_occurrence](repeating: kalends_ical_occurrence(), count: Int(max(1, min(Int64(max(limit, 0)), total))))
            let capacity = Int32(buffer.count)
            try library.check(buffer.withUnsafeMutableBufferPointer {
                library.c.icalBetweenFirst(handle, zone?.handle, from, to, $0.baseAddress, limit < 0 ? limit : min(limit, capacity),
                                           &count, &total)
            })
        } else {
            try library.check(library.c.icalBetween(handle, zone?.handle, from, to, nil, 0, &count))
            buffer = [kalends_ical_occurrence](repeating: kalends_ical_occurrence(), count: Int(max(count, 1)))
            let capacity = Int32(buffer.count)
            try library.check(buffer.withUnsafeMutableBufferPointer {
                library.c.icalBetween(handle, zone?.handle, from, to, $0.baseAddress, capacity, &count)
            })
        }
        var statuses: [Int32: String?] = [:]
        var out: [ICalOccurrence] = []
        out.reserveCapacity(Int(count))
        for o in buffer.prefix(Int(count)) {
            if statuses[o.event] == nil { statuses[o.event] = .some(try status(ofEvent: o.event)?.text) }
            out.append(ICalOccurrence(uid: o.uid.map { String(cString: $0) } ?? "", summary: o.summary.map { String(cString: $0) },
                                      start: ICalTime(o.start), end: ICalTime(o.end),
                                      recurrenceID: o.has_recurrence_id == 1 ? ICalTime(o.recurrence_id) : nil, event: o.event,
                                      status: statuses[o.event] ?? nil))
        }
        return out
    }

    /// How many occurrences overlap [from, to): counted, not listed.
    public func count(_ from: Int64, _ to: Int64, zone: TimeZone? = nil) throws(KalendsError) -> Int64 {
        var count: Int32 = 0
        var total: Int64 = 0
        try library.check(library.c.icalBetweenFirst(handle, zone?.handle, from, to, nil, 0, &count, &total))
        return total
    }

    /// Adds the events to `store`, all or none (one entry per UID, ids from `firstID`); returns how many.
    @discardableResult
    public func importInto(_ store: EventStore, firstID: Int64 = 1, zone: TimeZone? = nil) throws(KalendsError) -> Int32 {
        var n: Int32 = 0
        try library.check(library.c.icalImport(handle, store.handle, zone?.handle, firstID, &n))
        return n
    }
}

/// An entry as it occurs in a range (`kalends_occurrence`).
public struct Occurrence: Hashable, Sendable {
    public var event: Event
    /// The start its series gives it (nil for a single event).
    public var recurrenceID: Int64?
}

extension EventStore {
    /// Adds a recurring entry: `event` is its first occurrence, `recurrence` its RRULE,
    /// RDATE, EXDATE and EXRULE lines; a timed entry repeats on the wall clock of `zone`.
    public func addSeries(_ event: Event, recurrence: String, zone: TimeZone? = nil) throws(KalendsError) {
        let title = Array(event.title.utf8CString)
        let text = Array(recurrence.utf8CString)
        let status = title.withUnsafeBufferPointer { t in
            text.withUnsafeBufferPointer { r in
                var s = kalends_series()
                s.struct_size = UInt32(MemoryLayout<kalends_series>.size)
                s.recurrence_length = Int32(clamping: r.count - 1)
                s.event = event.c(title: t.baseAddress)
                s.zone = zone?.handle
                s.recurrence = r.baseAddress
                return library.c.storeAddSeries(handle, &s)
            }
        }
        try library.check(status)
    }

    /// The number of recurring entries.
    public var seriesCount: Int32 {
        get throws(KalendsError) {
            var out: Int32 = 0
            try library.check(library.c.storeSeriesCount(handle, &out))
            return out
        }
    }

    /// Single events and occurrences of recurring entries overlapping local days first ... last.
    /// `limit`: at most that many, the first (see `query`).
    public func occurrences(_ first: Date, _ last: Date, zone: TimeZone? = nil, limit: Int32? = nil) throws(KalendsError) -> [Occurrence] {
        if let limit { return try firstOccurrences(first, last, zone: zone, limit: limit).occurrences }
        var count: Int32 = 0
        try library.check(library.c.storeQueryOccurrences(handle, zone?.handle, first.dayNumber, last.dayNumber, nil, 0, &count))
        var buffer = [kalends_occurrence](repeating: kalends_occurrence(), count: Int(max(count, 1)))
        let capacity = Int32(buffer.count)
        try library.check(buffer.withUnsafeMutableBufferPointer {
            library.c.storeQueryOccurrences(handle, zone?.handle, first.dayNumber, last.dayNumber, $0.baseAddress, capacity, &count)
        })
        return buffer.prefix(Int(count)).map { Occurrence(event: Event($0.event), recurrenceID: $0.recurring == 1 ? $0.recurrence_id : nil) }
    }

    /// How many events and occurrences overlap local days first ... last (what `query`
    /// lists): counted, not listed.
    public func count(_ first: Date, _ last: Date, zone: TimeZone? = nil) throws(KalendsError) -> Int64 {
        try firstOccurrences(first, last, zone: zone, limit: 0).total
    }

    /// The first `limit` events and occurrences overlapping local days first ... last and
    /// how many there are (`kalends_store_query_first`).
    public func firstOccurrences(_ first: Date, _ last: Date, zone: TimeZone? = nil,
                                 limit: Int32) throws(KalendsError) -> (occurrences: [Occurrence], total: Int64) {
        var count: Int32 = 0
        var total: Int64 = 0
        try library.check(library.c.storeQueryFirst(handle, zone?.handle, first.dayNumber, last.dayNumber, nil, limit < 0 ? limit : 0,
                                                    &count, &total))
        guard limit > 0, total > 0 else { return ([], total) }
        var buffer = [kalends_occurrence](repeating: kalends_occurrence(), count: Int(min(Int64(limit), total)))
        let capacity = Int32(buffer.count)
        try library.check(buffer.withUnsafeMutableBufferPointer {
            library.c.storeQueryFirst(handle, zone?.handle, first.dayNumber, last.dayNumber, $0.baseAddress, capacity, &count, &total)
        })
        return (buffer.prefix(Int(count)).map { Occurrence(event: Event($0.event), recurrenceID: $0.recurring == 1 ? $0.recurrence_id : nil) },
                total)
    }

    /// The store as .ics text.
    public func writeICal() throws(KalendsError) -> String {
        try library.readString { library.c.storeWriteIcal(handle, $0, $1, $2) }
    }
}
