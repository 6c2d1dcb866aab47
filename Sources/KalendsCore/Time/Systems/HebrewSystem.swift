/// The Hebrew calendar (arithmetic: molad of Tishri, the four postponements), in ICU's
/// numbering: one era (0, AM), months 1 Tishri ... 5 Shevat, 6 Adar I (leap years
/// only), 7 Adar (Adar II in leap years), 8 Nisan ... 13 Elul. Month index: months
/// elapsed since the epoch (`(235 * year - 234) / 19` before Tishri of `year`).
public struct HebrewSystem: CalendarSystem {
    public init() {}
    public var identifier: String { "hebrew" }
    public var monthIndexRange: ClosedRange<Int> { HebrewSystem.months }
    static let months = HebrewSystem().monthIndex(dayNumber: Arith.allDays.lowerBound)...HebrewSystem().monthIndex(dayNumber: Arith.allDays.upperBound)
    public var dayRange: ClosedRange<Int> { Arith.allDays }
    public var eraIndexes: ClosedRange<Int32> { KalendsCore.eraIndexes(eraList) }
    public func eraRange(_ era: Int32) throws(KalendsError) -> EraRange { try lookupEra(eraList, era, identifier) }
    var eraList: [EraRange] { HebrewSystem.erasCache }
    static let erasCache = oneEra(HebrewSystem(), era: 0, code: "am")

    /// Day number of the epoch, 1 Tishri AM 1 before postponements (RD -1373427, Julian -3761-10-07).
    static let epoch = -1_373_427 - Arith.rdOffset

    @inline(__always)
    static func isLeap(_ y: Int) -> Bool { Arith.floorMod(7 * y + 1, 19) < 7 }

    @inline(__always)
    static func monthsBefore(_ y: Int) -> Int { Arith.floorDiv(235 * y - 234, 19) }

    static func elapsedDays(_ y: Int) -> Int {
        let months = monthsBefore(y)
        let parts = 12084 + 13753 * months
        let days = 29 * months + Arith.floorDiv(parts, 25920)
        return Arith.floorMod(3 * (days + 1), 7) < 3 ? days + 1 : days
    }

    /// Years whose 1 Tishri is kept in `newYearTable` (Gregorian -60...4040).
    static let tableYears = 3700...7800

    /// 1 Tishri of every year of `tableYears` and of the year after, computed once at
    /// first use (4,102 years, 16 KB, tens of microseconds): date conversions and grids
    /// of those years read a year's shape instead of computing four molads.
    static let newYearTable: [Int32] = {
        let first = tableYears.lowerBound, last = tableYears.upperBound + 1
        var elapsed: [Int] = []
        elapsed.reserveCapacity(last - first + 3)
        for y in first - 1...last + 1 { elapsed.append(elapsedDays(y)) }
        var out: [Int32] = []
        out.reserveCapacity(last - first + 1)
        for i in 1...last - first + 1 {
            let e0 = elapsed[i - 1], e1 = elapsed[i], e2 = elapsed[i + 1]
            let correction = e2 - e1 == 356 ? 2 : (e1 - e0 == 382 ? 1 : 0)
            out.append(Int32(epoch + e1 + correction))
        }
        return out
    }()

    /// Day numbers of 1 Tishri of `y` and of `y + 1`, sharing the elapsed-days work.
    @inline(__always)
    static func newYears(_ y: Int) -> (Int, Int) {
        if tableYears.contains(y) {
            let t = newYearTable, i = y - tableYears.lowerBound
            return (Int(t[i]), Int(t[i + 1]))
        }
        return computedNewYears(y)
    }

    static func computedNewYears(_ y: Int) -> (Int, Int) {
        let e0 = elapsedDays(y - 1), e1 = elapsedDays(y), e2 = elapsedDays(y + 1), e3 = elapsedDays(y + 2)
        let c1 = e2 - e1 == 356 ? 2 : (e1 - e0 == 382 ? 1 : 0)
        let c2 = e3 - e2 == 356 ? 2 : (e2 - e1 == 382 ? 1 : 0)
        return (epoch + e1 + c1, epoch + e2 + c2)
    }

    /// Day number of 1 Tishri of `y`.
    static func newYear(_ y: Int) -> Int {
        if tableYears.contains(y) { return Int(newYearTable[y - tableYears.lowerBound]) }
        let ny0 = elapsedDays(y - 1), ny1 = elapsedDays(y), ny2 = elapsedDays(y + 1)
        let correction = ny2 - ny1 == 356 ? 2 : (ny1 - ny0 == 382 ? 1 : 0)
        return epoch + ny1 + correction
    }

    /// The shape of year `y`: its first day, the next year's, and whether it is leap.
    struct Year {
        let start: Int, next: Int, leap: Bool
        var count: Int { leap ? 13 : 12 }

