/// A calendar system given from outside (a plugin's table, a host's functions): the
/// library asks for every month once, checks every answer against the others, and
/// keeps the months in a table. It then implements `CalendarSystem` from the table
/// like any built-in system, and the source is never asked again, so a wrong or
/// changing answer can only fail the building, never a grid, a page or a scroll.
///
/// Table: the first day of every month (4 bytes a month), its number and leap flag
/// (1 byte), and one record per run of months of the same era, year and extended year.
/// Lookups: day -> month is a binary search (O(log months)); month -> fields and
/// extended year -> months are O(log years).
public struct TabulatedSystem: CalendarSystem {
    final class Table: Sendable {
        let firstIndex: Int
        let starts: [Int32]            // months + 1 entries: the first days, then the day after the last
        let numbers: [UInt8]           // month | 0x80 for a leap month
        let runStart: [Int32]          // month offsets where era, year or extended year change
        let runEra: [Int32]
        let runYear: [Int32]
        let runExtendedYear: [Int32]
        let eras: [EraRange]
        let eraYears: [Int64: Int]     // (era << 32 | year) -> extended year

        init(firstIndex: Int, starts: [Int32], numbers: [UInt8], runStart: [Int32], runEra: [Int32], runYear: [Int32],
             runExtendedYear: [Int32], eras: [EraRange], eraYears: [Int64: Int]) {
            self.firstIndex = firstIndex
            self.starts = starts
            self.numbers = numbers
            self.runStart = runStart
            self.runEra = runEra
            self.runYear = runYear
            self.runExtendedYear = runExtendedYear
            self.eras = eras
            self.eraYears = eraYears
        }
    }

    public let identifier: String
    public let dayRange: ClosedRange<Int>
    let table: Table

    /// At most this many months (the C ABI's KALENDS_CALENDAR_SYSTEM_MAX_MONTHS).
    public static let maxMonths = 1 << 20
    /// Month lengths a grid of six rows always holds.
    public static let monthLengths = 1...35

