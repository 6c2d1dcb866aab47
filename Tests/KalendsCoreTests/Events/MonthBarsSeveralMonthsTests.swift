import Testing
@testable import KalendsCore

/// Month bars on a page of several months (issue 27): each month's bars are the reference
/// layout (MonthBarsReferenceTests.reference, the brute-force version) over that month's
/// cells, with the page's rows; the cells are the layout's day frames; a one-month page
/// of each month gives the same bars.
@Suite struct MonthBarsSeveralMonthsTests {
    @Test(arguments: [(2, 0), (3, 1), (4, 2), (12, 3)])
    func eachMonthsBarsAreTheReferenceOverItsCells(months: Int32, seed: Int) throws {
        var rng = SplitMix(UInt64(seed) &+ 901)
        let options = ViewOptions(rows: seed % 2 == 0 ? .fixed : .variable, months: months, monthColumns: 3)
        let view = try makeView(options, metrics: Metrics(width: 3 * 350 + 2 * 16), anchor: day(2026, 11, 10))
        let cellsByMonth = try view.monthCells()
        #expect(cellsByMonth.count == Int(months))
        // the cells are the layout's DAY frames, row * 7 + column their index among the days
        let frames = Dictionary(uniqueKeysWithValues: try view.layout().filter { $0.kind == .day }.map { (Int($0.index), $0.frame) })
        let days = try view.days()
        for cell in cellsByMonth.joined() {
            #expect(frames[cell.row * 7 + cell.column] == cell.frame)
            #expect(days[cell.row * 7 + cell.column].dayNumber == cell.day)
        }
        let first = cellsByMonth[0][0].day
        let span = Int32(cellsByMonth.joined().map { Int($0.day) }.max()! - Int(first) + 1)
        let events = (0..<Int(months)).flatMap { k in
            MonthBarsReferenceTests.randomEvents(&rng, count: 60, first: first + Int32(k) * span / months)
                .map { Event(id: $0.id + Int64(k) * 100_000, allDay: $0.allDay, start: $0.start, end: $0.end) }
        }
        let store = EventStore()
        try store.addEvents(events)
        for lanes in [1, 3, 1000] {
            let barOptions = MonthBars.Options(maxLanes: lanes)
            let got = try view.eventBars(store, options: barOptions)
            var want: ([MonthBars.Bar], [MonthBars.More]) = ([], [])
            for cells in cellsByMonth {
                let shown = try store.query(cells[0].day, cells[cells.count - 1].day)
                let r = try MonthBarsReferenceTests.reference(shown, recurrenceIDs: [], cells: cells, options: barOptions,
                                                              in: UTCDays())
                want.0 += r.bars
                want.1 += r.more
            }
            #expect(got.bars == want.0 && got.more == want.1)
            #expect(lanes == 1 ? !got.more.isEmpty : !got.bars.isEmpty)   // one lane: busy days show "+N" alone
        }
        // a one-month page of each month: the same bars, rows moved by the months before
        var rowsBefore = 0
        for cells in cellsByMonth {
            let one = try makeView(ViewOptions(rows: options.rows), metrics: Metrics(width: 350),
                                   anchor: KalendsCore.Date(uncheckedDayNumber: Int(cells[cells.count / 2].day)))
            let theirs = try one.eventBars(store).bars
            let ours = try view.eventBars(store).bars.filter { $0.row >= rowsBefore && $0.row < rowsBefore + cells.count / 7 }
            #expect(ours.map { [$0.event, Int64($0.row - rowsBefore), Int64($0.firstColumn), Int64($0.lastColumn), Int64($0.lane)] }
                    == theirs.map { [$0.event, Int64($0.row), Int64($0.firstColumn), Int64($0.lastColumn), Int64($0.lane)] })
            rowsBefore += cells.count / 7
        }
    }
}
