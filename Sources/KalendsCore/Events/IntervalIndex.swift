/// Intervals `[start, end)` by start, for overlap queries that read what they return.
/// An entry is only the event's slot (4 bytes): its start, end and id are read from the
/// store's columns (`EventView`), which must not change while the slot is indexed.
///
/// Intervals are kept in levels by length (each level's bound eight times the last);
/// within a level they are sorted by (start, id) in chunks. An interval of level j that
/// overlaps `[lo, hi)` starts in `[lo - bound_j, hi)`, so a query binary-searches each
/// level to that window and scans it: O(levels · log n + k + f), where f counts the
/// intervals of a level's window that end before `lo` (at most those starting within
/// one bound before the range). The last level is unbounded and scanned whole: it holds
/// only intervals longer than its predecessor's bound (years), which calendars have few of.
struct IntervalIndex {
    private let bounds: [Int64]
    /// Added to an event's end to make the interval's: 1 for all-day events (whose last
    /// day is inclusive: the index holds [first, last + 1)), 0 for instants.
    let endPadding: Int64
    fileprivate var levels: [ChunkedList]
    /// Counts by rank of the intervals (for dots and the agenda), made by `prepareCounts`
    /// when first asked and kept by insert and remove from then on (nil in a new or
    /// rebuilt index, so a store that never shows dots or an agenda does not pay for them).
    private(set) var counts: OverlapCounts?

    /// `unit`: the length of a day in the index's units (86,400 for instants, 1 for
    /// days, whose ends are inclusive).
    init(unit: Int64) {
        bounds = [unit, 8 * unit, 64 * unit, 730 * unit]
        endPadding = unit == 1 ? 1 : 0
        levels = Array(repeating: ChunkedList(), count: bounds.count + 1)
    }

    fileprivate func level(of length: Int64) -> Int {
        bounds.firstIndex { length <= $0 } ?? bounds.count
    }

    private func level(_ slot: Int32, _ keys: EventView) -> Int {
        level(of: keys.end(slot) &+ endPadding &- keys.start(slot))
    }

    var count: Int { levels.reduce(0) { $0 + $1.count } }

    mutating func insert(_ slot: Int32, _ keys: EventView) {
        levels[level(slot, keys)].insert(slot, keys)
        if counts != nil { counts!.insert(start: keys.start(slot), end: countedEnd(slot, keys)) }
    }

    private func countedEnd(_ slot: Int32, _ keys: EventView) -> Int64 {
        OverlapCounts.end(keys.start(slot), keys.end(slot), padding: endPadding)
    }

    /// Makes the counts by rank (O(n log n), once: insert and remove keep them) and
    /// the levels' run ends of the chunks changed since the last call.
    mutating func prepareCounts(_ keys: EventView) {
        for i in levels.indices { levels[i].prepareRunEnds(keys, endPadding) }
        guard counts == nil else { return }
        var starts: [Int64] = [], ends: [Int64] = []
        starts.reserveCapacity(count)
        ends.reserveCapacity(count)
        for level in levels {
            level.forEach { slot in
                starts.append(keys.start(slot))
                ends.append(countedEnd(slot, keys))
            }
        }
        counts = OverlapCounts(starts: starts, ends: ends)
    }

    /// A day's first events for every day of a page, level by level: for each day
    /// [lo, hi) = [days[i], days[i + 1]) (the bounds ascending, in the index's units),
    /// the first `limit` slots of level `level` (in (start, id) order) that overlap it,
    /// in out[i * limit ..< i * limit + found[i]] (see `ChunkedList.scanDays`): the
    /// day's first events without reading the rest of the day.
    func firstOfDays(level: Int, _ limit: Int, _ days: UnsafeBufferPointer<Int64>, below: UnsafeBufferPointer<Int64>?,
                     _ keys: EventView, into out: UnsafeMutableBufferPointer<Int32>, found: UnsafeMutableBufferPointer<Int>) {
        levels[level].scanDays(days, reach: level < bounds.count ? bounds[level] : nil, below: below, limit: limit,
                               endPadding, keys, into: out, found: found)
    }

    /// How many levels the index has, and whether level i holds any interval.
    var levelCount: Int { levels.count }
    func holds(level i: Int) -> Bool { levels[i].count > 0 }

    /// Appends the first `limit` slots of each level (in (start, id) order) that
    /// overlap `[lo, hi)`: a day's first events, without reading the rest of the day.
    func collectFirst(_ limit: Int, overlapping lo: Int64, _ hi: Int64, _ keys: EventView, into out: inout [Int32]) {
        for i in levels.indices where levels[i].count > 0 {
            let from = i < bounds.count ? lo &- bounds[i] : Int64.min
            levels[i].scan(from: from, below: hi, overlapping: lo, endPadding, keys, into: &out, limit: limit)
        }
    }

