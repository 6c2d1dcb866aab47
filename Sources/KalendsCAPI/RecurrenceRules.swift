// kalends_rrule_*: recurrence sets (KalendsCore.RecurrenceSet): one rule from a start, or
// rules and dates less exclusions, expanded in batches. Arguments are checked here; the
// expansion is the core's.
import CKalends
import KalendsCore
import KalendsSystem

typealias RruleHandle = Locked<RecurrenceSet>

extension Locked where Value == RecurrenceSet {
    /// Runs `body` on the set under its lock (the set caches counts).
    func with<T>(_ body: (RecurrenceSet) throws(KalendsError) -> T) throws(KalendsError) -> T {
        try update { (s: inout RecurrenceSet) throws(KalendsError) -> T in try body(s) }
    }
}

private func ruleFlag(_ value: Int32, _ name: String) throws(KalendsError) -> Bool {
    guard value == 0 || value == 1 else { throw invalid("\(name) \(value) is not 0 or 1") }
    return value == 1
}

extension RecurrenceRule {
    /// The rule a `kalends_rrule_options` describes (ranges are the core's to check).
    init(checking c: kalends_rrule_options) throws(KalendsError) {
        self.init(frequency: try RruleFrequency(checking: c.frequency))
        guard c.interval >= 1 else { throw invalid("interval \(c.interval) is not a positive integer") }
        interval = c.interval
        if try ruleFlag(c.has_count, "has_count") { count = c.count }
        switch c.until_kind {
        case KALENDS_RRULE_UNTIL_NONE: until = nil
        case KALENDS_RRULE_UNTIL_LOCAL: until = .local(c.until)
        case KALENDS_RRULE_UNTIL_DATE:
            guard let d = Int32(exactly: c.until) else { throw KalendsError(.outOfRange, "until day \(c.until) is out of range") }
            until = .date(d)
        default: throw invalid("until_kind \(c.until_kind) is not NONE (0), LOCAL (1) or DATE (2)")
        }
        func list<T>(_ p: UnsafePointer<T>?, _ count: Int32, _ name: StaticString) throws(KalendsError) -> [T] {
            Array(try inputBuffer(p, count, name))
        }
        weekStart = try Weekday(checking: c.week_start, "week_start")
        byMonth = try list(c.by_month, c.by_month_count, "by_month")
        byWeekNo = try list(c.by_week_no, c.by_week_no_count, "by_week_no")
        byYearDay = try list(c.by_year_day, c.by_year_day_count, "by_year_day")
        byMonthDay = try list(c.by_month_day, c.by_month_day_count, "by_month_day")
        byHour = try list(c.by_hour, c.by_hour_count, "by_hour")
        byMinute = try list(c.by_minute, c.by_minute_count, "by_minute")
        bySecond = try list(c.by_second, c.by_second_count, "by_second")
        bySetPos = try list(c.by_set_pos, c.by_set_pos_count, "by_set_pos")
        byEaster = try list(c.by_easter, c.by_easter_count, "by_easter")
        byDay = try list(c.by_day, c.by_day_count, "by_day").enumerated().map { (i, d) throws(KalendsError) in
            WeekdayOrdinal(try Weekday(checking: d.weekday, "by_day[\(i)].weekday"), d.ordinal)
        }
        if let name = c.rscale { rscale = String(cString: name).uppercased() }   // as RRULE text is read
        let skip = try RruleSkip(checking: c.skip)
        if skip != .omit { self.skip = skip }
        byLeapMonth = try list(c.by_leap_month, c.by_leap_month_count, "by_leap_month")
    }
}

extension kalends_rrule_options {
    /// A caller built with the header before RFC 7529's fields (its struct ends at
    /// reserved11) is read with their defaults: no RSCALE, OMIT, no leap months.
    static func checkSize(_ size: UInt32) throws(KalendsError) {
        let known = MemoryLayout<Self>.size
        try checkStructSize(size, known: known, minimum: MemoryLayout<Self>.offset(of: \.rscale) ?? known, cName)
    }
}

func rruleOptionsInit() throws(KalendsError) -> kalends_rrule_options {
    var c = kalends_rrule_options()
    c.struct_size = UInt32(MemoryLayout<kalends_rrule_options>.size)
    c.frequency = KALENDS_RRULE_FREQUENCY_YEARLY
    c.interval = 1
    c.until_kind = KALENDS_RRULE_UNTIL_NONE
    c.week_start = KALENDS_MONDAY
    return c
}

func rruleNew(_ options: kalends_rrule_options, _ start: Int64, _ semantics: RruleSemantics) throws(KalendsError) -> RruleHandle {
    RruleHandle(try RecurrenceSet(checkedRule: try RecurrenceRule(checking: options), start: start, semantics: semantics))
}

func rruleParse(_ text: UnsafePointer<CChar>, _ strict: Int32, _ start: Int64, _ semantics: RruleSemantics) throws(KalendsError) -> RruleHandle {
    RruleHandle(try RecurrenceSet(text: String(cString: text), strict: try ruleFlag(strict, "strict"), start: start, semantics: semantics))
}