    /// Checks an identifier for a system from outside: 1...40 bytes of a-z, 0-9, '-'.
    public static func checkIdentifier(_ identifier: String) throws(KalendsError) {
        let bytes = Array(identifier.utf8)
        guard (1...40).contains(bytes.count),
              bytes.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7a) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2d }) else {
            throw KalendsError(.invalidArgument, "calendar system identifier \"\(identifier)\" is not 1...40 characters "
                + "of a-z, 0-9 and '-'")
        }
    }

    /// Asks `monthIndex` for the months of the first and last day of `dayRange` and
    /// `month` for every month between, checks the answers (see kalends/sys/plugin.h for
    /// the list) and builds the table. Throws `.plugin` naming the first wrong answer,
    /// or what `monthIndex`/`month` threw.
    public init(identifier: String, dayRange: ClosedRange<Int>, eras eraIndexes: ClosedRange<Int32>,
                eraCode: (Int32) -> String?,
                monthIndex: (Int) throws(KalendsError) -> Int,
                month: (Int) throws(KalendsError) -> SystemMonth) throws(KalendsError) {
        func bad(_ what: String) -> KalendsError {
            KalendsError(.plugin, "calendar system \(identifier): \(what)")
        }
        try TabulatedSystem.checkIdentifier(identifier)
        let library = Int(Gregorian.minDayNumber)...Int(Gregorian.maxDayNumber)
        guard library.contains(dayRange.lowerBound), library.contains(dayRange.upperBound) else {
            throw bad("days \(dayRange.lowerBound)...\(dayRange.upperBound) reach beyond the supported days "
                + "\(library.lowerBound)...\(library.upperBound)")
        }
        guard eraIndexes.lowerBound >= -32768, eraIndexes.upperBound <= 32767 else {
            throw bad("eras \(eraIndexes.lowerBound)...\(eraIndexes.upperBound) are not inside -32768...32767")
        }
        let first = try monthIndex(dayRange.lowerBound), last = try monthIndex(dayRange.upperBound)
        guard first <= last else {
            throw bad("the month of its first day (\(first)) comes after the month of its last day (\(last))")
        }
        guard last - first < TabulatedSystem.maxMonths else {
            throw bad("\(last - first + 1) months, more than \(TabulatedSystem.maxMonths)")
        }
        let count = last - first + 1
        var starts: [Int32] = [], numbers: [UInt8] = []
        starts.reserveCapacity(count + 1)
        numbers.reserveCapacity(count)
        var runStart: [Int32] = [], runEra: [Int32] = [], runYear: [Int32] = [], runEY: [Int32] = []
        var eraYears: [Int64: Int] = [:]
        var seenInYear: Set<UInt8> = []
        var previous: SystemMonth?
        for k in 0..<count {
            let i = first + k
            let m = try month(i)
            guard TabulatedSystem.monthLengths.contains(m.length) else {
                throw bad("month \(i) is \(m.length) days long, not 1...35")
            }
            guard (1...127).contains(m.month) else { throw bad("month \(i) has number \(m.month), not 1...127") }
            guard eraIndexes.contains(m.era) else {
                throw bad("month \(i) has era \(m.era), not one of its eras \(eraIndexes.lowerBound)...\(eraIndexes.upperBound)")
            }
            guard m.extendedYear >= Int(Int32.min), m.extendedYear <= Int(Int32.max) else {
                throw bad("month \(i) has extended year \(m.extendedYear), beyond 32 bits")
            }
            if let p = previous {
                guard m.firstDay == p.firstDay + p.length else {
                    throw bad("month \(i) starts on day \(m.firstDay), but month \(i - 1) ends on day \(p.firstDay + p.length - 1)")
                }
                guard m.extendedYear == p.extendedYear || m.extendedYear == p.extendedYear + 1 else {
                    throw bad("month \(i) is in extended year \(m.extendedYear) after a month of year \(p.extendedYear)")
                }
                if m.extendedYear != p.extendedYear { seenInYear.removeAll(keepingCapacity: true) }
            } else {
                guard m.firstDay <= dayRange.lowerBound, dayRange.lowerBound < m.firstDay + m.length else {
                    throw bad("month \(i), the month of day \(dayRange.lowerBound), holds days \(m.firstDay)..."
                        + "\(m.firstDay + m.length - 1)")
                }
            }
            let key = UInt8(truncatingIfNeeded: m.month) | (m.isLeapMonth ? 0x80 : 0)
            guard seenInYear.insert(key).inserted else {
                throw bad("month \(m.month)\(m.isLeapMonth ? " (leap)" : "") appears twice in extended year \(m.extendedYear)")
            }
            guard seenInYear.count <= 20 else { throw bad("extended year \(m.extendedYear) has more than 20 months") }
            let pair = Int64(m.era) << 32 | Int64(UInt32(bitPattern: m.year))
            if let ey = eraYears[pair] {
                guard ey == m.extendedYear else {
                    throw bad("era \(m.era) year \(m.year) is extended year \(ey) and \(m.extendedYear)")
                }
            } else {
                eraYears[pair] = m.extendedYear
            }
            // The month must be found from its own days.
            let a = max(m.firstDay, dayRange.lowerBound), b = min(m.firstDay + m.length - 1, dayRange.upperBound)
            if a <= b {
                let back = try monthIndex(a), backLast = try monthIndex(b)
                guard back == i, backLast == i else {
                    throw bad("month \(i) holds days \(m.firstDay)...\(m.firstDay + m.length - 1), but its month index "
                        + "says \(back) for day \(a) and \(backLast) for day \(b)")
                }
            }
            if previous == nil || previous!.era != m.era || previous!.year != m.year || previous!.extendedYear != m.extendedYear {
                runStart.append(Int32(k))
                runEra.append(m.era)
                runYear.append(m.year)
                runEY.append(Int32(m.extendedYear))
            }
            starts.append(Int32(m.firstDay))
            numbers.append(key)
            previous = m
        }
        guard let lastMonth = previous, lastMonth.firstDay + lastMonth.length - 1 >= dayRange.upperBound else {
            throw bad("its last month ends before its last day \(dayRange.upperBound)")
        }
        starts.append(Int32(lastMonth.firstDay + lastMonth.length))
        // Eras: the years and days of each run of the era.
        var eras: [EraRange] = []
        for era in eraIndexes {
            var years: ClosedRange<Int32>?, days: ClosedRange<Int>?
            for r in runEra.indices where runEra[r] == era {
                let y = runYear[r]
                years = years.map { min($0.lowerBound, y)...max($0.upperBound, y) } ?? y...y
                let a = max(Int(starts[Int(runStart[r])]), dayRange.lowerBound)
                let endMonth = r + 1 < runStart.count ? Int(runStart[r + 1]) : count
                let b = min(Int(starts[endMonth]) - 1, dayRange.upperBound)
                days = days.map { min($0.lowerBound, a)...max($0.upperBound, b) } ?? a...b
            }
            if let years, let days {
                var code = eraCode(era) ?? "era-\(era)"
                if code.utf8.count > 40 || code.isEmpty { code = "era-\(era)" }
                eras.append(EraRange(era: era, code: code, years: years, days: days))
            }
        }
        self.identifier = identifier
        self.dayRange = dayRange
        table = Table(firstIndex: first, starts: starts, numbers: numbers, runStart: runStart, runEra: runEra,
                      runYear: runYear, runExtendedYear: runEY, eras: eras, eraYears: eraYears)
    }

    // MARK: CalendarSystem

    public var monthIndexRange: ClosedRange<Int> { table.firstIndex...(table.firstIndex + table.numbers.count - 1) }
    public var extendedYearRange: ClosedRange<Int> {
        Int(table.runExtendedYear[0])...Int(table.runExtendedYear[table.runExtendedYear.count - 1])
    }
    public var eraIndexes: ClosedRange<Int32> {
        table.eras.isEmpty ? 0...0 : table.eras[0].era...table.eras[table.eras.count - 1].era
    }

    public func eraRange(_ era: Int32) throws(KalendsError) -> EraRange {
        if let hit = table.eras.first(where: { $0.era == era }) { return hit }
        let list = table.eras.map { String($0.era) }.joined(separator: ", ")
        throw KalendsError(.invalidArgument, "era \(era) is not an era of the \(identifier) calendar (eras \(list))")
    }

    /// Offset of the month holding day `z` (inside the table).
    func offset(ofDay z: Int) -> Int {
        Self.lastIndex(in: table.starts, upTo: table.starts.count - 2, atMost: Int32(truncatingIfNeeded: z))
    }

    /// The run (era, year, extended year) of month offset `k`.
    func run(ofOffset k: Int) -> Int {
        Self.lastIndex(in: table.runStart, upTo: table.runStart.count - 1, atMost: Int32(truncatingIfNeeded: k))
    }

    /// The last index in 0 ... `hi` of ascending `a` whose value is at most `key` (0 when none).
    @inline(__always)
    static func lastIndex(in a: [Int32], upTo hi: Int, atMost key: Int32) -> Int {
        var lo = 0, hi = hi
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if a[mid] <= key { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    public func monthIndex(dayNumber: Int) -> Int { table.firstIndex + offset(ofDay: dayNumber) }

    public func month(index: Int) -> SystemMonth {
        let k = min(max(index - table.firstIndex, 0), table.numbers.count - 1)
        let r = run(ofOffset: k)
        let n = table.numbers[k]
        let first = Int(table.starts[k])
        return SystemMonth(era: table.runEra[r], year: table.runYear[r], month: Int32(n & 0x7f), isLeapMonth: n & 0x80 != 0,
                           extendedYear: Int(table.runExtendedYear[r]), firstDay: first,
                           length: Int(table.starts[k + 1]) - first)
    }

    public func firstDay(monthIndex: Int) -> Int {
        Int(table.starts[min(max(monthIndex - table.firstIndex, 0), table.starts.count - 1)])
    }

    public func date(dayNumber: Int) -> SystemDate {
        let m = month(index: monthIndex(dayNumber: dayNumber))
        return SystemDate(era: m.era, year: m.year, month: m.month, day: Int32(truncatingIfNeeded: dayNumber - m.firstDay + 1),
                          isLeapMonth: m.isLeapMonth)
    }

    public func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int {
        let range = try eraRange(era)
        let pair = Int64(era) << 32 | Int64(UInt32(bitPattern: year))
        if let ey = table.eraYears[pair] { return ey }
        throw KalendsError(.outOfRange, "year \(year) of era \(era) is outside the \(identifier) calendar's years "
            + "\(range.years.lowerBound)...\(range.years.upperBound) of that era")
    }

    public func monthIndexes(extendedYear: Int) -> Range<Int> {
        let ey = table.runExtendedYear, rs = table.runStart
        // First run with an extended year >= the one asked, and first with one above it.
        func firstRun(above value: Int, orEqual: Bool) -> Int {
            var lo = 0, hi = ey.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(ey[mid]) < value || (!orEqual && Int(ey[mid]) == value) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let a = firstRun(above: extendedYear, orEqual: true), b = firstRun(above: extendedYear, orEqual: false)
        let from = a < rs.count ? Int(rs[a]) : table.numbers.count
        let to = b < rs.count ? Int(rs[b]) : table.numbers.count
        return (table.firstIndex + from)..<(table.firstIndex + max(from, to))
    }

    public func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int {
        let indexes = monthIndexes(extendedYear: extendedYear)
        var valid: [String] = []
        for i in indexes {
            let n = table.numbers[i - table.firstIndex]
            if Int32(n & 0x7f) == month && (n & 0x80 != 0) == isLeapMonth { return i }
            valid.append("\(n & 0x7f)\(n & 0x80 != 0 ? " (leap)" : "")")
        }
        throw badMonth(identifier, month, isLeapMonth, year: extendedYear,
                       valid: valid.isEmpty ? "none" : valid.joined(separator: ", "))
    }
}
