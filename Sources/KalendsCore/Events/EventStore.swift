/// Events indexed for overlap queries (the C ABI's `kalends_store`): add, update,
/// remove, bulk load; the events overlapping a range of local days in start order;
/// per-day counts and first colours (calendar dots).
///
/// Costs: add/update/remove O(log n + c) (c: a chunk of at most 512 entries); a query
/// O(log n + k) for the k events it returns (see IntervalIndex for the exact bound);
/// memory O(n): after a bulk load about 57 bytes an event with a 5-byte title (41 in
/// the columns, 7 in the title arena, 5.3 in the slot table, 4 in the index, see
/// EventColumns). A million events is normal use. A store that has shown dots or an
/// agenda keeps its indexes' counts by rank and run ends too (about 17 bytes an event
/// more, see RankCounts.swift, DayDots.swift and Agenda/AgendaBusyDays.swift).
public final class EventStore {
    /// Slot -> event, as columns, with each title as a C string in the arena (see
    /// EventColumns, TitleArena); the Swift API's titles are decoded from it.
    var columns = EventColumns()
    /// Arena bytes of the live titles (compaction starts when the arena holds twice this).
    private var liveTitleBytes = 0
    private var freeSlots: [Int32] = []
    /// Event id -> slot.
    var slots = SlotTable()
    var timed = IntervalIndex(unit: 86_400)
    var allDay = IntervalIndex(unit: 1)
    var scratch = QueryScratch()
    /// Whether slots 0 ..< columns.count are all live single events in query order (UTC):
    /// true after a bulk add into an empty store and while events are only added in
    /// that order; a removal, an update, a reused slot or a recurring entry ends it (see
    /// EventStoreSpans.swift).
    var startOrdered = true
    /// Whether queries may use the slot order (tests turn it off to get the index's answer).
    var useStartOrder = true
    /// The recurring entries the last query with a limit listed only the first few of
    /// (see `QueryScratch.partial`).
    var partialSeries: [(slot: Int32, listed: Int)] = []
    /// Recurring entries by slot (their columns hold the first occurrence), and their spans.
    var seriesEntries: [Int32: StoreSeries] = [:]
    var seriesSpans = SeriesSpans()
    /// The VEVENTs an entry was read from or is written as (imported and recurring entries).
    var icalEvents: [Int64: [ICalEvent]] = [:]
    /// VTIMEZONE definitions of imported calendars, written back with them.
    public internal(set) var timeZoneDefinitions: [String: ICalRawComponent] = [:]
    /// Bumped by every change (hosts and views use it to know their data is current).
    public private(set) var version: UInt64 = 0

    public init() {}

    public var count: Int { slots.count }

    /// The event with this id (kalends_store_get). Errors: NOT_FOUND.
    public func get(_ id: Int64) throws(KalendsError) -> Event {
        guard let slot = slot(of: id) else { throw KalendsError(.notFound, "no event \(id)") }
        return event(at: slot)
    }

    /// The slot of the event with this id.
    func slot(of id: Int64) -> Int32? { slots.slot(of: id, ids: columns.ids) }

    private func event(at slot: Int32) -> Event { Event(columns.record(slot), title: columns.title(slot)) }

    /// A slot's event without its title (for the C API and the views).
    func record(at slot: Int32) -> EventRecord { columns.record(slot) }

    /// A slot's title, decoded from the arena.
    func title(at slot: Int32) -> String { columns.title(slot) }

    /// Whether a slot's title is `text`, byte for byte.
    private func hasTitle(_ slot: Int32, _ text: String) -> Bool {
        let (p, n) = columns.arena.text(at: columns.titleOffset(slot))
        return text.utf8.elementsEqual(UnsafeBufferPointer(start: p, count: n))
    }

    public func contains(_ id: Int64) -> Bool { slot(of: id) != nil }

    /// Puts a slot (its columns set) in its index.
    func index(_ slot: Int32) {
        columns.withKeys { k in
            if k.allDay(slot) { allDay.insert(slot, k) } else { timed.insert(slot, k) }
        }
    }

