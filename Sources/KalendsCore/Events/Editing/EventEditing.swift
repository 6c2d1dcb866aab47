/// Event editing in a view with a store (issue 26, items 4 and 5): an edit begins on an
/// event's occurrence (or on empty time, to select a range), follows the (day, time)
/// points the pointer or the keys reach, and ends by a commit or a cancel. The store is
/// untouched until the commit, which writes one update. Proposals are wall times of the
/// view's zone, snapped; a start on a skipped wall time moves forward by the gap
/// (RFC 5545, 3.3.5, as `TimeZone.instant(localDay:secondsOfDay:)` reads it).
extension View {
    // MARK: options and constraints

    public var editOptions: EditOptions { editing.options }
    public var businessHours: [BusinessHours] { editing.businessHours }
    public var editRanges: [TimeRange] { editing.ranges }
    /// The edit under way (kind `.none` without one).
    public var editState: EditState { editing.session?.state ?? EditState() }

    public func setEditOptions(_ options: EditOptions) throws(KalendsError) {
        try checkMutable()
        try options.validate()
        guard editing.session == nil else { throw KalendsError(.misuse, "edit options cannot change during an edit") }
        editing.options = options
        if options.editable && !editing.claims {
            addPointerClaimer(EditClaimer())
            editing.claims = true
        }
    }

    /// The time grid the host draws week and day pages with (pointer gestures edit on it).
    public var editGridOptions: TimeGrid.Options { editing.gridOptions }

    public func setEditGridOptions(_ options: TimeGrid.Options) throws(KalendsError) {
        try checkMutable()
        try options.validate()
        editing.gridOptions = options
    }

    public func setEditCallbacks(_ callbacks: EditCallbacks) throws(KalendsError) {
        try checkMutable()
        editing.callbacks = callbacks
    }

    public func setBusinessHours(_ hours: [BusinessHours]) throws(KalendsError) {
        try checkMutable()
        for h in hours { try h.validate() }
        editing.businessHours = hours.sorted()
    }

    public func setEditRanges(_ ranges: [TimeRange]) throws(KalendsError) {
        try checkMutable()
        for r in ranges where r.end < r.start {
            throw KalendsError(.invalidArgument, "allowed range \(r.start) ... \(r.end) ends before it starts")
        }
        editing.ranges = ranges
    }

    // MARK: the gesture

    /// Begins an edit of `kind` at `point` on the occurrence `recurrenceID` of `event`
    /// (nil: a single event; `.eventCreate`: no event). A read-only event begins nothing: the
    /// state says `.refused`, `.readOnly`.
    public func beginEdit(_ kind: GestureKind, event: Int64, recurrenceID: Int64?, at point: EditPoint) throws(KalendsError) -> EditState {
        try checkMutable()
        // the state's misuse first, then the point (as updateEdit): a begin during an edit is
        // MISUSE whatever its point
        guard editing.options.editable else { throw KalendsError(.misuse, "the view is not editable (edit options)") }
        guard let hub = sources else { throw KalendsError(.misuse, "the view has no store to edit") }
        guard editing.session == nil else { throw KalendsError(.misuse, "an edit is under way (commit or cancel it first)") }
        try point.validate()
        guard [.eventMove, .eventResizeStart, .eventResizeEnd, .eventCreate].contains(kind) else {
            throw KalendsError(.invalidArgument, "an edit is an event move, resize or create, not \(kind)")
        }
        var original: Event
        var version: UInt64 = 0
        if kind == .eventCreate {
            original = Event(id: 0, allDay: point.allDay, start: point.allDay ? Int64(point.day) : 0,
                             end: point.allDay ? Int64(point.day) : 0)
            version = try withStore(hub) { s in s.version }
        } else {
            (original, version) = try withStore(hub) { (s) throws(KalendsError) in
                (try View.occurrence(s, event, recurrenceID, in: hub.zone), s.version)
            }
            if original.allDay && (kind == .eventResizeStart || kind == .eventResizeEnd) {
                throw KalendsError(.invalidArgument, "an all-day event is resized by days, not by its edges")
            }
        }
        var state = EditState()
        state.kind = kind
        state.event = kind == .eventCreate ? 0 : event
        state.recurrenceID = kind == .eventCreate ? nil : recurrenceID
        state.oldAllDay = original.allDay
        state.oldStart = original.start
        state.oldEnd = original.end
        if kind != .eventCreate, let isReadOnly = editing.callbacks.isReadOnly {
            if try inCallback({ () throws(KalendsError) in try isReadOnly(event) }) {
                state.outcome = .refused
                state.refusal = .readOnly
                state.allDay = original.allDay
                state.start = original.start
                state.end = original.end
                return state
            }
        }
        var session = EditSession(state: state, original: original, grab: point, storeVersion: version)
        try propose(&session, to: point, hub)
        editing.session = session
        return session.state
    }

