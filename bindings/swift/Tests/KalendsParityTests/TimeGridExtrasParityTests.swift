import CKalends
import Foundation
import Kalends
import KalendsCore
import Testing

/// The time grid's extras in KalendsCore and through the wrapper agree: events hidden by
/// the hours shown, a time's line, the now line across New York's fall back, the shades
/// outside business hours and the "+N more" of max_stack.
@Suite struct TimeGridExtrasParityTests {
    @Test func theExtrasAgree() throws {
        let wed: Int64 = 20_754 * 86_400 + 4 * 3_600   // 2026-10-28 00:00 EDT
        let spans: [(Int64, Int64)] = [(6, 7), (9, 11), (9, 11), (9, 11), (19, 20)]
        let zone = try EditingParityTests.coreZone()
        let coreStore = KalendsCore.EventStore()
        for (i, s) in spans.enumerated() {
            try coreStore.add(KalendsCore.Event(id: Int64(i + 1), allDay: false, start: wed + s.0 * 3_600, end: wed + s.1 * 3_600))
        }
        let core = try KalendsCore.View(options: KalendsCore.ViewOptions(mode: .week), metrics: KalendsCore.Metrics(width: 700))
        _ = try core.goTo(try KalendsCore.Date(year: 2026, month: 11, day: 1))
        try core.setBusinessHours([KalendsCore.BusinessHours(weekday: 3, start: 32_400, end: 61_200)])

        let wrapperZone = try Kalends.TimeZone("America/New_York", library: library)
        let wrapperStore = try Kalends.EventStore(spans.enumerated().map { i, s in
            Kalends.Event(id: Int64(i + 1), title: "", start: wed + s.0 * 3_600, end: wed + s.1 * 3_600)
        }, library: library)
        let wrapper = try Kalends.View(options: Kalends.ViewOptions(mode: .week, library: library),
                                       metrics: Kalends.Metrics(width: 700, library: library), library: library)
        _ = try wrapper.goTo(try Kalends.Date(year: 2026, month: 11, day: 1, library: library))
        try wrapper.setBusinessHours([kalends_business_hours(weekday: 3, start: 32_400, end: 61_200, reserved: 0)])

        let grid = try core.timeGrid(coreStore, options: KalendsCore.TimeGrid.Options(firstHour: 8, lastHour: 18), in: zone)
        var o = try wrapper.timeGridOptions()
        o.first_hour = 8
        o.last_hour = 18
        let hidden = try wrapper.timeGridHidden(wrapperStore, zone: wrapperZone, options: o)
        let coreHidden = try grid.hidden().map { [$0.day, Int32($0.before), Int32($0.after)] }
        #expect(coreHidden == hidden.map { [$0.day, $0.before, $0.after] })
        #expect(hidden.count == 1 && hidden[0].before == 1 && hidden[0].after == 1)
        let line = try wrapper.timeGridLine(wrapperStore, zone: wrapperZone, options: o, day: 20_754, seconds: 47_700)
        let coreLine = try grid.line(day: 20_754, seconds: 47_700)
        #expect(coreLine.shown && line?.frame.y == coreLine.frame.y)
        let early = try wrapper.timeGridLine(wrapperStore, zone: wrapperZone, options: o, day: 20_754, seconds: 3_600)
        #expect(early == nil)
        let now: Int64 = 20_758 * 86_400 + 6 * 3_600 + 1_800          // 01:30 EST, the second one
        var all = o
        all.first_hour = 0
        all.last_hour = 24
        let coreAll = try core.timeGrid(coreStore, in: zone)
        let nowLine = try wrapper.timeGridNow(wrapperStore, zone: wrapperZone, options: all, now: now)
        let coreNow = try coreAll.nowLine(at: now)
        #expect(nowLine?.seconds == 5_400 && nowLine?.frame.y == coreNow.frame.y)
        let shades = try wrapper.timeGridShades(wrapperStore, zone: wrapperZone, options: o)
        #expect(shades.map { [$0.day, $0.start, $0.end] } == grid.shades(outside: core.businessHours).map { [$0.day, $0.start, $0.end] })
        o.max_stack = 2
        let more = try wrapper.timeGridStackMore(wrapperStore, zone: wrapperZone, options: o)
        var stacked = KalendsCore.TimeGrid.Options(firstHour: 8, lastHour: 18)
        stacked.maxStack = 2
        let coreMore = try core.timeGrid(coreStore, options: stacked, in: zone).stackMore()
        #expect(more.count == 1 && more[0].hidden == 1 && coreMore.count == 1 && coreMore[0].frame.x == more[0].frame.x)
        // No event of source 0 is background: background_source 0 is none.
        #expect(try wrapper.timeGridBackground(wrapperStore, zone: wrapperZone, options: o).isEmpty)
        #expect(try core.timeGrid(coreStore, options: stacked, in: zone).background().isEmpty)
    }
}
