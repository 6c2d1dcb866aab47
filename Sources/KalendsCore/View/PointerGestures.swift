/// The gesture recogniser of a view: press, move, release and cancel become a tap, a
/// long press, a claimed gesture (event editing), a range drag, a paint or erase drag,
/// or a swipe. Each event costs a hit test and the work of the preview it changes:
/// O(1) for a range or a swipe, O(days dragged over) for a paint.
extension View {
    public var pointerOptions: PointerOptions { pointer.options }

    /// Replaces the pointer options; a gesture in progress goes on with the new ones.
    public func setPointerOptions(_ options: PointerOptions) throws(KalendsError) {
        try checkMutable()
        try options.validate()
        pointer.options = options
    }

    /// The gesture in progress (phase `.none` when no pointer is down).
    public var gesture: Gesture { pointer.session?.gesture ?? Gesture() }

    /// Adds a handler asked before the view's own gestures at each press, after the
    /// ones added before it.
    func addPointerClaimer(_ claimer: any PointerClaimer) {
        pointer.claimers.append(claimer)
    }

    /// A pointer goes down. Nothing is decided yet: the outcome is `.none`.
    @discardableResult
    public func press(_ event: PointerEvent) throws(KalendsError) -> (element: Element, action: Action) {
        try checkMutable()
        guard pointer.session == nil else {
            throw KalendsError(.misuse, "a pointer is already down: release or cancel it before the next press")
        }
        try event.validate()
        let element = try hitTest(event.point)
        var claim: (any PointerClaim)?
        for claimer in pointer.claimers {
            if let taken = try claimer.claim(event, element: element, view: self) {
                claim = taken
                break
            }
        }
        var g = Gesture()
        g.phase = .pressed
        g.kind = .tapPending
        g.pointer = event.kind
        g.start = event.point
        g.startTime = event.time
        g.location = event.point
        g.time = event.time
        if element.kind == .day { g.day = element.dayNumber }
        pointer.session = PointerSession(gesture: g, before: state, pressElement: element, claim: claim,
                                         previous: event.point, previousTime: event.time)
        return (element, Action(outcome: .none, day: g.day, transition: stay))
    }

    /// The pointer moves, or rests (the same point at a later time: long presses and
    /// edge paging need the time to pass).
    @discardableResult
    public func move(_ event: PointerEvent) throws(KalendsError) -> (element: Element, action: Action) {
        var (session, e, element) = try follow(event, "move")
        let action = try advance(&session, e, element)
        return (element, action)
    }

    /// The pointer goes up: the gesture ends and commits (see `kalends_view_pointer_release`).
    @discardableResult
    public func release(_ event: PointerEvent) throws(KalendsError) -> (element: Element, action: Action) {
        var (session, e, element) = try follow(event, "release")
        let moved = try advance(&session, e, element)
        pointer.session = nil
        let g = session.gesture
        switch g.phase {
        case .none, .pressed:
            if session.longPressReported {
                return (element, Action(outcome: moved.outcome == .longPress ? .longPress : .none, day: g.day, transition: stay))
            }
            let tapped = try tap(g.start)
            return (element, tapped.action)
        case .active:
            if session.claimBegan, let claim = session.claim {
                var gesture = g
                return (element, try claim.release(e, element: element, gesture: &gesture, view: self))
            }
            switch g.kind {
            case .range: return (element, try commitRange(session))
            case .paint, .erase: return (element, try commitPaint(session))
            case .swipe: return (element, try finishSwipe(session, e))
            case .none, .tapPending, .longPress, .eventMove, .eventResizeStart, .eventResizeEnd, .eventCreate:
                return (element, Action(outcome: .none, day: g.day, transition: stay))
            }
        }
    }

    /// The gesture ends without effect: the selection, page and focus from before the
    /// press come back (outcome `.cancelled`).
    @discardableResult
    public func cancelPointer() throws(KalendsError) -> Action {
        try checkMutable()
        guard let session = pointer.session else {
            throw KalendsError(.misuse, "a pointer cancel without a press")
        }
        pointer.session = nil
        if session.claimBegan, let claim = session.claim {
            var g = session.gesture
            _ = try claim.cancel(gesture: &g, view: self)
        }
        let from = state.page
        var s = state
        s.selection = session.before.selection
        s.anchor = clamp(session.before.anchor, s.bounds)
        s.focus = clamp(session.before.focus, s.bounds)
        if s != state { try commit(s, notices: []) }
        return Action(outcome: .cancelled, day: nil, transition: transition(from: from))
    }

