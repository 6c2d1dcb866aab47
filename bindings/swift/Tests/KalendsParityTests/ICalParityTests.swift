import Foundation
import Kalends
import KalendsCore
import Testing

/// The same .ics read by KalendsCore and, through the C ABI, by the Swift wrapper: the
/// occurrences of every month of 2026 agree field by field, the store's occurrences of an
/// imported calendar are the calendar's, and a strict read fails the same way.
@Suite struct ICalParityTests {
    static let text = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    BEGIN:VEVENT\r
    UID:standup\r
    SUMMARY:Standup\r
    DTSTART;TZID=Europe/Paris:20260105T090000\r
    DTEND;TZID=Europe/Paris:20260105T091500\r
    RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261231T000000Z\r
    EXDATE;TZID=Europe/Paris:20260330T090000\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:standup\r
    RECURRENCE-ID;TZID=Europe/Paris:20260401T090000\r
    SUMMARY:Standup (late)\r
    DTSTART;TZID=Europe/Paris:20260401T110000\r
    DTEND;TZID=Europe/Paris:20260401T111500\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:standup\r
    RECURRENCE-ID;TZID=Europe/Paris:20260403T090000\r
    SUMMARY:Standup\r
    STATUS:CANCELLED\r
    DTSTART;TZID=Europe/Paris:20260403T090000\r
    DTEND;TZID=Europe/Paris:20260403T091500\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:rent\r
    STATUS:CONFIRMED\r
    SUMMARY:Rent\r
    DTSTART;VALUE=DATE:20260101\r
    RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:float\r
    SUMMARY:Alarm\r
    DTSTART:20260301T063000\r
    RRULE:FREQ=DAILY;INTERVAL=10\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

