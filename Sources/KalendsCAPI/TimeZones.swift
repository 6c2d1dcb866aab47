// kalends_timezone_*.
import CKalends
import KalendsCore
import KalendsSystem

/// The object behind a kalends_timezone handle.
final class TimezoneHandle: @unchecked Sendable {
    let zone: KalendsCore.TimeZone
    init(_ zone: KalendsCore.TimeZone) { self.zone = zone }
}

extension Optional where Wrapped == TimezoneHandle {
    /// The local days of a zone argument: NULL is UTC.
    var days: any LocalDays { self?.zone ?? UTCDays() }
}

func timezoneNew(_ name: UnsafePointer<CChar>?) throws(KalendsError) -> TimezoneHandle {
    TimezoneHandle(try KalendsCore.TimeZone.named(name.map { String(cString: $0) } ?? ""))
}

func timezoneFromTzif(_ bytes: UnsafeBufferPointer<UInt8>, _ name: UnsafePointer<CChar>?) throws(KalendsError) -> TimezoneHandle {
    guard bytes.baseAddress != nil else { throw invalid("bytes is NULL") }
    guard bytes.count <= 1 << 24 else { throw invalid("length \(bytes.count) is not 0 ... 16 MiB") }
    return TimezoneHandle(try KalendsCore.TimeZone(tzif: Array(bytes), name: name.map { String(cString: $0) } ?? ""))
}

func timezoneName(_ h: TimezoneHandle) throws(KalendsError) -> String { h.zone.name }

/// (seconds east, is DST).
func timezoneOffset(_ h: TimezoneHandle, _ instant: Int64) throws(KalendsError) -> (Int32, Int32) {
    let o = h.zone.offset(at: instant)
    return (o.secondsEast, o.isDST ? 1 : 0)
}

/// (day number, seconds of day).
func timezoneLocalDay(_ h: TimezoneHandle, _ instant: Int64) throws(KalendsError) -> (Int32, Int32) {
    let d = try h.zone.localDay(at: instant)
    return (d.day, d.secondsOfDay)
}

func timezoneDayStart(_ h: TimezoneHandle, _ dayNumber: Int32) throws(KalendsError) -> Int64 { try h.zone.dayStart(dayNumber) }

func timezoneInstant(_ h: TimezoneHandle, _ dayNumber: Int32, _ secondsOfDay: Int32) throws(KalendsError) -> Int64 {
    try h.zone.instant(localDay: dayNumber, secondsOfDay: secondsOfDay)
}
