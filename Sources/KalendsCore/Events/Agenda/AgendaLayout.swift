/// The agenda's viewport over a store (see `Agenda`).
extension EventStore {
    /// The rows of an agenda viewport of `height` points over local days first ... last
    /// of `zone`, its top `offset` points below the top of the block of `anchorDay` (the
    /// first busy day at or after it; the last one before it when none follows). A
    /// negative offset scrolls up into earlier days, one past a block into later ones;
    /// the top stops at the first day's heading and the bottom at the last day's last
    /// row. `today` (the host's; the library never reads the clock) marks the headings
    /// of yesterday, today and tomorrow. Errors: INVALID_ARGUMENT (last < first, an
    /// anchor outside the range, a height or offset not finite, a negative height, an
    /// option, a height of more than `Agenda.maxRows` rows), OUT_OF_RANGE (days beyond the supported dates, an offset past more than
    /// `Agenda.maxBlocksWalked` blocks).
    public func agenda(_ first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(), today: Int32? = nil,
                       anchorDay: Int32, offset: Double, height: Double,
                       options: Agenda.Options = Agenda.Options()) throws(KalendsError) -> Agenda.Viewport {
        try options.validate()
        guard first <= last else { throw KalendsError(.invalidArgument, "day range \(first) ... \(last) is empty") }
        guard first >= Gregorian.minDayNumber, last <= Gregorian.maxDayNumber else {
            throw KalendsError(.outOfRange, "day range \(first) ... \(last) is outside the supported dates")
        }
        guard anchorDay >= first, anchorDay <= last else {
            throw KalendsError(.invalidArgument, "anchor day \(anchorDay) is outside the range \(first) ... \(last)")
        }
        guard offset.isFinite, abs(offset) <= 1e12 else { throw KalendsError(.invalidArgument, "offset \(offset) is not a finite number") }
        guard height.isFinite, height >= 0, height <= 1e9 else {
            throw KalendsError(.invalidArgument, "height \(height) is not a number from 0 to 1e9")
        }
        // The rows shown are the work: a viewport of millions of rows is refused, not built.
        guard height / min(options.headingHeight, options.rowHeight) <= Double(Agenda.maxRows) else {
            throw KalendsError(.invalidArgument, "height \(height) holds more than \(Agenda.maxRows) rows")
        }
        // The interval index, not the slot order: the slot order's answer reads every
        // event starting in the 8 days before a range (2,200 of them at 274 events a
        // day), the index's only those of its length class (a day's for most events).
        let savedOrder = useStartOrder
        useStartOrder = false
        defer { useStartOrder = savedOrder }
        var walk = try AgendaWalk(store: self, first: first, last: last, zone: zone, options: options)
        let estimate = try walk.estimatedHeight()
        var found = try walk.days.nextBusyDay(from: anchorDay, through: last)
        if found == nil { found = try walk.days.previousBusyDay(through: anchorDay, from: first) }
        guard var day = found else {
            return Agenda.Viewport(rows: [], anchorDay: first, offset: 0, atStart: true, atEnd: true, estimatedHeight: 0, estimatedTop: 0)
        }
        var top = day < anchorDay ? try walk.blockHeight(day) : offset
        // Normalise: the block holding the top, 0 <= top < its height.
        var atStart = false
        try walk.up(&day, &top, &atStart)
        try walk.down(&day, &top)
        // The bottom stops at the content's end: what is missing below moves the top up.
        let missing = height - (try walk.contentBelow(day, top, needed: height))
        if missing > 0 {
            top -= missing
            try walk.up(&day, &top, &atStart)
        }
        var rows: [Agenda.Row] = []
        var y = 0 - top, d: Int32? = day, atEnd = true
        while let current = d {
            if y >= height {
                atEnd = false
                break
            }
            let block = try walk.block(current)
            try walk.rows(of: block, at: y, height: height, today: today, into: &rows)
            y += block.height
            d = current < last ? try walk.days.nextBusyDay(from: current + 1, through: last) : nil
        }
        if y > height + 1e-9 { atEnd = false }
        let days = Double(Int64(last) - Int64(first) + 1)
        let estimatedTop = min(max(estimate * Double(Int64(day) - Int64(first)) / days + top, 0), estimate)
        if !atStart && top <= 0 { atStart = try walk.isFirst(day) }
        return Agenda.Viewport(rows: rows, anchorDay: day, offset: top, atStart: atStart,
                               atEnd: atEnd, estimatedHeight: estimate, estimatedTop: estimatedTop)
    }
}

/// An event or occurrence of a day as the store gives it (its title as a C string owned
/// by the store, valid until the store changes).
struct AgendaItem {
    let record: EventRecord
    let title: UnsafePointer<CChar>?
    let recurrenceID: Int64?

    var occurrence: Occurrence {
        Occurrence(event: Event(record, title: title.map { String(cString: $0) } ?? ""), recurrenceID: recurrenceID)
    }
}

/// One busy day's block: how many rows it has.
struct AgendaBlock {
    let day: Int32
    let count: Int
    let height: Double
}

