/// How to read iCalendar text.
public struct ICalendarOptions: Sendable {
    /// Strict: the first broken line or component refuses the whole file (`.parse` with
    /// its line number). Lenient (default): a broken component is skipped with a warning
    /// naming its line, the rest is used (as recurring-ical-events does).
    public var strict = false
    /// A logical (unfolded) line longer than this is broken.
    public var maxLineBytes = 1 << 20
    /// A component with more lines than this is broken (bounds memory per component).
    public var maxComponentLines = 200_000

    public init(strict: Bool = false) {
        self.strict = strict
    }
}

/// Reads iCalendar text (RFC 5545) fed in chunks: content lines unfolded, components
/// nested, several VCALENDARs one after another. Memory: one logical line and the
/// component being read, plus what is kept — every event, or none when an `onEvent`
/// handler takes them (then a 100 MB file is read in bounded memory).
public final class ICalendarReader {
    public let options: ICalendarOptions
    private var unfolder = LineUnfolder()
    private var calendar = ICalendar()
    private var stack: [(name: String, lines: [ContentLine], children: [ICalRawComponent], line: Int, broken: String?)] = []
    private var calendars = 0
    private let onEvent: ((ICalEvent) -> Void)?

    /// - Parameter onEvent: when given, each event is handed to it as soon as it is read
    ///   and not kept in the result.
    public init(options: ICalendarOptions = ICalendarOptions(), onEvent: ((ICalEvent) -> Void)? = nil) {
        self.options = options
        self.onEvent = onEvent
        unfolder.maxLineBytes = options.maxLineBytes
    }

    /// Reads a whole file's bytes.
    public static func read(_ bytes: [UInt8], options: ICalendarOptions = ICalendarOptions()) throws(KalendsError) -> ICalendar {
        let r = ICalendarReader(options: options)
        try r.feed(bytes)
        return try r.finish()
    }

    public func feed(_ bytes: some Sequence<UInt8>) throws(KalendsError) {
        try unfolder.feed(bytes) { (text: String, line: Int, tooLong: Bool) throws(KalendsError) in
            try self.handle(text, line, tooLong)
        }
    }

    /// Ends the input: components left open are broken. Returns what was read.
    public func finish() throws(KalendsError) -> ICalendar {
        try unfolder.finish { (text: String, line: Int, tooLong: Bool) throws(KalendsError) in
            try self.handle(text, line, tooLong)
        }
        while let open = stack.popLast() {
            try problem(open.line, "\(open.name) that starts here is never ended")
        }
        if calendars == 0 && calendar.events.isEmpty {
            try problem(1, "no VCALENDAR")
        }
        return calendar
    }

    private func problem(_ line: Int, _ message: String) throws(KalendsError) {
        if options.strict { throw KalendsError(.parse, "line \(line): \(message)") }
        calendar.warnings.append(ICalWarning(line: line, message: message))
    }

    /// Marks the innermost component broken (lenient) or refuses the file (strict).
    private func breakComponent(_ line: Int, _ message: String) throws(KalendsError) {
        if options.strict { throw KalendsError(.parse, "line \(line): \(message)") }
        guard !stack.isEmpty else {
            calendar.warnings.append(ICalWarning(line: line, message: message))
            return
        }
        let i = stack.count - 1
        if stack[i].broken == nil { stack[i].broken = "line \(line): \(message)" }
    }

