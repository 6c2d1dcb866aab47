/// The Chinese and Korean (Dangi) lunisolar calendars, computed the way "Calendrical
/// Calculations" does: months begin on the day (in the calendar's standard time) of an
/// astronomical new moon; the month holding the winter solstice is the 11th; a
/// solstice-to-solstice period (a sui) of 13 months repeats the number of its first
/// month without a major solar term as a leap month.
///
/// Standard time: `chinese` uses UTC+8 throughout (China's standard meridian, 120°E, as
/// ICU and the published tables do; Calendrical Calculations switches to Beijing's local
/// mean time before 1929, which moves four month starts of 1906...1920 away from
/// Foundation's); `dangi` uses ICU's Korean time (UTC+8 until 1897, +7 in 1897, +8 in
/// 1898...1911, +9 from 1912).
///
/// Fields as ICU's: era = the 60-year cycle (cycle 1 began in 2637 BCE), year 1...60,
/// month 1...12 with `isLeapMonth` on the repeated month. The month index counts new
/// moons (Calendrical Calculations' lunation numbers); the extended year counts
/// Chinese years since the epoch (2026's new year begins year 4663 = cycle 78, year 43).
/// Days -9999-01-01...9999-12-31 convert. Sui are computed on demand and cached; the
/// conversions read the months' first days and names from committed tables made from
/// them (`LunarMonthTable`, `LunisolarLeapTable`), the sui being the reference.
public struct ChineseSystem: CalendarSystem {
    public enum Style: Sendable, Hashable { case chinese, dangi }
    public let style: Style

    public init(_ style: Style) { self.style = style }

    public var identifier: String { style == .chinese ? "chinese" : "dangi" }
    public var dayRange: ClosedRange<Int> { Arith.astronomicalDays }

    var table: LunisolarTable { style == .chinese ? LunisolarTable.chinese : LunisolarTable.dangi }

    public var monthIndexRange: ClosedRange<Int> { table.monthIndexRange }
    /// From the new moon alone, without the sui's solstices and solar terms.
    /// The table's month start where it has the month (`month(index:)`'s, a lookup), else
    /// the new moon computed (each call a new moon's astronomy: an RSCALE=CHINESE MONTHLY
    /// count to 9999 spent 87% of its 1.1 s there, found by fuzz/rrule_c.c).
    public func firstDay(monthIndex: Int) -> Int { leaps.firstDay(index: monthIndex) ?? table.newMoonDay(monthIndex) }
    public var extendedYearRange: ClosedRange<Int> { table.extendedYearRange }

    public func eraYears(_ era: Int32) throws(KalendsError) -> ClosedRange<Int32> {
        let cycles = eraIndexes
        guard cycles.contains(era) else { return try eraRange(era).years }   // throws naming the eras
        let years = extendedYearRange
        let firstEY = max(years.lowerBound, 60 * (Int(era) - 1) + 1), lastEY = min(years.upperBound, 60 * Int(era))
        return ChineseSystem.cycleYear(firstEY).1...ChineseSystem.cycleYear(lastEY).1
    }

    /// Extended year of the Chinese year beginning in early Gregorian 2001, minus one:
    /// months 1...10 of sui k belong to extended year k + 4638.
    static let base = 4637

    /// Cycle (era) and year 1...60 of an extended year.
    @inline(__always)
    static func cycleYear(_ ey: Int) -> (Int32, Int32) {
        // Shifted by a million cycles to a non-negative count: an unsigned division by
        // a constant (a multiplication).
        let shifted = ey &- 1 &+ 60_000_000
        let cycle = shifted >= 0 ? Int(bitPattern: UInt(bitPattern: shifted) / 60) &- 999_999 : 1 &+ Arith.floorDiv(ey &- 1, 60)
        return (Int32(truncatingIfNeeded: cycle), Int32(truncatingIfNeeded: ey &- 60 &* (cycle &- 1)))
    }

    /// Month number, leap flag and extended year of ordinal `j` of sui `k`.
    static func label(_ sui: Sui, _ k: Int, _ j: Int) -> (month: Int32, leap: Bool, ey: Int) {
        label(leap: sui.leap, k, j)
    }

