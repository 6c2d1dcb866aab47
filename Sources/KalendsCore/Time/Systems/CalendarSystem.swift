/// A date in a calendar system, in ICU/Foundation's field conventions, so that a host
/// porting from Foundation's `Calendar` reads the same numbers:
/// - `era`: the system's era index as ICU numbers it (Gregorian 0 = BC, 1 = AD; ROC 0/1;
///   Japanese 0 = Taika ... ; Chinese/Dangi: the 60-year cycle number);
/// - `year`: the year within the era (Chinese/Dangi: 1...60 within the cycle);
/// - `month`: 1-based, as ICU numbers it (Hebrew 1...13, where 6 is Adar I and exists
///   only in leap years; Chinese: 1...12 with `isLeapMonth` marking the leap month that
///   repeats the number);
/// - `day`: 1-based day of the month.
public struct SystemDate: Hashable, Sendable, CustomStringConvertible {
    public var era: Int32
    public var year: Int32
    public var month: Int32
    public var day: Int32
    public var isLeapMonth: Bool

    public init(era: Int32, year: Int32, month: Int32, day: Int32, isLeapMonth: Bool = false) {
        self.era = era
        self.year = year
        self.month = month
        self.day = day
        self.isLeapMonth = isLeapMonth
    }

    public var description: String {
        "era \(era) year \(year) month \(month)\(isLeapMonth ? " (leap)" : "") day \(day)"
    }
}

/// One month of a calendar system: its name in the system's fields, the continuous
/// year it belongs to, and its days.
public struct SystemMonth: Hashable, Sendable, CustomStringConvertible {
    /// Era and year of the month's first day (a Japanese month in which an era begins
    /// carries the era of its first day).
    public var era: Int32
    public var year: Int32
    public var month: Int32
    public var isLeapMonth: Bool
    /// The year counted continuously across eras (ICU's extended year): the Gregorian
    /// year for gregorian, buddhist, roc and japanese; the Hebrew year; the number of
    /// Chinese years since the epoch (2637 BCE) for chinese and dangi; ...
    public var extendedYear: Int
    /// Day number of the month's first day, and its length in days.
    public var firstDay: Int
    public var length: Int

    public init(era: Int32, year: Int32, month: Int32, isLeapMonth: Bool, extendedYear: Int, firstDay: Int, length: Int) {
        self.era = era
        self.year = year
        self.month = month
        self.isLeapMonth = isLeapMonth
        self.extendedYear = extendedYear
        self.firstDay = firstDay
        self.length = length
    }

    public var lastDay: Int { firstDay + length - 1 }

    public var description: String {
        "era \(era) year \(year) month \(month)\(isLeapMonth ? " (leap)" : ""): \(length) days from day \(firstDay)"
    }
}

/// An era of a system and the part of it the system converts.
public struct EraRange: Hashable, Sendable {
    /// ICU's era index.
    public let era: Int32
    /// A short stable code (CLDR's era code where it has one: "bce", "ce", "reiwa", ...).
    public let code: String
    /// The years of the era inside the system's day range.
    public let years: ClosedRange<Int32>
    /// Day numbers of the era's first and last day inside the system's day range.
    public let days: ClosedRange<Int>

    public init(era: Int32, code: String, years: ClosedRange<Int32>, days: ClosedRange<Int>) {
        self.era = era
        self.code = code
        self.years = years
        self.days = days
    }
}

