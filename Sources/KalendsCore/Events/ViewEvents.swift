extension View {
    /// The page's day cells with their frames (as `layout()` places them), row by row:
    /// what month bars are laid over (one month's page; several months: `monthCells()`).
    /// Only the page's span and geometry: no day's flags, so no is-disabled callback.
    public func dayCells() throws(KalendsError) -> [MonthBars.Cell] {
        let s = state
        guard let g = ViewGeometry(s) else { throw View.noWidth }
        guard !View.showsMonths(s) else {
            throw KalendsError(.invalidArgument, "the day cells of one month's page: this view shows \(s.options.months) months (monthCells() gives each month's)")
        }
        let span = try View.span(of: s)
        return (0..<Int(span.count)).map { i in
            MonthBars.Cell(day: span.first + Int32(i), row: i / 7, column: i % 7, frame: g.cell(i))
        }
    }

    /// The day cells of each month of the page (one list on a one-month page), with
    /// their frames as `layout()` places them. Rows count across the page: a month's
    /// first row follows the previous month's last, so a cell's `row * 7 + column` is
    /// its index among `days()` (and the layout's DAY elements). A day that two grids
    /// show (November's 30 as December's leading day) is a cell in each. O(cells).
    public func monthCells() throws(KalendsError) -> [[MonthBars.Cell]] {
        let s = state
        guard View.showsMonths(s) else { return [try dayCells()] }
        guard let g = MonthsGeometry(s) else { throw View.noWidth }
        var out: [[MonthBars.Cell]] = []
        out.reserveCapacity(g.blocks.count)
        for (p, b) in g.blocks.enumerated() {
            let first = s.page.monthSpans[p].first, rows = b.start / 7
            out.append((0..<b.count).map { k in
                MonthBars.Cell(day: first + Int32(k), row: rows + k / 7, column: k % 7, frame: b.moved(b.geometry.cell(k)))
            })
        }
        return out
    }

    /// Month bars of `store`'s events on this page; on a page of several months, each
    /// month's bars over its own grid (see `EventStore.monthBars(overMonths:)`).
    public func eventBars(_ store: EventStore, options: MonthBars.Options = MonthBars.Options(),
                          in zone: any LocalDays = UTCDays()) throws(KalendsError) -> (bars: [MonthBars.Bar], more: [MonthBars.More]) {
        try store.monthBars(overMonths: try monthCells(), options: options, in: zone)
    }
}

extension EventStore {
    /// Month bars over the grids of several months (`View.monthCells()`): each month's
    /// bars and "+N more" laid out over its own cells as on a one-month page (lanes per
    /// month; a bar cut at its month's grid edges as at a page's), in month order. A day
    /// two grids show has its bars in both. Cost: the sum of the months' layouts.
    public func monthBars(overMonths months: [[MonthBars.Cell]], options: MonthBars.Options = MonthBars.Options(),
                          in zone: any LocalDays = UTCDays()) throws(KalendsError) -> (bars: [MonthBars.Bar], more: [MonthBars.More]) {
        try options.validate()
        var bars: [MonthBars.Bar] = [], more: [MonthBars.More] = []
        for cells in months {
            let found = try monthBars(over: cells, options: options, in: zone)
            bars += found.bars
            more += found.more
        }
        return (bars, more)
    }
}

extension EventStore {
    /// Month bars of this store's events over day cells (a view's, from `View.dayCells()`,
    /// taken while the view is locked; this part needs only the store).
    public func monthBars(over cells: [MonthBars.Cell], options: MonthBars.Options = MonthBars.Options(),
                          in zone: any LocalDays = UTCDays()) throws(KalendsError) -> (bars: [MonthBars.Bar], more: [MonthBars.More]) {
        guard let first = cells.first?.day, let last = cells.last?.day else { return ([], []) }
        try options.validate()
        guard Int(last) - Int(first) + 1 == cells.count else { throw KalendsError(.invalidArgument, "cells are not consecutive days") }
        // Single events straight from the store's plain records (no Event, no title): id
        // and days; a timed event's days (zone lookups, which may throw) after the query.
        var items: [MonthBars.Item] = []
        var keys: [(Int64, Int32, Int64)] = []
        var timed: [(item: Int, start: Int64, end: Int64)] = []
        let lastDay = last
        try withHits(overlapping: first, last, in: zone, series: nil) { hits, _, v in
            for h in hits {
                let (r, _) = v.recordWithTitle(h.slot)
                keys.append((h.key, h.rank, h.id))
                if r.allDay {
                    let a = max(r.start, Int64(first)), b = min(r.end, Int64(lastDay))
                    items.append(MonthBars.Item(event: r.id, recurrenceID: nil, first: a <= b ? Int32(a - Int64(first)) : -1,
                                                last: a <= b ? Int32(b - Int64(first)) : -1))
                } else {
                    timed.append((items.count, r.start, r.end))
                    items.append(MonthBars.Item(event: r.id, recurrenceID: nil, first: -1, last: -1))
                }
            }
        }
        for t in timed {
            if let (a, b) = try MonthBars.cellDays(allDay: false, start: t.start, end: t.end, firstDay: first, lastDay: last, zone: zone) {
                items[t.item].first = a
                items[t.item].last = b
            }
        }
        if seriesSpans.count > 0 {
            // Recurring entries: their items in the store's order among the single events.
            var keyed = (0..<items.count).map { i in
                OrderedItem(key: keys[i].0, rank: keys[i].1, id: keys[i].2, sequence: i, value: items[i])
            }
            var sequence = items.count
            var rowsAreRuns = true
            for i in 1..<max(cells.count, 1) where cells[i].row != cells[i - 1].row && cells[i].row != cells[i - 1].row + 1 {
                rowsAreRuns = false
            }
            keyed += try seriesBarItems(first, last, lanes: options.maxLanes, rowsAreRuns: rowsAreRuns, in: zone, sequence: &sequence)
            items = OrderedItem.sorted(keyed).map(\.value)
        }
        items.removeAll { $0.first < 0 }
        return try MonthBars.layout(items: items, cells: cells, options: options)
    }

