/// The first days of a system's months, and how many of them fall on each weekday, in
/// O(1) per question: what a scrolling layout needs to place month `i` without walking
/// the months before it. (Rows of months a...b follow from the first days of a and b
/// and the number of months between whose first day is the first weekday.)
///
/// - Chinese, Dangi and astronomical Islamic months are 29 or 30 days: a committed
///   table (`MonthStartData`, made by `kalends-month-tables` from the live computation,
///   checked against it by the tests) holds one bit per month over -9999...9999.
/// - Hebrew: the committed table holds, per block of 1024 years, how many months start
///   on each weekday; inside a block the years are computed (once per block, cached).
/// - Umm al-Qura: the civil calendar's 2520-month period of whole weeks outside ICU's
///   table, a prefix over the table's 3612 months inside it (both computed, no data).
public protocol MonthStartIndex: Sendable {
    /// Month indexes covered (first days up to `upperBound + 1`).
    var indexes: ClosedRange<Int> { get }
    /// First day of month `index` (`indexes.lowerBound ... indexes.upperBound + 1`).
    func firstDay(_ index: Int) -> Int
    /// Months with an index in `indexes.lowerBound ..< n` whose first day is weekday
    /// `weekday` (0 = Monday ... 6 = Sunday); n in `indexes.lowerBound ... upperBound + 2`.
    func count(weekday: Int, below n: Int) -> Int
}

public enum MonthStarts {
    /// The index of a built-in system without a short period of whole weeks, or nil.
    public static func index(for system: any CalendarSystem) -> (any MonthStartIndex)? {
        switch system.identifier {
        case "chinese": LunarMonthTable.chinese
        case "dangi": LunarMonthTable.dangi
        case "islamic": LunarMonthTable.islamic
        case "hebrew": HebrewMonthStarts.shared
        case "islamic-umalqura": UmmAlQuraMonthStarts.shared
        default: nil
        }
    }

    @inline(__always)
    static func weekday(_ day: Int) -> Int { Gregorian.isoWeekday(day) - 1 }
}

/// Months of 29 or 30 days from a committed bit table (bit set: 30 days).
public final class LunarMonthTable: MonthStartIndex {
    static let chinese = LunarMonthTable(MonthStartData.chinese)
    static let dangi = LunarMonthTable(MonthStartData.dangi)
    static let islamic = LunarMonthTable(MonthStartData.islamic)

    public let indexes: ClosedRange<Int>
    let origin: Int
    let words: [UInt64]
    /// First day of each word's first month, and per word and weekday the months before it
    /// starting on that weekday.
    let dayPrefix: [Int]
    let weekdayPrefix: [Int32]

    /// Months in the table, and the day after the last one.
    let monthCount: Int
    let endDay: Int

    init(_ data: MonthStartData.Lunar) {
        origin = data.firstIndex
        monthCount = data.months
        indexes = data.firstIndex...(data.firstIndex + data.months - 1)
        var w = data.bits.chunked64()
        MonthStartTables.forEachFlip(data.flips) { k in
            if k >> 6 < w.count { w[k >> 6] ^= 1 << UInt64(k & 63) }
        }
        w.append(0)
        words = w
        var days: [Int] = [], counts = [Int32](repeating: 0, count: 7 * (w.count + 1))
        var day = data.firstDay
        var running = [Int32](repeating: 0, count: 7)
        for (j, word) in w.enumerated() {
            days.append(day)
            for k in 0..<7 { counts[j * 7 + k] = running[k] }
            for b in 0..<64 {
                running[MonthStarts.weekday(day)] += 1
                day += 29 + Int((word >> UInt64(b)) & 1)
            }
        }
        days.append(day)
        for k in 0..<7 { counts[w.count * 7 + k] = running[k] }
        dayPrefix = days
        weekdayPrefix = counts
        var end = days[data.months >> 6] + 29 * (data.months & 63)
        for b in 0..<(data.months & 63) { end += Int((w[data.months >> 6] >> UInt64(b)) & 1) }
        endDay = end
    }

