@testable import KalendsCore

/// A date from test literals (always valid).
func day(_ y: Int32, _ m: Int32, _ d: Int32) -> KalendsCore.Date {
    (try? KalendsCore.Date(year: y, month: m, day: d)) ?? KalendsCore.Date(uncheckedDayNumber: 0)
}

func number(_ y: Int32, _ m: Int32, _ d: Int32) -> Int32 { day(y, m, d).dayNumber }

/// A view with today fixed at 2026-11-22 on the page of `anchor`.
func makeView(_ options: ViewOptions = ViewOptions(), metrics: Metrics = Metrics(width: 350),
              firstWeekday: Weekday = .monday, anchor: KalendsCore.Date = day(2026, 11, 22)) throws -> View {
    let calendar = try KalendsCore.Calendar(options: CalendarOptions(firstWeekday: firstWeekday, today: .fixed(day(2026, 11, 22))))
    let view = try View(calendar: calendar, options: options, metrics: metrics)
    try view.goTo(anchor)
    return view
}

/// Records every callback of a view, in order.
final class Recorder {
    var log: [String] = []

    func attach(to view: View) throws {
        try view.setCallbacks(ViewCallbacks(
            didSelect: { [unowned self] in self.log.append("select \(KalendsCore.Date(uncheckedDayNumber: Int($0)))") },
            didDeselect: { [unowned self] in self.log.append("deselect \(KalendsCore.Date(uncheckedDayNumber: Int($0)))") },
            pageChanged: { [unowned self] t in
                self.log.append("page \(t.direction) \(KalendsCore.Date(uncheckedDayNumber: Int(t.to.anchor)))")
            },
            contentSizeChanged: { [unowned self] a, b in self.log.append("size \(a.height)->\(b.height)") }))
    }

    func take() -> [String] {
        defer { log = [] }
        return log
    }
}
