import Foundation
import Testing
@testable import KalendsCore

/// dateutil semantics against the cases of python-dateutil 4.0.0's own test_rrule.py
/// (extracted by tools/dateutil_rrule_cases.py into Fixtures/dateutil_rrule_cases.json:
/// the rule's arguments and the occurrences dateutil's tests list).
@Suite struct RecurrenceDateutilCaseTests {
    struct Case {
        var name: String
        var rule: RecurrenceRule
        var start: Int64
        var expected: [String]
    }

    static func ints(_ v: Any?) -> [Int32] {
        if let i = v as? Int { return [Int32(i)] }
        if let a = v as? [Any] { return a.compactMap { ($0 as? Int).map(Int32.init) } }
        return []
    }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/dateutil_rrule_cases.json")
        let list = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]] ?? []
        return try list.map { c in
            let args = c["args"] as? [String: Any] ?? [:]
            let freq = try RruleFrequency(checking: Int32(args["freq"] as? Int ?? -1))
            var rule = RecurrenceRule(frequency: freq)
            if let i = args["interval"] as? Int { rule.interval = Int64(i) }
            if let n = args["count"] as? Int { rule.count = Int64(n) }
            if let u = args["until"] as? String {
                let v = try TimeText.parseDateOrDateTime(u)
                rule.until = .local(v.local)
            }
            if let w = args["wkst"] as? Int { rule.weekStart = Weekday(uncheckedIndex: w) }
            rule.bySetPos = ints(args["bysetpos"])
            rule.byMonth = ints(args["bymonth"])
            rule.byMonthDay = ints(args["bymonthday"])
            rule.byYearDay = ints(args["byyearday"])
            rule.byEaster = ints(args["byeaster"])
            rule.byWeekNo = ints(args["byweekno"])
            rule.byHour = ints(args["byhour"])
            rule.byMinute = ints(args["byminute"])
            rule.bySecond = ints(args["bysecond"])
            if let wd = args["byweekday"] {
                // An int (0 = Monday), a weekday {"weekday", "n"}, or a list of those.
                let items: [Any] = (wd as? [Any]) ?? [wd]
                rule.byDay = items.compactMap { item in
                    if let i = item as? Int { return WeekdayOrdinal(Weekday(uncheckedIndex: i)) }
                    if let o = item as? [String: Int], let w = o["weekday"] {
                        return WeekdayOrdinal(Weekday(uncheckedIndex: w), Int32(o["n"] ?? 0))
                    }
                    return nil
                }
            }
            if let w = args["wkst"] as? [String: Int], let i = w["weekday"] { rule.weekStart = Weekday(uncheckedIndex: i) }
            let start = try TimeText.parseDateOrDateTime(args["dtstart"] as? String ?? "").local
            return Case(name: c["name"] as? String ?? "?", rule: rule, start: start, expected: c["expected"] as? [String] ?? [])
        }
    }

    @Test func everyListedCase() throws {
        let all = try Self.cases()
        #expect(all.count > 200)
        var failures: [String] = []
        for c in all {
            do {
                let set = try RecurrenceSet(dateutilRules: [(c.rule, c.start)])
                var cur = try set.instances(from: Int64.min)
                var got: [String] = []
                while got.count < c.expected.count + 1, let i = try cur.next() { got.append(TimeText.formatDateTime(i.local)) }
                if got != c.expected { failures.append("\(c.name) \(c.rule.text): \(got) != \(c.expected)") }
            } catch {
                failures.append("\(c.name): \(error)")
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) failures:\n" + failures.prefix(20).joined(separator: "\n")))
    }
}
