// RFC 7529: the calendar system a rule counts in (RSCALE), its months as RFC 7529 numbers
// them ("5L" a leap month), and what SKIP does with a day a year or month lacks.

extension RruleSkip {
    /// The RFC 7529 name ("OMIT", "BACKWARD", "FORWARD").
    public var name: String {
        switch self {
        case .omit: "OMIT"
        case .backward: "BACKWARD"
        case .forward: "FORWARD"
        }
    }

    /// The value of a SKIP name (case-insensitive), or nil.
    public init?(name: String) {
        switch name.uppercased() {
        case "OMIT": self = .omit
        case "BACKWARD": self = .backward
        case "FORWARD": self = .forward
        default: return nil
        }
    }
}

/// A month of a rule counted in a calendar system, as RFC 7529 writes it in BYMONTH: a
/// number and whether it is the leap month of that number ("5L": Hebrew Adar I, a Chinese
/// leap fifth month).
public struct RuleMonth: Hashable, Sendable, CustomStringConvertible {
    public var number: Int32
    public var isLeap: Bool

    public init(_ number: Int32, leap: Bool = false) {
        self.number = number
        isLeap = leap
    }

    public var description: String { "\(number)\(isLeap ? "L" : "")" }
}

/// How RSCALE names map to the calendar systems, and the months each system has in RFC
/// 7529's numbering. ICU numbers Hebrew months 1...13 with Adar I as 6 in leap years
/// only; RFC 7529 (CLDR's month codes) numbers them 1...12 with Adar I as "5L", so a rule
/// means the same month in every year. Every other system keeps its own numbers, with
/// `isLeapMonth` as the "L".
public enum RecurrenceScale {
    /// The system an RSCALE value names (CLDR identifiers, case-insensitive: "CHINESE",
    /// "HEBREW", "ISLAMIC-CIVIL", ... and the registered systems); `.parse` naming the
    /// known ones otherwise.
    public static func system(named name: String) throws(KalendsError) -> AnyCalendarSystem {
        guard !name.isEmpty else { throw KalendsError(.parse, "RSCALE is empty (it names a calendar system, e.g. CHINESE)") }
        do {
            return try CalendarSystems.named(name.lowercased())
        } catch {
            throw KalendsError(.parse, "RSCALE \"\(name)\" is not a calendar system Kalends knows (known: "
                + CalendarSystems.identifiers.map { $0.uppercased() }.joined(separator: ", ") + ")")
        }
    }

    /// Whether a system has leap months ("nL" in BYMONTH): true for chinese, dangi and
    /// hebrew, false for the other built-in systems, nil (unknown: a missing month is
    /// simply never met) for registered ones.
    public static func hasLeapMonths(_ system: AnyCalendarSystem) -> Bool? {
        switch system.identifier {
        case "chinese", "dangi", "hebrew": true
        default: CalendarSystems.builtInIdentifiers.contains(system.identifier) ? false : nil
        }
    }

    /// The most months a year of a system has in RFC 7529's numbering (nil: unknown,
    /// a registered system).
    public static func maxMonth(_ system: AnyCalendarSystem) -> Int32? {
        switch system.identifier {
        case "coptic", "ethiopic", "ethiopic-amete-alem": 13
        default: CalendarSystems.builtInIdentifiers.contains(system.identifier) ? 12 : nil
        }
    }

    /// The RFC 7529 month of a system's month.
    @inline(__always)
    static func ruleMonth(_ system: AnyCalendarSystem, month: Int32, isLeapMonth: Bool) -> RuleMonth {
        if system.identifier == "hebrew" {
            if month == 6 { return RuleMonth(5, leap: true) }
            return RuleMonth(month > 6 ? month - 1 : month)
        }
        return RuleMonth(month, leap: isLeapMonth)
    }

    /// "Every year on this date in `system`" (RFC 7529): RSCALE, FREQ=YEARLY, the day's
    /// month (a leap month as "nL") and day of the month, and `skip` for the years that
    /// lack them (nil or OMIT: left out). `.outOfRange` for a day outside the system's days.
    public static func yearlyRule(onDay day: Int, in system: AnyCalendarSystem, skip: RruleSkip? = nil) throws(KalendsError) -> RecurrenceRule {
        let base = system.base
        try base.checkDayNumber(day)
        let month = base.month(index: base.monthIndex(dayNumber: day))
        let rm = ruleMonth(system, month: month.month, isLeapMonth: month.isLeapMonth)
        var rule = RecurrenceRule(frequency: .yearly)
        rule.rscale = system.identifier.uppercased()
        if rm.isLeap { rule.byLeapMonth = [rm.number] } else { rule.byMonth = [rm.number] }
        rule.byMonthDay = [Int32(day - month.firstDay + 1)]
        rule.skip = skip == .omit ? nil : skip
        return rule
    }

    /// Checks a rule's RSCALE parts: SKIP needs RSCALE; BYMONTH's numbers and leap months
    /// must be months the system has.
    static func validate(_ rule: RecurrenceRule) throws(KalendsError) {
        guard let name = rule.rscale else {
            if rule.skip != nil { throw KalendsError(.invalidArgument, "SKIP needs RSCALE (RFC 7529 4.1)") }
            if !rule.byLeapMonth.isEmpty {
                throw KalendsError(.invalidArgument, "a leap month in BYMONTH (\(rule.byLeapMonth[0])L) needs RSCALE")
            }
            return
        }
        let system = try system(named: name)
        let most = maxMonth(system) ?? 13
        for m in rule.byMonth where m < 1 || m > most {
            throw KalendsError(.invalidArgument, "BYMONTH value \(m) is not a month of the \(system.identifier) calendar (1...\(most))")
        }
        if let leap = hasLeapMonths(system), !rule.byLeapMonth.isEmpty {
            guard leap else {
                throw KalendsError(.invalidArgument, "BYMONTH value \(rule.byLeapMonth[0])L: the \(system.identifier) calendar has no leap months")
            }
            for m in rule.byLeapMonth {
                let ok = system.identifier == "hebrew" ? m == 5 : (1...12).contains(m)
                guard ok else {
                    let valid = system.identifier == "hebrew" ? "5L (Adar I)" : "1L...12L"
                    throw KalendsError(.invalidArgument, "BYMONTH value \(m)L is not a leap month of the \(system.identifier) calendar (\(valid))")
                }
            }
        }
        for m in rule.byLeapMonth where m < 1 || m > 13 {
            throw KalendsError(.invalidArgument, "BYMONTH value \(m)L is not a leap month (1L...12L)")
        }
    }
}