    /// Moves the edit to `point`: the proposal and whether it would be refused.
    public func updateEdit(to point: EditPoint) throws(KalendsError) -> EditState {
        try checkMutable()
        guard var session = editing.session, let hub = sources else { throw KalendsError(.misuse, "no edit is under way") }
        try point.validate()
        try propose(&session, to: point, hub)
        editing.session = session
        return session.state
    }

    /// Cancels the edit under way: nothing changes.
    public func cancelEdit() throws(KalendsError) -> EditState {
        try checkMutable()
        guard var session = editing.session else { throw KalendsError(.misuse, "no edit is under way") }
        editing.session = nil
        session.state.outcome = .cancelled
        return session.state
    }

    /// Ends the edit: an allowed proposal is asked of `shouldCommit`, then written to the
    /// store (one update). A refused one changes nothing. The edit is over either way,
    /// except when the veto callback fails (`.callback`: the edit stays under way).
    public func commitEdit() throws(KalendsError) -> EditState {
        try checkMutable()
        guard let session = editing.session, let hub = sources else { throw KalendsError(.misuse, "no edit is under way") }
        var state = session.state
        if state.refusal == .none, let veto = editing.callbacks.shouldCommit {
            let change = state
            if !(try inCallback({ () throws(KalendsError) in try veto(change) })) { state.refusal = .vetoed }
        }
        editing.session = nil
        guard state.refusal == .none else {
            state.outcome = .refused
            return state
        }
        if state.kind != .eventCreate {
            let changed = state
            let scope = editing.options.scope
            do {
                // Whether the event is still as it was and the write, under one lock: another
                // thread cannot remove or change it in between.
                state.refusal = try withStore(hub) { (s) throws(KalendsError) -> Refusal in
                    let drift = try View.drift(s, session, hub.zone)
                    if drift == .none { try View.write(changed, session.original, scope: scope, to: s, zone: hub.zone) }
                    return drift
                }
            } catch {
                editing.session = session   // nothing was written: the edit stays
                throw error
            }
            if state.refusal != .none {
                state.outcome = .refused
                return state
            }
        }
        state.outcome = state.kind == .eventCreate ? .timeSelected : .edited
        return state
    }

    /// Moves or resizes an occurrence by a key, as an edit begun and committed at once.
    public func editKey(_ key: EditKey, event: Int64, recurrenceID: Int64?) throws(KalendsError) -> EditState {
        guard let hub = sources else { throw KalendsError(.misuse, "the view has no store to edit") }
        guard editing.session == nil else { throw KalendsError(.misuse, "an edit is under way (commit or cancel it first)") }
        let e = try withStore(hub) { (s) throws(KalendsError) in try View.occurrence(s, event, recurrenceID, in: hub.zone) }
        let step = editing.options.snap
        let kind: GestureKind
        var from: EditPoint
        if e.allDay {
            guard key == .previousDay || key == .nextDay || key == .earlier || key == .later else {
                throw KalendsError(.invalidArgument, "an all-day event is resized by days, not by its edges")
            }
            kind = .eventMove
            from = EditPoint(day: Int32(clamping: e.start), allDay: true)
        } else {
            let (day, seconds) = try hub.zone.localDay(at: key == .shorter || key == .longer ? e.end : e.start)
            kind = key == .shorter || key == .longer ? .eventResizeEnd : .eventMove
            from = EditPoint(day: day, seconds: seconds)
            if kind == .eventResizeEnd && seconds == 0 && e.end > e.start {   // an end at midnight is the day before's 24:00
                from = EditPoint(day: day - 1, seconds: 86_400)
            }
        }
        var wall = from.wall
        switch key {
        case .earlier: wall -= e.allDay ? 86_400 : step
        case .later: wall += e.allDay ? 86_400 : step
        case .previousDay: wall -= 86_400
        case .nextDay: wall += 86_400
        case .shorter: wall -= step
        case .longer: wall += step
        }
        let day = Int32(clamping: wall.floorDiv(86_400))
        var to = EditPoint(day: day, allDay: e.allDay, seconds: Int32(wall - Int64(day) * 86_400))
        if kind == .eventResizeEnd && to.seconds == 0 { to = EditPoint(day: day - 1, seconds: 86_400) }
        let begun = try beginEdit(kind, event: event, recurrenceID: recurrenceID, at: from)
        if begun.outcome == .refused { return begun }
        do {
            _ = try updateEdit(to: to)
            return try commitEdit()
        } catch {
            if editing.session != nil { _ = try? cancelEdit() }
            throw error
        }
    }

