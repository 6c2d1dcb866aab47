/// Pointer gestures that edit events: the claimer the view asks at each press (when its
/// edit options make it editable) takes presses on an event's box or bar (move; within
/// `edgeWidth` of a timed box's top or bottom: resize) and on empty time of the grid
/// (create), and drives the editing engine with the (day, time) under the pointer:
/// the week and day pages' time grid (`Editing.gridOptions`, the grid the host draws),
/// a month page's day cells (bars move by days).
final class EditClaimer: PointerClaimer {
    /// Points from a box's top or bottom edge that resize it.
    static let edgeWidth = 6.0

    func claim(_ event: PointerEvent, element: Element, view: View) throws(KalendsError) -> (any PointerClaim)? {
        guard view.editing.options.editable, let hub = view.sources, view.editing.session == nil else { return nil }
        let p = event.point
        if view.options.mode == .month {
            guard element.kind == .day else { return nil }
            let found = try view.withStore(hub) { (s) throws(KalendsError) in try view.eventBars(s, in: hub.zone) }
            guard let bar = found.bars.last(where: { $0.frame.contains(p) }) else { return nil }
            return EditClaim(kind: .eventMove, event: bar.event, recurrenceID: bar.recurrenceID,
                             grab: EditPoint(day: element.dayNumber, allDay: true), grid: nil)
        }
        let options = view.editing.gridOptions
        let grid = try view.withStore(hub) { (s) throws(KalendsError) in try view.timeGrid(s, options: options, in: hub.zone) }
        let spot = try grid.spot(at: p)
        switch spot.area {
        case .none:
            return nil
        case .strip:
            guard let bar = try grid.bars().bars.last(where: { $0.frame.contains(p) }) else { return nil }
            return EditClaim(kind: .eventMove, event: bar.event, recurrenceID: bar.recurrenceID,
                             grab: EditPoint(day: spot.day, allDay: true), grid: grid)
        case .grid:
            let grab = EditPoint(day: spot.day, seconds: spot.seconds)
            guard let column = grid.columns.firstIndex(where: { $0.day == spot.day }) else { return nil }
            guard let box = try grid.items(column: column).last(where: { $0.item.frame.contains(p) })?.item else {
                return EditClaim(kind: .eventCreate, event: 0, recurrenceID: nil, grab: grab, grid: grid)
            }
            let f = box.frame
            let kind: GestureKind
            if !box.clippedStart && p.y < f.y + EditClaimer.edgeWidth && f.height > 3 * EditClaimer.edgeWidth {
                kind = .eventResizeStart
            } else if !box.clippedEnd && p.y >= f.y + f.height - EditClaimer.edgeWidth && f.height > 2 * EditClaimer.edgeWidth {
                kind = .eventResizeEnd
            } else {
                kind = .eventMove
            }
            return EditClaim(kind: kind, event: box.event, recurrenceID: box.recurrenceID, grab: grab, grid: grid)
        }
    }
}

/// A press on an event or on empty time, driving one edit.
final class EditClaim: PointerClaim {
    let kind: GestureKind
    let event: Int64
    let recurrenceID: Int64?
    let grab: EditPoint
    /// The time grid at the press (nil on a month page).
    let grid: TimeGrid?
    /// The read-only callback refused the edit: the gesture only reports it.
    private var refused: EditState?

    init(kind: GestureKind, event: Int64, recurrenceID: Int64?, grab: EditPoint, grid: TimeGrid?) {
        self.kind = kind
        self.event = event
        self.recurrenceID = recurrenceID
        self.grab = grab
        self.grid = grid
    }

    /// A touch edits after a long press (it scrolls or swipes otherwise), as calendar apps do.
    var needsLongPress: Bool { true }

    /// The (day, time) under a point: a grid column's time or a strip cell's day; a month
    /// page's day cell. nil outside them (the proposal stays).
    private func point(_ p: Point, _ view: View) throws(KalendsError) -> EditPoint? {
        guard let grid else {
            let e = try view.hitTest(p)
            return e.kind == .day ? EditPoint(day: e.dayNumber, allDay: true) : nil
        }
        let spot = try grid.spot(at: p)
        switch spot.area {
        case .none: return nil
        case .strip: return EditPoint(day: spot.day, allDay: true)
        case .grid: return EditPoint(day: spot.day, seconds: spot.seconds)
        }
    }

    private func step(_ e: PointerEvent, _ gesture: inout Gesture, _ view: View) throws(KalendsError) -> EditState {
        if let refused { return refused }
        var st = view.editing.session?.state
        if st == nil {
            let begun = try view.beginEdit(kind, event: event, recurrenceID: recurrenceID, at: grab)
            if begun.outcome == .refused {
                refused = begun
                fill(&gesture, begun)
                return begun
            }
            st = begun
        }
        if let p = try point(e.point, view) { st = try view.updateEdit(to: p) }
        let now = st ?? view.editState
        fill(&gesture, now)
        return now
    }

    private func fill(_ gesture: inout Gesture, _ st: EditState) {
        gesture.kind = kind
        gesture.proposal = EventProposal(eventID: st.event, occurrenceStart: st.recurrenceID ?? st.oldStart, proposedStart: st.start,
                                         proposedEnd: st.end, allDay: st.allDay, refusal: st.refusal)
    }

    private func stay(_ view: View) -> Transition { Transition(direction: .none, from: view.page, to: view.page) }

    func move(_ event: PointerEvent, element: Element, gesture: inout Gesture, view: View) throws(KalendsError) -> Action {
        let st = try step(event, &gesture, view)
        return Action(outcome: st.outcome == .refused ? .refused : .preview, day: gesture.day, transition: stay(view))
    }

    func release(_ event: PointerEvent, element: Element, gesture: inout Gesture, view: View) throws(KalendsError) -> Action {
        let st = try step(event, &gesture, view)
        if refused != nil { return Action(outcome: .refused, day: gesture.day, transition: stay(view)) }
        _ = st
        let done = try view.commitEdit()
        fill(&gesture, done)
        return Action(outcome: done.outcome, day: gesture.day, transition: stay(view))
    }

    func cancel(gesture: inout Gesture, view: View) throws(KalendsError) -> Action {
        if view.editing.session != nil { _ = try view.cancelEdit() }
        return Action(outcome: .cancelled, day: gesture.day, transition: stay(view))
    }
}
