// Dates, weekdays and week numbers through kalends_date_* and kalends_year_*.
import CKalends

/// A week number and the year the week belongs to (`kalends_week_of_year`).
public struct WeekOfYear: Hashable, Sendable {
    public let week: Int32
    public let year: Int32

    public init(week: Int32, year: Int32) {
        self.week = week
        self.year = year
    }

    init(_ c: kalends_week_of_year) { self.init(week: c.week, year: c.year) }
}

/// An inclusive range of day numbers (`kalends_day_range`).
public struct DayRange: Hashable, Sendable {
    public let first: Int32
    public let last: Int32

    public init(first: Int32, last: Int32) {
        self.first = first
        self.last = last
    }

    init(_ c: kalends_day_range) { self.init(first: c.first, last: c.last) }

    public var count: Int { Int(last) - Int(first) + 1 }
}

/// A checked proleptic Gregorian date (`kalends_date`).
public struct Date: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int32
    public let month: Int32
    public let day: Int32
    /// Days since 1970-01-01, computed by the library when the date was checked.
    public let dayNumber: Int32
    let library: Library

    public init(year: Int32, month: Int32, day: Int32, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var c = kalends_date(year: year, month: month, day: day)
        var n: Int32 = 0
        try lib.check(lib.c.dateDayNumber(&c, &n))
        self.init(trusted: c, dayNumber: n, library: lib)
    }

    public init(dayNumber: Int32, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var c = kalends_date()
        try lib.check(lib.c.dateFromDayNumber(dayNumber, &c))
        self.init(trusted: c, dayNumber: dayNumber, library: lib)
    }

    /// A date the library produced itself.
    init(trusted c: kalends_date, dayNumber: Int32, library: Library) {
        year = c.year
        month = c.month
        day = c.day
        self.dayNumber = dayNumber
        self.library = library
    }

    /// A date the library handed out (an option it stores): its day number is asked for;
    /// nil if the library refuses it, which it does not for dates it checked itself.
    init?(checked c: kalends_date, library: Library) {
        var copy = c
        var n: Int32 = 0
        guard library.c.dateDayNumber(&copy, &n) == KALENDS_OK else { return nil }
        self.init(trusted: c, dayNumber: n, library: library)
    }

    var c: kalends_date { kalends_date(year: year, month: month, day: day) }

    private func int(_ fn: (UnsafePointer<kalends_date>?, UnsafeMutablePointer<Int32>?) -> Int32) throws(KalendsError) -> Int32 {
        var c = self.c
        var out: Int32 = 0
        try library.check(fn(&c, &out))
        return out
    }

    public var weekday: Weekday {
        get throws(KalendsError) {
            let raw = try int(library.c.dateWeekday)
            guard let wd = Weekday(rawValue: raw) else { throw KalendsError(.invalidArgument, "weekday \(raw)") }
            return wd
        }
    }

    public var dayOfYear: Int32 {
        get throws(KalendsError) { try int(library.c.dateDayOfYear) }
    }

    public var isoWeek: WeekOfYear {
        get throws(KalendsError) {
            var c = self.c
            var out = kalends_week_of_year()
            try library.check(library.c.dateIsoWeek(&c, &out))
            return WeekOfYear(out)
        }
    }

    public static func == (a: Date, b: Date) -> Bool { a.dayNumber == b.dayNumber }
    public func hash(into hasher: inout Hasher) { hasher.combine(dayNumber) }
    public static func < (a: Date, b: Date) -> Bool { a.dayNumber < b.dayNumber }

    public var description: String {
        func pad(_ v: Int32, _ w: Int) -> String {
            let s = String(v.magnitude)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        let y = (0...9999).contains(year) ? pad(year, 4) : (year < 0 ? "-" : "+") + pad(year, 6)
        return "\(y)-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// Whether `year` is a leap year (`kalends_year_is_leap`).
public func yearIsLeap(_ year: Int32, library: Library? = nil) throws(KalendsError) -> Bool {
    let lib = try Library.resolve(library)
    var out: Int32 = 0
    try lib.check(lib.c.yearIsLeap(year, &out))
    return out != 0
}

/// Days in `month` of `year` (`kalends_year_days_in_month`).
public func yearDaysInMonth(_ year: Int32, _ month: Int32, library: Library? = nil) throws(KalendsError) -> Int32 {
    let lib = try Library.resolve(library)
    var out: Int32 = 0
    try lib.check(lib.c.yearDaysInMonth(year, month, &out))
    return out
}

/// Version of the loaded library: (major << 16) | (minor << 8) | patch.
public func version(library: Library? = nil) throws(KalendsError) -> UInt32 { try Library.resolve(library).c.version() }

/// "MAJOR.MINOR.PATCH" of the loaded library.
public func versionString(library: Library? = nil) throws(KalendsError) -> String {
    try Library.resolve(library).c.versionString().map { String(cString: $0) } ?? ""
}

/// ABI version of the loaded library.
public func abiVersion(library: Library? = nil) throws(KalendsError) -> Int32 { try Library.resolve(library).c.abiVersion() }

/// The library's name of a status code.
public func statusString(_ status: Int32, library: Library? = nil) throws(KalendsError) -> String {
    try Library.resolve(library).c.statusString(status).map { String(cString: $0) } ?? ""
}
