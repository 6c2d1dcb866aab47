import Testing
@testable import KalendsCore

@Suite struct ViewPagingTests {
    @Test func monthPagesClampTheDayAndReportTransitions() throws {
        let view = try makeView(anchor: day(2026, 1, 31))
        #expect(view.page.year == 2026 && view.page.month == 1)
        let t = try view.nextPage()
        #expect(t.direction == .forward && t.from.month == 1 && t.to.month == 2)
        #expect(view.page.anchor == number(2026, 2, 28))   // January 31 + 1 month
        #expect(t.to.first == number(2026, 1, 26) && t.to.last == number(2026, 3, 8))   // fixed six rows
        let back = try view.previousPage()
        #expect(back.direction == .backward && back.to.month == 1 && view.page.anchor == number(2026, 1, 28))
    }

    @Test func weekAndDayPages() throws {
        let view = try makeView(ViewOptions(mode: .week))
        #expect(view.page.first == number(2026, 11, 16) && view.page.last == number(2026, 11, 22))
        try view.nextPage()
        #expect(view.page.first == number(2026, 11, 23))
        try view.setMode(.day)
        #expect(view.page.first == view.page.last && view.page.anchor == number(2026, 11, 29))
        try view.previousPage()
        #expect(view.page.anchor == number(2026, 11, 28))
    }

    @Test func pagesStayInsideTheBounds() throws {
        let view = try makeView(ViewOptions(minDate: day(2026, 10, 15), maxDate: day(2026, 12, 10)))
        #expect(try view.nextPage().direction == .forward)     // December
        let blocked = try view.nextPage()
        #expect(blocked.direction == .none && !blocked.changed && view.page.month == 12)
        try view.previousPage()
        try view.previousPage()
        #expect(view.page.month == 10 && view.page.anchor >= number(2026, 10, 15))
        #expect(try view.previousPage().direction == .none)
        #expect(throws: KalendsError.self) { try view.goTo(day(2027, 1, 1)) }
        #expect(view.page.month == 10)   // the failed goTo changed nothing
        let layout = try view.layout()
        #expect(layout.first { $0.kind == .previous }?.flags.contains(.disabled) == true)
        #expect(layout.first { $0.kind == .next }?.flags.contains(.disabled) == false)
    }

    @Test func goToTodayAndModeChangeHeights() throws {
        let view = try makeView(ViewOptions(rows: .variable), anchor: day(2026, 3, 3))
        let t = try view.goToToday()
        #expect(t.direction == .forward && view.page.month == 11)
        try view.select(day(2026, 11, 18))
        let change = try view.setMode(.week)
        // 350 wide: square rows of 50; November 2026 needs 6 rows with Monday weeks
        #expect(change.heightBefore == 44 + 6 * 50 && change.heightAfter == 44 + 50)
        #expect(view.page.first == number(2026, 11, 16))    // the week of the selected day
        let noWidth = try makeView(metrics: Metrics())
        let unknown = try noWidth.setMode(.week)
        #expect(unknown.heightBefore == nil && unknown.heightAfter == nil)
    }

    @Test func outDatesHiddenOrShown() throws {
        let view = try makeView(ViewOptions(outDates: .hide))
        let days = try view.days()
        #expect(days.filter { $0.flags.contains(.hidden) }.map(\.dayNumber)
                == days.filter { !$0.flags.contains(.inMonth) }.map(\.dayNumber))
        try view.setOptions(ViewOptions(outDates: .show))
        #expect(try view.days().allSatisfy { !$0.flags.contains(.hidden) })
        try view.setMode(.week)
        try view.setOptions(ViewOptions(mode: .week, outDates: .hide))
        #expect(try view.days().allSatisfy { !$0.flags.contains(.hidden) })   // only month pages hide
    }
}

@Suite struct ViewSelectionTests {
    @Test func single() throws {
        let view = try makeView()
        let rec = Recorder()
        try rec.attach(to: view)
        #expect(try view.select(day(2026, 11, 5)).outcome == .selected)
        #expect(try view.select(day(2026, 11, 9)).outcome == .selected)
        #expect(try view.select(day(2026, 11, 9)).outcome == .none)
        #expect(view.selection.days == [number(2026, 11, 9)])
        #expect(rec.take() == ["select 2026-11-05", "deselect 2026-11-05", "select 2026-11-09"])
        #expect(try view.deselect(day(2026, 11, 9)).outcome == .deselected)
        #expect(view.selection.isEmpty && rec.take() == ["deselect 2026-11-09"])
    }

    @Test func selectingOnAnotherPageMovesThePage() throws {
        let view = try makeView()
        let rec = Recorder()
        try rec.attach(to: view)
        let action = try view.select(day(2027, 2, 14))
        #expect(action.outcome == .selected && action.transition.direction == .forward)
        #expect(view.page.year == 2027 && view.page.month == 2)
        #expect(rec.take() == ["select 2027-02-14", "page forward 2027-02-14"])
    }