/// The walk of a viewport from block to block (blocks measured once each).
struct AgendaWalk {
    let store: EventStore
    let first: Int32
    let last: Int32
    let zone: any LocalDays
    let options: Agenda.Options
    /// Counts and busy days by rank.
    let days: AgendaDayCounts
    private var counts: [Int32: Int] = [:]
    private var walked = 0

    init(store: EventStore, first: Int32, last: Int32, zone: any LocalDays, options: Agenda.Options) throws(KalendsError) {
        days = try AgendaDayCounts(store: store, zone: zone)
        self.store = store
        self.first = first
        self.last = last
        self.zone = zone
        self.options = options
    }

    /// A busy day's block (its events and occurrences counted, not listed).
    mutating func block(_ day: Int32) throws(KalendsError) -> AgendaBlock {
        let n: Int
        if let known = counts[day] {
            n = known
        } else {
            n = try days.count(day, day)
            counts[day] = n
        }
        let height = n == 0 ? 0 : options.headingHeight + Double(n) * options.rowHeight
        return AgendaBlock(day: day, count: n, height: height)
    }

    mutating func blockHeight(_ day: Int32) throws(KalendsError) -> Double { try block(day).height }

    private mutating func step() throws(KalendsError) {
        walked += 1
        guard walked <= Agenda.maxBlocksWalked else {
            throw KalendsError(.outOfRange, "the offset passes more than \(Agenda.maxBlocksWalked) days of events: move the anchor day instead")
        }
    }

    /// Moves a negative `top` up into earlier blocks; at the first block it stops at 0.
    mutating func up(_ day: inout Int32, _ top: inout Double, _ atStart: inout Bool) throws(KalendsError) {
        while top < 0 {
            guard day > first, let p = try days.previousBusyDay(through: day - 1, from: first) else {
                top = 0
                atStart = true
                return
            }
            try step()
            day = p
            top += try blockHeight(p)
        }
    }

    /// Moves a `top` past its block's end down into later blocks; past the last block it
    /// stays in it (the bottom clamp follows).
    mutating func down(_ day: inout Int32, _ top: inout Double) throws(KalendsError) {
        while true {
            let h = try blockHeight(day)
            guard top >= h, day < last, let n = try days.nextBusyDay(from: day + 1, through: last) else { return }
            try step()
            top -= h
            day = n
        }
    }

    /// Points of content from `top` in `day`'s block down, stopping once `needed` is reached.
    mutating func contentBelow(_ day: Int32, _ top: Double, needed: Double) throws(KalendsError) -> Double {
        var total = try blockHeight(day) - top, d = day
        while total < needed, d < last, let n = try days.nextBusyDay(from: d + 1, through: last) {
            try step()
            total += try blockHeight(n)
            d = n
        }
        return total
    }

    func isFirst(_ day: Int32) throws(KalendsError) -> Bool {
        day == first ? true : try days.previousBusyDay(through: day - 1, from: first) == nil
    }

    /// Appends the rows of a block whose top is at `y` that meet 0 ..< height.
    func rows(of block: AgendaBlock, at y: Double, height: Double, today: Int32?,
              into rows: inout [Agenda.Row]) throws(KalendsError) {
        let h = options.headingHeight, r = options.rowHeight
        if y + h > 0 && y < height {
            let relative = today.flatMap { t -> Int32? in
                let d = Int64(block.day) - Int64(t)
                return abs(d) <= 1 ? Int32(d) : nil
            }
            rows.append(Agenda.Row(kind: .heading, day: block.day, y: y, height: h, relative: relative, occurrence: nil, titlePointer: nil,
                                   dayIndex: 0, dayCount: 0, position: 0))
        }
        let top = y + h
        let from = max(0, Int(((0 - top) / r).rounded(.down)))
        let end = min(block.count, Int(((height - top) / r).rounded(.up)))
        guard from < end else { return }
        let listed = try dayRows(block.day, count: block.count, from: from, to: end)
        for (j, o) in listed.enumerated() {
            let i = from + j
            let span = try EventStore.days(of: o.record, clippedTo: Gregorian.minDayNumber, Gregorian.maxDayNumber, in: zone)
            let lower = span?.lowerBound ?? block.day, upper = span?.upperBound ?? block.day
            rows.append(Agenda.Row(kind: .event, day: block.day, y: top + Double(i) * r, height: r, relative: nil, occurrence: o.occurrence, titlePointer: o.title,
                                   dayIndex: Int32(clamping: Int64(block.day) - Int64(lower) + 1),
                                   dayCount: Int32(clamping: Int64(upper) - Int64(lower) + 1), position: i))
        }
    }

    /// The whole range's content height estimated from `Agenda.sampleDays` days spread
    /// evenly over it (every day of a range that short: then exact).
    mutating func estimatedHeight() throws(KalendsError) -> Double {
        let days = Int64(last) - Int64(first) + 1
        let samples = min(days, Int64(Agenda.sampleDays))
        var sum = 0.0
        for i in 0..<samples {
            let day = Int32(Int64(first) + (i * days + days / 2) / samples)
            sum += try blockHeight(day)
        }
        return sum / Double(samples) * Double(days)
    }
}
