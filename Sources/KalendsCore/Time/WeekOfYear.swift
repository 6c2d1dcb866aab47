/// A week number and the year the week belongs to (the C ABI's `kalends_week_of_year`).
/// Around New Year the week's year can differ from the date's: 2027-01-01 is in ISO week
/// 53 of 2026.
public struct WeekOfYear: Hashable, Sendable, CustomStringConvertible {
    public let week: Int32
    public let year: Int32

    public init(week: Int32, year: Int32) {
        self.week = week
        self.year = year
    }

    public var description: String { "W\(week < 10 ? "0" : "")\(week) of \(year)" }
}

/// The CLDR/ICU/Foundation rule for week numbers: weeks start on `firstWeekday`, and
/// week 1 is the first week with at least `minDaysInFirstWeek` days in the new year.
/// ISO 8601 is (Monday, 4); the US rule is (Sunday, 1).
public struct WeekRule: Hashable, Sendable {
    public let firstWeekday: Weekday
    public let minDaysInFirstWeek: Int32

    public init(firstWeekday: Weekday, minDaysInFirstWeek: Int32) throws(KalendsError) {
        guard (1...7).contains(minDaysInFirstWeek) else {
            throw KalendsError(.invalidArgument, "minimum days in first week \(minDaysInFirstWeek) is not in 1...7")
        }
        self.firstWeekday = firstWeekday
        self.minDaysInFirstWeek = minDaysInFirstWeek
    }

    init(uncheckedFirstWeekday: Weekday, minDaysInFirstWeek: Int32) {
        self.firstWeekday = uncheckedFirstWeekday
        self.minDaysInFirstWeek = minDaysInFirstWeek
    }

    public static let iso = WeekRule(uncheckedFirstWeekday: .monday, minDaysInFirstWeek: 4)
    public static let us = WeekRule(uncheckedFirstWeekday: .sunday, minDaysInFirstWeek: 1)

    /// The first day of week 1 of a year (of any system) whose first day is `start`.
    @inlinable @inline(__always)
    func firstWeekStart(yearStartingOn start: Int) -> Int {
        let lead = (Gregorian.isoWeekday(start) - Int(firstWeekday.rawValue) + 7) % 7
        return 7 - lead >= Int(minDaysInFirstWeek) ? start - lead : start - lead + 7
    }

    /// Day number on which week 1 of `year` starts. Works for any `Int` year.
    @inlinable
    public func firstWeekStart(ofYear year: Int) -> Int {
        let jan1 = Gregorian.daysFromCivil(year, 1, 1)
        let lead = (Gregorian.isoWeekday(jan1) - Int(firstWeekday.rawValue) + 7) % 7
        let start = jan1 - lead
        // The week holding January 1st has 7 - lead days in the new year.
        return 7 - lead >= Int(minDaysInFirstWeek) ? start : start + 7
    }

    /// Week number and week-based year of a day number. Any `Int32` day number works;
    /// the year may be one beyond the supported date range at its very ends.
    @inlinable
    public func weekOfYear(dayNumber: Int32) -> WeekOfYear {
        let z = Int(dayNumber)
        var year = Gregorian.civilFromDays(z).year
        var start = firstWeekStart(ofYear: year)
        if z < start {
            year -= 1
            start = firstWeekStart(ofYear: year)
        } else {
            let next = firstWeekStart(ofYear: year + 1)
            if z >= next {
                year += 1
                start = next
            }
        }
        return WeekOfYear(week: Int32(truncatingIfNeeded: (z - start) / 7 + 1),
                          year: Int32(truncatingIfNeeded: year))
    }
}
