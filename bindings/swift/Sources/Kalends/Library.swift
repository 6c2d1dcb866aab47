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
    /// The name given to dlopen: a path, or the soname when the dynamic loader found it.
    public let path: String
    private let handle: UnsafeMutableRawPointer
    /// The C functions (generated: Generated/Functions.swift).
    let c: Functions

    /// Loads libkalends.so. With `path`, that file. Else, in order:
    /// 1. `$KALENDS_LIBRARY` when it is set: that file must load (no other is tried);
    /// 2. the installed library by its soname, `libkalends.so.MAJOR`, through the dynamic
    ///    loader's search (LD_LIBRARY_PATH, the program's rpath, /etc/ld.so.cache, /usr/lib);
    /// 3. the build in the checkout this wrapper was compiled from
    ///    (`.build/release/libkalends.so`, when there is one: `swift test`, `swift run`).
    /// A library that is found but cannot be used (not loadable, another ABI version, a
    /// function missing) is an error, not skipped. Errors: NOT_FOUND, saying what was
    /// tried and how to fix it.
    public init(path: String? = nil) throws(KalendsError) {
        let (h, p) = try Library.open(path)
        self.path = p
        handle = h
        c = try Functions { (name) throws(KalendsError) in
            guard let s = dlsym(h, name) else {
                throw KalendsError(.notFound, "\(p) has no function \(name): it was built from other sources than this wrapper")
            }
            return s
        }
        let abi = c.abiVersion()
        guard abi == KALENDS_ABI_VERSION else {
            throw KalendsError(.notFound, "\(p) has ABI version \(abi), this wrapper needs \(KALENDS_ABI_VERSION): rebuild one of them")
        }
    }

    /// The installed library's file name: the soname, `libkalends.so.MAJOR`.
    public static let soname = "libkalends.so.\(KALENDS_VERSION_MAJOR)"

    /// The library of the checkout this file was compiled in, if it was built there.
    static var checkoutBuild: String? {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 5 else { return nil }
        parts.removeLast(5)   // bindings/swift/Sources/Kalends/Library.swift
        let candidate = parts.joined(separator: "/") + "/.build/release/libkalends.so"
        return access(candidate, F_OK) == 0 ? candidate : nil
    }

    /// dlopen by the lookup order of `init(path:)`: the handle and the name it was opened by.
    private static func open(_ path: String?) throws(KalendsError) -> (UnsafeMutableRawPointer, String) {
        func load(_ name: String, what: String) throws(KalendsError) -> UnsafeMutableRawPointer {
            if let h = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return h }
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw KalendsError(.notFound, "\(what) cannot be loaded: \(reason)")
        }
        if let path { return (try load(path, what: path), path) }
        if let env = getenv("KALENDS_LIBRARY").map({ String(cString: $0) }), !env.isEmpty {
            return (try load(env, what: "KALENDS_LIBRARY=\(env)"), env)
        }
        if let h = dlopen(soname, RTLD_NOW | RTLD_LOCAL) { return (h, soname) }
        let reason = dlerror().map { String(cString: $0) } ?? ""
        if !reason.contains("No such file") {   // found, but broken: say so rather than look further
            throw KalendsError(.notFound, "\(soname) was found but cannot be loaded: \(reason)")
        }
        if let build = checkoutBuild { return (try load(build, what: build), build) }
        throw KalendsError(.notFound, """
            libkalends.so not found: KALENDS_LIBRARY is not set, the dynamic loader finds no \(soname) \
            (LD_LIBRARY_PATH, the program's rpath, /etc/ld.so.cache, /usr/lib) and this checkout has no \
            .build/release/libkalends.so. Install it (make install PREFIX=/usr/local, then ldconfig; for another \
            prefix put PREFIX/lib in LD_LIBRARY_PATH or link with -Xlinker -rpath -Xlinker PREFIX/lib), \
            or set KALENDS_LIBRARY to the library's path.
            """)
    }

    private static let sharedResult = Result { () throws(KalendsError) -> Library in try Library() }

    /// The library loaded once per process, found as `init(path:)` with no path finds it.
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
