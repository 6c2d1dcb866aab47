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
