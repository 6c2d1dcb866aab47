// kalends_rrule_*: recurrence sets (KalendsCore.RecurrenceSet): one rule from a start, or
// rules and dates less exclusions, expanded in batches. Arguments are checked here; the
// expansion is the core's.
import CKalends
import KalendsCore
import KalendsSystem

typealias RuleHandle = Locked<RecurrenceSet>

/// Runs `body` on the handle's set under its lock (the set caches counts).
private func withRule<T>(_ handle: OpaquePointer?, _ body: (RecurrenceSet) throws(KalendsError) -> T) throws(KalendsError) -> T {
    try HandleRegistry.shared.object(handle, kind: .rrule, as: RuleHandle.self).update {
        (s: inout RecurrenceSet) throws(KalendsError) -> T in try body(s)
    }
}

private func ruleFlag(_ value: Int32, _ name: String) throws(KalendsError) -> Bool {
    guard value == 0 || value == 1 else { throw invalid("\(name) \(value) is not 0 or 1") }
    return value == 1
}

extension RecurrenceRule {
    /// The rule a `kalends_rrule_options` describes (ranges are the core's to check).
    init(checking c: kalends_rrule_options) throws(KalendsError) {
        try checkStructSize(c.struct_size, known: MemoryLayout<kalends_rrule_options>.size,
                            minimum: MemoryLayout<kalends_rrule_options>.size, "kalends_rrule_options")
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
        weekStart = try Weekday(checking: c.week_start, "week_start")
        byMonth = try inputArray(c.by_month, c.by_month_count, "by_month")
        byWeekNo = try inputArray(c.by_week_no, c.by_week_no_count, "by_week_no")
        byYearDay = try inputArray(c.by_year_day, c.by_year_day_count, "by_year_day")
        byMonthDay = try inputArray(c.by_month_day, c.by_month_day_count, "by_month_day")
        byHour = try inputArray(c.by_hour, c.by_hour_count, "by_hour")
        byMinute = try inputArray(c.by_minute, c.by_minute_count, "by_minute")
        bySecond = try inputArray(c.by_second, c.by_second_count, "by_second")
        bySetPos = try inputArray(c.by_set_pos, c.by_set_pos_count, "by_set_pos")
        byEaster = try inputArray(c.by_easter, c.by_easter_count, "by_easter")
        byDay = try inputArray(c.by_day, c.by_day_count, "by_day").enumerated().map { (i, d) throws(KalendsError) in
            WeekdayOrdinal(try Weekday(checking: d.weekday, "by_day[\(i)].weekday"), d.ordinal)
        }
    }
}

private func register(_ set: RecurrenceSet, _ out: UnsafeMutablePointer<OpaquePointer?>) throws(KalendsError) {
    out.pointee = try HandleRegistry.shared.register(RuleHandle(set), kind: .rrule)
}

@_cdecl("kalends_rrule_options_init")
public func kalendsRruleOptionsInit(_ options: UnsafeMutablePointer<kalends_rrule_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        let options = try required(options, "options")
        var c = kalends_rrule_options()
        c.struct_size = UInt32(MemoryLayout<kalends_rrule_options>.size)
        c.frequency = KALENDS_RRULE_FREQUENCY_YEARLY
        c.interval = 1
        c.until_kind = KALENDS_RRULE_UNTIL_NONE
        c.week_start = KALENDS_MONDAY
        options.pointee = c
    }
}

@_cdecl("kalends_rrule_new")
public func kalendsRruleNew(_ options: UnsafePointer<kalends_rrule_options>?, _ start: Int64, _ semantics: Int32,
                            _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let rule = try RecurrenceRule(checking: try required(options, "options"))
        // A rule built field by field under RFC 5545 must be one the RFC allows (what a
        // strict reading of its text accepts); UNTIL stays in 0001 ... 9999 under both.
        if semantics == KALENDS_RRULE_SEMANTICS_RFC5545 { try rule.validate(strict: true) }
        try register(try RecurrenceSet(rule: rule, start: start, semantics: try RruleSemantics(checking: semantics)), out)
    }
}

