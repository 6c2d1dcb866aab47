// kalends_ical_*: iCalendar reading, writing, the occurrence query and import into a store.
import CKalends
import KalendsCore
import KalendsSystem

extension ICalendarOptions {
    static let cSize = MemoryLayout<kalends_ical_options>.size

    init(_ c: kalends_ical_options?) throws(KalendsError) {
        self.init()
        guard let c else { return }
        try checkStructSize(c.struct_size, known: ICalendarOptions.cSize, minimum: ICalendarOptions.cSize, "kalends_ical_options")
        guard c.strict == 0 || c.strict == 1 else { throw invalid("strict \(c.strict) is not 0 or 1") }
        guard c.max_line_bytes >= 80 else { throw invalid("max_line_bytes \(c.max_line_bytes) is below 80") }
        guard c.max_component_lines >= 1 else { throw invalid("max_component_lines \(c.max_component_lines) is below 1") }
        self.init(strict: c.strict == 1)
        maxLineBytes = Int(c.max_line_bytes)
        maxComponentLines = Int(c.max_component_lines)
    }
}

/// Wall-clock bounds the recurrence domain (years 1 ... 9999) can hold, with margin.
private let wallDomain: ClosedRange<Int64> = -62_135_769_600 ... 253_402_473_600

@_cdecl("kalends_ical_options_init")
public func kalendsIcalOptionsInit(_ options: UnsafeMutablePointer<kalends_ical_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        let d = ICalendarOptions()
        try required(options, "options").pointee = kalends_ical_options(
            struct_size: UInt32(ICalendarOptions.cSize), strict: d.strict ? 1 : 0, max_line_bytes: Int32(clamping: d.maxLineBytes),
            max_component_lines: Int32(clamping: d.maxComponentLines))
    }
}

@_cdecl("kalends_ical_read")
public func kalendsIcalRead(_ bytes: UnsafePointer<UInt8>?, _ length: Int, _ options: UnsafePointer<kalends_ical_options>?,
                            _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        if bytes == nil && length != 0 { throw invalid("bytes is NULL but length is \(length)") }
        guard length >= 0 else { throw invalid("length \(length) is negative") }
        let o = try ICalendarOptions(options?.pointee)
        let reader = ICalendarReader(options: o)
        if let bytes, length > 0 {
            // In slices of 1 MiB: the reader keeps a line and a component, not the text.
            var at = 0
            while at < length {
                let n = min(1 << 20, length - at)
                try reader.feed(UnsafeBufferPointer(start: bytes + at, count: n))
                at += n
            }
        }
        out.pointee = try HandleRegistry.shared.register(ICalHandle(try reader.finish()), kind: .ical)
    }
}

@_cdecl("kalends_ical_read_file")
public func kalendsIcalReadFile(_ path: UnsafePointer<CChar>?, _ options: UnsafePointer<kalends_ical_options>?,
                                _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        guard let path, path.pointee != 0 else { throw invalid("path is NULL or empty") }
        let o = try ICalendarOptions(options?.pointee)
        let reader = ICalendarReader(options: o)
        try readFileChunks(String(cString: path)) { (chunk: [UInt8]) throws(KalendsError) in try reader.feed(chunk) }
        out.pointee = try HandleRegistry.shared.register(ICalHandle(try reader.finish()), kind: .ical)
    }
}

@_cdecl("kalends_ical_free")
public func kalendsIcalFree(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        guard let handle else { return }
        try HandleRegistry.shared.unregister(handle, kind: .ical)
    }
}

@_cdecl("kalends_ical_event_count")
public func kalendsIcalEventCount(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = Int32(clamping: try icalHandle(handle).calendar.events.count)
    }
}

@_cdecl("kalends_ical_warning_count")
public func kalendsIcalWarningCount(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = Int32(clamping: try icalHandle(handle).calendar.warnings.count)
    }
}

@_cdecl("kalends_ical_warning")
public func kalendsIcalWarning(_ handle: OpaquePointer?, _ index: Int32, _ line: UnsafeMutablePointer<Int32>?,
                               _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                               _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let h = try icalHandle(handle)
        let output = try StringOutput(buffer, capacity, length)
        let warning = try element(h.calendar.warnings, index, "warning")
        line?.pointee = Int32(clamping: warning.line)
        output.write(warning.message)
    }
}

/// The element at a caller's index, or NOT_FOUND naming what and how many there are.
private func element<T>(_ items: [T], _ index: Int32, _ what: String) throws(KalendsError) -> T {
    guard index >= 0, Int(index) < items.count else {
        throw KalendsError(.notFound, "no \(what) \(index) (there are \(items.count))")
    }
    return items[Int(index)]
}

