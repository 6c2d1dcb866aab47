import Testing
@testable import KalendsCore

@Suite struct AutoLayoutTests {
    typealias C = LayoutConstraint

    /// A container filling a 390 x 844 screen, and a child inset 16 / 20.
    @Test func pinsFramesToTheScreen() throws {
        let l = AutoLayout()
        try l.setSize(Size(width: 390, height: 844), of: .screen)
        let box = try l.addItem()
        let child = try l.addItem(parent: box)
        for a in [Attribute.left, .top, .width, .height] { _ = try l.add(C(first: box, a, second: .screen, a)) }
        _ = try l.add(C(first: child, .leading, second: box, .leading, constant: 16))
        _ = try l.add(C(first: child, .trailing, second: box, .trailing, constant: -16))
        _ = try l.add(C(first: child, .top, second: box, .top, constant: 20))
        _ = try l.add(C(first: child, .height, second: child, .width, multiplier: 0.5))
        try l.solve()
        #expect(try l.frame(of: box) == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(try l.frame(of: child) == Rect(x: 16, y: 20, width: 358, height: 179))
        // Right to left: leading is the right edge, and its constants read from the right.
        _ = try l.add(C(first: child, .width, constant: 100, priority: 500))
        try l.solve()
        #expect(try l.frame(of: child) == Rect(x: 16, y: 20, width: 358, height: 179))
        let tag = try l.addItem(parent: box)
        _ = try l.add(C(first: tag, .leading, second: box, .leading, constant: 10))
        _ = try l.add(C(first: tag, .width, constant: 50))
        _ = try l.add(C(first: tag, .top, second: box, .top))
        _ = try l.add(C(first: tag, .height, constant: 10))
        try l.solve()
        #expect(try l.frame(of: tag).x == 10)
        try l.setRightToLeft(true)
        try l.solve()
        #expect(try l.frame(of: tag).x == 390 - 10 - 50)
        #expect(try l.frame(of: child) == Rect(x: 16, y: 20, width: 358, height: 179))
        #expect(throws: KalendsError.self) { try l.add(C(first: tag, .leading, second: box, .left)) }
    }

