/// Rows and shapes of the months of a scrolling calendar, counted from its first month.
///
/// A month's shape is its lead (days of its first grid row before its first day, 0...6)
/// and its length; the shape decides its rows (4...6, or 6 with fixed rows) and which
/// cells hold its days, so what a month shows in a viewport depends only on its shape
/// and where it sits. Counting what a run of months shows is then a histogram of shapes.
///
/// Systems whose month starts repeat with a period of whole weeks (`cycle(of:)`:
/// Gregorian months every 400 years = 4800 months = 20871 weeks; Julian every 336
/// months; Islamic civil 2520; Coptic and Ethiopic 364; Persian 2772; Indian 4800) keep
/// the shapes and rows of one period: rows before any month are periods x rows per
/// period + a prefix entry, O(1), and the shapes of a run are whole periods by the
/// period's histogram plus at most two partial periods, O(period).
///
/// The built-in systems whose month lengths follow no short period (Hebrew, Umm al-Qura,
/// astronomical Islamic, Chinese, Dangi) answer from their month starts (`MonthStarts`:
/// committed tables and per-block prefixes), O(1) from the first query and without
/// memory growing with the range: the rows before month i are the weeks between the
/// first days of the first month and month i plus the month boundaries inside a week;
/// a month's shape is its first day's weekday and the distance to the next first day;
/// and since their months are all 29 or 30 days long, the shapes of a run follow from
/// how many of its months, and of the months one later, start on each weekday, and its
/// number of days (`lunarShapeCounts`). Systems registered at run time keep rows and
/// shapes of the months from the first one in tables extended on demand: O(1) once a
/// table reaches a month, reaching a month d months from the first costs O(d)
/// `firstDay(monthIndex:)` calls, once, and the shapes of a run cost O(run).
final class MonthRows: @unchecked Sendable {
    let system: any CalendarSystem
    let first: Int
    let firstWeekday: Weekday
    let fixed: Bool
    /// Periodic systems: months per period.
    let period: Int?
    private let base: Int
    private let prefix: [Int32]            // periodic: rows of months base ..< base + k
    private let periodShapes: [UInt16]     // periodic: shape of month base + k
    private let periodHistogram: [Int]     // periodic: months of each shape in one period
    /// Non-periodic built-in systems: their month starts, O(1) a question.
    let starts: (any MonthStartIndex)?
    /// Non-periodic systems: rows of months `first ..< first + k` and shapes of months
    /// `first + k` (one fewer), extended together.
    private var table: [Int32] = [0]
    private var shapeTable: [UInt16] = []
    private let lock = Lock()
    /// The shapes months of this system can have: a periodic system's from its period,
    /// otherwise every lead with every length of 1...35 days.
    let possibleShapes: [(lead: Int, length: Int)]

    /// Shape codes: lead x 64 + length (lengths above 63 days share 63: no month is).
    static let shapeCount = 7 * 64

