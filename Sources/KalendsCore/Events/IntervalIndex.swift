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
    private var levels: [ChunkedList]

    /// `unit`: the length of a day in the index's units (86,400 for instants, 1 for days).
    init(unit: Int64) {
        bounds = [unit, 8 * unit, 64 * unit, 730 * unit]
        levels = Array(repeating: ChunkedList(), count: bounds.count + 1)
    }

    private func level(of length: Int64) -> Int {
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

    /// Calls `body` with every interval overlapping `[lo, hi)`; a zero-length interval
    /// overlaps when it lies in `[lo, hi)`. Order: by level, then start.
    func forEach(overlapping lo: Int64, _ hi: Int64, _ body: (Entry) -> Void) {
        for (i, list) in levels.enumerated() {
            let from = i < bounds.count ? lo &- bounds[i] : Int64.min
            list.scan(from: from, below: hi) { e in
                if e.end > lo || (e.end == e.start && e.start >= lo) { body(e) }
            }
        }
    }
}

/// Entries sorted by (start, id) in chunks of at most `ChunkedList.maxChunk`: insert and
/// remove cost a binary search and one chunk's shift, not the whole list's.
struct ChunkedList {
    typealias Entry = IntervalIndex.Entry
    static let maxChunk = 512

    private var chunks: [[Entry]] = []
    private(set) var count = 0

    init() {}

    init(sorted: [Entry]) {
        var i = 0
        while i < sorted.count {
            let j = min(i + ChunkedList.maxChunk / 2, sorted.count)
            chunks.append(Array(sorted[i..<j]))
            i = j
        }
        count = sorted.count
    }

    /// The chunk that holds (or would hold) key (start, id): the last one whose first
    /// entry is not after the key (the first chunk when every chunk is).
    private func chunkIndex(_ start: Int64, _ id: Int64) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            let first = chunks[mid][0]
            let after = first.start > start || (first.start == start && first.id > id)
            if after { high = mid } else { low = mid + 1 }
        }
        return max(0, low - 1)
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
            return
        }
        let c = chunkIndex(e.start, e.id)
        chunks[c].insert(e, at: ChunkedList.position(in: chunks[c], e.start, e.id))
        if chunks[c].count > ChunkedList.maxChunk {
            let half = chunks[c].count / 2
            let tail = Array(chunks[c][half...])
            chunks[c].removeSubrange(half...)
            chunks.insert(tail, at: c + 1)
        }
    }

    mutating func remove(start: Int64, id: Int64) -> Bool {
        guard !chunks.isEmpty else { return false }
        let c = chunkIndex(start, id)
        let p = ChunkedList.position(in: chunks[c], start, id)
        guard p < chunks[c].count, chunks[c][p].start == start, chunks[c][p].id == id else { return false }
        chunks[c].remove(at: p)
        count -= 1
        if chunks[c].isEmpty { chunks.remove(at: c) }
        return true
    }

    /// Entries with `from <= start < below`, in order.
    func scan(from: Int64, below: Int64, _ body: (Entry) -> Void) {
        guard !chunks.isEmpty, from < below else { return }
        var c = chunkIndex(from, Int64.min)
        var p = ChunkedList.position(in: chunks[c], from, Int64.min)
        while c < chunks.count {
            let chunk = chunks[c]
            while p < chunk.count {
                let e = chunk[p]
                if e.start >= below { return }
                body(e)
                p += 1
            }
            c += 1
            p = 0
        }
    }
}
