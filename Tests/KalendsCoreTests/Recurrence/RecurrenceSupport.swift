import Foundation
import Testing
@testable import KalendsCore

/// Helpers for the recurrence tests: DATE-TIME text in and out, and expansion of a rule
/// text from a DTSTART text in a zone.
enum Rec {
    static func local(_ text: String) throws -> Int64 { try TimeText.parseDateOrDateTime(text).local }
    static func text(_ local: Int64) -> String { TimeText.formatDateTime(local) }

    /// The first `limit` instances (wall-clock text) of DTSTART + RRULE (+ EXDATEs).
    static func expand(_ start: String, _ rule: String, zone: String? = "America/New_York",
                       semantics: RruleSemantics = .rfc5545, limit: Int = 1000,
                       exdates: [String] = [], gapPolicy: GapPolicy = .skip) throws -> [String] {
        let set = try makeSet(start, rule, zone: zone, semantics: semantics, exdates: exdates, gapPolicy: gapPolicy)
        var c = try set.instances(from: Int64.min)
        var out: [String] = []
        while out.count < limit, let i = try c.next() { out.append(text(i.local)) }
        return out
    }

    static func makeSet(_ start: String, _ rule: String, zone: String? = "America/New_York",
                        semantics: RruleSemantics = .rfc5545, exdates: [String] = [],
                        gapPolicy: GapPolicy = .skip) throws -> RecurrenceSet {
        let z = try zone.map { try TZTest.zone($0) }
        let s = try TimeText.parseDateOrDateTime(start)
        return try RecurrenceSet(start: s.local, zone: z, isDate: s.isDate,
                                 rules: [try RecurrenceRule.parse(rule)],
                                 exceptionDates: try exdates.map { RecurrenceDate(kind: .local, value: try local($0)) },
                                 semantics: semantics, gapPolicy: gapPolicy)
    }

    /// "19970902T090000" for each of `days` of month `ym` ("199709") at `time` ("090000").
    static func days(_ ym: String, _ days: [Int], _ time: String = "090000") -> [String] {
        days.map { ym + ($0 < 10 ? "0" : "") + String($0) + "T" + time }
    }
}
