/// An RDATE or EXDATE value.
public struct RecurrenceDate: Hashable, Sendable {
    public enum Kind: Int32, Sendable {
        /// A DATE: `value` is a day number.
        case date = 0
        /// A wall-clock time in the set's zone (or floating): seconds since 1970-01-01T00:00.
        case local = 1
        /// An instant (a UTC value, or one in another zone already resolved).
        case instant = 2
    }
    public var kind: Kind
    public var value: Int64
    /// RDATE;VALUE=PERIOD: the end, of the same kind as `value`; nil for a plain date.
    public var end: Int64?

    public init(kind: Kind, value: Int64, end: Int64? = nil) {
        self.kind = kind
        self.value = value
        self.end = end
    }
}

/// One occurrence of a recurrence set.
public struct RecurrenceInstance: Hashable, Sendable {
    /// Wall-clock seconds since 1970-01-01T00:00 in the set's zone (floating: as written;
    /// all-day: the day's midnight).
    public var local: Int64
    /// The ordering key: the instant (seconds since the epoch) when the set has a zone,
    /// the wall-clock time when it is floating.
    public var key: Int64
    /// For an RDATE period: its end key; nil otherwise.
    public var end: Int64?
}

/// A recurrence set (RFC 5545 3.8.5): DTSTART, RRULEs, RDATEs, EXRULEs, EXDATEs, expanded
/// lazily from any point, in ascending order of key, duplicates once.
///
/// Keys: with a zone (UTC included) instants, floating sets wall-clock seconds. Under
/// `.rfc5545` DTSTART is the first instance and takes one of each rule's COUNT places;
/// under `.dateutil` (python-dateutil's rrule/rruleset) it is not an instance unless a
/// rule or RDATE gives it, and each rule may have its own DTSTART.
///
/// Costs: `instances(from:)` starts every rule in O(1) (plus the COUNT prefix, see
/// `RuleSeries`) and merges in O(log sources) per instance; `count`, `instance(at:)` and
/// `last(before:)` are closed-form for one rule without exclusions, else they walk the
/// instances (O(n)). Not thread-safe: rules cache their counts.
public final class RecurrenceSet {
    public let semantics: RecurrenceSemantics
    public let zone: TimeZone?
    public let gapPolicy: GapPolicy
    /// DTSTART (wall-clock seconds); nil for a dateutil rruleset, whose rules carry theirs.
    public let start: Int64?
    public let isDate: Bool
    let rules: [RuleSeries]
    let exceptionRules: [RuleSeries]
    /// RDATEs (and, under RFC 5545, DTSTART) as instances, ascending by key.
    let dates: [RecurrenceInstance]
    let excludedKeys: Set<Int64>
    let excludedDays: Set<Int64>

    /// An iCalendar-style set: one DTSTART for every rule. `zone` nil is floating time;
    /// `isDate` marks all-day values (DTSTART;VALUE=DATE, `start` at a midnight).
    public convenience init(start: Int64, zone: TimeZone?, isDate: Bool = false, rules: [RecurrenceRule] = [],
                dates: [RecurrenceDate] = [], exceptionRules: [RecurrenceRule] = [],
                exceptionDates: [RecurrenceDate] = [], semantics: RecurrenceSemantics = .rfc5545,
                gapPolicy: GapPolicy = .skip) throws(KalendsError) {
        if semantics == .rfc5545 {
            for r in rules + exceptionRules { try r.validate() }
        }
        var series: [RuleSeries] = []
        for r in rules { series.append(try RuleSeries(rule: r, start: start, semantics: semantics, zone: zone, gapPolicy: gapPolicy)) }
        var exSeries: [RuleSeries] = []
        // An EXRULE excludes what it matches from DTSTART on; DTSTART is not forced into it.
        for r in exceptionRules { exSeries.append(try RuleSeries(rule: r, start: start, semantics: .dateutil, zone: zone, gapPolicy: gapPolicy)) }
        var extra: [RecurrenceDate] = []
        if semantics == .rfc5545 { extra.append(RecurrenceDate(kind: isDate ? .date : .local, value: isDate ? start.floorDiv(86_400) : start)) }
        try self.init(semantics: semantics, zone: zone, gapPolicy: gapPolicy, start: start, isDate: isDate,
                      rules: series, exceptionRules: exSeries, dates: extra + dates, exceptionDates: exceptionDates)
    }

