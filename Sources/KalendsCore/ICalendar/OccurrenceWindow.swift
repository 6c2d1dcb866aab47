/// Which occurrences a question is about, by their start S and end E (keys: instants,
/// floating and all-day values read in the query's zone): those with a length (E > S)
/// whose start lies in [startFrom, startTo) and whose end lies in (endAfter, endUntil],
/// and those without (E <= S) whose start lies in [pointFrom, pointTo).
///
/// `overlapping(F, T)` is what a range query asks (the occurrences that overlap [F, T));
/// a month view asks for the occurrences starting on one day and ending on another (the
/// classes of its bars), a dot for those overlapping a day.
public struct OccurrenceWindow: Hashable, Sendable {
    public var startFrom: Int64
    public var startTo: Int64
    public var endAfter: Int64
    public var endUntil: Int64
    public var pointFrom: Int64
    public var pointTo: Int64

    public init(startFrom: Int64, startTo: Int64, endAfter: Int64, endUntil: Int64, pointFrom: Int64, pointTo: Int64) {
        self.startFrom = startFrom
        self.startTo = startTo
        self.endAfter = endAfter
        self.endUntil = endUntil
        self.pointFrom = pointFrom
        self.pointTo = pointTo
    }

    /// The occurrences overlapping [from, to): starting before `to` and ending after
    /// `from`, or, without length, starting in [from, to).
    public static func overlapping(_ from: Int64, _ to: Int64) -> OccurrenceWindow {
        OccurrenceWindow(startFrom: Int64.min, startTo: to, endAfter: from, endUntil: Int64.max, pointFrom: from, pointTo: to)
    }

    public func contains(start s: Int64, end e: Int64) -> Bool {
        e > s ? (s >= startFrom && s < startTo && e > endAfter && e <= endUntil) : (s >= pointFrom && s < pointTo)
    }

    /// Start keys that can be in the window for occurrences lasting at most `longest`
    /// (key) seconds: [lower, upper); nil when none.
    func startKeys(longest: Int64) -> (lower: Int64, upper: Int64)? {
        var lower = Int64.max, upper = Int64.min
        if startFrom < startTo && endAfter < endUntil {
            let a = max(startFrom, Saturating.add(endAfter, -max(longest, 0))), b = startTo
            if a < b { lower = min(lower, a); upper = max(upper, b) }
        }
        if pointFrom < pointTo {
            lower = min(lower, pointFrom)
            upper = max(upper, pointTo)
        }
        return lower < upper ? (lower, upper) : nil
    }

    /// The walls w in [lo, hi) whose instance -- starting at wall time w + shift and
    /// lasting `length` wall seconds, start and end read in `zone` (nil: floating) as
    /// `WallClock.resolve` reads them -- lies in the window: ascending disjoint intervals
    /// [a, b) of walls. Exact: within a piece of constant offsets (`WallClock.offsetPieces`)
    /// S = w + shift − φ1 and E = w + shift + length − φ2, so each bound of the window is a
    /// bound on w. O(clock changes near the window); nil when the zone's offsets do not
    /// read as pieces (the caller walks).
    func walls(zone: TimeZone?, shift s: Int64, length d: Int64, within lo: Int64, _ hi: Int64) -> [(Int64, Int64)]? {
        let add = Saturating.add
        // Offsets stay within a day of UTC: two days of margin on either side.
        let margin: Int64 = 2 * 86_400 + (zone?.offsetMagnitude ?? 0)
        var lower = Int64.max, upper = Int64.min
        if startFrom < startTo && endAfter < endUntil {
            lower = min(lower, max(add(startFrom, -s), add(endAfter, add(-s, -d))))
            upper = max(upper, min(add(startTo, -s), add(add(endUntil, add(-s, -d)), 1)))
        }
        if pointFrom < pointTo {
            lower = min(lower, add(pointFrom, -s))
            upper = max(upper, add(pointTo, -s))
        }
        let a = max(lo, add(lower, -margin)), b = min(hi, add(upper, margin))
        guard a < b else { return [] }
        // Where φ1 (of w + s) and φ2 (of w + s + d) change, as walls w.
        guard let p1 = WallClock.offsetPieces(zone, from: add(a, s), to: add(b, s)),
              let p2 = WallClock.offsetPieces(zone, from: add(a, add(s, d)), to: add(b, add(s, d))) else { return nil }
        var cuts: [(wall: Int64, first: Bool, phi: Int64)] = p1.map { (add($0.start, -s), true, $0.phi) }
        cuts += p2.map { (add($0.start, add(-s, -d)), false, $0.phi) }
        cuts.sort { $0.wall < $1.wall }
        var phi1 = p1.first?.phi ?? 0, phi2 = p2.first?.phi ?? 0
        var out: [(Int64, Int64)] = []
        var i = 0
        while i < cuts.count {
            let start = cuts[i].wall
            while i < cuts.count && cuts[i].wall == start {
                if cuts[i].first { phi1 = cuts[i].phi } else { phi2 = cuts[i].phi }
                i += 1
            }
            let end = i < cuts.count ? cuts[i].wall : b
            var x: Int64, y: Int64
            if add(d, phi1 - phi2) > 0 {
                x = max(add(startFrom, add(-s, phi1)), add(add(endAfter, add(add(-s, -d), phi2)), 1))
                y = min(add(startTo, add(-s, phi1)), add(add(endUntil, add(add(-s, -d), phi2)), 1))
            } else {
                x = add(pointFrom, add(-s, phi1))
                y = add(pointTo, add(-s, phi1))
            }
            x = max(x, start, a)
            y = min(y, end, b)
            guard x < y else { continue }
            if let last = out.last, last.1 == x {
                out[out.count - 1].1 = y
            } else {
                out.append((x, y))
            }
        }
        return out
    }
}

/// Additions that stop at the ends of Int64 (the windows' open ends are Int64.min and .max).
enum Saturating {
    static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? (b > 0 ? Int64.max : Int64.min) : r
    }
}
