/// Layout attributes of an item, numbered as NSLayoutAttribute (the enum:
/// Generated/Enums.swift; the header's NONE is no attribute of the core's).
extension Attribute {
    /// Width and height are sizes; the others are positions.
    public var isDimension: Bool { self == .width || self == .height }

    /// Leading and trailing follow the reading direction.
    public var isDirectional: Bool { self == .leading || self == .trailing }

    /// Left and right do not.
    var isAbsoluteHorizontal: Bool { self == .left || self == .right }
}

/// Auto Layout's priorities, 1...1000.
public enum Priority {
    public static let required = 1000.0
    public static let high = 750.0
    public static let low = 250.0
    public static let fittingSize = 50.0
}

/// An item of an `AutoLayout` (the C ABI's item ids). The screen is always item 1.
public struct ItemID: Hashable, Sendable, Comparable {
    public let rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    public static let screen = ItemID(1)
    public static func < (a: ItemID, b: ItemID) -> Bool { a.rawValue < b.rawValue }
}
