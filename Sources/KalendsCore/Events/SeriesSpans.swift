/// The active spans of a store's recurring entries, `[first start, last end]` (an open
/// end: `Int64.max`), for the query "which series can have an occurrence in [lo, hi)".
///
/// Entries sorted by start, with a tree of the greatest end over each range of them: a
/// query binary-searches the entries starting before `hi`, then descends the tree into
/// the ranges whose greatest end reaches `lo`: O(log n + a·log(n/a)) for the a series
/// it returns, whatever the number of series that ended before or start after the range.
/// Changes mark it stale; the next query rebuilds it (O(n log n)), so a batch of changes
/// costs one rebuild.
struct SeriesSpans {
    struct Entry {
        var start: Int64
        var end: Int64
        var slot: Int32
    }

    private var spans: [Int32: (start: Int64, end: Int64)] = [:]
    private var sorted: [Entry] = []
    private var maxEnd: [Int64] = []
    private var stale = false

    var count: Int { spans.count }

    mutating func set(_ slot: Int32, start: Int64, end: Int64) {
        spans[slot] = (start, max(start, end))
        stale = true
    }

    mutating func remove(_ slot: Int32) {
        if spans.removeValue(forKey: slot) != nil { stale = true }
    }

    mutating func removeAll() {
        spans = [:]
        sorted = []
        maxEnd = []
        stale = false
    }

    private mutating func rebuild() {
        sorted = spans.map { Entry(start: $0.value.start, end: $0.value.end, slot: $0.key) }
        sorted.sort { ($0.start, $0.slot) < ($1.start, $1.slot) }
        var size = 1
        while size < sorted.count { size *= 2 }
        maxEnd = Array(repeating: Int64.min, count: 2 * size)
        for (i, e) in sorted.enumerated() { maxEnd[size + i] = e.end }
        var i = size - 1
        while i >= 1 {
            maxEnd[i] = max(maxEnd[2 * i], maxEnd[2 * i + 1])
            i -= 1
        }
        stale = false
    }

    /// Slots whose span overlaps [lo, hi) (end >= lo, start < hi), in start order.
    mutating func collect(overlapping lo: Int64, _ hi: Int64, into out: inout [Int32]) {
        guard !spans.isEmpty else { return }
        if stale { rebuild() }
        var a = 0, b = sorted.count
        while a < b {
            let mid = (a + b) / 2
            if sorted[mid].start < hi { a = mid + 1 } else { b = mid }
        }
        let limit = a
        guard limit > 0 else { return }
        let size = maxEnd.count / 2
        // Iterative descent over the nodes covering leaves [0, limit).
        var stack: [(node: Int, first: Int, count: Int)] = [(1, 0, size)]
        while let (node, first, count) = stack.popLast() {
            if first >= limit || maxEnd[node] < lo { continue }
            if count == 1 {
                out.append(sorted[first].slot)
                continue
            }
            let half = count / 2
            stack.append((2 * node + 1, first + half, half))
            stack.append((2 * node, first, half))
        }
    }
}
