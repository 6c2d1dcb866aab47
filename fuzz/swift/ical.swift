// fuzz/swift/ical.swift -- libFuzzer harness (Swift, on KalendsCore directly: the
// iCalendar reader has no C function on main yet): the input is an .ics file. The
// lenient and the strict reader either read it or throw; what the lenient one read is
// written back (serialized) and read again into as many events; over a week around each
// of the first events' starts, the occurrences are counted and the first 200 listed (a
// SECONDLY rule costs that page): the page holds min(200, count), in order, and a week of
// at most 2,000 occurrences lists exactly what was counted, the page first.
import KalendsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ICalendarReader.read(bytes, options: ICalendarOptions(strict: true))
    let calendar: ICalendar
    do {
        calendar = try ICalendarReader.read(bytes, options: ICalendarOptions(strict: false))
    } catch {
        return 0
    }
    let written = calendar.serialized()
    do {
        let again = try ICalendarReader.read(written, options: ICalendarOptions(strict: false))
        if again.events.count != calendar.events.count {
            fatalError("written back, \(calendar.events.count) events read again as \(again.events.count)")
        }
    } catch {
        fatalError("the reader refuses what the writer wrote: \(error)")
    }
    let zones = ICalZones(calendar: calendar, system: { _ in nil })
    let query = ICalendarQuery(calendar: calendar, zones: zones)
    var warnings: [ICalWarning] = []
    for event in calendar.events.prefix(4) {
        let start = event.start.local
        let (from, overflow) = start.subtractingReportingOverflow(86_400)
        if overflow { continue }
        let (to, overflow2) = start.addingReportingOverflow(7 * 86_400)
        if overflow2 { continue }
        // The week's count, counted; its first page, listed: as many as the count allows,
        // in order; and, when the week is small, every occurrence listed is what was counted.
        guard let total = try? query.count(from: from, to: to, zone: nil, warnings: &warnings),
              let page = try? query.occurrences(from: from, to: to, zone: nil, limit: 200, warnings: &warnings) else { continue }
        if Int64(page.count) != min(total, 200) { fatalError("a first page of \(page.count) for \(total) counted") }
        var previous = Int64.min
        for o in page {
            if o.startInstant < previous { fatalError("occurrences out of order: \(o.startInstant) after \(previous)") }
            previous = o.startInstant
        }
        if total <= 2_000, let result = try? calendar.occurrences(from: from, to: to, zone: nil, zones: zones) {
            if Int64(result.occurrences.count) != total {
                fatalError("\(result.occurrences.count) occurrences listed, \(total) counted")
            }
            if Array(result.occurrences.prefix(200)).map(\.startInstant) != page.map(\.startInstant) {
                fatalError("the first page is not the listing's first occurrences")
            }
        }
    }
    return 0
}
