/// An Auto Layout constraint between items (the C ABI's `kalends_constraint`):
///
///     first.firstAttribute (relation) second.secondAttribute x multiplier + constant
///
/// where `alt` may replace the constant by a length of another item or the screen.
/// No second item means the right side is the constant alone.
public struct LayoutConstraint: Hashable, Sendable {
    public var first: ItemID
    public var firstAttribute: Attribute
    public var relation: Relation
    public var second: ItemID?
    public var secondAttribute: Attribute?
    public var multiplier: Double
    public var constant: Double
    public var alt: AltConstant?
    /// 1...1000; 1000 is required.
    public var priority: Double

    public init(first: ItemID, _ firstAttribute: Attribute, _ relation: Relation = .equal, second: ItemID? = nil,
                _ secondAttribute: Attribute? = nil, multiplier: Double = 1, constant: Double = 0,
                alt: AltConstant? = nil, priority: Double = Priority.required) {
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.second = second
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.alt = alt
        self.priority = priority
    }

    public func validate() throws(KalendsError) {
        guard multiplier.isFinite, constant.isFinite else {
            throw KalendsError(.invalidArgument, "multiplier \(multiplier) and constant \(constant) must be finite")
        }
        if let alt, !alt.multiplier.isFinite {
            throw KalendsError(.invalidArgument, "alt multiplier \(alt.multiplier) must be finite")
        }
        guard priority.isFinite, priority >= 1, priority <= 1000 else {
            throw KalendsError(.invalidArgument, "priority \(priority) is not in 1...1000")
        }
        if second != nil && secondAttribute == nil {
            throw KalendsError(.invalidArgument, "a constraint with a second item needs its attribute")
        }
        if second == nil, let s = secondAttribute {
            throw KalendsError(.invalidArgument, "second attribute \(s) without a second item")
        }
        if let s = secondAttribute, s.isDimension != firstAttribute.isDimension {
            throw KalendsError(.invalidArgument, "\(firstAttribute) and \(s) are not both sizes or both positions")
        }
        if let s = secondAttribute, (s.isDirectional && firstAttribute.isAbsoluteHorizontal)
            || (s.isAbsoluteHorizontal && firstAttribute.isDirectional) {
            throw KalendsError(.invalidArgument, "\(firstAttribute) and \(s) mix leading/trailing with left/right; use one pair")
        }
    }
}