    /// Takes a slot (its columns as when indexed) out of its index or the series.
    func unindex(_ slot: Int32) {
        if seriesEntries[slot] != nil {
            seriesEntries[slot] = nil
            seriesSpans.remove(slot)
            return
        }
        columns.withKeys { k in
            _ = k.allDay(slot) ? allDay.remove(slot, k) : timed.remove(slot, k)
        }
    }

    public func add(_ e: Event) throws(KalendsError) {
        try e.validate()
        guard slot(of: e.id) == nil else { throw KalendsError(.duplicate, "event \(e.id) is already in the store") }
        index(place(e))
        version &+= 1
    }

    /// Gives an event (checked, its id new) a slot, its title and its id; not indexed yet.
    func place(_ e: Event) -> Int32 {
        let slot: Int32
        let title = columns.arena.store(e.title)
        let record = e.record
        if let free = freeSlots.popLast() {
            startOrdered = false
            slot = free
            columns.set(slot, record, title: title)
        } else {
            slot = Int32(columns.count)
            if startOrdered, slot > 0, !EventStore.inOrder(columns.record(slot - 1), record) { startOrdered = false }
            columns.append(record, title: title)
        }
        liveTitleBytes += TitleArena.size(ofText: Int(record.titleLength))
        slots.insert(slot, ids: columns.ids)
        return slot
    }

    /// Marks a change (hosts and views compare versions).
    func changed() { version &+= 1 }

    /// Replaces the event with the same id.
    public func update(_ e: Event) throws(KalendsError) {
        try e.validate()
        guard let slot = slot(of: e.id) else { throw KalendsError(.notFound, "no event \(e.id)") }
        unindex(slot)
        startOrdered = false
        icalEvents[e.id] = nil
        var title = columns.titleOffset(slot)
        if !hasTitle(slot, e.title) {
            liveTitleBytes -= TitleArena.size(ofText: columns.cTitle(slot).1)
            title = columns.arena.store(e.title)
            liveTitleBytes += TitleArena.size(ofText: e.title.utf8.count)
        }
        columns.set(slot, e.record, title: title)
        index(slot)
        version &+= 1
        compactTitles()
    }

    public func remove(_ id: Int64) throws(KalendsError) {
        guard let slot = slot(of: id) else { throw KalendsError(.notFound, "no event \(id)") }
        unindex(slot)
        startOrdered = false
        slots.remove(id, ids: columns.ids)
        icalEvents[id] = nil
        liveTitleBytes -= TitleArena.size(ofText: columns.cTitle(slot).1)
        columns.clear(slot)
        freeSlots.append(slot)
        version &+= 1
        compactTitles()
    }

    /// Copies the live titles anew when most of the arena is garbage.
    private func compactTitles() {
        guard columns.arena.bytes > 1 << 20, columns.arena.bytes > 2 * liveTitleBytes else { return }
        columns.compactTitles()
    }

    /// Adds many events; all are checked first (valid, ids new and distinct), so a bad
    /// one adds nothing. Into an empty store the indexes are built at once.
    public func addEvents(_ new: [Event]) throws(KalendsError) {
        try add(count: new.count) { (i) throws(KalendsError) in new[i] }
    }

    /// As `addEvents(_:)`, the events given one at a time by `event(i)` for i in
    /// 0 ..< n, each asked once (the C API reads them from the caller's array: no array
    /// of n events beside the store while it loads). Into an empty store (more than 64
    /// events) each goes straight into the store's arrays, which are then put in start
    /// order and indexed in one pass: O(n log n), with a peak of the store's own memory
    /// plus 20 bytes an event. All or nothing. Errors: as `add`; `event`'s own.
    public func add(count n: Int, _ event: (Int) throws(KalendsError) -> Event) throws(KalendsError) {
        guard n > 0 else { return }
        guard slots.isEmpty && n > 64 else {
            var new: [Event] = []
            new.reserveCapacity(min(n, 1 << 16))
            for i in 0..<n { new.append(try event(i)) }
            var seen = Set<Int64>(minimumCapacity: new.count)
            for e in new {
                try e.validate()
                guard slot(of: e.id) == nil, seen.insert(e.id).inserted else {
                    throw KalendsError(.duplicate, "event \(e.id) is already in the store or twice in the batch")
                }
            }
            for e in new { try add(e) }
            return
        }
        guard n < Int(Int32.max) else { throw KalendsError(.outOfRange, "\(n) events are more than a store holds") }
        do throws(KalendsError) {
            try load(n, event)
        } catch {
            emptyStorage()
            throw error
        }
        version &+= 1
    }