@_cdecl("kalends_rrule_parse")
public func kalendsRruleParse(_ text: UnsafePointer<CChar>?, _ strict: Int32, _ start: Int64, _ semantics: Int32,
                              _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        guard let text else { throw invalid("text is NULL") }
        let strict = try ruleFlag(strict, "strict")
        var s = String(cString: text)
        if s.utf8.starts(with: "RRULE:".utf8) { s = String(s.dropFirst(6)) }
        let rule = try RecurrenceRule.parse(s, strict: strict)
        try register(try RecurrenceSet(rule: rule, start: start, semantics: try RruleSemantics(checking: semantics)), out)
    }
}

@_cdecl("kalends_rrule_new_set")
public func kalendsRruleNewSet(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in try register(RecurrenceSet(), try required(out, "out")) }
}

/// Changes `handle`'s set with a copy of `other`'s (taken under its own lock first, so
/// two handles are never locked together).
private func combine(_ handle: OpaquePointer?, _ other: OpaquePointer?,
                     _ body: (RecurrenceSet, RecurrenceSet) throws(KalendsError) -> Void) throws(KalendsError) {
    let copy = try withRule(other) { (s) throws(KalendsError) in try s.copy() }
    try withRule(handle) { (s) throws(KalendsError) in try body(s, copy) }
}

@_cdecl("kalends_rrule_add_rule")
public func kalendsRruleAddRule(_ set: OpaquePointer?, _ rule: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in try combine(set, rule) { (s, r) throws(KalendsError) in try s.include(r) } }
}

@_cdecl("kalends_rrule_exclude_rule")
public func kalendsRruleExcludeRule(_ set: OpaquePointer?, _ rule: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in try combine(set, rule) { (s, r) throws(KalendsError) in try s.exclude(r) } }
}

@_cdecl("kalends_rrule_add_dates")
public func kalendsRruleAddDates(_ set: OpaquePointer?, _ times: UnsafePointer<Int64>?, _ count: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let times = try inputArray(times, count, "times")
        try withRule(set) { (s) throws(KalendsError) in try s.include(dates: times) }
    }
}

@_cdecl("kalends_rrule_exclude_dates")
public func kalendsRruleExcludeDates(_ set: OpaquePointer?, _ times: UnsafePointer<Int64>?, _ count: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let times = try inputArray(times, count, "times")
        try withRule(set) { (s) throws(KalendsError) in try s.exclude(dates: times) }
    }
}

@_cdecl("kalends_rrule_text")
public func kalendsRruleText(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                             _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try StringOutput(buffer, capacity, length)
        let rule = try withRule(handle) { (s) throws(KalendsError) in s.onlyRule }
        guard let rule else { throw invalid("the set holds more than one rule from its start: it has no RRULE text") }
        output.write(rule.text)
    }
}

/// Up to `limit` occurrences' wall times from `from`, written to `out` (the core fills
/// the buffer in bulk); returns how many.
private func next(_ handle: OpaquePointer?, _ from: Int64, _ inclusive: Int32, _ limit: Int,
                  into out: UnsafeMutablePointer<Int64>?) throws(KalendsError) -> Int {
    let inclusive = try ruleFlag(inclusive, "inclusive")
    return try withRule(handle) { (s) throws(KalendsError) -> Int in
        var c = try s.walls(from: from, inclusive: inclusive)
        guard limit > 0, let out else { return 0 }
        return try c.fill(out, capacity: limit)
    }
}

@_cdecl("kalends_rrule_next")
public func kalendsRruleNext(_ handle: OpaquePointer?, _ from: Int64, _ inclusive: Int32, _ out: UnsafeMutablePointer<Int64>?,
                             _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try ArrayOutput(out, capacity, count)
        let n = try next(handle, from, inclusive, output.limit, into: output.out)
        output.setCount(n)
    }
}

