/// Proleptic Gregorian arithmetic on day numbers (days since 1970-01-01).
///
/// Years are astronomical: year 0 is 1 BC, year -1 is 2 BC. Everything here works on
/// `Int` (64-bit), so no intermediate value can overflow for any `Int32` input; callers
/// check ranges before narrowing back to `Int32`.
public enum Gregorian {
    /// Supported years: every date from -999999-01-01 to 999999-12-31 (ISO 8601's
    /// six-digit expanded years). Beyond that, conversions fail with `.outOfRange`.
    public static let minYear: Int32 = -999_999
    public static let maxYear: Int32 = 999_999
    /// Day numbers of the first and last supported dates.
    public static let minDayNumber = Int32(daysFromCivil(Int(minYear), 1, 1))
    public static let maxDayNumber = Int32(daysFromCivil(Int(maxYear), 12, 31))

    public static let daysPerWeek = 7

    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days in `month` (1...12) of `year`.
    @inlinable
    public static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Day number of a valid civil date (Howard Hinnant's days_from_civil).
    @inlinable
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Civil date of a day number (Howard Hinnant's civil_from_days).
    @inlinable
    public static func civilFromDays(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The year counted from March 1 (March 1 of the returned year is its day 0) and
    /// the 0-based day in it: the first half of `civilFromDays`, for calendars whose
    /// years begin in March.
    @inline(__always)
    static func marchYearAndDay(_ dayNumber: Int) -> (year: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        return (yearOfEra + era * 400, dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100))
    }

    /// ISO weekday (1 = Monday ... 7 = Sunday) of a day number. 1970-01-01 was a Thursday.
    @inlinable
    public static func isoWeekday(_ dayNumber: Int) -> Int {
        let r = (dayNumber + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// 1-based ordinal day within the year.
    @inlinable
    public static func dayOfYear(_ year: Int, _ month: Int, _ day: Int) -> Int {
        daysFromCivil(year, month, day) - daysFromCivil(year, 1, 1) + 1
    }

    /// The same day `months` months later, clamped to the length of the target month
    /// (January 31 + 1 month = February 28 or 29). Works for any `Int` day number.
    public static func addingMonths(_ months: Int, to dayNumber: Int) -> Int {
        let c = civilFromDays(dayNumber)
        let total = c.year * 12 + (c.month - 1) + months
        let year = total >= 0 ? total / 12 : (total - 11) / 12
        let month = total - year * 12 + 1
        return daysFromCivil(year, month, min(c.day, daysInMonth(year, month)))
    }

    // MARK: checked entry points

    public static func checkYear(_ year: Int32) throws(KalendsError) {
        guard year >= minYear, year <= maxYear else {
            throw KalendsError(.outOfRange, "year \(year) is outside the supported range \(minYear)...\(maxYear)")
        }
    }

    public static func checkMonth(_ month: Int32) throws(KalendsError) {
        guard month >= 1, month <= 12 else {
            throw KalendsError(.invalidArgument, "month \(month) is not in 1...12")
        }
    }

    public static func checkDayNumber(_ dayNumber: Int32) throws(KalendsError) {
        guard dayNumber >= minDayNumber, dayNumber <= maxDayNumber else {
            throw KalendsError(.outOfRange,
                "day number \(dayNumber) is outside the supported range \(minDayNumber)...\(maxDayNumber)")
        }
    }
}
