/// Solar calendars of twelve or thirteen fixed-length months, as ICU computes them.
///
/// - `persian`: ICU's arithmetic Persian calendar (33-year cycle: a year starts
///   `365 * (y - 1) + (8y + 21) div 33` days after 1 Farvardin AP 1 = 622-03-19
///   Julian); months 1...6 have 31 days, 7...11 30, 12 29 or 30. One era (0, AP).
/// - `indian`: the Indian national (Saka) calendar: year Y starts on Gregorian March 22
///   (21 in Gregorian leap years) of Y + 78; Chaitra has 30 days (31 in leap years),
///   months 2...6 31, 7...12 30. One era (0, Saka).
/// - `coptic`, `ethiopic`, `ethiopic-amete-alem`: twelve months of 30 days and a
///   thirteenth of 5 (6 in years y with y mod 4 = 3). Coptic eras: 1 for years from
///   AM 1 (284-08-29 Julian), 0 before (year = 1 - ey). Ethiopic: era 1 Amete Mihret
///   from 8-08-29 Julian, era 0 Amete Alem before (year = ey + 5500);
///   ethiopic-amete-alem: era 0 only (year = ey + 5500).
public struct SolarSystem: CalendarSystem {
    public enum Style: Sendable, Hashable { case persian, indian, coptic, ethiopic, ethiopicAmeteAlem }
    public let style: Style

    public init(_ style: Style) { self.style = style }

    public var identifier: String {
        switch style {
        case .persian: "persian"
        case .indian: "indian"
        case .coptic: "coptic"
        case .ethiopic: "ethiopic"
        case .ethiopicAmeteAlem: "ethiopic-amete-alem"
        }
    }

    public var dayRange: ClosedRange<Int> { Arith.allDays }
    public var monthIndexRange: ClosedRange<Int> {
        switch style {
        case .persian: SolarSystem.persianMonths
        case .indian: SolarSystem.indianMonths
        case .coptic: SolarSystem.copticMonths
        case .ethiopic, .ethiopicAmeteAlem: SolarSystem.ethiopicMonths
        }
    }
    static func months(_ s: SolarSystem) -> ClosedRange<Int> {
        s.monthIndex(dayNumber: Arith.allDays.lowerBound)...s.monthIndex(dayNumber: Arith.allDays.upperBound)
    }
    static let persianMonths = months(SolarSystem(.persian))
    static let indianMonths = months(SolarSystem(.indian))
    static let copticMonths = months(SolarSystem(.coptic))
    static let ethiopicMonths = months(SolarSystem(.ethiopic))

    public var eraIndexes: ClosedRange<Int32> { KalendsCore.eraIndexes(eraList) }
    public func eraRange(_ era: Int32) throws(KalendsError) -> EraRange { try lookupEra(eraList, era, identifier) }
    var eraList: [EraRange] {
        switch style {
        case .persian: SolarSystem.persianEras
        case .indian: SolarSystem.indianEras
        case .coptic: SolarSystem.copticEras
        case .ethiopic: SolarSystem.ethiopicEras
        case .ethiopicAmeteAlem: SolarSystem.ameteAlemEras
        }
    }
    static let persianEras = oneEra(SolarSystem(.persian), era: 0, code: "ap")
    static let indianEras = oneEra(SolarSystem(.indian), era: 0, code: "saka")
    static let copticEras = twoEras(SolarSystem(.coptic), before: (0, "coptic-inverse"), after: (1, "coptic"),
                                    split: 1, firstDayOfSplit: SolarSystem.ceYearStart(1, offset: copticOffset))
    /// Ethiopic era 0 counts Amete Alem years forward (year = ey + 5500, up to 5500).
    static let ethiopicEras: [EraRange] = {
        let system = SolarSystem(.ethiopic)
        let years = system.extendedYearRange, days = system.dayRange
        let split = SolarSystem.ceYearStart(1, offset: ethiopicOffset)
        return [EraRange(era: 0, code: "ethioaa", years: Arith.clampedYear(years.lowerBound + 5500)...5500,
                         days: days.lowerBound...split - 1),
                EraRange(era: 1, code: "ethiopic", years: 1...Arith.clampedYear(years.upperBound), days: split...days.upperBound)]
    }()
    static let ameteAlemEras = oneEra(SolarSystem(.ethiopicAmeteAlem), era: 0, code: "ethioaa", offset: 5500)

