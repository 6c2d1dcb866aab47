import CKalends
import Foundation
import Kalends
import KalendsCore
import Testing

/// The same events in a KalendsCore view with a store and, through the C ABI, in the
/// wrapper's: the time grid's boxes and a drag across New York's fall back (proposal,
/// commit, keys, a business-hours refusal) agree, and the wrapper's drag lands where
/// the core's does.
@Suite struct EditingParityTests {
    static func coreZone() throws -> KalendsCore.TimeZone {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/America/New_York"))
        return try KalendsCore.TimeZone(tzif: [UInt8](bytes), name: "America/New_York")
    }

    @Test func aDragAcrossTheFallBackAgrees() throws {
        let sat: Int64 = 20_757 * 86_400 + 14 * 3_600   // 2026-10-31 10:00 EDT
        let zone = try Self.coreZone()
        let coreStore = KalendsCore.EventStore()
        try coreStore.add(KalendsCore.Event(id: 1, title: "standup", allDay: false, start: sat, end: sat + 3_600))
        try coreStore.add(KalendsCore.Event(id: 2, title: "other", allDay: false, start: sat + 1_800, end: sat + 5_400))
        let core = try KalendsCore.View(options: KalendsCore.ViewOptions(mode: .week), metrics: KalendsCore.Metrics(width: 700))
        _ = try core.goTo(try KalendsCore.Date(year: 2026, month: 11, day: 1))
        try core.setStore(coreStore, zone: zone)
        try core.setEditOptions(KalendsCore.EditOptions(editable: true))

        let wrapperZone = try Kalends.TimeZone("America/New_York", library: library)
        let wrapperStore = try Kalends.EventStore([Kalends.Event(id: 1, title: "standup", start: sat, end: sat + 3_600),
                                                   Kalends.Event(id: 2, title: "other", start: sat + 1_800, end: sat + 5_400)],
                                                  library: library)
        let wrapper = try Kalends.View(options: Kalends.ViewOptions(mode: .week, library: library),
                                       metrics: Kalends.Metrics(width: 700, library: library), library: library)
        _ = try wrapper.goTo(try Kalends.Date(year: 2026, month: 11, day: 1, library: library))
        try wrapper.setStore(wrapperStore, zone: wrapperZone)
        var options = try wrapper.editOptions()
        options.editable = 1
        try wrapper.setEditOptions(options)

        let coreItems = try core.timeGrid(coreStore, in: zone).items()
        let wrapperItems = try wrapper.timeGridItems(wrapperStore, zone: wrapperZone)
        #expect(coreItems.count == 2 && wrapperItems.count == 2)
        for (a, b) in zip(coreItems, wrapperItems) {
            let w: kalends_timeline_item = b.item.item
            #expect(a.day == b.day)
            #expect(a.item.event == w.event)
            #expect(a.item.column == Int(w.column))
            #expect(a.item.frame.y == w.frame.y)
            #expect(a.item.frame.x == w.frame.x)
        }

        let at = KalendsCore.EditPoint(day: 20_757, seconds: 36_000)
        let to = KalendsCore.EditPoint(day: 20_758, seconds: 36_000 + 420)
        _ = try core.beginEdit(.eventMove, event: 1, recurrenceID: nil, at: at)
        let coreMove = try core.updateEdit(to: to)
        _ = try wrapper.beginEdit(.eventMove, event: 1, at: kalends_edit_point(day: 20_757, all_day: 0, seconds: 36_000, reserved: 0))
        let wrapperMove = try wrapper.updateEdit(to: kalends_edit_point(day: 20_758, all_day: 0, seconds: 36_000 + 420, reserved: 0))
        #expect(coreMove.start == 20_758 * 86_400 + 15 * 3_600)            // 10:00 EST
        #expect(wrapperMove.start == coreMove.start && wrapperMove.end == coreMove.end)
        #expect(wrapperMove.first_day == coreMove.firstDay && wrapperMove.last_day == coreMove.lastDay)
        let corePreview = try core.editPreview()
        let wrapperPreview = try wrapper.editPreview()
        #expect(corePreview.map(\.item.frame.y) == wrapperPreview.map(\.item.item.frame.y))
        let coreDone = try core.commitEdit()
        let wrapperDone = try wrapper.commitEdit()
        #expect(coreDone.outcome == .edited && wrapperDone.outcome == Kalends.Outcome.edited.rawValue)
        #expect(try coreStore.get(1).start == (try wrapperStore.get(1)).start)

        let coreKey = try core.editKey(.later, event: 1, recurrenceID: nil)
        let wrapperKey = try wrapper.editKey(.later, event: 1)
        #expect(coreKey.start == wrapperKey.start && coreKey.start == coreMove.start + 900)
        try core.setBusinessHours([KalendsCore.BusinessHours(weekday: 7, start: 9 * 3_600, end: 10 * 3_600)])
        try wrapper.setBusinessHours([kalends_business_hours(weekday: 7, start: 9 * 3_600, end: 10 * 3_600, reserved: 0)])
        let coreRefused = try core.editKey(.later, event: 1, recurrenceID: nil)
        let wrapperRefused = try wrapper.editKey(.later, event: 1)
        #expect(coreRefused.refusal == .outsideWindow && wrapperRefused.refusal == Kalends.Refusal.outsideWindow.rawValue)
        #expect(throws: Kalends.KalendsError.self) { try wrapper.updateEdit(to: kalends_edit_point(day: 1, all_day: 0, seconds: 0, reserved: 0)) }
    }
}
