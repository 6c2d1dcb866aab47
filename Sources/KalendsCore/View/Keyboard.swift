extension View {
    /// Keyboard: arrows move the focus by a day (left/right, mirrored right-to-left) or
    /// a week (up/down), page up/down by a month, home/end to the start/end of the week,
    /// enter selects the focused day as a tap would. In single selection mode the
    /// selection follows the focus. Disabled days are stepped over (up to a year's
    /// steps); the view's bounds stop the move. The page follows the focus.
    @discardableResult
    public func key(_ key: Key) throws(KalendsError) -> Action {
        try checkMutable()
        var s = state
        let from = s.page
        if key == .enter {
            let (outcome, notices) = try select(s.focus, in: &s, toggle: true, movePage: true)
            guard outcome == .selected || outcome == .deselected else {
                return Action(outcome: outcome, day: s.focus, transition: stay)
            }
            try commit(s, notices: notices)
            return Action(outcome: outcome, day: s.focus, transition: transition(from: from))
        }
        if key == .escape {
            guard pointer.session != nil else { return Action(outcome: .none, day: s.focus, transition: stay) }
            return try cancelPointer()
        }
        guard let target = try keyTarget(key.arrow, s) else {
            return Action(outcome: .none, day: s.focus, transition: stay)
        }
        s.focus = target
        var outcome = Outcome.moved
        var notices: [Notice] = []
        if key.arrow != key && s.options.selectionMode == .range {
            // Shift+arrow: the range from its other end (or from the old focus) to the new focus.
            let old = s.selection
            var anchor = state.focus
            if let start = old.rangeStart {
                if let end = old.rangeEnd, state.focus == start { anchor = end } else { anchor = start }
            }
            let (selected, rangeNotices) = try selectRange(DayRange(first: min(anchor, target), last: max(anchor, target)), in: &s)
            if selected == .selected { notices = rangeNotices } else { s.selection = old }
            s.focus = target
            outcome = selected == .selected || selected == .vetoed || selected == .disabled ? selected : .moved
        } else if s.options.selectionMode == .single {
            let (selected, selectNotices) = try select(target, in: &s, toggle: false, movePage: true)
            if selected == .selected || selected == .vetoed { outcome = selected }
            notices = selectNotices
        }
        if !View.period(of: s.page).contains(target) { s.anchor = View.anchor(showing: target, in: s) }
        try commit(s, notices: notices)
        return Action(outcome: outcome, day: target, transition: transition(from: from))
    }

    /// Where a key moves the focus, or nil when it cannot move.
    private func keyTarget(_ key: Key, _ s: ViewState) throws(KalendsError) -> Int32? {
        let bounds = s.bounds
        let focus = s.focus
        let rtl = s.options.rightToLeft
        var step: (Int32) -> Int32
        switch key {
        case .left: step = { $0 + (rtl ? 1 : -1) }
        case .right: step = { $0 + (rtl ? -1 : 1) }
        case .up: step = { $0 - 7 }
        case .down: step = { $0 + 7 }
        case .pageUp: step = { (try? s.calendar.adding(months: -1, to: $0)) ?? $0 }
        case .pageDown: step = { (try? s.calendar.adding(months: 1, to: $0)) ?? $0 }
        case .home, .end:
            let weekStart = focus - Weekday(dayNumber: focus).days(since: s.calendar.options.firstWeekday)
            let target = key == .home ? weekStart : weekStart + 6
            guard target != focus, bounds.contains(target), !(try isDisabled(target, in: s)) else { return nil }
            return target
        case .enter, .escape, .shiftLeft, .shiftRight, .shiftUp, .shiftDown: return nil
        }
        var target = focus
        for _ in 0..<400 {
            let next = step(target)
            guard next != target, bounds.contains(next) else { return nil }
            target = next
            if !(try isDisabled(target, in: s)) { return target }
        }
        return nil
    }
}

extension Key {
    /// The arrow a Shift+arrow key moves by; any other key itself.
    var arrow: Key {
        switch self {
        case .shiftLeft: return .left
        case .shiftRight: return .right
        case .shiftUp: return .up
        case .shiftDown: return .down
        default: return self
        }
    }
}
