/// How often a rule repeats (RFC 5545 FREQ; the enum: Generated/Enums.swift). The raw
/// values are dateutil's constants (`YEARLY` = 0 ... `SECONDLY` = 6), so a binding passes
/// them through unchanged.
extension RruleFrequency: Comparable {
    public static func < (a: RruleFrequency, b: RruleFrequency) -> Bool { a.rawValue < b.rawValue }

    /// The RFC 5545 name ("YEARLY" ...).
    public var name: String {
        switch self {
        case .yearly: "YEARLY"
        case .monthly: "MONTHLY"
        case .weekly: "WEEKLY"
        case .daily: "DAILY"
        case .hourly: "HOURLY"
        case .minutely: "MINUTELY"
        case .secondly: "SECONDLY"
        }
    }
}

/// One BYDAY entry: a weekday, and for MONTHLY and YEARLY rules an optional ordinal
/// ("2MO" is the second Monday, "-1FR" the last Friday; 0 means every such weekday).
public struct WeekdayOrdinal: Hashable, Sendable {
    public var weekday: Weekday
    public var ordinal: Int32

    public init(_ weekday: Weekday, _ ordinal: Int32 = 0) {
        self.weekday = weekday
        self.ordinal = ordinal
    }
}

/// The bound of a rule (UNTIL): a wall-clock time (a DATE value is its midnight, as
/// dateutil reads it) or an instant (a UTC DATE-TIME, the RFC's form when DTSTART has a
/// time zone).
public enum RuleUntil: Hashable, Sendable {
    /// Local wall-clock seconds since 1970-01-01T00:00 (floating, or in DTSTART's zone).
    case local(Int64)
    /// A DATE value (day number); compared as its midnight.
    case date(Int32)
    /// Seconds since 1970-01-01T00:00:00Z.
    case utc(Int64)
}

/// A recurrence rule (RFC 5545 3.3.10, RRULE and EXRULE), as written: the BY lists hold
/// what was given, in the order given; the defaults taken from DTSTART are applied at
/// expansion (`RuleExpander`), so formatting gives back the rule that was read.
///
/// `byEaster` is dateutil's extension (offsets in days from Easter Sunday).
/// Values outside the RFC's ranges are refused by `validate()` (and by the parser in
/// strict mode); in `.dateutil` semantics they are kept and simply never match, as
/// dateutil does.
public struct RecurrenceRule: Hashable, Sendable {
    public var frequency: RruleFrequency
    public var interval: Int64 = 1
    public var count: Int64?
    public var until: RuleUntil?
    public var bySecond: [Int32] = []
    public var byMinute: [Int32] = []
    public var byHour: [Int32] = []
    public var byDay: [WeekdayOrdinal] = []
    public var byMonthDay: [Int32] = []
    public var byYearDay: [Int32] = []
    public var byWeekNo: [Int32] = []
    public var byMonth: [Int32] = []
    public var bySetPos: [Int32] = []
    public var byEaster: [Int32] = []
    /// WKST; nil when the rule did not say (Monday is used, as RFC 5545 says).
    public var weekStart: Weekday?
    /// RFC 7529 RSCALE as written ("CHINESE", "HEBREW", ...): the calendar system whose
    /// years, months and days the rule counts; nil: absent (Gregorian).
    public var rscale: String?
    /// RFC 7529 SKIP; nil: absent (OMIT). Only with RSCALE.
    public var skip: RruleSkip?
    /// BYMONTH's leap months ("5L" is 5), with RSCALE only; `byMonth` holds the others.
    public var byLeapMonth: [Int32] = []

    public init(frequency: RruleFrequency) {
        self.frequency = frequency
    }

    /// SKIP in force: SKIP, or OMIT.
    public var effectiveSkip: RruleSkip { skip ?? .omit }

    /// The week start in force: WKST, or Monday.
    public var effectiveWeekStart: Weekday { weekStart ?? .monday }

