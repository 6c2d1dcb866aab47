// The object behind a kalends_ical handle: a read calendar, its zones, its series (their
// recurrence sets cached), the C strings handed out, behind a mutex.
import CKalends
import KalendsCore
import KalendsSystem

final class IcalHandle: @unchecked Sendable {
    let calendar: ICalendar
    private let zones: ICalZones
    /// Series grouped once, their spans indexed (the store's SeriesSpans), sets cached.
    private let query: ICalendarQuery
    private var strings: [String: UnsafeMutablePointer<CChar>] = [:]
    private var eventStrings: [(uid: UnsafePointer<CChar>, summary: UnsafePointer<CChar>?)?] = []
    private var written: [UInt8]?
    private let mutex = Mutex(recursive: true)

    init(_ calendar: ICalendar) {
        self.calendar = calendar
        zones = ICalZones(calendar: calendar, system: KalendsCore.TimeZone.forTZID)
        query = ICalendarQuery(calendar: calendar, zones: zones)
    }

    deinit {
        for (_, p) in strings { p.deallocate() }
    }

    func with<T>(_ body: (IcalHandle) throws(KalendsError) -> T) throws(KalendsError) -> T {
        try mutex.withLock { () throws(KalendsError) -> T in try body(self) }
    }

    /// A NUL-terminated copy of `text` that lives as long as the calendar (call locked).
    func cString(_ text: String) -> UnsafePointer<CChar> {
        if let p = strings[text] { return UnsafePointer(p) }
        let p = cStringCopy(text)
        strings[text] = p
        return UnsafePointer(p)
    }

    /// The C strings of event `i`'s UID and SUMMARY (an occurrence's are its event's),
    /// looked up once per event and then by index (call locked).
    func strings(ofEvent i: Int) -> (uid: UnsafePointer<CChar>, summary: UnsafePointer<CChar>?) {
        if eventStrings.count != calendar.events.count {
            eventStrings = Array(repeating: nil, count: calendar.events.count)
        }
        guard i >= 0, i < eventStrings.count else { return (cString(""), nil) }
        if let hit = eventStrings[i] { return hit }
        let e = calendar.events[i]
        let made = (uid: cString(e.uid), summary: e.summary.map { cString($0) })
        eventStrings[i] = made
        return made
    }

    /// The serialized text, made once (call locked).
    func text() -> [UInt8] {
        if let written { return written }
        let bytes = calendar.serialized()
        written = bytes
        return bytes
    }

    /// The occurrences of [from, to) in `zone` (call locked): only the series whose span
    /// meets the range are expanded (ICalendarQuery).
    func between(_ from: Int64, _ to: Int64, zone: KalendsCore.TimeZone) throws(KalendsError) -> [ICalOccurrence] {
        try query.occurrences(between: from, to, zone: zone)
    }

    /// The occurrences when at most `capacity`, and how many (call locked).
    func between(_ from: Int64, _ to: Int64, zone: KalendsCore.TimeZone,
                 fitting capacity: Int) throws(KalendsError) -> (occurrences: [ICalOccurrence]?, count: Int64) {
        var warnings: [ICalWarning] = []
        let (a, b) = try ICalendarQuery.checkedRange(from, to)
        return try query.occurrences(from: a, to: b, zone: zone, fitting: capacity, warnings: &warnings)
    }

    /// The first `limit` occurrences and how many there are (call locked).
    func first(_ from: Int64, _ to: Int64, zone: KalendsCore.TimeZone,
               limit: Int) throws(KalendsError) -> (occurrences: [ICalOccurrence], total: Int64) {
        var warnings: [ICalWarning] = []
        let (a, b) = try ICalendarQuery.checkedRange(from, to)
        let total = try query.count(from: a, to: b, zone: zone, warnings: &warnings)
        guard limit > 0 else { return ([], total) }
        return (try query.occurrences(from: a, to: b, zone: zone, limit: limit, warnings: &warnings), total)
    }

    /// Occurrences into a caller's array, UID and SUMMARY as the calendar's C strings (call locked).
    func write(_ found: [ICalOccurrence], to buffer: UnsafeMutablePointer<kalends_ical_occurrence>) {
        let none = kalends_ical_time(kind: 0, offset: 0, local: 0, instant: 0, tzid: nil)
        for (i, o) in found.enumerated() {
            // An occurrence's UID and SUMMARY are its event's (by index, no string hashing).
            var text = strings(ofEvent: o.event)
            if o.event < 0 || o.event >= calendar.events.count || calendar.events[o.event].uid != o.uid
                || calendar.events[o.event].summary != o.summary {
                text = (cString(o.uid), o.summary.map { cString($0) })
            }
            buffer[i] = kalends_ical_occurrence(
                event: Int32(clamping: o.event), has_recurrence_id: o.recurrenceID == nil ? 0 : 1,
                start: time(o.start, instant: o.startInstant), end: time(o.end, instant: o.endInstant),
                recurrence_id: o.recurrenceID.map { time($0, instant: o.recurrenceInstant ?? o.startInstant) } ?? none,
                uid: text.uid, summary: text.summary)
        }
    }

    /// A value for C; a TZID no source knows was expanded as floating and is given as such (call locked).
    func time(_ t: ICalTime, instant: Int64) -> kalends_ical_time {
        var kind = t.kind
        if kind == .zoned && zones.zone(t.tzid ?? "") == nil { kind = .floating }
        return kalends_ical_time(kind: kind.rawValue, offset: Int32(clamping: kind == .utc ? 0 : t.local &- instant),
                                 local: t.local, instant: instant, tzid: kind == .zoned ? cString(t.tzid ?? "") : nil)
    }
}
