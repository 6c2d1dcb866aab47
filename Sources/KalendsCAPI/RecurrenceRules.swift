// kalends_rrule_*: one recurrence rule from a start (KalendsCore.RecurrenceSet), expanded
// in batches. Arguments are checked here; the expansion is the core's.
import CKalends
import KalendsCore
import KalendsSystem

/// A rule as read, and the set that expands it from its start.
struct RuleState {
    let rule: RecurrenceRule
    let set: RecurrenceSet
}

typealias RuleHandle = Locked<RuleState>

/// Runs `body` on the rule's set under its lock (the set caches counts).
private func withRule<T>(_ handle: OpaquePointer?, _ body: (RecurrenceSet) throws(KalendsError) -> T) throws(KalendsError) -> T {
    try HandleRegistry.shared.object(handle, kind: .rrule, as: RuleHandle.self).update {
        (s: inout RuleState) throws(KalendsError) -> T in try body(s.set)
    }
}

private func ruleFlag(_ value: Int32, _ name: String) throws(KalendsError) -> Bool {
    guard value == 0 || value == 1 else { throw invalid("\(name) \(value) is not 0 or 1") }
    return value == 1
}

/// A (pointer, count) list of the options struct.
private func list(_ values: UnsafePointer<Int32>?, _ count: Int32, _ name: String) throws(KalendsError) -> [Int32] {
    guard count >= 0 else { throw invalid("\(name)_count \(count) is negative") }
    guard count > 0 else { return [] }
    guard let values else { throw invalid("\(name) is NULL but \(name)_count is \(count)") }
    return Array(UnsafeBufferPointer(start: values, count: Int(count)))
}

extension RecurrenceRule {
    /// The rule a `kalends_rrule_options` describes (ranges are the core's to check).
    init(checking c: kalends_rrule_options) throws(KalendsError) {
        try checkStructSize(c.struct_size, known: MemoryLayout<kalends_rrule_options>.size,
                            minimum: MemoryLayout<kalends_rrule_options>.size, "kalends_rrule_options")
        self.init(frequency: try Frequency(checking: c.frequency))
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
        byMonth = try list(c.by_month, c.by_month_count, "by_month")
        byWeekNo = try list(c.by_week_no, c.by_week_no_count, "by_week_no")
        byYearDay = try list(c.by_year_day, c.by_year_day_count, "by_year_day")
        byMonthDay = try list(c.by_month_day, c.by_month_day_count, "by_month_day")
        byHour = try list(c.by_hour, c.by_hour_count, "by_hour")
        byMinute = try list(c.by_minute, c.by_minute_count, "by_minute")
        bySecond = try list(c.by_second, c.by_second_count, "by_second")
        bySetPos = try list(c.by_set_pos, c.by_set_pos_count, "by_set_pos")
        byEaster = try list(c.by_easter, c.by_easter_count, "by_easter")
        guard c.by_day_count >= 0 else { throw invalid("by_day_count \(c.by_day_count) is negative") }
        if c.by_day_count > 0 {
            guard let days = c.by_day else { throw invalid("by_day is NULL but by_day_count is \(c.by_day_count)") }
            var out: [WeekdayOrdinal] = []
            for i in 0..<Int(c.by_day_count) {
                out.append(WeekdayOrdinal(try Weekday(checking: days[i].weekday, "by_day[\(i)].weekday"), days[i].ordinal))
            }
            byDay = out
        }
    }
}

/// A set of one rule from `start`, as `semantics` reads it.
private func makeSet(_ rule: RecurrenceRule, _ start: Int64, _ semantics: Int32) throws(KalendsError) -> RecurrenceSet {
    let semantics = try RecurrenceSemantics(checking: semantics)
    guard start >= TimeText.minLocal, start < TimeText.endLocal else {
        throw KalendsError(.outOfRange, "start \(start) is outside 0001-01-01 ... 9999-12-31")
    }
    switch semantics {
    case .dateutil: return try RecurrenceSet(dateutilRules: [(rule, start)])
    case .rfc5545: return try RecurrenceSet(start: start, zone: nil, rules: [rule])
    }
}

private func register(_ rule: RecurrenceRule, _ set: RecurrenceSet, _ out: UnsafeMutablePointer<OpaquePointer?>) throws(KalendsError) {
    out.pointee = try HandleRegistry.shared.register(RuleHandle(RuleState(rule: rule, set: set)), kind: .rrule)
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
        try register(rule, try makeSet(rule, start, semantics), out)
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
        var rule = try RecurrenceRule.parse(s, strict: strict)
        // No zone on this handle: a UTC UNTIL is compared as wall time.
        if case .utc(let u) = rule.until { rule.until = .local(u) }
        try register(rule, try makeSet(rule, start, semantics), out)
    }
}

@_cdecl("kalends_rrule_free")
public func kalendsRruleFree(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        guard let handle else { return }
        try HandleRegistry.shared.unregister(handle, kind: .rrule)
    }
}

