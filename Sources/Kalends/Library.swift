// The dlopen'ed libkalends.so and its function table. Everything in this module goes
// through these C function pointers, never through KalendsCore: the wrapper is what a
// Swift program that ships libkalends.so next to itself would use, and the parity tests
// compare it with KalendsCore across the real C ABI.
import CKalends
import KalendsABI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public final class Library: @unchecked Sendable {
    /// The path given to dlopen.
    public let path: String
    private let handle: UnsafeMutableRawPointer
    /// The C functions (generated: Generated/Functions.swift).
    let c: Functions

    /// Loads the library at `path`; nil means `$KALENDS_LIBRARY`, else `libkalends.so`
    /// through the dynamic loader's search (the executable's RUNPATH, LD_LIBRARY_PATH).
    public init(path: String? = nil) throws(KalendsError) {
        let env = getenv("KALENDS_LIBRARY").map { String(cString: $0) }
        let p = path ?? env ?? "libkalends.so"
        guard let h = dlopen(p, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw KalendsError(.notFound, "cannot load \(p): \(reason)")
        }
        self.path = p
        handle = h
        c = try Functions { (name) throws(KalendsError) in
            guard let s = dlsym(h, name) else { throw KalendsError(.notFound, "\(p) has no symbol \(name)") }
            return s
        }
        let abi = c.abiVersion()
        guard abi == KALENDS_ABI_VERSION else {
            throw KalendsError(.notFound, "\(p) has ABI version \(abi), this wrapper needs \(KALENDS_ABI_VERSION)")
        }
    }

    private static let sharedResult = Result { () throws(KalendsError) -> Library in try Library() }

    /// The library loaded once per process from the default location.
    public static func shared() throws(KalendsError) -> Library {
        switch sharedResult {
        case .success(let lib): return lib
        case .failure(let error): throw error
        }
    }

    /// `library`, or the shared one when nil.
    static func resolve(_ library: Library?) throws(KalendsError) -> Library {
        if let library { return library }
        return try shared()
    }

    /// Path of the mapped file that holds `symbol` (from /proc/self/maps): tells which
    /// copy of the library a process really calls.
    public func imagePath(ofSymbol symbol: String) -> String? {
        guard let address = dlsym(handle, symbol).map({ UInt(bitPattern: $0) }),
              let file = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            let bounds = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 6, bounds.count == 2,
                  let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16),
                  low <= address, address < high else { continue }
            return String(fields[5].filter { $0 != "\n" })
        }
        return nil
    }

    /// A string read by the snprintf convention: `call(buffer, capacity, &length)` is
    /// made once to learn the length, then with a buffer that holds it.
    func readString(_ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>) -> kalends_status) throws(KalendsError) -> String {
        var length = 0
        try check(call(nil, 0, &length))
        var buffer = [CChar](repeating: 0, count: length + 1)
        let capacity = buffer.count
        try check(buffer.withUnsafeMutableBufferPointer { call($0.baseAddress, capacity, &length) })
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Throws the error of a failed call; `status` 0 does nothing.
    @inline(__always)
    func check(_ status: kalends_status) throws(KalendsError) {
        guard status != KALENDS_OK else { return }
        let message = c.lastError().map { String(cString: $0) } ?? ""
        throw KalendsError(status: status, message: message)
    }
}

/// Runs `body` with a pointer to `value`, or NULL when it is nil (an optional C input).
func withOptionalPointer<T, R>(_ value: T?, _ body: (UnsafePointer<T>?) -> R) -> R {
    guard var copy = value else { return body(nil) }
    return withUnsafePointer(to: &copy) { body($0) }
}
