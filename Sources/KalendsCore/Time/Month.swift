/// A month of a year, valid in the supported range. `absolute` numbers months
/// continuously: year x 12 + (month - 1), so consecutive months differ by one.
public struct Month: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int32
    public let month: Int32

    public init(year: Int32, month: Int32) throws(KalendsError) {
        try Gregorian.checkYear(year)
        try Gregorian.checkMonth(month)
        self.year = year
        self.month = month
    }

    /// The month of a date.
    public init(_ date: Date) {
        year = date.year
        month = date.month
    }

    init(absolute: Int) {
        let y = absolute >= 0 ? absolute / 12 : (absolute - 11) / 12
        year = Int32(truncatingIfNeeded: y)
        month = Int32(truncatingIfNeeded: absolute - y * 12 + 1)
    }

    public var absolute: Int { Int(year) * 12 + Int(month) - 1 }

    /// Day number of the month's first day.
    public var firstDay: Int32 { Int32(truncatingIfNeeded: Gregorian.daysFromCivil(Int(year), Int(month), 1)) }

    public static let first = Month(absolute: Int(Gregorian.minYear) * 12)
    public static let last = Month(absolute: Int(Gregorian.maxYear) * 12 + 11)

    public static func < (a: Month, b: Month) -> Bool { a.absolute < b.absolute }

    public var description: String { Date.format(year, month) }
}
