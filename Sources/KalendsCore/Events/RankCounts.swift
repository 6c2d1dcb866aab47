/// A sorted multiset of Int64 values in chunks, with the count of values below any
/// bound: insert and remove cost a binary search, one chunk's shift and O(chunks) for
/// the running counts; `count(below:)` costs two binary searches (O(log n)).
struct RankCounter {
    static let maxChunk = 512

    private var chunks: [[Int64]] = []
    /// Each chunk's first value (so finding a chunk reads one flat array).
    private var firsts: [Int64] = []
    /// How many values the chunks before chunk i hold.
    private var before: [Int] = []
    private(set) var count = 0

    init() {}

    /// A counter of `values` (any order).
    init(_ values: [Int64]) {
        let sorted = values.sorted()
        var i = 0
        while i < sorted.count {
            let chunk = Array(sorted[i ..< min(sorted.count, i + RankCounter.maxChunk / 2)])
            before.append(i)
            firsts.append(chunk[0])
            chunks.append(chunk)
            i += chunk.count
        }
        count = sorted.count
    }

    /// The last chunk whose first value is below `value` (or equal when `orEqual`); 0
    /// when none is.
    private func chunkIndex(_ value: Int64, orEqual: Bool) -> Int {
        firsts.withUnsafeBufferPointer { f in
            var low = 0, high = f.count
            while low < high {
                let mid = (low + high) / 2
                if f[mid] < value || (orEqual && f[mid] == value) { low = mid + 1 } else { high = mid }
            }
            return max(0, low - 1)
        }
    }

    /// The first position in `chunk` whose value is not below `value`.
    private static func position(_ chunk: UnsafeBufferPointer<Int64>, _ value: Int64) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let mid = (low + high) / 2
            if chunk[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// How many values are below `value`.
    func count(below value: Int64) -> Int {
        guard !chunks.isEmpty else { return 0 }
        let c = chunkIndex(value, orEqual: false)
        return before[c] + chunks[c].withUnsafeBufferPointer { RankCounter.position($0, value) }
    }

    /// Adds `sign` × count(below: values[i] &+ plus) to out[i] for every i, the values
    /// ascending: one walk forward over the chunks, galloping from one value's position
    /// to the next's (O(chunks + Σ log of the values passed)), not a search per value.
    func addCounts(below values: UnsafeBufferPointer<Int64>, plus: Int64, sign: Int,
                   into out: UnsafeMutableBufferPointer<Int64>) {
        guard !chunks.isEmpty, !values.isEmpty else { return }
        let n = values.count
        var c = 0, p = 0, i = 0
        firsts.withUnsafeBufferPointer { f in
            while i < n {
                let v = values[i] &+ plus
                while c + 1 < f.count && f[c + 1] < v { c += 1; p = 0 }
                let below = before[c]
                chunks[c].withUnsafeBufferPointer { chunk in
                    // the values whose chunk is c
                    repeat {
                        let v = values[i] &+ plus
                        if c + 1 < f.count && f[c + 1] < v { return }
                        p = gallop(from: p, count: chunk.count) { chunk[$0] < v }
                        out[i] += Int64(sign * (below + p))
                        i += 1
                    } while i < n
                }
            }
        }
    }

    mutating func insert(_ value: Int64) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[value]]
            firsts = [value]
            before = [0]
            return
        }
        let c = chunkIndex(value, orEqual: true)
        let p = chunks[c].withUnsafeBufferPointer { RankCounter.position($0, value) }
        chunks[c].insert(value, at: p)
        if p == 0 { firsts[c] = value }
        for i in (c + 1) ..< before.count { before[i] += 1 }
        if chunks[c].count > RankCounter.maxChunk {
            let half = chunks[c].count / 2
            let tail = Array(chunks[c][half...])
            chunks[c].removeSubrange(half...)
            chunks.insert(tail, at: c + 1)
            firsts.insert(tail[0], at: c + 1)
            before.insert(before[c] + half, at: c + 1)
        }
    }

    /// Removes one copy of `value`; false when there is none.
    @discardableResult
    mutating func remove(_ value: Int64) -> Bool {
        guard !chunks.isEmpty else { return false }
        // The first chunk that may hold the value: the last one starting below it (a
        // run of equal values may begin in it).
        var c = chunkIndex(value, orEqual: false)
        var p = chunks[c].withUnsafeBufferPointer { RankCounter.position($0, value) }
        if p == chunks[c].count, c + 1 < chunks.count { c += 1; p = 0 }
        guard p < chunks[c].count, chunks[c][p] == value else { return false }
        chunks[c].remove(at: p)
        count -= 1
        for i in (c + 1) ..< before.count { before[i] -= 1 }
        if chunks[c].isEmpty {
            chunks.remove(at: c)
            firsts.remove(at: c)
            before.remove(at: c)
        } else if p == 0 {
            firsts[c] = chunks[c][0]
        }
        return true
    }
}

/// An interval index's counts by rank: its intervals' starts and (exclusive) ends, each
/// sorted, so the intervals overlapping `[lo, hi)` number #(start < hi) - #(end <= lo)
/// (an interval that ends by lo started before hi). Ends are padded as the index's, and
/// an empty interval [s, s) counts as [s, s + 1), as the index's overlap test has it.
struct OverlapCounts {
    private var starts: RankCounter
    private var ends: RankCounter

    /// The end an interval is counted with.
    @inline(__always)
    static func end(_ start: Int64, _ end: Int64, padding: Int64) -> Int64 {
        let e = end &+ padding
        return e == start ? start &+ 1 : e
    }

    init(starts: [Int64], ends: [Int64]) {
        self.starts = RankCounter(starts)
        self.ends = RankCounter(ends)
    }

    mutating func insert(start: Int64, end: Int64) {
        starts.insert(start)
        ends.insert(end)
    }

    mutating func remove(start: Int64, end: Int64) {
        starts.remove(start)
        ends.remove(end)
    }

    /// Adds to out[i] how many intervals overlap [bounds[i], bounds[i + 1]) for every
    /// i below bounds.count - 1, the bounds ascending (a page's days): `overlapping`
    /// for each, in one walk over the starts and one over the ends.
    func addOverlapping(_ bounds: UnsafeBufferPointer<Int64>, into out: UnsafeMutableBufferPointer<Int64>) {
        guard bounds.count > 1 else { return }
        starts.addCounts(below: UnsafeBufferPointer(rebasing: bounds[1...]), plus: 0, sign: 1, into: out)
        ends.addCounts(below: UnsafeBufferPointer(rebasing: bounds[..<(bounds.count - 1)]), plus: 1, sign: -1, into: out)
    }

    /// How many intervals overlap [lo, hi) (lo < hi).
    func overlapping(_ lo: Int64, _ hi: Int64) -> Int {
        starts.count(below: hi) - ends.count(below: lo &+ 1)
    }

    /// How many intervals start before `value`.
    func starting(below value: Int64) -> Int { starts.count(below: value) }
}
