import CKalends
import Foundation
import Kalends
import KalendsCore
import Testing

/// The agenda in KalendsCore and through the wrapper agree: the rows of viewports while
/// scrolling, and CLDR's relative day words.
@Suite struct AgendaParityTests {
    @Test func viewportsAgree() throws {
        let first: Int32 = 20_780, last: Int32 = 20_809   // 2026-11-23 ... 2026-12-22
        var events: [(Int64, Bool, Int64, Int64)] = []
        for i in 0..<40 {
            let day = Int64(first) + Int64(i * 7 % 30)
            if i % 5 == 0 {
                events.append((Int64(i + 1), true, day, day + Int64(i % 3)))
            } else {
                let start = day * 86_400 + Int64(i * 3_600 % 86_400)
                events.append((Int64(i + 1), false, start, start + Int64(i % 4 == 0 ? 100_000 : 1_800)))
            }
        }
        let coreStore = KalendsCore.EventStore()
        for e in events { try coreStore.add(KalendsCore.Event(id: e.0, allDay: e.1, start: e.2, end: e.3)) }
        let wrapperStore = try Kalends.EventStore(events.map { e in
            Kalends.Event(id: e.0, title: "", allDay: e.1, start: e.2, end: e.3)
        }, library: library)
        let agenda = try Kalends.Agenda(wrapperStore, first: first, last: last, today: 20_790)
        var anchor = first, offset = 0.0
        for step in 0..<40 {
            let core = try coreStore.agenda(first, last, today: 20_790, anchorDay: anchor, offset: offset, height: 300)
            let wrapped = try agenda.viewport(height: 300, anchorDay: anchor, offset: offset)
            #expect(core.rows.map(\.y) == wrapped.rows.map(\.y))
            #expect(core.rows.map { $0.occurrence?.event.id ?? 0 } == wrapped.rows.map { $0.kind == 1 ? $0.occurrence.event.id : 0 })
            #expect(core.rows.map { $0.relative ?? 9 } == wrapped.rows.map { $0.has_relative == 1 ? $0.relative : 9 })
            #expect(core.rows.map(\.dayIndex) == wrapped.rows.map(\.day_index))
            #expect(core.anchorDay == wrapped.position.anchor_day && core.offset == wrapped.position.offset)
            anchor = core.anchorDay
            offset = core.offset + Double((step * 97) % 500) - 200
        }
        let de = try Kalends.Locale("de", library: library)
        #expect(try (-1...1).map { try de.relativeDay(Int32($0)) } == (-1...1).map { KalendsCore.Locale("de").relativeDayName(Int32($0)) })
        #expect(throws: Kalends.KalendsError.self) { try de.relativeDay(2) }
    }
}
