import Testing
@testable import KalendsCore

/// RankCounter and OverlapCounts (the dots' counts by rank) against brute-force counts
/// through inserts and removals that split chunks and empty them, with long runs of
/// equal values across chunk boundaries.
struct RankCounterTests {
    struct Rng {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(n))
        }
    }

    @Test(arguments: [0, 1, 700, 5000])
    func countsBelowMatchABruteForceCount(initial: Int) {
        var rng = Rng(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(initial))
        // Few distinct values, so runs of equal ones span chunks.
        var values = (0..<initial).map { _ in Int64(rng.next(40)) }
        var counter = RankCounter(values)
        for step in 0..<6000 {
            if rng.next(3) == 0, !values.isEmpty {
                let v = values.remove(at: rng.next(values.count))
                let removed = counter.remove(v)
                #expect(removed)
            } else {
                let v = Int64(rng.next(40))
                values.append(v)
                counter.insert(v)
            }
            if step % 97 == 0 {
                let absent = counter.remove(1_000)
                #expect(!absent)
                for b in Int64(-1)...41 { #expect(counter.count(below: b) == values.filter { $0 < b }.count) }
            }
        }
        #expect(counter.count == values.count)
        for v in values {
            let removed = counter.remove(v)
            #expect(removed)
        }
        #expect(counter.count == 0 && counter.count(below: 100) == 0)
    }

    @Test func overlapCountsFollowTheIndexOverlapTest() {
        // [start, end) with padding 0: an empty interval overlaps [lo, hi) when lo <= start < hi.
        let intervals: [(Int64, Int64)] = [(0, 10), (5, 5), (10, 10), (10, 20), (-5, 0), (3, 4), (9, 30)]
        var counts = OverlapCounts(starts: intervals.map(\.0), ends: intervals.map { OverlapCounts.end($0.0, $0.1, padding: 0) })
        func brute(_ lo: Int64, _ hi: Int64) -> Int {
            intervals.filter { s, e in s < hi && (e > lo || (e == s && s >= lo)) }.count
        }
        for lo in Int64(-8)...32 { for hi in (lo + 1)...(lo + 12) { #expect(counts.overlapping(lo, hi) == brute(lo, hi)) } }
        counts.remove(start: 5, end: OverlapCounts.end(5, 5, padding: 0))
        #expect(counts.overlapping(5, 6) == 1)   // (0, 10) only, the empty (5, 5) gone
    }
}
