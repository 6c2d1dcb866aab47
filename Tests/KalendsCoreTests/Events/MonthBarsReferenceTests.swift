import Testing
@testable import KalendsCore

/// Month bars laid out from compact items (MonthBars.layout(items:), and the store's
/// path through its plain records) give exactly the bars and "+N more" of the layout
/// they replaced, kept below as the reference (the version of 71320ac, verbatim but
/// for its name), on random pages: all-day and timed events, several zones, occurrences
/// of recurring entries, few and many lanes.
@Suite struct MonthBarsReferenceTests {
    typealias Cell = MonthBars.Cell
    typealias Options = MonthBars.Options
    typealias Bar = MonthBars.Bar
    typealias More = MonthBars.More

    static func reference(_ events: [Event], recurrenceIDs: [Int64?], cells: [Cell], options: Options,
                          in zone: any LocalDays) throws(KalendsError) -> (bars: [Bar], more: [More]) {
        try options.validate()
        guard let firstDay = cells.first?.day, let lastDay = cells.last?.day else { return ([], []) }
        guard Int(lastDay) - Int(firstDay) + 1 == cells.count else {
            throw KalendsError(.invalidArgument, "cells are not consecutive days")
        }
        // Each event's covered days on the page (indices into cells).
        var spans: [(event: Int, first: Int, last: Int, length: Int)] = []
        for (i, e) in events.enumerated() {
            guard let days = try EventStore.days(of: e, clippedTo: firstDay, lastDay, in: zone) else { continue }
            let a = Int(days.lowerBound - firstDay), b = Int(days.upperBound - firstDay)
            spans.append((i, a, b, b - a))
        }
        spans.sort { ($0.first, -$0.length, $0.event) < ($1.first, -$1.length, $1.event) }

        let rows = (cells.map(\.row).max() ?? 0) + 1
        var rowRange = Array(repeating: (first: Int.max, last: Int.min), count: rows)
        for (i, c) in cells.enumerated() where c.row >= 0 && c.row < rows {
            rowRange[c.row].first = min(rowRange[c.row].first, i)
            rowRange[c.row].last = max(rowRange[c.row].last, i)
        }
        // Lane bitsets per day, `words` words a day in one flat array: a lane is never
        // higher than the number of spans (a span takes the lowest lane free on its days,
        // and at most spans - 1 others lie there), so `words` always suffices. The hot
        // loop works on buffer pointers: no per-access exclusivity or uniqueness checks.
        let words = max(1, (spans.count + 63) / 64)
        var occupied = [UInt64](repeating: 0, count: cells.count * words)
        var wordsUsed = [Int](repeating: 0, count: cells.count)            // words in use per day
        var laneOf = [Int](repeating: -1, count: events.count)             // lane in the previous row
        var segments: [(span: Int, row: Int, first: Int, last: Int, lane: Int)] = []
        segments.reserveCapacity(spans.count)
        var laneOverflow = false
        occupied.withUnsafeMutableBufferPointer { occupied in
            wordsUsed.withUnsafeMutableBufferPointer { used in
                for row in 0..<rows where rowRange[row].first <= rowRange[row].last {
                    let (r0, r1) = rowRange[row]
                    var here = spans.indices.filter { spans[$0].first <= r1 && spans[$0].last >= r0 }
                    // Continuing events first, in their previous lanes' order; then the rest.
                    here.sort { x, y in
                        let cx = spans[x].first < r0, cy = spans[y].first < r0
                        if cx != cy { return cx }
                        if cx { return laneOf[spans[x].event] < laneOf[spans[y].event] }
                        return false
                    }
                    for s in here {
                        let a = max(spans[s].first, r0), b = min(spans[s].last, r1)
                        var lane = -1
                        if spans[s].first < r0, case let previous = laneOf[spans[s].event], previous >= 0 {
                            let w = previous >> 6, bit = UInt64(1) << UInt64(previous & 63)
                            var isFree = true
                            for d in a...b where occupied[d * words + w] & bit != 0 { isFree = false; break }
                            if isFree { lane = previous }
                        }
                        if lane < 0 {
                            var inUse = 0
                            for d in a...b { inUse = max(inUse, used[d]) }
                            lane = inUse * 64
                            for w in 0..<inUse {
                                var union: UInt64 = 0
                                for d in a...b { union |= occupied[d * words + w] }
                                if union != .max { lane = w * 64 + (~union).trailingZeroBitCount; break }
                            }
                        }
                        let w = lane >> 6, bit = UInt64(1) << UInt64(lane & 63)
                        guard w < words else { laneOverflow = true; return }
                        for d in a...b {
                            occupied[d * words + w] |= bit
                            if used[d] <= w { used[d] = w + 1 }
                        }
                        laneOf[spans[s].event] = lane
                        segments.append((s, row, a, b, lane))
                    }
                }
            }
        }
        if laneOverflow { throw KalendsError(.internal, "month bars: a lane beyond the number of events") }

        // Per day: everything on it, and whether any of it lies beyond the cell's lanes.
        var total = Array(repeating: 0, count: cells.count)
        var overflow = Array(repeating: false, count: cells.count)
        for seg in segments {
            for d in seg.first...seg.last {
                total[d] += 1
                if seg.lane >= options.maxLanes { overflow[d] = true }
            }
        }
        let shownLanes = { (d: Int) in overflow[d] ? options.maxLanes - 1 : options.maxLanes }
        var shown = Array(repeating: 0, count: cells.count)

        func laneFrame(_ lane: Int, _ a: Int, _ b: Int) -> Rect {
            let fa = cells[a].frame, fb = cells[b].frame
            let minX = min(fa.x, fb.x), maxX = max(fa.x + fa.width, fb.x + fb.width)
            return Rect(x: minX + options.sideInset, y: fa.y + options.topInset + Double(lane) * (options.barHeight + options.laneSpacing),
                        width: max(0, maxX - minX - 2 * options.sideInset), height: options.barHeight)
        }

        var bars: [Bar] = []
        for seg in segments {
            // Cut the segment where its lane is not shown (a day that overflows).
            var d = seg.first
            while d <= seg.last {
                guard seg.lane < shownLanes(d) else {
                    d += 1
                    continue
                }
                var end = d
                while end + 1 <= seg.last && seg.lane < shownLanes(end + 1) { end += 1 }
                for x in d...end { shown[x] += 1 }
                let span = spans[seg.span], e = events[span.event]
                bars.append(Bar(event: e.id, row: seg.row, firstColumn: cells[d].column, lastColumn: cells[end].column,
                                lane: seg.lane, continuesBefore: d > span.first, continuesAfter: end < span.last,
                                frame: laneFrame(seg.lane, d, end),
                                recurrenceID: recurrenceIDs.isEmpty ? nil : recurrenceIDs[span.event]))
                d = end + 1
            }
        }
        var more: [More] = []
        for d in cells.indices where total[d] > shown[d] {
            more.append(More(day: cells[d].day, hidden: total[d] - shown[d], frame: laneFrame(options.maxLanes - 1, d, d)))
        }
        return (bars, more)
    }