    /// A dateutil rruleset: every rule with its own DTSTART; RDATEs and EXDATEs as wall
    /// times (floating; a binding keeps time zones itself).
    public convenience init(dateutilRules rules: [(RecurrenceRule, Int64)], dates: [Int64] = [],
                exceptionRules: [(RecurrenceRule, Int64)] = [], exceptionDates: [Int64] = []) throws(KalendsError) {
        var series: [RuleSeries] = []
        for (r, s) in rules { series.append(try RuleSeries(rule: r, start: s, semantics: .dateutil, zone: nil, gapPolicy: .shiftForward)) }
        var exSeries: [RuleSeries] = []
        for (r, s) in exceptionRules { exSeries.append(try RuleSeries(rule: r, start: s, semantics: .dateutil, zone: nil, gapPolicy: .shiftForward)) }
        try self.init(semantics: .dateutil, zone: nil, gapPolicy: .shiftForward, start: nil, isDate: false,
                      rules: series, exceptionRules: exSeries,
                      dates: dates.map { RecurrenceDate(kind: .local, value: $0) },
                      exceptionDates: exceptionDates.map { RecurrenceDate(kind: .local, value: $0) })
    }

    private init(semantics: RecurrenceSemantics, zone: TimeZone?, gapPolicy: GapPolicy, start: Int64?, isDate: Bool,
                 rules: [RuleSeries], exceptionRules: [RuleSeries], dates: [RecurrenceDate],
                 exceptionDates: [RecurrenceDate]) throws(KalendsError) {
        self.semantics = semantics
        self.zone = zone
        self.gapPolicy = gapPolicy
        self.start = start
        self.isDate = isDate
        self.rules = rules
        self.exceptionRules = exceptionRules
        func instance(_ d: RecurrenceDate) -> RecurrenceInstance {
            let (local, key) = Self.place(d.kind, d.value, zone)
            var end: Int64?
            if let e = d.end { end = Self.place(d.kind, e, zone).key }
            return RecurrenceInstance(local: local, key: key, end: end)
        }
        var list = dates.map(instance)
        list.sort { ($0.key, $0.local) < ($1.key, $1.local) }
        var unique: [RecurrenceInstance] = []
        for d in list where unique.last?.key != d.key { unique.append(d) }
        self.dates = unique
        var keys: Set<Int64> = []
        var days: Set<Int64> = []
        for d in exceptionDates {
            if d.kind == .date && !isDate { days.insert(d.value) } else { keys.insert(instance(d).key) }
        }
        excludedKeys = keys
        excludedDays = days
    }

    /// Wall time and key of a date value in zone `zone`.
    static func place(_ kind: RecurrenceDate.Kind, _ value: Int64, _ zone: TimeZone?) -> (local: Int64, key: Int64) {
        switch kind {
        case .date:
            let w = value &* 86_400
            return (w, zone.map { WallClock.resolve($0, w).instant } ?? w)
        case .local:
            return (value, zone.map { WallClock.resolve($0, value).instant } ?? value)
        case .instant:
            return (zone.map { WallClock.wall($0, value) } ?? value, value)
        }
    }

    /// The key of a wall-clock time in this set's zone.
    public func key(ofLocal w: Int64) -> Int64 {
        zone.map { WallClock.resolve($0, w).instant } ?? w
    }

    // MARK: iteration

    /// Instances with key at or after `key` (after it when `inclusive` is false).
    public func instances(from key: Int64, inclusive: Bool = true) throws(KalendsError) -> RecurrenceCursor {
        try RecurrenceCursor(self, from: inclusive ? key : key &+ 1)
    }

    /// Instances with key in [from, to) (inclusive of `to` when `inclusive`), at most `limit`.
    public func instances(from: Int64, to: Int64, inclusive: Bool = false, limit: Int = Int.max) throws(KalendsError) -> [RecurrenceInstance] {
        var c = try instances(from: from)
        var out: [RecurrenceInstance] = []
        while out.count < limit, let i = try c.next() {
            if i.key > to || (!inclusive && i.key == to) { break }
            out.append(i)
        }
        return out
    }