    // MARK: proposals

    /// The proposal for `point`, its days and whether the constraints refuse it.
    private func propose(_ session: inout EditSession, to p: EditPoint, _ hub: SourceHub) throws(KalendsError) {
        let zone = hub.zone
        let o = session.original, g = session.grab
        let options = editing.options
        let step = options.snap
        var allDay = o.allDay, start = o.start, end = o.end
        switch session.state.kind {
        case .eventCreate:
            if p.allDay || g.allDay {
                allDay = true
                start = Int64(min(g.day, p.day))
                end = Int64(max(g.day, p.day))
            } else {
                let a = View.snapped(g.wall, step), b = View.snapped(p.wall, step)
                let lo = min(a, b), hi = max(max(a, b), min(a, b) + step)
                allDay = false
                start = try View.instant(zone, wall: lo)
                end = max(start, try View.instant(zone, wall: hi))
            }
        case .eventMove:
            let days = Int64(p.day) - Int64(g.day)
            if p.allDay && (state.options.mode == .month || o.allDay || TimeGrid.inStrip(o)) {
                if o.allDay {   // by days
                    start = o.start + days
                    end = o.end + days
                } else {        // timed: the same wall time on the other day
                    start = try View.instant(zone, wall: try View.wall(zone, o.start) + days * 86_400)
                    end = start + (o.end - o.start)
                }
                allDay = o.allDay
            } else if p.allDay {   // a timed event into the all-day strip
                allDay = true
                start = Int64(p.day)
                end = Int64(p.day)
            } else if o.allDay {   // an all-day event out of the strip: an hour at the point
                allDay = false
                start = try View.instant(zone, wall: View.snapped(p.wall, step))
                end = start + max(3600, options.minimum)
            } else {
                allDay = false
                let moved = View.snapped(try View.wall(zone, o.start) + (p.wall - g.wall), step)
                start = try View.instant(zone, wall: moved)
                end = start + (o.end - o.start)
            }
        case .eventResizeEnd:
            end = try View.instant(zone, wall: View.snapped(p.wall, step))
            end = max(end, o.start + options.minimum)
        case .eventResizeStart:
            start = try View.instant(zone, wall: View.snapped(p.wall, step))
            start = min(start, o.end - options.minimum)
        default:
            break
        }
        let proposal = Event(id: o.id, title: o.title, allDay: allDay, start: start, end: end, color: o.color, source: o.source,
                             userValue: o.userValue)
        try proposal.validate()
        session.state.allDay = allDay
        session.state.start = start
        session.state.end = end
        session.state.outcome = .preview
        let old = session.state.kind == .eventCreate ? nil : try View.days(of: o, zone)
        let new = try View.days(of: proposal, zone)
        session.state.firstDay = min(old?.lowerBound ?? new.lowerBound, new.lowerBound)
        session.state.lastDay = max(old?.upperBound ?? new.upperBound, new.upperBound)
        session.state.refusal = try refusal(proposal, days: new, session, hub)
    }

    /// Why the constraints refuse `proposal` (`.none`: they allow it).
    private func refusal(_ proposal: Event, days: ClosedRange<Int32>, _ session: EditSession, _ hub: SourceHub) throws(KalendsError) -> Refusal {
        let zone = hub.zone
        let bounds = state.bounds
        guard bounds.contains(days.lowerBound), bounds.contains(days.upperBound) else { return .outOfBounds }
        if !proposal.allDay && !editing.businessHours.isEmpty {
            let (day, seconds) = try zone.localDay(at: proposal.start)
            let endWall = try View.wall(zone, proposal.end) - Int64(day) * 86_400
            let weekday = Weekday(dayNumber: day).rawValue
            let inside = editing.businessHours.contains { h in
                h.weekday == weekday && Int64(h.start) <= Int64(seconds) && endWall <= Int64(h.end)
            }
            if !inside { return .outsideWindow }
        }
        if !editing.ranges.isEmpty {
            let a = proposal.allDay ? try zone.dayStart(Int32(proposal.start)) : proposal.start
            let b = proposal.allDay ? try zone.dayStart(Int32(proposal.end) + 1) : proposal.end
            if !editing.ranges.contains(where: { $0.start <= a && b <= $0.end }) { return .outsideWindow }
        }
        if editing.options.noOverlap && !proposal.allDay && session.state.kind != .eventCreate {
            let me = (session.state.event, session.state.recurrenceID)
            let clash = try withStore(hub) { (s) throws(KalendsError) -> Bool in
                for other in try s.occurrences(days.lowerBound, days.upperBound, in: zone) {
                    let e = other.event
                    if (e.id, other.recurrenceID) == me || e.allDay || e.source != proposal.source { continue }
                    if e.start < proposal.end && proposal.start < e.end { return true }
                }
                return false
            }
            if clash { return .overlap }
        }
        return .none
    }

