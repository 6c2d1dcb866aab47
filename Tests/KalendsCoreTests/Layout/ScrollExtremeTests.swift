import Testing
@testable import KalendsCore

// Issue 10, items 1 and 2: scrolling calendars at extreme doubles. Every viewport and
// every metric the checks accept is answered (nothing traps), a viewport outside the
// content answers "nothing there", and counting what a viewport holds is arithmetic.

private func month(_ y: Int32, _ m: Int32) -> Month { (try? Month(year: y, month: m)) ?? Month.first }

private func scroll(_ axis: Axis = .vertical, from: Month, to: Month?, rows: Rows = .variable, outDates: OutDates = .hide,
                    showWeekdays: Bool = true, spacing: Double = 24, metrics: Metrics = Metrics(width: 350),
                    firstWeekday: Weekday = .monday, system: String = "gregorian") throws -> Scroll {
    let calendar = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: firstWeekday, today: .fixed(day(2026, 11, 22)),
                                                                     system: try CalendarSystems.named(system)))
    return try Scroll(calendar: calendar, options: ScrollOptions(axis: axis, firstMonth: from, lastMonth: to, rows: rows,
                                                                      outDates: outDates, showWeekdays: showWeekdays,
                                                                      monthSpacing: spacing), metrics: metrics)
}

/// The documented overlap: positive areas (an empty viewport shows nothing).
private func overlaps(_ f: Rect, _ v: Rect) -> Bool {
    v.width > 0 && v.height > 0 && f.x < v.maxX && f.maxX > v.x && f.y < v.maxY && f.maxY > v.y && f.width > 0 && f.height > 0
}

private struct Key: Hashable {
    let kind: ElementKind
    let index: Int32
    let day: Int32
}

/// Every answer about `vp` agrees with the elements: the count, the visible days and
/// months, each element inside the viewport, each element of the whole content that
/// overlaps the viewport found (`all` is the whole content's elements).
private func checkConsistent(_ s: Scroll, _ vp: Rect, all: [Element]?, _ note: String) throws {
    let found = try s.elements(in: vp)
    #expect(try s.count(in: vp) == found.count, "count, \(note) \(vp)")
    for e in found where !overlaps(e.frame, vp) { Issue.record("\(e) outside \(vp), \(note)") }
    let inMonth = found.filter { $0.kind == .day && $0.flags.contains(.inMonth) }.map(\.dayNumber)
    let days = try s.visibleDays(in: vp)
    #expect(days == (inMonth.isEmpty ? nil : DayRange(first: inMonth.min() ?? 0, last: inMonth.max() ?? 0)),
            "visible days, \(note) \(vp)")
    let months = try s.visibleMonths(in: vp)
    let indexes = found.map { Int($0.index) }
    #expect(months?.first == indexes.min().map { s.gregorianMonth($0) }, "first month, \(note) \(vp)")
    #expect(months?.last == indexes.max().map { s.gregorianMonth($0) }, "last month, \(note) \(vp)")
    let indexRange = try s.visibleMonthIndexes(in: vp)
    #expect(indexRange == indexes.min().flatMap { lo in indexes.max().map { (s.first + lo)...(s.first + $0) } },
            "month indexes, \(note) \(vp)")
    if let all {
        let expected = Set(all.filter { overlaps($0.frame, vp) }.map { Key(kind: $0.kind, index: $0.index, day: $0.dayNumber) })
        let got = Set(found.map { Key(kind: $0.kind, index: $0.index, day: $0.dayNumber) })
        #expect(got == expected && got.count == found.count, "elements, \(note) \(vp)")
    }
}

@Suite struct ScrollExtremeTests {
    /// The reported traps (SIGILL, "Double value cannot be converted to Int").
    @Test func viewportsFarOutsideTheContentShowNothing() throws {
        let one = try scroll(from: month(2026, 1), to: month(2026, 1))
        let far = Rect(x: 0, y: 1e30, width: 350, height: 800)
        #expect(try one.elements(in: far).isEmpty)
        #expect(try one.count(in: far) == 0)
        #expect(try one.visibleDays(in: far) == nil)
        #expect(try one.visibleMonths(in: far) == nil)

        let horizontal = try scroll(.horizontal, from: month(2026, 11), to: nil)
        for vp in [Rect(x: 0, y: 1e300, width: 350, height: 100), Rect(x: 1e300, y: 0, width: 350, height: 100),
                   Rect(x: -1e300, y: 0, width: 350, height: 100), Rect(x: 0, y: -1.7e308, width: 1.7e308, height: 1.7e308),
                   Rect(x: 1.7e308, y: 1.7e308, width: 1.7e308, height: 1.7e308)] {
            #expect(try horizontal.visibleDays(in: vp) == nil, "\(vp)")
            #expect(try horizontal.elements(in: vp).isEmpty, "\(vp)")
            #expect(try horizontal.count(in: vp) == 0, "\(vp)")
            #expect(try one.elements(in: vp).isEmpty, "\(vp)")
        }
    }

