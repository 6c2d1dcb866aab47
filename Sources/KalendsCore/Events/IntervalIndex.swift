/// Intervals `[start, end)` by start, for overlap queries that read what they return.
///
/// Intervals are kept in levels by length (each level's bound eight times the last);
/// within a level they are sorted by (start, id) in chunks. An interval of level j that
/// overlaps `[lo, hi)` starts in `[lo - bound_j, hi)`, so a query binary-searches each
/// level to that window and scans it: O(levels · log n + k + f), where f counts the
/// intervals of a level's window that end before `lo` (at most those starting within
/// one bound before the range). The last level is unbounded and scanned whole: it holds
/// only intervals longer than its predecessor's bound (years), which calendars have few of.
struct IntervalIndex {
    struct Entry: Equatable {
        var start: Int64
        var end: Int64
        var id: Int64
        var slot: Int32

        func precedes(_ start: Int64, _ id: Int64) -> Bool {
            self.start < start || (self.start == start && self.id < id)
        }
    }

    private let bounds: [Int64]
    fileprivate var levels: [ChunkedList]

    /// `unit`: the length of a day in the index's units (86,400 for instants, 1 for days).
    init(unit: Int64) {
        bounds = [unit, 8 * unit, 64 * unit, 730 * unit]
        levels = Array(repeating: ChunkedList(), count: bounds.count + 1)
    }

    fileprivate func level(of length: Int64) -> Int {
        bounds.firstIndex { length <= $0 } ?? bounds.count
    }

    var count: Int { levels.reduce(0) { $0 + $1.count } }

    mutating func insert(_ e: Entry) {
        levels[level(of: e.end - e.start)].insert(e)
    }

    /// Removes the entry with this start, end and id; false when absent.
    @discardableResult
    mutating func remove(start: Int64, end: Int64, id: Int64) -> Bool {
        levels[level(of: end - start)].remove(start: start, id: id)
    }

    /// Replaces everything by `entries` (any order): O(n log n).
    mutating func load(_ entries: [Entry]) {
        var byLevel = Array(repeating: [Entry](), count: levels.count)
        for e in entries { byLevel[level(of: e.end - e.start)].append(e) }
        for i in levels.indices {
            byLevel[i].sort { $0.precedes($1.start, $1.id) }
            levels[i] = ChunkedList(sorted: byLevel[i])
        }
    }

    /// Builds an index from entries given in (start, id) order, chunk by chunk: no
    /// second array of the entries while it loads.
    struct Builder {
        private var index: IntervalIndex
        private var pending: [[Entry]]

        init(unit: Int64) {
            index = IntervalIndex(unit: unit)
            pending = Array(repeating: [], count: index.levels.count)
        }

        mutating func append(_ e: Entry) {
            let i = index.level(of: e.end - e.start)
            if pending[i].isEmpty { pending[i].reserveCapacity(ChunkedList.maxChunk / 2) }
            pending[i].append(e)
            if pending[i].count == ChunkedList.maxChunk / 2 {
                index.levels[i].appendChunk(pending[i])
                pending[i] = []
            }
        }

        /// The index (the builder is spent).
        mutating func finish() -> IntervalIndex {
            for i in pending.indices where !pending[i].isEmpty {
                index.levels[i].appendChunk(pending[i])
                pending[i] = []
            }
            return index
        }
    }

    /// Appends the intervals longer than `minimum` (only the levels whose bound is above
    /// it are read) that start before `cut` and overlap `[lo, ...)`, one run per level
    /// sorted by (start, id). For queries that find the shorter ones another way.
    func collectLong(longerThan minimum: Int64, startingBefore cut: Int64, overlapping lo: Int64, into out: inout [Entry]) {
        for i in levels.indices where levels[i].count > 0 && (i == bounds.count || bounds[i] > minimum) {
            let from = i < bounds.count ? lo &- bounds[i] : Int64.min
            levels[i].scan(from: from, below: cut, overlapping: lo, into: &out)
        }
    }