func rruleNewSet() throws(KalendsError) -> RruleHandle { RruleHandle(RecurrenceSet()) }

/// Changes `set` with a copy of `other` (taken under its own lock first, so two handles
/// are never locked together).
private func combine(_ set: RruleHandle, _ other: RruleHandle,
                     _ body: (RecurrenceSet, RecurrenceSet) throws(KalendsError) -> Void) throws(KalendsError) {
    let copy = try other.with { (s) throws(KalendsError) in try s.copy() }
    try set.with { (s) throws(KalendsError) in try body(s, copy) }
}

func rruleAddRule(_ set: RruleHandle, _ rule: RruleHandle) throws(KalendsError) {
    try combine(set, rule) { (s, r) throws(KalendsError) in try s.include(r) }
}

func rruleExcludeRule(_ set: RruleHandle, _ rule: RruleHandle) throws(KalendsError) {
    try combine(set, rule) { (s, r) throws(KalendsError) in try s.exclude(r) }
}

func rruleAddDates(_ set: RruleHandle, _ times: UnsafeBufferPointer<Int64>) throws(KalendsError) {
    try set.with { (s) throws(KalendsError) in try s.include(dates: Array(times)) }
}

func rruleExcludeDates(_ set: RruleHandle, _ times: UnsafeBufferPointer<Int64>) throws(KalendsError) {
    try set.with { (s) throws(KalendsError) in try s.exclude(dates: Array(times)) }
}

func rruleText(_ rule: RruleHandle) throws(KalendsError) -> String {
    guard let only = try rule.with({ (s) throws(KalendsError) in s.onlyRule }) else {
        throw invalid("the set holds more than one rule from its start: it has no RRULE text")
    }
    return only.text
}

func rruleYearlyText(_ system: AnyCalendarSystem, _ dayNumber: Int32, _ skip: RruleSkip) throws(KalendsError) -> String {
    try RecurrenceScale.yearlyRule(onDay: Int(dayNumber), in: system, skip: skip).text
}

func rruleNext(_ rule: RruleHandle, _ from: Int64, _ inclusive: Int32, _ out: ArrayOutput<Int64>) throws(KalendsError) {
    let inclusive = try ruleFlag(inclusive, "inclusive")
    let n = try rule.with { (s) throws(KalendsError) -> Int in
        var c = try s.walls(from: from, inclusive: inclusive)
        guard out.limit > 0, let buffer = out.out else { return 0 }
        return try c.fill(buffer, capacity: out.limit)
    }
    out.setCount(n)
}

func rruleNextCivil(_ rule: RruleHandle, _ from: Int64, _ inclusive: Int32, _ out: ArrayOutput<UInt8>) throws(KalendsError) {
    let inclusive = try ruleFlag(inclusive, "inclusive")
    let records = out.limit / 10
    let n = try rule.with { (s) throws(KalendsError) -> Int in
        var c = try s.walls(from: from, inclusive: inclusive)
        guard records > 0, let buffer = out.out else { return 0 }
        return try c.fillCivil(buffer, records: records)
    }
    out.setCount(n * 10)
}

func rruleBetween(_ rule: RruleHandle, _ after: Int64, _ before: Int64, _ inclusive: Int32, _ out: ArrayOutput<Int64>) throws(KalendsError) {
    let inclusive = try ruleFlag(inclusive, "inclusive")
    try rule.with { (s) throws(KalendsError) in
        // Counted first (without listing: a window of centuries of a SECONDLY rule is a
        // number, not an allocation), then written straight into the buffer.
        let n = try s.count(between: after, before, inclusive: inclusive)
        guard let buffer = try out.commit(Int(clamping: n)), n > 0 else { return }
        var c = try s.walls(from: after, inclusive: inclusive)
        let got = try c.fill(buffer, capacity: Int(n))
        guard got == Int(n) else { throw KalendsError(.invalidArgument, "internal: \(n) occurrences counted, \(got) listed") }
    }
}

func rruleCount(_ rule: RruleHandle) throws(KalendsError) -> Int64 { try rule.with { (s) throws(KalendsError) in try s.count() } }

/// An optional occurrence (at, before, after) as (*out, *found): *out untouched when none.
private func found(_ value: RecurrenceInstance?) -> (Int64?, Int32) { (value?.local, value == nil ? 0 : 1) }

func rruleAt(_ rule: RruleHandle, _ index: Int64) throws(KalendsError) -> (Int64?, Int32) {
    found(try rule.with { (s) throws(KalendsError) in try s.instance(at: index) })
}

func rruleBefore(_ rule: RruleHandle, _ time: Int64, _ inclusive: Int32) throws(KalendsError) -> (Int64?, Int32) {
    let inclusive = try ruleFlag(inclusive, "inclusive")
    return found(try rule.with { (s) throws(KalendsError) in try s.last(before: time, inclusive: inclusive) })
}

func rruleAfter(_ rule: RruleHandle, _ time: Int64, _ inclusive: Int32) throws(KalendsError) -> (Int64?, Int32) {
    let inclusive = try ruleFlag(inclusive, "inclusive")
    return found(try rule.with { (s) throws(KalendsError) in try s.first(after: time, inclusive: inclusive) })
}