        /// The 0-based month holding day `d` of the year (0 = 1 Tishri) and the day of the
        /// year its first day is: Tishri 30, Heshvan 29/30, Kislev 30/29, Tevet 29,
        /// Shevat 30, (Adar I 30), then 29, 30, 29, ... to Elul, without a loop.
        @inline(__always)
        func month(containing d: Int) -> (Int, Int) {
            let days = next - start
            let heshvan = days % 10 == 5 ? 30 : 29, kislev = days % 10 == 3 ? 29 : 30
            let c2 = 30 + heshvan, c3 = c2 + kislev, c4 = c3 + 29, c5 = c4 + 30
            if d < c4 { return d < 30 ? (0, 0) : d < c2 ? (1, 30) : d < c3 ? (2, c2) : (3, c3) }
            if d < c5 { return (4, c4) }
            var base = c5, first = 5
            if leap {
                if d < c5 + 30 { return (5, c5) }
                base += 30
                first = 6
            }
            // Months from `first` alternate 29, 30, ...: j of them take 29j + j/2 days.
            let r = d - base
            var j = 2 * r / 59
            if 29 * (j + 1) + (j + 1) / 2 <= r { j += 1 }
            if j > 0 && 29 * j + j / 2 > r { j -= 1 }
            j = min(j, (leap ? 12 : 11) - first)
            return (first + j, base + 29 * j + j / 2)
        }

        /// Days from the year's first day to the first day of 0-based month `k`.
        @inline(__always)
        func offset(ofMonth k: Int) -> Int {
            let days = next - start
            let heshvan = days % 10 == 5 ? 30 : 29, kislev = days % 10 == 3 ? 29 : 30
            switch k {
            case 0: return 0
            case 1: return 30
            case 2: return 30 + heshvan
            case 3: return 30 + heshvan + kislev
            case 4: return 59 + heshvan + kislev
            default:
                let c5 = 89 + heshvan + kislev
                if leap && k == 5 { return c5 }
                let base = leap ? c5 + 30 : c5, j = k - (leap ? 6 : 5)
                return base + 29 * j + j / 2
            }
        }

        /// Length of 0-based month `k` (from Tishri).
        @inline(__always)
        func length(_ k: Int) -> Int {
            let days = next - start
            switch k {
            case 0: return 30
            case 1: return days % 10 == 5 ? 30 : 29   // 355 or 385 days: long Heshvan
            case 2: return days % 10 == 3 ? 29 : 30   // 353 or 383 days: short Kislev
            case 3: return 29
            case 4: return 30
            default:
                let rest = leap ? k - 6 : k - 5       // Adar (II), Nisan, ..., Elul
                if rest < 0 { return 30 }             // Adar I
                return rest % 2 == 0 ? 29 : 30
            }
        }
    }

    @inline(__always)
    static func year(_ y: Int) -> Year {
        let (start, next) = newYears(y)
        return Year(start: start, next: next, leap: isLeap(y))
    }

    /// ICU month number (1...13) of 0-based position `ordinal` in a year.
    static func icuMonth(_ ordinal: Int, leap: Bool) -> Int32 {
        Int32(leap || ordinal < 5 ? ordinal + 1 : ordinal + 2)
    }

    /// The year holding a day, its shape, and the day's 0-based month and that month's first day.
    static func locate(_ day: Int) -> (y: Int, year: Year, ordinal: Int, first: Int) {
        var y = Int((Double(day - epoch) / (35_975_351.0 / 98_496.0)).rounded(.down)) + 1
        var (start, next) = newYears(y)
        while start > day { y -= 1; (start, next) = newYears(y) }
        while next <= day { y += 1; (start, next) = newYears(y) }
        let year = Year(start: start, next: next, leap: isLeap(y))
        let (ordinal, offset) = year.month(containing: day - start)
        return (y, year, ordinal, start + offset)
    }

    /// The year of a month index: the largest y with monthsBefore(y) <= index, i.e.
    /// 235y - 234 < 19(index + 1) (exact; checked for every index of +-13M months).
    @inline(__always)
    static func yearOf(monthIndex index: Int) -> Int {
        Arith.floorDiv(19 * index + 252, 235)
    }

    /// Years whose months' first days are kept in `monthTable` (Gregorian 1239...2240):
    /// dates of those years convert with one estimate and a step, no year shape.
    static let monthTableYears = 5000...6000
    static let monthTableFirstIndex = monthsBefore(monthTableYears.lowerBound)
    /// Months in the table; its last entry is the day after them.
    static let monthTableCount = monthsBefore(monthTableYears.upperBound + 1) - monthTableFirstIndex

