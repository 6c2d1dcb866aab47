/// The Islamic calendars as ICU computes them. One era (0, AH); years before AH 1 are
/// 0, -1, ... (ICU's extended year). The month index is `(year - 1) * 12 + month - 1`.
///
/// - `islamic-civil`: the arithmetic calendar with the Friday epoch (622-07-16 Julian),
///   leap years 2, 5, 7, 10, 13, 16, 18, 21, 24, 26, 29 of 30;
/// - `islamic-tbla`: the same with the Thursday (astronomical) epoch, one day earlier;
/// - `islamic-umalqura`: Saudi Arabia's Umm al-Qura month lengths for AH 1300...1600
///   (the table and year-start fit ICU uses, `UmmAlQuraData`), the civil calendar
///   outside them;
/// - `islamic`: ICU's astronomical calendar (a month starts the day after the first
///   UTC midnight at which the moon's age, by ICU's CalendarAstronomer, is not
///   negative, searched from the mean month as ICU does; `ICUMoon`), over
///   -9999...9999.
public struct IslamicSystem: CalendarSystem {
    public enum Style: Sendable, Hashable { case civil, tabular, ummAlQura, astronomical }
    public let style: Style

    public init(_ style: Style) { self.style = style }

    /// RD of 1 Muharram AH 1 (civil; tabular is one day earlier).
    static let civilEpoch = 227_015

    public var identifier: String {
        switch style {
        case .civil: "islamic-civil"
        case .tabular: "islamic-tbla"
        case .ummAlQura: "islamic-umalqura"
        case .astronomical: "islamic"
        }
    }

    public var dayRange: ClosedRange<Int> { style == .astronomical ? Arith.astronomicalDays : Arith.allDays }

    public var monthIndexRange: ClosedRange<Int> {
        switch style {
        case .civil: IslamicSystem.civilMonths
        case .tabular: IslamicSystem.tabularMonths
        case .ummAlQura: IslamicSystem.ummAlQuraMonths
        case .astronomical: IslamicSystem.astronomicalMonths
        }
    }
    public var extendedYearRange: ClosedRange<Int> {
        let r = monthIndexRange
        return Arith.floorDiv(r.lowerBound, 12) + 1...Arith.floorDiv(r.upperBound, 12) + 1
    }
    static func months(_ s: IslamicSystem) -> ClosedRange<Int> {
        s.monthIndex(dayNumber: s.dayRange.lowerBound)...s.monthIndex(dayNumber: s.dayRange.upperBound)
    }
    static let civilMonths = months(IslamicSystem(.civil))
    static let tabularMonths = months(IslamicSystem(.tabular))
    static let ummAlQuraMonths = months(IslamicSystem(.ummAlQura))
    static let astronomicalMonths = months(IslamicSystem(.astronomical))

    public var eraIndexes: ClosedRange<Int32> { KalendsCore.eraIndexes(eraList) }
    public func eraRange(_ era: Int32) throws(KalendsError) -> EraRange { try lookupEra(eraList, era, identifier) }
    var eraList: [EraRange] {
        switch style {
        case .civil: IslamicSystem.civilEras
        case .tabular: IslamicSystem.tabularEras
        case .ummAlQura: IslamicSystem.ummAlQuraEras
        case .astronomical: IslamicSystem.astronomicalEras
        }
    }
    static let civilEras = oneEra(IslamicSystem(.civil), era: 0, code: "ah")
    static let tabularEras = oneEra(IslamicSystem(.tabular), era: 0, code: "ah")
    static let ummAlQuraEras = oneEra(IslamicSystem(.ummAlQura), era: 0, code: "ah")
    static let astronomicalEras = oneEra(IslamicSystem(.astronomical), era: 0, code: "ah")

    // MARK: arithmetic (civil, tabular, and Umm al-Qura outside its table)

    var epoch: Int { (style == .tabular ? IslamicSystem.civilEpoch - 1 : IslamicSystem.civilEpoch) - Arith.rdOffset }

    /// Days from the epoch to the first day of `year`.
    @inline(__always)
    static func civilYearStart(_ year: Int) -> Int {
        354 * (year - 1) + Arith.floorDiv(3 + 11 * year, 30)
    }

    /// Days from the epoch to the first day of 0-based month `m` of `year`.
    @inline(__always)
    static func civilMonthStart(_ year: Int, _ m: Int) -> Int {
        civilYearStart(year) + 29 * m + (m + 1) / 2
    }

    @inline(__always)
    static func civilLeap(_ year: Int) -> Bool { Arith.floorMod(14 + 11 * year, 30) < 11 }

    @inline(__always)
    static func civilMonthLength(_ year: Int, _ m: Int) -> Int {
        m == 11 ? (civilLeap(year) ? 30 : 29) : 29 + (m + 1) % 2
    }

