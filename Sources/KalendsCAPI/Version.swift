// Versions, statuses, the last error and the layouts of the structs.
import CKalends
import KalendsCore
import KalendsSystem

@_cdecl("kalends_version")
public func kalendsVersion() -> UInt32 {
    UInt32(KALENDS_VERSION_MAJOR) << 16 | UInt32(KALENDS_VERSION_MINOR) << 8 | UInt32(KALENDS_VERSION_PATCH)
}

/// "MAJOR.MINOR.PATCH" from the header's macros (include/kalends/version.h is the one place
/// versions are written), NUL-terminated, made once and never freed.
nonisolated(unsafe) private let versionString: UnsafePointer<CChar> = {
    let text = "\(KALENDS_VERSION_MAJOR).\(KALENDS_VERSION_MINOR).\(KALENDS_VERSION_PATCH)"
    let bytes = Array(text.utf8CString)
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    buffer.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(buffer)
}()

@_cdecl("kalends_version_string")
public func kalendsVersionString() -> UnsafePointer<CChar>? { versionString }

@_cdecl("kalends_abi_version")
public func kalendsAbiVersion() -> Int32 { KALENDS_ABI_VERSION }

@_cdecl("kalends_status_string")
public func kalendsStatusString(_ status: kalends_status) -> UnsafePointer<CChar>? {
    let name: StaticString
    if status == KALENDS_OK {
        name = "ok"
    } else if let code = KalendsError.Code(rawValue: status) {
        name = code.name
    } else {
        name = "unknown status"
    }
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("kalends_last_error")
public func kalendsLastError() -> UnsafePointer<CChar>? { ThreadMessage.current }

/// A struct of the headers as Swift lays out the imported C struct (the table is
/// generated: Generated/StructLayouts.swift).
struct StructLayout {
    let name: StaticString
    let size: Int
    let fields: [FieldLayout]
}

struct FieldLayout {
    let name: StaticString
    let offset: Int
    let size: Int
}

private let structLayouts = makeStructLayouts()

/// (size, offset) of a struct (offset 0) or of one of its fields.
func abiStructLayout(_ structName: UnsafePointer<CChar>, _ fieldName: UnsafePointer<CChar>?) throws(KalendsError) -> (Int, Int) {
    let name = String(cString: structName)
    guard let layout = structLayouts.first(where: { $0.name.description == name }) else {
        throw KalendsError(.notFound, "the headers declare no struct \(name)")
    }
    guard let fieldName else { return (layout.size, 0) }
    let field = String(cString: fieldName)
    guard let f = layout.fields.first(where: { $0.name.description == field }), f.offset >= 0 else {
        throw KalendsError(.notFound, "\(name) has no field \(field)")
    }
    return (f.size, f.offset)
}
