/// HKNSLayoutConstraint's alternative constant: instead of a fixed constant, a length of
/// another item (or the screen) times a multiplier, re-evaluated whenever sizes change:
///
///     first.attribute = second.attribute x multiplier + (alt item.basis x alt multiplier)
///
/// (The C ABI's `kalends_constraint.alt_*` fields.)
public struct AltConstant: Hashable, Sendable {

    /// Whose length: no item (the constant stands), the screen, or another item.
    public enum Item: Hashable, Sendable {
        case none
        case screen
        case item(ItemID)
    }

    public var item: Item
    public var basis: Basis
    public var multiplier: Double

    public init(item: Item, basis: Basis, multiplier: Double) {
        self.item = item
        self.basis = basis
        self.multiplier = multiplier
    }

    /// The constant for the given size of the alt item: basis length x multiplier, or
    /// `fallback` (the constraint's own constant) for no item or the constant basis.
    public func value(itemSize: Size?, fallback: Double) -> Double {
        guard item != .none, let size = itemSize, let length = basis.length(of: size) else { return fallback }
        return length * multiplier
    }
}

/// Which length (the C ABI's `KALENDS_BASIS_*`); out-of-range codes clamp to the
/// nearest valid one, as HKNSLayoutConstraint does (below 1: width, above 5: constant).
/// (The enum: Generated/Enums.swift.)
extension Basis {

    public init(clamping raw: Int32) {
        self = Basis(rawValue: min(max(raw, 1), 5)) ?? .constant
    }

    /// The length of a size this basis names (nil for `.constant`).
    public func length(of size: Size) -> Double? {
        switch self {
        case .width: size.width
        case .height: size.height
        case .shorterEdge: min(size.width, size.height)
        case .longerEdge: max(size.width, size.height)
        case .constant: nil
        }
    }
}
