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
/// A floating set grows after it is made (dateutil's `rruleset`: `include`, `exclude`,
/// `include(dates:)`, `exclude(dates:)`): its instances are always what its rules and
/// dates give less what its exclusions match, whatever the order of the calls.
///
/// Costs: `instances(from:)` starts every rule and exclusion rule in O(1) (plus the COUNT
/// prefix, see `RuleSeries`) and merges in O(sources) per instance, exclusions included;
/// `count`, `instance(at:)` and `last(before:)` are closed-form for one rule without
/// exclusions; `last(before:)` of a floating set walks windows before the point growing
/// four times (O(log distance) starts and the instances of the last window); otherwise
/// they walk the instances (O(n)). Not thread-safe: rules cache their counts.
public final class RecurrenceSet {
    public let semantics: RruleSemantics
    public let zone: TimeZone?
    public let gapPolicy: GapPolicy
    /// DTSTART (wall-clock seconds); nil for a dateutil rruleset, whose rules carry theirs.
    public let start: Int64?
    public let isDate: Bool
    private(set) var rules: [RuleSeries]
    private(set) var exceptionRules: [RuleSeries]
    /// RDATEs (and, under RFC 5545, DTSTART) as instances, ascending by key.
    private(set) var dates: [RecurrenceInstance]
    private(set) var excludedKeys: Set<Int64>
    private(set) var excludedDays: Set<Int64>

