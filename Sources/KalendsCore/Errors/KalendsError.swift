/// The one error type of Kalends. Every throwing API in KalendsCore uses typed throws
/// with this type; the C ABI maps `code` to a `kalends_status` and `message` to
/// `kalends_last_error()`, so a failure reads the same from Swift, C and Python.
public struct KalendsError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Status codes. The raw values are the C ABI's `KALENDS_E_*` constants and never change.
    public enum Code: Int32, Sendable, CaseIterable {
        /// An argument is malformed: a NULL pointer, an unknown enum value, a bad option.
        case invalidArgument = 1
        /// An argument is well formed but outside the supported range (a year, a date).
        case outOfRange = 2
        /// The caller's buffer is shorter than the result; the required count is reported.
        case bufferTooSmall = 3
        /// The API was used in a way it cannot be: a freed or foreign handle, a wrong handle type.
        case misuse = 4
        /// Required constraints contradict each other.
        case unsatisfiable = 5
        /// Something with that identity already exists.
        case duplicate = 6
        /// Nothing with that identity exists, or there is no value to report.
        case notFound = 7
        /// Text could not be parsed.
        case parse = 8
        /// A plugin failed to load or broke its contract.
        case plugin = 9
        /// The operating system refused a read or write.
        case io = 10
        /// A host callback failed: it returned an error status or raised.
        case callback = 11
        /// A size was asked for that depends on a dimension the host has not given
        /// (Auto Layout's "no intrinsic metric"): a normal answer, not a failure.
        case noIntrinsicMetric = 12
        /// A numerical failure inside the constraint solver (kiwi's InternalSolverError).
        case `internal` = 13

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
