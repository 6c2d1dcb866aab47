// Writing iCalendar text: what was read comes back (read -> write -> read gives the same
// events, time zone definitions and other components).

extension ICalendar {
    /// The calendar as one VCALENDAR, CRLF line ends, lines folded at 75 octets.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        func line(_ text: String) { ContentLine.fold(text, into: &out) }
        func raw(_ c: ICalRawComponent) {
            line("BEGIN:" + c.name)
            for l in c.lines { line(l.text) }
            for child in c.children { raw(child) }
            line("END:" + c.name)
        }
        line("BEGIN:VCALENDAR")
        if properties.isEmpty {
            line("VERSION:2.0")
            line("PRODID:-//Kalends//Kalends//EN")
        }
        for p in properties { line(p.text) }
        for tzid in timeZoneDefinitions.keys.sorted() {
            if let c = timeZoneDefinitions[tzid] { raw(c) }
        }
        for e in events {
            line("BEGIN:VEVENT")
            if !e.uid.isEmpty { line("UID:" + e.uid) }
            line(Self.timeLine("DTSTART", e.start))
            if let end = e.end { line(Self.timeLine("DTEND", end)) }
            if let d = e.duration { line("DURATION:" + d.text) }
            if let r = e.recurrenceID {
                line(Self.timeLine("RECURRENCE-ID", r, extra: e.thisAndFuture ? ";RANGE=THISANDFUTURE" : ""))
            }
            for r in e.rules { line("RRULE:" + r.text) }
            for r in e.exceptionRules { line("EXRULE:" + r.text) }
            for d in e.dates {
                if let end = d.periodEnd {
                    line(Self.timeLine("RDATE", d.time, extra: ";VALUE=PERIOD", suffix: "/" + end.text))
                } else {
                    line(Self.timeLine("RDATE", d.time))
                }
            }
            for x in e.exceptionDates { line(Self.timeLine("EXDATE", x)) }
            if let s = e.summary { line("SUMMARY:" + ContentLine.escape(s)) }
            if let s = e.status { line("STATUS:" + s) }
            if let c = e.color { line("COLOR:" + c) }
            for p in e.otherProperties { line(p.text) }
            for c in e.components { raw(c) }
            line("END:VEVENT")
        }
        for c in otherComponents { raw(c) }
        line("END:VCALENDAR")
        return out
    }

    static func timeLine(_ name: String, _ t: ICalTime, extra: String = "", suffix: String = "") -> String {
        var s = name + extra
        switch t.kind {
        case .date: s += ";VALUE=DATE"
        case .zoned:
            let id = t.tzid ?? ""
            s += ";TZID=" + (id.contains(where: { $0 == ";" || $0 == ":" || $0 == "," }) ? "\"" + id.replacingDoubleQuotes() + "\"" : id)
        default: break
        }
        return s + ":" + t.text + suffix
    }
}
