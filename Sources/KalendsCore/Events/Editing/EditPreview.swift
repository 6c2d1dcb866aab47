/// What a host draws and says during an edit: the boxes of the days the edit changes,
/// re-laid out with the event at its proposed times, and a label for screen readers.
extension View {
    /// The time grid's boxes of the edit's days (`EditState.firstDay ... lastDay` on this
    /// page) with the event at its proposed times (a range being created as event 0). The
    /// grid's geometry is computed on the first call and kept while the edit lasts, so a
    /// call costs the affected days' events, not the page's or the store's.
    public func editPreview(options: TimeGrid.Options = TimeGrid.Options()) throws(KalendsError) -> [TimeGrid.Item] {
        guard var session = editing.session, let hub = sources else { throw KalendsError(.misuse, "no edit is under way") }
        let zone = hub.zone
        if session.grid == nil || session.gridOptions != options {
            session.grid = try withStore(hub) { (s) throws(KalendsError) in try timeGrid(s, options: options, in: zone) }
            session.gridOptions = options
            editing.session = session
        }
        guard let grid = session.grid else { return [] }
        let st = session.state
        let o = session.original
        let proposal = Event(id: o.id, title: o.title, allDay: st.allDay, start: st.start, end: st.end, color: o.color,
                             source: o.source, userValue: o.userValue)
        var out: [TimeGrid.Item] = []
        for (i, c) in grid.columns.enumerated() where c.day >= st.firstDay && c.day <= st.lastDay {
            // The day's records without their titles (the layout needs none).
            var day = try withStore(hub) { (s) throws(KalendsError) -> [Occurrence] in
                var found: [Occurrence] = []
                try s.forEachOccurrence(overlapping: c.day, c.day, in: zone) { _, _, r, _, rid in
                    guard !(st.kind != .eventCreate && r.id == st.event && rid == st.recurrenceID) else { return }
                    let e = Event(r, title: "")
                    if !TimeGrid.inStrip(e) { found.append(Occurrence(event: e, recurrenceID: rid)) }
                }
                return found
            }
            if !TimeGrid.inStrip(proposal) { day.append(Occurrence(event: proposal, recurrenceID: st.recurrenceID)) }
            out += try grid.items(column: i, of: day)
        }
        return out
    }

    /// What a screen reader says about the edit under way: "Standup, moving to Tuesday,
    /// November 24, 2026, 10:15 to 10:45", ", not allowed" when the drop would be refused.
    /// The date in the full style of the view's locale; times on a 24-hour clock.
    public func editAccessibilityLabel() throws(KalendsError) -> String {
        guard let session = editing.session, let hub = sources else { throw KalendsError(.misuse, "no edit is under way") }
        let st = session.state
        let s = state
        let verb: String
        switch st.kind {
        case .eventCreate: verb = "new event"
        case .eventResizeStart, .eventResizeEnd: verb = "resizing to"
        default: verb = "moving to"
        }
        func clock(_ seconds: Int32) -> String {
            let h = seconds / 3600, m = seconds / 60 % 60
            return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
        }
        var text = st.kind == .eventCreate ? verb : (session.original.title.isEmpty ? "Event" : session.original.title) + ", " + verb
        let locale = s.calendar.options.locale
        if st.allDay {
            text += " " + locale.format(try View.fields(Int(st.start), s), style: .full)
            if st.end > st.start { text += " to " + locale.format(try View.fields(Int(st.end), s), style: .full) }
            text += ", all day"
        } else {
            let a = try hub.zone.localDay(at: st.start), b = try hub.zone.localDay(at: st.end)
            text += " " + locale.format(try View.fields(Int(a.day), s), style: .full) + ", " + clock(a.secondsOfDay) + " to "
            if b.day != a.day && !(b.day == a.day + 1 && b.secondsOfDay == 0) {
                text += locale.format(try View.fields(Int(b.day), s), style: .full) + ", "
            }
            text += b.day == a.day + 1 && b.secondsOfDay == 0 ? "24:00" : clock(b.secondsOfDay)
        }
        if st.refusal != .none { text += ", not allowed" }
        return text
    }
}