    var months: Int { style == .coptic || style == .ethiopic || style == .ethiopicAmeteAlem ? 13 : 12 }

    // MARK: Persian

    /// Day number of 1 Farvardin AP 1 (ICU's JD 1948320, RD 226895).
    static let persianEpoch = 226_895 - Arith.rdOffset
    /// Days of the year before 0-based month `m` (0...11): six months of 31 days, then 30.
    @inline(__always)
    static func persianMonthOffset(_ m: Int) -> Int { m <= 6 ? 31 &* m : 30 &* m &+ 6 }

    @inline(__always)
    static func persianYearStart(_ y: Int) -> Int {
        persianEpoch + 365 * (y - 1) + Arith.floorDiv(8 * y + 21, 33)
    }

    static func persianYear(_ z: Int) -> Int {
        1 + Arith.floorDiv(33 * (z - persianEpoch) + 3, 12053)
    }

    // MARK: Indian

    @inline(__always)
    static func indianYearStart(_ y: Int) -> Int {
        let g = y + 78
        return Gregorian.daysFromCivil(g, 3, Gregorian.isLeapYear(g) ? 21 : 22)
    }

    static func indianMonthLength(_ y: Int, _ m: Int) -> Int {
        m == 0 ? (Gregorian.isLeapYear(y + 78) ? 31 : 30) : (m <= 5 ? 31 : 30)
    }

    /// March 1 of Gregorian year y + 78, plus the days before the month: Chaitra
    /// begins on March 22 (21 in leap years), and with 31 days in leap years (30
    /// otherwise) Vaisakha always begins on April 21; then five months of 31 days and
    /// six of 30. One leap-year test, one day-number computation.
    @inline(__always)
    static func indianMonthStart(_ y: Int, _ m: Int) -> Int {
        let g = y + 78
        let march1 = Gregorian.daysFromCivil(g, 3, 1)
        if m == 0 { return march1 + (Gregorian.isLeapYear(g) ? 20 : 21) }
        return march1 + 51 + (m <= 5 ? 31 * (m - 1) : 31 * 5 + 30 * (m - 6))
    }

    // MARK: Coptic and Ethiopic

    /// Day number of day 1 of month 1 of year 0 of the era count (ICU's JD epoch offsets
    /// 1824665 and 1723856, as day numbers).
    static let copticOffset = 1_824_665 - 2_440_588
    static let ethiopicOffset = 1_723_856 - 2_440_588

    @inline(__always)
    static func ceYearStart(_ y: Int, offset: Int) -> Int { offset + 365 * y + Arith.floorDiv(y, 4) }

    var ceOffset: Int { style == .coptic ? SolarSystem.copticOffset : SolarSystem.ethiopicOffset }

    // MARK: the month structure

    /// Extended year and 0-based month of a month index.
    @inline(__always)
    func split(_ index: Int) -> (Int, Int) {
        // Divisions by constants (multiplications), not by the run-time month count.
        if months == 13 {
            let y = Arith.floorDiv(index, 13)
            return (y, index - y * 13)
        }
        let y = Arith.floorDiv(index, 12)
        return (y, index - y * 12)
    }

    @inline(__always)
    func monthStart(_ y: Int, _ m: Int) -> Int {
        switch style {
        case .persian: return SolarSystem.persianYearStart(y) + SolarSystem.persianMonthOffset(m)
        case .indian: return SolarSystem.indianMonthStart(y, m)
        case .coptic, .ethiopic, .ethiopicAmeteAlem: return SolarSystem.ceYearStart(y, offset: ceOffset) + 30 * m
        }
    }