    /// Appends the first `limit` slots of each level (in (start, id) order) that start
    /// in `[from, hi)` (every one of them overlaps `[from, hi)`): a day's events from a
    /// start instant on, without reading those before it.
    func collectFirst(_ limit: Int, startingIn from: Int64, _ hi: Int64, _ keys: EventView, into out: inout [Int32]) {
        for i in levels.indices where levels[i].count > 0 {
            levels[i].scan(from: from, below: hi, overlapping: from, endPadding, keys, into: &out, limit: limit)
        }
    }

    /// Removes the slot (its keys as when it was inserted); false when absent.
    @discardableResult
    mutating func remove(_ slot: Int32, _ keys: EventView) -> Bool {
        guard levels[level(slot, keys)].remove(slot, keys) else { return false }
        if counts != nil { counts!.remove(start: keys.start(slot), end: countedEnd(slot, keys)) }
        return true
    }

    /// Builds an index from slots given in (start, id) order, chunk by chunk: no second
    /// array of the entries while it loads.
    struct Builder {
        private var index: IntervalIndex
        private var pending: [[Int32]]

        init(unit: Int64) {
            index = IntervalIndex(unit: unit)
            pending = Array(repeating: [], count: index.levels.count)
        }

        mutating func append(_ slot: Int32, _ keys: EventView) {
            let i = index.level(slot, keys)
            if pending[i].isEmpty { pending[i].reserveCapacity(ChunkedList.maxChunk / 2) }
            pending[i].append(slot)
            if pending[i].count == ChunkedList.maxChunk / 2 {
                index.levels[i].appendChunk(pending[i], keys)
                pending[i] = []
            }
        }

        /// The index (the builder is spent).
        mutating func finish(_ keys: EventView) -> IntervalIndex {
            for i in pending.indices where !pending[i].isEmpty {
                index.levels[i].appendChunk(pending[i], keys)
                pending[i] = []
            }
            return index
        }
    }

    /// Appends the slots of the intervals longer than `minimum` (only the levels whose
    /// bound is above it are read) that start before `cut` and overlap `[lo, ...)`, one
    /// run per level sorted by (start, id). For queries that find the shorter ones
    /// another way.
    func collectLong(longerThan minimum: Int64, startingBefore cut: Int64, overlapping lo: Int64, _ keys: EventView,
                     into out: inout [Int32]) {
        for i in levels.indices where levels[i].count > 0 && (i == bounds.count || bounds[i] > minimum) {
            let from = i < bounds.count ? lo &- bounds[i] : Int64.min
            levels[i].scan(from: from, below: cut, overlapping: lo, endPadding, keys, into: &out)
        }
    }

    /// The bound of the second level (intervals up to it are in levels 0 and 1).
    var shortBound: Int64 { bounds[1] }

    /// Appends the slots of the intervals overlapping `[lo, hi)` to `out` (a zero-length
    /// interval overlaps when it lies in `[lo, hi)`), one run per level sorted by
    /// (start, id); `runs` receives the index where each non-empty run begins.
    func collect(overlapping lo: Int64, _ hi: Int64, _ keys: EventView, into out: inout [Int32], runs: inout [Int]) {
        for i in levels.indices where levels[i].count > 0 {
            let from = i < bounds.count ? lo &- bounds[i] : Int64.min
            let before = out.count
            levels[i].scan(from: from, below: hi, overlapping: lo, endPadding, keys, into: &out)
            if out.count > before { runs.append(before) }
        }
    }
}

/// Slots sorted by their events' (start, id) in chunks of at most `ChunkedList.maxChunk`:
/// insert and remove cost a binary search and one chunk's shift, not the whole list's.
struct ChunkedList {
    static let maxChunk = 512

    /// A chunk's first entry's key, so finding a chunk reads one flat array.
    struct Key {
        var start: Int64
        var id: Int64
    }

    private var chunks: [[Int32]] = []
    private var firsts: [Key] = []
    /// Per chunk, the largest counted end (OverlapCounts.end) of each run of `run`
    /// entries, so that a scan passes over a run whose intervals all end before its
    /// range without reading them; empty for a chunk changed or loaded since the last
    /// `prepareRunEnds` (none are made for a store that never shows dots).
    private var runEnds: [[Int64]] = []
    static let run = 8
    private(set) var count = 0
    /// Whether every chunk has its run ends (set by `prepareRunEnds`, cleared by any
    /// change), so preparing a list already prepared costs nothing, not O(chunks).
    private var runEndsReady = false