    @Test func multiple() throws {
        let view = try makeView(ViewOptions(selectionMode: .multiple))
        for d: Int32 in [12, 3, 7] { try view.select(day(2026, 11, d)) }
        #expect(view.selection.days == [3, 7, 12].map { number(2026, 11, $0) })
        #expect(try view.select(day(2026, 11, 7)).outcome == .none)   // select adds, it does not toggle
        try view.deselect(day(2026, 11, 3))
        #expect(view.selection.count == 2)
        let flags = try view.days().filter { $0.flags.contains(.selected) }.map(\.dayNumber)
        #expect(flags == [7, 12].map { number(2026, 11, $0) })
    }

    @Test func rangeStartsEndsMovesAndRestarts() throws {
        let view = try makeView(ViewOptions(selectionMode: .range))
        let rec = Recorder()
        try rec.attach(to: view)
        try view.select(day(2026, 11, 10))                         // starts
        #expect(view.selection.rangeStart == number(2026, 11, 10) && !view.selection.isRangeComplete)
        try view.select(day(2026, 11, 6))                          // before the start: moves it
        #expect(view.selection.rangeStart == number(2026, 11, 6) && view.selection.rangeEnd == nil)
        try view.select(day(2026, 11, 12))                         // ends
        #expect(view.selection.bounds == DayRange(first: number(2026, 11, 6), last: number(2026, 11, 12)))
        #expect(view.selection.count == 7)
        let positions = try view.days().compactMap { d -> String? in
            if d.flags.contains(.rangeStart) { return "S\(d.date.day)" }
            if d.flags.contains(.rangeMiddle) { return "M\(d.date.day)" }
            if d.flags.contains(.rangeEnd) { return "E\(d.date.day)" }
            return nil
        }
        #expect(positions == ["S6", "M7", "M8", "M9", "M10", "M11", "E12"])
        try view.select(day(2026, 11, 20))                         // a third tap starts again
        #expect(view.selection.rangeStart == number(2026, 11, 20) && view.selection.rangeEnd == nil)
        let single = try view.days().first { $0.dayNumber == number(2026, 11, 20) }
        #expect(single?.flags.isSuperset(of: [.selected, .rangeStart, .rangeEnd]) == true)   // one-day range
        #expect(rec.take() == ["select 2026-11-10", "deselect 2026-11-10", "select 2026-11-06", "select 2026-11-12",
                               "deselect 2026-11-06", "deselect 2026-11-12", "select 2026-11-20"])
    }

    @Test func noneSelectsNothing() throws {
        let view = try makeView(ViewOptions(selectionMode: .none))
        #expect(try view.select(day(2026, 11, 3)).outcome == .none)
        #expect(view.selection.isEmpty)
    }

    @Test func disabledDatesBoundsPredicateAndVeto() throws {
        let view = try makeView(ViewOptions(minDate: day(2026, 11, 3), maxDate: day(2026, 11, 25)))
        try view.setDisabled([number(2026, 11, 10)])
        try view.setCallbacks(ViewCallbacks(
            isDisabled: { d in KalendsCore.Date(uncheckedDayNumber: Int(d)).weekday == .sunday },
            shouldSelect: { d in d != number(2026, 11, 13) }))
        #expect(try view.select(day(2026, 11, 2)).outcome == .disabled)    // before the minimum
        #expect(try view.select(day(2026, 11, 10)).outcome == .disabled)   // explicit
        #expect(try view.select(day(2026, 11, 15)).outcome == .disabled)   // a Sunday
        #expect(try view.select(day(2026, 11, 13)).outcome == .vetoed)
        #expect(view.selection.isEmpty)
        #expect(try view.select(day(2026, 11, 12)).outcome == .selected)
        let disabled = try view.days().filter { $0.flags.contains(.disabled) && $0.flags.contains(.inMonth) }
        #expect(disabled.map(\.date.day) == [1, 2, 8, 10, 15, 22, 26, 27, 28, 29, 30])
    }

    @Test func highlightedDays() throws {
        let view = try makeView()
        try view.setHighlighted([number(2026, 11, 4), number(2026, 11, 30), number(2030, 1, 1)])
        let lit = try view.days().filter { $0.flags.contains(.highlighted) }.map(\.date.day)
        #expect(lit == [4, 30])
        #expect(throws: KalendsError.self) { try view.setHighlighted([Int32.max]) }
        #expect(view.highlighted.count == 3)
    }
}

@Suite struct ViewCallbackTests {
    @Test func callbacksMayReadButNotChange() throws {
        let view = try makeView()
        var seen: [Int] = []
        var refused: KalendsError?
        try view.setCallbacks(ViewCallbacks(didSelect: { _ in
            seen.append(view.selection.count)                       // reading is fine
            do throws(KalendsError) { try view.nextPage() } catch { refused = error }      // changing is not
        }))
        try view.select(day(2026, 11, 4))
        #expect(seen == [1])
        #expect(refused?.code == .misuse)
        #expect(view.page.month == 11)
    }

