import Testing
@testable import KalendsCore

/// A scrolling calendar over a system's whole range shows no day outside the calendar's
/// days (`dayBounds`): the month holding a system's first day begins before it (the
/// Chinese month of -9999-01-01, the Hebrew month of the library's first day), and the
/// grid's leading out-dates of the library's first month fall before -999999-01-01.
/// `count(in:)` agrees with the elements handed out. (Before: those days appeared as
/// cells, with zeroed system dates, at both ends.)
@Suite struct ScrollRangeEndsTests {
    static let cases: [(String, OutDates, Rows)] = [
        ("chinese", .hide, .variable), ("chinese", .show, .fixed), ("dangi", .show, .variable),
        ("islamic", .show, .variable), ("hebrew", .show, .fixed), ("hebrew", .hide, .variable),
        ("coptic", .show, .variable), ("gregorian", .show, .fixed), ("persian", .show, .variable),
    ]

    @Test(arguments: cases)
    func bothEndsShowOnlyTheCalendarsDays(_ c: (String, OutDates, Rows)) throws {
        let (id, outDates, rows) = c
        let calendar = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: .monday, system: try CalendarSystems.named(id)))
        let bounds = calendar.dayBounds
        let first = Gregorian.civilFromDays(Int(bounds.lowerBound)), last = Gregorian.civilFromDays(Int(bounds.upperBound))
        let options = ScrollOptions(firstMonth: try Month(year: Int32(first.year), month: Int32(first.month)),
                                    lastMonth: try Month(year: Int32(last.year), month: Int32(last.month)),
                                    rows: rows, outDates: outDates)
        let scroll = try Scroll(calendar: calendar, options: options, metrics: Metrics(width: 350))
        let height = scroll.contentSize().size.height
        var days = 0, outside = 0, firstShown = Int32.max, lastShown = Int32.min
        for y in [0.0, height - 900] {
            let viewport = Rect(x: 0, y: max(0, y), width: 350, height: 900)
            let elements = try scroll.elements(in: viewport)
            let n = try scroll.count(in: viewport)
            #expect(n == elements.count, "\(id) at \(y)")
            for e in elements where e.kind == .day {
                days += 1
                if !bounds.contains(e.dayNumber) { outside += 1 }
                firstShown = min(firstShown, e.dayNumber)
                lastShown = max(lastShown, e.dayNumber)
            }
        }
        #expect(days > 100)
        #expect(outside == 0, "\(id): \(outside) cells outside \(bounds)")
        // The ends themselves are shown.
        #expect(firstShown == bounds.lowerBound && lastShown == bounds.upperBound, "\(id): \(firstShown)...\(lastShown)")
    }
}