    @inline(__always)
    func monthLength(_ y: Int, _ m: Int) -> Int {
        switch style {
        case .persian:
            return m < 11 ? (m < 6 ? 31 : 30)
                : SolarSystem.persianYearStart(y + 1) - SolarSystem.persianYearStart(y) - 336
        case .indian: return SolarSystem.indianMonthLength(y, m)
        case .coptic, .ethiopic, .ethiopicAmeteAlem:
            return m < 12 ? 30 : (Arith.floorMod(y, 4) == 3 ? 6 : 5)
        }
    }

    /// The 0-based month of 0-based day `u` of a year whose first `long` months have 31
    /// days and the others 30 (the twelfth runs to the year's end), and the month's
    /// first day, with no branch: month m >= long begins on day 30 m + long, so the
    /// month is u div 31 among the long months and (u - long) div 30 after them; each
    /// is at most the other on the other side, so it is the larger of the two.
    @inline(__always)
    static func monthOf31Then30(_ u: UInt, long: UInt) -> (month: UInt, start: UInt) {
        let m = min(max(u / 31 &+ 1, (u &+ 30 &- long) / 30), 12) &- 1
        return (m, min(31 &* m, 30 &* m &+ long))
    }

    /// Indian (Saka) year, 0-based month and day of the month of day `z`. Vaisakha
    /// (month 2) begins on April 21 every year (Chaitra begins on March 22, or March 21
    /// with 31 days in Gregorian leap years), so a year counted from April 21 has one
    /// shape: Vaisakha...Bhadra of 31 days, Asvina...Phalguna of 30, then the next Saka
    /// year's Chaitra up to the next April 21. Its year and day come from the
    /// March-based year of the day 51 days earlier (March 1 + 51 days = April 21).
    @inline(__always)
    static func indianPosition(_ z: Int) -> (year: Int, month: Int, day: Int) {
        let (g, t) = Gregorian.marchYearAndDay(z &- 51)
        let u = UInt(truncatingIfNeeded: t)
        let (a, start) = monthOf31Then30(u, long: 5)   // 0 = Vaisakha ... 11 = the next Chaitra
        return (g &- 78 &+ Int(truncatingIfNeeded: a / 11), Int(truncatingIfNeeded: (a &+ 1) % 12),
                Int(truncatingIfNeeded: u &- start &+ 1))
    }

    /// Persian year, 0-based month and day of the month of day `z`.
    @inline(__always)
    static func persianPosition(_ z: Int) -> (year: Int, month: Int, day: Int) {
        let y: Int, dayOfYear: UInt
        // Unsigned, days shifted by 31,000 cycles of 33 years (12,053 days each): the
        // year and its start computed by constant divisions (multiplications).
        let shifted = z &- persianEpoch &+ 31_000 &* 12_053
        if shifted >= 0 && shifted < 1 << 40 {
            let d = UInt(truncatingIfNeeded: shifted)
            let year = 1 &+ (33 &* d &+ 3) / 12_053
            dayOfYear = d &- (365 &* (year &- 1) &+ (8 &* year &+ 21) / 33)
            y = Int(truncatingIfNeeded: year) &- 33 &* 31_000
        } else {
            y = persianYear(z)
            dayOfYear = UInt(truncatingIfNeeded: z - persianYearStart(y))
        }
        let (m, start) = monthOf31Then30(dayOfYear, long: 6)
        return (y, Int(truncatingIfNeeded: m), Int(truncatingIfNeeded: dayOfYear &- start &+ 1))
    }

