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

    /// A year divisible by 100 is leap when divisible by 400, i.e. (as it is then
    /// divisible by 25) by 16; other years when divisible by 4. The tests by 4 and 16
    /// are bit tests (also for negative years), leaving one division by a constant.
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 100 != 0 ? year & 3 == 0 : year & 15 == 0
    }

    /// Days in `month` (1...12) of `year`.
    @inlinable
    public static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        // 31 for odd months up to July and even ones from August: bit 0 of m ^ (m >> 3).
        month == 2 ? (isLeapYear(year) ? 29 : 28) : 30 | ((month ^ (month >> 3)) & 1)
    }

    // Day numbers and civil dates are converted with Neri and Schneider's Euclidean
    // affine functions ("Euclidean affine functions and their application to calendar
    // algorithms", 2022) on 32-bit unsigned integers: the dates are shifted by
    // `fastShiftYears` (2,500 cycles of 400 years), so every date of the supported
    // years is a non-negative count of days since March 1 of the shifted year 0, and
    // every division is by a constant (a multiplication) or a shift. Checked against
    // Howard Hinnant's algorithms (the fallback outside that window) for every day of
    // -999999...999999 (GregorianFastPathTests and the release sweep).

    /// Years added before the unsigned arithmetic: a multiple of 400, so the shifted
    /// calendar repeats the real one.
    @usableFromInline static let fastShiftYears = 1_000_000
    /// Day number of March 1 of shifted year 0 (year -1,000,000), negated: 719,468 days
    /// from 0000-03-01 to 1970-01-01 plus 2,500 cycles of 146,097 days.
    @usableFromInline static let fastShiftDays = 719_468 + 365_242_500
    /// Day counts (from shifted March 1, year 0) whose 4n + 3 fits in 32 bits.
    @usableFromInline static let fastDays: UInt = 1_073_741_823

    /// Day number of a civil date (month 1...12; day may run past the month's end or
    /// below 1, counting on linearly). Any `Int` year works.
    @inlinable @inline(__always)
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        // Years whose 1461 * shifted year fits in 32 bits and days whose offset keeps
        // the result inside them.
        if UInt(bitPattern: year &+ fastShiftYears &- 1) < 2_000_000, UInt(bitPattern: day &+ 1000) < 3000 {
            let j: UInt32 = month <= 2 ? 1 : 0
            let y = UInt32(truncatingIfNeeded: year &+ fastShiftYears) &- j
            let m = UInt32(truncatingIfNeeded: month) &+ 12 &* j
            let c = y / 100
            let yearDays = 1461 &* y / 4 &- c &+ c / 4
            let monthDays = (979 &* m &- 2919) / 32
            return Int(yearDays &+ monthDays) &+ day &- 1 &- fastShiftDays
        }
        return hinnantDaysFromCivil(year, month, day)
    }

    /// Howard Hinnant's days_from_civil, for any `Int` year.
    @usableFromInline
    static func hinnantDaysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The shifted March-based year and 0-based day of it (day 0 = March 1) of a day
    /// count inside `fastDays`.
    @inline(__always) @usableFromInline
    static func fastMarchYearAndDay(_ n: UInt32) -> (year: UInt32, day: UInt32) {
        let n1 = 4 &* n &+ 3
        let century = n1 / 146_097
        let n2 = (n1 % 146_097) | 3   // 4 * (day of the century) + 3
        let p = UInt64(2_939_745) &* UInt64(n2)
        return (100 &* century &+ UInt32(truncatingIfNeeded: p >> 32), UInt32(truncatingIfNeeded: p) / 11_758_980)
    }

    /// Civil date of a day number (any `Int`).
    @inlinable @inline(__always)
    public static func civilFromDays(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = UInt(bitPattern: dayNumber &+ fastShiftDays)
        guard shifted <= fastDays else { return hinnantCivilFromDays(dayNumber) }
        let (y, dayOfYear) = fastMarchYearAndDay(UInt32(truncatingIfNeeded: shifted))
        let n3 = 2141 &* dayOfYear &+ 197_913
        let m = n3 >> 16, d = (n3 & 0xFFFF) / 2141
        let j: UInt32 = dayOfYear >= 306 ? 1 : 0   // January and February: the next year
        return (Int(y &+ j) &- fastShiftYears, Int(m &- 12 &* j), Int(d &+ 1))
    }

    /// Howard Hinnant's civil_from_days, for any `Int` day number.
    @usableFromInline
    static func hinnantCivilFromDays(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
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
        let shifted = UInt(bitPattern: dayNumber &+ fastShiftDays)
        if shifted <= fastDays {
            let (y, d) = fastMarchYearAndDay(UInt32(truncatingIfNeeded: shifted))
            return (Int(y) &- fastShiftYears, Int(d))
        }
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        return (yearOfEra + era * 400, dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100))
    }

    /// ISO weekday (1 = Monday ... 7 = Sunday) of a day number. 1970-01-01 was a Thursday.
    @inlinable @inline(__always)
    public static func isoWeekday(_ dayNumber: Int) -> Int {
        // Shifted by a multiple of 7 to a non-negative count for the supported days:
        // an unsigned remainder (a multiplication).
        let shifted = UInt(bitPattern: dayNumber &+ 3 &+ 7 * 150_000_000)
        if shifted < 1 << 40 { return Int(shifted % 7) &+ 1 }
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