    /// The bound of the second level (intervals up to it are in levels 0 and 1).
    var shortBound: Int64 { bounds[1] }

    /// Appends the intervals overlapping `[lo, hi)` to `out` (a zero-length interval
    /// overlaps when it lies in `[lo, hi)`), one run per level sorted by (start, id);
    /// `runs` receives the index where each non-empty run begins.
    func collect(overlapping lo: Int64, _ hi: Int64, into out: inout [Entry], runs: inout [Int]) {
        for i in levels.indices where levels[i].count > 0 {
            let from = i < bounds.count ? lo &- bounds[i] : Int64.min
            let before = out.count
            levels[i].scan(from: from, below: hi, overlapping: lo, into: &out)
            if out.count > before { runs.append(before) }
        }
    }
}

/// Entries sorted by (start, id) in chunks of at most `ChunkedList.maxChunk`: insert and
/// remove cost a binary search and one chunk's shift, not the whole list's.
struct ChunkedList {
    typealias Entry = IntervalIndex.Entry
    static let maxChunk = 512

    private var chunks: [[Entry]] = []
    /// Each chunk's first entry, so finding a chunk reads one flat array.
    private var firsts: [Entry] = []
    private(set) var count = 0

    init() {}

    /// Appends a chunk of entries that all come after the list's last (a bulk load).
    mutating func appendChunk(_ chunk: [Entry]) {
        guard let first = chunk.first else { return }
        chunks.append(chunk)
        firsts.append(first)
        count += chunk.count
    }

    init(sorted: [Entry]) {
        var i = 0
        while i < sorted.count {
            let j = min(i + ChunkedList.maxChunk / 2, sorted.count)
            chunks.append(Array(sorted[i..<j]))
            firsts.append(sorted[i])
            i = j
        }
        count = sorted.count
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

    private static func position(in chunk: [Entry], _ start: Int64, _ id: Int64) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let mid = (low + high) / 2
            if chunk[mid].precedes(start, id) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    mutating func insert(_ e: Entry) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[e]]
            firsts = [e]
            return
        }
        let c = chunkIndex(e.start, e.id)
        chunks[c].insert(e, at: ChunkedList.position(in: chunks[c], e.start, e.id))
        firsts[c] = chunks[c][0]
        if chunks[c].count > ChunkedList.maxChunk {
            let half = chunks[c].count / 2
            let tail = Array(chunks[c][half...])
            chunks[c].removeSubrange(half...)
            chunks.insert(tail, at: c + 1)
            firsts.insert(tail[0], at: c + 1)
        }
    }

    mutating func remove(start: Int64, id: Int64) -> Bool {
        guard !chunks.isEmpty else { return false }
        let c = chunkIndex(start, id)
        let p = ChunkedList.position(in: chunks[c], start, id)
        guard p < chunks[c].count, chunks[c][p].start == start, chunks[c][p].id == id else { return false }
        chunks[c].remove(at: p)
        count -= 1
        if chunks[c].isEmpty {
            chunks.remove(at: c)
            firsts.remove(at: c)
        } else {
            firsts[c] = chunks[c][0]
        }
        return true
    }

    /// Appends the entries with `from <= start < below` that overlap `[lo, ...)` (end
    /// after lo, or empty and at lo or later), in order.
    func scan(from: Int64, below: Int64, overlapping lo: Int64, into out: inout [Entry]) {
        guard !chunks.isEmpty, from < below else { return }
        var c = chunkIndex(from, Int64.min)
        var p = ChunkedList.position(in: chunks[c], from, Int64.min)
        while c < chunks.count {
            let done: Bool = chunks[c].withUnsafeBufferPointer { chunk in
                while p < chunk.count {
                    let e = chunk[p]
                    if e.start >= below { return true }
                    if e.end > lo || (e.end == e.start && e.start >= lo) { out.append(e) }
                    p += 1
                }
                return false
            }
            if done { return }
            c += 1
            p = 0
        }
    }
}