    /// An iCalendar-style set: one DTSTART for every rule. `zone` nil is floating time;
    /// `isDate` marks all-day values (DTSTART;VALUE=DATE, `start` at a midnight).
    public convenience init(start: Int64, zone: TimeZone?, isDate: Bool = false, rules: [RecurrenceRule] = [],
                dates: [RecurrenceDate] = [], exceptionRules: [RecurrenceRule] = [],
                exceptionDates: [RecurrenceDate] = [], semantics: RruleSemantics = .rfc5545,
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
        self.init(semantics: semantics, zone: zone, gapPolicy: gapPolicy, start: start, isDate: isDate,
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
        self.init(semantics: .dateutil, zone: nil, gapPolicy: .shiftForward, start: nil, isDate: false,
                  rules: series, exceptionRules: exSeries,
                  dates: dates.map { RecurrenceDate(kind: .local, value: $0) },
                  exceptionDates: exceptionDates.map { RecurrenceDate(kind: .local, value: $0) })
    }

    /// One floating rule from `start` (what `kalends_rrule_new` and `_parse` make): under
    /// `.rfc5545` DTSTART is the first instance, under `.dateutil` it is one only when the
    /// rule gives it. A UTC UNTIL is compared as wall time (the set has no zone).
    public convenience init(rule: RecurrenceRule, start: Int64, semantics: RruleSemantics) throws(KalendsError) {
        guard start >= TimeText.minLocal, start < TimeText.endLocal else {
            throw KalendsError(.outOfRange, "start \(start) is outside 0001-01-01 ... 9999-12-31")
        }
        var rule = rule
        if case .utc(let u) = rule.until { rule.until = .local(u) }
        switch semantics {
        case .dateutil: try self.init(dateutilRules: [(rule, start)])
        case .rfc5545: try self.init(start: start, zone: nil, rules: [rule])
        }
    }

    /// One floating rule built field by field (`kalends_rrule_new`): under `.rfc5545` the
    /// rule must be one the RFC allows (what a strict reading of its text accepts).
    public convenience init(checkedRule rule: RecurrenceRule, start: Int64, semantics: RruleSemantics) throws(KalendsError) {
        if semantics == .rfc5545 { try rule.validate(strict: true) }
        try self.init(rule: rule, start: start, semantics: semantics)
    }

    /// One floating rule from its RRULE text, "RRULE:" prefix or not (`kalends_rrule_parse`).
    public convenience init(text: String, strict: Bool, start: Int64, semantics: RruleSemantics) throws(KalendsError) {
        let body = text.utf8.starts(with: "RRULE:".utf8) ? text.dropFirst(6) : Substring(text)
        try self.init(rule: try RecurrenceRule.parse(body, strict: strict), start: start, semantics: semantics)
    }

    /// An empty floating set (dateutil's `rruleset()`): no instances until rules or dates
    /// are included.
    public convenience init() {
        self.init(semantics: .dateutil, zone: nil, gapPolicy: .shiftForward, start: nil, isDate: false,
                  rules: [], exceptionRules: [], dates: [], exceptionDates: [])
    }

    private init(semantics: RruleSemantics, zone: TimeZone?, gapPolicy: GapPolicy, start: Int64?, isDate: Bool,
                 rules: [RuleSeries], exceptionRules: [RuleSeries], dates: [RecurrenceDate],
                 exceptionDates: [RecurrenceDate]) {
        self.semantics = semantics
        self.zone = zone
        self.gapPolicy = gapPolicy
        self.start = start
        self.isDate = isDate
        self.rules = rules
        self.exceptionRules = exceptionRules
        self.dates = []
        excludedKeys = []
        excludedDays = []
        add(dates: dates)
        add(exceptionDates: exceptionDates)
    }

    /// A date value as an instance of this set.
    private func instance(_ d: RecurrenceDate) -> RecurrenceInstance {
        let (local, key) = Self.place(d.kind, d.value, zone)
        var end: Int64?
        if let e = d.end { end = Self.place(d.kind, e, zone).key }
        return RecurrenceInstance(local: local, key: key, end: end)
    }

    /// Merges date values into `dates` (ascending by key, one per key: the first kept).
    private func add(dates new: [RecurrenceDate]) {
        guard !new.isEmpty else { return }
        var list = dates + new.map(instance)
        list.sort { ($0.key, $0.local) < ($1.key, $1.local) }
        var unique: [RecurrenceInstance] = []
        unique.reserveCapacity(list.count)
        for d in list where unique.last?.key != d.key { unique.append(d) }
        dates = unique
    }

    private func add(exceptionDates: [RecurrenceDate]) {
        for d in exceptionDates {
            if d.kind == .date && !isDate { excludedDays.insert(d.value) } else { excludedKeys.insert(instance(d).key) }
        }
    }

    // MARK: growing a floating set (dateutil's rruleset; kalends_rrule_add_* / _exclude_*)

    /// Refuses what a floating set cannot combine with.
    private func checkCombinable(_ other: RecurrenceSet?, _ verb: String) throws(KalendsError) {
        guard zone == nil, other?.zone == nil else {
            throw KalendsError(.invalidArgument, "only floating recurrence sets (no time zone) can \(verb)")
        }
        if let other, !other.exceptionRules.isEmpty || !other.excludedKeys.isEmpty || !other.excludedDays.isEmpty {
            throw KalendsError(.invalidArgument, "a set with exclusions cannot be \(verb == "include" ? "included" : "excluded"): give its rules and dates one by one")
        }
    }

    /// Fresh copies of rule series (each keeps its own caches; a series is never shared).
    private static func copies(_ series: [RuleSeries]) throws(KalendsError) -> [RuleSeries] {
        var out: [RuleSeries] = []
        for r in series {
            let e = r.expander
            out.append(try RuleSeries(rule: e.rule, start: e.start, semantics: e.semantics, zone: r.zone, gapPolicy: r.gapPolicy,
                                      knownNeverOccurs: e.neverOccurs))
        }
        return out
    }

    /// An independent copy (its own caches): what another thread may expand while this
    /// one is read elsewhere.
    public func copy() throws(KalendsError) -> RecurrenceSet {
        let c = RecurrenceSet(semantics: semantics, zone: zone, gapPolicy: gapPolicy, start: start, isDate: isDate,
                              rules: try Self.copies(rules), exceptionRules: try Self.copies(exceptionRules),
                              dates: [], exceptionDates: [])
        c.dates = dates
        c.excludedKeys = excludedKeys
        c.excludedDays = excludedDays
        return c
    }

    /// Includes every instance of `other` (its rules with their own starts and semantics,
    /// and its dates): dateutil's `rruleset.rrule`. `other` has no exclusions; both are
    /// floating. Cost: O(other's rules + the dates of both).
    public func include(_ other: RecurrenceSet) throws(KalendsError) {
        try checkCombinable(other, "include")
        let copied = try Self.copies(other.rules)
        rules += copied
        add(dates: other.dates.map { RecurrenceDate(kind: .local, value: $0.local) })
    }

    /// Excludes every instance of `other` (its rules' occurrences, its dates): dateutil's
    /// `rruleset.exrule`, with the rule's own start and semantics (a DATEUTIL rule excludes
    /// its start only when it gives it). `other` has no exclusions; both are floating.
    public func exclude(_ other: RecurrenceSet) throws(KalendsError) {
        try checkCombinable(other, "exclude")
        let copied = try Self.copies(other.rules)
        exceptionRules += copied
        for d in other.dates { excludedKeys.insert(d.key) }
    }

    /// Includes wall times (RDATE, dateutil's `rruleset.rdate`); one instance per time,
    /// whichever sources give it. Cost: O((dates + new) log) (a host adds its dates in one
    /// call, not one by one). `.outOfRange` (nothing added) outside 0001 ... 9999.
    public func include(dates new: [Int64]) throws(KalendsError) {
        try checkCombinable(nil, "include dates")
        try Self.checkDomain(new)
        add(dates: new.map { RecurrenceDate(kind: .local, value: $0) })
    }

    /// Excludes wall times (EXDATE, dateutil's `rruleset.exdate`): an instance at exactly
    /// such a time is left out. O(new).
    public func exclude(dates new: [Int64]) throws(KalendsError) {
        try checkCombinable(nil, "exclude dates")
        try Self.checkDomain(new)
        for w in new { excludedKeys.insert(w) }
    }

    private static func checkDomain(_ times: [Int64]) throws(KalendsError) {
        for w in times where w < TimeText.minLocal || w >= TimeText.endLocal {
            throw KalendsError(.outOfRange, "time \(w) is outside 0001-01-01 ... 9999-12-31")
        }
    }

    /// The rule, when the set is one rule from its start and nothing else (its DTSTART
    /// aside under RFC 5545): what RRULE text can say.
    public var onlyRule: RecurrenceRule? {
        guard let r = singleRule else { return nil }
        if let d = dates.first, d.local != r.expander.start || r.expander.semantics != .rfc5545 { return nil }
        return r.expander.rule
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

    /// The one rule of a set without exclusions whose dates (none, or one before every
    /// occurrence of the rule: RFC 5545's DTSTART) need no merge.
    private var singleRule: RuleSeries? {
        guard rules.count == 1, exceptionRules.isEmpty, excludedKeys.isEmpty, excludedDays.isEmpty else { return nil }
        switch dates.count {
        case 0: return rules[0]
        case 1: return dates[0].local < rules[0].low ? rules[0] : nil
        default: return nil
        }
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
        if zone == nil { return try lastFloating(before: bound) }
        var c = try instances(from: Int64.min)
        var last: RecurrenceInstance?
        while let x = try c.next(), x.key < bound { last = x }
        return last
    }

    /// The last instance of a floating set with key below `bound`: the instances of
    /// [bound - w, bound) walked forward for w = 1 s, 4 s, 16 s ... until one is found.
    /// O(log d) cursor starts for the distance d back to it, plus the instances (and the
    /// excluded ones) of the last window, at most about four times those of the one before.
    private func lastFloating(before bound: Int64) throws(KalendsError) -> RecurrenceInstance? {
        guard let first = try first(after: Int64.min, inclusive: true), first.key < bound else { return nil }
        var width: Int64 = 1
        while true {
            let from = bound &- width < first.key || bound &- width > bound ? first.key : bound &- width
            var c = try instances(from: from)
            var last: RecurrenceInstance?
            while let x = try c.next(), x.key < bound { last = x }
            if let last { return last }
            width = width > Int64.max / 4 ? Int64.max : width &* 4
        }
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

    /// Whether an EXDATE takes the instance out.
    func isExcludedByDate(_ i: RecurrenceInstance) -> Bool {
        if excludedKeys.contains(i.key) { return true }
        return !excludedDays.isEmpty && excludedDays.contains(i.local.floorDiv(86_400))
    }

    /// Whether an EXDATE or an EXRULE takes the instance out (each EXRULE started at it:
    /// for lookups; `RecurrenceCursor` walks the EXRULEs along instead).
    func isExcluded(_ i: RecurrenceInstance) throws(KalendsError) -> Bool {
        if isExcludedByDate(i) { return true }
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

/// Iterates a recurrence set's instances in ascending key order; the EXRULEs are walked
/// along (O(1) amortized per instance).
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
        // Wall time at which this key starts (keys are instants when there is a zone).
        let wallFrom: Int64
        if let zone = set.zone, key > Int64.min / 2 {
            wallFrom = WallClock.lastWall(zone, notAfter: key &- 1) &+ 1
        } else {
            wallFrom = key
        }
        for r in set.rules {
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