    @Test func rowsThinnerThanAnyDoubleStep() throws {
        // 4.9e-324 is the smallest Double: rows vanish next to any other coordinate.
        for rows in Rows.allCases {
            let s = try scroll(from: month(2026, 1), to: nil, rows: rows,
                               metrics: Metrics(width: 350, rowHeight: .fixed(Double.leastNonzeroMagnitude)))
            for vp in [Rect(x: 0, y: 0, width: 350, height: 800), Rect(x: 0, y: 64, width: 350, height: 1e-300),
                       Rect(x: 0, y: 1e15, width: 350, height: 800)] {
                try checkConsistent(s, vp, all: nil, "row height Double.leastNonzeroMagnitude, \(rows)")
            }
        }
        // With nothing else in the way the rows sit at subnormal offsets, and show.
        let packed = try scroll(from: month(2026, 1), to: month(2026, 3), spacing: 0,
                                metrics: Metrics(width: 350, headerHeight: 0, weekdayHeight: 0, rowHeight: .fixed(Double.leastNonzeroMagnitude)))
        let everything = Rect(x: -10, y: -10, width: 400, height: 20)
        #expect(try packed.count(in: everything) == 31 + 28 + 31)
        try checkConsistent(packed, everything, all: nil, "packed")
    }

    @Test func rowSpacingOf1eMinus300() throws {
        for metrics in [Metrics(width: 350, rowSpacing: 1e-300),
                        Metrics(width: 350, columnSpacing: 60, rowSpacing: 1e-300),   // cells 0 wide: rows 0 high
                        Metrics(width: 350, rowSpacing: 1e-300, rowHeight: .fixed(1e-300))] {
            for axis in Axis.allCases {
                let s = try scroll(axis, from: month(2026, 1), to: nil, metrics: metrics)
                for vp in [Rect(x: 0, y: 100, width: 350, height: 800), Rect(x: 0, y: 0, width: 1e6, height: 1e6)] {
                    try checkConsistent(s, vp, all: nil, "\(metrics.rowHeight) \(axis)")
                }
            }
        }
    }

    /// Item 2: a huge viewport is counted, never built: the whole supported range in
    /// one viewport is 8 elements a month (header, 7 weekday labels) and one a day.
    @Test(arguments: Axis.allCases)
    func theWholeRangeIsCountedByArithmetic(axis: Axis) throws {
        let s = try scroll(axis, from: Month.first, to: nil)
        let vp = axis == .vertical ? Rect(x: 0, y: 0, width: 350, height: 1e12) : Rect(x: 0, y: 0, width: 1e15, height: 1e4)
        let months = (Int(Gregorian.maxYear) - Int(Gregorian.minYear) + 1) * 12
        let days = Int(Gregorian.maxDayNumber) - Int(Gregorian.minDayNumber) + 1
        #expect(s.monthCount == months)
        #expect(try s.count(in: vp) == 8 * months + days)
        #expect(try s.visibleDays(in: vp) == DayRange(first: Gregorian.minDayNumber, last: Gregorian.maxDayNumber))
        let m = try s.visibleMonths(in: vp)
        #expect(m?.first == Month.first && m?.last == Month.last)
        // a thin slice far down finds its month without visiting the ones before
        let middle = axis == .vertical ? Rect(x: 0, y: s.monthStart(12_000_000) + 1, width: 350, height: 10)
                                       : Rect(x: s.monthStart(12_000_000) + 1, y: 0, width: 10, height: 10)
        #expect(try s.visibleMonths(in: middle)?.first == Month(absolute: Month.first.absolute + 12_000_000))
    }

    /// The same for the systems without a short period (Hebrew, Umm al-Qura, Islamic,
    /// Chinese, Dangi): their runs are counted from their month starts in O(1), with
    /// memory that does not grow with the range.
    @Test(arguments: ["hebrew", "islamic-umalqura", "islamic", "chinese", "dangi"])
    func theWholeRangeOfALunarSystemIsCountedByArithmetic(system: String) throws {
        for axis in Axis.allCases {
            let s = try scroll(axis, from: Month.first, to: nil, system: system)
            let vp = axis == .vertical ? Rect(x: 0, y: 0, width: 350, height: 1e12) : Rect(x: 0, y: 0, width: 1e15, height: 1e4)
            // Every day of the calendar (the first and last months begin before and end
            // after the system's range: their days outside it are not shown).
            let bounds = s.calendar.dayBounds
            let first = max(s.firstDay(0), Int(bounds.lowerBound)), last = min(s.firstDay(s.monthCount) - 1, Int(bounds.upperBound))
            #expect(try s.count(in: vp) == 8 * s.monthCount + last - first + 1, "\(system) \(axis)")
            #expect(try s.visibleDays(in: vp) == DayRange(first: Int32(first), last: Int32(last)))
            // shown out-dates: every row of every month, 7 cells each, but the cells of the
            // months at the ends that fall outside the calendar's days
            let shown = try scroll(axis, from: Month.first, to: nil, outDates: .show, system: system)
            var outside = 0
            for i in Set([0, 1, 2, shown.monthCount - 3, shown.monthCount - 2, shown.monthCount - 1]) {
                let start = Int(shown.gridStart(i))
                for z in start..<start + 7 * shown.monthRows.rows(i) where !bounds.contains(Int32(z)) { outside += 1 }
            }
            #expect(outside > 0)
            #expect(try shown.count(in: vp) == 8 * s.monthCount + 7 * s.monthRows.before(s.monthCount) - outside, "\(system) \(axis)")
        }
    }