    public func firstDay(_ index: Int) -> Int {
        let k = index - origin, j = k >> 6, r = k & 63
        let mask: UInt64 = r == 0 ? 0 : (~0 >> UInt64(64 - r))
        return dayPrefix[j] + 29 * r + (words[j] & mask).nonzeroBitCount
    }

    /// First day of the table's first month and the day after its last.
    var days: Range<Int> { firstDay(indexes.lowerBound)..<firstDay(indexes.upperBound + 1) }

    /// The index of the month holding `day` (inside `days`).
    @inline(__always)
    func index(containing day: Int) -> Int {
        month(containing: day)?.index ?? (day < dayPrefix[0] ? indexes.lowerBound : indexes.upperBound)
    }

    /// The index and first day of the month holding `day`, nil outside `days`: an
    /// estimate by the mean synodic month (a multiplication by 2^32 / 29.530588853 and
    /// a shift), corrected by a step or two; the estimate's first day from its word's
    /// first day and the 30-day months before it in the word (a population count: a
    /// dozen instructions where the target has no POPCNT, so only one), its
    /// neighbours' by their lengths (a bit each).
    @inline(__always)
    func month(containing day: Int) -> (index: Int, firstDay: Int)? {
        let first = dayPrefix[0]
        guard day >= first, day < endDay else { return nil }
        var k = min(((day &- first) &* 145_441_302) >> 32, monthCount &- 1)
        var f = offsetFirstDay(k)
        while f > day && k > 0 {
            k &-= 1
            f &-= 29 &+ lengthBit(k)
        }
        while true {
            let next = f &+ 29 &+ lengthBit(k)
            if next > day { break }
            k &+= 1
            f = next
        }
        return (origin &+ k, f)
    }

    /// 1 when the month `k` months after the table's first has 30 days, else 0.
    @inline(__always)
    func lengthBit(_ k: Int) -> Int {
        Int(truncatingIfNeeded: (words[k >> 6] >> UInt64(k & 63)) & 1)
    }

    /// First day of the month `k` months after the table's first.
    @inline(__always)
    func offsetFirstDay(_ k: Int) -> Int {
        let j = k >> 6, r = k & 63
        let mask: UInt64 = (1 << UInt64(r)) &- 1
        return dayPrefix[j] &+ 29 &* r &+ (words[j] & mask).nonzeroBitCount
    }

    public func count(weekday: Int, below n: Int) -> Int {
        let k = n - origin, j = k >> 6, r = k & 63
        var c = Int(weekdayPrefix[j * 7 + weekday])
        var day = dayPrefix[j]
        let word = words[j]
        for b in 0..<r {
            if MonthStarts.weekday(day) == weekday { c += 1 }
            day += 29 + Int((word >> UInt64(b)) & 1)
        }
        return c
    }
}

/// Hebrew months: committed counts per block of 1024 years, years inside a block
/// computed once per block.
public final class HebrewMonthStarts: MonthStartIndex, @unchecked Sendable {
    static let shared = HebrewMonthStarts()
    public static let blockYears = 1024

    public let indexes: ClosedRange<Int> = HebrewSystem.months
    let firstYear: Int
    /// Per block and weekday: months before the block (from the start of firstYear).
    let blockPrefix: [Int]
    private let lock = Lock()
    /// Per-year prefixes of recently used blocks: block -> (years + 1) x 7 counts (a
    /// block holds at most 1024 x 13 months: UInt16), 14 KB a block, the least recently
    /// used dropped beyond `cacheBlocks`. A scroll query over the whole range asks for
    /// the range's first block at every step of its search and a new block per step:
    /// with the 8 blocks kept first-in-first-out before, that first block was computed
    /// again every few steps (25-50 ms a query).
    private var cache: [Int: [UInt16]] = [:]
    private var cacheOrder: [Int] = []
    static let cacheBlocks = 32
    /// Blocks computed so far (for the tests).
    private(set) var builtBlocks = 0
    /// Months of firstYear before the first month index, per weekday.
    let beforeOrigin: [Int]