    /// Content set on an item takes its container's width, is as tall as it says at that
    /// width, and is told the solved width; a core View is such content.
    @Test func aSolveOverItsPivotBudgetFailsLeavesTheFramesAndTheNextSolveFinishes() throws {
        func layout() throws -> (AutoLayout, [ItemID]) {
            let l = AutoLayout()
            var items: [ItemID] = []
            for k in 0..<6 {
                let item = try l.addItem()
                items.append(item)
                _ = try l.add(C(first: item, .top, constant: Double(10 * k)))
                _ = try l.add(C(first: item, .height, constant: 20))
                _ = try l.add(C(first: item, .width, constant: Double(40 + 10 * k), priority: 250))
                _ = try l.add(C(first: item, .width, .lessOrEqual, constant: 300))
                if let previous = items.dropLast().last {
                    _ = try l.add(C(first: item, .left, second: previous, .right, constant: 8))
                } else {
                    _ = try l.add(C(first: item, .left, constant: 16, priority: 500))
                }
            }
            return (l, items)
        }
        let (reference, refItems) = try layout()
        try reference.solve()
        let (l, items) = try layout()
        l.pivotBudgetOverride = 0
        #expect(throws: KalendsError.self) { try l.solve() }
        for item in items { #expect(try l.frame(of: item) == Rect(x: 0, y: 0, width: 0, height: 0)) }
        #expect(throws: KalendsError.self) { try l.solve() }   // still over: zero pivots
        l.pivotBudgetOverride = nil
        try l.solve()
        for (a, b) in zip(items, refItems) { #expect(try l.frame(of: a) == reference.frame(of: b)) }
        // with the default budget the same layout settles in one solve
        #expect(try reference.frame(of: refItems[5]).x > 16)
    }

    @Test func contentTakesItsContainersWidthAndIsToldIt() throws {
        final class Half: LayoutContent {
            var widths: [Double] = []
            func height(forWidth width: Double) throws(KalendsError) -> Double { width / 2 }
            func takeWidth(_ width: Double) throws(KalendsError) { widths.append(width) }
        }
        let l = AutoLayout()
        let box = try l.addItem(), item = try l.addItem(parent: box)
        _ = try l.add(C(first: box, .left, constant: 0))
        _ = try l.add(C(first: box, .top, constant: 0))
        _ = try l.add(C(first: box, .width, constant: 300))
        _ = try l.add(C(first: box, .height, constant: 500))
        _ = try l.add(C(first: item, .left, second: box, .left))
        _ = try l.add(C(first: item, .top, second: box, .top, constant: 10))
        let content = Half()
        try l.setContent(content, of: item)
        try l.solve()
        #expect(try l.frame(of: item) == Rect(x: 0, y: 10, width: 300, height: 150))
        #expect(content.widths.last == 300)
        // a measure replaces the content: it is no longer told
        try l.setMeasure({ (_, _, _) throws(KalendsError) in IntrinsicSize(width: 40, height: 20) }, of: item)
        let told = content.widths.count
        try l.solve()
        #expect(content.widths.count == told)
        #expect(try l.frame(of: item).height == 20)
        // a calendar view: its metrics take the width, its height is its content's at it
        let view = try View(calendar: Calendar(options: CalendarOptions()))
        try l.setContent(view, of: item)
        try l.solve()
        #expect(view.metrics.width == 300)
        #expect(try l.frame(of: item).height == (try view.intrinsicSize(forWidth: 300)).height)
    }

    /// A label of intrinsic width 100 between required edges 80 apart gives way
    /// (compression resistance 750 < 1000); with room it keeps 100 (hugging 250 beats
    /// the weak wish to grow), unless its hugging is lower than that wish.
    @Test func intrinsicSizesHugAndResist() throws {
        let l = AutoLayout()
        let box = try l.addItem(), label = try l.addItem(parent: box)
        _ = try l.add(C(first: box, .left, constant: 0))
        _ = try l.add(C(first: box, .top, constant: 0))
        _ = try l.add(C(first: box, .width, constant: 80))
        _ = try l.add(C(first: box, .height, constant: 40))
        try l.setIntrinsicSize(IntrinsicSize(width: 100, height: 20), of: label)
        _ = try l.add(C(first: label, .left, second: box, .left))
        let right = try l.add(C(first: label, .right, .lessOrEqual, second: box, .right))
        _ = try l.add(C(first: label, .top, second: box, .top))
        try l.solve()
        #expect(try l.frame(of: label) == Rect(x: 0, y: 0, width: 80, height: 20))
        // Compression resistance above the edge: the edge gives way if it is not required.
        try l.remove(right)
        let soft = try l.add(C(first: label, .right, .lessOrEqual, second: box, .right, priority: 500))
        try l.solve()
        #expect(try l.frame(of: label).width == 100)
        // A wish to fill 300 at priority 300: hugging 250 loses, 400 wins.
        try l.remove(soft)
        _ = try l.add(C(first: label, .width, constant: 300, priority: 300))
        try l.solve()
        #expect(try l.frame(of: label).width == 300)
        var p = ContentPriorities()
        p.huggingHorizontal = 400
        try l.setPriorities(p, of: label)
        try l.solve()
        #expect(try l.frame(of: label).width == 100)
    }

    /// Wrapping content: its height follows the width it is given (two passes).
    @Test func measuredItemsGetTheirHeightAtTheSolvedWidth() throws {
        let l = AutoLayout()
        try l.setSize(Size(width: 320, height: 480), of: .screen)
        let text = try l.addItem()
        var calls: [String] = []
        // 1000 points of text in lines of 20 points.
        try l.setMeasure({ _, width, height in
            calls.append("\(width.map { "\($0)" } ?? "-")x\(height.map { "\($0)" } ?? "-")")
            guard let width else { return IntrinsicSize(width: 1000, height: 20) }
            return IntrinsicSize(width: 1000, height: 20 * (1000 / width).rounded(.up))
        }, of: text)
        _ = try l.add(C(first: text, .left, second: .screen, .left, constant: 10))
        _ = try l.add(C(first: text, .right, second: .screen, .right, constant: -10))
        _ = try l.add(C(first: text, .top, second: .screen, .top))
        try l.solve()
        #expect(try l.frame(of: text) == Rect(x: 10, y: 0, width: 300, height: 80))
        #expect(calls == ["-x-", "300.0x-", "300.0x-"])
        // Rotation: the same content wraps into fewer lines.
        try l.setSize(Size(width: 480, height: 320), of: .screen)
        try l.solve()
        #expect(try l.frame(of: text) == Rect(x: 10, y: 0, width: 460, height: 60))
    }

    /// MBCalendarKit 5: a calendar view constrained only by X and Y inside a 390-wide
    /// container takes the container's width and the height of its content.
    @Test func aCalendarViewNeedsOnlyItsPosition() throws {
        let view = try makeView(metrics: Metrics())
        let l = AutoLayout()
        let container = try l.addItem(), item = try l.addItem(parent: container)
        _ = try l.add(C(first: container, .left, constant: 0))
        _ = try l.add(C(first: container, .top, constant: 0))
        _ = try l.add(C(first: container, .width, constant: 390))
        _ = try l.add(C(first: container, .height, constant: 844))
        try l.setMeasure({ (_, width, _) throws(KalendsError) -> IntrinsicSize in
            guard let width else { return .none }
            return IntrinsicSize(width: nil, height: try view.intrinsicSize(forWidth: width).height)
        }, of: item, fillsParentWidth: true)
        _ = try l.add(C(first: item, .left, second: container, .left))
        _ = try l.add(C(first: item, .top, second: container, .top, constant: 20))
        try l.solve()
        try view.setMetrics(Metrics(width: 390))
        let expected = try view.intrinsicSize()
        #expect(try l.frame(of: item) == Rect(x: 0, y: 20, width: 390, height: expected.height))
    }

    /// A self-sizing cell: width fixed at the table's, height from the content.
    @Test func fittingSizeSizesACell() throws {
        let l = AutoLayout()
        let cell = try l.addItem(), square = try l.addItem(parent: cell)
        // 10 squares of 44 with 8 between, wrapping.
        try l.setMeasure({ _, width, _ in
            guard let width else { return IntrinsicSize(width: 10 * 52 - 8, height: 44) }
            let perRow = max(1, Int((width + 8) / 52))
            let rows = (10 + perRow - 1) / perRow
            return IntrinsicSize(width: nil, height: Double(rows) * 52 - 8)
        }, of: square)
        for (a, k) in [(Attribute.left, 12.0), (.top, 8), (.right, -12), (.bottom, -8)] {
            _ = try l.add(C(first: square, a, second: cell, a, constant: k))
        }
        for (width, rows) in [(390.0, 2.0), (844.0, 1.0), (200.0, 4.0)] {
            let size = try l.fittingSize(of: cell, target: Size(width: width, height: 0),
                                         horizontal: Priority.required, vertical: Priority.fittingSize)
            #expect(size == Size(width: width, height: rows * 52 - 8 + 16), "width \(width)")
        }
    }

    /// HKNSLayoutConstraint: a width of 1/4 of the screen's shorter edge stays through a
    /// rotation; a top margin of 1/10 of the screen's height follows it.
    @Test func altConstantsFollowTheScreen() throws {
        let l = AutoLayout()
        try l.setSize(Size(width: 390, height: 844), of: .screen)
        let badge = try l.addItem()
        _ = try l.add(C(first: badge, .width, alt: AltConstant(item: .screen, basis: .shorterEdge, multiplier: 0.25)))
        _ = try l.add(C(first: badge, .height, second: badge, .width))
        _ = try l.add(C(first: badge, .top, second: .screen, .top, alt: AltConstant(item: .screen, basis: .height, multiplier: 0.1)))
        _ = try l.add(C(first: badge, .centerX, second: .screen, .centerX))
        try l.solve()
        #expect(try l.frame(of: badge) == Rect(x: 146.25, y: 84.4, width: 97.5, height: 97.5))
        try l.setSize(Size(width: 844, height: 390), of: .screen)
        try l.solve()
        #expect(try l.frame(of: badge) == Rect(x: 373.25, y: 39, width: 97.5, height: 97.5))
    }

    @Test func unsatisfiableConstraintsFailOrBreakTheNewest() throws {
        let l = AutoLayout()
        let item = try l.addItem()
        _ = try l.add(C(first: item, .width, constant: 100))
        _ = try l.add(C(first: item, .left, constant: 0))
        _ = try l.add(C(first: item, .top, constant: 0))
        _ = try l.add(C(first: item, .height, constant: 10))
        try l.solve()
        let conflict = try l.add(C(first: item, .width, constant: 200))
        #expect(throws: KalendsError(.unsatisfiable, "constraint \(conflict) contradicts the required constraints")) {
            try l.solve()
        }
        #expect(try l.frame(of: item).width == 100)
        var broken: [BrokenConstraint] = []
        l.policy = .breakLowest
        l.onBroken = { broken.append($0) }
        try l.solve()
        #expect(broken == [BrokenConstraint(kind: .constraint, constraint: conflict, item: item)])
        #expect(try l.frame(of: item).width == 100)
        // Reported once, not at every solve; changing it retries it.
        try l.solve()
        #expect(broken.count == 1)
    }

    @Test func theScreenWinsOverAConflictingConstraint() throws {
        let l = AutoLayout()
        l.policy = .breakLowest
        var broken: [BrokenConstraint] = []
        l.onBroken = { broken.append($0) }
        try l.setSize(Size(width: 390, height: 844), of: .screen)
        let pinned = try l.add(C(first: .screen, .width, constant: 390))
        try l.solve()
        try l.setSize(Size(width: 844, height: 390), of: .screen)
        try l.solve()
        #expect(broken == [BrokenConstraint(kind: .constraint, constraint: pinned, item: .screen)])
        #expect(try l.frame(of: .screen) == Rect(x: 0, y: 0, width: 844, height: 390))
    }

    @Test func callbacksCannotChangeTheLayoutWhileItSolves() throws {
        let l = AutoLayout()
        let item = try l.addItem()
        var seen: KalendsError?
        try l.setMeasure({ (_, _, _) throws(KalendsError) -> IntrinsicSize in
            do throws(KalendsError) { _ = try l.addItem() } catch { seen = error }
            return .none
        }, of: item)
        try l.solve()
        #expect(seen?.code == .misuse)
        try l.setMeasure({ (_, _, _) throws(KalendsError) -> IntrinsicSize in throw KalendsError(.callback, "measure failed") },
                         of: item)
        #expect(throws: KalendsError(.callback, "measure failed")) { try l.solve() }
        _ = try l.addItem()   // usable again
    }

    @Test func prioritiesMapToOrderedStrengths() {
        let s = [1.0, 50, 250, 251, 750, 999].map(Priority.strength)
        #expect(s == s.sorted() && Set(s).count == s.count)
        #expect(s.last! < Strength.required && Priority.strength(1000) == Strength.required)
        #expect(abs(Priority.strength(1000 / 29.0 * 10) - 1024) < 1e-6)
        #expect(Priority.strength(750) / Priority.strength(250) > 20_000)
    }
}
