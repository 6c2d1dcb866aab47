/// A recurring entry of a store: the VEVENTs of one UID (master and overrides) with the
/// zones its TZIDs resolve in, and the C titles of members that have their own SUMMARY.
final class StoreSeries {
    let series: ICalSeries
    let zones: ICalZones
    /// Calendar index of a member -> its summary (Swift and C) and colour, when it has its own.
    private(set) var titles: [Int: (text: String, c: UnsafeMutablePointer<CChar>)] = [:]
    private(set) var colors: [Int: UInt32] = [:]

    init(series: ICalSeries, zones: ICalZones) {
        self.series = series
        self.zones = zones
        for member in series.members {
            if let s = member.event.summary {
                let bytes = Array(s.utf8)
                let c = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (i, b) in bytes.enumerated() { c[i] = CChar(bitPattern: b) }
                c[bytes.count] = 0
                titles[member.index] = (s, c)
            }
            if let text = member.event.color, let color = CSSColor.rgba(text) { colors[member.index] = color }
        }
    }

    deinit {
        for (_, t) in titles { t.c.deallocate() }
    }

    /// The span a store indexes it by: every occurrence in any zone lies within it (two
    /// days of margin for floating and all-day values, whose instants follow the zone).
    func indexSpan() throws(KalendsError) -> (start: Int64, end: Int64)? {
        guard let s = try series.span(zone: .utc, zones: zones, cancelled: false) else { return nil }
        return (s.first &- 172_800, s.last.map { $0 &+ 172_800 } ?? Int64.max)
    }

    /// How many occurrences lie in `window` (instants) in `zone`, as `occurrences` lists
    /// them: counted, not listed (see `ICalSeries.count(in:)`). `allDay` as there.
    func count(_ window: OccurrenceWindow, zone: any LocalDays, allDay: Bool? = nil) throws(KalendsError) -> Int64 {
        var warnings: [ICalWarning] = []
        return try series.count(in: window, zone: zone as? TimeZone ?? .utc, zones: zones, cancelled: false, allDay: allDay,
                                warnings: &warnings)
    }

    /// The occurrences in `window` (instants; `overlapping(lo, hi)`: those overlapping
    /// [lo, hi)) in `zone`, as store records of entry `record`, unsorted; with `limit`, the
    /// first `limit` in start order among them (and a few more: sort and cut). Cancelled
    /// ones (STATUS:CANCELLED) are left out: a view does not draw a cancelled meeting (the
    /// store keeps its VEVENT and writes it back).
    /// Returns whether the listing may have left some out (it reached `limit`).
    @discardableResult
    func occurrences(_ window: OccurrenceWindow, zone: any LocalDays, record: EventRecord, title: UnsafePointer<CChar>?,
                     titleText: String, limit: Int = Int.max, allDay: Bool? = nil,
                     into out: inout [StoreOccurrence]) throws(KalendsError) -> Bool {
        var found: [ICalOccurrence] = []
        var warnings: [ICalWarning] = []
        let z = zone as? TimeZone ?? .utc
        try series.occurrences(in: window, zone: z, zones: zones, cancelled: false, allDay: allDay, limit: limit, warnings: &warnings,
                               into: &found)
        let partial = limit < Int.max && found.count >= limit
        if found.count > limit {
            found = Array(ICalOccurrence.sortedByStart(found).prefix(limit))
        }
        for o in found {
            var r = record
            let allDay = o.start.kind == .date
            r.allDay = allDay
            var rid = o.recurrenceInstant
            if allDay {
                let first = o.start.local.floorDiv(86_400)
                let endDay = o.end.local.floorDiv(86_400)
                r.start = first
                r.end = endDay > first ? endDay - 1 : first
                if let ridTime = o.recurrenceID { rid = ridTime.local.floorDiv(86_400) }
                guard r.start >= Int64(Gregorian.minDayNumber), r.end <= Int64(Gregorian.maxDayNumber) else { continue }
            } else {
                r.start = o.startInstant
                r.end = max(o.startInstant, o.endInstant)
                guard Event.instantRange.contains(r.start), Event.instantRange.contains(r.end) else { continue }
            }
            var t = title, text = titleText
            if let own = titles[o.event] {
                t = UnsafePointer(own.c)
                text = own.text
            }
            r.titleLength = Int32(clamping: text.utf8.count)
            if let c = colors[o.event] { r.color = c }
            out.append(StoreOccurrence(record: r, title: t, titleText: text, recurrenceID: rid))
        }
        return partial
    }
}

/// One occurrence of a recurring entry in a query's answer.
struct StoreOccurrence {
    var record: EventRecord
    var title: UnsafePointer<CChar>?
    var titleText: String
    var recurrenceID: Int64?
}

/// RFC 7986 COLOR values: "#RRGGBB" or a CSS colour keyword (the 16 of HTML 4 and orange).
enum CSSColor {
    static let names: [String: UInt32] = [
        "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "white": 0xFFFFFF,
        "maroon": 0x800000, "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "green": 0x008000,
        "lime": 0x00FF00, "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080, "blue": 0x0000FF,
        "teal": 0x008080, "aqua": 0x00FFFF, "orange": 0xFFA500,
    ]

    /// 0xRRGGBBAA, or nil for a value it does not know.
    static func rgba(_ text: String) -> UInt32? {
        let b = Array(text.utf8)
        if b.first == UInt8(ascii: "#"), b.count == 7 {
            var v: UInt32 = 0
            for c in b.dropFirst() {
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: return nil
                }
                v = v << 4 | d
            }
            return v << 8 | 0xFF
        }
        return names[text.lowercased()].map { $0 << 8 | 0xFF }
    }
}