    init() {
        firstYear = HebrewSystem.yearOf(monthIndex: HebrewSystem.months.lowerBound)
        let counts = MonthStartData.hebrewBlocks
        var prefix: [Int] = []
        var running = [Int](repeating: 0, count: 7)
        let blocks = counts.count / 14
        for b in 0...blocks {
            prefix.append(contentsOf: running)
            if b < blocks {
                for k in 0..<7 { running[k] += Int(counts[b * 14 + 2 * k]) | Int(counts[b * 14 + 2 * k + 1]) << 8 }
            }
        }
        blockPrefix = prefix
        var before = [Int](repeating: 0, count: 7)
        let y = HebrewSystem.year(firstYear)
        var day = y.start
        for k in 0..<(HebrewSystem.months.lowerBound - HebrewSystem.monthsBefore(firstYear)) {
            before[MonthStarts.weekday(day)] += 1
            day += y.length(k)
        }
        beforeOrigin = before
    }

    public func firstDay(_ index: Int) -> Int { HebrewSystem().firstDay(monthIndex: index) }

    /// Months starting on each weekday in the years of block `b`, as per-year prefixes.
    func yearPrefixes(_ b: Int) -> [UInt16] {
        lock.lock()
        if let hit = cache[b] {
            // Most recently used last.
            if cacheOrder.last != b, let k = cacheOrder.lastIndex(of: b) {
                cacheOrder.remove(at: k)
                cacheOrder.append(b)
            }
            lock.unlock()
            return hit
        }
        lock.unlock()
        let years = HebrewMonthStarts.blockYears
        var out = [UInt16](repeating: 0, count: (years + 1) * 7)
        var running = [UInt16](repeating: 0, count: 7)
        for t in 0..<years {
            for k in 0..<7 { out[t * 7 + k] = running[k] }
            let y = HebrewSystem.year(firstYear + b * years + t)
            var day = y.start
            for m in 0..<y.count {
                running[MonthStarts.weekday(day)] += 1
                day += y.length(m)
            }
        }
        for k in 0..<7 { out[years * 7 + k] = running[k] }
        lock.lock()
        builtBlocks += 1
        if cache[b] == nil {
            cache[b] = out
            cacheOrder.append(b)
            if cacheOrder.count > HebrewMonthStarts.cacheBlocks { cache.removeValue(forKey: cacheOrder.removeFirst()) }
        }
        lock.unlock()
        return out
    }

    /// Months from the start of firstYear below month index n on weekday w.
    func fromFirstYear(_ w: Int, _ n: Int) -> Int {
        let y = HebrewSystem.yearOf(monthIndex: n)
        let t = y - firstYear, b = t / HebrewMonthStarts.blockYears, r = t - b * HebrewMonthStarts.blockYears
        var c = blockPrefix[b * 7 + w] + Int(yearPrefixes(b)[r * 7 + w])
        let year = HebrewSystem.year(y)
        var day = year.start
        for m in 0..<(n - HebrewSystem.monthsBefore(y)) {
            if MonthStarts.weekday(day) == w { c += 1 }
            day += year.length(m)
        }
        return c
    }

    public func count(weekday: Int, below n: Int) -> Int {
        fromFirstYear(weekday, n) - beforeOrigin[weekday]
    }
}

/// Umm al-Qura: civil months (a 2520-month period of whole weeks) outside ICU's table,
/// the table's months inside it.
public final class UmmAlQuraMonthStarts: MonthStartIndex {
    static let shared = UmmAlQuraMonthStarts()
    static let period = 2520

