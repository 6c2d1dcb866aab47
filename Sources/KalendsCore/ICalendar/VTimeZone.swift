/// A VTIMEZONE definition as a `TimeZone`: the onsets of its STANDARD and DAYLIGHT
/// observances (DTSTART, RRULE, RDATE; in local time before the change, TZOFFSETFROM),
/// expanded through the year 2200 (at most 1,000 onsets per observance); after the last
/// onset the last offset holds.
enum VTimeZone {
    static let horizon = Int64(Gregorian.daysFromCivil(2201, 1, 1)) * 86_400

    static func zone(_ c: ICalRawComponent, name: String) throws(KalendsError) -> TimeZone {
        var changes: [(at: Int64, to: Int32, dst: Bool, from: Int32)] = []
        for o in c.children where o.name == "STANDARD" || o.name == "DAYLIGHT" {
            guard let start = o.lines.first(where: { $0.name == "DTSTART" }),
                  let fromText = o.lines.first(where: { $0.name == "TZOFFSETFROM" })?.value,
                  let toText = o.lines.first(where: { $0.name == "TZOFFSETTO" })?.value else {
                throw KalendsError(.parse, "VTIMEZONE \(name): \(o.name) lacks DTSTART, TZOFFSETFROM or TZOFFSETTO")
            }
            let from = try offset(fromText), to = try offset(toText)
            let local = try TimeText.parseDateOrDateTime(start.value).local
            var rules: [RecurrenceRule] = []
            var dates: [RecurrenceDate] = []
            for l in o.lines {
                if l.name == "RRULE" { rules.append(try RecurrenceRule.parse(l.value)) }
                if l.name == "RDATE" {
                    for v in l.value.split(separator: ",") {
                        let t = try TimeText.parseDateOrDateTime(v)
                        // A UTC RDATE is an instant; shift it to the local time before the change.
                        dates.append(RecurrenceDate(kind: .local, value: t.utc ? t.local + Int64(from) : t.local))
                    }
                }
            }
            let set = try RecurrenceSet(start: local, zone: nil, rules: rules, dates: dates)
            var cursor = try set.instances(from: Int64.min)
            var n = 0
            while n < 1000, let i = try cursor.next(), i.local < horizon {
                changes.append((i.local - Int64(from), to, o.name == "DAYLIGHT", from))
                n += 1
            }
        }
        guard !changes.isEmpty else { throw KalendsError(.parse, "VTIMEZONE \(name) has no observances") }
        changes.sort { $0.at < $1.at }
        var transitions: [Int64] = []
        var offsets: [(secondsEast: Int32, isDST: Bool)] = []
        for c in changes {
            if let last = transitions.last, last == c.at {
                offsets[offsets.count - 1] = (c.to, c.dst)
                continue
            }
            transitions.append(c.at)
            offsets.append((c.to, c.dst))
        }
        let first = changes[0]
        return TimeZone.fromTransitions(name: name, transitions: transitions, offsets: offsets, initial: (first.from, !first.dst))
    }

    /// "+0100", "-0500", "+053000" → seconds east.
    static func offset(_ text: String) throws(KalendsError) -> Int32 {
        let b = Array(text.utf8)
        guard b.count == 5 || b.count == 7, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"),
              let h = TimeText.digits(b, 1, 2), let m = TimeText.digits(b, 3, 2), h < 24, m < 60 else {
            throw KalendsError(.parse, "\"\(text)\" is not a UTC offset (+HHMM)")
        }
        let s = b.count == 7 ? (TimeText.digits(b, 5, 2) ?? 60) : 0
        guard s < 60 else { throw KalendsError(.parse, "\"\(text)\" is not a UTC offset (+HHMMSS)") }
        let v = Int32(h * 3600 + m * 60 + s)
        return b[0] == UInt8(ascii: "-") ? -v : v
    }
}

/// Finds the `TimeZone` of a TZID: the system tz database (through `system`), then a
/// Windows name mapped by CLDR's windowsZones table ("W. Europe Standard Time" →
/// Europe/Berlin), then the file's VTIMEZONE, then the last three or two path parts of
/// names like "/mozilla.org/20050126_1/Europe/Berlin". Cached per TZID.
public final class ICalZones {
    private let system: (String) -> TimeZone?
    private let definitions: [String: ICalRawComponent]
    private var cache: [String: TimeZone?] = [:]

    public init(calendar: ICalendar, system: @escaping (String) -> TimeZone?) {
        self.system = system
        definitions = calendar.timeZoneDefinitions
    }

    /// The zone, or nil when no source knows the TZID.
    public func zone(_ tzid: String) -> TimeZone? {
        if let hit = cache[tzid] { return hit }
        var z = system(tzid)
        if z == nil, let iana = WindowsZones.iana(tzid) { z = system(iana) }
        if z == nil, let def = definitions[tzid] { z = try? VTimeZone.zone(def, name: tzid) }
        if z == nil {
            let parts = tzid.split(separator: "/")
            // "/vendor/.../America/Argentina/Buenos_Aires": the longest tz name first.
            for n in [3, 2] where z == nil && parts.count >= n {
                z = system(parts.suffix(n).joined(separator: "/"))
            }
        }
        cache[tzid] = z
        return z
    }
}