/// Bytes by the snprintf convention (at most capacity - 1 and a NUL; length = all).
private func writeBytes(_ bytes: [UInt8], _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                        _ length: UnsafeMutablePointer<Int>?) throws(KalendsError) {
    if capacity > 0 && buffer == nil { throw invalid("buffer is NULL but capacity is \(capacity)") }
    length?.pointee = bytes.count
    guard let buffer, capacity > 0 else { return }
    let n = min(bytes.count, capacity - 1)
    bytes.withUnsafeBufferPointer { b in
        for i in 0..<n { buffer[i] = CChar(bitPattern: b[i]) }
    }
    buffer[n] = 0
}

@_cdecl("kalends_ical_write")
public func kalendsIcalWrite(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                             _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let h = try icalHandle(handle)
        try writeBytes(try h.with { $0.text() }, buffer, capacity, length)
    }
}

@_cdecl("kalends_ical_event_status")
public func kalendsIcalEventStatus(_ handle: OpaquePointer?, _ event: Int32, _ kind: UnsafeMutablePointer<kalends_ical_status>?,
                                   _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                   _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let h = try icalHandle(handle)
        let output = try StringOutput(buffer, capacity, length)
        let e = try element(h.calendar.events, event, "event")
        kind?.pointee = e.statusKind.rawValue
        output.write(e.status ?? "")
    }
}

@_cdecl("kalends_ical_between")
public func kalendsIcalBetween(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ from: Int64, _ to: Int64,
                               _ out: UnsafeMutablePointer<kalends_ical_occurrence>?, _ capacity: Int32,
                               _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let (h, z, a, b) = try icalRange(handle, zoneHandle, from, to)
        let output = try ArrayOutput(out, capacity, count)
        try h.with { (h) throws(KalendsError) in
            let found = try h.between(a, b, zone: z, fitting: output.limit)
            guard let buffer = try output.commit(Int(clamping: found.count)), let list = found.occurrences else { return }
            h.write(list, to: buffer)
        }
    }
}

@_cdecl("kalends_ical_between_first")
public func kalendsIcalBetweenFirst(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ from: Int64, _ to: Int64,
                                    _ out: UnsafeMutablePointer<kalends_ical_occurrence>?, _ capacity: Int32,
                                    _ count: UnsafeMutablePointer<Int32>?, _ total: UnsafeMutablePointer<Int64>?) -> kalends_status {
    status { () throws(KalendsError) in
        let (h, z, a, b) = try icalRange(handle, zoneHandle, from, to)
        let output = try ArrayOutput(out, capacity, count)
        try h.with { (h) throws(KalendsError) in
            let found = try h.first(a, b, zone: z, limit: output.limit)
            output.setCount(found.occurrences.count)
            total?.pointee = found.total
            if let buffer = out { h.write(found.occurrences, to: buffer) }
        }
    }
}

/// A between's calendar, zone (NULL: UTC) and range [from, to) checked and clamped to the
/// wall-clock domain.
private func icalRange(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ from: Int64,
                       _ to: Int64) throws(KalendsError) -> (ICalHandle, KalendsCore.TimeZone, Int64, Int64) {
    let h = try icalHandle(handle)
    let z = (try zone(zoneHandle)) as? KalendsCore.TimeZone ?? .utc
    guard to >= from else { throw invalid("to \(to) is before from \(from)") }
    return (h, z, min(max(from, wallDomain.lowerBound), wallDomain.upperBound), min(max(to, wallDomain.lowerBound), wallDomain.upperBound))
}

@_cdecl("kalends_ical_import")
public func kalendsIcalImport(_ handle: OpaquePointer?, _ storeHandleArg: OpaquePointer?, _ zoneHandle: OpaquePointer?,
                              _ firstID: Int64, _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let h = try icalHandle(handleArg: handle)
        let s = try storeHandle(storeHandleArg)
        let z = (try zone(zoneHandle)) as? KalendsCore.TimeZone
        let ids = try h.with { (h) throws(KalendsError) in
            try s.with { (store) throws(KalendsError) in
                try store.add(calendar: h.calendar, firstID: firstID, zone: z, system: KalendsCore.TimeZone.forTZID)
            }
        }
        count?.pointee = Int32(clamping: ids.count)
    }
}

private func icalHandle(handleArg: OpaquePointer?) throws(KalendsError) -> ICalHandle { try icalHandle(handleArg) }

@_cdecl("kalends_store_write_ical")
public func kalendsStoreWriteIcal(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                  _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let s = try storeHandle(handle)
        if capacity > 0 && buffer == nil { throw invalid("buffer is NULL but capacity is \(capacity)") }
        let bytes = try s.with { (store) in store.icalendar().serialized() }
        try writeBytes(bytes, buffer, capacity, length)
    }
}
