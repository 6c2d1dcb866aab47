import KalendsCore
/// `kalends-systems-bench profile ID [SECONDARY]`: only grids of one system, for a profiler.
func profileGrids(_ id: String, _ secondary: String?) throws {
    let cal = try KalendsCore.Calendar(options: CalendarOptions(today: .fixed(try KalendsCore.Date(year: 2026, month: 11, day: 22)), system: try CalendarSystems.named(id),
                                                                secondarySystem: try secondary.map { try CalendarSystems.named($0) }))
    let base = cal.system.base.monthIndex(dayNumber: Gregorian.daysFromCivil(2000, 1, 1))
    var n = 0
    for i in 0..<2_000_000 {
        let span = try cal.monthSpan(monthIndex: base + (i * 7) % 600, rows: .fixed)
        cal.forEachDay(in: span) { _, day in n &+= Int(day.systemDate.day) }
    }
    print(n)
}
