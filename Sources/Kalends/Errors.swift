/// Statuses of the C ABI (`KALENDS_OK`, `KALENDS_E_*`).
public enum Status: Int32, Sendable, CaseIterable {
    case ok = 0
    case invalidArgument = 1
    case outOfRange = 2
    case bufferTooSmall = 3
    case misuse = 4
    case unsatisfiable = 5
    case duplicate = 6
    case notFound = 7
    case parse = 8
    case plugin = 9
    case io = 10
    case callback = 11
    case noIntrinsicMetric = 12
    case `internal` = 13
}

/// A failed call: its status and the library's message (`kalends_last_error`).
public struct KalendsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The status, or nil for a status this wrapper does not know (`rawStatus` has it).
    public let status: Status?
    public let rawStatus: Int32
    public let message: String

    public init(status: Int32, message: String) {
        self.rawStatus = status
        self.status = Status(rawValue: status)
        self.message = message
    }

    public init(_ status: Status, _ message: String) {
        self.init(status: status.rawValue, message: message)
    }

    public var description: String { "\(status.map { "\($0)" } ?? "status \(rawStatus)"): \(message)" }
}