    /// The bulk load into an empty store (see `add(count:_:)`); on a throw the caller
    /// empties the storage again.
    private func load(_ n: Int, _ event: (Int) throws(KalendsError) -> Event) throws(KalendsError) {
        emptyStorage()
        columns.reserveCapacity(n)
        slots.reserveCapacity(n, ids: columns.ids)
        var bytes = 0
        for i in 0..<n {
            let e = try event(i)
            try e.validate()
            let record = e.record
            let slot = columns.append(record, title: columns.arena.store(e.title))
            guard slots.insert(slot, ids: columns.ids) == nil else {
                throw KalendsError(.duplicate, "event \(e.id) is already in the store or twice in the batch")
            }
            bytes += TitleArena.size(ofText: Int(record.titleLength))
        }
        liveTitleBytes = bytes
        // Slots in start order: a query then reads the events it returns from
        // neighbouring memory, and in UTC their slots are one run (EventStoreSpans).
        // Sorted by key (16 bytes an event), ties by the columns; then each column
        // copied in the new order, one at a time.
        var order = columns.withKeys { k in (0..<Int32(k.count)).map { (key: k.orderKey($0), slot: $0) } }
        columns.withKeys { k in
            order.sort { a, b in a.key != b.key ? a.key < b.key : k.inOrder(a.slot, b.slot) }
        }
        do {
            let permutation = order.map(\.slot)
            order = []
            var newSlot = [Int32](repeating: 0, count: permutation.count)
            for (j, old) in permutation.enumerated() { newSlot[Int(old)] = Int32(j) }
            columns.permute(by: permutation)
            slots.renameSlots(newSlot)
        }
        columns.compactTitles()                              // titles in slot order too
        startOrdered = true
        var timedIndex = IntervalIndex.Builder(unit: 86_400), allDayIndex = IntervalIndex.Builder(unit: 1)
        columns.withKeys { k in
            for slot in 0..<Int32(k.count) {
                if k.allDay(slot) { allDayIndex.append(slot, k) } else { timedIndex.append(slot, k) }
            }
            timed = timedIndex.finish(k)
            allDay = allDayIndex.finish(k)
        }
    }

    /// The single events' storage of an empty store (a failed bulk load leaves this;
    /// `clear()` also drops the series and moves the version).
    private func emptyStorage() {
        columns.removeAll()
        liveTitleBytes = 0
        freeSlots = []
        slots = SlotTable()
        timed = IntervalIndex(unit: 86_400)
        allDay = IntervalIndex(unit: 1)
        startOrdered = true
    }

    /// Removes the events of `source` overlapping local days first ... last (a source's
    /// fresh answer for a range replaces its old one).
    public func removeEvents(of source: Int32, overlapping first: Int32, _ last: Int32, in zone: any LocalDays) throws(KalendsError) {
        var seen = Set<Int32>()
        for slot in try slots(overlapping: first, last, in: zone) where columns.sources[Int(slot)] == source {
            if seen.insert(slot).inserted { try remove(columns.ids[Int(slot)]) }
        }
    }

    /// A source's answer for local days first ... last: its old events of those days
    /// are replaced by `answer` (tagged with the source). Everything is checked first
    /// (valid events, ids distinct and not another source's), so a bad answer changes
    /// nothing (`.plugin`).
    public func replaceEvents(of source: Int32, overlapping first: Int32, _ last: Int32, with answer: [Event],
                              in zone: any LocalDays) throws(KalendsError) {
        var ids = Set<Int64>(minimumCapacity: answer.count)
        for e in answer {
            do throws(KalendsError) { try e.validate() } catch {
                throw KalendsError(.plugin, "source \(source): \(error.message)")
            }
            guard ids.insert(e.id).inserted else {
                throw KalendsError(.plugin, "source \(source) answered event \(e.id) twice")
            }
            if let slot = slot(of: e.id), columns.sources[Int(slot)] != source {
                throw KalendsError(.plugin, "source \(source) answered event \(e.id), which belongs to source \(columns.sources[Int(slot)])")
            }
        }
        try removeEvents(of: source, overlapping: first, last, in: zone)
        for var e in answer {
            e.source = source
            if contains(e.id) { try update(e) } else { try add(e) }
        }
    }

