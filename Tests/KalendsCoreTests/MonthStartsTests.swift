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
                    sum += MonthRows.rows(system.firstDay(monthIndex: first + i), system.firstDay(monthIndex: first + i + 1), wd)
                }
            }
        }
    }
}
