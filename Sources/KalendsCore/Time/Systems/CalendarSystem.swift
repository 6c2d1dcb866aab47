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

/// The arithmetic of one calendar system: conversions between day numbers (days since
/// 1970-01-01, the library's one time line) and `SystemDate`s, and the month structure
/// that grids, views, paging and scrolling walk.
///
/// Months are numbered continuously by a `monthIndex` (consecutive months differ by
/// one, across years and leap months), so paging and scrolling need no knowledge of a
/// system's year structure. For Gregorian the index is `year * 12 + month - 1`.
public protocol CalendarSystem: Sendable {
    /// CLDR identifier: "gregorian", "hebrew", "islamic-umalqura", ...
    var identifier: String { get }
    /// The day numbers this system converts; outside it, checked calls throw `.outOfRange`.
    var dayRange: ClosedRange<Int> { get }
    /// The date of a day number inside `dayRange`.
    func date(dayNumber: Int) -> SystemDate
    /// The day number of a date; throws (naming the system and the valid range) for a
    /// date that does not exist in the system.
    func dayNumber(_ date: SystemDate) throws(KalendsError) -> Int
    /// The continuous index of the month holding a day number inside `dayRange`.
    func monthIndex(dayNumber: Int) -> Int
    /// The day number of the first day of a month index, and the month's length in days.
    func month(index: Int) -> (firstDay: Int, length: Int)
}