    private func handle(_ text: String, _ line: Int, _ tooLong: Bool) throws(KalendsError) {
        if text.isEmpty { return }
        if tooLong { return try breakComponent(line, "line longer than \(options.maxLineBytes) bytes") }
        guard let cl = ContentLine.parse(text, line: line) else {
            // Lenient: the line alone is dropped (a property without ':', a fold without its
            // leading space), the component keeps its other lines, as icalendar reads it.
            return try problem(line, "not a content line\(options.strict ? "" : ", skipped"): \"\(text.prefix(60))\"")
        }
        switch cl.name {
        case "BEGIN":
            let name = ContentLine.upperCased(cl.value)
            if stack.isEmpty && name != "VCALENDAR" {
                try problem(line, "BEGIN:\(name) outside a VCALENDAR")
            }
            if name == "VCALENDAR" { calendars += 1 }
            stack.append((name, [], [], line, nil))
        case "END":
            let name = ContentLine.upperCased(cl.value)
            guard let top = stack.last else { return try problem(line, "END:\(name) without BEGIN") }
            if top.name != name {
                // Lenient: close the inner components up to the matching one, as broken.
                // An END that matches no open component (a misspelt END:VTOOD) closes the
                // innermost one, as icalendar reads it, instead of nesting the rest in it.
                guard stack.contains(where: { $0.name == name }) else {
                    try problem(line, "END:\(name) does not match BEGIN:\(top.name) on line \(top.line)"
                                + (options.strict ? "" : ": read as END:\(top.name)"))
                    guard let done = stack.popLast() else { return }
                    return try complete(done)
                }
                while let inner = stack.last, inner.name != name {
                    try problem(inner.line, "\(inner.name) that starts here is ended by END:\(name) on line \(line)")
                    stack.removeLast()
                }
            }
            guard let done = stack.popLast() else { return }
            try complete(done)
        default:
            guard !stack.isEmpty else { return try problem(line, "\(cl.name) outside any component") }
            let i = stack.count - 1
            if stack[i].lines.count >= options.maxComponentLines {
                return try breakComponent(line, "\(stack[i].name) has more than \(options.maxComponentLines) lines")
            }
            stack[i].lines.append(cl)
        }
    }

    private func complete(_ c: (name: String, lines: [ContentLine], children: [ICalRawComponent], line: Int, broken: String?)) throws(KalendsError) {
        if let broken = c.broken {
            calendar.warnings.append(ICalWarning(line: c.line, message: "\(c.name) skipped: \(broken)"))
            return
        }
        let raw = ICalRawComponent(name: c.name, lines: c.lines, children: c.children)
        if c.name == "VCALENDAR" {
            if calendars == 1 { calendar.properties = c.lines }
            return
        }
        var parentIsCalendar = stack.last?.name == "VCALENDAR" || stack.isEmpty
        if !parentIsCalendar, c.name == "VEVENT", let parent = stack.last, !Self.standardComponents.contains(parent.name) {
            // A VEVENT wrapped in a component RFC 5545 does not define (BEGIN:MYCOMP): read
            // as an event of the calendar, as recurring-ical-events finds it.
            try problem(c.line, "VEVENT inside \(parent.name) (line \(parent.line))"
                        + (options.strict ? "" : " read as an event of the calendar"))
            parentIsCalendar = true
        }
        guard parentIsCalendar else {
            stack[stack.count - 1].children.append(raw)
            return
        }
        switch c.name {
        case "VEVENT":
            do throws(KalendsError) {
                var notes: [ICalWarning] = []
                var event = try Self.event(raw, strict: options.strict, notes: &notes)
                calendar.warnings += notes
                event.line = c.line
                if let onEvent { onEvent(event) } else { calendar.events.append(event) }
            } catch {
                // Property errors name their own line ("line N: ..."); others the BEGIN's.
                let own = error.message.hasPrefix("line ")
                let message = own ? "\(error.message) (VEVENT from line \(c.line))" : "line \(c.line): VEVENT: \(error.message)"
                if options.strict { throw KalendsError(.parse, message) }
                calendar.warnings.append(ICalWarning(line: c.line, message: "VEVENT skipped: \(message)"))
            }
        case "VTIMEZONE":
            guard let tzid = c.lines.first(where: { $0.name == "TZID" })?.value, !tzid.isEmpty else {
                return try problem(c.line, "VTIMEZONE without TZID")
            }
            calendar.timeZoneDefinitions[tzid] = raw
        default:
            calendar.otherComponents.append(raw)
        }
    }