    // MARK: recognising

    /// The checks of an event after the press, before anything changes: the view may
    /// change, a pointer is down, the numbers are finite, the point is hit tested. The
    /// event's time is no earlier than the last one's.
    private func follow(_ event: PointerEvent, _ what: String) throws(KalendsError) -> (PointerSession, PointerEvent, Element) {
        try checkMutable()
        guard let session = pointer.session else {
            throw KalendsError(.misuse, "a pointer \(what) without a press")
        }
        try event.validate()
        var e = event
        e.time = max(e.time, session.gesture.time)
        return (session, e, try hitTest(e.point))
    }

    /// Moves the gesture on to `e` and stores the session (the one place it changes).
    private func advance(_ session: inout PointerSession, _ e: PointerEvent, _ element: Element) throws(KalendsError) -> Action {
        let options = pointer.options
        var g = session.gesture
        g.location = e.point
        g.time = e.time
        var action = Action(outcome: .none, day: g.day, transition: stay)
        if g.phase == .pressed {
            let dx = e.point.x - g.start.x, dy = e.point.y - g.start.y
            let left = (dx * dx + dy * dy).squareRoot() > options.slop
            if !session.longPressReported && e.time - g.startTime >= options.longPressDuration {
                session.longPressReported = true
                if !left {
                    g.kind = .longPress
                    action = Action(outcome: .longPress, day: g.day, transition: stay)
                }
            }
            if !left {
                session.gesture = g
                pointer.session = session
                return action
            }
            g.phase = .active
            if let claim = session.claim, !claim.needsLongPress || g.pointer != .touch || session.longPressReported {
                session.claimBegan = true
            } else {
                session.claim = nil
                let e0 = session.pressElement
                let mode = state.options.selectionMode
                let fromDay = e0.kind == .day && !e0.flags.contains(.disabled) && (mode == .range || mode == .multiple)
                let selects: Bool
                switch options.dragSelect {
                case .never: selects = false
                case .always: selects = fromDay
                case .mouseOrLongPress: selects = fromDay && (g.pointer != .touch || session.longPressReported)
                }
                if selects {
                    session.origin = e0.dayNumber
                    g.day = e0.dayNumber
                    g.kind = mode == .range ? .range : (session.before.selection.contains(e0.dayNumber) ? .erase : .paint)
                } else {
                    g.kind = .swipe
                }
            }
        }
        if session.claimBegan, let claim = session.claim {
            action = try claim.move(e, element: element, gesture: &g, view: self)
        } else if g.kind == .swipe {
            action = swipe(&g, e)
        } else if g.kind == .range || g.kind == .paint || g.kind == .erase {
            action = try dragSelection(&session, &g, e, element)
        }
        session.previous = session.gesture.location
        session.previousTime = session.gesture.time
        session.gesture = g
        pointer.session = session
        return action
    }

    // MARK: range, paint and erase drags

    /// The day under the pointer (an enabled day only), edge paging, and the preview.
    private func dragSelection(_ session: inout PointerSession, _ g: inout Gesture, _ e: PointerEvent,
                               _ element: Element) throws(KalendsError) -> Action {
        guard let origin = session.origin else { return Action(outcome: .none, day: g.day, transition: stay) }
        var reached = g.day ?? origin
        if element.kind == .day && !element.flags.contains(.disabled) { reached = element.dayNumber }
        var paged: Transition?
        let edge = edgeDirection(at: e.point)
        if edge == .none {
            session.edgeSince = nil
            session.edgeDirection = .none
        } else if session.edgeDirection != edge || session.edgeSince == nil {
            session.edgeSince = e.time
            session.edgeDirection = edge
        } else if let since = session.edgeSince, pointer.options.edgeHoldDuration > 0,
                  e.time - since >= pointer.options.edgeHoldDuration {
            let t = try turnPage(edge)
            session.edgeSince = e.time
            if t.changed {
                paged = t
                if let day = try nearestDay(to: e.point) { reached = day }
            }
        }
        let changed = reached != g.day || g.preview == nil
        g.day = reached
        if changed {
            let range = DayRange(first: min(origin, reached), last: max(origin, reached))
            g.preview = range
            showPreview(try preview(range, kind: g.kind, before: session.before.selection))
        }
        if let paged { return Action(outcome: .paged, day: reached, transition: paged) }
        return Action(outcome: changed ? .preview : .none, day: reached, transition: stay)
    }

