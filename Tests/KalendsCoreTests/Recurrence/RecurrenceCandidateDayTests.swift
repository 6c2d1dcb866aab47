import Testing
@testable import KalendsCore

/// The candidate days of a period (generated from the most selective day filter, plus the
/// skips to the next passing day) give exactly what testing every day of every period
/// gives (`scanEveryDay`, the expansion before candidate days existed), for random rules
/// under both semantics: instances from DTSTART, from a later point, and counts.
/// 40 random YEARLY...DAILY rules per semantics (the reference scans every day, so the
/// sample stays small in debug builds; sub-daily rules share the day filters).
@Suite struct RecurrenceCandidateDayTests {
    struct Rng: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func randomRule(_ rng: inout Rng) -> RecurrenceRule {
        var r = RecurrenceRule(frequency: RruleFrequency(rawValue: Int32.random(in: 0...3, using: &rng)) ?? .daily)
        func some(_ range: ClosedRange<Int32>, max: Int = 3, noZero: Bool = false) -> [Int32] {
            (0..<Int.random(in: 1...max, using: &rng)).map { _ in
                var v = Int32.random(in: range, using: &rng)
                if noZero && v == 0 { v = 1 }
                return v
            }
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { r.interval = Int64.random(in: 2...5, using: &rng) }
        if Int.random(in: 0..<3, using: &rng) == 0 { r.byMonth = some(1...12) }
        if Int.random(in: 0..<4, using: &rng) == 0 { r.byMonthDay = some(-31...31, noZero: true) }
        if Int.random(in: 0..<6, using: &rng) == 0 { r.byYearDay = some(-366...366, noZero: true) }
        if Int.random(in: 0..<6, using: &rng) == 0 { r.byWeekNo = some(-53...53, noZero: true) }
        if Int.random(in: 0..<3, using: &rng) == 0 {
            r.byDay = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                let w = Weekday(uncheckedIndex: Int.random(in: 0...6, using: &rng))
                let ordinal: Int32 = Int.random(in: 0..<2, using: &rng) == 0 ? 0 : [1, 2, 3, 4, 5, -1, -2, 20, -53].randomElement(using: &rng) ?? 1
                return WeekdayOrdinal(w, ordinal)
            }
        }
        if Int.random(in: 0..<8, using: &rng) == 0 { r.byEaster = some(-3...60) }
        if r.frequency >= .hourly {
            if Int.random(in: 0..<3, using: &rng) == 0 { r.byHour = some(0...23) }
            if Int.random(in: 0..<3, using: &rng) == 0 { r.byMinute = some(0...59) }
            if r.frequency == .secondly && Int.random(in: 0..<2, using: &rng) == 0 { r.bySecond = some(0...59) }
        } else if Int.random(in: 0..<4, using: &rng) == 0 {
            r.byHour = some(0...23, max: 2)
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { r.bySetPos = some(-3...3, noZero: true) }
        if Int.random(in: 0..<4, using: &rng) == 0 { r.weekStart = Weekday(uncheckedIndex: Int.random(in: 0...6, using: &rng)) }
        if Int.random(in: 0..<3, using: &rng) == 0 { r.count = Int64.random(in: 0...40, using: &rng) }
        return r
    }

    /// Up to `n` wall times from `t`, or the error's code.
    static func run(_ s: RuleSeries, from t: Int64, _ n: Int) -> Result<[Int64], KalendsError> {
        do {
            var c = try RuleCursor(s, from: t)
            var out: [Int64] = []
            while out.count < n, let o = try c.next() { out.append(o.wall) }
            return .success(out)
        } catch {
            return .failure(error)
        }
    }

    static func same(_ a: Result<[Int64], KalendsError>, _ b: Result<[Int64], KalendsError>) -> Bool {
        switch (a, b) {
        case let (.success(x), .success(y)): return x == y
        case let (.failure(x), .failure(y)): return x.code == y.code
        default: return false
        }
    }

    @Test(arguments: [RruleSemantics.rfc5545, .dateutil])
    func candidateDaysAgreeWithScanningEveryDay(_ semantics: RruleSemantics) throws {
        var rng = Rng(state: semantics == .dateutil ? 7 : 11)
        var compared = 0, nonEmpty = 0
        for _ in 0..<40 {
            let rule = Self.randomRule(&rng)
            let year = [1, 1997, 2000, 2024, 2031, 9998].randomElement(using: &rng) ?? 2000
            let day = Int64(Gregorian.daysFromCivil(year, Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng)))
            let start = day * 86_400 + Int64.random(in: 0..<86_400, using: &rng)
            let fast: RuleSeries, slow: RuleSeries
            do {
                fast = try RuleSeries(rule: rule, start: start, semantics: semantics, zone: nil, gapPolicy: .skip)
            } catch {
                #expect(throws: KalendsError.self) {
                    _ = try RuleSeries(rule: rule, start: start, semantics: semantics, zone: nil, gapPolicy: .skip, scanEveryDay: true)
                }
                continue
            }
            slow = try RuleSeries(rule: rule, start: start, semantics: semantics, zone: nil, gapPolicy: .skip, scanEveryDay: true)
            compared += 1
            let a = Self.run(fast, from: start, 40), b = Self.run(slow, from: start, 40)
            #expect(Self.same(a, b), "\(rule.text) from \(TimeText.formatDateTime(start)) \(semantics)")
            if case .success(let x) = a, !x.isEmpty { nonEmpty += 1 }
            let later = start + Int64.random(in: 0...(40 * 366 * 86_400), using: &rng)
            #expect(Self.same(Self.run(fast, from: later, 15), Self.run(slow, from: later, 15)),
                    "\(rule.text) from \(TimeText.formatDateTime(later)) \(semantics)")
            if rule.frequency <= .daily {
                let point = start + Int64.random(in: 0...(12 * 366 * 86_400), using: &rng)
                let ca = Result { () throws(KalendsError) in try fast.countBefore(point) }
                let cb = Result { () throws(KalendsError) in try slow.countBefore(point) }
                switch (ca, cb) {
                case let (.success(x), .success(y)): #expect(x == y, "count \(rule.text) \(semantics)")
                case let (.failure(x), .failure(y)): #expect(x.code == y.code)
                default: Issue.record("count: one failed \(rule.text) \(semantics)")
                }
            }
        }
        #expect(compared > 25)
        #expect(nonEmpty > 12)
    }
}