    /// Month number since the epoch (0 = Muharram AH 1) of a day counted from the epoch.
    static func civilMonthNumber(_ days: Int) -> Int {
        let year = Arith.floorDiv(30 * days + 10646, 10631)
        let t = days - 29 - civilYearStart(year)
        // ceil(t / 29.5), at most 11
        let m = min(11, max(0, -Arith.floorDiv(-2 * t, 59)))
        return (year - 1) * 12 + m
    }

    // MARK: the month structure

    /// Days from the (civil) epoch to the first day of month number `n` (0 = AH 1 Muharram).
    @inline(__always)
    func monthStart(_ n: Int) -> Int {
        let year = Arith.floorDiv(n, 12) + 1, m = n - (year - 1) * 12
        switch style {
        case .civil, .tabular: return IslamicSystem.civilMonthStart(year, m)
        case .ummAlQura: return UmmAlQura.monthStart(year, m) ?? IslamicSystem.civilMonthStart(year, m)
        case .astronomical:
            // The committed table of ICU's month starts (checked against ICUMoon by the
            // sweep); the moon itself outside it.
            let t = LunarMonthTable.islamic
            return t.indexes.contains(n) || n == t.indexes.upperBound + 1 ? t.firstDay(n) - epoch : ICUMoon.trueMonthStart(n)
        }
    }

    func monthNumber(days: Int) -> Int {
        switch style {
        case .civil, .tabular: return IslamicSystem.civilMonthNumber(days)
        case .ummAlQura: return UmmAlQura.monthNumber(days) ?? IslamicSystem.civilMonthNumber(days)
        case .astronomical:
            if let hit = LunarMonthTable.islamic.month(containing: days + epoch) { return hit.index }
            var n = Int((Double(days) / ICUMoon.synodicMonth).rounded(.down))
            while monthStart(n + 1) <= days { n += 1 }
            while monthStart(n) > days { n -= 1 }
            return n
        }
    }

    /// Days and years added before the unsigned civil arithmetic: 34,500 cycles of 30
    /// years (10,631 days each), which makes every day of the library's range a
    /// non-negative count from the shifted epoch.
    static let civilShiftCycles = 34_500

    /// The civil date of a day counted from the epoch: one year computation for the
    /// month and its first day. The month of day d of the year (0-based) is
    /// min(11, floor(2d / 59)), the ceiling of (d - 29) / 29.5.
    @inline(__always)
    static func civilDate(days: Int) -> SystemDate {
        let shifted = days &+ civilShiftCycles &* 10_631
        if shifted >= 0 && shifted < 1 << 40 {
            // Unsigned, so every division by a constant is a multiplication.
            let n = UInt64(truncatingIfNeeded: shifted)
            let y = (30 &* n &+ 10646) / 10631
            let dayOfYear = n &- (354 &* (y &- 1) &+ (3 &+ 11 &* y) / 30)
            let m = min(11, 2 &* dayOfYear / 59)
            return SystemDate(era: 0, year: Int32(truncatingIfNeeded: Int(y) &- 30 &* civilShiftCycles),
                              month: Int32(truncatingIfNeeded: m &+ 1),
                              day: Int32(truncatingIfNeeded: dayOfYear &- 29 &* m &- (m &+ 1) / 2 &+ 1))
        }
        let year = Arith.floorDiv(30 * days + 10646, 10631)
        let yearStart = civilYearStart(year)
        let m = min(11, max(0, -Arith.floorDiv(-2 * (days - 29 - yearStart), 59)))
        return SystemDate(era: 0, year: Int32(truncatingIfNeeded: year), month: Int32(truncatingIfNeeded: m + 1),
                          day: Int32(truncatingIfNeeded: days - yearStart - 29 * m - (m + 1) / 2 + 1))
    }

    /// The date of month number `n` (0 = Muharram AH 1) whose first day is `first`
    /// days from the epoch.
    @inline(__always)
    static func date(monthNumber n: Int, first: Int, days: Int) -> SystemDate {
        let year = Arith.floorDiv(n, 12) + 1
        return SystemDate(era: 0, year: Int32(truncatingIfNeeded: year), month: Int32(truncatingIfNeeded: n - (year - 1) * 12 + 1),
                          day: Int32(truncatingIfNeeded: days - first + 1))
    }

    public func date(dayNumber: Int) -> SystemDate {
        let days = dayNumber - epoch
        switch style {
        case .civil, .tabular:
            return IslamicSystem.civilDate(days: days)
        case .ummAlQura:
            // ICU's table (one lookup and at most a step), the civil calendar outside it.
            if let (n, first) = UmmAlQura.month(days) { return IslamicSystem.date(monthNumber: n, first: first, days: days) }
            return IslamicSystem.civilDate(days: days)
        case .astronomical:
            // The months of the table (equal to ICU's monthNumber by the moon's age, as
            // the sweep checks every day).
            let t = LunarMonthTable.islamic
            if let (index, first) = t.month(containing: dayNumber) {
                return IslamicSystem.date(monthNumber: index, first: first - epoch, days: days)
            }
            let n = monthNumber(days: days)
            return IslamicSystem.date(monthNumber: n, first: monthStart(n), days: days)
        }
    }

