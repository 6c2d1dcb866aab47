import Foundation
import KalendsCore
/// `kalends-systems-bench profile ID [SECONDARY]`: only grids of one system, for a profiler
/// (KALENDS_PROFILE_GRIDS sets how many; 2,000,000 by default).
func profileGrids(_ id: String, _ secondary: String?) throws {
    let count = Int(ProcessInfo.processInfo.environment["KALENDS_PROFILE_GRIDS"] ?? "") ?? 2_000_000
    let cal = try KalendsCore.Calendar(options: CalendarOptions(today: .fixed(try KalendsCore.Date(year: 2026, month: 11, day: 22)), system: try CalendarSystems.named(id),
                                                                secondarySystem: try secondary.map { try CalendarSystems.named($0) }))
    let base = cal.system.base.monthIndex(dayNumber: Gregorian.daysFromCivil(2000, 1, 1))
    var n = 0
    for i in 0..<count {
        let span = try cal.monthSpan(monthIndex: base + (i * 7) % 600, rows: .fixed)
        cal.forEachDay(in: span) { _, day in n &+= Int(day.systemDate.day) }
    }
    print(n)
}

/// `kalends-systems-bench profile-day ID [ROUNDS]`: only day number -> date of one
/// system (the days of the bench, ROUNDS x 20,000; 5,000 rounds by default), for a
/// profiler (callgrind: a few rounds).
func profileDays(_ id: String, existential: Bool = false, rounds: Int = 5_000) throws {
    let system = try CalendarSystems.named(id)
    let base = system.base
    let start = Gregorian.daysFromCivil(1900, 1, 1)
    var n = 0
    for r in 0..<rounds {
        for i in 0..<20_000 {
            let z = start + (i * 3677 + r) % 73_000
            let d = existential ? base.date(dayNumber: z) : system.date(dayNumber: z)
            n &+= Int(d.year) &+ Int(d.month) &+ Int(d.day)
        }
    }
    if n == 42 { print(n) }
}

/// `kalends-systems-bench cpu-days`: CPU time (not wall time) per conversion of each
/// system, through AnyCalendarSystem and through the existential, for A/B work on a
/// loaded machine.
func cpuDays() throws {
    func cpu() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
    }
    for id in CalendarSystems.builtInIdentifiers {
        var a: [Double] = [], b: [Double] = []
        for _ in 0..<7 {
            var t = cpu()
            try profileDays(id, rounds: 20)
            a.append((cpu() - t) / 400_000)
            t = cpu()
            try profileDays(id, existential: true, rounds: 20)
            b.append((cpu() - t) / 400_000)
        }
        print(id.padding(toLength: 22, withPad: " ", startingAt: 0), String(format: "%6.1f ns  existential %6.1f ns", a.sorted()[3], b.sorted()[3]))
    }
}
