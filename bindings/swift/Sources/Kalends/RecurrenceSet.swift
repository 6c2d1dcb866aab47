import CKalends
import KalendsABI

/// A recurrence set (`kalends_rrule`, KalendsCore's RecurrenceSet): one rule from a start
/// (RRULE text or parts, read with RFC 5545's or dateutil's semantics), or an empty set
/// grown by `add` and `exclude` (dateutil's rruleset); expanded in batches. Times are
/// wall-clock seconds since 1970-01-01T00:00 (floating); see include/kalends/rrule.h.
public final class RecurrenceSet: @unchecked Sendable {
    public let library: Library
    public let handle: OpaquePointer

    /// A rule from RRULE text ("FREQ=WEEKLY;BYDAY=MO,WE", "RRULE:" allowed), starting at
    /// `start`; `strict` reads exactly what RFC 5545 allows.
    public init(text: String, start: Int64, strict: Bool = false, semantics: RruleSemantics = .rfc5545,
                library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var out: OpaquePointer?
        let status = text.withCString { lib.c.rruleParse($0, strict ? 1 : 0, start, semantics.rawValue, &out) }
        try lib.check(status)
        guard let out else { throw KalendsError(.misuse, "kalends_rrule_parse returned no handle") }
        self.library = lib
        handle = out
    }

    /// A rule from its parts (`kalends_rrule_options`); `byDay` holds (weekday, ordinal)
    /// pairs, ordinal 0 = every such weekday. RFC 7529: `rscale` names the calendar
    /// system the rule counts in ("CHINESE", "hebrew", ...; nil: Gregorian), `skip` what a
    /// missing month or day becomes (nil: OMIT; needs `rscale`), `byLeapMonth` BYMONTH's
    /// leap months ("5L" is 5; needs `rscale`).
    public init(frequency: RruleFrequency, start: Int64, interval: Int64 = 1, count: Int64? = nil,
                until: Int64? = nil, weekStart: Weekday = .monday, byMonth: [Int32] = [], byWeekNo: [Int32] = [],
                byYearDay: [Int32] = [], byMonthDay: [Int32] = [], byDay: [(Weekday, Int32)] = [],
                byHour: [Int32] = [], byMinute: [Int32] = [], bySecond: [Int32] = [], bySetPos: [Int32] = [],
                byEaster: [Int32] = [], rscale: String? = nil, skip: RruleSkip? = nil, byLeapMonth: [Int32] = [],
                semantics: RruleSemantics = .rfc5545,
                library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var o = kalends_rrule_options()
        try lib.check(lib.c.rruleOptionsInit(&o))
        o.frequency = frequency.rawValue
        o.interval = interval
        if let count { o.has_count = 1; o.count = count }
        if let until { o.until_kind = RruleUntilKind.local.rawValue; o.until = until }
        o.week_start = weekStart.rawValue
        // The lists live until kalends_rrule_new has copied them.
        var storage: [UnsafeMutableBufferPointer<Int32>] = []
        defer { for b in storage { b.deallocate() } }
        func list(_ values: [Int32]) -> (UnsafePointer<Int32>?, Int32) {
            guard !values.isEmpty else { return (nil, 0) }
            let b = UnsafeMutableBufferPointer<Int32>.allocate(capacity: values.count)
            _ = b.initialize(from: values)
            storage.append(b)
            return (UnsafePointer(b.baseAddress), Int32(values.count))
        }
        (o.by_month, o.by_month_count) = list(byMonth)
        (o.by_week_no, o.by_week_no_count) = list(byWeekNo)
        (o.by_year_day, o.by_year_day_count) = list(byYearDay)
        (o.by_month_day, o.by_month_day_count) = list(byMonthDay)
        (o.by_hour, o.by_hour_count) = list(byHour)
        (o.by_minute, o.by_minute_count) = list(byMinute)
        (o.by_second, o.by_second_count) = list(bySecond)
        (o.by_set_pos, o.by_set_pos_count) = list(bySetPos)
        (o.by_easter, o.by_easter_count) = list(byEaster)
        (o.by_leap_month, o.by_leap_month_count) = list(byLeapMonth)
        if let skip { o.skip = skip.rawValue }
        let days = byDay.map { kalends_rrule_weekday(weekday: $0.0.rawValue, ordinal: $0.1) }
        var out: OpaquePointer?
        func make(_ scale: UnsafePointer<CChar>?) -> kalends_status {
            o.rscale = scale
            return days.withUnsafeBufferPointer { d -> kalends_status in
                o.by_day = d.isEmpty ? nil : d.baseAddress
                o.by_day_count = Int32(d.count)
                return lib.c.rruleNew(&o, start, semantics.rawValue, &out)
            }
        }
        let status = rscale.map { $0.withCString { make($0) } } ?? make(nil)
        try lib.check(status)
        guard let out else { throw KalendsError(.misuse, "kalends_rrule_new returned no handle") }
        self.library = lib
        handle = out
    }