    /// dateutil's `between(after, before, inc)`: keys strictly between, or inclusive.
    public func between(_ a: Int64, _ b: Int64, inclusive: Bool) throws(KalendsError) -> [RecurrenceInstance] {
        var c = try instances(from: a, inclusive: inclusive)
        var out: [RecurrenceInstance] = []
        while let i = try c.next() {
            if i.key > b || (!inclusive && i.key == b) { break }
            out.append(i)
        }
        return out
    }

    /// The first instance at or after `key` (after it when not `inclusive`).
    public func first(after key: Int64, inclusive: Bool) throws(KalendsError) -> RecurrenceInstance? {
        var c = try instances(from: key, inclusive: inclusive)
        return try c.next()
    }

    /// Whether an instance has exactly this key.
    public func contains(_ key: Int64) throws(KalendsError) -> Bool {
        try first(after: key, inclusive: true)?.key == key
    }

    private var singleRule: RuleSeries? {
        guard rules.count == 1, exceptionRules.isEmpty, excludedKeys.isEmpty, excludedDays.isEmpty else { return nil }
        // RFC 5545: DTSTART is the one date, and the rule's own instances come after it.
        if semantics == .rfc5545 { return dates.count == 1 ? rules[0] : nil }
        return dates.isEmpty ? rules[0] : nil
    }

    /// How many instances there are. One rule without exclusions: O(1) after the rule's
    /// yearly counts (see `RuleSeries`); otherwise O(n), every instance visited.
    public func count() throws(KalendsError) -> Int64 {
        if let r = singleRule { return try r.total() &+ Int64(dates.count) }
        var c = try instances(from: Int64.min)
        var n: Int64 = 0
        while try c.next() != nil { n += 1 }
        return n
    }

    /// The instance at `index` (0-based; negative counts from the end, -1 the last), or nil.
    public func instance(at index: Int64) throws(KalendsError) -> RecurrenceInstance? {
        var i = index
        if i < 0 {
            i = (try count()) &+ i
            guard i >= 0 else { return nil }
        }
        if let r = singleRule {
            if dates.count == 1 {
                if i == 0 { return dates[0] }
                i -= 1
            }
            guard let w = try r.occurrence(at: i) else { return nil }
            return RecurrenceInstance(local: w, key: r.instant(w).instant, end: nil)
        }
        var c = try instances(from: Int64.min)
        var n: Int64 = 0
        while let x = try c.next() {
            if n == i { return x }
            n += 1
        }
        return nil
    }

    /// The last instance before `key` (at or before it when `inclusive`), or nil.
    public func last(before key: Int64, inclusive: Bool) throws(KalendsError) -> RecurrenceInstance? {
        let bound = inclusive ? key &+ 1 : key   // instances with key < bound
        if let r = singleRule {
            // Rule keys ascend with wall times: count the rule's wall times before the bound.
            let wallBound = zone.map { WallClock.lastWall($0, notAfter: bound &- 1) &+ 1 } ?? bound
            let n = min(try r.countBefore(wallBound), r.limit ?? Int64.max)
            if n > 0, let w = try r.occurrence(at: n - 1) {
                return RecurrenceInstance(local: w, key: r.instant(w).instant, end: nil)
            }
            if let d = dates.first, d.key < bound { return d }
            return nil
        }
        var c = try instances(from: Int64.min)
        var last: RecurrenceInstance?
        while let x = try c.next(), x.key < bound { last = x }
        return last
    }

    /// EXDATE keys and days, ascending (looked up by range when a range is counted).
    private(set) lazy var excludedKeyList: [Int64] = excludedKeys.sorted()
    private(set) lazy var excludedDayList: [Int64] = excludedDays.sorted()