    /// The selection a drag over `range` would leave.
    private func preview(_ range: DayRange, kind: GestureKind, before: Selection) throws(KalendsError) -> Selection {
        var out = before
        if kind == .range {
            out.removeAll()
            out.setRange(start: range.first, end: range.last)
            return out
        }
        var day = range.first
        while true {
            if !(try isDisabled(day)) {
                if kind == .paint { out.insert(day) } else { out.remove(day) }
            }
            if day == range.last { break }
            day += 1
        }
        return out
    }

    /// Which way holding at `point` pages: within edge_width of the grid's start or end
    /// along the swipe axis (or past it), mirrored right-to-left.
    private func edgeDirection(at point: Point) -> Direction {
        guard let g = ViewGeometry(state) else { return .none }
        let width = pointer.options.edgeWidth
        let m = state.metrics
        if pointer.options.swipeAxis == .horizontal {
            let left = m.insets.left, right = max(left, m.width - m.insets.right)
            let start: Direction = state.options.rightToLeft ? .forward : .backward
            if point.x < left + width { return start }
            if point.x >= right - width { return start == .forward ? .backward : .forward }
            return .none
        }
        let top = g.rowEdges(0).0, bottom = g.rowEdges(g.rowCount - 1).1
        if point.y < top + width { return .backward }
        if point.y >= bottom - width { return .forward }
        return .none
    }

    /// The enabled day of the cell nearest to `point` (the point pulled into the grid).
    private func nearestDay(to point: Point) throws(KalendsError) -> Int32? {
        guard let g = ViewGeometry(state) else { return nil }
        let m = state.metrics
        let left = m.insets.left, right = max(left, m.width - m.insets.right)
        let top = g.rowEdges(0).0, bottom = g.rowEdges(g.rowCount - 1).1
        let inside = Point(x: min(max(point.x, left), right - 0.5), y: min(max(point.y, top), bottom - 0.5))
        let element = try hitTest(inside)
        guard element.kind == .day, !element.flags.contains(.disabled) else { return nil }
        return element.dayNumber
    }

    /// Release of a range drag: the range, as two taps would select it (disabled days,
    /// should_select and will_select for each end); refused, the old selection.
    private func commitRange(_ session: PointerSession) throws(KalendsError) -> Action {
        let before = session.before.selection
        guard let range = session.gesture.preview else {
            showPreview(before)
            return Action(outcome: .none, day: session.gesture.day, transition: stay)
        }
        var s = state
        s.selection = before
        let outcome: Outcome, notices: [Notice]
        do {
            (outcome, notices) = try selectRange(range, in: &s)
        } catch {
            showPreview(before)
            throw error
        }
        guard outcome == .selected else {
            showPreview(before)
            return Action(outcome: outcome, day: session.gesture.day, transition: stay)
        }
        s.focus = session.gesture.day ?? range.last
        showPreview(before)
        try commit(s, notices: notices)
        return Action(outcome: .selected, day: session.gesture.day, transition: stay)
    }

    /// Replaces a draft's selection by `range`, as two taps would select it: disabled
    /// days, should_select and will_select for each end (once for a one-day range).
    /// The notices: the old endpoints deselected, then the ends selected. Anything but
    /// `.selected` leaves the draft's selection unusable: the caller drops the draft.
    func selectRange(_ range: DayRange, in s: inout ViewState) throws(KalendsError) -> (Outcome, [Notice]) {
        var notices = s.selection.endpoints.map(Notice.didDeselect)
        s.selection.removeAll()
        let (first, n1) = try select(range.first, in: &s, toggle: false, movePage: false)
        guard first == .selected else { return (first, []) }
        notices += n1
        if range.last == range.first {
            s.selection.setRange(start: range.first, end: range.first)
            return (.selected, notices)
        }
        let (last, n2) = try select(range.last, in: &s, toggle: false, movePage: false)
        guard last == .selected else { return (last, []) }
        return (.selected, notices + n2)
    }

