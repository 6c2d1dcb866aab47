/// An enum that crosses the C ABI as an int32: `init(checking:)` turns an unknown value
/// into a clear `.invalidArgument` that lists the valid ones.
public protocol CheckedEnum: RawRepresentable, CaseIterable where RawValue == Int32 {
    /// How error messages name the value ("mode", "rows", ...).
    static var valueName: String { get }
}

extension CheckedEnum {
    /// Inlinable, so that callers in other modules get it specialized (no generic
    /// metadata lookups on the hot path of every grid call).
    @inlinable
    public init(checking raw: Int32) throws(KalendsError) {
        guard let value = Self(rawValue: raw) else { throw Self.unknown(raw) }
        self = value
    }

    @usableFromInline
    static func unknown(_ raw: Int32) -> KalendsError {
        let valid = Self.allCases.map { "\($0.rawValue) (\($0))" }.joined(separator: ", ")
        return KalendsError(.invalidArgument, "\(Self.valueName) \(raw) is not one of \(valid)")
    }
}
