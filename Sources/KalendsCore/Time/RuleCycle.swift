/// A POSIX TZ rule's daylight saving changes over one 400-year Gregorian cycle.
///
/// 400 Gregorian years are 146097 days, exactly 20871 weeks, so every date rule (`Jn`,
/// `n`, `Mm.w.d`) lands on the same weekday at the same time of day 400 years later: the
/// changes of any year are those of a year in the cycle shifted by a whole number of
/// periods. Precomputing one cycle at construction makes every lookup, in 2100 or in the
/// year 9999 or beyond, O(1) with no per-year cache and no mutable state.
struct RuleCycle: Sendable {
    static let period: Int64 = 146_097 * 86_400
    /// 2000-01-01T00:00:00Z, the start of the cycle that is stored.
    static let origin: Int64 = 10_957 * 86_400

    let standard: ZoneOffset
    let daylight: ZoneOffset
    /// The instants in `origin ..< origin + period` at which the rule switches between
    /// standard and daylight time, strictly ascending. Each one flips the state, so the
    /// state after `changes[i]` is `daylightAtOrigin` flipped `i + 1` times.
    let changes: [Int64]
    let daylightAtOrigin: Bool
    /// For each of 400 equal slices of the cycle (an average Gregorian year each), how
    /// many changes come at or before the slice's start: a lookup starts there and steps
    /// over the two or so changes of its slice, O(1) instead of a search over ~800.
    private let sliceStarts: [Int32]
    static let sliceLength: Int64 = period / 400

    init(_ tz: PosixTZ) {
        standard = ZoneOffset(secondsEast: tz.standardOffset, isDST: false)
        guard let dst = tz.daylight else {
            daylight = standard
            changes = []
            daylightAtOrigin = false
            sliceStarts = []
            return
        }
        daylight = ZoneOffset(secondsEast: dst.utOffset, isDST: true)
        let (changes, daylightAtOrigin) = Self.changes(of: tz)
        self.changes = changes
        self.daylightAtOrigin = daylightAtOrigin
        sliceStarts = (0..<400).map { Int32(clamping: changes.countNotAfter(Self.origin + Int64($0) * Self.sliceLength)) }
    }

    /// The state changes inside the stored cycle, with the state at its start.
    ///
    /// A rule's changes may stray about a week outside their year (`J365/167`), so the
    /// years 1997...2401 are computed to cover the cycle 2000...2399 with margin. The
    /// state at an instant is the one set by the latest change at or before it; when two
    /// changes coincide, the later year's wins, and within a year a start wins over an
    /// end, so `0/0,J365/25` (RFC 8536's all-year DST) is DST throughout.
    private static func changes(of tz: PosixTZ) -> (changes: [Int64], daylightAtOrigin: Bool) {
        struct Event: Comparable {
            let instant: Int64
            let year: Int32
            let isStart: Bool
            static func < (a: Event, b: Event) -> Bool {
                (a.instant, a.year, a.isStart ? 1 : 0) < (b.instant, b.year, b.isStart ? 1 : 0)
            }
        }
        var events: [Event] = []
        for year: Int32 in 1997...2401 {
            guard let t = tz.daylightTransitions(year: year) else { continue }
            events.append(Event(instant: t.start, year: year, isStart: true))
            events.append(Event(instant: t.end, year: year, isStart: false))
        }
        events.sort()

        let end = origin + period
        var state = false
        var stateAtOrigin = false
        var changes: [Int64] = []
        for (i, event) in events.enumerated() {
            // Coinciding events: only the last of a run decides.
            if i + 1 < events.count, events[i + 1].instant == event.instant { continue }
            if event.instant < origin {
                stateAtOrigin = event.isStart
            } else if event.instant < end, event.isStart != state {
                changes.append(event.instant)
            }
            state = event.isStart
        }
        return (changes, stateAtOrigin)
    }

    /// `t` moved by whole periods into `origin ..< origin + period`.
    private static func reduce(_ t: Int64) -> Int64 {
        // Most instants are in 2000...2399 already; spare them two 64-bit divisions.
        if t >= origin, t - origin < period { return t }
        let p = period
        let inPeriod = (t % p + p) % p                // 0 ..< p, with no overflow
        var sinceOrigin = inPeriod - origin % p        // -origin ..< p
        if sinceOrigin < 0 { sinceOrigin += p }
        return origin + sinceOrigin
    }

    /// How many changes of the cycle are at or before `reduced` (in the stored cycle).
    private func changesNotAfter(_ reduced: Int64) -> Int {
        let slice = Int((reduced - Self.origin) / Self.sliceLength)
        var i = sliceStarts.indices.contains(slice) ? Int(sliceStarts[slice]) : 0
        while i < changes.count, changes[i] <= reduced { i += 1 }
        return i
    }

    func offset(at t: Int64) -> ZoneOffset {
        guard !changes.isEmpty else { return daylightAtOrigin ? daylight : standard }
        let flips = changesNotAfter(Self.reduce(t))
        return (daylightAtOrigin != (flips % 2 == 1)) ? daylight : standard
    }

    /// The first change after `t`, or `nil` without DST (or beyond `Int64.max`).
    func nextChange(after t: Int64) -> Int64? {
        guard let first = changes.first else { return nil }
        let reduced = Self.reduce(t)
        let i = changesNotAfter(reduced)
        let next = i < changes.count ? changes[i] : first + Self.period
        let (result, overflow) = t.addingReportingOverflow(next - reduced)
        return overflow ? nil : result
    }
}

extension Array where Element == Int64 {
    /// How many elements of this ascending array are `<= value` (binary search).
    func countNotAfter(_ value: Int64) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = low + (high - low) / 2
            if self[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
