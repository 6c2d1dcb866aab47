import CKalends
import Kalends
import KalendsCore
import Testing

/// Pointer gestures through the Swift wrapper: whole gestures (a range drag both ways,
/// cancel, swipes both ways) and random pointer streams that KalendsCore and the C ABI
/// answer alike.
@Suite struct ViewPointerParityTests {
    func wrapperView(_ selection: Kalends.SelectionMode) throws -> Kalends.View {
        let calendar = try Kalends.Calendar(
            firstWeekday: .monday, today: .fixed(try Kalends.Date(year: 2026, month: 11, day: 22, library: library)), library: library)
        return try Kalends.View(calendar: calendar, options: try Kalends.ViewOptions(selectionMode: selection, library: library),
                                metrics: Kalends.Metrics(width: 350, library: library), library: library)
    }

    func centre(_ view: Kalends.View, _ day: Int32) throws -> (Double, Double) {
        let cell = try #require(try view.layout().first { $0.kind == .day && $0.dayNumber == day })
        return (cell.frame.x + cell.frame.width / 2, cell.frame.y + cell.frame.height / 2)
    }

    func nov(_ d: Int32) -> Int32 { Int32(KalendsCore.Gregorian.daysFromCivil(2026, 11, Int(d))) }

    @Test func rangeDragsBothWaysAndCancel() throws {
        let view = try wrapperView(.range)
        for (from, to) in [(Int32(10), Int32(13)), (20, 16)] {
            var (x, y) = try centre(view, nov(from))
            try view.press(x: x, y: y, time: 0)
            var d = from
            var t = 0.0
            while d != to {
                d += to > from ? 1 : -1
                t += 0.05
                (x, y) = try centre(view, nov(d))
                let moved = try view.drag(x: x, y: y, time: t)
                #expect(moved.action.outcome == .preview)
            }
            let g = try view.gesture
            #expect(g.kind == .range && g.preview?.first == nov(min(from, to)) && g.preview?.last == nov(max(from, to)))
            let released = try view.release(x: x, y: y, time: t + 0.1)
            #expect(released.action.outcome == .selected)
            let sel = try view.selection
            #expect(sel.first == nov(min(from, to)) && sel.last == nov(max(from, to)) && sel.rangeComplete)
        }
        var (x, y) = try centre(view, nov(3))
        try view.press(x: x, y: y, time: 5)
        (x, y) = try centre(view, nov(5))
        try view.drag(x: x, y: y, time: 5.1)
        #expect(try view.cancelPointer().action.outcome == .cancelled)
        #expect(try view.selection.first == nov(16))
        #expect(throws: Kalends.KalendsError.self) { try view.release(x: x, y: y, time: 6) }
    }

    @Test func swipesBothWays() throws {
        let view = try wrapperView(.single)
        let start = try view.page.first
        try view.press(x: 175, y: 200, time: 0, kind: .touch)
        try view.drag(x: -25, y: 200, time: 1, kind: .touch)
        #expect(try view.gesture.direction == .forward)
        #expect(try view.release(x: -25, y: 200, time: 1.5, kind: .touch).action.outcome == .paged)
        #expect(try view.page.first > start)
        try view.press(x: 175, y: 200, time: 2, kind: .touch)
        try view.drag(x: 375, y: 200, time: 3, kind: .touch)
        #expect(try view.gesture.direction == .backward)
        #expect(try view.release(x: 375, y: 200, time: 3.5, kind: .touch).action.outcome == .paged)
        #expect(try view.page.first == start)
        var options = try view.pointerOptions
        #expect(options.slop == 8 && options.swipeAxis == .horizontal)
        options = try Kalends.PointerOptions(swipeAxis: .vertical, library: library)
        try view.setPointerOptions(options)
        #expect(try view.pointerOptions.swipeAxis == .vertical)
    }