    // MARK: the store

    /// Runs `body` with the store under its owner's lock.
    func withStore<T>(_ hub: SourceHub, _ body: (EventStore) throws(KalendsError) -> T) throws(KalendsError) -> T {
        var out: [T] = []
        try hub.synchronize { () throws(KalendsError) in out.append(try body(hub.store)) }
        guard let result = out.first else { throw KalendsError(.misuse, "the store's lock did not run the edit") }
        return result
    }

    /// The occurrence `recurrenceID` of `id` (nil: the entry itself) as it is now. A
    /// recurring entry's occurrence is looked for within a week of its recurrence id.
    static func occurrence(_ s: EventStore, _ id: Int64, _ recurrenceID: Int64?, in zone: any LocalDays) throws(KalendsError) -> Event {
        guard let recurrenceID else {
            guard !s.isSeries(id) else { throw KalendsError(.invalidArgument, "event \(id) is recurring: name the occurrence") }
            return try s.get(id)
        }
        guard s.isSeries(id) else { throw KalendsError(.notFound, "event \(id) is not recurring") }
        let entry = try s.get(id)
        let day = entry.allDay ? Int32(clamping: recurrenceID) : try zone.localDay(at: recurrenceID).day
        let first = max(Gregorian.minDayNumber, day &- 7), last = min(Gregorian.maxDayNumber, day &+ 7)
        guard let o = try s.occurrences(first, last, in: zone).first(where: { $0.event.id == id && $0.recurrenceID == recurrenceID }) else {
            throw KalendsError(.notFound, "event \(id) has no occurrence \(recurrenceID)")
        }
        return o.event
    }

    /// Whether the edited occurrence left or changed in the store since the edit began.
    static func drift(_ s: EventStore, _ session: EditSession, _ zone: any LocalDays) throws(KalendsError) -> Refusal {
        guard s.version != session.storeVersion else { return .none }
        guard s.contains(session.state.event) else { return .removed }
        let now: Event
        do { now = try occurrence(s, session.state.event, session.state.recurrenceID, in: zone) } catch { return .removed }
        return now == session.original ? .none : .changed
    }

    /// Writes a committed change: one update of a single event; an override of the
    /// occurrence (scope `.this`) or a moved series (`.all`) for a recurring entry.
    static func write(_ change: EditState, _ original: Event, scope: EditScope, to s: EventStore, zone: any LocalDays) throws(KalendsError) {
        var e = original
        e.allDay = change.allDay
        e.start = change.start
        e.end = change.end
        guard let rid = change.recurrenceID else { return try s.update(e) }
        switch scope {
        case .this: try s.override(e.id, recurrenceID: rid, with: e, zone: zone)
        case .all: try s.shiftSeries(e.id, from: original, to: e, zone: zone)
        }
    }

    // MARK: wall times

    /// The wall time of an instant as seconds from the epoch's midnight.
    static func wall(_ zone: any LocalDays, _ instant: Int64) throws(KalendsError) -> Int64 {
        let (day, seconds) = try zone.localDay(at: instant)
        return Int64(day) * 86_400 + Int64(seconds)
    }

    /// The instant of a wall time; one a clock change skips moves forward by the gap.
    static func instant(_ zone: any LocalDays, wall: Int64) throws(KalendsError) -> Int64 {
        let d = wall.floorDiv(86_400)
        guard let day = Int32(exactly: d), day >= Gregorian.minDayNumber, day <= Gregorian.maxDayNumber else {
            throw KalendsError(.outOfRange, "wall time \(wall) is outside the supported dates")
        }
        let seconds = wall - d * 86_400
        if let tz = zone as? TimeZone { return try tz.instant(localDay: day, secondsOfDay: Int32(seconds)) }
        return try zone.dayStart(day) + seconds
    }

    /// A wall time at the nearest multiple of `step` from its midnight.
    static func snapped(_ wall: Int64, _ step: Int64) -> Int64 {
        let midnight = wall.floorDiv(86_400) * 86_400
        return midnight + (wall - midnight + step / 2) / step * step
    }

    /// The local days an event covers.
    static func days(of e: Event, _ zone: any LocalDays) throws(KalendsError) -> ClosedRange<Int32> {
        if e.allDay { return Int32(clamping: e.start)...Int32(clamping: max(e.start, e.end)) }
        let a = try zone.localDay(at: e.start).day
        let b = try zone.localDay(at: max(e.start, e.end - 1)).day
        return a...max(a, b)
    }
}