    @inline(__always)
    static func code(lead: Int, length: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: lead * 64 + min(max(length, 0), 63))
    }

    @inline(__always)
    static func decode(_ code: Int) -> (lead: Int, length: Int) { (code / 64, code % 64) }

    /// Rows of a month of this shape.
    @inline(__always)
    static func rows(lead: Int, length: Int, fixed: Bool) -> Int { fixed ? 6 : (lead + length + 6) / 7 }

    init(system: any CalendarSystem, first: Int, firstWeekday: Weekday, rows: Rows) {
        self.system = system
        self.first = first
        self.firstWeekday = firstWeekday
        fixed = rows == .fixed
        if let cycle = MonthRows.cycle(of: system) {
            period = cycle
            // The period starting at month index 0, or at the first month if 0 is outside the system.
            base = system.monthIndexRange.contains(0) && system.monthIndexRange.contains(cycle) ? 0 : first
            var p = [Int32](repeating: 0, count: cycle + 1)
            var shapes = [UInt16](repeating: 0, count: cycle)
            var histogram = [Int](repeating: 0, count: MonthRows.shapeCount)
            var start = system.firstDay(monthIndex: base)
            for k in 0..<cycle {
                let next = system.firstDay(monthIndex: base + k + 1)
                let s = MonthRows.shape(start, next, firstWeekday)
                shapes[k] = MonthRows.code(lead: s.lead, length: s.length)
                histogram[Int(shapes[k])] += 1
                p[k + 1] = p[k] + Int32(truncatingIfNeeded: MonthRows.rows(lead: s.lead, length: s.length, fixed: fixed))
                start = next
            }
            prefix = p
            periodShapes = shapes
            periodHistogram = histogram
            possibleShapes = histogram.indices.filter { histogram[$0] > 0 }.map { MonthRows.decode($0) }
            starts = nil
        } else {
            period = nil
            prefix = []
            base = 0
            periodShapes = []
            periodHistogram = []
            starts = MonthStarts.index(for: system)
            // Months of the built-in non-periodic systems are 29 or 30 days (the tests
            // check every month of each); a registered system's can be anything.
            let lengths = starts != nil ? 29...30 : 1...35
            possibleShapes = (0..<7).flatMap { lead in lengths.map { (lead: lead, length: $0) } }
        }
    }

    /// Months per period of whole weeks, for the systems that have a short one.
    static func cycle(of system: any CalendarSystem) -> Int? {
        switch system.identifier {
        case "gregorian", "iso8601", "buddhist", "roc", "japanese", "indian": 4800
        case "julian": 336
        case "islamic-civil", "islamic-tbla": 2520
        case "coptic", "ethiopic", "ethiopic-amete-alem": 364
        case "persian": 2772
        default: nil
        }
    }

    /// Lead and length of a month from its first day to the next month's first day.
    @inline(__always)
    static func shape(_ start: Int, _ next: Int, _ firstWeekday: Weekday) -> (lead: Int, length: Int) {
        (Int(Weekday(dayNumber: Int32(truncatingIfNeeded: start)).days(since: firstWeekday)), next - start)
    }

    var perPeriod: Int { Int(prefix[prefix.count - 1]) }

    private func periodic(_ a: Int) -> Int {   // rows of months base ..< a
        let p = prefix.count - 1
        let q = Arith.floorDiv(a - base, p)
        return q * perPeriod + Int(prefix[a - base - q * p])
    }

    /// Non-periodic: extends the tables to month first + i (the lock is held).
    private func extend(to i: Int) {
        guard i >= table.count else { return }
        var k = table.count - 1
        var start = system.firstDay(monthIndex: first + k)
        table.reserveCapacity(i + 1)
        shapeTable.reserveCapacity(i)
        while k < i {
            let next = system.firstDay(monthIndex: first + k + 1)
            let s = MonthRows.shape(start, next, firstWeekday)
            shapeTable.append(MonthRows.code(lead: s.lead, length: s.length))
            table.append(table[k] + Int32(truncatingIfNeeded: MonthRows.rows(lead: s.lead, length: s.length, fixed: fixed)))
            start = next
            k += 1
        }
    }

    /// Weekday (0 = Monday ... 6 = Sunday, as `MonthStartIndex` counts them) of grid column `c`.
    @inline(__always)
    private func isoColumn(_ c: Int) -> Int { (Int(firstWeekday.rawValue) - 1 + c) % 7 }

    /// Rows of months `first ..< first + i`.
    func before(_ i: Int) -> Int {
        if fixed { return 6 * i }
        if period != nil { return periodic(first + i) - periodic(first) }
        if let starts {
            // The weeks from the first month's week to the week of month first + i's first
            // day, plus one for every month boundary inside a week (months in
            // first + 1 ... first + i not starting on the first weekday).
            let w = isoColumn(0)
            let a = starts.firstDay(first), b = starts.firstDay(first + i)
            let weeks = Arith.floorDiv(b - w - 4, 7) - Arith.floorDiv(a - w - 4, 7)   // day 0 (1970-01-01) is a Thursday
            return weeks + i - (starts.count(weekday: w, below: first + i + 1) - starts.count(weekday: w, below: first + 1))
        }
        lock.lock()
        defer { lock.unlock() }
        extend(to: i)
        return Int(table[i])
    }

    func rows(_ i: Int) -> Int {
        if fixed { return 6 }
        return before(i + 1) - before(i)
    }

    /// Lead and length of month `first + i`.
    func shape(_ i: Int) -> (lead: Int, length: Int) {
        if let period {
            return MonthRows.decode(Int(periodShapes[Arith.floorMod(first + i - base, period)]))
        }
        if let starts {
            let start = starts.firstDay(first + i)
            return MonthRows.shape(start, starts.firstDay(first + i + 1), firstWeekday)
        }
        lock.lock()
        defer { lock.unlock() }
        extend(to: i + 1)
        return MonthRows.decode(Int(shapeTable[i]))
    }

    /// How many of the months `first + i0 ..< first + i1` have each shape code.
    func shapeCounts(_ i0: Int, _ i1: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: MonthRows.shapeCount)
        guard i0 < i1 else { return counts }
        guard let period else {
            if let starts {
                if let counts = lunarShapeCounts(starts, i0, i1) { return counts }
                // Not 29 or 30 days throughout (never for the built-in systems): month by month.
                var start = starts.firstDay(first + i0)
                for k in i0..<i1 {
                    let next = starts.firstDay(first + k + 1)
                    let s = MonthRows.shape(start, next, firstWeekday)
                    counts[Int(MonthRows.code(lead: s.lead, length: s.length))] += 1
                    start = next
                }
                return counts
            }
            lock.lock()
            defer { lock.unlock() }
            extend(to: i1)
            for k in i0..<i1 { counts[Int(shapeTable[k])] += 1 }
            return counts
        }
        let a = first + i0 - base, b = first + i1 - base
        let qa = Arith.floorDiv(a, period), ka = a - qa * period
        let qb = Arith.floorDiv(b, period), kb = b - qb * period
        if qa == qb {
            for k in ka..<kb { counts[Int(periodShapes[k])] += 1 }
            return counts
        }
        for k in ka..<period { counts[Int(periodShapes[k])] += 1 }
        for k in 0..<kb { counts[Int(periodShapes[k])] += 1 }
        let whole = qb - qa - 1
        if whole > 0 {
            for s in 0..<MonthRows.shapeCount where periodHistogram[s] > 0 { counts[s] += whole * periodHistogram[s] }
        }
        return counts
    }

    /// The shapes of months `first + i0 ..< first + i1` when all of them are 29 or 30
    /// days long, in O(1): let A(L) be how many of them start at lead L and B(L) how many
    /// of the months one later (i0 + 1 ... i1) do, and x(L) how many have lead L and 30
    /// days. A month of lead L is followed by one of lead L + 1 (29 days) or L + 2 (30),
    /// so B(L + 1) = A(L) - x(L) + x(L - 1) (leads mod 7): the differences x(L) - x(L - 1)
    /// are known, and the x(L) add up to the run's days minus 29 per month, which fixes
    /// them. nil when the solution is not a histogram (some month is another length).
    func lunarShapeCounts(_ starts: any MonthStartIndex, _ i0: Int, _ i1: Int) -> [Int]? {
        let a = first + i0, b = first + i1, months = i1 - i0
        var leads = [Int](repeating: 0, count: 7), nextLeads = [Int](repeating: 0, count: 7)
        for lead in 0..<7 {
            let w = isoColumn(lead)
            leads[lead] = starts.count(weekday: w, below: b) - starts.count(weekday: w, below: a)
            nextLeads[lead] = starts.count(weekday: w, below: b + 1) - starts.count(weekday: w, below: a + 1)
        }
        let long = starts.firstDay(b) - starts.firstDay(a) - 29 * months   // months of 30 days
        // x(L) = x(0) + offset(L), offset(L) = sum over 1...L of A(k) - B(k + 1).
        var offset = [Int](repeating: 0, count: 7)
        for lead in 1..<7 { offset[lead] = offset[lead - 1] + leads[lead] - nextLeads[(lead + 1) % 7] }
        let rest = long - offset.reduce(0, +)
        guard rest % 7 == 0 else { return nil }
        let x0 = rest / 7
        var counts = [Int](repeating: 0, count: MonthRows.shapeCount)
        for lead in 0..<7 {
            let thirty = x0 + offset[lead], twentyNine = leads[lead] - thirty
            guard thirty >= 0, twentyNine >= 0 else { return nil }
            counts[Int(MonthRows.code(lead: lead, length: 30))] = thirty
            counts[Int(MonthRows.code(lead: lead, length: 29))] = twentyNine
        }
        // The cycle closes: B(1) = A(0) - x(0) + x(6).
        guard nextLeads[1] == leads[0] + offset[6] else { return nil }
        return counts
    }
}
