/// ISO 8601 weekday numbering: 1 = Monday ... 7 = Sunday (the C ABI's `KALENDS_MONDAY` ...).
/// (The enum: Generated/Enums.swift.)
extension Weekday: Comparable {
    /// The weekday `raw` (1...7), or `.invalidArgument`.
    public init(checking raw: Int32, _ what: String = "weekday") throws(KalendsError) {
        guard let weekday = Weekday(rawValue: raw) else {
            throw KalendsError(.invalidArgument, "\(what) \(raw) is not in 1...7 (Monday...Sunday)")
        }
        self = weekday
    }

    /// Weekday of a day number.
    @inlinable
    public init(dayNumber: Int32) {
        // isoWeekday is always 1...7, so this never fails.
        self = Weekday(rawValue: Int32(Gregorian.isoWeekday(Int(dayNumber)))) ?? .monday
    }

    /// The weekday of a 0-based index (0 = Monday); the index must be in 0...6.
    @inlinable
    init(uncheckedIndex index: Int) {
        self = Weekday(rawValue: Int32(truncatingIfNeeded: index) &+ 1) ?? .monday
    }

    /// Days from `start` forward to `self` (0...6).
    @inlinable
    public func days(since start: Weekday) -> Int32 {
        (rawValue - start.rawValue + 7) % 7
    }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}

/// A set of weekdays; bit `weekday - 1` set means the weekday is in the set
/// (the C ABI's `KALENDS_WEEKDAY_MASK_*`, e.g. weekend days).
public struct WeekdaySet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    public init(_ weekday: Weekday) { rawValue = 1 << UInt32(weekday.rawValue - 1) }

    public init<S: Sequence>(_ weekdays: S) where S.Element == Weekday {
        self.init(rawValue: weekdays.reduce(0) { $0 | WeekdaySet($1).rawValue })
    }

    /// Checks that only the seven weekday bits are set.
    public init(checking mask: UInt32) throws(KalendsError) {
        guard mask & ~WeekdaySet.all.rawValue == 0 else {
            throw KalendsError(.invalidArgument, "weekday mask 0x\(String(mask, radix: 16)) has bits outside 0x7f")
        }
        self.init(rawValue: mask)
    }

    @inlinable
    public func contains(_ weekday: Weekday) -> Bool {
        rawValue & (1 << UInt32(weekday.rawValue - 1)) != 0
    }

    @inlinable public static var monday: WeekdaySet { WeekdaySet(rawValue: 1 << 0) }
    @inlinable public static var tuesday: WeekdaySet { WeekdaySet(rawValue: 1 << 1) }
    @inlinable public static var wednesday: WeekdaySet { WeekdaySet(rawValue: 1 << 2) }
    @inlinable public static var thursday: WeekdaySet { WeekdaySet(rawValue: 1 << 3) }
    @inlinable public static var friday: WeekdaySet { WeekdaySet(rawValue: 1 << 4) }
    @inlinable public static var saturday: WeekdaySet { WeekdaySet(rawValue: 1 << 5) }
    @inlinable public static var sunday: WeekdaySet { WeekdaySet(rawValue: 1 << 6) }
    @inlinable public static var all: WeekdaySet { WeekdaySet(rawValue: 0x7f) }
    @inlinable public static var saturdayAndSunday: WeekdaySet { WeekdaySet(rawValue: 0x60) }

    /// The weekdays in the set, Monday first.
    public var weekdays: [Weekday] { Weekday.allCases.filter { contains($0) } }
}
