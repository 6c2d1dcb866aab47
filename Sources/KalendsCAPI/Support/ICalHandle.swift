// The object behind a kalends_ical handle: a read calendar, its zones, its series (their
// recurrence sets cached), the C strings handed out, behind a mutex.
import CKalends
import KalendsCore
import KalendsSystem

final class ICalHandle: @unchecked Sendable {
    let calendar: ICalendar
    private let zones: ICalZones
    private var series: [ICalSeries]?
    /// Each series' [first start, last end] (UTC, with margin); Int64.max: no end.
    private var spans: [(first: Int64, last: Int64)] = []
    private var strings: [String: UnsafeMutablePointer<CChar>] = [:]
    private var written: [UInt8]?
    private let mutex = Mutex(recursive: true)

    init(_ calendar: ICalendar) {
        self.calendar = calendar
        zones = ICalZones(calendar: calendar, system: KalendsCore.TimeZone.forTZID)
    }

    deinit {
        for (_, p) in strings { p.deallocate() }
    }

    func with<T>(_ body: (ICalHandle) throws(KalendsError) -> T) throws(KalendsError) -> T {
        try mutex.withLock { () throws(KalendsError) -> T in try body(self) }
    }

    /// A NUL-terminated copy of `text` that lives as long as the calendar (call locked).
    func cString(_ text: String) -> UnsafePointer<CChar> {
        if let p = strings[text] { return UnsafePointer(p) }
        let bytes = Array(text.utf8)
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
        p[bytes.count] = 0
        strings[text] = p
        return UnsafePointer(p)
    }

    /// The serialized text, made once (call locked).
    func text() -> [UInt8] {
        if let written { return written }
        let bytes = calendar.serialized()
        written = bytes
        return bytes
    }

    /// The occurrences overlapping [from, to) in `zone` (call locked). Series whose span
    /// (computed once, in UTC with two days of margin for floating and all-day values)
    /// misses the range are passed over with one comparison each.
    func between(_ from: Int64, _ to: Int64, zone: KalendsCore.TimeZone) throws(KalendsError) -> [ICalOccurrence] {
        if series == nil { series = calendar.series() }
        let all = series ?? []
        if spans.count != all.count {
            spans = all.map { s in
                guard let span = try? s.span(zone: .utc, zones: zones) else { return (Int64.min, Int64.max) }
                return (span.first &- 172_800, span.last.map { $0 &+ 172_800 } ?? Int64.max)
            }
        }
        let fromKey = ICalendar.instant(ofWall: from, zone), toKey = ICalendar.instant(ofWall: to, zone)
        var out: [ICalOccurrence] = []
        var warnings: [ICalWarning] = []
        for (i, s) in all.enumerated() {
            let span = spans[i]
            if span.first > toKey || span.last < fromKey { continue }
            try s.occurrences(from: fromKey, to: toKey, zone: zone, zones: zones, warnings: &warnings, into: &out)
        }
        out.sort(by: ICalOccurrence.startOrder)
        return out
    }

    /// A value for C; a TZID no source knows was expanded as floating and is given as such (call locked).
    func time(_ t: ICalTime, instant: Int64) -> kalends_ical_time {
        var kind = t.kind
        if kind == .zoned && zones.zone(t.tzid ?? "") == nil { kind = .floating }
        return kalends_ical_time(kind: kind.rawValue, offset: Int32(clamping: kind == .utc ? 0 : t.local &- instant),
                                 local: t.local, instant: instant, tzid: kind == .zoned ? cString(t.tzid ?? "") : nil)
    }
}

func icalHandle(_ handle: OpaquePointer?) throws(KalendsError) -> ICalHandle {
    try HandleRegistry.shared.object(handle, kind: .ical, as: ICalHandle.self)
}