    /// The first day of every month of `monthTableYears` and the day after the last
    /// (12,370 months, 48 KB, computed at first use), at a fixed address: no reference
    /// counting on the conversion path.
    nonisolated(unsafe) static let monthTable: UnsafePointer<Int32> = {   // written once, then only read
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: monthTableCount + 1)
        var i = 0
        for y in monthTableYears {
            let year = HebrewSystem.year(y)
            var day = year.start
            for k in 0..<year.count {
                p[i] = Int32(truncatingIfNeeded: day)
                day += year.length(k)
                i += 1
            }
            if y == monthTableYears.upperBound { p[i] = Int32(truncatingIfNeeded: day) }
        }
        return UnsafePointer(p)
    }()

    /// The date of a day of `monthTable`'s months, nil outside them: the month from
    /// an estimate by the mean month (2^32 / 29.530594 as a multiplication and a shift;
    /// the Hebrew months' first days stay within a few days of the mean, so a step
    /// corrects it), the year and the month's place in it from the month index.
    @inline(__always)
    static func tableDate(_ day: Int) -> SystemDate? {
        let t = monthTable
        let first = Int(t[0])
        guard day >= first, day < Int(t[monthTableCount]) else { return nil }
        var k = min(((day &- first) &* 145_441_277) >> 32, monthTableCount &- 1)
        while Int(t[k]) > day { k &-= 1 }
        while Int(t[k &+ 1]) <= day { k &+= 1 }
        let f = tableFields(monthTableFirstIndex &+ k)
        return SystemDate(era: 0, year: Int32(truncatingIfNeeded: f.year), month: f.month,
                          day: Int32(truncatingIfNeeded: day &- Int(t[k]) &+ 1))
    }

    /// The year and ICU month of month `index` of `monthTable`. The table's indexes are
    /// positive: unsigned forms of yearOf, monthsBefore and isLeap.
    @inline(__always)
    static func tableFields(_ index: Int) -> (year: Int, month: Int32) {
        let u = UInt(bitPattern: index)
        let y = (19 &* u &+ 252) / 235
        let ordinal = u &- (235 &* y &- 234) / 19
        let leap = (7 &* y &+ 1) % 19 < 7
        return (Int(bitPattern: y), Int32(truncatingIfNeeded: leap || ordinal < 5 ? ordinal &+ 1 : ordinal &+ 2))
    }

    public func date(dayNumber: Int) -> SystemDate {
        if let d = HebrewSystem.tableDate(dayNumber) { return d }
        let p = HebrewSystem.locate(dayNumber)
        return SystemDate(era: 0, year: Int32(truncatingIfNeeded: p.y), month: HebrewSystem.icuMonth(p.ordinal, leap: p.year.leap),
                          day: Int32(truncatingIfNeeded: dayNumber - p.first + 1))
    }

    public func monthIndex(dayNumber: Int) -> Int {
        let p = HebrewSystem.locate(dayNumber)
        return HebrewSystem.monthsBefore(p.y) + p.ordinal
    }

    /// Month `index` read from `monthTable`, nil outside its months.
    @inline(__always)
    static func tableMonth(_ index: Int) -> SystemMonth? {
        let k = index &- monthTableFirstIndex
        guard k >= 0, k < monthTableCount else { return nil }
        let t = monthTable
        let first = Int(t[k])
        let f = tableFields(index)
        return SystemMonth(era: 0, year: Int32(truncatingIfNeeded: f.year), month: f.month, isLeapMonth: false,
                           extendedYear: f.year, firstDay: first, length: Int(t[k &+ 1]) &- first)
    }

    public func month(index: Int) -> SystemMonth {
        HebrewSystem.tableMonth(index) ?? HebrewSystem.computedMonth(index)
    }

    /// Month `index` from its year's shape.
    static func computedMonth(_ index: Int) -> SystemMonth {
        let y = HebrewSystem.yearOf(monthIndex: index)
        let ordinal = index - HebrewSystem.monthsBefore(y)
        let year = HebrewSystem.year(y)
        let first = year.start + year.offset(ofMonth: ordinal)
        return SystemMonth(era: 0, year: Int32(truncatingIfNeeded: y), month: HebrewSystem.icuMonth(ordinal, leap: year.leap),
                           isLeapMonth: false, extendedYear: y, firstDay: first, length: year.length(ordinal))
    }

    public func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        guard era == 0 else {
            throw KalendsError(.invalidArgument, "era \(era) is not an era of the hebrew calendar (eras 0...0)")
        }
        return Int(year)
    }

    public func monthIndexes(extendedYear: Int) -> Range<Int> {
        HebrewSystem.monthsBefore(extendedYear)..<HebrewSystem.monthsBefore(extendedYear + 1)
    }

    public func yearStart(extendedYear: Int) -> Int { HebrewSystem.newYear(extendedYear) }

    public func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int {
        let leap = HebrewSystem.isLeap(extendedYear)
        guard (1...13).contains(month), !isLeapMonth, leap || month != 6 else {
            throw badMonth(identifier, month, isLeapMonth, year: extendedYear,
                           valid: leap ? "1...13 (a leap year)" : "1...5 and 7...13 (a common year: no Adar I, 6)")
        }
        let ordinal = leap || month < 6 ? Int(month) - 1 : Int(month) - 2
        return HebrewSystem.monthsBefore(extendedYear) + ordinal
    }
}
