// Versions, statuses and the last error.
import CKalends
import KalendsABI
import KalendsCore

@_cdecl("kalends_version")
public func kalendsVersion() -> UInt32 {
    UInt32(KALENDS_VERSION_MAJOR) << 16 | UInt32(KALENDS_VERSION_MINOR) << 8 | UInt32(KALENDS_VERSION_PATCH)
}

private let versionString: StaticString = "0.1.0"

@_cdecl("kalends_version_string")
public func kalendsVersionString() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("kalends_abi_version")
public func kalendsABIVersion() -> Int32 { KALENDS_ABI_VERSION }

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
public func kalendsLastError() -> UnsafePointer<CChar>? { LastError.current }

@inline(never)
func versionSignatureCheck() {
    exported(kalendsVersion as KalendsABI.Version)
    exported(kalendsVersionString as KalendsABI.VersionString)
    exported(kalendsABIVersion as KalendsABI.ABIVersion)
    exported(kalendsStatusString as KalendsABI.StatusString)
    exported(kalendsLastError as KalendsABI.LastError)
}