    /// The index of the first date (RDATE, or DTSTART under RFC 5545) with key at or after `k`.
    func dateIndex(atOrAfter k: Int64) -> Int {
        var lo = 0, hi = dates.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if dates[mid].key < k { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether a date has exactly this key (a rule's instance there is the date's).
    func hasDate(key k: Int64) -> Bool {
        let i = dateIndex(atOrAfter: k)
        return i < dates.count && dates[i].key == k
    }

    func isExcluded(_ i: RecurrenceInstance) throws(KalendsError) -> Bool {
        if excludedKeys.contains(i.key) { return true }
        if !excludedDays.isEmpty && excludedDays.contains(i.local.floorDiv(86_400)) { return true }
        for r in exceptionRules {
            var c = try RuleCursor(r, from: i.local)
            if let x = try c.next(), x.instant == i.key { return true }
        }
        return false
    }
}

/// Fills buffers with a recurrence set's wall times, ascending (see `RecurrenceSet.walls`).
public struct RecurrenceWallCursor {
    /// One rule read directly (and, under RFC 5545, DTSTART before it), or the merge.
    private var first: Int64?
    private var rule: RuleCursor?
    private var merged: RecurrenceCursor?

    init(first: Int64?, rule: RuleCursor) {
        self.first = first
        self.rule = rule
    }

    init(merged: RecurrenceCursor) {
        self.merged = merged
    }

    /// Writes up to `capacity` next wall times to `out`; returns how many (fewer than
    /// `capacity`: the set has no more).
    public mutating func fill(_ out: UnsafeMutablePointer<Int64>, capacity: Int) throws(KalendsError) -> Int {
        guard capacity > 0 else { return 0 }
        var n = 0
        if let f = first {
            out[0] = f
            n = 1
            first = nil
        }
        if var r = rule {
            rule = nil   // r is the only copy: its buffer is filled in place
            n += try r.fill(out + n, capacity - n)
            rule = r
        } else if var c = merged {
            merged = nil
            while n < capacity, let i = try c.next() {
                out[n] = i.local
                n += 1
            }
            merged = c
        }
        return n
    }
}

/// Iterates a recurrence set's instances in ascending key order.
public struct RecurrenceCursor {
    let set: RecurrenceSet
    private var cursors: [RuleCursor]
    private var heads: [RecurrenceInstance?]
    private var dateIndex: Int
    private var lastKey: Int64?
    /// Each EXRULE's cursor and its next occurrence (see `excluded`).
    private var exclusions: [(cursor: RuleCursor, head: (wall: Int64, instant: Int64)?)] = []
    private var exclusionWall = Int64.min

    init(_ set: RecurrenceSet, from key: Int64) throws(KalendsError) {
        self.set = set
        cursors = []
        heads = []
        for r in set.rules {
            // Wall time at which this key starts (keys are instants when there is a zone).
            let wallFrom: Int64
            if let zone = set.zone, key > Int64.min / 2 {
                wallFrom = WallClock.lastWall(zone, notAfter: key &- 1) &+ 1
            } else {
                wallFrom = key
            }
            var c = try RuleCursor(r, from: wallFrom)
            var head = try c.next().map { RecurrenceInstance(local: $0.wall, key: $0.instant, end: nil) }
            while let h = head, h.key < key {
                head = try c.next().map { RecurrenceInstance(local: $0.wall, key: $0.instant, end: nil) }
            }
            cursors.append(c)
            heads.append(head)
        }
        var lo = 0, hi = set.dates.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if set.dates[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        dateIndex = lo
    }

    /// The next instance, or nil.
    public mutating func next() throws(KalendsError) -> RecurrenceInstance? {
        while true {
            var best: RecurrenceInstance?
            var bestSource = -1
            for (i, h) in heads.enumerated() {
                if let h, best.map({ h.key < $0.key }) ?? true { best = h; bestSource = i }
            }
            if dateIndex < set.dates.count {
                let d = set.dates[dateIndex]
                if best.map({ d.key <= $0.key }) ?? true { best = d; bestSource = -1 }
            }
            guard let found = best else { return nil }
            if bestSource >= 0 {
                heads[bestSource] = try cursors[bestSource].next().map { RecurrenceInstance(local: $0.wall, key: $0.instant, end: nil) }
            } else {
                dateIndex += 1
            }
            if found.key == lastKey { continue }
            lastKey = found.key
            if try excluded(found) { continue }
            return found
        }
    }

    /// `set.isExcluded`, with each EXRULE read by one cursor that moves forward with the
    /// instances (O(1) amortized per instance instead of a cursor started at each); an
    /// instance at an earlier wall time than the last (a clock change) starts them again.
    private mutating func excluded(_ i: RecurrenceInstance) throws(KalendsError) -> Bool {
        if set.exceptionRules.isEmpty { return try set.isExcluded(i) }
        if set.excludedKeys.contains(i.key) { return true }
        if !set.excludedDays.isEmpty && set.excludedDays.contains(i.local.floorDiv(86_400)) { return true }
        if exclusions.isEmpty || i.local < exclusionWall {
            exclusions = []
            for r in set.exceptionRules {
                var c = try RuleCursor(r, from: i.local)
                let head = try c.next()
                exclusions.append((c, head))
            }
        }
        exclusionWall = i.local
        var hit = false
        for k in exclusions.indices {
            var (c, head) = exclusions[k]
            while let x = head, x.wall < i.local { head = try c.next() }
            exclusions[k] = (c, head)
            // As `isExcluded`: the rule's first occurrence at or after the wall time is it.
            if let x = head, x.instant == i.key { hit = true }
        }
        return hit
    }
}

extension RecurrenceSet {
    /// The instances' wall times (`local`) from key `key` (after it when not `inclusive`),
    /// in bulk: `RecurrenceWallCursor.fill` writes them into a caller's buffer. A floating
    /// set of one rule without exclusions (what `kalends_rrule_*` makes) is read straight
    /// from the rule (no merge, no per-instance value); any other set goes through
    /// `instances(from:inclusive:)`.
    public func walls(from key: Int64, inclusive: Bool = true) throws(KalendsError) -> RecurrenceWallCursor {
        let from = inclusive ? key : key &+ 1
        if zone == nil, let rule = singleRule {
            // RFC 5545: DTSTART (the one date) comes first; the rule's own instances follow it.
            let first = dates.first.flatMap { $0.key >= from ? $0.local : nil }
            return RecurrenceWallCursor(first: first, rule: try RuleCursor(rule, from: from))
        }
        return RecurrenceWallCursor(merged: try RecurrenceCursor(self, from: from))
    }

    /// How many instances have keys from `a` to `b` (both included with `inclusive`, both
    /// excluded without), as `between` would list them, without listing them: O(1) plus
    /// the COUNT prefix for a floating set of one rule without exclusions (a count of
    /// the rule's occurrences before each end), otherwise a walk over those instances
    /// (O(n) time, O(1) memory).
    public func count(between a: Int64, _ b: Int64, inclusive: Bool) throws(KalendsError) -> Int64 {
        let lo = inclusive ? a : a &+ 1
        guard a < Int64.max, lo <= b, inclusive || lo < b else { return 0 }
        // Instances with lo <= key < hi.
        let hi = inclusive ? b &+ 1 : b
        if zone == nil, let rule = singleRule, b < Int64.max {
            var n: Int64 = 0
            if let d = dates.first, d.key >= lo, d.key < hi { n = 1 }
            let limit = rule.limit ?? Int64.max
            let upTo = min(try rule.countBefore(hi), limit), below = min(try rule.countBefore(lo), limit)
            return n &+ max(0, upTo &- below)
        }
        var c = try instances(from: lo)
        var n: Int64 = 0
        while let i = try c.next(), i.key < hi || (b == Int64.max && inclusive) { n &+= 1 }
        return n
    }

    /// Bounds of every instance's key: the first instance's key (nil: no instance), and
    /// a key no instance exceeds (nil: the set goes on without end). Cheap: the first
    /// instance, each rule's last occurrence by its COUNT (closed form, `RuleSeries.occurrence(at:)`)
    /// or UNTIL, the last RDATE; exclusions are not applied to the upper bound.
    public func keyBounds() throws(KalendsError) -> (first: Int64?, last: Int64?) {
        var c = try instances(from: Int64.min)
        guard let first = try c.next()?.key else { return (nil, nil) }
        var last = dates.last.map { max($0.key, $0.end ?? $0.key) } ?? first
        for r in rules where !r.expander.neverOccurs {
            var wall = r.high
            if let limit = r.limit {
                if limit == 0 { continue }
                if let w = try r.occurrence(at: limit - 1) { wall = min(wall, w) }
            }
            guard wall < TimeText.endLocal - 1 else { return (first, nil) }
            // A wall time's instant is within a day of it (offsets are below 26 hours).
            let key = zone == nil ? wall : wall &+ 93_600
            last = max(last, key)
        }
        return (first, last)
    }
}
