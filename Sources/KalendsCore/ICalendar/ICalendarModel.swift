/// A DATE or DATE-TIME value as written in a file: all-day, floating, UTC, or wall-clock
/// time with a TZID.
public struct ICalTime: Hashable, Sendable {
    public var kind: IcalTimeKind
    /// Wall-clock seconds since 1970-01-01T00:00 (a date: its midnight; UTC: the instant).
    public var local: Int64
    /// The TZID as written (zoned values only).
    public var tzid: String?

    public init(kind: IcalTimeKind, local: Int64, tzid: String? = nil) {
        self.kind = kind
        self.local = local
        self.tzid = kind == .zoned ? tzid : nil
    }

    /// Reads a property's value with its VALUE and TZID parameters.
    static func parse(_ value: String, valueType: String?, tzid: String?) throws(KalendsError) -> ICalTime {
        let v = try TimeText.parseDateOrDateTime(value)
        if valueType == "DATE" && !v.isDate { throw KalendsError(.parse, "VALUE=DATE but \"\(value)\" has a time") }
        if v.isDate { return ICalTime(kind: .date, local: v.local) }
        if v.utc { return ICalTime(kind: .utc, local: v.local) }
        if let tzid, !tzid.isEmpty { return ICalTime(kind: .zoned, local: v.local, tzid: tzid) }
        return ICalTime(kind: .floating, local: v.local)
    }

    /// The value's text (without parameters).
    public var text: String {
        switch kind {
        case .date: TimeText.formatDate(Int32(clamping: local.floorDiv(86_400)))
        case .utc: TimeText.formatDateTime(local, utc: true)
        case .floating, .zoned: TimeText.formatDateTime(local)
        }
    }
}

/// A DURATION (RFC 5545 3.3.6): nominal days (and weeks) and exact seconds.
public struct ICalDuration: Hashable, Sendable {
    public var days: Int64
    public var seconds: Int64

    public init(days: Int64 = 0, seconds: Int64 = 0) {
        self.days = days
        self.seconds = seconds
    }

    static func parse(_ text: String) throws(KalendsError) -> ICalDuration {
        var b = Array(text.uppercased().utf8)[...]
        var sign: Int64 = 1
        if b.first == UInt8(ascii: "+") || b.first == UInt8(ascii: "-") {
            if b.first == UInt8(ascii: "-") { sign = -1 }
            b = b.dropFirst()
        }
        guard b.first == UInt8(ascii: "P"), b.count > 1 else { throw KalendsError(.parse, "\"\(text)\" is not a DURATION") }
        b = b.dropFirst()
        var days: Int64 = 0, seconds: Int64 = 0, number: Int64 = 0, digits = 0, inTime = false, parts = 0
        for c in b {
            if c >= 0x30 && c <= 0x39 {
                guard number < 100_000_000_000 else { throw KalendsError(.parse, "DURATION \"\(text)\" is too long") }
                number = number * 10 + Int64(c - 0x30)
                digits += 1
                continue
            }
            switch c {
            case UInt8(ascii: "T"): inTime = true; continue
            case UInt8(ascii: "W") where !inTime: days += number * 7
            case UInt8(ascii: "D") where !inTime: days += number
            case UInt8(ascii: "H") where inTime: seconds += number * 3600
            case UInt8(ascii: "M") where inTime: seconds += number * 60
            case UInt8(ascii: "S") where inTime: seconds += number
            default: throw KalendsError(.parse, "\"\(text)\" is not a DURATION")
            }
            guard digits > 0 else { throw KalendsError(.parse, "\"\(text)\" is not a DURATION") }
            parts += 1
            number = 0
            digits = 0
        }
        guard digits == 0, parts > 0 else { throw KalendsError(.parse, "\"\(text)\" is not a DURATION") }
        return ICalDuration(days: sign * days, seconds: sign * seconds)
    }