    /// The same from the sui's leap ordinal alone (-1 or 0: none; a leap month is
    /// never ordinal 0, the month holding the solstice).
    @inline(__always)
    static func label(leap ordinal: Int, _ k: Int, _ j: Int) -> (month: Int32, leap: Bool, ey: Int) {
        var num = j, leap = false
        if ordinal > 0 && j >= ordinal {
            num = j &- 1
            leap = j == ordinal
        }
        let month = (num &+ 10) % 12 &+ 1
        return (Int32(truncatingIfNeeded: month), leap, base &+ k &+ (month >= 11 ? 0 : 1))
    }

    /// The leap-month table of the style (the labels of every month of `dayRange`).
    var leaps: LunisolarLeapTable { style == .chinese ? LunisolarLeapTable.chinese : LunisolarLeapTable.dangi }

    /// From the committed tables (one lookup for the month, one for its sui's leap
    /// month); the sui computation outside them.
    public func date(dayNumber: Int) -> SystemDate {
        leaps.date(dayNumber: dayNumber) ?? suiDate(dayNumber: dayNumber)
    }

    public func monthIndex(dayNumber: Int) -> Int {
        leaps.months.month(containing: dayNumber)?.index ?? suiMonthIndex(dayNumber: dayNumber)
    }

    public func month(index: Int) -> SystemMonth {
        leaps.month(index: index) ?? suiMonth(index: index)
    }

    // MARK: from the sui (the live computation: the reference of the tables, and the
    // path outside them)

    func suiDate(dayNumber: Int) -> SystemDate {
        let (k, sui) = table.sui(containingDay: dayNumber)
        var j = 0
        while j < sui.count - 1 && sui.starts[j + 1] <= dayNumber { j += 1 }
        let l = ChineseSystem.label(sui, k, j)
        let (cycle, year) = ChineseSystem.cycleYear(l.ey)
        return SystemDate(era: cycle, year: year, month: l.month, day: Int32(truncatingIfNeeded: dayNumber - sui.starts[j] + 1),
                          isLeapMonth: l.leap)
    }

    func suiMonthIndex(dayNumber: Int) -> Int {
        let (_, sui) = table.sui(containingDay: dayNumber)
        var j = 0
        while j < sui.count - 1 && sui.starts[j + 1] <= dayNumber { j += 1 }
        return sui.lunation + j
    }

    func suiMonth(index: Int) -> SystemMonth {
        let (k, sui) = table.sui(containingLunation: index)
        let j = index - sui.lunation
        let l = ChineseSystem.label(sui, k, j)
        let (cycle, year) = ChineseSystem.cycleYear(l.ey)
        return SystemMonth(era: cycle, year: year, month: l.month, isLeapMonth: l.leap, extendedYear: l.ey,
                           firstDay: sui.starts[j], length: sui.starts[j + 1] - sui.starts[j])
    }

    public var eraIndexes: ClosedRange<Int32> {
        let years = extendedYearRange
        return ChineseSystem.cycleYear(years.lowerBound).0...ChineseSystem.cycleYear(years.upperBound).0
    }

    public func eraRange(_ era: Int32) throws(KalendsError) -> EraRange {
        let cycles = eraIndexes
        guard cycles.contains(era) else {
            throw KalendsError(.invalidArgument, "era \(era) is not an era (60-year cycle) of the \(identifier) calendar "
                + "(eras \(cycles.lowerBound)...\(cycles.upperBound))")
        }
        let years = extendedYearRange
        let firstEY = max(years.lowerBound, 60 * (Int(era) - 1) + 1), lastEY = min(years.upperBound, 60 * Int(era))
        let first = max(dayRange.lowerBound, month(index: max(monthIndexRange.lowerBound, monthIndexes(extendedYear: firstEY).lowerBound)).firstDay)
        let lastMonth = min(monthIndexRange.upperBound, monthIndexes(extendedYear: lastEY).upperBound - 1)
        let last = min(dayRange.upperBound, month(index: lastMonth).lastDay)
        return EraRange(era: era, code: "cycle-\(era)",
                        years: ChineseSystem.cycleYear(firstEY).1...ChineseSystem.cycleYear(lastEY).1, days: first...last)
    }

