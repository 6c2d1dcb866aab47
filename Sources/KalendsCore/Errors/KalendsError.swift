/// The one error type of Kalends. Every throwing API in KalendsCore uses typed throws
/// with this type; the C ABI maps `code` to a `kalends_status` and `message` to
/// `kalends_last_error()`, so a failure reads the same from Swift, C and Python.
public struct KalendsError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.name): \(message)" }
}

extension KalendsError {
    /// The error for a status a host callback, source or plugin returned: of `code`
    /// (`.callback` for the host's, `.plugin` for plugins), naming the status when it is
    /// one ("the source's fetch returned status 7 (not found)").
    public init(returned status: Int32, by what: String, as code: Code) {
        let known = Code(rawValue: status).map { " (\($0.name))" } ?? ""
        self.init(code, "\(what) returned status \(status)\(known)")
    }
}

/// The codes (Generated/Enums.swift: the header's `KALENDS_E_*`, which never change).
extension KalendsError.Code {
    /// Short lower-case name, as `kalends_status_string` returns it.
    public var name: StaticString {
        switch self {
        case .invalidArgument: "invalid argument"
        case .outOfRange: "out of range"
        case .bufferTooSmall: "buffer too small"
        case .misuse: "misuse"
        case .unsatisfiable: "unsatisfiable"
        case .duplicate: "duplicate"
        case .notFound: "not found"
        case .parse: "parse error"
        case .plugin: "plugin error"
        case .io: "i/o error"
        case .callback: "callback failed"
        case .noIntrinsicMetric: "no intrinsic metric"
        case .internal: "internal error"
        }
    }
}
