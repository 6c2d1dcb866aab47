import Testing
@testable import KalendsCore

private func month(_ y: Int32, _ m: Int32) -> Month { (try? Month(year: y, month: m)) ?? Month.first }

private func scroll(_ axis: Axis = .vertical, from: Month, to: Month?, rows: Rows = .variable, outDates: OutDates = .hide,
                    metrics: Metrics = Metrics(width: 350), firstWeekday: Weekday = .monday) throws -> Scroll {
    let calendar = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: firstWeekday, today: .fixed(day(2026, 11, 22))))
    return try Scroll(calendar: calendar, options: ScrollOptions(axis: axis, firstMonth: from, lastMonth: to, rows: rows,
                                                                      outDates: outDates), metrics: metrics)
}

/// Rows a month needs, counted the slow way.
private func rowsOf(_ m: Month, _ first: Weekday) -> Int {
    let lead = Int(Weekday(dayNumber: m.firstDay).days(since: first))
    return (lead + Int(Gregorian.daysInMonth(Int(m.year), Int(m.month))) + 6) / 7
}

private struct Key: Hashable {
    let kind: ElementKind
    let index: Int32
    let day: Int32
}

@Suite struct ScrollTests {
    @Test(arguments: [Rows.variable, Rows.fixed])
    func monthPositionsAreTheSumOfTheMonthsBefore(rows: Rows) throws {
        for first in Weekday.allCases {
            let s = try scroll(from: month(1999, 7), to: month(2403, 2), rows: rows,
                               metrics: Metrics(width: 343, rowSpacing: 3), firstWeekday: first)
            var top = 0.0
            for i in 0..<s.monthCount {
                #expect(abs(s.monthStart(i) - top) < 1e-6, "month \(i)")
                let n = rows == .fixed ? 6 : rowsOf(Month(absolute: month(1999, 7).absolute + i), first)
                #expect(s.rows(i) == n)
                top += 44 + Double(n) * 49 + Double(n - 1) * 3 + 24
                if i > 700 { break }
            }
        }
    }

