extension View {
    /// The page's day cells with their frames (as `layout()` places them), row by row:
    /// what month bars are laid over.
    /// Only the page's span and geometry: no day's flags, so no is-disabled callback.
    public func dayCells() throws(KalendsError) -> [MonthBars.Cell] {
        let s = state
        guard let g = ViewGeometry(s) else { throw View.noWidth }
        let span = try View.span(of: s)
        return (0..<Int(span.count)).map { i in
            MonthBars.Cell(day: span.first + Int32(i), row: i / 7, column: i % 7, frame: g.cell(i))
        }
    }

    /// Month bars of `store`'s events on this page.
    public func eventBars(_ store: EventStore, options: MonthBars.Options = MonthBars.Options(),
                          in zone: any LocalDays = UTCDays()) throws(KalendsError) -> (bars: [MonthBars.Bar], more: [MonthBars.More]) {
        try store.monthBars(over: try dayCells(), options: options, in: zone)
    }
}

extension EventStore {
    /// Month bars of this store's events over day cells (a view's, from `View.dayCells()`,
    /// taken while the view is locked; this part needs only the store).
    public func monthBars(over cells: [MonthBars.Cell], options: MonthBars.Options = MonthBars.Options(),
                          in zone: any LocalDays = UTCDays()) throws(KalendsError) -> (bars: [MonthBars.Bar], more: [MonthBars.More]) {
        guard let first = cells.first?.day, let last = cells.last?.day else { return ([], []) }
        // Straight from the store's plain records (no Event, no title): id, recurrence id
        // and days; a timed event's days (zone lookups, which may throw) after the query.
        var items: [MonthBars.Item] = []
        var timed: [(item: Int, start: Int64, end: Int64)] = []
        let lastDay = last
        try forEachOccurrence(overlapping: first, last, in: zone) { _, _, r, _, rid in
            if r.allDay {
                let a = max(r.start, Int64(first)), b = min(r.end, Int64(lastDay))
                if a <= b { items.append(MonthBars.Item(event: r.id, recurrenceID: rid, first: Int32(a - Int64(first)), last: Int32(b - Int64(first)))) }
            } else {
                timed.append((items.count, r.start, r.end))
                items.append(MonthBars.Item(event: r.id, recurrenceID: rid, first: -1, last: -1))
            }
        }
        try options.validate()
        guard Int(last) - Int(first) + 1 == cells.count else { throw KalendsError(.invalidArgument, "cells are not consecutive days") }
        var dropped = false
        for t in timed {
            if let (a, b) = try MonthBars.cellDays(allDay: false, start: t.start, end: t.end, firstDay: first, lastDay: last, zone: zone) {
                items[t.item].first = a
                items[t.item].last = b
            } else {
                dropped = true
            }
        }
        if dropped { items.removeAll { $0.first < 0 } }
        return try MonthBars.layout(items: items, cells: cells, options: options)
    }
}

extension View {
    /// Adds a source to the attached hub and asks it for the current page. Its id comes
    /// back even when that first answer fails (the failure comes with it).
    public func addSource(_ source: SourceHub.Source) throws(KalendsError) -> (id: Int32, failure: KalendsError?) {
        try checkMutable()
        guard let hub = sources else { throw KalendsError(.misuse, "the view has no store: set one first (View.setStore, kalends_view_set_store)") }
        let before = Set(hub.sourceIDs)
        do {
            let id = try inCallback { () throws(KalendsError) -> Int32 in try hub.add(source) }
            return (id, nil)
        } catch {
            guard let id = hub.sourceIDs.first(where: { !before.contains($0) }) else { throw error }
            return (id, error)
        }
    }

    public func removeSource(_ id: Int32) throws(KalendsError) {
        try checkMutable()
        guard let hub = sources else { throw KalendsError(.notFound, "no source \(id)") }
        try hub.remove(id)
    }
}

extension EventStore {
    /// The day timeline of local `day`.
    public func timeline(_ day: Int32, options: Timeline.Options = Timeline.Options(),
                         in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [Timeline.Item] {
        try Timeline.layout(try occurrences(day, day, in: zone), day: day, options: options, in: zone)
    }
}