    /// Counting (arithmetic over month shapes inside, per month at the edges) agrees
    /// with building, and building agrees with filtering the whole content, for random
    /// metrics (snapped, unsnapped, tiny, huge) and random viewports.
    @Test(arguments: 0..<40)
    func countsAndQueriesAgreeWithTheElements(seed: Int) throws {
        var rng = SplitMix(UInt64(seed) &* 7919 &+ 3)
        func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        let lengths = [0.0, Double.leastNonzeroMagnitude, 1e-300, 0x1p-40, 3e-12, 1e-9, 0.3, 1, 1.5, 2, 7.25, 20, 44, 333.3, 1e6]
        for _ in 0..<6 {
            let rowHeight = pick([RowHeight.square, .square, .fixed(pick([Double.leastNonzeroMagnitude, 0x1p-30, 1e-9, 0.5, 3, 49.5, 1e6])),
                                  .aspectRatio(pick([1e-3, 0.7, 1, 3]))])
            let metrics = Metrics(width: pick([1, 7, 100, 350, 351.5, 1e6]), headerHeight: pick(lengths),
                                  weekdayHeight: pick(lengths),
                                  insets: Insets(top: pick([0, 0.5, 13]), left: pick([0, 2.5, 30]), bottom: pick([0, 5]),
                                                 right: pick([0, 3, 500])),
                                  columnSpacing: pick([0, 0.25, 2, 60]), rowSpacing: pick([0, 1e-300, 1, 3.5]),
                                  rowHeight: rowHeight, scale: pick([0, 1, 2, 3, 2.5, 0.5, 64]))
            let start = month(Int32(truncatingIfNeeded: Int(rng.next() % 4000)) - 1000, Int32(1 + rng.next() % 12))
            let length = Int(pick([1, 2, 13, 50, 400, 9700] as [UInt64]))
            let end = Month(absolute: start.absolute + length - 1)
            let axis = pick(Axis.allCases)
            // Gregorian half the time; otherwise any system, periodic (shape histograms of
            // their period) or not (shape tables)
            let system = rng.next() % 2 == 0 ? "gregorian" : pick(CalendarSystems.builtInIdentifiers)
            let s = try scroll(axis, from: start, to: end, rows: pick(Rows.allCases), outDates: pick(OutDates.allCases),
                               showWeekdays: pick([true, false]), spacing: pick([0, 0.5, 24]), metrics: metrics,
                               firstWeekday: pick(Weekday.allCases), system: system)
            let extent = s.monthStart(s.monthCount) + 2e6
            let whole = Rect(x: -1e7, y: -1e7, width: extent + 2e7, height: extent + 2e7)
            let all = s.monthCount <= 400 ? try s.elements(in: whole) : nil
            let note = "seed \(seed): \(system) \(axis) \(start)+\(length) \(metrics)"
            if let all {
                #expect(try s.count(in: whole) == all.count, "\(note)")
                #expect(Set(all.map { Key(kind: $0.kind, index: $0.index, day: $0.dayNumber) }).count == all.count)
            }
            for _ in 0..<8 {
                let along = pick([0.0, 1, 0.37, 0.5, 0.999]) * s.monthStart(s.monthCount) + pick([0.0, 0.25, -0.5, 1])
                let size = pick([0.0, 0.5, 10, 300, 5000, 1e5, 1e9, 1e300])
                let cross = pick([-1e300, -5, 0, 0.5, 100, 349.75, 1e6, 1e300])
                let crossSize = pick([1e-3, 1, 60, 350, 1e7, 1e308])
                let vp = axis == .vertical ? Rect(x: cross, y: along, width: crossSize, height: size)
                                           : Rect(x: along, y: cross, width: size, height: crossSize)
                if try all == nil && s.count(in: vp) > 300_000 { continue }
                try checkConsistent(s, vp, all: all, note)
            }
        }
    }

    /// A timeline with a tiny hour height: the minimum height in seconds is beyond any
    /// Int64 (minHeight / hourHeight x 3600 = inf), which trapped.
    @Test func timelineWithATinyHourHeight() throws {
        let base = Int64(20_000) * 86_400
        let events = [Event(id: 1, allDay: false, start: base + 9 * 3600, end: base + 10 * 3600),
                      Event(id: 2, allDay: false, start: base + 11 * 3600, end: base + 12 * 3600)]
        for hourHeight in [Double.leastNonzeroMagnitude, 1e-300, 1e-10] {
            let items = try Timeline.layout(events, day: 20_000, options: Timeline.Options(hourHeight: hourHeight, minHeight: 18))
            // each event needs 18 points, more than the day's height: they share the day side by side
            #expect(items.map(\.columns) == [2, 2], "hour height \(hourHeight)")
        }
    }
}
