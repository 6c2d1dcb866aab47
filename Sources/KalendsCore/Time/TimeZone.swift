/// An offset from UT and whether it is daylight saving time.
struct ZoneOffset: Sendable, Hashable {
    var secondsEast: Int32
    var isDST: Bool
}

/// A time zone: the offset from UT at any instant, from a TZif file's transitions and,
/// after the last of them, its footer's POSIX rule (or from a POSIX TZ string alone).
///
/// Instants are seconds since 1970-01-01T00:00:00Z, leap seconds not counted.
/// `offset(at:)` is total over `Int64`: a binary search over the file's transitions, or
/// past them an O(1) lookup in the rule's precomputed 400-year cycle (`RuleCycle`).
/// The value is immutable and holds no caches, so it is freely shared between threads.
public struct TimeZone: Sendable {
    public let name: String
    /// Strictly ascending instants at which `offsets[i]` takes effect.
    private let transitions: [Int64]
    private let offsets: [ZoneOffset]
    /// Before the first transition: local time type 0 (RFC 8536 3.2). Older readers
    /// guessed "the first standard-time type"; the RFC settled on type 0, which zic makes
    /// the right one. Without transitions and without a rule it applies at all times.
    private let initial: ZoneOffset
    /// At and after the last transition (at all times if there are none).
    private let rule: RuleCycle?
    /// Bounds of every offset the zone can take, to bracket searches in local time.
    private let offsetRange: ClosedRange<Int32>

    /// A zone from the bytes of a TZif file; `name` is only reported back.
    public init(tzif bytes: [UInt8], name: String) throws(KalendsError) {
        let file = try TZif(parsing: bytes)
        let rule = file.footerRule.map(RuleCycle.init)
        let types = file.localTimeTypes.map { ZoneOffset(secondsEast: $0.utOffset, isDST: $0.isDST) }
        // The parser checked that every transition type indexes `types` and that there is
        // at least one type; `?? initial` only spares a trap.
        let initial = types.first ?? ZoneOffset(secondsEast: 0, isDST: false)
        self.init(name: name, transitions: file.transitionTimes,
                  offsets: file.transitionTypes.map { Int($0) < types.count ? types[Int($0)] : initial },
                  initial: initial, rule: rule, allTypes: types)
    }

    /// A zone from a POSIX TZ string alone ("CET-1CEST,M3.5.0,M10.5.0/3", "UTC0"); the
    /// string is its name.
    public init(posix: String) throws(KalendsError) {
        let rule = RuleCycle(try PosixTZ(parsing: posix))
        self.init(name: posix, transitions: [], offsets: [], initial: rule.standard, rule: rule, allTypes: [])
    }

    /// A zone from explicit transitions (an iCalendar VTIMEZONE, expanded): `offsets[i]`
    /// holds from `transitions[i]` (strictly ascending) on, `initial` before the first.
    static func fromTransitions(name: String, transitions: [Int64], offsets: [(secondsEast: Int32, isDST: Bool)],
                                initial: (secondsEast: Int32, isDST: Bool)) -> TimeZone {
        let types = offsets.map { ZoneOffset(secondsEast: $0.secondsEast, isDST: $0.isDST) }
        return TimeZone(name: name, transitions: transitions, offsets: types,
                        initial: ZoneOffset(secondsEast: initial.secondsEast, isDST: initial.isDST), rule: nil, allTypes: types)
    }

    public static let utc = TimeZone(name: "UTC", transitions: [], offsets: [],
                                     initial: ZoneOffset(secondsEast: 0, isDST: false), rule: nil, allTypes: [])

    private init(name: String, transitions: [Int64], offsets: [ZoneOffset], initial: ZoneOffset,
                 rule: RuleCycle?, allTypes: [ZoneOffset]) {
        self.name = name
        self.transitions = transitions
        self.offsets = offsets
        self.initial = initial
        self.rule = rule
        var all = allTypes.map(\.secondsEast) + [initial.secondsEast]
        if let rule { all += [rule.standard.secondsEast, rule.daylight.secondsEast] }
        offsetRange = (all.min() ?? 0)...(all.max() ?? 0)
    }

    /// The offset from UT, in seconds east, and whether it is daylight saving time.
    public func offset(at instant: Int64) -> (secondsEast: Int32, isDST: Bool) {
        let offset = zoneOffset(at: instant)
        return (offset.secondsEast, offset.isDST)
    }