    public func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        guard (1...60).contains(year) else {
            throw KalendsError(.invalidArgument, "year \(year) is not in 1...60 (a year of a 60-year cycle) in the \(identifier) calendar")
        }
        return 60 * (Int(era) - 1) + Int(year)
    }

    /// Ordinal of month 1 (not leap) in a sui.
    static func newYearOrdinal(_ sui: Sui) -> Int { newYearOrdinal(leap: sui.leap) }
    @inline(__always)
    static func newYearOrdinal(leap ordinal: Int) -> Int { ordinal == 1 || ordinal == 2 ? 3 : 2 }

    public func monthIndexes(extendedYear: Int) -> Range<Int> {
        let k = extendedYear - ChineseSystem.base - 1
        if let hit = leaps.monthIndexes(sui: k) { return hit }
        return suiMonthIndexes(sui: k)
    }

    /// Month indexes of the Chinese year whose month 1 is in sui `k`.
    func suiMonthIndexes(sui k: Int) -> Range<Int> {
        let this = table.sui(k), next = table.sui(k + 1)
        return this.lunation + ChineseSystem.newYearOrdinal(this)..<next.lunation + ChineseSystem.newYearOrdinal(next)
    }

    public func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int {
        guard (1...12).contains(month) else {
            throw badMonth(identifier, month, isLeapMonth, year: extendedYear, valid: "1...12")
        }
        let k = extendedYear - ChineseSystem.base - (month >= 11 ? 0 : 1)
        let sui = table.sui(k)
        for j in 0..<sui.count {
            let l = ChineseSystem.label(sui, k, j)
            if l.month == month && l.leap == isLeapMonth && l.ey == extendedYear { return sui.lunation + j }
        }
        let leapNote: String
        if sui.leap >= 0 {
            let l = ChineseSystem.label(sui, k, sui.leap)
            leapNote = l.ey == extendedYear ? "; its leap month is \(l.month)" : "; it has no leap month"
        } else {
            leapNote = "; it has no leap month"
        }
        throw badMonth(identifier, month, isLeapMonth, year: extendedYear, valid: "1...12" + leapNote)
    }
}

/// The months of one sui (winter solstice to winter solstice): the lunation number of
/// the month holding the first solstice (month 11), the first day of each month and
/// of the next sui's month 11, and the ordinal of the leap month (-1: none).
struct Sui: Sendable {
    let lunation: Int
    let starts: [Int]
    let leap: Int
    var count: Int { starts.count - 1 }
}

/// Sui computed on demand from the astronomy and kept, in blocks of 16, behind a lock.
final class LunisolarTable: @unchecked Sendable {
    static let chinese = LunisolarTable(style: .chinese)
    static let dangi = LunisolarTable(style: .dangi)

    let style: ChineseSystem.Style
    private let lock = Lock()
    private var blocks: [Int: [Sui]] = [:]
    static let blockSize = 16
    /// RD of the winter solstice of 2000 (December 21).
    static let anchor = 730_475
    /// Lunation number of sui 0's month 11.
    private(set) var lunation0 = 0
    /// The system's month indexes and extended years (computed once).
    private(set) var monthIndexRange = 0...0
    private(set) var extendedYearRange = 0...0

    init(style: ChineseSystem.Style) {
        self.style = style
        lunation0 = sui(0).lunation
        func lunation(_ z: Int) -> (Int, Int) {   // (lunation, extended year) of a day
            let (k, s) = sui(containingDay: z)
            var j = 0
            while j < s.count - 1 && s.starts[j + 1] <= z { j += 1 }
            return (s.lunation + j, ChineseSystem.label(s, k, j).ey)
        }
        let lo = lunation(Arith.astronomicalDays.lowerBound), hi = lunation(Arith.astronomicalDays.upperBound)
        monthIndexRange = lo.0...hi.0
        extendedYearRange = lo.1...hi.1
    }

