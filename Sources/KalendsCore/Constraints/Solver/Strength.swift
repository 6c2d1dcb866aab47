/// Constraint strengths, kiwisolver's model: three levels of up to 1000 each, folded
/// into one number, so that any amount of a weaker level never outweighs one unit of
/// a stronger one. Required (1001001000) must hold.
public enum Strength {
    /// a strong, b medium, c weak parts times a weight w, each clipped to 0...1000.
    public static func create(_ a: Double, _ b: Double, _ c: Double, _ w: Double = 1) -> Double {
        func part(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1000) }
        return part(a * w) * 1_000_000 + part(b * w) * 1000 + part(c * w)
    }

    public static let required = create(1000, 1000, 1000)
    public static let strong = create(1, 0, 0)
    public static let medium = create(0, 1, 0)
    public static let weak = create(0, 0, 1)

    /// A strength clipped to 0...required (NaN counts as 0).
    public static func clip(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), required)
    }
}