    public var text: String {
        let negative = days < 0 || seconds < 0
        let d = days.magnitude, s = seconds.magnitude
        var out = negative ? "-P" : "P"
        if d > 0 { out += "\(d)D" }
        if s > 0 || d == 0 {
            out += "T"
            if s >= 3600 { out += "\(s / 3600)H" }
            if s % 3600 >= 60 { out += "\(s % 3600 / 60)M" }
            if s % 60 > 0 || s == 0 { out += "\(s % 60)S" }
        }
        return out
    }
}

/// A component the reader keeps without interpreting it (VTODO, VJOURNAL, VALARM, X-
/// components): its name, lines and nested components, written back as they were.
public struct ICalRawComponent: Hashable, Sendable {
    public var name: String
    public var lines: [ContentLine]
    public var children: [ICalRawComponent]
}

/// A VEVENT.
public struct ICalEvent: Hashable, Sendable {
    public var uid: String = ""
    public var summary: String?
    public var start: ICalTime
    /// DTEND (nil when the event has a DURATION or neither).
    public var end: ICalTime?
    public var duration: ICalDuration?
    public var rules: [RecurrenceRule] = []
    public var exceptionRules: [RecurrenceRule] = []
    /// RDATE values; `periodEnd` holds a PERIOD's end (or start + its duration).
    public var dates: [(time: ICalTime, periodEnd: ICalTime?)] = []
    public var exceptionDates: [ICalTime] = []
    public var recurrenceID: ICalTime?
    /// RECURRENCE-ID;RANGE=THISANDFUTURE.
    public var thisAndFuture = false
    public var status: String?
    /// RFC 7986 COLOR (a CSS3 colour name or #RRGGBB, as written).
    public var color: String?
    /// Properties not interpreted above (DESCRIPTION, LOCATION, X-..., ...), kept for writing.
    public var otherProperties: [ContentLine] = []
    /// VALARMs and other nested components, kept for writing.
    public var components: [ICalRawComponent] = []
    /// The line of its BEGIN:VEVENT.
    public var line: Int = 0

    public init(start: ICalTime) {
        self.start = start
    }

    public var isCancelled: Bool { statusKind == .cancelled }

    /// STATUS as a kind (RFC 5545 enumerated values are case-insensitive).
    public var statusKind: IcalStatus {
        guard let status else { return .none }
        switch status.uppercased() {
        case "TENTATIVE": return .tentative
        case "CONFIRMED": return .confirmed
        case "CANCELLED": return .cancelled
        default: return .other
        }
    }

    /// SEQUENCE (RFC 5545 3.8.7.4), the revision; -1 when absent or not a number.
    public var sequence: Int64 {
        guard let l = otherProperties.first(where: { $0.name == "SEQUENCE" }) else { return -1 }
        return Int64(String(l.value.filter { $0 != " " })) ?? -1
    }

    public static func == (a: ICalEvent, b: ICalEvent) -> Bool {
        a.uid == b.uid && a.summary == b.summary && a.start == b.start && a.end == b.end && a.duration == b.duration
            && a.rules == b.rules && a.exceptionRules == b.exceptionRules
            && a.dates.map(\.time) == b.dates.map(\.time) && a.dates.map(\.periodEnd) == b.dates.map(\.periodEnd)
            && a.exceptionDates == b.exceptionDates && a.recurrenceID == b.recurrenceID
            && a.thisAndFuture == b.thisAndFuture && a.status == b.status && a.color == b.color
            && a.otherProperties == b.otherProperties && a.components == b.components
    }

    public func hash(into h: inout Hasher) {
        h.combine(uid)
        h.combine(start)
    }
}

/// A problem the lenient reader stepped over.
public struct ICalWarning: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// What a file held: events, time zone definitions, other components, warnings.
public struct ICalendar: Sendable {
    /// VCALENDAR properties (PRODID, VERSION, X-WR-CALNAME, ...) of the first calendar.
    public var properties: [ContentLine] = []
    public var events: [ICalEvent] = []
    /// VTIMEZONE definitions by TZID, kept as read (written back unchanged).
    public var timeZoneDefinitions: [String: ICalRawComponent] = [:]
    public var otherComponents: [ICalRawComponent] = []
    public var warnings: [ICalWarning] = []

    public init() {}
}
