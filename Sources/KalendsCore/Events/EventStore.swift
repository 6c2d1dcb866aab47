/// Events indexed for overlap queries (the C ABI's `kalends_store`): add, update,
/// remove, bulk load; the events overlapping a range of local days in start order;
/// per-day counts and first colours (calendar dots).
///
/// Costs: add/update/remove O(log n + c) (c: a chunk of at most 512 entries); a query
/// O(log n + k) for the k events it returns (see IntervalIndex for the exact bound);
/// memory O(n). A million events is normal use.
public final class EventStore {
    /// Slot -> event, in two arrays: the plain records and each title as a C string in
    /// the arena (see TitleArena); the Swift API's titles are decoded from it.
    var records: [EventRecord] = []
    var titles: [UnsafePointer<CChar>?] = []
    private let arena = TitleArena()
    private var liveTitleBytes = 0
    private var freeSlots: [Int32] = []
    /// Event id -> slot.
    var slots = SlotTable()
    var timed = IntervalIndex(unit: 86_400)
    var allDay = IntervalIndex(unit: 1)
    var scratch = QueryScratch()
    /// Whether slots 0 ..< records.count are all live single events in query order (UTC):
    /// true after a bulk add into an empty store and while events are only added in
    /// that order; a removal, an update, a reused slot or a recurring entry ends it (see
    /// EventStoreSpans.swift).
    var startOrdered = true
    /// Whether queries may use the slot order (tests turn it off to get the index's answer).
    var useStartOrder = true
    /// Recurring entries by slot (their records hold the first occurrence), and their spans.
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
        guard let slot = slots[id] else { throw KalendsError(.notFound, "no event \(id)") }
        return event(at: slot)
    }

    private func event(at slot: Int32) -> Event { Event(records[Int(slot)], title: title(at: slot)) }

    /// A slot's title, decoded from its C copy (`titleLength` bytes of UTF-8).
    func title(at slot: Int32) -> String {
        guard let p = titles[Int(slot)] else { return "" }
        let n = Int(records[Int(slot)].titleLength)
        return p.withMemoryRebound(to: UInt8.self, capacity: n) {
            String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self)
        }
    }

    /// Whether a slot's title is `text`, byte for byte.
    private func hasTitle(_ slot: Int32, _ text: String) -> Bool {
        guard let p = titles[Int(slot)] else { return false }
        let n = Int(records[Int(slot)].titleLength)
        return p.withMemoryRebound(to: UInt8.self, capacity: n) { text.utf8.elementsEqual(UnsafeBufferPointer(start: $0, count: n)) }
    }

    public func contains(_ id: Int64) -> Bool { slots[id] != nil }

    static func entry(_ e: EventRecord, _ slot: Int32) -> IntervalIndex.Entry {
        // All-day days are inclusive: the index holds [first, last + 1).
        IntervalIndex.Entry(start: e.start, end: e.allDay ? e.end + 1 : e.end, id: e.id, slot: slot)
    }

    func index(_ e: EventRecord, _ slot: Int32) {
        if e.allDay { allDay.insert(EventStore.entry(e, slot)) } else { timed.insert(EventStore.entry(e, slot)) }
    }

    func unindex(_ e: EventRecord) {
        if let slot = slots[e.id], seriesEntries[slot] != nil {
            seriesEntries[slot] = nil
            seriesSpans.remove(slot)
            return
        }
        let x = EventStore.entry(e, 0)
        if e.allDay {
            allDay.remove(start: x.start, end: x.end, id: x.id)
        } else {
            timed.remove(start: x.start, end: x.end, id: x.id)
        }
    }

    public func add(_ e: Event) throws(KalendsError) {
        try e.validate()
        guard slots[e.id] == nil else { throw KalendsError(.duplicate, "event \(e.id) is already in the store") }
        index(e.record, place(e))
        version &+= 1
    }

    /// Gives an event (checked) a slot, its title and its id; not indexed yet.
    func place(_ e: Event) -> Int32 {
        let slot: Int32
        let title = arena.store(e.title)
        if let free = freeSlots.popLast() {
            startOrdered = false
            slot = free
            records[Int(slot)] = e.record
            titles[Int(slot)] = title
        } else {
            slot = Int32(records.count)
            if startOrdered, let previous = records.last, !EventStore.inOrder(previous, e.record) { startOrdered = false }
            records.append(e.record)
            titles.append(title)
        }
        liveTitleBytes += e.title.utf8.count + 1
        slots[e.id] = slot
        return slot
    }

    /// Marks a change (hosts and views compare versions).
    func changed() { version &+= 1 }

    /// Replaces the event with the same id.
    public func update(_ e: Event) throws(KalendsError) {
        try e.validate()
        guard let slot = slots[e.id] else { throw KalendsError(.notFound, "no event \(e.id)") }
        unindex(records[Int(slot)])
        startOrdered = false
        icalEvents[e.id] = nil
        if !hasTitle(slot, e.title) {
            liveTitleBytes += e.title.utf8.count - Int(records[Int(slot)].titleLength)
            titles[Int(slot)] = arena.store(e.title)
        }
        records[Int(slot)] = e.record
        index(records[Int(slot)], slot)
        version &+= 1
        compactTitles()
    }

    public func remove(_ id: Int64) throws(KalendsError) {
        guard let slot = slots[id] else { throw KalendsError(.notFound, "no event \(id)") }
        unindex(records[Int(slot)])
        startOrdered = false
        slots[id] = nil
        icalEvents[id] = nil
        liveTitleBytes -= Int(records[Int(slot)].titleLength) + 1
        records[Int(slot)] = Event(id: 0, allDay: true, start: 0, end: 0).record
        titles[Int(slot)] = nil
        freeSlots.append(slot)
        version &+= 1
        compactTitles()
    }

    /// Copies the live titles anew when most of the arena is garbage.
    private func compactTitles() {
        guard arena.bytes > 1 << 20, arena.bytes > 2 * liveTitleBytes else { return }
        let live = records.indices.filter { titles[$0] != nil }
        let copies = arena.compact(live.map { (titles[$0], Int(records[$0].titleLength)) })
        for (i, slot) in live.enumerated() { titles[slot] = copies[i] }
    }

    /// Adds many events; all are checked first (valid, ids new and distinct), so a bad
    /// one adds nothing. Into an empty store the indexes are built at once.
    public func add(contentsOf new: [Event]) throws(KalendsError) {
        try add(count: new.count) { (i) throws(KalendsError) in new[i] }
    }

    /// As `add(contentsOf:)`, the events given one at a time by `event(i)` for i in
    /// 0 ..< n, each asked once (the C API reads them from the caller's array: no array
    /// of n events beside the store while it loads). Into an empty store (more than 64
    /// events) each goes straight into the store's arrays, which are then put in start
    /// order in place and indexed in one pass: O(n log n), with a peak of the store's
    /// own memory plus 16 bytes an event. All or nothing. Errors: as `add`; `event`'s own.
    public func add(count n: Int, _ event: (Int) throws(KalendsError) -> Event) throws(KalendsError) {
        guard n > 0 else { return }
        guard slots.isEmpty && n > 64 else {
            var new: [Event] = []
            new.reserveCapacity(min(n, 1 << 16))
            for i in 0..<n { new.append(try event(i)) }
            var seen = Set<Int64>(minimumCapacity: new.count)
            for e in new {
                try e.validate()
                guard slots[e.id] == nil, seen.insert(e.id).inserted else {
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
        records.reserveCapacity(n)
        titles.reserveCapacity(n)
        slots.reserveCapacity(n)
        var bytes = 0
        for i in 0..<n {
            let e = try event(i)
            try e.validate()
            guard slots.updateValue(Int32(i), forKey: e.id) == nil else {
                throw KalendsError(.duplicate, "event \(e.id) is already in the store or twice in the batch")
            }
            records.append(e.record)
            titles.append(arena.store(e.title))
            bytes += e.title.utf8.count + 1
        }
        liveTitleBytes = bytes
        // Slots in start order: a query then reads the events it returns from
        // neighbouring memory, and in UTC their slots are one run (EventStoreSpans).
        // Sorted by key (16 bytes an event), ties by the records; then permuted in place.
        var order = records.withUnsafeBufferPointer { r in
            r.indices.map { (key: r[$0].allDay ? r[$0].start &* 86_400 : r[$0].start, slot: Int32($0)) }
        }
        records.withUnsafeBufferPointer { r in
            order.sort { a, b in a.key != b.key ? a.key < b.key : EventStore.inOrder(r[Int(a.slot)], r[Int(b.slot)]) }
        }
        var permutation = order.map(\.slot)
        order = []
        EventStore.permute(&records, &titles, by: &permutation)
        records.withUnsafeBufferPointer { r in
            for i in r.indices { slots[r[i].id] = Int32(i) }
        }
        startOrdered = true
        var timedIndex = IntervalIndex.Builder(unit: 86_400), allDayIndex = IntervalIndex.Builder(unit: 1)
        records.withUnsafeBufferPointer { r in
            for i in r.indices {
                let x = EventStore.entry(r[i], Int32(i))
                if r[i].allDay { allDayIndex.append(x) } else { timedIndex.append(x) }
            }
        }
        timed = timedIndex.finish()
        allDay = allDayIndex.finish()
    }

    /// Puts slot j's contents where slot permutation[j] was (new[j] = old[permutation[j]]),
    /// following the permutation's cycles: no second copy of the arrays. `permutation`
    /// is left as the identity.
    private static func permute(_ records: inout [EventRecord], _ titles: inout [UnsafePointer<CChar>?],
                                by permutation: inout [Int32]) {
        for start in permutation.indices where Int(permutation[start]) != start {
            let record = records[start], title = titles[start]
            var j = start
            while true {
                let from = Int(permutation[j])
                permutation[j] = Int32(j)
                if from == start {
                    records[j] = record
                    titles[j] = title
                    break
                }
                records[j] = records[from]
                titles[j] = titles[from]
                j = from
            }
        }
    }

    /// The single events' storage of an empty store (a failed bulk load leaves this;
    /// `clear()` also drops the series and moves the version).
    private func emptyStorage() {
        records = []
        titles = []
        _ = arena.compact([])
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
        for slot in try slots(overlapping: first, last, in: zone) where records[Int(slot)].source == source {
            if seen.insert(slot).inserted { try remove(records[Int(slot)].id) }
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
            if let slot = slots[e.id], records[Int(slot)].source != source {
                throw KalendsError(.plugin, "source \(source) answered event \(e.id), which belongs to source \(records[Int(slot)].source)")
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
        try withHits(overlapping: first, last, in: zone) { hits, _ in hits.map(\.slot) }
    }

    /// Calls `body` with the hits of a query in start order. Each level of each index
    /// gives a run sorted by (start, id); the runs are merged, not sorted. The buffers
    /// are the store's, reused by the next query.
    private func withHits<R>(overlapping first: Int32, _ last: Int32, in zone: any LocalDays,
                             _ body: (UnsafeBufferPointer<QueryHit>, [StoreOccurrence]) -> R) throws(KalendsError) -> R {
        let (lo, hi) = try instants(first, last, zone)
        var s = scratch
        scratch = QueryScratch()   // owned here alone: appends do not copy
        defer { scratch = s }
        s.reset()
        if answersInSlotOrder(zone) {
            // Slots in query order (UTC, no recurring entries): the events that began
            // earlier, then the run of those starting in the range (EventStoreSpans.swift).
            let (earlier, a, b) = try orderedAnswer(first, last)
            s.hits.reserveCapacity(earlier.count + (b - a))
            records.withUnsafeBufferPointer { r in
                func hit(_ slot: Int) -> QueryHit {
                    let e = r[slot]
                    return QueryHit(key: e.allDay ? e.start &* 86_400 : e.start, id: e.id, slot: Int32(slot), rank: e.allDay ? 0 : 1)
                }
                for slot in earlier { s.hits.append(hit(Int(slot))) }
                for slot in a..<b { s.hits.append(hit(slot)) }
            }
            let occurrences = s.occurrences
            return s.hits.withUnsafeBufferPointer { body($0, occurrences) }
        }
        allDay.collect(overlapping: Int64(first), Int64(last) + 1, into: &s.entries, runs: &s.runs)
        let allDayCount = s.entries.count
        timed.collect(overlapping: lo, hi, into: &s.entries, runs: &s.runs)
        // All-day events start at the local midnight of their first day (in UTC a
        // multiple of a day); timed ones at their instant.
        let firstDay = { (e: IntervalIndex.Entry) in Int32(clamping: max(e.start, Int64(Gregorian.minDayNumber))) }
        if zone is UTCDays {
            s.hits.append(contentsOf: s.entries[..<allDayCount].lazy.map {
                QueryHit(key: Int64(firstDay($0)) * 86_400, id: $0.id, slot: $0.slot, rank: 0)
            })
        } else {
            for e in s.entries[..<allDayCount] {
                s.hits.append(QueryHit(key: try zone.dayStart(firstDay(e)), id: e.id, slot: e.slot, rank: 0))
            }
        }
        s.hits.append(contentsOf: s.entries[allDayCount...].lazy.map { QueryHit(key: $0.start, id: $0.id, slot: $0.slot, rank: 1) })
        if seriesSpans.count > 0 {
            try collectOccurrences(first, last, lo, hi, zone, into: &s)
        }
        s.mergeRuns()
        let occurrences = s.occurrences
        return s.hits.withUnsafeBufferPointer { body($0, occurrences) }
    }

    /// The events overlapping local days first ... last, in start order (kalends_store_query).
    public func query(_ first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [Event] {
        try occurrences(first, last, in: zone).map(\.event)
    }

    /// The single events and the occurrences of recurring entries overlapping local days
    /// first ... last, in start order (kalends_store_query_occurrences).
    public func occurrences(_ first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [Occurrence] {
        try withHits(overlapping: first, last, in: zone) { hits, occurrences in
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
        try withHits(overlapping: first, last, in: zone) { hits, occurrences in
            guard hits.count <= limit else { return hits.count }
            records.withUnsafeBufferPointer { r in
                titles.withUnsafeBufferPointer { t in
                    for (i, hit) in hits.enumerated() {
                        if hit.occurrence >= 0 {
                            let o = occurrences[Int(hit.occurrence)]
                            body(i, hit.slot, o.record, o.title, o.recurrenceID)
                        } else {
                            body(i, hit.slot, r[Int(hit.slot)], t[Int(hit.slot)], nil)
                        }
                    }
                }
            }
            return hits.count
        }
    }

    /// As `forEachEvent`, each hit's position, index and id only: the events themselves
    /// are not read (cheaper for hosts that keep their own objects).
    @discardableResult
    public func forEachHit(overlapping first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(), limit: Int = .max,
                           _ body: (Int, Int32, Int64) -> Void) throws(KalendsError) -> Int {
        try withHits(overlapping: first, last, in: zone) { hits, _ in
            guard hits.count <= limit else { return hits.count }
            for (i, hit) in hits.enumerated() { body(i, hit.slot, hit.id) }
            return hits.count
        }
    }

    /// The event at an index (what `forEachEvent` passes as the second argument): a
    /// small number that stays the event's while it is in the store, reused after it
    /// leaves; in start order after a bulk add into an empty store.
    /// For the C API: the title as a C string valid until the store changes.
    package func recordWithTitle(at index: Int32) throws(KalendsError) -> (EventRecord, UnsafePointer<CChar>?) {
        guard index >= 0, Int(index) < records.count, let title = titles[Int(index)] else {
            throw KalendsError(.notFound, "no event at index \(index)")
        }
        return (records[Int(index)], title)
    }

    /// For the C API: the event's record and its title as a C string (valid until the
    /// store changes).
    package func recordWithTitle(_ id: Int64) throws(KalendsError) -> (EventRecord, UnsafePointer<CChar>?) {
        guard let slot = slots[id] else { throw KalendsError(.notFound, "no event \(id)") }
        return (records[Int(slot)], titles[Int(slot)])
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
    /// `maxColors` in start order (calendar dots; no cap of three).
    public func dots(_ first: Int32, _ last: Int32, maxColors: Int, in zone: any LocalDays = UTCDays()) throws(KalendsError) -> [(count: Int32, colors: [UInt32])] {
        guard maxColors >= 0 else { throw KalendsError(.invalidArgument, "max colors \(maxColors) is negative") }
        guard last >= first, Int64(last) - Int64(first) < 100_000 else {
            throw KalendsError(.invalidArgument, "day range \(first) ... \(last) is empty or longer than 100,000 days")
        }
        var out = Array(repeating: (count: Int32(0), colors: [UInt32]()), count: Int(last - first) + 1)
        var found: [EventRecord] = []
        try forEachOccurrence(overlapping: first, last, in: zone) { _, _, e, _, _ in found.append(e) }
        for e in found {
            guard let days = try EventStore.days(of: e, clippedTo: first, last, in: zone) else { continue }
            for d in days {
                let i = Int(d - first)
                out[i].count += 1
                if out[i].colors.count < maxColors { out[i].colors.append(e.color) }
            }
        }
        return out
    }
}