    /// Checks every part against RFC 5545's ranges (BYSECOND 0...60, BYMINUTE 0...59,
    /// BYHOUR 0...23, BYMONTHDAY ±1...31, BYYEARDAY ±1...366, BYWEEKNO ±1...53,
    /// BYMONTH 1...12, BYSETPOS ±1...366, BYDAY ordinals ±1...53 and only with MONTHLY or
    /// YEARLY), INTERVAL ≥ 1, COUNT ≥ 0, BYEASTER within a year (±366). `strict` also
    /// refuses the parts RFC 5545's table marks N/A for the frequency (BYWEEKNO without
    /// YEARLY, BYYEARDAY with DAILY/WEEKLY/MONTHLY, BYMONTHDAY with WEEKLY), which
    /// producers do write and which every expander reads as filters, COUNT together with
    /// UNTIL, and BYDAY ordinals with YEARLY and BYWEEKNO (RFC 5545 3.3.10: MUST NOT).
    /// UNTIL must lie in 0001-01-01 ... 9999-12-31 in both modes.
    public func validate(strict: Bool = false) throws(KalendsError) {
        guard interval >= 1 else { throw KalendsError(.invalidArgument, "INTERVAL \(interval) is not a positive integer") }
        if let count, count < 0 { throw KalendsError(.invalidArgument, "COUNT \(count) is negative") }
        try validateUntil()
        if strict, count != nil, until != nil {
            throw KalendsError(.invalidArgument, "RRULE has both COUNT and UNTIL (RFC 5545 3.3.10 allows one)")
        }
        try Self.check(bySecond, "BYSECOND", 0...60, zero: true)
        try Self.check(byMinute, "BYMINUTE", 0...59, zero: true)
        try Self.check(byHour, "BYHOUR", 0...23, zero: true)
        try Self.check(byMonthDay, "BYMONTHDAY", -31...31, zero: false)
        try Self.check(byYearDay, "BYYEARDAY", -366...366, zero: false)
        try Self.check(byWeekNo, "BYWEEKNO", -53...53, zero: false)
        if rscale == nil && skip == nil && byLeapMonth.isEmpty {
            try Self.check(byMonth, "BYMONTH", 1...12, zero: true)
        } else {
            try RecurrenceScale.validate(self)
        }
        try Self.check(bySetPos, "BYSETPOS", -366...366, zero: false)
        try Self.check(byEaster, "BYEASTER", -366...366, zero: true)
        for d in byDay where d.ordinal != 0 {
            guard (-53...53).contains(d.ordinal) else {
                throw KalendsError(.invalidArgument, "BYDAY ordinal \(d.ordinal) is not in -53...53")
            }
            guard strict else { continue }
            guard frequency == .monthly || frequency == .yearly else {
                throw KalendsError(.invalidArgument, "BYDAY with an ordinal (\(d.ordinal)) needs FREQ=MONTHLY or YEARLY")
            }
            if frequency == .monthly, !(-5...5).contains(d.ordinal) {
                throw KalendsError(.invalidArgument, "BYDAY ordinal \(d.ordinal) is not in -5...5 for FREQ=MONTHLY")
            }
            if frequency == .yearly, !byWeekNo.isEmpty {
                throw KalendsError(.invalidArgument, "BYDAY with an ordinal (\(d.ordinal)) is not allowed with BYWEEKNO")
            }
        }
        guard strict else { return }
        if !byWeekNo.isEmpty, frequency != .yearly {
            throw KalendsError(.invalidArgument, "BYWEEKNO needs FREQ=YEARLY")
        }
        if !byYearDay.isEmpty, frequency == .daily || frequency == .weekly || frequency == .monthly {
            throw KalendsError(.invalidArgument, "BYYEARDAY is not allowed with FREQ=\(frequency.name)")
        }
        if !byMonthDay.isEmpty, frequency == .weekly {
            throw KalendsError(.invalidArgument, "BYMONTHDAY is not allowed with FREQ=WEEKLY")
        }
    }

    /// UNTIL within the recurrence domain, 0001-01-01T00:00:00 ... 9999-12-31T23:59:59
    /// (RFC 5545's four-digit years; dateutil's datetime cannot hold anything else):
    /// `.outOfRange` otherwise, whatever the semantics.
    public func validateUntil() throws(KalendsError) {
        guard let until else { return }
        let inDomain: Bool
        switch until {
        case .date(let d): inDomain = d >= TimeText.minDay && d <= TimeText.maxDay
        case .local(let w), .utc(let w): inDomain = w >= TimeText.minLocal && w < TimeText.endLocal
        }
        guard inDomain else {
            let value: String
            switch until {
            case .date(let d): value = "day \(d)"
            case .local(let w): value = "\(w) s"
            case .utc(let w): value = "\(w) s UTC"
            }
            throw KalendsError(.outOfRange, "UNTIL (\(value)) is outside 0001-01-01 ... 9999-12-31")
        }
    }

    private static func check(_ values: [Int32], _ name: String, _ range: ClosedRange<Int32>, zero: Bool) throws(KalendsError) {
        for v in values where !range.contains(v) || (!zero && v == 0) {
            throw KalendsError(.invalidArgument, "\(name) value \(v) is not in \(range)\(zero ? "" : " without 0")")
        }
    }
}