    let system = IslamicSystem(.ummAlQura)
    let civil = IslamicSystem(.civil)
    public let indexes: ClosedRange<Int> = IslamicSystem.ummAlQuraMonths
    let tableFirst = (UmmAlQura.firstYear - 1) * 12
    let tableEnd = UmmAlQura.lastYear * 12
    /// Civil months 0 ..< k of one period per weekday; table months tableFirst ..< tableFirst + k.
    let civilPrefix: [Int32]
    let tablePrefix: [Int32]

    init() {
        var p = [Int32](repeating: 0, count: (UmmAlQuraMonthStarts.period + 1) * 7)
        var running = [Int32](repeating: 0, count: 7)
        for k in 0..<UmmAlQuraMonthStarts.period {
            for w in 0..<7 { p[k * 7 + w] = running[w] }
            running[MonthStarts.weekday(civil.firstDay(monthIndex: k))] += 1
        }
        for w in 0..<7 { p[UmmAlQuraMonthStarts.period * 7 + w] = running[w] }
        civilPrefix = p
        let n = tableEnd - tableFirst
        var t = [Int32](repeating: 0, count: (n + 1) * 7)
        running = [Int32](repeating: 0, count: 7)
        for k in 0..<n {
            for w in 0..<7 { t[k * 7 + w] = running[w] }
            running[MonthStarts.weekday(system.firstDay(monthIndex: tableFirst + k))] += 1
        }
        for w in 0..<7 { t[n * 7 + w] = running[w] }
        tablePrefix = t
    }

    public func firstDay(_ index: Int) -> Int { system.firstDay(monthIndex: index) }

    /// Civil months 0 ..< n (negative n: minus the months n ..< 0) on weekday w.
    func civilCount(_ w: Int, _ n: Int) -> Int {
        let p = UmmAlQuraMonthStarts.period
        let q = Arith.floorDiv(n, p)
        return q * Int(civilPrefix[p * 7 + w]) + Int(civilPrefix[(n - q * p) * 7 + w])
    }

    func fromZero(_ w: Int, _ n: Int) -> Int {
        if n <= tableFirst { return civilCount(w, n) }
        let table = Int(tablePrefix[(min(n, tableEnd) - tableFirst) * 7 + w])
        if n <= tableEnd { return civilCount(w, tableFirst) + table }
        return civilCount(w, tableFirst) + table + civilCount(w, n) - civilCount(w, tableEnd)
    }

    public func count(weekday: Int, below n: Int) -> Int {
        fromZero(weekday, n) - fromZero(weekday, indexes.lowerBound)
    }
}

extension Collection where Element == UInt8, Index == Int {
    /// Little-endian 64-bit words (the last one zero-padded).
    func chunked64() -> [UInt64] {
        var out: [UInt64] = []
        out.reserveCapacity((count + 7) / 8)
        var i = 0
        while i < count {
            var w: UInt64 = 0
            for k in 0..<8 where i + k < count { w |= UInt64(self[startIndex + i + k]) << UInt64(8 * k) }
            out.append(w)
            i += 8
        }
        return out
    }
}