    init() {}

    /// Makes the run ends of the chunks that lack them: O(the entries of those chunks),
    /// O(1) when no chunk changed since the last call.
    mutating func prepareRunEnds(_ keys: EventView, _ endPadding: Int64) {
        guard !runEndsReady else { return }
        runEndsReady = true
        for c in chunks.indices where runEnds[c].isEmpty {
            var ends = [Int64](repeating: .min, count: (chunks[c].count + ChunkedList.run - 1) / ChunkedList.run)
            for (i, slot) in chunks[c].enumerated() {
                let e = OverlapCounts.end(keys.start(slot), keys.end(slot), padding: endPadding)
                if e > ends[i / ChunkedList.run] { ends[i / ChunkedList.run] = e }
            }
            runEnds[c] = ends
        }
    }

    private static func key(_ slot: Int32, _ keys: EventView) -> Key { Key(start: keys.start(slot), id: keys.id(slot)) }

    /// Calls `body` with every slot, in order.
    func forEach(_ body: (Int32) -> Void) {
        for chunk in chunks { for slot in chunk { body(slot) } }
    }

    /// Appends a chunk of slots that all come after the list's last (a bulk load).
    mutating func appendChunk(_ chunk: [Int32], _ keys: EventView) {
        guard let first = chunk.first else { return }
        chunks.append(chunk)
        firsts.append(ChunkedList.key(first, keys))
        runEnds.append([])
        runEndsReady = false
        count += chunk.count
    }

    /// The chunk that holds (or would hold) key (start, id): the last one whose first
    /// entry is not after the key (the first chunk when every chunk is).
    private func chunkIndex(_ start: Int64, _ id: Int64) -> Int {
        firsts.withUnsafeBufferPointer { firsts in
            var low = 0, high = firsts.count
            while low < high {
                let mid = (low + high) / 2
                let first = firsts[mid]
                let after = first.start > start || (first.start == start && first.id > id)
                if after { high = mid } else { low = mid + 1 }
            }
            return max(0, low - 1)
        }
    }

