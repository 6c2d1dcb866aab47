// The month-start indexes of the systems without a short period (MonthStarts): first
// days and weekday counts against the live systems, and the scrolling layout's rows
// from them against rows summed month by month. (Every month of the committed tables
// is compared with the live computation by the release-built sweep, make test-systems.)
import Testing
@testable import KalendsCore

@Suite struct MonthStartsTests {
    static let ids = ["hebrew", "islamic-umalqura", "islamic", "chinese", "dangi"]

    @Test(arguments: ids)
    func firstDaysAndCountsMatchTheLiveSystem(_ id: String) throws {
        let system = try CalendarSystems.named(id).base
        let starts = try #require(MonthStarts.index(for: system))
        let r = system.monthIndexRange
        #expect(starts.indexes == r)
        // Sampled over the whole range, and both ends.
        var samples = Array(stride(from: r.lowerBound, through: r.upperBound, by: 4999)) + [r.upperBound, r.upperBound + 1]
        // Around Umm al-Qura's table ends and Hebrew block ends.
        samples += [(1300 - 1) * 12 - 1, (1300 - 1) * 12, 1600 * 12 - 1, 1600 * 12].filter { r.contains($0) }
        for i in samples {
            #expect(starts.firstDay(i) == system.firstDay(monthIndex: i), "\(id) month \(i)")
        }
        // Counts of months starting on each weekday in windows, against a walk.
        for a in stride(from: r.lowerBound, to: r.upperBound - 400, by: (r.count / 7)) {
            for w in 0..<7 {
                var brute = 0
                for i in a..<(a + 400) where Gregorian.isoWeekday(system.firstDay(monthIndex: i)) - 1 == w { brute += 1 }
                #expect(starts.count(weekday: w, below: a + 400) - starts.count(weekday: w, below: a) == brute, "\(id) \(a) \(w)")
            }
        }
    }

    @Test(arguments: ids)
    func scrollRowsFromMonthStartsEqualRowsSummed(_ id: String) throws {
        let system = try CalendarSystems.named(id).base
        let r = system.monthIndexRange
        for first in [r.lowerBound, system.monthIndex(dayNumber: 0), r.upperBound - 700] {
            for wd in Weekday.allCases {
                let rows = MonthRows(system: system, first: first, firstWeekday: wd, rows: .variable)
                var sum = 0
                for i in 0...600 {
                    #expect(rows.before(i) == sum, "\(id) first \(first) \(wd) month \(i)")
                    if rows.before(i) != sum { return }
                    let shape = MonthRows.shape(system.firstDay(monthIndex: first + i), system.firstDay(monthIndex: first + i + 1), wd)
                    sum += MonthRows.rows(lead: shape.lead, length: shape.length, fixed: false)
                }
            }
        }
    }

    /// Counting what a viewport holds reads the shapes (lead, length) of runs of months:
    /// from the month starts, each month's and each run's histogram (solved from weekday
    /// counts, since every month is 29 or 30 days) equal a walk over the live system.
    @Test(arguments: ids)
    func shapesAndRunHistogramsFromMonthStartsEqualAWalk(_ id: String) throws {
        let system = try CalendarSystems.named(id).base
        let r = system.monthIndexRange
        var rng = SplitMix(0x5EED &+ UInt64(id.utf8.count))
        for first in [r.lowerBound, system.monthIndex(dayNumber: 0), r.upperBound - 2000] {
            for wd in Weekday.allCases {
                let rows = MonthRows(system: system, first: first, firstWeekday: wd, rows: .variable)
                var codes: [Int] = []
                for i in 0..<2000 {
                    let walked = MonthRows.shape(system.firstDay(monthIndex: first + i), system.firstDay(monthIndex: first + i + 1), wd)
                    let s = rows.shape(i)
                    #expect(s.lead == walked.lead && s.length == walked.length, "\(id) first \(first) \(wd) month \(i)")
                    #expect(walked.length == 29 || walked.length == 30, "\(id) month \(first + i) is \(walked.length) days")
                    #expect(rows.possibleShapes.contains { $0.lead == walked.lead && $0.length == walked.length })
                    codes.append(Int(MonthRows.code(lead: walked.lead, length: walked.length)))
                }
                for _ in 0..<40 {
                    let i0 = Int(rng.next() % 2000), i1 = i0 + Int(rng.next() % UInt64(2001 - i0))
                    var walked = [Int](repeating: 0, count: MonthRows.shapeCount)
                    for k in i0..<i1 { walked[codes[k]] += 1 }
                    #expect(rows.shapeCounts(i0, i1) == walked, "\(id) first \(first) \(wd) months \(i0)..<\(i1)")
                    // solved, not walked (the walk is only the fallback)
                    let starts = try #require(rows.starts)
                    #expect(rows.lunarShapeCounts(starts, i0, i1) == walked)
                }
            }
        }
        // The whole range in one histogram: its months and days.
        let rows = MonthRows(system: system, first: r.lowerBound, firstWeekday: .sunday, rows: .variable)
        let all = rows.shapeCounts(0, r.count)
        #expect(all.reduce(0, +) == r.count)
        let days = all.enumerated().reduce(0) { $0 + $1.element * MonthRows.decode($1.offset).length }
        #expect(days == system.firstDay(monthIndex: r.upperBound + 1) - system.firstDay(monthIndex: r.lowerBound))
    }
}
