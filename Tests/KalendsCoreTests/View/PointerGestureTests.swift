import Testing
@testable import KalendsCore

/// A claimer as event editing is one: it claims presses on the days it is given and
/// records what the view asks of its claims.
final class FakeClaimer: PointerClaimer {
    let days: Set<Int32>
    let needsLongPress: Bool
    var log: [String] = []

    init(days: Set<Int32>, needsLongPress: Bool = false) {
        self.days = days
        self.needsLongPress = needsLongPress
    }

    func claim(_ event: PointerEvent, element: Element, view: View) throws(KalendsError) -> (any PointerClaim)? {
        guard element.kind == .day, days.contains(element.dayNumber) else { return nil }
        log.append("claim \(element.dayNumber)")
        return FakeClaim(owner: self, from: element.dayNumber)
    }
}

final class FakeClaim: PointerClaim {
    let owner: FakeClaimer
    let from: Int32
    var needsLongPress: Bool { owner.needsLongPress }

    init(owner: FakeClaimer, from: Int32) {
        self.owner = owner
        self.from = from
    }

    func move(_ event: PointerEvent, element: Element, gesture: inout Gesture, view: View) throws(KalendsError) -> Action {
        owner.log.append("move")
        gesture.kind = .eventMove
        let to = element.kind == .day ? element.dayNumber : from
        gesture.proposal = EventProposal(eventID: 7, occurrenceStart: Int64(from), proposedStart: Int64(to),
                                         proposedEnd: Int64(to) + 1, allDay: true)
        return Action(outcome: .preview, day: to, transition: view.stay)
    }

    func release(_ event: PointerEvent, element: Element, gesture: inout Gesture, view: View) throws(KalendsError) -> Action {
        owner.log.append("release \(gesture.proposal?.proposedStart ?? -1)")
        return Action(outcome: .edited, day: gesture.day, transition: view.stay)
    }

    func cancel(gesture: inout Gesture, view: View) throws(KalendsError) -> Action {
        owner.log.append("cancel")
        return Action(outcome: .cancelled, day: nil, transition: view.stay)
    }
}

@Suite struct PointerGestureTests {
    func centre(_ view: View, _ d: Int32) throws -> Point {
        let cell = try #require(try view.layout().first { $0.kind == .day && $0.dayNumber == d })
        return Point(x: cell.frame.x + cell.frame.width / 2, y: cell.frame.y + cell.frame.height / 2)
    }

    @Test func aClaimTakesTheDragAndItsReleaseOrCancel() throws {
        let view = try makeView(ViewOptions(selectionMode: .range))
        let claimer = FakeClaimer(days: [number(2026, 11, 10)])
        view.addPointerClaimer(claimer)
        try view.press(PointerEvent(try centre(view, number(2026, 11, 10)), time: 0))
        #expect(view.gesture.kind == .tapPending)          // nothing asked before the slop is left
        let moved = try view.move(PointerEvent(try centre(view, number(2026, 11, 12)), time: 0.1))
        #expect(moved.action.outcome == .preview && view.gesture.kind == .eventMove)
        #expect(view.gesture.proposal?.proposedStart == Int64(number(2026, 11, 12)))
        let released = try view.release(PointerEvent(try centre(view, number(2026, 11, 12)), time: 0.2))
        #expect(released.action.outcome == .edited && view.selection.isEmpty)   // no range: the claim had it
        try view.press(PointerEvent(try centre(view, number(2026, 11, 10)), time: 1))
        try view.move(PointerEvent(try centre(view, number(2026, 11, 11)), time: 1.1))
        #expect(try view.key(.escape).outcome == .cancelled)
        #expect(claimer.log == ["claim \(number(2026, 11, 10))", "move", "move", "release \(number(2026, 11, 12))",
                                "claim \(number(2026, 11, 10))", "move", "cancel"])
    }

    @Test func aClaimedPressReleasedWithinTheSlopIsTheViewsTap() throws {
        let view = try makeView(ViewOptions(selectionMode: .single))
        let claimer = FakeClaimer(days: [number(2026, 11, 10)])
        view.addPointerClaimer(claimer)
        let p = try centre(view, number(2026, 11, 10))
        try view.press(PointerEvent(p, time: 0))
        let released = try view.release(PointerEvent(Point(x: p.x + 2, y: p.y), time: 0.1))
        #expect(released.action.outcome == .selected && view.selection.days == [number(2026, 11, 10)])
        #expect(claimer.log == ["claim \(number(2026, 11, 10))"])   // dropped unasked
    }

    @Test func aTouchClaimThatNeedsALongPressSwipesWithoutOne() throws {
        let view = try makeView(ViewOptions(selectionMode: .single))
        let claimer = FakeClaimer(days: [number(2026, 11, 10)], needsLongPress: true)
        view.addPointerClaimer(claimer)
        let p = try centre(view, number(2026, 11, 10))
        try view.press(PointerEvent(p, time: 0, kind: .touch))
        try view.move(PointerEvent(Point(x: p.x - 100, y: p.y), time: 0.1, kind: .touch))
        #expect(view.gesture.kind == .swipe && claimer.log.count == 1)
        _ = try view.cancelPointer()
        try view.press(PointerEvent(p, time: 1, kind: .touch))
        #expect(try view.move(PointerEvent(p, time: 1.6, kind: .touch)).action.outcome == .longPress)
        try view.move(PointerEvent(Point(x: p.x + 60, y: p.y), time: 1.7, kind: .touch))
        #expect(view.gesture.kind == .eventMove)
        _ = try view.cancelPointer()
    }

    @Test func paintSkipsVetoedDaysAndVerticalEdgesPage() throws {
        let view = try makeView(ViewOptions(selectionMode: .multiple))
        let vetoed = number(2026, 11, 11)
        try view.setCallbacks(ViewCallbacks(shouldSelect: { $0 != vetoed }))
        try view.press(PointerEvent(try centre(view, number(2026, 11, 10)), time: 0))
        try view.move(PointerEvent(try centre(view, number(2026, 11, 12)), time: 0.1))
        #expect(view.gesture.kind == .paint)
        let released = try view.release(PointerEvent(try centre(view, number(2026, 11, 12)), time: 0.2))
        #expect(released.action.outcome == .selected && view.selection.days == [number(2026, 11, 10), number(2026, 11, 12)])

        var options = PointerOptions()
        options.swipeAxis = .vertical
        try view.setPointerOptions(options)
        let start = view.page.first
        let bottom = try #require(try view.layout().last { $0.kind == .day }).frame
        try view.press(PointerEvent(try centre(view, number(2026, 11, 16)), time: 5))
        try view.move(PointerEvent(Point(x: bottom.x + 5, y: bottom.maxY - 2), time: 5.1))
        let held = try view.move(PointerEvent(Point(x: bottom.x + 5, y: bottom.maxY - 2), time: 5.8))
        #expect(held.action.outcome == .paged && view.page.first > start)
        #expect(try view.cancelPointer().outcome == .cancelled && view.page.first == start)   // cancel pages back
    }
}
