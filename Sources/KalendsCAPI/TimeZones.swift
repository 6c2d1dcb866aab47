// kalends_timezone_*.
import CKalends
import KalendsCore

/// A zone by name from the tz database, a POSIX TZ string, or the default zone.
private func loadZone(_ name: String) throws(KalendsError) -> KalendsCore.TimeZone {
    if name.isEmpty {
        if let tz = environment("TZ"), !tz.isEmpty { return try loadZone(tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) }
        if let bytes = try readFile("/etc/localtime") {
            var zoneName = "localtime"
            if let target = linkTarget("/etc/localtime"), let r = target.firstRange(of: "zoneinfo/") {
                zoneName = String(target[r.upperBound...])
            }
            return try KalendsCore.TimeZone(tzif: bytes, name: zoneName)
        }
        return .utc
    }
    if name == "UTC" { return .utc }
    let safe = name.utf8.allSatisfy { b in
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2F || b == 0x5F || b == 0x2D
            || b == 0x2B || b == 0x2E
    } && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
    if safe {
        let directory = environment("TZDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        if let bytes = try readFile(directory + "/" + name) { return try KalendsCore.TimeZone(tzif: bytes, name: name) }
    }
    // Not a file: a POSIX TZ string ("CET-1CEST,M3.5.0,M10.5.0/3")?
    if name.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) {
        do throws(KalendsError) {
            return try KalendsCore.TimeZone(posix: name)
        } catch {
            throw KalendsError(.parse, "\(name) is neither a zone of the tz database nor a POSIX TZ string: \(error.message)")
        }
    }
    throw KalendsError(.notFound, "no time zone \(name)")
}

private func zoneHandle(_ handle: OpaquePointer?) throws(KalendsError) -> ZoneHandle {
    try HandleRegistry.shared.object(handle, kind: .timezone, as: ZoneHandle.self)
}

@_cdecl("kalends_timezone_new")
public func kalendsTimezoneNew(_ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        let text = name.map { String(cString: $0) } ?? ""
        out.pointee = try HandleRegistry.shared.register(ZoneHandle(try loadZone(text)), kind: .timezone)
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

@_cdecl("kalends_timezone_free")
public func kalendsTimezoneFree(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        guard let handle else { return }
        try HandleRegistry.shared.unregister(handle, kind: .timezone)
    }
}

@_cdecl("kalends_timezone_name")
public func kalendsTimezoneName(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        if capacity > 0 && buffer == nil { throw invalid("buffer is NULL but capacity is \(capacity)") }
        writeString(try zoneHandle(handle).zone.name, buffer, capacity, length)
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
