extension View {
    /// A tap at a point, as Kal handles it: a day of the page selects it (multiple
    /// mode: toggles it); a leading or trailing day shows its month and selects it
    /// (`OutDateTap.selectOnly`: selects it only); the header buttons page; anything
    /// else does nothing. Returns the element hit and what happened.
    @discardableResult
    public func tap(_ point: Point) throws(KalendsError) -> (element: Element, action: Action) {
        try checkMutable()
        let element = try hitTest(point)
        switch element.kind {
        case .previous: return (element, pageAction(try previousPage()))
        case .next: return (element, pageAction(try nextPage()))
        case .day:
            let s0 = state
            let isOutDate = s0.options.mode == .month && !element.flags.contains(.inMonth)
            let movePage = isOutDate && s0.options.outDateTap == .pageAndSelect
            if s0.options.selectionMode == .none {
                guard movePage else { return (element, Action(outcome: .none, day: element.dayNumber, transition: stay)) }
                let t = try goTo(Date(uncheckedDayNumber: Int(element.dayNumber)))
                return (element, Action(outcome: t.changed ? .paged : .none, day: element.dayNumber, transition: t))
            }
            var s = s0
            let (outcome, notices) = try select(element.dayNumber, in: &s, toggle: true, movePage: movePage)
            guard outcome == .selected || outcome == .deselected else {
                return (element, Action(outcome: outcome, day: element.dayNumber, transition: stay))
            }
            try commit(s, notices: notices)
            return (element, Action(outcome: outcome, day: element.dayNumber, transition: transition(from: s0.page)))
        case .none, .header, .title, .weekday, .monthHeader:
            return (element, Action(outcome: .none, day: nil, transition: stay))
        }
    }

    private func pageAction(_ t: Transition) -> Action {
        Action(outcome: t.changed ? .paged : .none, day: t.to.anchor, transition: t)
    }
}