    public func monthIndex(dayNumber: Int) -> Int { monthNumber(days: dayNumber - epoch) }

    @inline(__always)
    public func month(index: Int) -> SystemMonth {
        let year = Arith.floorDiv(index, 12) + 1
        if style == .civil || style == .tabular { return IslamicSystem.civilMonth(index, epoch: epoch) }
        let start = monthStart(index)
        return SystemMonth(era: 0, year: Int32(truncatingIfNeeded: year), month: Int32(truncatingIfNeeded: index - (year - 1) * 12 + 1),
                           isLeapMonth: false, extendedYear: year, firstDay: start + epoch,
                           length: monthStart(index + 1) - start)
    }

    /// Month `index` of the arithmetic calendar whose epoch is day number `epoch`: one
    /// year start for the month's first day and length.
    @inline(__always)
    static func civilMonth(_ index: Int, epoch: Int) -> SystemMonth {
        let year = Arith.floorDiv(index, 12) + 1
        let m = index - (year - 1) * 12
        return SystemMonth(era: 0, year: Int32(truncatingIfNeeded: year), month: Int32(truncatingIfNeeded: m + 1),
                           isLeapMonth: false, extendedYear: year, firstDay: civilYearStart(year) + 29 * m + (m + 1) / 2 + epoch,
                           length: civilMonthLength(year, m))
    }

    public func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        guard era == 0 else {
            throw KalendsError(.invalidArgument, "era \(era) is not an era of the \(identifier) calendar (eras 0...0)")
        }
        return Int(year)
    }

    public func monthIndexes(extendedYear: Int) -> Range<Int> { (extendedYear - 1) * 12..<extendedYear * 12 }

    public func yearStart(extendedYear: Int) -> Int {
        style == .civil || style == .tabular ? IslamicSystem.civilYearStart(extendedYear) + epoch
            : monthStart((extendedYear - 1) * 12) + epoch
    }

    public func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int {
        guard (1...12).contains(month), !isLeapMonth else {
            throw badMonth(identifier, month, isLeapMonth, year: extendedYear, valid: "1...12, no leap months")
        }
        return (extendedYear - 1) * 12 + Int(month) - 1
    }
}

/// ICU's Umm al-Qura calendar for AH 1300...1600: year starts from ICU's linear fit
/// and corrections, month lengths from its table (`UmmAlQuraData`).
enum UmmAlQura {
    static let firstYear = 1300, lastYear = 1600

    /// Days from the civil epoch to the first day of each month of 1300...1600, and
    /// the day after the last.
    static let starts: [Int] = {
        var out: [Int] = []
        out.reserveCapacity((lastYear - firstYear + 1) * 12 + 1)
        for year in firstYear...lastYear {
            let i = year - firstYear
            // ICU: (int64)(354.36720 * i + 460322.05 + 0.5) + fix[i]
            var start = Int(354.36720 * Double(i) + 460322.05 + 0.5) + Int(UmmAlQuraData.yearStartFix[i])
            let mask = Int(UmmAlQuraData.monthLengths[i])
            for m in 0..<12 {
                out.append(start)
                start += mask & (1 << (11 - m)) != 0 ? 30 : 29
            }
        }
        out.append(IslamicSystem.civilYearStart(lastYear + 1))
        return out
    }()

    static func monthStart(_ year: Int, _ m: Int) -> Int? {
        guard year >= firstYear, year <= lastYear else { return nil }
        return Int(startTable[(year - firstYear) * 12 + m])
    }

    static func monthNumber(_ days: Int) -> Int? { month(days)?.number }

    /// The first days of `starts` as 32-bit values at a fixed address (no reference
    /// counting on the conversion path), and their count.
    nonisolated(unsafe) static let startTable: UnsafePointer<Int32> = {   // written once, then only read
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: starts.count)
        for (i, s) in starts.enumerated() { p[i] = Int32(truncatingIfNeeded: s) }
        return UnsafePointer(p)
    }()
    static let startCount = (lastYear - firstYear + 1) * 12 + 1

    /// Month number (0 = Muharram AH 1) and first day (days from the civil epoch) of
    /// the table month holding `days`, nil outside the table: an estimate by the mean
    /// month (1,000,000 / 33,863 = 29.5307 days, never more than a month off over the
    /// table's 3,612 months), corrected by steps.
    @inline(__always)
    static func month(_ days: Int) -> (number: Int, first: Int)? {
        let t = startTable
        let first = Int(t[0])
        let offset = days &- first
        guard offset >= 0, days < Int(t[startCount - 1]) else { return nil }
        var i = min(startCount - 2, offset &* 33_863 / 1_000_000)
        while Int(t[i]) > days { i -= 1 }
        while Int(t[i + 1]) <= days { i += 1 }
        return ((firstYear - 1) * 12 + i, Int(t[i]))
    }
}