    /// Components RFC 5545 and its extensions define; a VEVENT nested in one of them is
    /// kept inside it, one nested in anything else is read as an event.
    static let standardComponents: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VALARM",
                                                   "STANDARD", "DAYLIGHT", "VAVAILABILITY", "AVAILABLE", "PARTICIPANT",
                                                   "VLOCATION", "VRESOURCE"]

    /// An event from a VEVENT's lines.
    static func event(_ c: ICalRawComponent, strict: Bool) throws(KalendsError) -> ICalEvent {
        var notes: [ICalWarning] = []
        return try event(c, strict: strict, notes: &notes)
    }

    /// Lenient repair of a DTSTART and DTEND (or DURATION) of different value types, which
    /// RFC 5545 3.8.2.2 forbids ("The value type of this property MUST be the same as the
    /// DTSTART property ... a date with local time if and only if the DTSTART property is
    /// also") and 3.8.2.5 (a DATE start takes a duration in days or weeks) and does not say
    /// how to read. Read as recurring-ical-events reads them: when either is a date-time
    /// both are (a date is its midnight; a duration with hours makes a DATE start a
    /// date-time), and when one is UTC or zoned, a floating or DATE value takes that zone.
    /// Returns what was changed, or nil.
    static func unifyValueTypes(_ e: inout ICalEvent) -> String? {
        let before = (e.start, e.end)
        if e.start.kind == .date {
            if let end = e.end, end.kind != .date {
                e.start = ICalTime(kind: end.kind == .zoned ? .zoned : (end.kind == .utc ? .utc : .floating),
                                   local: e.start.local, tzid: end.tzid)
            } else if e.end == nil, let d = e.duration, d.seconds % 86_400 != 0 {
                e.start = ICalTime(kind: .floating, local: e.start.local)
            }
        } else if let end = e.end {
            if end.kind == .date {
                e.end = ICalTime(kind: e.start.kind, local: end.local, tzid: e.start.tzid)
            } else if e.start.kind == .floating && end.kind != .floating {
                e.start = ICalTime(kind: end.kind, local: e.start.local, tzid: end.tzid)
            } else if end.kind == .floating && e.start.kind != .floating {
                e.end = ICalTime(kind: e.start.kind, local: end.local, tzid: e.start.tzid)
            }
        }
        guard before.0 != e.start || before.1 != e.end else { return nil }
        return "DTSTART \(before.0.text) and DTEND\(before.1.map { " " + $0.text } ?? "")/DURATION of different value types (RFC 5545 3.8.2.2): read with one type"
    }

    /// An RRULE value with its negative COUNT parts removed ("COUNT=-1", written by some
    /// exporters next to UNTIL to mean "no count"), or nil when it has none.
    static func withoutNegativeCount(_ rule: String) -> String? {
        // Most rules have no '-' at all: no Character-level split for them.
        guard rule.utf8.contains(UInt8(ascii: "-")) else { return nil }
        let parts = rule.split(separator: ";", omittingEmptySubsequences: false)
        let kept = parts.filter { p in
            let kv = p.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0].uppercased() == "COUNT", kv[1].hasPrefix("-"), kv[1].count > 1 else { return true }
            return !kv[1].dropFirst().allSatisfy { $0 >= "0" && $0 <= "9" }
        }
        return kept.count == parts.count ? nil : kept.joined(separator: ";")
    }

    /// An event from a VEVENT's lines; `notes` receives what a lenient read repaired.
    static func event(_ c: ICalRawComponent, strict: Bool, notes: inout [ICalWarning]) throws(KalendsError) -> ICalEvent {
        func time(_ l: ContentLine) throws(KalendsError) -> ICalTime {
            do throws(KalendsError) {
                return try ICalTime.parse(l.value, valueType: l.parameter("VALUE")?.uppercased(), tzid: l.parameter("TZID"))
            } catch {
                throw KalendsError(.parse, "line \(l.line): \(l.name): \(error.message)")
            }
        }
        func times(_ l: ContentLine) throws(KalendsError) -> [ICalTime] {
            var out: [ICalTime] = []
            for v in l.value.split(separator: ",") {
                do throws(KalendsError) {
                    out.append(try ICalTime.parse(String(v), valueType: l.parameter("VALUE")?.uppercased(), tzid: l.parameter("TZID")))
                } catch {
                    throw KalendsError(.parse, "line \(l.line): \(l.name): \(error.message)")
                }
            }
            return out
        }
        guard let startLine = c.lines.first(where: { $0.name == "DTSTART" }) else {
            throw KalendsError(.parse, "no DTSTART")
        }
        var e = ICalEvent(start: try time(startLine))
        var seenStart = false
        for l in c.lines {
            do throws(KalendsError) {
                switch l.name {
                case "DTSTART":
                    if seenStart { throw KalendsError(.parse, "DTSTART given twice") }
                    seenStart = true
                case "UID": e.uid = l.value
                case "SUMMARY": e.summary = ContentLine.unescape(l.value)
                case "DTEND": e.end = try time(l)
                case "DURATION": e.duration = try ICalDuration.parse(l.value)
                case "RRULE":
                    // An empty RRULE (seen in exports) means no rule when reading leniently.
                    if strict || !l.value.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        var text = l.value
                        // Lenient: a negative COUNT (RFC 5545 3.3.10: COUNT is digits) is no COUNT.
                        if !strict, let fixed = Self.withoutNegativeCount(text) {
                            notes.append(ICalWarning(line: l.line, message: "RRULE: negative COUNT ignored"))
                            text = fixed
                        }
                        e.rules.append(try RecurrenceRule.parse(text, strict: strict))
                    }
                case "EXRULE": e.exceptionRules.append(try RecurrenceRule.parse(l.value, strict: strict))
                case "RDATE":
                    if l.parameter("VALUE")?.uppercased() == "PERIOD" {
                        for p in l.value.split(separator: ",") {
                            let parts = p.split(separator: "/", maxSplits: 1)
                            guard parts.count == 2 else { throw KalendsError(.parse, "PERIOD \"\(p)\" has no '/'") }
                            let s = try ICalTime.parse(String(parts[0]), valueType: nil, tzid: l.parameter("TZID"))
                            let endText = String(parts[1])
                            let end: ICalTime
                            if endText.hasPrefix("P") || endText.hasPrefix("+P") || endText.hasPrefix("-P") {
                                let d = try ICalDuration.parse(endText)
                                end = ICalTime(kind: s.kind, local: s.local &+ d.days &* 86_400 &+ d.seconds, tzid: s.tzid)
                            } else {
                                end = try ICalTime.parse(endText, valueType: nil, tzid: l.parameter("TZID"))
                            }
                            e.dates.append((s, end))
                        }
                    } else {
                        for t in try times(l) { e.dates.append((t, nil)) }
                    }
                case "EXDATE": e.exceptionDates += try times(l)
                case "RECURRENCE-ID":
                    e.recurrenceID = try time(l)
                    e.thisAndFuture = l.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
                case "STATUS": e.status = l.value
                case "COLOR": e.color = l.value
                default: e.otherProperties.append(l)
                }
            } catch {
                throw KalendsError(.parse, error.message.hasPrefix("line ") ? error.message : "line \(l.line): \(l.name): \(error.message)")
            }
        }
        if e.end != nil && e.duration != nil {
            if strict { throw KalendsError(.parse, "both DTEND and DURATION") }
            e.duration = nil
        }
        if let end = e.end, (end.kind == .date) != (e.start.kind == .date) {
            if strict { throw KalendsError(.parse, "DTEND and DTSTART are not both dates or both date-times") }
        }
        if !strict, let note = Self.unifyValueTypes(&e) {
            notes.append(ICalWarning(line: startLine.line, message: note))
        }
        // RFC 5545 3.8.2.2: DTEND's "value MUST be later in time than the value of the DTSTART
        // property". Lenient: the two swapped (an exporter's mix-up), as recurring-ical-events reads them.
        if let end = e.end, end.kind == e.start.kind, end.tzid == e.start.tzid, end.local < e.start.local {
            if strict { throw KalendsError(.parse, "DTEND \(end.text) is before DTSTART \(e.start.text)") }
            notes.append(ICalWarning(line: startLine.line, message: "DTEND \(end.text) before DTSTART \(e.start.text): swapped"))
            e.end = e.start
            e.start = end
        }
        e.components = c.children
        return e
    }
}
