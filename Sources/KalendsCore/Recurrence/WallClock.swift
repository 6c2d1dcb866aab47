/// Wall-clock times in a time zone, as RFC 5545 3.3.5 reads them: a time that happens
/// twice is its first occurrence; a time a clock change skips is read with the offset
/// before the change (so it lands after the gap); 3.3.10 then says a *recurrence
/// instance* at a skipped time is no instance at all.
enum WallClock {
    /// The instant of wall time `w` and whether `w` exists in the zone.
    static func resolve(_ zone: TimeZone, _ w: Int64) -> (instant: Int64, exists: Bool) {
        let before = Int64(zone.zoneOffset(at: w &- 172_800).secondsEast)
        let after = Int64(zone.zoneOffset(at: w &+ 172_800).secondsEast)
        let here = Int64(zone.zoneOffset(at: w &- before).secondsEast)
        var best: Int64?
        for o in [before, here, after] {
            let t = w &- o
            if Int64(zone.zoneOffset(at: t).secondsEast) == o { best = min(best ?? t, t) }
        }
        if let best { return (best, true) }
        return (w &- before, false)
    }

    /// The wall time of an instant.
    static func wall(_ zone: TimeZone, _ instant: Int64) -> Int64 {
        instant &+ Int64(zone.zoneOffset(at: instant).secondsEast)
    }

    /// The skipped wall-clock intervals [start, end) that overlap [from, to), ascending.
    static func gaps(_ zone: TimeZone, from: Int64, to: Int64) -> [(Int64, Int64)] {
        var out: [(Int64, Int64)] = []
        var t = from &- 172_800
        var steps = 0
        while let next = zone.nextTransition(after: t), next < to &+ 172_800, steps < 10_000 {
            steps += 1
            let old = Int64(zone.zoneOffset(at: next - 1).secondsEast)
            let new = Int64(zone.zoneOffset(at: next).secondsEast)
            if new > old {
                let a = next + old, b = next + new
                if b > from && a < to { out.append((a, b)) }
            }
            t = next
        }
        return out
    }

    /// Whether the zone ever changes its offset (UTC and fixed offsets do not).
    static func hasTransitions(_ zone: TimeZone) -> Bool {
        zone.nextTransition(after: TimeText.minLocal - 172_800).map { $0 < TimeText.endLocal } ?? false
    }

    /// The wall times [from, to) cut where `resolve` changes its offset: each piece's first
    /// wall time and φ, with resolve(X).instant = X − φ for every X of the piece, ascending.
    /// A transition t from offset o1 to o2 moves φ from o1 to o2 at wall time
    /// t + max(o1, o2) (a skipped time reads with the offset before the change; a repeated one
    /// is its first occurrence). O(transitions near [from, to)); nil when a piece's two ends
    /// disagree (transitions closer together than `resolve` can tell apart): the caller then
    /// walks instead.
    static func offsetPieces(_ zone: TimeZone?, from a: Int64, to b: Int64) -> [(start: Int64, phi: Int64)]? {
        guard a < b else { return [] }
        guard let zone else { return [(a, 0)] }
        func phi(_ x: Int64) -> Int64 { x &- resolve(zone, x).instant }
        var starts: [Int64] = [a]
        var t = a &- 259_200
        var steps = 0
        while let next = zone.nextTransition(after: t), next < b &+ 259_200 {
            steps += 1
            if steps > 1_000_000 { return nil }
            let before = Int64(zone.zoneOffset(at: next &- 1).secondsEast), after = Int64(zone.zoneOffset(at: next).secondsEast)
            let cut = next &+ max(before, after)
            if cut > a && cut < b { starts.append(cut) }
            t = next
        }
        starts.sort()
        var unique: [Int64] = []
        for s in starts where unique.last != s { unique.append(s) }
        starts = unique
        var out: [(start: Int64, phi: Int64)] = []
        for (i, s) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1] : b
            let p = phi(s)
            guard phi(end &- 1) == p else { return nil }
            if out.last?.phi != p { out.append((s, p)) }
        }
        return out
    }

    /// The greatest existing wall time whose instant is at or before `instant`.
    static func lastWall(_ zone: TimeZone, notAfter instant: Int64) -> Int64 {
        var lo = wall(zone, instant)   // its instant is `instant` or (second pass of a fold) earlier
        var hi = lo + 86_400
        // Invariant: resolve(lo).instant <= instant < resolve(hi).instant (for existing times).
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            let r = resolve(zone, mid)
            if r.instant <= instant { lo = mid } else { hi = mid }
        }
        return lo
    }
}