    @Test func findingTheMonthAtAnOffsetMatchesALinearScan() throws {
        let s = try scroll(from: month(-401, 3), to: month(420, 5), metrics: Metrics(width: 301))
        var rng = 12345
        for _ in 0..<3000 {
            rng = (rng &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
            let y = Double(rng % 4_000_000) / 4_000_000 * (s.monthStart(s.monthCount) + 100) - 50
            var linear = 0
            while linear + 1 < s.monthCount && s.monthStart(linear + 1) <= y { linear += 1 }
            #expect(s.monthIndex(at: y) == linear, "offset \(y)")
        }
    }

    @Test(arguments: [Axis.vertical, Axis.horizontal])
    func queriesOverlapTheViewportAndTilesCoverEveryElementOnce(axis: Axis) throws {
        for outDates in OutDates.allCases {
            let s = try scroll(axis, from: month(2025, 11), to: month(2026, 4), outDates: outDates,
                               metrics: Metrics(width: 350, columnSpacing: 2, rowSpacing: 1, scale: 2))
            let content = s.contentSize().size
            let everything = try s.elements(in: Rect(x: 0, y: 0, width: content.width, height: content.height))
            let all = Set(everything.map { Key(kind: $0.kind, index: $0.index, day: $0.dayNumber) })
            #expect(all.count == everything.count)                         // no element twice
            #expect(everything.filter { $0.kind == .monthHeader }.count == 6)
            let inMonth = everything.filter { $0.kind == .day && $0.flags.contains(.inMonth) }
            #expect(inMonth.count == 30 + 31 + 31 + 28 + 31 + 30)           // Nov 2025 ... Apr 2026
            // tile the content with viewports of several sizes
            for step in [37.0, 100.0, 333.0] {
                var union = Set<Key>()
                var offset = 0.0
                while offset < (axis == .vertical ? content.height : content.width) {
                    let vp = axis == .vertical ? Rect(x: 0, y: offset, width: content.width, height: step)
                                               : Rect(x: offset, y: 0, width: step, height: content.height)
                    let found = try s.elements(in: vp)
                    #expect(Set(found.map { Key(kind: $0.kind, index: $0.index, day: $0.dayNumber) }).count == found.count)
                    for e in found {
                        let f = e.frame
                        #expect(f.x < vp.maxX && f.maxX > vp.x && f.y < vp.maxY && f.maxY > vp.y, "\(e) outside \(vp)")
                        union.insert(Key(kind: e.kind, index: e.index, day: e.dayNumber))
                    }
                    offset += step
                }
                #expect(union == all, "step \(step): \(union.count) of \(all.count)")
            }
        }
    }

    @Test func cellsTileEachRow() throws {
        let s = try scroll(from: month(2026, 1), to: month(2026, 12), outDates: .show, metrics: Metrics(width: 351, scale: 3))
        let days = try s.elements(in: Rect(x: 0, y: 0, width: 351, height: 1e6)).filter { $0.kind == .day }
        for row in stride(from: 0, to: days.count, by: 7) {
            #expect(days[row].frame.x == 0 && days[row + 6].frame.maxX == 351)
            for c in 1..<7 { #expect(days[row + c].frame.x == days[row + c - 1].frame.maxX) }
        }
    }

    @Test func tenThousandYearsCostWhatAYearCosts() throws {
        // The same viewport position relative to the end of a 1-year and a 10,000-year
        // range finds the same month, and the months before it sum up as they should.
        let long = try scroll(from: month(-3000, 1), to: month(6999, 12))
        #expect(long.monthCount == 120_000)
        let target = month(2026, 11)
        let i = target.absolute - month(-3000, 1).absolute
        var rowsBefore = 0
        for a in month(-3000, 1).absolute..<target.absolute { rowsBefore += rowsOf(Month(absolute: a), .monday) }
        let expected = Double(i) * (44 + 24) + Double(rowsBefore) * 50
        #expect(abs(long.monthStart(i) - expected) < 1e-3)
        let found = try long.visibleMonths(in: Rect(x: 0, y: expected + 1, width: 350, height: 10))
        #expect(found?.first == target)
        let days = try long.visibleDays(in: Rect(x: 0, y: expected + 44, width: 350, height: 50))
        #expect(days == DayRange(first: number(2026, 11, 1), last: number(2026, 11, 1)))   // the first row holds the 1st only
    }

    /// Issue 10, item 7: as in a view, the weekday labels sit in the month header's
    /// bottom 10 points by default; a separate weekday row is an option.
    @Test(arguments: [Axis.vertical, Axis.horizontal])
    func weekdayLabelsInsideTheMonthHeader(axis: Axis) throws {
        let inside = try scroll(axis, from: month(2026, 1), to: month(2026, 2))
        let all = try inside.elements(in: Rect(x: 0, y: 0, width: 1e4, height: 1e4))
        for header in all where header.kind == .monthHeader {
            let labels = all.filter { $0.kind == .weekday && $0.index == header.index }
            #expect(labels.count == 7 && header.frame.height == 44)
            #expect(labels.allSatisfy { $0.frame.y == header.frame.maxY - 10 && $0.frame.height == 10 })
            #expect(all.filter { $0.kind == .day && $0.index == header.index }.map(\.frame.y).min() == header.frame.maxY)
        }
        let row = try scroll(axis, from: month(2026, 1), to: month(2026, 2), metrics: Metrics(width: 350, weekdayHeight: 20))
        let withRow = try row.elements(in: Rect(x: 0, y: 0, width: 1e4, height: 1e4))
        for header in withRow where header.kind == .monthHeader {
            let labels = withRow.filter { $0.kind == .weekday && $0.index == header.index }
            #expect(labels.count == 7 && labels.allSatisfy { $0.frame.y == header.frame.maxY && $0.frame.height == 20 })
        }
    }

    @Test func offsetsForDates() throws {
        let s = try scroll(from: month(2026, 1), to: month(2026, 12))
        let cell = try #require(try s.elements(in: Rect(x: 0, y: 0, width: 350, height: 1e5))
            .first { $0.kind == .day && $0.dayNumber == number(2026, 6, 15) })
        #expect(try s.offset(for: day(2026, 6, 15), position: .start, viewportLength: 600) == cell.frame.y)
        #expect(try s.offset(for: day(2026, 6, 15), position: .center, viewportLength: 600) == cell.frame.center.y - 300)
        #expect(try s.offset(for: day(2026, 6, 15), position: .end, viewportLength: 600) == cell.frame.maxY - 600)
        #expect(try s.offset(for: day(2026, 1, 1), position: .end, viewportLength: 600) == 0)          // clamped
        let total = s.contentSize().size.height
        #expect(try s.offset(for: day(2026, 12, 31), position: .start, viewportLength: 600) == total - 600)
        #expect(throws: KalendsError.self) { try s.offset(for: day(2027, 1, 1), position: .start, viewportLength: 600) }
        let open = try scroll(from: month(2026, 1), to: nil)
        #expect(open.contentSize().unbounded && open.contentSize().size.height == .infinity)
        #expect(try open.offset(for: day(3000, 1, 1), position: .start, viewportLength: 600) > 0)
        let horizontal = try scroll(.horizontal, from: month(2026, 1), to: month(2026, 3))
        #expect(horizontal.contentSize().size == Size(width: 3 * 350 + 2 * 24, height: 44 + 6 * 50))
        #expect(try horizontal.offset(for: day(2026, 2, 2), position: .start, viewportLength: 350) == 374)
    }

    @Test func badInput() throws {
        #expect(throws: KalendsError.self) { try scroll(from: month(2026, 5), to: month(2026, 4)) }
        #expect(throws: KalendsError.self) { try scroll(from: month(2026, 5), to: nil, metrics: Metrics()) }
        let s = try scroll(from: month(2026, 5), to: nil)
        #expect(throws: KalendsError.self) { try s.elements(in: Rect(x: 0, y: .nan, width: 1, height: 1)) }
        #expect(try s.elements(in: Rect(x: 0, y: 0, width: 0, height: 100)).isEmpty)
        #expect(try s.elements(in: Rect(x: 0, y: -500, width: 350, height: 100)).isEmpty)
        // the end of the supported range: elements stop there, nothing traps
        let end = try scroll(from: month(999_999, 1), to: nil)
        #expect(end.monthCount == 12)
        #expect(try end.elements(in: Rect(x: 0, y: 0, width: 350, height: 1e9)).filter { $0.kind == .monthHeader }.count == 12)
    }
}

@Suite struct FlowLayoutTests {
    @Test func theREADMEsRowFormulaUndercountsWhenItemsDoNotDivideTheWidth() throws {
        let items = [Size](repeating: Size(width: 60, height: 20), count: 3)
        let result = try FlowLayout.layout(items, FlowOptions(maxWidth: 100))
        let total = items.reduce(0) { $0 + $1.width }
        let readmeRows = (total / 100).rounded(.up)         // ceil(180 / 100) = 2
        #expect(readmeRows == 2)
        #expect(result.lines == 3)                           // each 60 fills most of a 100 line
        #expect(result.size.height == 60 && readmeRows * 20 == 40)
        #expect(result.frames.map(\.y) == [0, 20, 40])
    }

