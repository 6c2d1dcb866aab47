/// The systems whose months are the proleptic Gregorian months: `gregorian`, `iso8601`
/// (the same fields; ISO week rules are the calendar's options), `buddhist` (era 0 BE,
/// year = Gregorian + 543), `roc` (era 0 before the Republic, era 1 Minguo, year 1 =
/// 1912) and `japanese` (eras in `JapaneseEras`). The month index is
/// `year * 12 + month - 1` of the Gregorian year, the extended year is the Gregorian
/// (astronomical) year. Every date of the library's range converts.
public struct GregorianFamilySystem: CalendarSystem {
    public enum Style: Sendable, Hashable { case gregorian, iso8601, buddhist, roc, japanese }
    public let style: Style

    public init(_ style: Style) { self.style = style }

    public var identifier: String {
        switch style {
        case .gregorian: "gregorian"
        case .iso8601: "iso8601"
        case .buddhist: "buddhist"
        case .roc: "roc"
        case .japanese: "japanese"
        }
    }

    public var dayRange: ClosedRange<Int> { Arith.allDays }
    public var hasEraChangesWithinMonths: Bool { style == .japanese }
    public var monthIndexRange: ClosedRange<Int> { GregorianFamilySystem.months }
    public var extendedYearRange: ClosedRange<Int> { Int(Gregorian.minYear)...Int(Gregorian.maxYear) }
    static let months = Int(Gregorian.minYear) * 12...Int(Gregorian.maxYear) * 12 + 11
    public func firstDay(monthIndex index: Int) -> Int {
        let y = Arith.floorDiv(index, 12)
        return Gregorian.daysFromCivil(y, index - y * 12 + 1, 1)
    }

    public var eraIndexes: ClosedRange<Int32> { KalendsCore.eraIndexes(eraList) }
    public func eraRange(_ era: Int32) throws(KalendsError) -> EraRange { try lookupEra(eraList, era, identifier) }
    var eraList: [EraRange] {
        switch style {
        case .gregorian, .iso8601: GregorianFamilySystem.christianEras
        case .buddhist: GregorianFamilySystem.buddhistEras
        case .roc: GregorianFamilySystem.rocEras
        case .japanese: JapaneseEras.ranges
        }
    }

    static let christianEras = twoEras(GregorianFamilySystem(.gregorian), before: (0, "bce"), after: (1, "ce"),
                                       split: 1, firstDayOfSplit: Gregorian.daysFromCivil(1, 1, 1))
    static let buddhistEras = oneEra(GregorianFamilySystem(.buddhist), era: 0, code: "be", offset: 543)
    static let rocEras = twoEras(GregorianFamilySystem(.roc), before: (0, "broc"), after: (1, "roc"),
                                 split: 1912, firstDayOfSplit: Gregorian.daysFromCivil(1912, 1, 1))

    /// The Gregorian (and ISO 8601) date of a civil date: era 1 (CE) from year 1, era 0
    /// (BCE, year 1 - y) before it.
    @inline(__always)
    static func christianFields(_ y: Int, _ m: Int, _ d: Int) -> SystemDate {
        let month = Int32(truncatingIfNeeded: m), day = Int32(truncatingIfNeeded: d)
        return y > 0 ? SystemDate(era: 1, year: Int32(truncatingIfNeeded: y), month: month, day: day)
            : SystemDate(era: 0, year: Int32(truncatingIfNeeded: 1 &- y), month: month, day: day)
    }

    /// The Gregorian (and ISO 8601) date of a day number.
    @inline(__always)
    static func christianDate(_ dayNumber: Int) -> SystemDate {
        let c = Gregorian.civilFromDays(dayNumber)
        return christianFields(c.year, c.month, c.day)
    }

    @inline(__always)
    func fields(_ y: Int, _ m: Int, _ d: Int) -> SystemDate {
        let month = Int32(truncatingIfNeeded: m), day = Int32(truncatingIfNeeded: d)
        switch style {
        case .gregorian, .iso8601:
            return GregorianFamilySystem.christianFields(y, m, d)
        case .buddhist:
            return SystemDate(era: 0, year: Int32(truncatingIfNeeded: y + 543), month: month, day: day)
        case .roc:
            return y >= 1912 ? SystemDate(era: 1, year: Int32(truncatingIfNeeded: y - 1911), month: month, day: day)
                : SystemDate(era: 0, year: Int32(truncatingIfNeeded: 1912 - y), month: month, day: day)
        case .japanese:
            let (era, start) = JapaneseEras.era(y, m, d)
            return SystemDate(era: era, year: Int32(truncatingIfNeeded: y - start + 1), month: month, day: day)
        }
    }

    @inline(__always)
    public func date(dayNumber: Int) -> SystemDate {
        let c = Gregorian.civilFromDays(dayNumber)
        if style == .japanese, let (era, start) = JapaneseEras.modernEra(dayNumber: dayNumber) {
            return SystemDate(era: era, year: Int32(truncatingIfNeeded: c.year &- start &+ 1),
                              month: Int32(truncatingIfNeeded: c.month), day: Int32(truncatingIfNeeded: c.day))
        }
        return fields(c.year, c.month, c.day)
    }

    public func monthIndex(dayNumber: Int) -> Int {
        let c = Gregorian.civilFromDays(dayNumber)
        return c.year * 12 + c.month - 1
    }

    @inline(__always)
    public func month(index: Int) -> SystemMonth {
        let y = Arith.floorDiv(index, 12), m = index - y * 12 + 1
        let first = Gregorian.daysFromCivil(y, m, 1)
        let f: SystemDate
        if style == .japanese, let (era, start) = JapaneseEras.modernEra(dayNumber: first) {
            f = SystemDate(era: era, year: Int32(truncatingIfNeeded: y &- start &+ 1), month: Int32(truncatingIfNeeded: m), day: 1)
        } else {
            f = fields(y, m, 1)
        }
        return SystemMonth(era: f.era, year: f.year, month: f.month, isLeapMonth: false, extendedYear: y,
                           firstDay: first, length: Gregorian.daysInMonth(y, m))
    }

