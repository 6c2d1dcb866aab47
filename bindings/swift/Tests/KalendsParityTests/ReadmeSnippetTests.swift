// Generated from README.md's ```swift snippets by bindings/python/tests/package/test_readme.py
// (python3 bindings/python/tests/package/test_readme.py writes it); edit the README, not this file.
import Kalends
import Testing

@Suite struct ReadmeSnippetTests {
    /// The README's Swift snippets, in order, as one program, and checks of what they computed.
    @Test func readmeSwiftSnippetsRun() throws {

        let cal = try Calendar(firstWeekday: .sunday, today: .fixed(try Date(year: 2026, month: 11, day: 22)))
        for week in try cal.monthGrid(year: 2026, month: 11, rows: .variable).weeks {
            print(week.weekOfYear.week, week.days.map(\.date.day))
        }

        let view = try View(calendar: cal, metrics: Metrics(width: 390, scale: 3))
        try view.setCallbacks(ViewCallbacks(didSelect: { date in print("picked", date) }))
        let (element, action) = try view.tap(x: 120, y: 200)

        let store = try EventStore([.onDays(id: 1, title: "Trip", first: try Date(year: 2026, month: 11, day: 27))])
        let paris = try TimeZone("Europe/Paris")
        let month = try store.query(try Date(year: 2026, month: 11, day: 1), try Date(year: 2026, month: 11, day: 30), zone: paris)
        let (bars, more) = try view.eventBars(store, zone: paris)

        // checks of the test, not of the README: what the snippets computed
        #expect(month.map(\.title) == ["Trip"])
        #expect(bars.map(\.event) == [1] && more.isEmpty)
        #expect(element.kind == .day && action.outcome == .selected)
    }
}