    @Test func willSelectAbortsAndDidSelectFailuresAreReportedAfterTheChange() throws {
        let view = try makeView()
        try view.setCallbacks(ViewCallbacks(willSelect: { (_: Int32) throws(KalendsError) in throw KalendsError(.callback, "no thanks") }))
        #expect(throws: KalendsError(.callback, "no thanks")) { try view.select(day(2026, 11, 4)) }
        #expect(view.selection.isEmpty)
        var pages = 0
        try view.setCallbacks(ViewCallbacks(didSelect: { (_: Int32) throws(KalendsError) in throw KalendsError(.callback, "late") },
                                            pageChanged: { _ in pages += 1 }))
        #expect(throws: KalendsError(.callback, "late")) { try view.select(day(2027, 1, 4)) }
        #expect(view.selection.days == [number(2027, 1, 4)])    // the change stands
        #expect(pages == 1)                                      // and later callbacks still ran
    }

    @Test func contentSizeChangesAreReported() throws {
        let view = try makeView(ViewOptions(rows: .variable), metrics: Metrics(width: 700))
        let rec = Recorder()
        try rec.attach(to: view)
        try view.goTo(day(2021, 2, 1))          // four rows: 44 + 4 x 100 (six: 44 + 600)
        #expect(rec.take() == ["page backward 2021-02-01", "size 644.0->444.0"])
        try view.setMode(.week)
        #expect(rec.take() == ["page none 2021-02-01", "size 444.0->144.0"])
        try view.setMetrics(Metrics(width: 350))
        #expect(rec.take() == ["size 144.0->94.0"])
    }
}

@Suite struct ViewKeyboardTests {
    @Test func arrowsMoveTheSelectionAndThePageFollows() throws {
        let view = try makeView(anchor: day(2026, 11, 29))
        try view.select(day(2026, 11, 29))
        #expect(try view.key(.right).outcome == .selected)
        #expect(view.selection.days == [number(2026, 11, 30)])
        let toDecember = try view.key(.right)
        #expect(toDecember.transition.direction == .forward && view.page.month == 12)
        try view.key(.up)
        #expect(view.focus == day(2026, 11, 24) && view.page.month == 11)
        try view.key(.pageDown)
        #expect(view.focus == day(2026, 12, 24))
        try view.key(.home)
        #expect(view.focus == day(2026, 12, 21))   // Monday
        try view.key(.end)
        #expect(view.focus == day(2026, 12, 27))   // Sunday
        try view.key(.down)
        #expect(view.focus == day(2027, 1, 3) && view.page.year == 2027)
    }

    @Test func rightToLeftSwapsLeftAndRight() throws {
        let view = try makeView(ViewOptions(rightToLeft: true))
        try view.key(.left)
        #expect(view.focus == day(2026, 11, 23))
        try view.key(.right)
        try view.key(.right)
        #expect(view.focus == day(2026, 11, 21))
    }

    @Test func disabledDaysAreSteppedOverAndBoundsStop() throws {
        let view = try makeView(ViewOptions(selectionMode: .multiple, maxDate: day(2026, 11, 26)))
        try view.setDisabled([number(2026, 11, 23), number(2026, 11, 24)])
        #expect(try view.key(.right).day == number(2026, 11, 25))
        #expect(try view.key(.down).outcome == .none)          // 12-02 is beyond the maximum
        #expect(view.selection.isEmpty)                         // multiple: moving does not select
        #expect(try view.key(.enter).outcome == .selected)
        #expect(try view.key(.enter).outcome == .deselected)    // enter toggles like a tap
    }
}

@Suite struct ViewAccessibilityTests {
    /// The date part is CLDR English's full date ("EEEE, MMMM d, y"): since locales came
    /// from CLDR it is no longer the library's own "Sunday, 22 November 2026" (en_GB's order).
    @Test func labels() throws {
        let view = try makeView(ViewOptions(selectionMode: .range))
        try view.select(day(2026, 11, 22))
        #expect(try view.accessibilityLabel(day(2026, 11, 22)) == "Sunday, November 22, 2026, today, selected")
        try view.select(day(2026, 11, 25))
        try view.setHighlighted([number(2026, 11, 23)])
        try view.setDisabled([number(2026, 11, 30)])
        #expect(try view.accessibilityLabel(day(2026, 11, 22)) == "Sunday, November 22, 2026, today, selected, range start")
        #expect(try view.accessibilityLabel(day(2026, 11, 23)) == "Monday, November 23, 2026, in selected range, highlighted")
        #expect(try view.accessibilityLabel(day(2026, 11, 25)) == "Wednesday, November 25, 2026, selected, range end")
        #expect(try view.accessibilityLabel(day(2026, 11, 30)) == "Monday, November 30, 2026, unavailable")
        #expect(try view.accessibilityLabel(day(1, 1, 1)) == "Monday, January 1, 1")
    }
}
