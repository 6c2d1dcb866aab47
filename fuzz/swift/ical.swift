// fuzz/swift/ical.swift -- libFuzzer harness (Swift, on KalendsCore directly: the
// iCalendar reader has no C function on main yet): the input is an .ics file. The
// lenient and the strict reader either read it or throw; what the lenient one read is
// written back (serialized) and read again into as many events; the occurrences of its
// events over a week around each of the first events' starts are expanded (a bounded
// window, so a SECONDLY rule costs what it returns).
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
    for event in calendar.events.prefix(4) {
        let start = event.start.local
        let (from, overflow) = start.subtractingReportingOverflow(86_400)
        if overflow { continue }
        let (to, overflow2) = start.addingReportingOverflow(7 * 86_400)
        if overflow2 { continue }
        if let result = try? calendar.occurrences(from: from, to: to, zone: nil, zones: zones) {
            var previous = Int64.min
            for o in result.occurrences {
                if o.startInstant < previous { fatalError("occurrences out of order: \(o.startInstant) after \(previous)") }
                previous = o.startInstant
            }
        }
    }
    return 0
}