/// The arithmetic of one calendar system: conversions between day numbers (days since
/// 1970-01-01, the library's one time line) and `SystemDate`s, and the month structure
/// that grids, views, paging and scrolling walk. The built-in systems implement it, and
/// so can a host or a plugin (registered with `CalendarSystems.register`).
///
/// Months are numbered continuously by a month index (consecutive months differ by
/// one, across years and leap months), so paging and scrolling need no knowledge of a
/// system's year structure. For Gregorian the index is `year * 12 + month - 1`; for the
/// Chinese calendar it counts new moons.
///
/// The requirements are unchecked: callers pass day numbers inside `dayRange`, month
/// indexes inside `monthIndexRange` and extended years of those months. The checked
/// API (`dayNumber(of:)`, `date(checkedDayNumber:)`, `monthsInYear`, `monthLength`,
/// `adding(months:to:)`, ...) is built on them in an extension and is what the rest of
/// Kalends calls with outside input.
public protocol CalendarSystem: Sendable {
    /// CLDR identifier: "gregorian", "hebrew", "islamic-umalqura", ...
    var identifier: String { get }
    /// The day numbers this system converts; outside it, checked calls throw `.outOfRange`.
    var dayRange: ClosedRange<Int> { get }
    /// The era indexes in ICU's numbering (Chinese: the 60-year cycles of `dayRange`).
    var eraIndexes: ClosedRange<Int32> { get }
    /// An era with the years and days of it inside `dayRange`; throws naming the valid
    /// eras for an era the system does not have.
    func eraRange(_ era: Int32) throws(KalendsError) -> EraRange
    /// The date of a day number inside `dayRange`.
    func date(dayNumber: Int) -> SystemDate
    /// The continuous index of the month holding a day number inside `dayRange`.
    func monthIndex(dayNumber: Int) -> Int
    /// The month of an index inside `monthIndexRange`.
    func month(index: Int) -> SystemMonth
    /// The extended year of an era's year; throws for an unknown era (naming the valid
    /// eras). Years outside the era's range are checked by the caller.
    func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int
    /// The month indexes of an extended year (12 or 13 consecutive indexes; fewer at
    /// the ends of the day range).
    func monthIndexes(extendedYear: Int) -> Range<Int>
    /// The index of a month of an extended year; throws naming the system and the valid
    /// months for a month the year does not have (month 13 in a 12-month year, a leap
    /// month in a year without one).
    func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int
    /// Month indexes of the first and last day of `dayRange` (a default computes them).
    var monthIndexRange: ClosedRange<Int> { get }
    /// Extended years of the first and last month (a default computes them).
    var extendedYearRange: ClosedRange<Int> { get }
    /// The years of an era inside `dayRange` (a default takes them from `eraRange`).
    func eraYears(_ era: Int32) throws(KalendsError) -> ClosedRange<Int32>
    /// Whether an era can begin inside a month, so that days of one month can differ in
    /// era and year (the Japanese calendar). Default false.
    var hasEraChangesWithinMonths: Bool { get }
    /// The first day of a month (a default takes it from `month(index:)`; a system
    /// may answer faster without the month's names, for scrolling layouts that count
    /// weeks over many months).
    func firstDay(monthIndex: Int) -> Int
    /// Day number of the first day of an extended year (a default takes it from
    /// `monthIndexes(extendedYear:)` and `month(index:)`; the built-in systems compute
    /// it directly: grids ask it for their week numbers).
    func yearStart(extendedYear: Int) -> Int
}

extension CalendarSystem {
    public func eraYears(_ era: Int32) throws(KalendsError) -> ClosedRange<Int32> { try eraRange(era).years }
    public var hasEraChangesWithinMonths: Bool { false }
    public func firstDay(monthIndex: Int) -> Int { month(index: monthIndex).firstDay }

    /// Month indexes of the first and last day of `dayRange`.
    public var monthIndexRange: ClosedRange<Int> {
        monthIndex(dayNumber: dayRange.lowerBound)...monthIndex(dayNumber: dayRange.upperBound)
    }

    /// Extended years of the first and last month.
    public var extendedYearRange: ClosedRange<Int> {
        let r = monthIndexRange
        return month(index: r.lowerBound).extendedYear...month(index: r.upperBound).extendedYear
    }

    // MARK: checked API

    public func checkDayNumber(_ dayNumber: Int) throws(KalendsError) {
        guard dayRange.contains(dayNumber) else {
            throw KalendsError(.outOfRange, "day number \(dayNumber) is outside the \(identifier) calendar's days "
                + "\(dayRange.lowerBound)...\(dayRange.upperBound)")
        }
    }

    /// The date of a day number; `.outOfRange` outside `dayRange`.
    public func date(checkedDayNumber dayNumber: Int) throws(KalendsError) -> SystemDate {
        try checkDayNumber(dayNumber)
        return date(dayNumber: dayNumber)
    }

