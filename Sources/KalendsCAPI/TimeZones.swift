// kalends_timezone_*.
import CKalends
import KalendsCore
import KalendsSystem

private func zoneHandle(_ handle: OpaquePointer?) throws(KalendsError) -> ZoneHandle {
    try HandleRegistry.shared.object(handle, kind: .timezone, as: ZoneHandle.self)
}

@_cdecl("kalends_timezone_new")
public func kalendsTimezoneNew(_ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let text = name.map { String(cString: $0) } ?? ""
        out.pointee = try HandleRegistry.shared.register(ZoneHandle(try KalendsCore.TimeZone.named(text)), kind: .timezone)
    }
}

@_cdecl("kalends_timezone_from_tzif")
public func kalendsTimezoneFromTzif(_ bytes: UnsafePointer<UInt8>?, _ length: Int, _ name: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        guard let bytes else { throw invalid("bytes is NULL") }
        guard length >= 0, length <= 1 << 24 else { throw invalid("length \(length) is not 0 ... 16 MiB") }
        let data = Array(UnsafeBufferPointer(start: bytes, count: length))
        let zone = try KalendsCore.TimeZone(tzif: data, name: name.map { String(cString: $0) } ?? "")
        out.pointee = try HandleRegistry.shared.register(ZoneHandle(zone), kind: .timezone)
    }
}

@_cdecl("kalends_timezone_name")
public func kalendsTimezoneName(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try StringOutput(buffer, capacity, length)
        output.write(try zoneHandle(handle).zone.name)
    }
}

@_cdecl("kalends_timezone_offset")
public func kalendsTimezoneOffset(_ handle: OpaquePointer?, _ instant: Int64, _ seconds: UnsafeMutablePointer<Int32>?,
                                  _ dst: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let o = try zoneHandle(handle).zone.offset(at: instant)
        seconds?.pointee = o.secondsEast
        dst?.pointee = o.isDST ? 1 : 0
    }
}

@_cdecl("kalends_timezone_local_day")
public func kalendsTimezoneLocalDay(_ handle: OpaquePointer?, _ instant: Int64, _ day: UnsafeMutablePointer<Int32>?,
                                    _ seconds: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let d = try zoneHandle(handle).zone.localDay(at: instant)
        day?.pointee = d.day
        seconds?.pointee = d.secondsOfDay
    }
}

@_cdecl("kalends_timezone_day_start")
public func kalendsTimezoneDayStart(_ handle: OpaquePointer?, _ day: Int32, _ out: UnsafeMutablePointer<Int64>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try zoneHandle(handle).zone.dayStart(day)
    }
}

@_cdecl("kalends_timezone_instant")
public func kalendsTimezoneInstant(_ handle: OpaquePointer?, _ day: Int32, _ seconds: Int32,
                                   _ out: UnsafeMutablePointer<Int64>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try zoneHandle(handle).zone.instant(localDay: day, secondsOfDay: seconds)
    }
}