/// Builds the committed tables from the live computation (the `kalends-month-tables`
/// generator writes them; tests compare them with the live systems).
public enum MonthStartTables {
    /// The bits where `to` differs from `from` (equal lengths), as LEB128 gaps: each
    /// differing bit's position minus the previous one's, minus one (the first: its
    /// position). Dangi's months differ from chinese's in 8,296 of 247,354 bits.
    public static func flips(from: [UInt8], to: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], previous = -1
        for (i, (a, b)) in zip(from, to).enumerated() where a != b {
            for bit in 0..<8 where (a ^ b) >> UInt8(bit) & 1 != 0 {
                var gap = UInt(8 * i + bit - previous - 1)
                previous = 8 * i + bit
                while gap >= 0x80 {
                    out.append(UInt8(gap & 0x7F) | 0x80)
                    gap >>= 7
                }
                out.append(UInt8(gap))
            }
        }
        return out
    }

    /// Calls `body` with each bit position of a `flips` list, in increasing order: O(n)
    /// in the list's bytes. A gap longer than 9 bytes ends the list.
    static func forEachFlip<C: Collection>(_ flips: C, _ body: (Int) -> Void) where C.Element == UInt8 {
        var position = -1, gap = 0, shift = 0
        for byte in flips {
            guard shift < 63 else { return }
            gap |= Int(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                continue
            }
            position += gap + 1
            body(position)
            gap = 0
            shift = 0
        }
    }

    /// `bytes` with the bits of a `flips` list inverted (those past the end ignored).
    public static func applying(_ flips: [UInt8], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        forEachFlip(flips) { k in
            if k >> 3 < out.count { out[k >> 3] ^= 1 << UInt8(k & 7) }
        }
        return out
    }

    /// The committed table of a lunar system (chinese, dangi, islamic): its bits with
    /// its differences applied.
    public static func committedLunar(_ id: String) -> (firstIndex: Int, firstDay: Int, months: Int, bits: [UInt8])? {
        let t: MonthStartData.Lunar
        switch id {
        case "chinese": t = MonthStartData.chinese
        case "dangi": t = MonthStartData.dangi
        case "islamic": t = MonthStartData.islamic
        default: return nil
        }
        return (t.firstIndex, t.firstDay, t.months, applying(Array(t.flips), to: Array(t.bits)))
    }

    /// The committed Hebrew block counts.
    public static var committedHebrewBlocks: [UInt8] { Array(MonthStartData.hebrewBlocks) }

    /// Bits (30-day months) of a lunar system's months over its range, and its first
    /// month's index and first day; nil if a month is not 29 or 30 days long.
    public static func lunarBits(_ system: any CalendarSystem) -> (firstIndex: Int, firstDay: Int, months: Int, bytes: [UInt8])? {
        let r = system.monthIndexRange
        // The live computation, never the table: astronomical Islamic months from ICU's
        // moon, Chinese and Dangi from new moons (both systems answer from the tables).
        let live: (Int) -> Int
        if let islamic = system as? IslamicSystem, islamic.style == .astronomical {
            live = { ICUMoon.trueMonthStart($0) + islamic.epoch }
        } else if let chinese = system as? ChineseSystem {
            let table = chinese.table
            live = { table.newMoonDay($0) }
        } else {
            live = { system.firstDay(monthIndex: $0) }
        }
        var bytes = [UInt8](repeating: 0, count: (r.count + 7) / 8)
        var day = live(r.lowerBound)
        let first = day
        for (k, i) in r.enumerated() {
            let next = live(i + 1)
            let length = next - day
            guard length == 29 || length == 30 else { return nil }
            if length == 30 { bytes[k >> 3] |= 1 << UInt8(k & 7) }
            day = next
        }
        return (r.lowerBound, first, r.count, bytes)
    }

    /// Per block of `HebrewMonthStarts.blockYears` Hebrew years from the year of the
    /// first month: months starting on each weekday, 7 little-endian UInt16 a block.
    public static func hebrewBlocks() -> [UInt8] {
        let first = HebrewSystem.yearOf(monthIndex: HebrewSystem.months.lowerBound)
        let last = HebrewSystem.yearOf(monthIndex: HebrewSystem.months.upperBound + 2)
        var out: [UInt8] = []
        var y = first
        while y <= last {
            var counts = [Int](repeating: 0, count: 7)
            for t in y..<(y + HebrewMonthStarts.blockYears) {
                let year = HebrewSystem.year(t)
                var day = year.start
                for m in 0..<year.count {
                    counts[MonthStarts.weekday(day)] += 1
                    day += year.length(m)
                }
            }
            for c in counts {
                out.append(UInt8(truncatingIfNeeded: c))
                out.append(UInt8(truncatingIfNeeded: c >> 8))
            }
            y += HebrewMonthStarts.blockYears
        }
        return out
    }
}