    /// Hours ahead of UTC of the calendar's standard time at RD moment `tee`.
    func zone(_ tee: Double) -> Double {
        switch style {
        case .chinese:
            return 8                            // UTC+8 throughout, as ICU and the published tables
        case .dangi:
            let day = (tee).rounded(.down) - Double(Arith.rdOffset)
            if day < -26_645 { return 8 }       // (1897 - 1970) * 365 days
            if day < -26_280 { return 7 }       // (1898 - 1970) * 365
            if day < -21_170 { return 8 }       // (1912 - 1970) * 365
            return 9
        }
    }

    func universal(_ standard: Double) -> Double { standard - zone(standard) / 24 }
    func standard(_ universal: Double) -> Double { universal + zone(universal) / 24 }

    /// Day number (in standard time) of lunation `n`.
    func newMoonDay(_ n: Int) -> Int { Int(standard(Astronomy.nthNewMoon(n)).rounded(.down)) - Arith.rdOffset }

    /// RD of the winter solstice on or before RD `date` (in standard time).
    func winterSolstice(onOrBefore date: Int) -> Int {
        let approx = Astronomy.estimatePriorSolarLongitude(270, universal(Double(date + 1)))
        var i = Int((approx).rounded(.down)) - 1
        while !(270 < Astronomy.solarLongitude(universal(Double(i + 1)))) { i += 1 }
        return i
    }

    /// Major solar term (1...12) at the start of RD `date`.
    func majorTerm(_ date: Int) -> Int {
        let s = Astronomy.solarLongitude(universal(Double(date)))
        return Arith.amod(2 + Int((s / 30).rounded(.down)), 12)
    }

    func solstice(_ k: Int) -> Int {
        winterSolstice(onOrBefore: LunisolarTable.anchor + Int((Double(k) * Astronomy.meanTropicalYear).rounded(.down)) + 182)
    }

    func computeSui(_ s1: Int, _ s2: Int) -> Sui {
        // Month 11 begins at the last new moon before the day after the solstice.
        let first = Astronomy.newMoonAtOrAfter(universal(Double(s1 + 1))) - 1
        let next = Astronomy.newMoonAtOrAfter(universal(Double(s2 + 1))) - 1
        var starts: [Int] = []
        starts.reserveCapacity(next - first + 1)
        for n in first...next { starts.append(newMoonDay(n)) }
        var leap = -1
        if next - first == 13 {
            var j = 1
            while j < 13 {
                let a = starts[j] + Arith.rdOffset, b = starts[j + 1] + Arith.rdOffset
                if majorTerm(a) == majorTerm(b) { leap = j; break }
                j += 1
            }
        }
        return Sui(lunation: first, starts: starts, leap: leap)
    }

    func sui(_ k: Int) -> Sui {
        let b = Arith.floorDiv(k, LunisolarTable.blockSize)
        let i = k - b * LunisolarTable.blockSize
        lock.lock()
        if let block = blocks[b] {
            lock.unlock()
            return block[i]
        }
        lock.unlock()
        var solstices: [Int] = []
        for j in 0...LunisolarTable.blockSize { solstices.append(solstice(b * LunisolarTable.blockSize + j)) }
        var block: [Sui] = []
        for j in 0..<LunisolarTable.blockSize { block.append(computeSui(solstices[j], solstices[j + 1])) }
        lock.lock()
        blocks[b] = block
        lock.unlock()
        return block[i]
    }

    func sui(containingDay z: Int) -> (Int, Sui) {
        var k = Int((Double(z + Arith.rdOffset - LunisolarTable.anchor) / Astronomy.meanTropicalYear).rounded(.down))
        var s = sui(k)
        while z < s.starts[0] { k -= 1; s = sui(k) }
        while z >= s.starts[s.count] { k += 1; s = sui(k) }
        return (k, s)
    }

    func sui(containingLunation n: Int) -> (Int, Sui) {
        var k = Int((Double(n - lunation0) / 12.368267).rounded(.down))
        var s = sui(k)
        while n < s.lunation { k -= 1; s = sui(k) }
        while n >= s.lunation + s.count { k += 1; s = sui(k) }
        return (k, s)
    }
}