    /// Random pointer streams (presses, moves, releases, cancels in any order, any
    /// numbers) on KalendsCore and through the C ABI: the same results and errors.
    @Test(arguments: Array(1...6) as [UInt64])
    func randomPointerStreamsAgree(seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let mode = Int32(seed % 4)
        let coreCalendar = try KalendsCore.Calendar(options: KalendsCore.CalendarOptions(
            firstWeekday: .monday, today: .fixed(try KalendsCore.Date(year: 2026, month: 11, day: 22))))
        let core = try KalendsCore.View(calendar: coreCalendar,
                                        options: KalendsCore.ViewOptions(selectionMode: KalendsCore.SelectionMode(rawValue: mode) ?? .range),
                                        metrics: KalendsCore.Metrics(width: 350))
        let wrapper = try wrapperView(Kalends.SelectionMode(rawValue: mode) ?? .range)
        var problems: [String] = []
        var t = 0.0
        for step in 0..<400 where problems.count < 5 {
            let x = rng.int(10) == 0 ? rng.pick([Double.nan, .infinity, -1e300, 1e300]) : Double(rng.int(400)) - 20 + 0.5
            let y = Double(rng.int(420)) - 10 + 0.5
            t += Double(rng.int(40)) / 100
            let kind = Int32(rng.int(3))
            let event = KalendsCore.PointerEvent(KalendsCore.Point(x: x, y: y), time: t, kind: KalendsCore.PointerKind(rawValue: kind) ?? .mouse)
            let wkind = Kalends.PointerKind(rawValue: kind) ?? .mouse
            let op = rng.int(6)
            let a: Result<(KalendsCore.Element, KalendsCore.Action), KalendsCore.KalendsError>
            let b: Result<(Kalends.Element, Kalends.Action), Kalends.KalendsError>
            switch op {
            case 0:
                a = Result { () throws(KalendsCore.KalendsError) in let r = try core.press(event); return (r.element, r.action) }
                b = Result { () throws(Kalends.KalendsError) in let r = try wrapper.press(x: x, y: y, time: t, kind: wkind); return (r.element, r.action) }
            case 1, 2, 3:
                a = Result { () throws(KalendsCore.KalendsError) in let r = try core.move(event); return (r.element, r.action) }
                b = Result { () throws(Kalends.KalendsError) in let r = try wrapper.drag(x: x, y: y, time: t, kind: wkind); return (r.element, r.action) }
            case 4:
                a = Result { () throws(KalendsCore.KalendsError) in let r = try core.release(event); return (r.element, r.action) }
                b = Result { () throws(Kalends.KalendsError) in let r = try wrapper.release(x: x, y: y, time: t, kind: wkind); return (r.element, r.action) }
            default:
                a = Result { () throws(KalendsCore.KalendsError) in (KalendsCore.Element.nothing, try core.cancelPointer()) }
                b = Result { () throws(Kalends.KalendsError) in try wrapper.cancelPointer() }
            }
            switch (a, b) {
            case let (.success(x), .success(y)):
                if !((op == 5 || same(x.0, y.0)) && same(x.1, y.1)) { problems.append("seed \(seed) step \(step) op \(op): results differ") }
            case let (.failure(x), .failure(y)):
                if x.code.rawValue != y.rawStatus || x.message != y.message { problems.append("seed \(seed) step \(step) op \(op): \(x) vs \(y)") }
            default:
                problems.append("seed \(seed) step \(step) op \(op): \(a) vs \(b)")
            }
            let g = core.gesture, h = try wrapper.gesture
            if g.kind.rawValue != h.kind.rawValue || g.day != h.day || g.preview?.first != h.preview?.first
                || g.offset != h.offset || g.direction.rawValue != h.direction.rawValue {
                problems.append("seed \(seed) step \(step): gestures differ")
            }
            if core.selection.count != Int(try wrapper.selection.count) { problems.append("seed \(seed) step \(step): selections differ") }
        }
        #expect(problems.isEmpty, "\(problems)")
    }
}