    static func systemZone(_ name: String) -> KalendsCore.TimeZone? {
        guard let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name) else { return nil }
        return try? KalendsCore.TimeZone(tzif: [UInt8](data), name: name)
    }

    static func same(_ a: KalendsCore.ICalTime, _ aInstant: Int64, _ b: Kalends.ICalTime) -> Bool {
        a.local == b.local && aInstant == b.instant && a.kind.rawValue == b.kind.rawValue && (a.kind != .zoned || a.tzid == b.tzid)
    }

    @Test func betweenAgreesMonthByMonth() throws {
        let core = try KalendsCore.ICalendarReader.read(Array(Self.text.utf8))
        let zones = ICalZones(calendar: core, system: Self.systemZone)
        let wrapped = try Kalends.ICalendar(bytes: Array(Self.text.utf8), library: library)
        #expect(try wrapped.count == Int32(core.events.count))
        let paris = try #require(Self.systemZone("Europe/Paris"))
        let wrapperParis = try Kalends.TimeZone("Europe/Paris", library: library)
        var total = 0
        for month in 1...12 {
            let from = Int64(KalendsCore.Gregorian.daysFromCivil(2026, month, 1)) * 86_400
            let to = Int64(KalendsCore.Gregorian.daysFromCivil(month == 12 ? 2027 : 2026, month == 12 ? 1 : month + 1, 1)) * 86_400
            let a = try core.occurrences(from: from, to: to, zone: paris, zones: zones).occurrences
            let b = try wrapped.between(from, to, zone: wrapperParis)
            #expect(a.count == b.count, "month \(month)")
            for (x, y) in zip(a, b) {
                #expect(x.uid == y.uid && x.summary == y.summary && Int32(x.event) == y.event)
                #expect(y.status == core.events[x.event].status)
                #expect(Self.same(x.start, x.startInstant, y.start) && Self.same(x.end, x.endInstant, y.end))
                #expect((x.recurrenceID == nil) == (y.recurrenceID == nil))
                if let r = x.recurrenceID, let s = y.recurrenceID { #expect(r.local == s.local) }
            }
            total += b.count
        }
        #expect(total > 150)
        // The cancelled instance is listed, with its status; the others carry their event's.
        let april = try wrapped.between(Int64(KalendsCore.Gregorian.daysFromCivil(2026, 4, 1)) * 86_400,
                                        Int64(KalendsCore.Gregorian.daysFromCivil(2026, 5, 1)) * 86_400, zone: wrapperParis)
        #expect(april.filter { $0.status == "CANCELLED" }.map(\.start.local)
                == [Int64(KalendsCore.Gregorian.daysFromCivil(2026, 4, 3)) * 86_400 + 9 * 3600])
        #expect(Set(april.map(\.status)) == [nil, "CONFIRMED", "CANCELLED"])
        let cancelled = try #require(april.first { $0.status == "CANCELLED" })
        #expect(try wrapped.status(ofEvent: cancelled.event)?.kind == .cancelled)
        #expect(try wrapped.status(ofEvent: 0) == nil)
        #expect(throws: Kalends.KalendsError.self) { try wrapped.status(ofEvent: 99) }
        // Written by the wrapper, read by the core: the same events.
        let again = try KalendsCore.ICalendarReader.read(Array(try wrapped.write().utf8))
        #expect(again.events == core.events)
    }

    @Test func importedStoreGivesTheCalendarsOccurrences() throws {
        let wrapped = try Kalends.ICalendar(bytes: Array(Self.text.utf8), library: library)
        let store = try Kalends.EventStore(library: library)
        let zone = try Kalends.TimeZone("Europe/Paris", library: library)
        #expect(try wrapped.importInto(store, firstID: 1, zone: zone) == 3)
        #expect(try store.count == 3 && store.seriesCount == 3)
        let first = try Kalends.Date(year: 2026, month: 4, day: 1, library: library)
        let last = try Kalends.Date(year: 2026, month: 4, day: 30, library: library)
        let found = try store.occurrences(first, last, zone: zone)
        let from = Int64(first.dayNumber) * 86_400, to = Int64(last.dayNumber + 1) * 86_400
        // The store leaves the cancelled instance out (a view does not draw it).
        let want = try wrapped.between(from, to, zone: zone).filter { $0.status != "CANCELLED" }
        #expect(want.count == (try wrapped.between(from, to, zone: zone)).count - 1)
        #expect(found.map(\.event.start) == want.map { $0.start.kind == .date ? $0.start.local / 86_400 : $0.start.instant })
        #expect(found.allSatisfy { $0.recurrenceID != nil })
        // A series added through the wrapper.
        try store.addSeries(Kalends.Event(id: 9, title: "ten", allDay: true, start: Int64(first.dayNumber), end: Int64(first.dayNumber)),
                            recurrence: "RRULE:FREQ=DAILY;COUNT=10")
        #expect(try store.occurrences(first, last).filter { $0.event.id == 9 }.count == 10)
        #expect(try store.writeICal().contains("RRULE:FREQ=DAILY;COUNT=10"))
        #expect(throws: Kalends.KalendsError.self) {
            try Kalends.ICalendar(bytes: Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8),
                                  strict: true, library: library)
        }
    }

    /// An event every second (issue 24): the wrapper's counts and first pages come through
    /// the C ABI as the core counts and lists them, a year of it without listing it.
    @Test func aDenseSeriesIsCountedAndPagedThroughTheWrapper() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:tick\r\nSUMMARY:Tick\r\nDTSTART:20260101T000000Z\r\n"
            + "DTEND:20260101T000001Z\r\nRRULE:FREQ=SECONDLY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let wrapped = try Kalends.ICalendar(bytes: Array(text.utf8), library: library)
        let core = try KalendsCore.ICalendarReader.read(Array(text.utf8))
        let query = KalendsCore.ICalendarQuery(calendar: core, zones: ICalZones(calendar: core, system: Self.systemZone))
        var warnings: [ICalWarning] = []
        let from = Int64(KalendsCore.Gregorian.daysFromCivil(2027, 1, 1)) * 86_400, to = from + 365 * 86_400
        #expect(try wrapped.count(from, to) == 365 * 86_400)
        #expect(try wrapped.count(from, to) == query.count(from: from, to: to, zone: nil, warnings: &warnings))
        let page = try wrapped.between(from, to, limit: 3)
        #expect(page.map(\.start.instant) == [from, from + 1, from + 2])
        #expect(page.map(\.start.instant) == (try query.occurrences(from: from, to: to, zone: nil, limit: 3, warnings: &warnings)).map(\.startInstant))
        let store = try Kalends.EventStore(library: library)
        #expect(try wrapped.importInto(store) == 1)
        let first = try Kalends.Date(year: 2027, month: 1, day: 1, library: library)
        let last = try Kalends.Date(year: 2027, month: 12, day: 31, library: library)
        #expect(try store.count(first, last) == 365 * 86_400)
        let events = try store.query(first, last, limit: 2)
        #expect(events.map(\.start) == [from, from + 1] && events.allSatisfy { $0.id == 1 && $0.title == "Tick" })
        let (occurrences, total) = try store.firstOccurrences(first, last, limit: 4)
        #expect(total == 365 * 86_400 && occurrences.map(\.recurrenceID) == [from, from + 1, from + 2, from + 3])
        #expect(try store.occurrences(first, last, limit: 0).isEmpty)
        #expect(throws: Kalends.KalendsError.self) { try store.query(first, last, limit: -1) }
    }
}