    /// The first position in `chunk` whose entry is not before (start, id).
    private static func position(in chunk: UnsafeBufferPointer<Int32>, _ start: Int64, _ id: Int64, _ keys: EventView) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let mid = (low + high) / 2
            let s = keys.start(chunk[mid])
            if s < start || (s == start && keys.id(chunk[mid]) < id) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    mutating func insert(_ slot: Int32, _ keys: EventView) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[slot]]
            firsts = [ChunkedList.key(slot, keys)]
            runEnds = [[]]
            runEndsReady = false
            return
        }
        let start = keys.start(slot), id = keys.id(slot)
        let c = chunkIndex(start, id)
        let p = chunks[c].withUnsafeBufferPointer { ChunkedList.position(in: $0, start, id, keys) }
        chunks[c].insert(slot, at: p)
        runEnds[c] = []
        runEndsReady = false
        if p == 0 { firsts[c] = ChunkedList.key(slot, keys) }
        if chunks[c].count > ChunkedList.maxChunk {
            let half = chunks[c].count / 2
            let tail = Array(chunks[c][half...])
            chunks[c].removeSubrange(half...)
            chunks.insert(tail, at: c + 1)
            firsts.insert(ChunkedList.key(tail[0], keys), at: c + 1)
            runEnds.insert([], at: c + 1)
        }
    }

    mutating func remove(_ slot: Int32, _ keys: EventView) -> Bool {
        guard !chunks.isEmpty else { return false }
        let start = keys.start(slot), id = keys.id(slot)
        let c = chunkIndex(start, id)
        let p = chunks[c].withUnsafeBufferPointer { ChunkedList.position(in: $0, start, id, keys) }
        guard p < chunks[c].count, chunks[c][p] == slot else { return false }
        chunks[c].remove(at: p)
        runEnds[c] = []
        runEndsReady = false
        count -= 1
        if chunks[c].isEmpty {
            chunks.remove(at: c)
            firsts.remove(at: c)
            runEnds.remove(at: c)
        } else if p == 0 {
            firsts[c] = ChunkedList.key(chunks[c][0], keys)
        }
        return true
    }

    /// Appends the slots with `from <= start < below` that overlap `[lo, ...)` (end
    /// after lo, or empty and at lo or later), in order; `endPadding` as the index's.
    /// At most `limit` slots are appended.
    func scan(from: Int64, below: Int64, overlapping lo: Int64, _ endPadding: Int64, _ keys: EventView,
              into out: inout [Int32], limit: Int = Int.max) {
        guard !chunks.isEmpty, from < below, limit > 0 else { return }
        var found = 0
        var c = chunkIndex(from, Int64.min)
        var p = chunks[c].withUnsafeBufferPointer { ChunkedList.position(in: $0, from, Int64.min, keys) }
        while c < chunks.count {
            let done = chunks[c].withUnsafeBufferPointer { chunk in
                runEnds[c].withUnsafeBufferPointer { ends in
                    ChunkedList.scan(chunk, ends, at: p, below: below, overlapping: lo, endPadding, keys) { slot in
                        out.append(slot)
                        found += 1
                        return found == limit
                    }
                }
            }
            if done { return }
            c += 1
            p = 0
        }
    }

    /// `scan`'s reading of one chunk from entry p on: passes over runs whose intervals
    /// all end by lo (`ends`, the chunk's run ends, or empty) without reading them, and
    /// gives each overlapping slot to `take`; true when a start reaches `below` or
    /// `take` has enough (returns true), false at the chunk's end.
    @inline(__always)
    private static func scan(_ chunk: UnsafeBufferPointer<Int32>, _ ends: UnsafeBufferPointer<Int64>, at p: Int,
                             below: Int64, overlapping lo: Int64, _ endPadding: Int64, _ keys: EventView,
                             _ take: (Int32) -> Bool) -> Bool {
        var p = p
        while p < chunk.count {
            // a run whose intervals all end by lo: none overlaps, none read
            if p % ChunkedList.run == 0, !ends.isEmpty, ends[p / ChunkedList.run] <= lo {
                p += ChunkedList.run
                continue
            }
            let slot = chunk[p]
            let start = keys.start(slot)
            if start >= below { return true }
            let end = keys.end(slot) &+ endPadding
            if end > lo || (end == start && start >= lo) {
                if take(slot) { return true }
            }
            p += 1
        }
        return false
    }

    /// `scan(from: lo - reach, below: hi, overlapping: lo, limit: limit)` for each day
    /// [lo, hi) = [days[i], days[i + 1]) of a page, the bounds ascending (reach nil: from
    /// the list's start; `below`: day i's scan stops at below[i] when that is before
    /// hi): day i's slots in out[i * limit ..< i * limit + found[i]]. The
    /// start of each day's window is found galloping forward from the last day's, not
    /// by a search of the whole list, and the list's arrays are read in place (no copy
    /// per day): O(days · (log of the entries passed + f + limit)), f as in `scan`.
    func scanDays(_ days: UnsafeBufferPointer<Int64>, reach: Int64?, below: UnsafeBufferPointer<Int64>?, limit: Int,
                  _ endPadding: Int64, _ keys: EventView,
                  into out: UnsafeMutableBufferPointer<Int32>, found: UnsafeMutableBufferPointer<Int>) {
        let count = days.count - 1
        guard count > 0 else { return }
        for i in 0..<count { found[i] = 0 }
        guard !chunks.isEmpty, limit > 0 else { return }
        chunks.withUnsafeBufferPointer { chunks in
            firsts.withUnsafeBufferPointer { firsts in
                runEnds.withUnsafeBufferPointer { runEnds in
                    // the window's first entry: chunk `at`, entry `entry` (maybe its end)
                    var at = 0, entry = 0
                    for i in 0..<count {
                        let lo = days[i]
                        var hi = days[i + 1]
                        if let below, below[i] < hi { hi = below[i] }
                        let from: Int64
                        if let reach { from = lo &- reach } else { from = .min }
                        while at + 1 < firsts.count && firsts[at + 1].start < from {
                            at += 1
                            entry = 0
                        }
                        entry = chunks[at].withUnsafeBufferPointer { chunk in
                            gallop(from: entry, count: chunk.count) { keys.start(chunk[$0]) < from }
                        }
                        guard from < hi else { continue }
                        var n = 0, c = at, p = entry
                        let base = i * limit
                        while c < chunks.count {
                            let done = chunks[c].withUnsafeBufferPointer { chunk in
                                runEnds[c].withUnsafeBufferPointer { ends in
                                    ChunkedList.scan(chunk, ends, at: p, below: hi, overlapping: lo, endPadding, keys) { slot in
                                        out[base + n] = slot
                                        n += 1
                                        return n == limit
                                    }
                                }
                            }
                            if done { break }
                            c += 1
                            p = 0
                        }
                        found[i] = n
                    }
                }
            }
        }
    }
}