    /// Coptic or Ethiopic year, 0-based month and day of the month of day `z`: the
    /// 4-year cycle inverted, twelve months of 30 days and a thirteenth of 5 or 6.
    @inline(__always)
    static func cePosition(_ z: Int, offset: Int) -> (year: Int, month: Int, day: Int) {
        let y: Int, dayOfYear: Int
        // Unsigned, days shifted by 260,000 four-year cycles of 1,461 days.
        let shifted = z &- offset &+ 260_000 &* 1461
        if shifted >= 0 && shifted < 1 << 40 {
            let n = UInt64(truncatingIfNeeded: shifted)
            let year = (4 &* n &+ 3) / 1461
            dayOfYear = Int(truncatingIfNeeded: n &- 365 &* year &- year / 4)
            y = Int(truncatingIfNeeded: year) &- 4 &* 260_000
        } else {
            let n = z - offset
            y = Arith.floorDiv(4 * n + 3, 1461)
            dayOfYear = n - 365 * y - Arith.floorDiv(y, 4)
        }
        let m = min(12, dayOfYear / 30)
        return (y, m, dayOfYear - 30 * m + 1)
    }

    /// Extended year, 0-based month and day of the month of day `z`: each style's year
    /// start inverted exactly (ICU's Persian formula, the Coptic/Ethiopic 4-year cycle,
    /// the Indian year from the Gregorian March-based year), no search.
    @inline(__always)
    func position(_ z: Int) -> (year: Int, month: Int, day: Int) {
        switch style {
        case .indian: SolarSystem.indianPosition(z)
        case .persian: SolarSystem.persianPosition(z)
        case .coptic, .ethiopic, .ethiopicAmeteAlem: SolarSystem.cePosition(z, offset: ceOffset)
        }
    }

    @inline(__always)
    func fields(_ y: Int, _ m: Int) -> (era: Int32, year: Int32, month: Int32) {
        let month = Int32(truncatingIfNeeded: m + 1)
        switch style {
        case .persian, .indian: return (0, Int32(truncatingIfNeeded: y), month)
        case .coptic: return y > 0 ? (1, Int32(truncatingIfNeeded: y), month) : (0, Int32(truncatingIfNeeded: 1 - y), month)
        case .ethiopic: return y > 0 ? (1, Int32(truncatingIfNeeded: y), month) : (0, Int32(truncatingIfNeeded: y + 5500), month)
        case .ethiopicAmeteAlem: return (0, Int32(truncatingIfNeeded: y + 5500), month)
        }
    }

    @inline(__always)
    public func date(dayNumber: Int) -> SystemDate {
        let p = position(dayNumber)
        let f = fields(p.year, p.month)
        return SystemDate(era: f.era, year: f.year, month: f.month, day: Int32(truncatingIfNeeded: p.day))
    }

    public func monthIndex(dayNumber: Int) -> Int {
        let p = position(dayNumber)
        return p.year * months + p.month
    }

    @inline(__always)
    public func month(index: Int) -> SystemMonth {
        let (y, m) = split(index)
        let f = fields(y, m)
        return SystemMonth(era: f.era, year: f.year, month: f.month, isLeapMonth: false, extendedYear: y,
                           firstDay: monthStart(y, m), length: monthLength(y, m))
    }

    public func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        let y = Int(year)
        switch (style, era) {
        case (.persian, 0), (.indian, 0): return y
        case (.coptic, 0): return 1 - y
        case (.coptic, 1), (.ethiopic, 1): return y
        case (.ethiopic, 0), (.ethiopicAmeteAlem, 0): return y - 5500
        default:
            let valid = style == .coptic || style == .ethiopic ? "0...1" : "0...0"
            throw KalendsError(.invalidArgument, "era \(era) is not an era of the \(identifier) calendar (eras \(valid))")
        }
    }

    public func monthIndexes(extendedYear: Int) -> Range<Int> {
        extendedYear * months..<(extendedYear + 1) * months
    }

    public func yearStart(extendedYear: Int) -> Int { monthStart(extendedYear, 0) }

    public func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int {
        guard month >= 1, Int(month) <= months, !isLeapMonth else {
            throw badMonth(identifier, month, isLeapMonth, year: extendedYear, valid: "1...\(months), no leap months")
        }
        return extendedYear * months + Int(month) - 1
    }
}