    /// Release of a paint (erase) drag: each enabled day of the range that is not
    /// selected (is selected) is selected as a select call would (erased); vetoed days
    /// stay as they were.
    private func commitPaint(_ session: PointerSession) throws(KalendsError) -> Action {
        let before = session.before.selection
        showPreview(before)
        guard let range = session.gesture.preview else {
            return Action(outcome: .none, day: session.gesture.day, transition: stay)
        }
        var s = state
        var notices: [Notice] = []
        let painting = session.gesture.kind == .paint
        var day = range.first
        while true {
            if painting {
                if !s.selection.contains(day) {
                    let (outcome, n) = try select(day, in: &s, toggle: false, movePage: false)
                    if outcome == .selected { notices += n }
                }
            } else if let n = deselect(day, in: &s) {
                notices += n
            }
            if day == range.last { break }
            day += 1
        }
        guard !notices.isEmpty else { return Action(outcome: .none, day: session.gesture.day, transition: stay) }
        s.focus = session.gesture.day ?? range.last
        try commit(s, notices: notices)
        return Action(outcome: painting ? .selected : .deselected, day: session.gesture.day, transition: stay)
    }

    // MARK: swipes

    /// The page size along the swipe axis: the content width, or the grid's height.
    private func pageExtent() -> Double {
        guard let g = ViewGeometry(state) else { return 0 }
        if pointer.options.swipeAxis == .horizontal {
            let m = state.metrics
            return max(0, m.width - m.insets.left - m.insets.right)
        }
        return g.rowEdges(g.rowCount - 1).1 - g.rowEdges(0).0
    }

    /// The offset along the axis of a point from the press.
    private func axisOffset(_ point: Point, from start: Point) -> Double {
        pointer.options.swipeAxis == .horizontal ? point.x - start.x : point.y - start.y
    }

    /// Which page an offset reveals: dragging left (up) shows the next page, right
    /// (down) the previous; right-to-left mirrors horizontal swipes. `.none` where no
    /// page lies that way.
    private func swipeDirection(_ offset: Double) -> Direction {
        guard offset != 0 else { return .none }
        let mirrored = pointer.options.swipeAxis == .horizontal && state.options.rightToLeft
        let direction: Direction = (offset < 0) != mirrored ? .forward : .backward
        return canTurn(direction, state) ? direction : .none
    }

    private func swipe(_ g: inout Gesture, _ e: PointerEvent) -> Action {
        let offset = axisOffset(e.point, from: g.start)
        let extent = pageExtent()
        let direction = swipeDirection(offset)
        let progress = direction == .none || extent <= 0 ? 0 : min(1, abs(offset) / extent)
        let changed = offset != g.offset || direction != g.direction
        g.offset = offset
        g.direction = direction
        g.progress = progress
        return Action(outcome: changed ? .preview : .none, day: g.day, transition: stay)
    }

    /// Release of a swipe: pages when it went far enough or fast enough its way.
    private func finishSwipe(_ session: PointerSession, _ e: PointerEvent) throws(KalendsError) -> Action {
        let g = session.gesture
        let options = pointer.options
        guard g.direction != .none else { return Action(outcome: .none, day: nil, transition: stay) }
        let dt = e.time - session.previousTime
        let travelled = axisOffset(e.point, from: session.previous)
        let velocity = dt > 0 ? travelled / dt : 0
        let fast = options.swipeVelocity > 0 && abs(velocity) >= options.swipeVelocity && (velocity < 0) == (g.offset < 0)
        guard g.progress >= options.swipeDistance || fast else { return Action(outcome: .none, day: nil, transition: stay) }
        let t = try turnPage(g.direction)
        return Action(outcome: t.changed ? .paged : .none, day: t.to.anchor, transition: t)
    }

    /// During a swipe that reveals a page: the state that page would have.
    func swipeTarget() -> (state: ViewState, direction: Direction)? {
        guard let g = pointer.session?.gesture, g.kind == .swipe, g.direction != .none else { return nil }
        var s = state
        s.anchor = clamp(View.step(s.anchor, in: s, by: Int(g.direction.rawValue)), s.bounds)
        guard let page = try? View.page(of: s) else { return nil }
        s.page = page
        return (s, g.direction)
    }
}
