/// A query hit and its sort key: start instant, all-day before timed (rank 0 before 1),
/// then id.
struct QueryHit {
    var key: Int64
    var id: Int64
    var slot: Int32
    var rank: Int32
    /// Index into `QueryScratch.occurrences` for an occurrence of a recurring entry, else -1.
    var occurrence: Int32 = -1

    static func < (a: QueryHit, b: QueryHit) -> Bool {
        a.key != b.key ? a.key < b.key : a.rank != b.rank ? a.rank < b.rank : a.id < b.id
    }
}

/// The buffers of a store's queries, reused from one query to the next (once grown, a
/// query allocates nothing), and the merge that orders a query's hits.
struct QueryScratch {
    /// Slots the indexes found.
    var entries: [Int32] = []
    /// Where each sorted run of `entries` (and so of `hits`) begins.
    var runs: [Int] = []
    var hits: [QueryHit] = []
    /// The occurrences of recurring entries a query found (hits point into it).
    var occurrences: [StoreOccurrence] = []
    var seriesSlots: [Int32] = []
    /// Recurring entries that listed only their first few (a query with a limit), and how
    /// many they listed.
    var partial: [(slot: Int32, listed: Int)] = []
    private var spare: [QueryHit] = []
    /// Buffers above this many elements are let go after a query rather than kept.
    private static let keep = 1 << 16

    mutating func reset() {
        entries.removeAll(keepingCapacity: entries.capacity <= QueryScratch.keep)
        runs.removeAll(keepingCapacity: true)
        occurrences.removeAll(keepingCapacity: true)
        seriesSlots.removeAll(keepingCapacity: true)
        partial.removeAll(keepingCapacity: true)
        hits.removeAll(keepingCapacity: hits.capacity <= QueryScratch.keep)
        if spare.capacity > QueryScratch.keep { spare = [] }
    }

    /// Orders `hits`, whose runs (starting at `runs`) are each sorted: neighbouring runs
    /// merged pairwise until one is left, O(k log r) for r runs.
    mutating func mergeRuns() {
        let n = hits.count
        guard runs.count > 1 else { return }
        spare.removeAll(keepingCapacity: true)
        spare.append(contentsOf: hits)
        while runs.count > 1 {
            var kept = 0
            hits.withUnsafeBufferPointer { src in
                spare.withUnsafeMutableBufferPointer { dst in
                    var r = 0
                    while r < runs.count {
                        let lo = runs[r]
                        let mid = r + 1 < runs.count ? runs[r + 1] : n
                        let hi = r + 2 < runs.count ? runs[r + 2] : n
                        var i = lo, j = mid, k = lo
                        while i < mid && j < hi {
                            if src[j] < src[i] {
                                dst[k] = src[j]
                                j += 1
                            } else {
                                dst[k] = src[i]
                                i += 1
                            }
                            k += 1
                        }
                        while i < mid {
                            dst[k] = src[i]
                            i += 1
                            k += 1
                        }
                        while j < hi {
                            dst[k] = src[j]
                            j += 1
                            k += 1
                        }
                        runs[kept] = lo
                        kept += 1
                        r += 2
                    }
                }
            }
            runs.removeLast(runs.count - kept)
            swap(&hits, &spare)
        }
    }
}