    /// Removes every event (kalends_store_clear).
    public func clear() {
        emptyStorage()
        seriesEntries = [:]
        seriesSpans.removeAll()
        icalEvents = [:]
        timeZoneDefinitions = [:]
        version &+= 1
    }

    /// The instants `[lo, hi)` of local days first ... last.
    func instants(_ first: Int32, _ last: Int32, _ zone: any LocalDays) throws(KalendsError) -> (Int64, Int64) {
        guard first <= last else { throw KalendsError(.invalidArgument, "day range \(first) ... \(last) is empty") }
        guard first >= Gregorian.minDayNumber, last <= Gregorian.maxDayNumber else {
            throw KalendsError(.outOfRange, "day range \(first) ... \(last) is outside the supported dates")
        }
        guard last < Gregorian.maxDayNumber else {
            return (try zone.dayStart(first), Event.instantRange.upperBound)
        }
        return (try zone.dayStart(first), try zone.dayStart(last + 1))
    }

    /// Slots of the events overlapping local days first ... last, in start order: by
    /// start instant (an all-day event from the local midnight of its first day, before
    /// timed events starting then), then id.
    func slots(overlapping first: Int32, _ last: Int32, in zone: any LocalDays) throws(KalendsError) -> [Int32] {
        try withHits(overlapping: first, last, in: zone) { hits, _, _ in hits.map(\.slot) }
    }

    /// Calls `body` with the hits of a query in start order and a view of the columns.
    /// Each level of each index gives a run sorted by (start, id); the runs are merged,
    /// not sorted. The buffers are the store's, reused by the next query. `series`: the
    /// occurrences of each recurring entry, all (Int.max) or its first `series` in start
    /// order (and a few more: the hits then begin with the answer's first `series`), or
    /// none (nil: single events only).
    func withHits<R>(overlapping first: Int32, _ last: Int32, in zone: any LocalDays, series: Int? = Int.max,
                             _ body: (UnsafeBufferPointer<QueryHit>, [StoreOccurrence], EventView) -> R) throws(KalendsError) -> R {
        let (lo, hi) = try instants(first, last, zone)
        partialSeries = []
        var s = scratch
        scratch = QueryScratch()   // owned here alone: appends do not copy
        defer { scratch = s }
        s.reset()
        return try columns.withView { k throws(KalendsError) in
            if answersInSlotOrder(zone) {
                // Slots in query order (UTC, no recurring entries): the events that began
                // earlier, then the run of those starting in the range (EventStoreSpans.swift).
                let (earlier, a, b) = try orderedAnswer(first, last, k)
                s.hits.reserveCapacity(earlier.count + (b - a))
                func hit(_ slot: Int32) -> QueryHit {
                    QueryHit(key: k.orderKey(slot), id: k.id(slot), slot: slot, rank: k.allDay(slot) ? 0 : 1)
                }
                for slot in earlier { s.hits.append(hit(slot)) }
                for slot in Int32(a)..<Int32(b) { s.hits.append(hit(slot)) }
                let occurrences = s.occurrences
                return s.hits.withUnsafeBufferPointer { body($0, occurrences, k) }
            }
            allDay.collect(overlapping: Int64(first), Int64(last) + 1, k, into: &s.entries, runs: &s.runs)
            let allDayCount = s.entries.count
            timed.collect(overlapping: lo, hi, k, into: &s.entries, runs: &s.runs)
            // All-day events start at the local midnight of their first day (in UTC a
            // multiple of a day); timed ones at their instant.
            let firstDay = { (slot: Int32) in Int32(clamping: max(k.start(slot), Int64(Gregorian.minDayNumber))) }
            if zone is UTCDays {
                s.hits.append(contentsOf: s.entries[..<allDayCount].lazy.map {
                    QueryHit(key: Int64(firstDay($0)) * 86_400, id: k.id($0), slot: $0, rank: 0)
                })
            } else {
                for slot in s.entries[..<allDayCount] {
                    s.hits.append(QueryHit(key: try zone.dayStart(firstDay(slot)), id: k.id(slot), slot: slot, rank: 0))
                }
            }
            s.hits.append(contentsOf: s.entries[allDayCount...].lazy.map { QueryHit(key: k.start($0), id: k.id($0), slot: $0, rank: 1) })
            if seriesSpans.count > 0, let series {
                try collectOccurrences(first, last, lo, hi, zone, limit: series, into: &s)
            }
            partialSeries = s.partial
            s.mergeRuns()
            let occurrences = s.occurrences
            return s.hits.withUnsafeBufferPointer { body($0, occurrences, k) }
        }
    }