    @Test func wrapsByWholeItemsWithSpacingAndPadding() throws {
        let items = [40, 30, 50, 20, 100, 10].map { Size(width: Double($0), height: Double($0) / 10) }
        let o = FlowOptions(maxWidth: 110, itemSpacing: 5, lineSpacing: 3, padding: Insets(top: 1, left: 2, bottom: 4, right: 8))
        let r = try FlowLayout.layout(items, o)
        // line 1: 40 + 5 + 30 = 75 (2...77); 77 + 5 + 50 = 132 > 102: wrap
        #expect(r.frames.map(\.x) == [2, 47, 2, 57, 2, 2])
        #expect(r.lines == 4)   // [40 30] [50 20] [100] [10]
        #expect(r.frames.map(\.y) == [1, 1, 8, 8, 16, 29])
        #expect(r.size == Size(width: 2 + 100 + 8, height: 1 + 4 + 3 + 5 + 3 + 10 + 3 + 1 + 4))
        for f in r.frames { #expect(f.maxX <= 110 - 8 || f.width > 100) }
    }

    @Test func twoPasses() throws {
        let items = (1...12).map { Size(width: Double(10 + $0 * 3), height: 12) }
        let natural = try FlowLayout.layout(items, FlowOptions(itemSpacing: 4))
        #expect(natural.lines == 1 && natural.size.width == items.reduce(0) { $0 + $1.width } + 11 * 4)
        let wrapped = try FlowLayout.layout(items, FlowOptions(maxWidth: natural.size.width / 3, itemSpacing: 4))
        #expect(wrapped.lines > 3 && wrapped.size.width <= natural.size.width / 3)
        #expect(try FlowLayout.layout([], FlowOptions(padding: Insets(top: 1, left: 2, bottom: 3, right: 4))).size == Size(width: 6, height: 4))
        let wide = try FlowLayout.layout([Size(width: 500, height: 1), Size(width: 5, height: 1)], FlowOptions(maxWidth: 100))
        #expect(wide.lines == 2 && wide.frames[0].width == 500)   // an item wider than the width stands alone
    }

    @Test func chipsInADayCellWithMore() throws {
        let chips = [Size](repeating: Size(width: 40, height: 14), count: 9)
        let more = Size(width: 30, height: 14)
        let o = FlowOptions(itemSpacing: 2, lineSpacing: 2)
        let fit = try FlowLayout.fit(chips, in: Size(width: 84, height: 46), more: more, o)
        // 2 chips a line, 3 lines fit in 46 (14 + 2 + 14 + 2 + 14): 5 chips + "+4 more"
        #expect(fit.frames.count == 5 && fit.hidden == 4)
        #expect(fit.more == Rect(x: 42, y: 32, width: 30, height: 14))
        let roomy = try FlowLayout.fit(Array(chips.prefix(4)), in: Size(width: 84, height: 46), more: more, o)
        #expect(roomy.hidden == 0 && roomy.more == nil && roomy.frames.count == 4)
        let tiny = try FlowLayout.fit(chips, in: Size(width: 20, height: 10), more: more, o)
        #expect(tiny.frames.isEmpty && tiny.more == nil && tiny.hidden == 9)
        #expect(throws: KalendsError.self) { try FlowLayout.layout([Size(width: .nan, height: 1)]) }
        #expect(throws: KalendsError.self) { try FlowLayout.layout([], FlowOptions(maxWidth: -1)) }
    }
}

@Suite struct AltConstantTests {
    @Test func basisCodesClampAsHKNSLayoutConstraintDoes() {
        #expect(Basis(clamping: -7) == .width)
        #expect(Basis(clamping: 0) == .width)
        #expect(Basis(clamping: 3) == .shorterEdge)
        #expect(Basis(clamping: 6) == .constant)
        #expect(Basis(clamping: .max) == .constant)
    }