@_cdecl("kalends_rrule_next_civil")
public func kalendsRruleNextCivil(_ handle: OpaquePointer?, _ from: Int64, _ inclusive: Int32, _ out: UnsafeMutablePointer<UInt8>?,
                                  _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try ArrayOutput(out, capacity, count)
        let records = output.limit / 10
        guard let buffer = output.out, records > 0 else {
            _ = try next(handle, from, inclusive, 0, into: nil)
            output.setCount(0)
            return
        }
        let inclusive = try ruleFlag(inclusive, "inclusive")
        let n = try withRule(handle) { (s) throws(KalendsError) -> Int in
            var c = try s.walls(from: from, inclusive: inclusive)
            return try c.fillCivil(buffer, records: records)
        }
        output.setCount(n * 10)
    }
}

@_cdecl("kalends_rrule_between")
public func kalendsRruleBetween(_ handle: OpaquePointer?, _ after: Int64, _ before: Int64, _ inclusive: Int32,
                                _ out: UnsafeMutablePointer<Int64>?, _ capacity: Int32,
                                _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try ArrayOutput(out, capacity, count)
        let inclusive = try ruleFlag(inclusive, "inclusive")
        try withRule(handle) { (s) throws(KalendsError) in
            // Counted first (without listing: a window of centuries of a SECONDLY rule is
            // a number, not an allocation), then written straight into the buffer.
            let n = try s.count(between: after, before, inclusive: inclusive)
            guard n <= Int64(Int32.max) else {
                throw KalendsError(.outOfRange, "\(n) occurrences do not fit an int32_t count")
            }
            guard let buffer = try output.commit(Int(n)), n > 0 else { return }
            var c = try s.walls(from: after, inclusive: inclusive)
            let got = try c.fill(buffer, capacity: Int(n))
            guard got == Int(n) else {
                throw KalendsError(.invalidArgument, "internal: \(n) occurrences counted, \(got) listed")
            }
        }
    }
}

@_cdecl("kalends_rrule_count")
public func kalendsRruleCount(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try withRule(handle) { (s) throws(KalendsError) in try s.count() }
    }
}

/// An optional occurrence (at, before, after) into (*out, *found).
private func lookup(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?, _ found: UnsafeMutablePointer<Int32>?,
                    _ body: (RecurrenceSet) throws(KalendsError) -> RecurrenceInstance?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out"), found = try required(found, "found")
        let value = try withRule(handle, body)
        found.pointee = value == nil ? 0 : 1
        if let value { out.pointee = value.local }
    }
}

@_cdecl("kalends_rrule_at")
public func kalendsRruleAt(_ handle: OpaquePointer?, _ index: Int64, _ out: UnsafeMutablePointer<Int64>?,
                           _ found: UnsafeMutablePointer<Int32>?) -> kalends_status {
    lookup(handle, out, found) { (s) throws(KalendsError) in try s.instance(at: index) }
}

@_cdecl("kalends_rrule_before")
public func kalendsRruleBefore(_ handle: OpaquePointer?, _ time: Int64, _ inclusive: Int32, _ out: UnsafeMutablePointer<Int64>?,
                               _ found: UnsafeMutablePointer<Int32>?) -> kalends_status {
    lookup(handle, out, found) { (s) throws(KalendsError) in try s.last(before: time, inclusive: try ruleFlag(inclusive, "inclusive")) }
}

@_cdecl("kalends_rrule_after")
public func kalendsRruleAfter(_ handle: OpaquePointer?, _ time: Int64, _ inclusive: Int32, _ out: UnsafeMutablePointer<Int64>?,
                              _ found: UnsafeMutablePointer<Int32>?) -> kalends_status {
    lookup(handle, out, found) { (s) throws(KalendsError) in try s.first(after: time, inclusive: try ruleFlag(inclusive, "inclusive")) }
}