    /// The month of an index; `.outOfRange` outside `monthIndexRange`.
    public func month(checkedIndex index: Int) throws(KalendsError) -> SystemMonth {
        let r = monthIndexRange
        guard r.contains(index) else {
            throw KalendsError(.outOfRange, "month index \(index) is outside the \(identifier) calendar's months "
                + "\(r.lowerBound)...\(r.upperBound)")
        }
        return month(index: index)
    }

    /// Every era (for the Chinese calendars this computes each cycle's first day).
    public var eras: [EraRange] {
        eraIndexes.compactMap { try? eraRange($0) }
    }

    /// The extended year of an era's year, checked against the era's years.
    public func checkedExtendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        let years = try eraYears(era)
        guard years.contains(year) else {
            throw KalendsError(.outOfRange, "year \(year) of era \(era) is outside the \(identifier) calendar's years "
                + "\(years.lowerBound)...\(years.upperBound) of that era")
        }
        return try extendedYear(era: era, year: year)
    }

    /// Month indexes of an era's year inside `monthIndexRange`.
    public func monthIndexes(era: Int32, year: Int32) throws(KalendsError) -> Range<Int> {
        let ey = try checkedExtendedYear(era: era, year: year)
        let all = monthIndexes(extendedYear: ey)
        let r = monthIndexRange
        return max(all.lowerBound, r.lowerBound)..<min(all.upperBound, r.upperBound + 1)
    }

    /// Months in an era's year (12 or 13; the Japanese calendar counts the Gregorian
    /// year's 12 months whatever era each day is in).
    public func monthsInYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        try monthIndexes(era: era, year: year).count
    }

    /// The index of a month given by its fields; throws naming the system and the valid
    /// range for an era, year or month it does not have.
    public func monthIndex(era: Int32, year: Int32, month: Int32, isLeapMonth: Bool = false) throws(KalendsError) -> Int {
        let ey = try checkedExtendedYear(era: era, year: year)
        let index = try monthIndex(extendedYear: ey, month: month, isLeapMonth: isLeapMonth)
        let r = monthIndexRange
        guard r.contains(index) else {
            throw KalendsError(.outOfRange, "era \(era) year \(year) month \(month) is outside the \(identifier) calendar's days "
                + "\(dayRange.lowerBound)...\(dayRange.upperBound)")
        }
        return index
    }

    /// Days in a month given by its fields.
    public func monthLength(era: Int32, year: Int32, month: Int32, isLeapMonth: Bool = false) throws(KalendsError) -> Int {
        self.month(index: try monthIndex(era: era, year: year, month: month, isLeapMonth: isLeapMonth)).length
    }

    /// The day number of a date; throws naming the system and the valid range for a
    /// date the system does not have (an unknown era, a year outside the era, a month
    /// the year lacks, a day past the month's end, a day of another era).
    public func dayNumber(of date: SystemDate) throws(KalendsError) -> Int {
        let index = try monthIndex(era: date.era, year: date.year, month: date.month, isLeapMonth: date.isLeapMonth)
        let m = month(index: index)
        guard date.day >= 1, Int(date.day) <= m.length else {
            throw KalendsError(.invalidArgument, "day \(date.day) is not in 1...\(m.length) for month \(date.month)"
                + "\(date.isLeapMonth ? " (leap)" : "") of era \(date.era) year \(date.year) in the \(identifier) calendar")
        }
        let z = m.firstDay + Int(date.day) - 1
        try checkDayNumber(z)
        let back = self.date(dayNumber: z)
        guard back == date else {
            throw KalendsError(.invalidArgument, "\(date) does not exist in the \(identifier) calendar: that day is \(back)")
        }
        return z
    }

    /// The same day `months` months later (earlier when negative), its day of the month
    /// clamped to the target month's length (Hebrew months step over Adar I in common
    /// years, Chinese months count leap months).
    public func adding(months: Int, to dayNumber: Int) throws(KalendsError) -> Int {
        try checkDayNumber(dayNumber)
        let index = monthIndex(dayNumber: dayNumber)
        let from = month(index: index)
        let (target, overflow) = index.addingReportingOverflow(months)
        guard !overflow else { throw KalendsError(.outOfRange, "\(months) months from day \(dayNumber) overflow") }
        let to = try month(checkedIndex: target)
        let z = to.firstDay + min(dayNumber - from.firstDay, to.length - 1)
        try checkDayNumber(z)
        return z
    }

    /// The same month and day `years` years later: a leap month the target year lacks
    /// becomes the month of that number (Hebrew Adar I becomes Adar), and the day is
    /// clamped to the month's length.
    public func adding(years: Int, to dayNumber: Int) throws(KalendsError) -> Int {
        try checkDayNumber(dayNumber)
        let from = month(index: monthIndex(dayNumber: dayNumber))
        let (ey, overflow) = from.extendedYear.addingReportingOverflow(years)
        guard !overflow, extendedYearRange.contains(ey) else {
            throw KalendsError(.outOfRange, "\(years) years from day \(dayNumber) leave the \(identifier) calendar's years")
        }
        let index: Int
        do {
            index = try monthIndex(extendedYear: ey, month: from.month, isLeapMonth: from.isLeapMonth)
        } catch {
            index = try monthIndex(extendedYear: ey, month: fallbackMonth(from.month), isLeapMonth: false)
        }
        let to = try month(checkedIndex: index)
        let z = to.firstDay + min(dayNumber - from.firstDay, to.length - 1)
        try checkDayNumber(z)
        return z
    }

    /// The month a leap month becomes in a year without it: the regular month of the
    /// same number, except Hebrew Adar I (6), which becomes Adar (7).
    func fallbackMonth(_ month: Int32) -> Int32 {
        identifier == "hebrew" && month == 6 ? 7 : month
    }

    /// Day number of the first day of an extended year.
    public func yearStart(extendedYear: Int) -> Int {
        month(index: monthIndexes(extendedYear: extendedYear).lowerBound).firstDay
    }

    /// The first day of week 1 of an extended year by `rule`.
    public func firstWeekStart(extendedYear y: Int, rule: WeekRule) -> Int {
        let start = yearStart(extendedYear: y)
        let lead = Int(Weekday(dayNumber: Int32(truncatingIfNeeded: start)).days(since: rule.firstWeekday))
        return 7 - lead >= Int(rule.minDaysInFirstWeek) ? start - lead : start - lead + 7
    }

    /// Week number and week-based year of a day by `rule`, counted in the system's
    /// years as ICU counts them: week 1 is the first week with at least
    /// `rule.minDaysInFirstWeek` days in the system year. The year reported is the
    /// extended year the week belongs to.
    public func weekOfYear(dayNumber: Int, rule: WeekRule) -> WeekOfYear {
        let ey = month(index: monthIndex(dayNumber: dayNumber)).extendedYear
        var year = ey
        var start = firstWeekStart(extendedYear: year, rule: rule)
        if dayNumber < start {
            year -= 1
            start = firstWeekStart(extendedYear: year, rule: rule)
        } else {
            let next = firstWeekStart(extendedYear: year + 1, rule: rule)
            if dayNumber >= next {
                year += 1
                start = next
            }
        }
        return WeekOfYear(week: Int32(truncatingIfNeeded: (dayNumber - start) / 7 + 1),
                          year: Int32(truncatingIfNeeded: year))
    }
}

/// `eraRange` for systems that keep their eras in a list ordered by index.
func lookupEra(_ list: [EraRange], _ era: Int32, _ identifier: String) throws(KalendsError) -> EraRange {
    if let first = list.first, let hit = list[safe: Int(era) - Int(first.era)], hit.era == era { return hit }
    let valid = list.isEmpty ? "none" : "\(list[0].era)...\(list[list.count - 1].era)"
    throw KalendsError(.invalidArgument, "era \(era) is not an era of the \(identifier) calendar (eras \(valid))")
}

func eraIndexes(_ list: [EraRange]) -> ClosedRange<Int32> {
    list.isEmpty ? 0...0 : list[0].era...list[list.count - 1].era
}

extension Array {
    subscript(safe index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}