    @Test func constantsFollowTheScreenThroughRotation() throws {
        let layout = AutoLayout()
        let view = try layout.addItem()
        let other = try layout.addItem(parent: view)
        try layout.setSize(Size(width: 390, height: 844), of: .screen)   // portrait
        try layout.setSize(Size(width: 200, height: 80), of: other)
        let quarter = try layout.add(LayoutConstraint(first: view, .width, alt: AltConstant(item: .screen, basis: .shorterEdge, multiplier: 0.25)))
        let top = try layout.add(LayoutConstraint(first: view, .top, second: .screen, .top,
                                                  alt: AltConstant(item: .screen, basis: .height, multiplier: 0.1)))
        let longer = try layout.add(LayoutConstraint(first: view, .height, alt: AltConstant(item: .screen, basis: .longerEdge, multiplier: 0.5)))
        let fixed = try layout.add(LayoutConstraint(first: view, .height, .greaterOrEqual, constant: 40,
                                                    alt: AltConstant(item: .none, basis: .width, multiplier: 9)))
        let half = try layout.add(LayoutConstraint(first: view, .width, second: other, .width, multiplier: 0,
                                                   alt: AltConstant(item: .item(other), basis: .width, multiplier: 0.5)))
        #expect(try layout.constant(quarter) == 97.5)
        #expect(try layout.constant(top) == 84.4)
        #expect(try layout.constant(longer) == 422)
        #expect(try layout.constant(fixed) == 40)         // no alt item: the constant stands
        #expect(try layout.constant(half) == 100)
        #expect(layout.updateConstants().isEmpty)
        try layout.setSize(Size(width: 844, height: 390), of: .screen)   // landscape
        let changes = layout.updateConstants()
        #expect(changes == [AutoLayout.Change(constraint: top, old: 84.4, new: 39)])   // shorter and longer edges stay
        #expect(try layout.constant(quarter) == 97.5)
        #expect(try layout.constant(longer) == 422)
        try layout.remove(top)
        #expect(throws: KalendsError(.notFound, "no constraint \(top)")) { try layout.constant(top) }
        #expect(throws: KalendsError.self) { try layout.add(LayoutConstraint(first: ItemID(99), .width)) }
        #expect(throws: KalendsError.self) { try layout.add(LayoutConstraint(first: view, .width, second: other, .top)) }
        #expect(throws: KalendsError.self) { try layout.add(LayoutConstraint(first: view, .width, priority: 0)) }
    }
}