    /// The day timeline of local `day`: its timed events and occurrences placed by time,
    /// at most `options.maxEvents` (the first in start order) when it is not 0. A
    /// recurring entry lists only its first `maxEvents` of the day (see `firstOccurrences`).
    public func timeline(_ day: Int32, options: Timeline.Options = Timeline.Options(),
                         in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [Timeline.Item] {
        try options.validate()
        guard options.maxEvents > 0 else {
            return try Timeline.layout(try occurrences(day, day, in: zone), day: day, options: options, in: zone)
        }
        return try Timeline.layout(try timedOccurrences(day, limit: options.maxEvents, in: zone), day: day, options: options, in: zone)
    }

    /// The first `limit` timed events and occurrences overlapping local `day`, in start order.
    func timedOccurrences(_ day: Int32, limit: Int, in zone: any LocalDays) throws(KalendsError) -> [Occurrence] {
        var keyed: [OrderedItem<Occurrence>] = []
        var sequence = 0
        let singles = try withHits(overlapping: day, day, in: zone, series: nil) { hits, _, _ in
            hits.filter { $0.rank == 1 }.prefix(limit).map { ($0.key, $0.id) }
        }
        for (key, id) in singles {
            keyed.append(OrderedItem(key: key, rank: 1, id: id, sequence: sequence, value: Occurrence(event: try get(id))))
            sequence += 1
        }
        let (lo, hi) = try instants(day, day, zone)
        for (slot, series) in activeSeries(lo, hi) {
            for o in try seriesOccurrences(slot, series, .overlapping(lo, hi), zone, limit: limit, allDay: false) {
                keyed.append(OrderedItem(key: o.record.start, rank: 1, id: o.record.id, sequence: sequence,
                                         value: Occurrence(event: Event(o.record, title: o.titleText), recurrenceID: o.recurrenceID)))
                sequence += 1
            }
        }
        return OrderedItem.sorted(keyed).prefix(limit).map(\.value)
    }

    /// How many items `timeline` gives, and the items when they are at most `capacity`
    /// (nil otherwise): with recurring entries and no `maxEvents`, the count is counted
    /// (their timed occurrences in the window of the shown hours, see `Timeline.window`)
    /// before anything is listed, so that a short buffer does not list a dense day. On a
    /// day whose clock goes back (a wall time read twice) the shown hours are no window
    /// of instants: the day's timed occurrences are then listed to count them.
    public func timeline(_ day: Int32, options: Timeline.Options = Timeline.Options(), in zone: any LocalDays = UTCDays(),
                         capacity: Int) throws(KalendsError) -> (items: [Timeline.Item]?, count: Int) {
        try options.validate()
        if options.maxEvents == 0 && seriesSpans.count > 0, let window = try Timeline.window(day: day, options: options, in: zone) {
            let (lo, hi) = try instants(day, day, zone)
            var n: Int64 = 0
            let singles = try withHits(overlapping: day, day, in: zone, series: nil) { hits, _, v in
                hits.filter { $0.rank == 1 }.map { v.recordWithTitle($0.slot).0 }
            }
            for r in singles where window.contains(start: r.start, end: r.end) { n &+= 1 }
            for (_, series) in activeSeries(lo, hi) { n &+= try series.count(window, zone: zone, allDay: false) }
            guard n <= Int64(capacity) else { return (nil, Int(clamping: n)) }
        }
        let items = try timeline(day, options: options, in: zone)
        return (items.count <= capacity ? items : nil, items.count)
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