    static func randomEvents(_ rng: inout SplitMix, count: Int, first: Int32) -> [Event] {
        (0..<count).map { i in
            let day = Int64(first) - 8 + Int64(rng.next() % 56)
            if rng.next() % 3 == 0 {
                let s = day * 86_400 + Int64(rng.next() % 86_400)
                return Event(id: Int64(i) * 7 - 300, allDay: false, start: s, end: s + Int64(rng.next() % (6 * 86_400)))
            }
            return Event(id: Int64(i) * 7 - 300, allDay: true, start: day, end: day + Int64(rng.next() % 12))
        }
    }

    @Test(arguments: 0..<12)
    func itemsGiveTheReferenceBars(seed: Int) throws {
        var rng = SplitMix(UInt64(seed) &+ 77)
        let rows = 1 + Int(rng.next() % 6)
        let cells = MonthBarsTests.cells(first: 20_000, rows: rows)
        let events = Self.randomEvents(&rng, count: [0, 1, 5, 40, 300, 700][seed % 6], first: 20_000)
        let zones: [any LocalDays] = [UTCDays(), FixedOffset(seconds: 3600 * 9), FixedOffset(seconds: -3600 * 7)]
        for zone in zones {
            for lanes in [1, 3, 1000] {
                let options = Options(maxLanes: lanes)
                let want = try Self.reference(events, recurrenceIDs: [], cells: cells, options: options, in: zone)
                let got = try MonthBars.layout(events, cells: cells, options: options, in: zone)
                #expect(got.bars == want.bars)
                #expect(got.more == want.more)
                // the store's path: its plain records in start order
                let store = EventStore()
                try store.addEvents(events)
                let fromStore = try store.monthBars(over: cells, options: options, in: zone)
                let reference = try Self.reference(try store.query(20_000, 20_000 + Int32(rows * 7) - 1, in: zone),
                                                   recurrenceIDs: [], cells: cells, options: options, in: zone)
                #expect(fromStore.bars == reference.bars && fromStore.more == reference.more)
            }
        }
    }

    @Test func occurrencesOfRecurringEntriesKeepTheirRecurrenceIDs() throws {
        let store = EventStore()
        var rng = SplitMix(5)
        try store.addEvents(Self.randomEvents(&rng, count: 120, first: 20_000))
        try store.add(series: Event(id: 9_001, title: "every 3 days", allDay: true, start: 19_990, end: 19_991),
                      recurrence: "RRULE:FREQ=DAILY;INTERVAL=3", zone: nil)
        try store.add(series: Event(id: 9_002, title: "weekly", allDay: false, start: 19_995 * 86_400 + 3600,
                                    end: 19_996 * 86_400 + 7200), recurrence: "RRULE:FREQ=WEEKLY", zone: nil)
        let cells = MonthBarsTests.cells(first: 20_000, rows: 6)
        for lanes in [2, 1000] {
            let options = Options(maxLanes: lanes)
            let got = try store.monthBars(over: cells, options: options)
            let occurrences = try store.occurrences(20_000, 20_041)
            let want = try Self.reference(occurrences.map(\.event), recurrenceIDs: occurrences.map(\.recurrenceID), cells: cells,
                                          options: options, in: UTCDays())
            #expect(got.bars == want.bars && got.more == want.more)
            if lanes == 1000 {   // every lane shown: the series' occurrences are among the bars
                #expect(got.bars.contains { $0.event == 9_001 && $0.recurrenceID != nil })
                #expect(got.bars.contains { $0.event == 9_002 && $0.recurrenceID != nil })
            }
        }
    }

    @Test func badCellsAndOptionsAreRefusedAsBefore() throws {
        let store = EventStore()
        try store.add(Event(id: 1, allDay: true, start: 20_000, end: 20_002))
        var cells = MonthBarsTests.cells(first: 20_000, rows: 2)
        cells.remove(at: 3)
        #expect(throws: KalendsError(.invalidArgument, "cells are not consecutive days")) {
            try store.monthBars(over: cells)
        }
        #expect(throws: KalendsError.self) { try store.monthBars(over: MonthBarsTests.cells(first: 20_000, rows: 1), options: Options(maxLanes: 0)) }
        #expect(try store.monthBars(over: []).bars.isEmpty)
    }
}