@_cdecl("kalends_rrule_text")
public func kalendsRruleText(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                             _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try StringOutput(buffer, capacity, length)
        let text = try HandleRegistry.shared.object(handle, kind: .rrule, as: RuleHandle.self).snapshot.rule.text
        output.write(text)
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
        // Wall times in chunks, then each as a packed civil date-time; one day-number
        // conversion per month touched (days within it are counted on).
        let inclusive = try ruleFlag(inclusive, "inclusive")
        let chunk = min(records, 512)
        let walls = UnsafeMutablePointer<Int64>.allocate(capacity: chunk)
        defer { walls.deallocate() }
        let n = try withRule(handle) { (s) throws(KalendsError) -> Int in
            var c = try s.walls(from: from, inclusive: inclusive)
            var packer = CivilPacker()
            var written = 0
            while written < records {
                let want = min(chunk, records - written)
                let got = try c.fill(walls, capacity: want)
                var p = buffer + written &* 10
                for i in 0..<got {
                    packer.pack(walls[i], into: p)
                    p += 10
                }
                written += got
                if got < want { break }
            }
            return written
        }
        output.setCount(n * 10)
    }
}

/// Wall-clock seconds as the 10-byte state of Python's datetime (year big-endian, month,
/// day, hour, minute, second, three zero bytes of microseconds), remembering the month of
/// the last one so that days in it need no conversion. Unsigned arithmetic from the
/// domain's first second (every occurrence is within 0001 ... 9999).
private struct CivilPacker {
    /// Days since 0001-01-01 of the remembered month's first and last day.
    private var monthFirst: UInt64 = 1
    private var monthLast: UInt64 = 0
    private var yearHigh: UInt8 = 0, yearLow: UInt8 = 0, month: UInt8 = 0
    private var y = 1, m = 1

    private mutating func setYearMonth() {
        yearHigh = UInt8(truncatingIfNeeded: y >> 8)
        yearLow = UInt8(truncatingIfNeeded: y)
        month = UInt8(truncatingIfNeeded: m)
    }
    /// The domain's first second and day (read once, not per occurrence).
    private let origin = TimeText.minLocal
    private let originDay = Int(TimeText.minDay)

    @inline(__always)
    mutating func pack(_ w: Int64, into p: UnsafeMutablePointer<UInt8>) {
        let t = UInt64(bitPattern: w &- origin)
        let day = t / 86_400
        let sod = UInt32(truncatingIfNeeded: t &- day &* 86_400)
        if day > monthLast && day <= monthLast &+ 62 && monthLast >= monthFirst {
            // A month or two on (weekly, monthly, daily rules): count months forward.
            repeat {
                m += 1
                if m > 12 { m = 1; y += 1 }
                monthFirst = monthLast &+ 1
                monthLast = monthFirst &+ UInt64(Gregorian.daysInMonth(y, m)) &- 1
            } while day > monthLast
            setYearMonth()
        } else if day < monthFirst || day > monthLast {
            let c = Gregorian.civilFromDays(Int(truncatingIfNeeded: day) &+ originDay)
            (y, m) = (c.year, c.month)
            monthFirst = day &- UInt64(c.day &- 1)
            monthLast = monthFirst &+ UInt64(Gregorian.daysInMonth(y, m)) &- 1
            setYearMonth()
        }
        let minutes = sod / 60
        let hours = minutes / 60
        p[0] = yearHigh
        p[1] = yearLow
        p[2] = month
        p[3] = UInt8(truncatingIfNeeded: day &- monthFirst &+ 1)
        p[4] = UInt8(truncatingIfNeeded: hours)
        p[5] = UInt8(truncatingIfNeeded: minutes &- hours &* 60)
        p[6] = UInt8(truncatingIfNeeded: sod &- minutes &* 60)
        p[7] = 0
        p[8] = 0
        p[9] = 0
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

/// Writes an optional occurrence to (out, found).
private func answer(_ value: RecurrenceInstance?, _ out: UnsafeMutablePointer<Int64>?,
                    _ found: UnsafeMutablePointer<Int32>?) throws(KalendsError) {
    let out = try required(out, "out"), found = try required(found, "found")
    if let value {
        out.pointee = value.local
        found.pointee = 1
    } else {
        found.pointee = 0
    }
}

@_cdecl("kalends_rrule_at")
public func kalendsRruleAt(_ handle: OpaquePointer?, _ index: Int64, _ out: UnsafeMutablePointer<Int64>?,
                           _ found: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        _ = try required(out, "out")
        _ = try required(found, "found")
        try answer(try withRule(handle) { (s) throws(KalendsError) in try s.instance(at: index) }, out, found)
    }
}

@_cdecl("kalends_rrule_before")
public func kalendsRruleBefore(_ handle: OpaquePointer?, _ time: Int64, _ inclusive: Int32, _ out: UnsafeMutablePointer<Int64>?,
                               _ found: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        _ = try required(out, "out")
        _ = try required(found, "found")
        let inclusive = try ruleFlag(inclusive, "inclusive")
        try answer(try withRule(handle) { (s) throws(KalendsError) in try s.last(before: time, inclusive: inclusive) }, out, found)
    }
}

@_cdecl("kalends_rrule_after")
public func kalendsRruleAfter(_ handle: OpaquePointer?, _ time: Int64, _ inclusive: Int32, _ out: UnsafeMutablePointer<Int64>?,
                              _ found: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        _ = try required(out, "out")
        _ = try required(found, "found")
        let inclusive = try ruleFlag(inclusive, "inclusive")
        try answer(try withRule(handle) { (s) throws(KalendsError) in try s.first(after: time, inclusive: inclusive) }, out, found)
    }
}