    /// The largest distance of its offsets from UTC, in seconds.
    var offsetMagnitude: Int64 { max(abs(Int64(offsetRange.lowerBound)), abs(Int64(offsetRange.upperBound))) }

    /// The largest offset less the smallest, in seconds (0 without clock changes).
    var offsetSpread: Int64 { Int64(offsetRange.upperBound) - Int64(offsetRange.lowerBound) }

    func zoneOffset(at instant: Int64) -> ZoneOffset {
        guard let last = transitions.last else { return rule?.offset(at: instant) ?? initial }
        // Instants past the file's transitions, the rule's domain, skip the search.
        if instant >= last, let rule { return rule.offset(at: instant) }
        let passed = transitions.countNotAfter(instant)
        return passed == 0 ? initial : offsets[passed - 1]
    }

    /// The next instant after `instant` at which the offset may change, or `nil` if it
    /// never does.
    func nextTransition(after instant: Int64) -> Int64? {
        let passed = transitions.countNotAfter(instant)
        if passed < transitions.count { return transitions[passed] }
        return rule?.nextChange(after: instant)
    }

    /// The local day (day number) of an instant and the seconds since its local midnight.
    /// `.outOfRange` beyond the supported years.
    public func localDay(at instant: Int64) throws(KalendsError) -> (day: Int32, secondsOfDay: Int32) {
        let (local, overflow) = instant.addingReportingOverflow(Int64(zoneOffset(at: instant).secondsEast))
        var day = local / 86_400
        var seconds = local % 86_400
        if seconds < 0 {
            day -= 1
            seconds += 86_400
        }
        guard !overflow, let day32 = Int32(exactly: day),
              day32 >= Gregorian.minDayNumber, day32 <= Gregorian.maxDayNumber else {
            throw KalendsError(.outOfRange, "instant \(instant) is outside the supported years \(Gregorian.minYear)...\(Gregorian.maxYear)")
        }
        return (day32, Int32(seconds))
    }

    /// The instant of a local wall-clock time: day number and seconds since its
    /// midnight (0 ... 86,399). A time that happens twice (clocks go back) gives its
    /// first occurrence; a time a clock change skips is read with the offset before the
    /// change, so it lands after the gap by the time it was into it (Python's zoneinfo
    /// with fold=0 does the same). `.invalidArgument` for seconds outside the day,
    /// `.outOfRange` outside the supported day numbers.
    public func instant(localDay day: Int32, secondsOfDay seconds: Int32) throws(KalendsError) -> Int64 {
        try Gregorian.checkDayNumber(day)
        guard (0..<86_400).contains(seconds) else {
            throw KalendsError(.invalidArgument, "seconds of day \(seconds) is not 0 ... 86399")
        }
        let local = Int64(day) * 86_400 + Int64(seconds)
        // Walk the stretches between transitions from where local time is surely before
        // `local`: the first stretch holding `local - offset` is the first occurrence; a
        // stretch that ends before it followed by one that starts after it is a gap.
        var start = local - Int64(offsetRange.upperBound) - 1
        var before: Int64?
        while true {
            let offset = Int64(zoneOffset(at: start).secondsEast)
            let t = local - offset
            if t < start, let before { return local - before }
            let next = nextTransition(after: start)
            guard let next, next <= t else { return t }
            before = offset
            start = next
        }
    }

    /// The first instant of a local day: its midnight, or, when midnight falls in a gap
    /// (America/Sao_Paulo's DST used to start at 00:00), the first instant after the gap.
    /// When the whole day is skipped (Pacific/Apia's 2011-12-30) that is the start of the
    /// next day. Precisely: the least instant whose local time is at or after the day's
    /// midnight. `.outOfRange` outside the supported day numbers.
    public func dayStart(_ day: Int32) throws(KalendsError) -> Int64 {
        try Gregorian.checkDayNumber(day)
        let midnight = Int64(day) * 86_400
        // Local time is instant + offset, increasing within each stretch between
        // transitions. Start where local time must be before midnight and walk the
        // stretches in order; the first that reaches midnight holds the answer. Past
        // `midnight - min offset` local time is certainly at or after midnight, so the walk
        // crosses only the transitions of about two days.
        var start = midnight - Int64(offsetRange.upperBound) - 1
        while true {
            let candidate = max(start, midnight - Int64(zoneOffset(at: start).secondsEast))
            guard let next = nextTransition(after: start), next <= candidate else { return candidate }
            start = next
        }
    }
}