    /// The events overlapping local days first ... last, in start order (kalends_store_query).
    public func query(_ first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [Event] {
        try occurrences(first, last, in: zone).map(\.event)
    }

    /// The single events and the occurrences of recurring entries overlapping local days
    /// first ... last, in start order (kalends_store_query_occurrences).
    public func occurrences(_ first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [Occurrence] {
        try withHits(overlapping: first, last, in: zone) { hits, occurrences, _ in
            hits.map { h in
                if h.occurrence >= 0 {
                    let o = occurrences[Int(h.occurrence)]
                    return Occurrence(event: Event(o.record, title: o.titleText), recurrenceID: o.recurrenceID)
                }
                return Occurrence(event: event(at: h.slot))
            }
        }
    }

    /// Calls `body` with each event overlapping local days first ... last, in start
    /// order (its position, its index in the store, the event, its C title), without
    /// copying them into an array; returns how many. `body` runs only when
    /// all of them fit in `limit` (so a caller's buffer is filled completely or not at all).
    /// For the C API (titles as C strings valid until the store changes): package access.
    @discardableResult
    package func forEachEvent(overlapping first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(), limit: Int = .max,
                             _ body: (Int, Int32, EventRecord, UnsafePointer<CChar>?) -> Void) throws(KalendsError) -> Int {
        try forEachOccurrence(overlapping: first, last, in: zone, limit: limit) { i, slot, record, title, _ in
            body(i, slot, record, title)
        }
    }

    /// As `forEachEvent`, with each occurrence's recurrence id (nil for a single event).
    @discardableResult
    package func forEachOccurrence(overlapping first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(), limit: Int = .max,
                                   _ body: (Int, Int32, EventRecord, UnsafePointer<CChar>?, Int64?) -> Void) throws(KalendsError) -> Int {
        if let n = try forEachOrderedSlot(first, last, in: zone, limit: limit, { i, slot, v in
            let (record, title) = v.recordWithTitle(slot)
            body(i, slot, record, title, nil)
        }) {
            return n
        }
        return try withFittingHits(first, last, in: zone, limit: limit) { hits, occurrences, v in
            Self.pass(hits, hits.count, occurrences, v, body)
        }
    }

    /// Passes a query's first `n` hits to `body`: position, index, record, C title,
    /// recurrence id (nil for a single event).
    private static func pass(_ hits: UnsafeBufferPointer<QueryHit>, _ n: Int, _ occurrences: [StoreOccurrence], _ v: EventView,
                             _ body: (Int, Int32, EventRecord, UnsafePointer<CChar>?, Int64?) -> Void) {
        for i in 0..<n {
            let hit = hits[i]
            if hit.occurrence >= 0 {
                let o = occurrences[Int(hit.occurrence)]
                body(i, hit.slot, o.record, o.title, o.recurrenceID)
            } else {
                let (record, title) = v.recordWithTitle(hit.slot)
                body(i, hit.slot, record, title, nil)
            }
        }
    }

    /// Calls `body` with a query's hits when they fit in `limit`; returns how many there
    /// are. With recurring entries and a limit each lists at most limit + 1, so an answer
    /// that fits is complete, and one that does not is counted where an entry could list
    /// no more (`total`), not listed.
    private func withFittingHits(_ first: Int32, _ last: Int32, in zone: any LocalDays, limit: Int,
                                 _ body: (UnsafeBufferPointer<QueryHit>, [StoreOccurrence], EventView) -> Void) throws(KalendsError) -> Int {
        let series = seriesSpans.count > 0 && limit < Int.max ? limit + 1 : Int.max
        var fits = true
        let n = try withHits(overlapping: first, last, in: zone, series: series) { hits, occurrences, v -> Int in
            guard hits.count <= limit else {
                fits = false
                return hits.count
            }
            body(hits, occurrences, v)
            return hits.count
        }
        return fits ? n : try total(listed: n, partial: partialSeries, first, last, zone)
    }

    /// As `forEachEvent`, each hit's position, index and id only: the events themselves
    /// are not read (cheaper for hosts that keep their own objects).
    @discardableResult
    public func forEachHit(overlapping first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(), limit: Int = .max,
                           _ body: (Int, Int32, Int64) -> Void) throws(KalendsError) -> Int {
        if let n = try forEachOrderedSlot(first, last, in: zone, limit: limit, { i, slot, v in body(i, slot, v.id(slot)) }) {
            return n
        }
        return try withFittingHits(first, last, in: zone, limit: limit) { hits, _, _ in
            for (i, hit) in hits.enumerated() { body(i, hit.slot, hit.id) }
        }
    }

    /// How many events and occurrences overlap local days first ... last of `zone`:
    /// single events found by the index (O(log n + k)), recurring entries' occurrences
    /// counted, not listed (O(log n + a) entries and each one's count, see
    /// `ICalSeries.count(in:)`). What a query lists, and `kalends_store_query` with a
    /// short buffer reports. Saturates at Int.max.
    public func count(_ first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays()) throws(KalendsError) -> Int {
        let singles = try withHits(overlapping: first, last, in: zone, series: nil) { hits, _, _ in hits.count }
        guard seriesSpans.count > 0 else { return singles }
        let (lo, hi) = try instants(first, last, zone)
        return Int(clamping: Int64(singles) &+ (try seriesOccurrenceCount(lo, hi, zone)))
    }

    /// The first `limit` events and occurrences overlapping local days first ... last of
    /// `zone`, in start order, each passed to `body` (its position, index in the store,
    /// record, C title, recurrence id), and how many there are in all (counted). Each
    /// recurring entry lists only its first `limit` (O(limit) per entry active in the
    /// range, see `ICalSeries.occurrences(in:limit:)`), single events as `forEachOccurrence`.
    /// For the C API (`kalends_store_query_first`): package access.
    @discardableResult
    package func forEachFirstOccurrence(overlapping first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(), limit: Int,
                                        _ body: (Int, Int32, EventRecord, UnsafePointer<CChar>?, Int64?) -> Void) throws(KalendsError) -> (written: Int, total: Int) {
        let total = try count(first, last, in: zone)
        guard limit > 0 else { return (0, total) }
        let written = try withHits(overlapping: first, last, in: zone, series: limit) { hits, occurrences, v in
            let n = min(limit, hits.count)
            Self.pass(hits, n, occurrences, v, body)
            return n
        }
        return (written, total)
    }

    /// The first `limit` events and occurrences overlapping local days first ... last, in
    /// start order, and how many there are in all: a view's or a listing's first page of a
    /// range that may hold millions of occurrences, at the cost of that page.
    public func firstOccurrences(_ first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(),
                            limit: Int) throws(KalendsError) -> (occurrences: [Occurrence], total: Int) {
        guard limit >= 0 else { throw KalendsError(.invalidArgument, "limit \(limit) is negative") }
        let total = try count(first, last, in: zone)
        guard limit > 0 else { return ([], total) }
        let list = try withHits(overlapping: first, last, in: zone, series: limit) { hits, occurrences, _ in
            hits.prefix(limit).map { h in
                if h.occurrence >= 0 {
                    let o = occurrences[Int(h.occurrence)]
                    return Occurrence(event: Event(o.record, title: o.titleText), recurrenceID: o.recurrenceID)
                }
                return Occurrence(event: event(at: h.slot))
            }
        }
        return (list, total)
    }

    /// On slots in query order (see `answersInSlotOrder`): calls `body(i, slot, view)`
    /// for each event of the answer, in order, when they all fit in `limit`, straight
    /// from the slots (no hits built and merged); returns how many. Nil for another
    /// store or zone (the caller takes the hits' path).
    private func forEachOrderedSlot(_ first: Int32, _ last: Int32, in zone: any LocalDays, limit: Int,
                                    _ body: (Int, Int32, EventView) -> Void) throws(KalendsError) -> Int? {
        guard answersInSlotOrder(zone) else { return nil }
        return try columns.withView { v throws(KalendsError) in
            let (earlier, a, b) = try orderedAnswer(first, last, v)
            let n = earlier.count + (b - a)
            guard n <= limit else { return n }
            for (i, slot) in earlier.enumerated() { body(i, slot, v) }
            var i = earlier.count
            for slot in Int32(a)..<Int32(b) {
                body(i, slot, v)
                i += 1
            }
            return n
        }
    }

    /// The event at an index (what `forEachEvent` passes as the second argument): a
    /// small number that stays the event's while it is in the store, reused after it
    /// leaves; in start order after a bulk add into an empty store.
    /// For the C API: the title as a C string valid until the store changes.
    package func recordWithTitle(at index: Int32) throws(KalendsError) -> (EventRecord, UnsafePointer<CChar>?) {
        guard columns.isLive(index) else { throw KalendsError(.notFound, "no event at index \(index)") }
        return recordWithTitle(slot: index)
    }

    /// For the C API: the event's record and its title as a C string (valid until the
    /// store changes).
    package func recordWithTitle(_ id: Int64) throws(KalendsError) -> (EventRecord, UnsafePointer<CChar>?) {
        guard let slot = slot(of: id) else { throw KalendsError(.notFound, "no event \(id)") }
        return recordWithTitle(slot: slot)
    }

    /// A live slot's record and C title.
    private func recordWithTitle(slot: Int32) -> (EventRecord, UnsafePointer<CChar>?) {
        let (record, title) = columns.withKeys { $0.recordWithTitle(slot) }
        return (record, title)
    }

    /// The local days (clipped to first ... last) an event covers. A timed event ending
    /// exactly at midnight does not cover the day that starts then.
    public static func days(of e: Event, clippedTo first: Int32, _ last: Int32, in zone: any LocalDays) throws(KalendsError) -> ClosedRange<Int32>? {
        try days(of: e.record, clippedTo: first, last, in: zone)
    }

    public static func days(of e: EventRecord, clippedTo first: Int32, _ last: Int32, in zone: any LocalDays) throws(KalendsError) -> ClosedRange<Int32>? {
        var a: Int64, b: Int64
        if e.allDay {
            a = e.start
            b = e.end
        } else {
            a = Int64(try zone.localDay(at: e.start).day)
            b = e.end > e.start ? Int64(try zone.localDay(at: e.end - 1).day) : a
        }
        a = max(a, Int64(first))
        b = min(b, Int64(last))
        guard a <= b else { return nil }
        return Int32(a)...Int32(b)
    }

    /// Per day of first ... last: how many events it has and the colours of its first
    /// `maxColors` in start order (calendar dots; no cap of three). Each day's single
    /// events are counted by rank and only its first `maxColors` read from the interval
    /// indexes' slots (`flatDots`); a recurring entry dense on the range is counted day
    /// by day and only its first `maxColors` of each day listed (see `seriesDots`):
    /// O(days × (log n + maxColors + f) + days × dense entries), whatever the
    /// occurrences (f: see `flatDots`).
    public func dots(_ first: Int32, _ last: Int32, maxColors: Int, in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [(count: Int32, colors: [UInt32])] {
        let dots = try flatDots(first, last, maxColors: maxColors, in: zone)
        return dots.counts.indices.map { i in
            (dots.counts[i], Array(dots.colors[i * maxColors ..< i * maxColors + dots.filled[i]]))
        }
    }
}