    public func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        let y = Int(year)
        switch (style, era) {
        case (.gregorian, 0), (.iso8601, 0): return 1 - y
        case (.gregorian, 1), (.iso8601, 1): return y
        case (.buddhist, 0): return y - 543
        case (.roc, 0): return 1912 - y
        case (.roc, 1): return y + 1911
        case (.japanese, _):
            guard let start = JapaneseEras.startYear(era) else { break }
            return start + y - 1
        default: break
        }
        _ = try eraRange(era)   // throws naming the valid eras
        throw KalendsError(.invalidArgument, "era \(era) is not an era of the \(identifier) calendar")
    }

    public func monthIndexes(extendedYear: Int) -> Range<Int> {
        extendedYear * 12..<extendedYear * 12 + 12
    }

    public func yearStart(extendedYear: Int) -> Int { Gregorian.daysFromCivil(extendedYear, 1, 1) }

    public func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int {
        guard (1...12).contains(month), !isLeapMonth else {
            throw badMonth(identifier, month, isLeapMonth, year: extendedYear, valid: "1...12, no leap months")
        }
        return extendedYear * 12 + Int(month) - 1
    }
}

/// The Julian calendar (proleptic), with Gregorian-style eras: 0 = BC (year = 1 - ey),
/// 1 = AD. Month index `year * 12 + month - 1`.
public struct JulianSystem: CalendarSystem {
    public init() {}
    public var identifier: String { "julian" }
    public var monthIndexRange: ClosedRange<Int> { JulianSystem.months }
    static let months = JulianSystem().monthIndex(dayNumber: Arith.allDays.lowerBound)...JulianSystem().monthIndex(dayNumber: Arith.allDays.upperBound)
    public var dayRange: ClosedRange<Int> { Arith.allDays }
    public var eraIndexes: ClosedRange<Int32> { KalendsCore.eraIndexes(eraList) }
    public func eraRange(_ era: Int32) throws(KalendsError) -> EraRange { try lookupEra(eraList, era, identifier) }
    var eraList: [EraRange] { JulianSystem.erasCache }
    static let erasCache = twoEras(JulianSystem(), before: (0, "bce"), after: (1, "ce"),
                                   split: 1, firstDayOfSplit: JulianSystem.daysFromJulian(1, 1, 1))

    /// Day number of a Julian date (any Int year, astronomical).
    @inline(__always)
    static func daysFromJulian(_ y: Int, _ m: Int, _ d: Int) -> Int {
        let a = (14 - m) / 12
        let yy = y + 4800 - a, mm = m + 12 * a - 3
        let jdn = d + (153 * mm + 2) / 5 + 365 * yy + Arith.floorDiv(yy, 4) - 32083
        return jdn - 2_440_588
    }

    static func julianFromDays(_ z: Int) -> (year: Int, month: Int, day: Int) {
        let c = z + 2_440_588 + 32082
        let d = Arith.floorDiv(4 * c + 3, 1461)
        let e = c - Arith.floorDiv(1461 * d, 4)
        let m = (5 * e + 2) / 153
        let day = e - (153 * m + 2) / 5 + 1
        let month = m + 3 - 12 * (m / 10)
        return (d - 4800 + m / 10, month, day)
    }

    static func isLeap(_ y: Int) -> Bool { Arith.floorMod(y, 4) == 0 }

    @inline(__always)
    public func date(dayNumber: Int) -> SystemDate {
        let j = JulianSystem.julianFromDays(dayNumber)
        let month = Int32(truncatingIfNeeded: j.month), day = Int32(truncatingIfNeeded: j.day)
        return j.year > 0 ? SystemDate(era: 1, year: Int32(truncatingIfNeeded: j.year), month: month, day: day)
            : SystemDate(era: 0, year: Int32(truncatingIfNeeded: 1 - j.year), month: month, day: day)
    }

    public func monthIndex(dayNumber: Int) -> Int {
        let j = JulianSystem.julianFromDays(dayNumber)
        return j.year * 12 + j.month - 1
    }

    @inline(__always)
    public func month(index: Int) -> SystemMonth {
        let y = Arith.floorDiv(index, 12), m = index - y * 12 + 1
        let length = m == 2 ? (JulianSystem.isLeap(y) ? 29 : 28) : Gregorian.daysInMonth(2001, m)
        return SystemMonth(era: y > 0 ? 1 : 0, year: Int32(truncatingIfNeeded: y > 0 ? y : 1 - y),
                           month: Int32(truncatingIfNeeded: m), isLeapMonth: false, extendedYear: y,
                           firstDay: JulianSystem.daysFromJulian(y, m, 1), length: length)
    }

    public func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        switch era {
        case 0: return 1 - Int(year)
        case 1: return Int(year)
        default: throw KalendsError(.invalidArgument, "era \(era) is not an era of the julian calendar (eras 0...1)")
        }
    }

    public func monthIndexes(extendedYear: Int) -> Range<Int> { extendedYear * 12..<extendedYear * 12 + 12 }

    public func yearStart(extendedYear: Int) -> Int { JulianSystem.daysFromJulian(extendedYear, 1, 1) }

    public func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int {
        guard (1...12).contains(month), !isLeapMonth else {
            throw badMonth(identifier, month, isLeapMonth, year: extendedYear, valid: "1...12, no leap months")
        }
        return extendedYear * 12 + Int(month) - 1
    }
}
