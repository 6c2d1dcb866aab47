// Reading whole files (time zones) and the environment: the only file I/O of the library.
import KalendsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The bytes of the file at `path` (at most `limit`). nil when it does not exist.
func readFile(_ path: String, limit: Int = 1 << 22) throws(KalendsError) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
        if errno == ENOENT || errno == ENOTDIR { return nil }
        throw KalendsError(.io, "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            if errno == EISDIR { return nil }
            throw KalendsError(.io, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if n == 0 { break }
        bytes += chunk[0..<n]
        guard bytes.count <= limit else { throw KalendsError(.io, "\(path) is larger than \(limit) bytes") }
    }
    return bytes
}

/// An environment variable.
func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// Where a symbolic link points (nil if it is not one).
func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink(path, &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Reads the file at `path` in chunks of `chunk` bytes, handing each to `body` (the
/// file is never whole in memory). Errors: IO naming the path (missing, unreadable, a
/// directory), or what `body` throws.
public func readFileChunks(_ path: String, chunk size: Int = 1 << 20,
                           _ body: ([UInt8]) throws(KalendsError) -> Void) throws(KalendsError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw KalendsError(.io, "cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var chunk = [UInt8](repeating: 0, count: max(1, size))
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw KalendsError(.io, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if n == 0 { return }
        try body(n == chunk.count ? chunk : Array(chunk[0..<n]))
    }
}

extension KalendsCore.TimeZone {
    /// A zone of the tz database for an iCalendar TZID (nil for "" and names it lacks;
    /// never the default zone, never a POSIX TZ string: a TZID names a VTIMEZONE (RFC 5545
    /// 3.2.19), and "UTC+11" read as POSIX would be 11 hours *west* of UTC).
    public static func forTZID(_ tzid: String) -> KalendsCore.TimeZone? {
        guard !tzid.isEmpty else { return nil }
        if tzid == "UTC" { return .utc }
        guard isDatabaseName(tzid) else { return nil }
        let directory = environment("TZDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        guard let bytes = try? readFile(directory + "/" + tzid) else { return nil }
        return try? KalendsCore.TimeZone(tzif: bytes, name: tzid)
    }
}