    /// An empty recurrence set (dateutil's `rruleset()`), grown by `add` and `exclude`.
    public init(library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var out: OpaquePointer?
        try lib.check(lib.c.rruleNewSet(&out))
        guard let out else { throw KalendsError(.misuse, "kalends_rrule_new_set returned no handle") }
        self.library = lib
        handle = out
    }

    deinit { _ = library.c.rruleFree(handle) }

    /// Adds every occurrence of `rule` (its rules with their starts, its dates); `rule` is copied.
    public func add(_ rule: RecurrenceSet) throws(KalendsError) {
        try library.check(library.c.rruleAddRule(handle, rule.handle))
    }

    /// Takes every occurrence of `rule` out (dateutil's exrule); `rule` is copied.
    public func exclude(_ rule: RecurrenceSet) throws(KalendsError) {
        try library.check(library.c.rruleExcludeRule(handle, rule.handle))
    }

    /// Adds single wall times (RDATE).
    public func add(dates: [Int64]) throws(KalendsError) {
        let status = dates.withUnsafeBufferPointer { library.c.rruleAddDates(handle, $0.baseAddress, Int32($0.count)) }
        try library.check(status)
    }

    /// Takes single wall times out (EXDATE).
    public func exclude(dates: [Int64]) throws(KalendsError) {
        let status = dates.withUnsafeBufferPointer { library.c.rruleExcludeDates(handle, $0.baseAddress, Int32($0.count)) }
        try library.check(status)
    }

    /// The rule as RRULE text (without "RRULE:").
    public func text() throws(KalendsError) -> String {
        var length = 0
        try library.check(library.c.rruleText(handle, nil, 0, &length))
        var buffer = [CChar](repeating: 0, count: length + 1)
        try library.check(library.c.rruleText(handle, &buffer, buffer.count, &length))
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Up to `limit` occurrences at or after `from` (after it when not `inclusive`).
    public func next(from: Int64 = Int64.min, inclusive: Bool = true, limit: Int32) throws(KalendsError) -> [Int64] {
        var out = [Int64](repeating: 0, count: Int(max(0, limit)))
        var n: Int32 = 0
        let status = out.withUnsafeMutableBufferPointer {
            library.c.rruleNext(handle, from, inclusive ? 1 : 0, $0.baseAddress, Int32($0.count), &n)
        }
        try library.check(status)
        return Array(out.prefix(Int(n)))
    }

    /// dateutil's between(after, before, inc).
    public func between(_ after: Int64, _ before: Int64, inclusive: Bool = false) throws(KalendsError) -> [Int64] {
        var n: Int32 = 0
        try library.check(library.c.rruleBetween(handle, after, before, inclusive ? 1 : 0, nil, 0, &n))
        var out = [Int64](repeating: 0, count: Int(n))
        let status = out.withUnsafeMutableBufferPointer {
            library.c.rruleBetween(handle, after, before, inclusive ? 1 : 0, $0.baseAddress, Int32($0.count), &n)
        }
        try library.check(status)
        return out
    }

    /// The number of occurrences (to 9999-12-31 without COUNT or UNTIL).
    public func count() throws(KalendsError) -> Int64 {
        var out: Int64 = 0
        try library.check(library.c.rruleCount(handle, &out))
        return out
    }

    private typealias Lookup = (OpaquePointer?, Int64, Int32, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int32>?) -> kalends_status

    private func lookup(_ fn: Lookup, _ time: Int64, _ inclusive: Bool) throws(KalendsError) -> Int64? {
        var out: Int64 = 0, found: Int32 = 0
        try library.check(fn(handle, time, inclusive ? 1 : 0, &out, &found))
        return found == 1 ? out : nil
    }

    /// The occurrence at `index` (negative from the end), or nil.
    public func occurrence(at index: Int64) throws(KalendsError) -> Int64? {
        var out: Int64 = 0, found: Int32 = 0
        try library.check(library.c.rruleAt(handle, index, &out, &found))
        return found == 1 ? out : nil
    }

    /// The last occurrence before `time` (at or before with `inclusive`).
    public func before(_ time: Int64, inclusive: Bool = false) throws(KalendsError) -> Int64? {
        try lookup(library.c.rruleBefore, time, inclusive)
    }

    /// The first occurrence after `time` (at or after with `inclusive`).
    public func after(_ time: Int64, inclusive: Bool = false) throws(KalendsError) -> Int64? {
        try lookup(library.c.rruleAfter, time, inclusive)
    }
}
